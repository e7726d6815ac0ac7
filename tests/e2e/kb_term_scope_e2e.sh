#!/usr/bin/env bash
# E2E: `askdb kb term --agent/--datasource` (docs/cli.md, docs/knowledge.md) — an agent's and
# a datasource's business terms written from the command line into the management database
# that a running `askdb serve` reads. The demo's terms file says 大单 = total_amount > 5000.
# While serve runs: the CLI refuses an unknown agent (naming the ones that exist), a
# definition that does not bind (exit 3, naming the column, nothing stored) and both scopes
# at once; it adds the datasource's 大单 (> 6000) and an agent's (> 8000), and serve's engine
# answers 大单有多少 for each agent with its own meaning (SQL and count checked against
# SQLite), with no restart; --replace (> 7000), `recall off` (the datasource's 6000 again),
# `recall on` and remove take effect the same way.
# Run once on the data directory's SQLite store and, with ASKDB_TEST_STORE_URL (a schema of
# its own, dropped afterwards), on the PostgreSQL store with the CLI on another data
# directory than serve's (another machine).
# Usage: kb_term_scope_e2e.sh ASKDB_BINARY
set -euo pipefail
askdb=$1
source "$(dirname "${BASH_SOURCE[0]}")/e2e_lib.sh"
schema="kb_term_e2e_$$"
e2e_extra_cleanup() {
  if [[ -n ${ASKDB_TEST_STORE_URL:-} ]]; then
    "$(ls /usr/lib/postgresql/*/bin/psql | head -1)" -q \
      "${ASKDB_TEST_STORE_URL/postgres:\/\//postgresql://}" \
      -c "DROP SCHEMA IF EXISTS $schema CASCADE" > /dev/null 2>&1 || true
  fi
}

"$askdb" demo --db "$work/shop.sqlite" > /dev/null 2>&1 || fail "askdb demo"
db="$work/shop.sqlite"
count() { sqlite3 "$db" "SELECT COUNT(*) FROM orders WHERE total_amount > $1"; }

source "$(dirname "${BASH_SOURCE[0]}")/http_lib.sh"
# expect_answer AGENT LIMIT: serve's engine (no model) answers 大单有多少 for AGENT with total_amount > LIMIT.
expect_answer() {
  local out
  out=$(http POST /api/v1/ask "{\"query\":\"大单有多少\",\"thread_id\":\"t-$RANDOM$RANDOM\",\"agent_id\":\"$1\"}") ||
    fail "$label: ask $1: $out"
  # The engine, or its answer cached under the same terms (the cache key holds them).
  [[ $(get "$out" route) =~ ^(engine|cache)$ && $(get "$out" llm_calls) == 0 ]] ||
    fail "$label: $1 not answered by the engine: $out"
  [[ $(get "$out" sql) == *'"total_amount" > '"$2"* ]] || fail "$label: $1: want > $2 in the SQL: $out"
  [[ $(get "$out" result.rows.0.0) == "$(count "$2")" ]] || fail "$label: $1: want $(count "$2"): $out"
}
# kb ARGS...: `askdb kb term ARGS` as the CLI user (its own data directory: $cli_home).
kb() { ASKDB_HOME=$cli_home "$askdb" kb term "$@"; }

scenario() {
  label=$1
  "$askdb" serve --db "$db" --port 0 --no-auth > "$work/serve-$label.log" 2>&1 &
  serve_pid=$!
  wait_for_serve "$work/serve-$label.log"

  # An unknown agent: exit 3, naming the agents that exist.
  local err rc=0
  err=$(kb list --agent nope 2>&1) || rc=$?
  [[ $rc == 3 && $err == *"no agent 'nope'"*"default"* ]] || fail "$label: unknown agent (rc $rc): $err"
  rc=0; err=$(kb list --agent default --datasource default 2>&1) || rc=$?
  [[ $rc == 3 && $err == *"not both"* ]] || fail "$label: both scopes (rc $rc): $err"
  rc=0; err=$(kb list --agent default --db "$db" 2>&1) || rc=$?
  [[ $rc == 3 && $err == *"--db"* ]] || fail "$label: --db with --agent (rc $rc): $err"
  # A server database has no terms file: the way is --datasource/--agent (it said "use the
  # management API" although these options exist).
  rc=0; err=$(kb list --db "postgres://reader@db.example.com/shop" 2>&1) || rc=$?
  [[ $rc == 3 && $err == *"--datasource ID or --agent ID"* ]] ||
    fail "$label: kb term --db on a server database (rc $rc): $err"

  local vip
  vip=$(get "$(http POST /api/v1/agents '{"name":"vip","datasource_id":"default"}')" id) ||
    fail "$label: create agent"

  # A definition that does not bind: exit 3 naming it, nothing stored.
  rc=0; err=$(kb add 大单 --agent "$vip" --filter "orders.amount > 8000" 2>&1) || rc=$?
  [[ $rc == 3 && $err == *"orders.amount"* ]] || fail "$label: unbound term (rc $rc): $err"
  [[ $(kb list --agent "$vip" --json) == "[]" ]] || fail "$label: a refused term was stored"

  expect_answer "$vip" 5000  # only the demo's terms file so far
  kb add 大单 --datasource default --filter "orders.total_amount > 6000" > /dev/null ||
    fail "$label: add the datasource term"
  kb add 大单 --agent "$vip" --synonym 大额订单 --filter "orders.total_amount > 8000" > /dev/null ||
    fail "$label: add the agent term"
  rc=0; err=$(kb add 大单 --agent "$vip" --filter "orders.total_amount > 9000" 2>&1) || rc=$?
  [[ $rc == 3 && $err == *"--replace"* ]] || fail "$label: a second 大单 (rc $rc): $err"
  # The HTTP API sees the CLI's term in the agent's scope.
  [[ $(http GET "/api/v1/agents/$vip/terms") == *'"expression":"orders.total_amount > 8000"'* ]] ||
    fail "$label: the API does not list the agent term"
  expect_answer default 6000
  expect_answer "$vip" 8000

  kb add 大单 --agent "$vip" --filter "orders.total_amount > 7000" --replace > /dev/null ||
    fail "$label: replace"
  expect_answer "$vip" 7000
  # The recall switch: the agent's term off leaves the datasource's meaning; on, its own.
  err=$(kb recall 大单 off --agent "$vip" 2>&1) || fail "$label: recall off: $err"
  expect_answer "$vip" 6000
  err=$(kb recall 大单 on --agent "$vip" 2>&1) || fail "$label: recall on: $err"
  expect_answer "$vip" 7000
  kb remove 大单 --agent "$vip" > /dev/null || fail "$label: remove the agent term"
  expect_answer "$vip" 6000  # the datasource's meaning again
  kb remove 大单 --datasource default > /dev/null || fail "$label: remove the datasource term"
  expect_answer default 5000
  rc=0; err=$(kb remove 大单 --agent "$vip" 2>&1) || rc=$?
  [[ $rc == 3 && $err == *"no term '大单'"* ]] || fail "$label: removing a missing term (rc $rc): $err"

  kill "$serve_pid"
  wait "$serve_pid" 2> /dev/null || true
  serve_pid=
}

cli_home=$ASKDB_HOME
scenario sqlite

if [[ -z ${ASKDB_TEST_STORE_URL:-} ]]; then
  [[ ${ASKDB_REQUIRE_SERVERS:-0} != 1 ]] || fail "ASKDB_TEST_STORE_URL is not set"
  echo "kb_term_scope_e2e: SKIPPED the PostgreSQL store (no ASKDB_TEST_STORE_URL;" \
    "scripts/db_servers.sh start sets it)"
  echo "kb_term_scope_e2e: ok (SQLite store)"
  exit 0
fi
export ASKDB_SERVER_STORE_URL="$ASKDB_TEST_STORE_URL?schema=$schema"
export ASKDB_HOME="$work/serve-machine"
cli_home="$work/cli-machine"
scenario postgres
echo "kb_term_scope_e2e: ok (SQLite and PostgreSQL stores)"
