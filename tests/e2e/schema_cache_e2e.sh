#!/usr/bin/env bash
# E2E: the schema manager's cache on a running `askdb serve` (docs/schema.md), with a short
# configured TTL (database.schema_cache_ttl_seconds) and fetch timeout
# (database.schema_fetch_timeout_ms), against sources made slow for real:
#  - SQLite: the stream's "schema" event says "[Using cached schema]"; while another process
#    holds an exclusive lock on the file and the TTL has expired, reading the schema again
#    fails ("locked") and the expired copy is served (stale: true) — the run still answers.
#    A second `askdb ask` starts warm from the persisted cache (<data dir>/schema_cache); an
#    entry corrupted on disk is dropped, logged and fetched again (seed 000 E6).
#  - PostgreSQL (the test servers of scripts/db_servers.sh; a database of its own, dropped
#    afterwards): a comment-only change (COMMENT ON COLUMN: the structure fingerprint does not
#    see it) is not in the model's SQL prompt while the cached copy lives and is once the TTL
#    has passed (two servers, one with a one-hour TTL, so no check races the clock); while a session holds ACCESS EXCLUSIVE on the table, the refetch times out
#    and the expired copy is served (stale: true); a column added (the fingerprint sees it)
#    is answered by the engine at once.
#  - Backoff (database.schema_refetch_backoff_seconds, 60 s here): after a timed-out refetch the
#    next run is served the expired copy at once, the locked source not asked (< the 1 s
#    timeout). A second `askdb ask` measures no column statistics (persisted beside the cache).
#  - MySQL (MariaDB of scripts/db_servers.sh; a database of its own, dropped afterwards):
#    while a session holds LOCK TABLES ... WRITE, the refetch times out and the expired copy
#    is served (stale: true); the run answers.
# The model is the scripted client: it writes a marker SQL that says whether the comment was
# in its prompt.
# Usage: schema_cache_e2e.sh ASKDB_BINARY
set -euo pipefail
askdb=$1
source "$(dirname "${BASH_SOURCE[0]}")/e2e_lib.sh"
source "$(dirname "${BASH_SOURCE[0]}")/http_lib.sh"
export ASKDB_DATABASE_SCHEMA_CACHE_TTL_SECONDS=5
export ASKDB_DATABASE_SCHEMA_FETCH_TIMEOUT_MS=1000
export ASKDB_DATABASE_SCHEMA_REFETCH_BACKOFF_SECONDS=2
ttl_wait=5.6

# schema_event FRAMES: the data of the first "schema" frame.
schema_event() { grep '"event": "schema"' <<<"$1" | head -1; }
# sql FRAMES: "<source> <sql>" of the run's last sql frame; done FRAMES: the run's status.
sql() {
  python3 -c '
import json, sys
last = ""
for line in sys.argv[1].splitlines():
    f = json.loads(line)
    if f["event"] == "sql":
        p = f["data"]["payload"]
        last = p.get("source", "") + " " + p["sql"]
print(last)
' "$1"
}
done_status() { grep '"event": "done"' <<<"$1" | grep -o '"status": "[a-z_]*"' | head -1; }

cat > "$work/rules.json" <<'RULES'
[{"match": "You sort the requests", "json": {"request_type": "data_query", "reason": "asks for rows"}},
 {"match": "(?s)zebra7 shipping weight", "json": {"sql": "SELECT 'comment seen' AS marker"}},
 {"match": "(?s).", "json": {"sql": "SELECT 'comment unseen' AS marker"}}]
RULES

start_serve() {  # start_serve URL LOG
  "$askdb" --log-level info serve --db "$1" --port 0 --no-auth --llm "scripted:$work/rules.json" \
    2> "$2" &
  serve_pid=$!
  wait_for_serve "$2"
}
stop_serve() {
  kill "$serve_pid" 2>/dev/null || true
  wait "$serve_pid" 2>/dev/null || true
  serve_pid=
}

# --- SQLite -------------------------------------------------------------------------------
"$askdb" demo --db "$work/demo/retail.sqlite" > /dev/null 2>&1 || fail "askdb demo"
cp "$work/demo/retail.sqlite" "$work/shop.sqlite"
# A long backoff here: the run after the timed-out one must fall inside it.
ASKDB_DATABASE_SCHEMA_REFETCH_BACKOFF_SECONDS=60 start_serve "sqlite:$work/shop.sqlite" "$work/sqlite.err"
q="各门店类型的门店数量"
frames=$(sse "$q" s1)
ev=$(schema_event "$frames")
[[ $ev == *'"level": "detailed"'* && $ev == *'[Using cached schema]'* && $ev == *'"stale": false'* ]] ||
  fail "sqlite: first schema event: $ev"
first_sql=$(sql "$frames")
[[ -n $first_sql && $(done_status "$frames") == *completed* ]] || fail "sqlite: not answered: $frames"
sleep "$ttl_wait"  # the cached copy has expired
# Another process holds the file's exclusive lock for 12 s: every read of it is refused.
python3 - "$work/shop.sqlite" "$work/locked" <<'PY' &
import sqlite3, sys, time, pathlib
c = sqlite3.connect(sys.argv[1], isolation_level=None)
c.execute("BEGIN EXCLUSIVE")
pathlib.Path(sys.argv[2]).touch()
time.sleep(12)
c.execute("ROLLBACK")
PY
locker=$!
for _ in $(seq 1 100); do [[ -e $work/locked ]] && break; sleep 0.05; done
[[ -e $work/locked ]] || fail "sqlite: the lock was not taken"
frames=$(sse "$q" s2)  # the same question: the answer cache answers, no statement runs
ev=$(schema_event "$frames")
[[ $ev == *'"stale": true'* && $ev == *'[Using cached schema]'* ]] ||
  fail "sqlite: no stale copy while the file was locked: $ev"
[[ $(sql "$frames") == "cache "* && $(done_status "$frames") == *completed* ]] ||
  fail "sqlite: the locked run was not answered from the answer cache: $frames"
grep -q "serving an expired copy" "$work/sqlite.err" || fail "sqlite: no log line for the stale copy"
# The backoff (database.schema_refetch_backoff_seconds): the source just timed out, so the
# next run serves the expired copy at once, asking the locked file nothing.
frames=$(sse "$q" s3)
# The server's own time for the run (the client's includes connection set-up).
elapsed_ms=$(grep 'path=/api/v1/stream/search' "$work/sqlite.err" | tail -1 | sed -nE 's/.*duration_ms=([0-9]+).*/\1/p')
ev=$(schema_event "$frames")
[[ $ev == *'"stale": true'* && $(done_status "$frames") == *completed* ]] ||
  { cat "$work/sqlite.err" >&2; fail "sqlite: the run within the backoff was not served the expired copy: $frames"; }
grep -q "timed out recently, serving an expired copy without trying again" "$work/sqlite.err" ||
  fail "sqlite: no log line for the backoff"
[[ -n $elapsed_ms ]] && ((elapsed_ms < 1000)) ||
  fail "sqlite: the run within the backoff took ${elapsed_ms} ms, as if it tried the source (timeout 1000 ms)"
wait "$locker"
stop_serve

# askdb ask: a second process starts warm from the persisted cache (no introspection), and an
# entry corrupted on disk is dropped, logged and fetched again; the answer stays the same.
ask_count() {
  "$askdb" --log-level info --json ask "how many stores are there" --db "sqlite:$work/shop.sqlite" \
    2> "$work/ask.err" | python3 -c 'import json,sys; print(json.dumps(json.load(sys.stdin).get("rows")))'
}
want=$(ask_count) || fail "ask: $(cat "$work/ask.err")"
got=$(ask_count) || fail "ask: $(cat "$work/ask.err")"
[[ $got == "$want" ]] || fail "warm ask answered $got, not $want"
grep -q "\[Using cached schema\] schema cache hit" "$work/ask.err" ||
  fail "the second ask did not start from the persisted cache: $(cat "$work/ask.err")"
# ... and measured no column statistics (persisted beside the schema cache).
grep -q "column statistics ready (0 column(s) measured" "$work/ask.err" ||
  fail "the second ask measured column statistics again: $(grep measured "$work/ask.err")"
cache_file=$(grep -l '"database":"shop.sqlite"' $(find "$work/home" -path '*schema_cache*' -name '*.json') | head -1)
[[ -n $cache_file ]] || fail "no persisted schema cache under $work/home"
python3 - "$cache_file" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
entry = next(e for e in d["entries"] if e["kind"] == "table" and e["value"]["name"] == "stores")
entry["value"]["columns"][0]["name"] = "tampered"  # content changed, checksum kept
json.dump(d, open(sys.argv[1], "w"))
PY
got=$(ask_count) || fail "ask after corruption: $(cat "$work/ask.err")"
[[ $got == "$want" ]] || fail "after corruption the ask answered $got, not $want"
grep -q "schema cache entry 'table stores'.*failed its checksum; dropped, it will be fetched again" \
  "$work/ask.err" || fail "no log line for the corrupted entry: $(cat "$work/ask.err")"
grep -q '"tampered"' "$cache_file" && fail "the corrupted entry was kept in $cache_file"

# --- PostgreSQL ---------------------------------------------------------------------------
if [[ -z ${ASKDB_TEST_PG_SCRATCH_URL:-} || -z ${ASKDB_TEST_PG_URL:-} ]]; then
  echo "schema_cache_e2e: sqlite checks passed; PostgreSQL part needs scripts/db_servers.sh (ASKDB_TEST_PG_*)"
  exit 0
fi
psql_bin=$(ls /usr/lib/postgresql/*/bin/psql | head -1)
admin=${ASKDB_TEST_PG_SCRATCH_URL/postgres:\/\//postgresql://}
dbname="schema_cache_e2e_$$"
admin_db=${admin%/*}/$dbname
reader=${ASKDB_TEST_PG_URL%/*}/$dbname
reader_role=$(python3 -c 'import sys, urllib.parse; print(urllib.parse.urlparse(sys.argv[1]).username)' "$ASKDB_TEST_PG_URL")
long_pid=
e2e_extra_cleanup() {
  [[ -n $long_pid ]] && kill "$long_pid" 2>/dev/null
  "$psql_bin" -q "$admin" -c "DROP DATABASE IF EXISTS $dbname WITH (FORCE)" > /dev/null 2>&1 || true
}
pg() { "$psql_bin" -q -X -v ON_ERROR_STOP=1 "$admin_db" "$@" > /dev/null; }
"$psql_bin" -q -X -v ON_ERROR_STOP=1 "$admin" -c "CREATE DATABASE $dbname" > /dev/null ||
  fail "postgres: cannot create the database"
"$psql_bin" -q -X "$admin" -c "GRANT CONNECT ON DATABASE $dbname TO $reader_role" > /dev/null
pg -c "CREATE TABLE parts (part_id integer PRIMARY KEY, name text NOT NULL, weight_kg numeric);
INSERT INTO parts VALUES (1, 'bolt', 0.1), (2, 'gear', 2.5), (3, 'axle', 7.0);
GRANT USAGE ON SCHEMA public TO $reader_role;
GRANT SELECT ON ALL TABLES IN SCHEMA public TO $reader_role;
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT ON TABLES TO $reader_role;
ANALYZE parts;"
# A comment-only change: not seen while the cached copy lives, seen once the TTL has passed.
# Two servers, so that neither check races the clock (a loaded machine may take seconds to run
# psql): one whose copy lives an hour (its own data directory) must not see the comment; the
# one with the 5 s TTL, whose copy was read before the comment, must see it once more than the
# TTL has passed since the comment.
ASKDB_HOME="$work/home_long_ttl" ASKDB_DATABASE_SCHEMA_CACHE_TTL_SECONDS=3600 \
  start_serve "$reader" "$work/pg_long.err"
long_pid=$serve_pid long_port=$port
start_serve "$reader" "$work/pg.err"
for p in "$long_port" "$port"; do
  frames=$(port=$p sse "how many parts are there" "p1-$p")
  ev=$(schema_event "$frames")
  [[ $ev == *'"level": "detailed"'* ]] || fail "postgres: schema event: $ev"
  [[ $(sql "$frames") == "engine "*"COUNT(*)"*parts* && $(done_status "$frames") == *completed* ]] ||
    fail "postgres: parts count: $frames"
done
pg -c "COMMENT ON COLUMN parts.weight_kg IS 'zebra7 shipping weight'"
frames=$(port=$long_port sse "list the parts a zebra would carry" p2)
[[ $(schema_event "$frames") == *'[Using cached schema]'* ]] ||
  fail "postgres: the one-hour copy was not used: $(schema_event "$frames")"
[[ $(sql "$frames") == *"comment unseen"* ]] ||
  { cat "$work/pg_long.err" >&2; fail "postgres: the comment was in the prompt before the TTL passed: $frames"; }
kill "$long_pid" 2>/dev/null || true
wait "$long_pid" 2>/dev/null || true
sleep "$ttl_wait"  # the 5 s server's copy, read before the comment, has expired
frames=$(sse "show the parts that giraffes prefer" p3)
[[ $(sql "$frames") == *"comment seen"* ]] ||
  fail "postgres: the comment was not in the prompt after the TTL: $frames"

# A session holds ACCESS EXCLUSIVE on parts for 6 s: reading its sample values again times
# out after 1 s and the expired copy is served; the run answers (from the answer cache, or
# its count waits for the lock).
sleep "$ttl_wait"
"$psql_bin" -q -X "$admin_db" -c "BEGIN; LOCK TABLE parts IN ACCESS EXCLUSIVE MODE; SELECT pg_sleep(6); COMMIT;" \
  > /dev/null 2>&1 &
locker=$!
for _ in $(seq 1 100); do
  held=$("$psql_bin" -tAq -X "$admin_db" -c "SELECT count(*) FROM pg_locks l JOIN pg_class c ON c.oid = l.relation WHERE c.relname = 'parts' AND l.mode = 'AccessExclusiveLock' AND l.granted")
  [[ $held == 1 ]] && break
  sleep 0.05
done
[[ $held == 1 ]] || fail "postgres: the lock was not taken"
frames=$(sse "how many parts are there" p4)
ev=$(schema_event "$frames")
[[ $ev == *'"stale": true'* && $ev == *'[Using cached schema]'* ]] ||
  fail "postgres: no stale copy while the table was locked: $ev"
[[ $(done_status "$frames") == *completed* ]] || fail "postgres: the locked run did not answer: $frames"
wait "$locker"

# A column added: the fingerprint changes, the engine answers with it at once.
pg -c "ALTER TABLE parts ADD COLUMN supplier text; UPDATE parts SET supplier = 'acme' WHERE part_id < 3; UPDATE parts SET supplier = 'bolt co' WHERE part_id = 3;"
frames=$(sse "how many parts per supplier" p5)
[[ $(sql "$frames") == "engine "*supplier* ]] || fail "postgres: the new column was not answered: $frames"
grep -q "the schema changed" "$work/pg.err" || fail "postgres: no log line for the schema change"
grep -q "column(s) measured" "$work/pg.err" || fail "postgres: the index was not rebuilt incrementally"
stop_serve

# --- MySQL (MariaDB of scripts/db_servers.sh) ----------------------------------------------
if [[ -z ${ASKDB_TEST_MYSQL_SCRATCH_URL:-} || -z ${ASKDB_TEST_MYSQL_URL:-} ]]; then
  echo "schema_cache_e2e: sqlite and postgres checks passed; MySQL part needs scripts/db_servers.sh"
  exit 0
fi
# mariadb client arguments and the reader's URL for database $mydb.
mydb="schema_cache_e2e_$$"
read -r my_user my_pw my_host my_port < <(python3 -c '
import sys, urllib.parse
u = urllib.parse.urlparse(sys.argv[1])
print(u.username, urllib.parse.unquote(u.password), u.hostname, u.port)' "$ASKDB_TEST_MYSQL_SCRATCH_URL")
my() { mariadb --no-defaults -h "$my_host" -P "$my_port" -u "$my_user" -p"$my_pw" "$@"; }
my_reader=${ASKDB_TEST_MYSQL_URL%/*}/$mydb
e2e_extra_cleanup() {
  "$psql_bin" -q "$admin" -c "DROP DATABASE IF EXISTS $dbname WITH (FORCE)" > /dev/null 2>&1 || true
  my -e "DROP DATABASE IF EXISTS $mydb" > /dev/null 2>&1 || true
}
my -e "CREATE DATABASE $mydb CHARACTER SET utf8mb4;
CREATE TABLE $mydb.parts (part_id INT PRIMARY KEY, name VARCHAR(40) NOT NULL, weight_kg DECIMAL(6,2));
INSERT INTO $mydb.parts VALUES (1, 'bolt', 0.1), (2, 'gear', 2.5), (3, 'axle', 7.0);
GRANT SELECT ON $mydb.* TO 'askdb_reader'@'127.0.0.1';" || fail "mysql: cannot create the database"
start_serve "$my_reader" "$work/my.err"
frames=$(sse "how many parts are there" m1)
[[ $(sql "$frames") == "engine "*"COUNT(*)"*parts* && $(done_status "$frames") == *completed* ]] ||
  fail "mysql: parts count: $frames"
sleep "$ttl_wait"  # the cached copy has expired
# A session holds the table's write lock for 6 s: reading its sample values again times out
# after 1 s (max_statement_time) and the expired copy is served; then the backoff.
my "$mydb" -e "LOCK TABLES parts WRITE; SELECT SLEEP(6); UNLOCK TABLES;" > /dev/null 2>&1 &
locker=$!
for _ in $(seq 1 100); do
  held=$(my -N -e "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE INFO LIKE 'SELECT SLEEP(6)%'")
  [[ $held == 1 ]] && break
  sleep 0.05
done
[[ $held == 1 ]] || fail "mysql: the lock was not taken"
frames=$(sse "how many parts are there" m2)
ev=$(schema_event "$frames")
[[ $ev == *'"stale": true'* && $ev == *'[Using cached schema]'* ]] ||
  { cat "$work/my.err" >&2; fail "mysql: no stale copy while the table was locked: $ev"; }
[[ $(done_status "$frames") == *completed* ]] || fail "mysql: the locked run did not answer: $frames"
grep -q "serving an expired copy" "$work/my.err" || fail "mysql: no log line for the stale copy"
wait "$locker"
stop_serve
echo "schema_cache_e2e: all checks passed"
