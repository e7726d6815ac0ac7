#!/usr/bin/env bash
# E2E: the answer cache sees row changes on the server databases (docs/cache.md "Row changes
# on a server database"), with `askdb ask --json` against the real servers of
# scripts/db_servers.sh, each in a database of its own dropped afterwards:
#  - PostgreSQL: a repeated question is an L1 hit; after an INSERT, an UPDATE (the count is
#    the same: the entry must go all the same) and a TRUNCATE it is worked out again.
#  - MariaDB: a repeated question is an L1 hit; after an INSERT the new count is answered.
#    (That no answer is stored while the last write is under 2 s old depends on the clock,
#    so it is not checked here.)
# Usage: answer_cache_rows_e2e.sh ASKDB_BINARY
set -euo pipefail
askdb=$1
source "$(dirname "${BASH_SOURCE[0]}")/e2e_lib.sh"

# ask URL QUESTION: "<cache_hit> <answer>" of one `askdb ask --json`.
ask() {
  "$askdb" ask "$2" --db "$1" --json 2>>"$work/ask.err" | python3 -c '
import json, sys
d = json.load(sys.stdin)
print(str(d.get("cache_hit", False)).lower(), d.get("answer", ""))'
}
# expect URL QUESTION HIT WORDS: the answer is (not) a cache hit and holds WORDS.
expect() {
  local got
  got=$(ask "$1" "$2")
  [[ $got == "$3 "*"$4"* ]] || fail "$5: wanted hit=$3 with '$4', got: $got"
}
# Server statistics reach other sessions within about a second (PostgreSQL) and UPDATE_TIME
# counts whole seconds (MariaDB).
settle() { sleep 2.2; }

if [[ -z ${ASKDB_TEST_PG_SCRATCH_URL:-} || -z ${ASKDB_TEST_PG_URL:-} ]]; then
  echo "answer_cache_rows_e2e: skipped: needs scripts/db_servers.sh (ASKDB_TEST_PG_*, ASKDB_TEST_MYSQL_*)"
  exit 77  # ctest SKIP_RETURN_CODE: reported as skipped, not as a pass
fi
psql_bin=$(command -v psql || ls /usr/lib/postgresql/*/bin/psql | head -1)
admin=${ASKDB_TEST_PG_SCRATCH_URL/postgres:\/\//postgresql://}
dbname="answer_cache_rows_$$"
admin_db=${admin%/*}/$dbname
reader=${ASKDB_TEST_PG_URL%/*}/$dbname
reader_role=$(python3 -c 'import sys, urllib.parse; print(urllib.parse.urlparse(sys.argv[1]).username)' "$ASKDB_TEST_PG_URL")
mydb="answer_cache_rows_$$"
my() { mariadb --no-defaults -h "$my_host" -P "$my_port" -u "$my_user" -p"$my_pw" "$@"; }
e2e_extra_cleanup() {
  "$psql_bin" -q "$admin" -c "DROP DATABASE IF EXISTS $dbname WITH (FORCE)" > /dev/null 2>&1 || true
  [[ -n ${my_user:-} ]] && my -e "DROP DATABASE IF EXISTS $mydb" > /dev/null 2>&1 || true
}
pg() { "$psql_bin" -q -X -v ON_ERROR_STOP=1 "$admin_db" "$@" > /dev/null; }

# --- PostgreSQL ---------------------------------------------------------------------------
"$psql_bin" -q -X -v ON_ERROR_STOP=1 "$admin" -c "CREATE DATABASE $dbname" > /dev/null ||
  fail "postgres: cannot create the database"
"$psql_bin" -q -X "$admin" -c "GRANT CONNECT ON DATABASE $dbname TO $reader_role" > /dev/null
pg -c "CREATE TABLE parts (part_id integer PRIMARY KEY, name text NOT NULL);
INSERT INTO parts VALUES (1, 'bolt'), (2, 'gear'), (3, 'axle');
GRANT USAGE ON SCHEMA public TO $reader_role;
GRANT SELECT ON ALL TABLES IN SCHEMA public TO $reader_role;"
settle
q="how many parts are there"
expect "$reader" "$q" false 3 "postgres: first ask"
expect "$reader" "$q" true 3 "postgres: the repeat was not served from the cache"
pg -c "INSERT INTO parts VALUES (4, 'cog')"
settle
expect "$reader" "$q" false 4 "postgres: after an INSERT"
pg -c "UPDATE parts SET name = 'pin' WHERE part_id = 4"
settle
expect "$reader" "$q" false 4 "postgres: after an UPDATE"
pg -c "TRUNCATE parts"
settle
expect "$reader" "$q" false 0 "postgres: after a TRUNCATE"

# --- MariaDB ------------------------------------------------------------------------------
if [[ -z ${ASKDB_TEST_MYSQL_SCRATCH_URL:-} || -z ${ASKDB_TEST_MYSQL_URL:-} ]]; then
  echo "answer_cache_rows_e2e: postgres checks passed; MySQL part needs ASKDB_TEST_MYSQL_*"
  exit 0
fi
read -r my_user my_pw my_host my_port < <(python3 -c '
import sys, urllib.parse
u = urllib.parse.urlparse(sys.argv[1])
print(u.username, urllib.parse.unquote(u.password), u.hostname, u.port)' "$ASKDB_TEST_MYSQL_SCRATCH_URL")
my_reader=${ASKDB_TEST_MYSQL_URL%/*}/$mydb
my_reader_user=$(python3 -c 'import sys, urllib.parse; print(urllib.parse.urlparse(sys.argv[1]).username)' "$ASKDB_TEST_MYSQL_URL")
my -e "CREATE DATABASE $mydb CHARACTER SET utf8mb4;
CREATE TABLE $mydb.parts (part_id INT PRIMARY KEY, name VARCHAR(40) NOT NULL) ENGINE=InnoDB;
INSERT INTO $mydb.parts VALUES (1, 'bolt'), (2, 'gear'), (3, 'axle');
GRANT SELECT ON $mydb.* TO '$my_reader_user'@'127.0.0.1';" || fail "mysql: cannot create the database"
settle
expect "$my_reader" "$q" false 3 "mysql: first ask"
expect "$my_reader" "$q" true 3 "mysql: the repeat was not served from the cache"
my -e "INSERT INTO $mydb.parts VALUES (4, 'cog')"
settle
expect "$my_reader" "$q" false 4 "mysql: after an INSERT"
echo "answer_cache_rows_e2e: all checks passed"
