# The set-up the shell e2e tests share; source it after `set -euo pipefail`:
#   source "$(dirname "${BASH_SOURCE[0]}")/e2e_lib.sh"
# It gives $work (a temporary directory, removed at exit), fail MSG, ASKDB_HOME under $work
# and an environment without the caller's model, shared-store or password variables, so a
# test sees only what it sets. A server started in the background is stopped at exit when
# its pid is in $serve_pid; a script with more to undo defines e2e_extra_cleanup.
work=$(mktemp -d)
serve_pid=
e2e_cleanup() {
  if [[ -n $serve_pid ]]; then
    kill "$serve_pid" 2>/dev/null || true
    wait "$serve_pid" 2>/dev/null || true
  fi
  if declare -F e2e_extra_cleanup > /dev/null; then e2e_extra_cleanup || true; fi
  rm -rf "$work"
}
trap e2e_cleanup EXIT
fail() { echo "FAIL: $*"; exit 1; }
export ASKDB_HOME="$work/home"
unset OPENAI_BASE_URL OPENAI_MODEL OPENAI_API_KEY ASKDB_SERVER_STORE_URL ASKDB_PASSWORD

# wait_for_serve LOG: once `askdb serve` (stderr in LOG) logs "listening on", sets $port;
# fails naming the log when it has not within 20 s.
wait_for_serve() {
  local log=$1
  for _ in $(seq 1 400); do grep -q "listening on" "$log" 2>/dev/null && break; sleep 0.05; done
  port=$(sed -nE 's/.*listening on http:\/\/[^:]+:([0-9]+).*/\1/p' "$log" | head -1)
  [[ -n $port ]] || fail "serve did not start: $(cat "$log")"
}
