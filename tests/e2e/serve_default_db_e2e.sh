#!/usr/bin/env bash
# E2E: `askdb serve` and `askdb mcp` without --db find the database as `askdb ask` does
# (database.default_url, else the demo database): before `askdb demo` each says what to run
# and exits 3; after it, serve answers from the demo and mcp lists its tools.
# Usage: serve_default_db_e2e.sh ASKDB_BINARY
set -euo pipefail
askdb=$1
source "$(dirname "${BASH_SOURCE[0]}")/e2e_lib.sh"
source "$(dirname "${BASH_SOURCE[0]}")/http_lib.sh"

# no_database COMMAND ARGS...: exits 3 and names askdb demo.
no_database() {
  local rc=0
  "$askdb" "$@" < /dev/null > /dev/null 2> "$work/err" || rc=$?
  [[ $rc == 3 ]] || fail "$1 with no database: exit $rc: $(cat "$work/err")"
  grep -q "askdb demo" "$work/err" || fail "$1 does not say to run askdb demo: $(cat "$work/err")"
}
no_database serve --port 0 --no-auth
no_database mcp

"$askdb" demo > /dev/null 2>&1 || fail "askdb demo"
"$askdb" serve --port 0 --no-auth 2> "$work/serve.log" &
serve_pid=$!
wait_for_serve "$work/serve.log"
reply=$(http POST /api/v1/ask '{"query": "how many customers are there"}') || fail "ask: $reply"
[[ $(get "$reply" answer) == *"8,000"* ]] || fail "serve did not answer from the demo: $reply"

init='{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"e2e","version":"1"}}}'
list='{"jsonrpc":"2.0","id":2,"method":"tools/list"}'
out=$(printf '%s\n%s\n' "$init" "$list" | timeout 60 "$askdb" mcp 2> "$work/mcp.err") ||
  fail "mcp: $(cat "$work/mcp.err")"
[[ $out == *'"name":"ask"'* ]] || fail "mcp lists no ask tool: $out"
echo "serve_default_db_e2e: all checks passed"
