#!/usr/bin/env bash
# E2E: plan step durations learned from earlier runs (docs/plans.md). The first `askdb ask`
# of a multi-step analysis estimates its SQL steps with the built-in default (1000 ms) and
# records what they took in <data dir>/step_durations.json; the second, a new process,
# estimates from those durations. A corrupt file is a warning and the defaults apply.
# With server.store_url (the test PostgreSQL of scripts/db_servers.sh, ASKDB_TEST_STORE_URL,
# a schema of its own dropped afterwards) the durations live in the management database: a
# second `askdb ask` with another data directory (another machine) estimates from the first,
# and no file is written; so does `askdb serve` over the same store with a third one. The
# answer cache is shared the same way: a question answered on one machine is a cache hit on
# the other.
# Usage: step_durations_e2e.sh ASKDB_BINARY
set -euo pipefail
askdb=$1
source "$(dirname "${BASH_SOURCE[0]}")/e2e_lib.sh"
schema="durations_e2e_$$"
e2e_extra_cleanup() {
  if [[ -n ${ASKDB_TEST_STORE_URL:-} ]]; then
    "$(ls /usr/lib/postgresql/*/bin/psql | head -1)" -q \
      "${ASKDB_TEST_STORE_URL/postgres:\/\//postgresql://}" \
      -c "DROP SCHEMA IF EXISTS $schema CASCADE" > /dev/null 2>&1 || true
  fi
}

"$askdb" demo --db "$work/demo/retail.sqlite" > /dev/null 2>&1 || fail "askdb demo"
db="sqlite:$work/demo/retail.sqlite"
q="全面分析一下2024年各大区的销售情况"

# sql_estimates JSON: the execute_sql steps' estimated_duration_ms, space-separated.
sql_estimates() {
  python3 -c '
import json, sys
d = json.loads(sys.argv[1])
assert d.get("route") == "analysis", d.get("route")
print(" ".join(str(s["estimated_duration_ms"]) for s in d["plan"]["steps"] if s["tool"] == "execute_sql"))
' "$1"
}

first=$("$askdb" --json ask "$q" --db "$db" 2> "$work/err1") || fail "first ask: $(cat "$work/err1")"
est1=$(sql_estimates "$first")
[[ -n $est1 ]] || fail "no SQL steps in the first plan"
for e in $est1; do [[ $e == 1000 ]] || fail "first run should use the default 1000 ms, got: $est1"; done
file=$(find "$ASKDB_HOME" -name step_durations.json | head -1)
[[ -n $file ]] || fail "no step_durations.json under $ASKDB_HOME"
grep -q 'execute_sql' "$file" || fail "no execute_sql samples in $file: $(cat "$file")"
[[ -n $(find "$ASKDB_HOME" -name answer_cache.sqlite) ]] ||
  fail "without server.store_url the answer cache must persist in the data directory"

second=$("$askdb" --json ask "$q" --db "$db" 2> "$work/err2") || fail "second ask: $(cat "$work/err2")"
est2=$(sql_estimates "$second")
for e in $est2; do
  [[ $e != 1000 ]] || fail "second run still estimates the default: $est2 (history: $(cat "$file"))"
done

# A corrupt file: a warning, and the defaults again.
echo '{"window": "many"}' > "$file"
third=$("$askdb" --json ask "$q" --db "$db" 2> "$work/err3") || fail "third ask: $(cat "$work/err3")"
grep -q "step durations in" "$work/err3" || fail "no warning for a corrupt file: $(cat "$work/err3")"
for e in $(sql_estimates "$third"); do [[ $e == 1000 ]] || fail "corrupt file: expected defaults"; done

# The management database (server.store_url): two data directories, one PostgreSQL store.
if [[ -z ${ASKDB_TEST_STORE_URL:-} ]]; then
  [[ ${ASKDB_REQUIRE_SERVERS:-0} != 1 ]] || fail "ASKDB_TEST_STORE_URL is not set"
  echo "step_durations_e2e: SKIPPED the shared-store part (no ASKDB_TEST_STORE_URL;" \
    "scripts/db_servers.sh start sets it)"
  echo "step_durations_e2e: file checks passed"
  exit 0
fi
export ASKDB_SERVER_STORE_URL="$ASKDB_TEST_STORE_URL?schema=$schema"
export ASKDB_HOME="$work/machine1"
first=$("$askdb" --json ask "$q" --db "$db" 2> "$work/err4") || fail "store, first ask: $(cat "$work/err4")"
for e in $(sql_estimates "$first"); do
  [[ $e == 1000 ]] || fail "store, first run should use the default 1000 ms, got: $e"
done
[[ -z $(find "$work/machine1" -name step_durations.json) ]] ||
  fail "with server.store_url the durations must not go to the data directory's file"
export ASKDB_HOME="$work/machine2"
second=$("$askdb" --json ask "$q" --db "$db" 2> "$work/err5") || fail "store, second ask: $(cat "$work/err5")"
est=$(sql_estimates "$second")
[[ -n $est ]] || fail "store: no SQL steps in the second plan"
for e in $est; do
  [[ $e != 1000 ]] || fail "store: the second machine still estimates the default: $est ($(cat "$work/err5"))"
done
grep -q "step durations" "$work/err5" && fail "store: a warning about the durations: $(cat "$work/err5")"

# The answer cache through the store: asked on machine 1, answered from the cache on machine 2.
cache_hit() { python3 -c 'import json,sys; d=json.loads(sys.argv[1]); print(d.get("cache_hit"), d.get("cache_level",""))' "$1"; }
simple="2024年各大区的销售额"
out=$(ASKDB_HOME="$work/machine1" "$askdb" --json ask "$simple" --db "$db" 2> "$work/err6") ||
  fail "store, cache fill: $(cat "$work/err6")"
[[ $(cache_hit "$out") == "False " ]] || fail "store: first asking was a cache hit: $(cache_hit "$out")"
out=$(ASKDB_HOME="$work/machine2" "$askdb" --json ask "$simple" --db "$db" 2> "$work/err7") ||
  fail "store, cache hit: $(cat "$work/err7")"
[[ $(cache_hit "$out") == "True L1" ]] ||
  fail "store: machine 2 did not answer from machine 1's cache: $(cache_hit "$out") ($(cat "$work/err7"))"
# The store replaces the data directory's cache file: none is created, not even empty.
[[ -z $(find "$work/machine1" "$work/machine2" -name 'answer_cache.sqlite*') ]] ||
  fail "with server.store_url askdb ask created a local answer cache file: $(find "$work" -name 'answer_cache.sqlite*')"

# askdb serve over the same store (a third data directory): its plan estimates from the two
# asks' runs too.
export ASKDB_HOME="$work/machine3"
export ASKDB_SECRET_KEY=$(head -c 32 /dev/urandom | base64)
"$askdb" serve --db "$db" --port 0 --no-auth 2> "$work/serve.err" &
serve_pid=$!
wait_for_serve "$work/serve.err"
python3 - "$port" "$q" <<'PY' || fail "serve: the plan did not estimate from the store ($(tail -5 "$work/serve.err"))"
import json, sys, urllib.parse, urllib.request
port, question = sys.argv[1:3]
url = f"http://127.0.0.1:{port}/api/v1/stream/search?" + urllib.parse.urlencode(
    {"query": question, "threadId": "durations"})
event, plan = None, None
with urllib.request.urlopen(url, timeout=120) as r:
    for raw in r:
        line = raw.decode().rstrip("\n")
        if line.startswith("event:"):
            event = line[6:].strip()
        elif line.startswith("data:") and event:
            data = json.loads(line[5:])
            if event == "plan":
                plan = data["payload"]["plan"]
            if event in ("done", "run_error", "result"):
                break
sql = [s["estimated_duration_ms"] for s in plan["steps"] if s["tool"] == "execute_sql"]
assert sql and all(e != 1000 for e in sql), sql
PY
kill "$serve_pid"
wait "$serve_pid" 2>/dev/null || true
serve_pid=
[[ -z $(find "$work/machine3" -name 'answer_cache.sqlite*') ]] ||
  fail "with server.store_url askdb serve created a local answer cache file"
echo "step_durations_e2e: all checks passed (file and shared store, durations and answers)"
