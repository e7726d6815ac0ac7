#!/usr/bin/env bash
# E2E: the schema cache and the column statistics shared through server.store_url
# (docs/schema.md): two `askdb serve` replicas with their own data directories (two
# machines) over one PostgreSQL management store (the test server of scripts/db_servers.sh,
# ASKDB_TEST_STORE_URL, a schema of its own dropped afterwards). The first introspects and
# measures the statistics; the second, started while the first runs, takes both from the
# store — no introspection, no statistics query — writes no cache file of its own, and
# answers.
# Usage: schema_store_e2e.sh ASKDB_BINARY
set -euo pipefail
askdb=$1
source "$(dirname "${BASH_SOURCE[0]}")/e2e_lib.sh"
source "$(dirname "${BASH_SOURCE[0]}")/http_lib.sh"
if [[ -z ${ASKDB_TEST_STORE_URL:-} ]]; then
  [[ ${ASKDB_REQUIRE_SERVERS:-0} != 1 ]] || fail "ASKDB_TEST_STORE_URL is not set"
  echo "schema_store_e2e: SKIPPED (no ASKDB_TEST_STORE_URL; scripts/db_servers.sh start sets it)"
  exit 0
fi
schema="schema_store_e2e_$$"
second_pid=
e2e_extra_cleanup() {
  [[ -n $second_pid ]] && { kill "$second_pid" 2>/dev/null; wait "$second_pid" 2>/dev/null; }
  "$(ls /usr/lib/postgresql/*/bin/psql | head -1)" -q \
    "${ASKDB_TEST_STORE_URL/postgres:\/\//postgresql://}" \
    -c "DROP SCHEMA IF EXISTS $schema CASCADE" > /dev/null 2>&1 || true
}
"$askdb" demo --db "$work/demo/retail.sqlite" > /dev/null 2>&1 || fail "askdb demo"
db="sqlite:$work/demo/retail.sqlite"
export ASKDB_SERVER_STORE_URL="$ASKDB_TEST_STORE_URL?schema=$schema"
export ASKDB_SECRET_KEY=$(head -c 32 /dev/urandom | base64)

# Replica 1 (machine 1): cold — it introspects and measures every column.
ASKDB_HOME="$work/machine1" "$askdb" --log-level info serve --db "$db" --port 0 --no-auth \
  2> "$work/one.err" &
serve_pid=$!
wait_for_serve "$work/one.err"
measured=$(grep -o 'column statistics ready ([0-9]* column(s) measured' "$work/one.err" | grep -o '[0-9]*' | head -1)
[[ -n $measured && $measured -gt 0 ]] || fail "replica 1 measured no statistics: $(cat "$work/one.err")"
grep -q "schema cache hit" "$work/one.err" && fail "replica 1 started warm from an empty store"
first=$(sse "how many stores are there" one)
grep -q '"event": "done"' <<<"$first" || fail "replica 1 did not answer: $first"

# Replica 2 (machine 2), while replica 1 runs: warm from the store.
port1=$port
ASKDB_HOME="$work/machine2" "$askdb" --log-level info serve --db "$db" --port 0 --no-auth \
  2> "$work/two.err" &
second_pid=$!
wait_for_serve "$work/two.err"
grep -q "\[Using cached schema\] schema cache hit" "$work/two.err" ||
  fail "replica 2 did not start from the shared schema cache: $(cat "$work/two.err")"
grep -q "column statistics ready (0 column(s) measured, $measured reused)" "$work/two.err" ||
  fail "replica 2 measured statistics again: $(grep measured "$work/two.err")"
[[ -z $(find "$work/machine1" "$work/machine2" -path '*schema_cache*' -type f) ]] ||
  fail "with server.store_url a schema cache file was written: $(find "$work" -path '*schema_cache*' -type f)"
second=$(sse "how many stores are there" two)
sql() {  # sql FRAMES: the SQL of the run's last sql frame
  python3 -c '
import json, sys
last = ""
for line in sys.argv[1].splitlines():
    f = json.loads(line)
    if f["event"] == "sql":
        last = f["data"]["payload"]["sql"]
print(last)
' "$1"
}
[[ -n $(sql "$first") && $(sql "$first") == "$(sql "$second")" ]] ||
  fail "the replicas answered differently: $(sql "$first") / $(sql "$second")"
kill "$second_pid"
wait "$second_pid" 2>/dev/null || true
second_pid=
port=$port1
echo "schema_store_e2e: all checks passed"
