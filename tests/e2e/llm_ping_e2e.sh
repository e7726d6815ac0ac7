#!/usr/bin/env bash
# E2E: `askdb llm ping` against the fake OpenAI-compatible server on loopback — a working
# configuration reports the model and latency; with no model, the endpoint's only model is
# used and named, several served models are listed in the error, and an endpoint that does
# not list its models gets the error naming the key to set; a server that is down is a
# clear "unavailable" error within the timeout.
# Usage: llm_ping_e2e.sh ASKDB_BINARY FAKE_SERVER_BINARY
set -euo pipefail
askdb=$1
fake=$2
work=$(mktemp -d)
server_pids=()
cleanup() {
  for fd in 3 4 5; do eval "exec $fd>&-"; done
  for pid in "${server_pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

# start_fake NAME FD MODELS: a fake server listing MODELS at /v1/models ("" answers 404);
# its stdin is a fifo held open on FD (closing it stops the server). Sets $base_url.
start_fake() {
  local name=$1 fd=$2 models=$3
  mkfifo "$work/$name.stdin"
  "$fake" --models "$models" < "$work/$name.stdin" > "$work/$name.json" &
  server_pids+=($!)
  eval "exec $fd> \"\$work/$name.stdin\""
  for _ in $(seq 1 100); do [[ -s "$work/$name.json" ]] && break; sleep 0.05; done
  base_url=$(sed -E 's/.*"base_url":"([^"]+)".*/\1/' "$work/$name.json")
  [[ $base_url == http://127.0.0.1:* ]] || { echo "fake server did not start: $(cat "$work/$name.json")"; exit 1; }
}
start_fake several 4 "llama3,qwen2.5:7b,mistral"
several_url=$base_url
start_fake unlisted 5 ""
unlisted_url=$base_url
start_fake one 3 "fake-model"

export ASKDB_HOME="$work/home"
fail() { echo "FAIL: $*"; exit 1; }

out=$(OPENAI_BASE_URL=$base_url OPENAI_MODEL=fake-model OPENAI_API_KEY=sk-test "$askdb" llm ping)
[[ $out == *"answered in"* ]] || fail "ping output: $out"

json=$(OPENAI_BASE_URL=$base_url OPENAI_MODEL=fake-model OPENAI_API_KEY=sk-test "$askdb" --json llm ping)
[[ $json == *'"latency_ms"'* ]] || fail "ping --json output: $json"

# No model configured: the endpoint's only model is used, and askdb says so.
out=$(env -u OPENAI_MODEL OPENAI_BASE_URL=$base_url OPENAI_API_KEY=sk-test "$askdb" llm ping 2> "$work/err")
[[ $out == *"fake-model"* ]] || fail "ping with the only model: $out"
grep -q "using model fake-model, the only one" "$work/err" || fail "no notice: $(cat "$work/err")"

set +e
err=$(env -u OPENAI_MODEL OPENAI_BASE_URL=$several_url OPENAI_API_KEY=sk-test "$askdb" llm ping 2>&1 >/dev/null)
code=$?
set -e
[[ $code -eq 3 ]] || fail "several models gave exit $code (want 3): $err"
[[ $err == *"one of: llama3, qwen2.5:7b, mistral"* ]] || fail "models not listed: $err"

set +e
err=$(env -u OPENAI_MODEL OPENAI_BASE_URL=$unlisted_url OPENAI_API_KEY=sk-test "$askdb" llm ping 2>&1 >/dev/null)
code=$?
set -e
[[ $code -eq 3 ]] || fail "an endpoint without /models gave exit $code (want 3): $err"
[[ $err == *"set [llm] model"* ]] || fail "missing-model error does not name the key: $err"

set +e
err=$(OPENAI_BASE_URL=http://127.0.0.1:9/v1 OPENAI_MODEL=m OPENAI_API_KEY=k timeout 60 "$askdb" llm ping 2>&1 >/dev/null)
code=$?
set -e
[[ $code -eq 7 ]] || fail "unreachable server gave exit $code (want 7): $err"
echo "llm ping e2e: ok"
