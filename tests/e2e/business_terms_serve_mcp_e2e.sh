#!/usr/bin/env bash
# E2E: business terms shared by two askdb processes through one management store, and an
# agent's terms in the engine (docs/knowledge.md). The demo writes its terms file (大单 =
# total_amount > 5000). `askdb serve` stores the datasource's 大单 (> 6000) and an agent's
# (> 8000) over HTTP; its runs answer 大单有多少 with the engine, each agent with its own
# meaning. A long-running `askdb mcp` (stdio: another process on the same store) answers
# generate_sql with the store's term, and after serve edits it (> 7000) and then deletes it,
# with the edited one and then the file's again — without restarting. Counts are SQLite's.
# Usage: business_terms_serve_mcp_e2e.sh ASKDB_BINARY
set -euo pipefail
askdb=$1
work=$(mktemp -d)
serve_pid=""
mcp_pid=""
cleanup() {
  [[ -n $serve_pid ]] && kill "$serve_pid" 2>/dev/null || true
  [[ -n $mcp_pid ]] && kill "$mcp_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
fail() {
  echo "FAIL: $*"
  echo "--- serve log"; cat "$work/serve.log" 2>/dev/null || true
  echo "--- mcp log"; cat "$work/mcp.err" 2>/dev/null || true
  exit 1
}
export ASKDB_HOME="$work/home"
unset OPENAI_BASE_URL OPENAI_MODEL OPENAI_API_KEY

"$askdb" demo --db "$work/shop.sqlite" > /dev/null 2>&1 || fail "askdb demo"
db="$work/shop.sqlite"
count() { sqlite3 "$db" "SELECT COUNT(*) FROM orders WHERE total_amount > $1"; }

"$askdb" serve --db "$db" --port 0 --no-auth > "$work/serve.log" 2>&1 &
serve_pid=$!
port=""
for _ in $(seq 1 120); do
  port=$(sed -n 's#^listening on http://127.0.0.1:\([0-9]*\).*#\1#p' "$work/serve.log")
  [[ -n $port ]] && break
  sleep 0.5
done
[[ -n $port ]] || fail "askdb serve did not start"

source "$(dirname "${BASH_SOURCE[0]}")/http_lib.sh"
term() { echo "{\"term\":\"大单\",\"meaning\":\"filter\",\"expression\":\"orders.total_amount > $1\"}"; }

agent=$(get "$(http POST /api/v1/agents '{"name":"vip","datasource_id":"default"}')" id) || fail "agent"
ds_term=$(get "$(http POST /api/v1/datasources/default/terms "$(term 6000)")" id) || fail "datasource term"
http POST "/api/v1/agents/$agent/terms" "$(term 8000)" > /dev/null || fail "agent term"

# askdb serve: each agent's engine reads its own meaning of 大单.
ask() {
  http POST /api/v1/ask "{\"query\":\"大单有多少\",\"thread_id\":\"t-$1-$RANDOM\",\"agent_id\":\"$1\"}"
}
out=$(ask default) || fail "ask default: $out"
[[ $(get "$out" route) == engine ]] || fail "default: not the engine: $out"
[[ $(get "$out" result.rows.0.0) == "$(count 6000)" ]] || fail "default: want $(count 6000): $out"
out=$(ask "$agent") || fail "ask vip: $out"
[[ $(get "$out" route) == engine ]] || fail "vip: not the engine: $out"
[[ $(get "$out" result.rows.0.0) == "$(count 8000)" ]] || fail "vip: want $(count 8000): $out"

# askdb mcp: one session, while serve changes the term.
mkfifo "$work/in"
"$askdb" mcp --db "$db" < "$work/in" > "$work/mcp.out" 2> "$work/mcp.err" &
mcp_pid=$!
exec 3> "$work/in"
echo '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"e2e","version":"1"}}}' >&3
echo '{"jsonrpc":"2.0","method":"notifications/initialized"}' >&3
# sql ID AGENT: generate_sql's SQL for 大单有多少 (waits for the reply).
sql() {
  echo "{\"jsonrpc\":\"2.0\",\"id\":$1,\"method\":\"tools/call\",\"params\":{\"name\":\"generate_sql\",\"arguments\":{\"question\":\"大单有多少\",\"agent\":\"$2\"}}}" >&3
  for _ in $(seq 1 240); do
    line=$(grep "\"id\":$1," "$work/mcp.out" || true)
    if [[ -n $line ]]; then
      python3 -c 'import json,sys; s=json.loads(sys.argv[1])["result"]["structuredContent"]; print(s["source"] if s["answered"] else "none", s.get("sql","").replace("\n"," "))' "$line"
      return
    fi
    sleep 0.25
  done
  fail "no reply to generate_sql $1"
}
[[ $(sql 2 default) == "engine "*"> 6000"* ]] || fail "mcp default: $(sql 12 default)"
[[ $(sql 3 "$agent") == "engine "*"> 8000"* ]] || fail "mcp vip: $(sql 13 "$agent")"
http PUT "/api/v1/datasources/default/terms/$ds_term" "$(term 7000)" > /dev/null || fail "edit"
[[ $(sql 4 default) == "engine "*"> 7000"* ]] || fail "mcp after the edit: $(sql 14 default)"
[[ $(sql 5 "$agent") == "engine "*"> 8000"* ]] || fail "mcp vip after the edit: $(sql 15 "$agent")"
http DELETE "/api/v1/datasources/default/terms/$ds_term" > /dev/null || fail "delete"
[[ $(sql 6 default) == "engine "*"> 5000"* ]] || fail "mcp after the delete (the file's): $(sql 16 default)"
exec 3>&-
echo "business_terms_serve_mcp_e2e: ok"
