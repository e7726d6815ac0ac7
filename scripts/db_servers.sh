#!/usr/bin/env bash
# Throwaway PostgreSQL and MariaDB servers for the tests, on 127.0.0.1 only, with their data
# under one directory (default build/test-servers, or $ASKDB_TEST_SERVERS_DIR). No system
# service is used or touched.
#
#   scripts/db_servers.sh start    start both (idempotent), load the demo database and
#                                  Chinook, print `export ASKDB_TEST_...=...` lines on stdout
#   scripts/db_servers.sh env      print the export lines of the running servers
#   scripts/db_servers.sh status   say what runs; exit 0 when both do
#   scripts/db_servers.sh stop     stop both and remove the directory
#
# Typical use:  eval "$(scripts/db_servers.sh start)"
# Progress goes to stderr, so only the export lines reach `eval`.
#
# Roles: an admin (superuser) that loads the data, a read-only role `askdb_reader` with
# SELECT grants only (what askdb should connect as), and `askdb_tls`, which the servers
# only admit over TLS. Both servers run with TLS, their certificate signed by a throw-away
# CA made at each start ($DIR/tls/ca.crt: ASKDB_TEST_PG_CA, ASKDB_TEST_MYSQL_CA) for
# 127.0.0.1 only, so tests can verify it and see a wrong host name refused.
# The management store (askdb's own agents, sessions, checkpoints) gets a writable database
# `askdb_store` owned by role `askdb_store` (ASKDB_TEST_STORE_URL); tests put their tables in
# a schema of their own inside it.
# Passwords are random per start and kept in $DIR/env (mode 600).
#
# Environment: ASKDB_BUILD_DIR (default build) for the fixture loader
# bin/askdb_load_fixture, built there when missing; ASKDB_SERVERS (default "postgres mysql")
# to start only one engine.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
DIR=${ASKDB_TEST_SERVERS_DIR:-$ROOT/build/test-servers}
BUILD_DIR=${ASKDB_BUILD_DIR:-$ROOT/build}
LOADER=$BUILD_DIR/bin/askdb_load_fixture
SERVERS=${ASKDB_SERVERS:-postgres mysql}
CHINOOK=${ASKDB_CHINOOK:-$ROOT/../shared/data/chinook/chinook.sqlite}
READY_TIMEOUT=60   # seconds to wait for a server to accept connections
STOP_TIMEOUT=20    # seconds to wait for a server to exit before killing it
FIRST_PORT=25432   # free ports are searched upward from here

log() { echo "db_servers: $*" >&2; }
die() { log "$*"; exit 1; }

PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
MYSQLD=$(command -v mariadbd || command -v mysqld || ls /usr/sbin/mariadbd 2>/dev/null || true)

# Commands run as an unprivileged user when we are root (PostgreSQL refuses root).
as_user() {
  local user=$1; shift
  if [[ $(id -u) -eq 0 ]]; then runuser -u "$user" -- "$@"; else "$@"; fi
}

port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
free_port() {
  local p=$1
  while ! port_free "$p"; do p=$((p + 1)); done
  echo "$p"
}
random_password() { od -An -N12 -tx1 /dev/urandom | tr -d ' \n'; }

pid_alive() { [[ -n ${1:-} ]] && kill -0 "$1" 2>/dev/null; }
pg_pid() { head -1 "$DIR/pg/data/postmaster.pid" 2>/dev/null || true; }
my_pid() { cat "$DIR/mysql/mysqld.pid" 2>/dev/null || true; }

want() { [[ " $SERVERS " == *" $1 "* ]]; }

running() {
  local ok=0
  if want postgres; then
    pid_alive "$(pg_pid)" || ok=1
    # Servers started by an older version of this script lack the store database.
    grep -q ASKDB_TEST_STORE_URL "$DIR/env" 2>/dev/null || ok=1
    # ... or TLS (the TLS tests need the CA the servers were started with).
    grep -q ASKDB_TEST_PG_CA "$DIR/env" 2>/dev/null || ok=1
  fi
  if want mysql; then
    pid_alive "$(my_pid)" || ok=1
    grep -q ASKDB_TEST_MYSQL_CA "$DIR/env" 2>/dev/null || ok=1
  fi
  [[ -f $DIR/env ]] || ok=1
  # The certificates are valid for a week: servers whose CA or certificate expires within a
  # day are restarted (with new ones), or the TLS tests would fail on them.
  local cert
  for cert in "$DIR/tls/ca.crt" "$DIR/tls/server.crt"; do
    openssl x509 -checkend 86400 -noout -in "$cert" >/dev/null 2>&1 || ok=1
  done
  return $ok
}

# A throw-away CA and a server certificate it signs for 127.0.0.1 (EC keys: fast to make),
# valid for a week, shared by both servers.
make_tls_files() {
  local tls=$DIR/tls
  mkdir -p "$tls"
  local ec=(-newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes)
  openssl req -x509 "${ec[@]}" -days 7 -subj "/CN=askdb test CA" \
    -keyout "$tls/ca.key" -out "$tls/ca.crt" 2>"$tls/openssl.log" &&
    openssl req "${ec[@]}" -subj "/CN=askdb test server" \
      -keyout "$tls/server.key" -out "$tls/server.csr" 2>>"$tls/openssl.log" &&
    openssl x509 -req -in "$tls/server.csr" -CA "$tls/ca.crt" -CAkey "$tls/ca.key" \
      -CAcreateserial -days 7 -extfile <(echo "subjectAltName=IP:127.0.0.1") \
      -out "$tls/server.crt" 2>>"$tls/openssl.log" ||
    die "making the test certificates failed: $(tail -5 "$tls/openssl.log")"
  rm -f "$tls/ca.key" "$tls/server.csr" "$tls/ca.srl"
  chmod 600 "$tls/server.key"
  chmod 644 "$tls/ca.crt" "$tls/server.crt"
}

# A server's own copy of the certificate and key in `dir`, the key readable by its `user`
# only, as PostgreSQL demands.
install_tls_files() {
  local dir=$1 user=$2
  mkdir -p "$dir"
  cp "$DIR/tls/server.crt" "$DIR/tls/server.key" "$dir/"
  chmod 600 "$dir/server.key"
  [[ $(id -u) -ne 0 ]] || chown -R "$user" "$dir"
}

ensure_loader() {
  [[ -x $LOADER ]] && return 0
  log "building askdb_load_fixture in $BUILD_DIR"
  [[ -f $BUILD_DIR/build.ninja || -f $BUILD_DIR/Makefile ]] ||
    cmake -S "$ROOT" -B "$BUILD_DIR" -G Ninja >/dev/null
  cmake --build "$BUILD_DIR" --target askdb_load_fixture >/dev/null
}

start_postgres() {
  [[ -n $PG_BIN && -x $PG_BIN/initdb ]] || die "PostgreSQL server binaries not found (install postgresql-15)"
  local user=postgres
  [[ $(id -u) -eq 0 ]] || user=$(id -un)
  local port; port=$(free_port "$FIRST_PORT")
  mkdir -p "$DIR/pg/sock"
  printf '%s\n' "$PG_ADMIN_PW" >"$DIR/pg/admin.pw"
  chmod 600 "$DIR/pg/admin.pw"
  [[ $(id -u) -ne 0 ]] || chown -R "$user" "$DIR/pg"
  as_user "$user" test -w "$DIR/pg" || die "$DIR is not writable by $user; set ASKDB_TEST_SERVERS_DIR"
  install_tls_files "$DIR/pg/tls" "$user"
  log "postgres: initdb"
  as_user "$user" "$PG_BIN/initdb" -D "$DIR/pg/data" -U askdb_admin --pwfile="$DIR/pg/admin.pw" \
    -A scram-sha-256 -E UTF8 --locale=C --no-sync >"$DIR/pg/initdb.log" 2>&1 ||
    die "initdb failed: $(tail -5 "$DIR/pg/initdb.log")"
  cat >"$DIR/pg/data/pg_hba.conf" <<'EOF'
# askdb test server: loopback only, passwords always; askdb_tls only over TLS (so not
# over the Unix socket either).
local all askdb_tls reject
local all all scram-sha-256
hostnossl all askdb_tls 127.0.0.1/32 reject
hostssl all askdb_tls 127.0.0.1/32 scram-sha-256
host all all 127.0.0.1/32 scram-sha-256
EOF
  log "postgres: starting on 127.0.0.1:$port"
  # temp_file_limit, as docs/databases.md advises: the read-only corpus has queries that
  # spill gigabytes of temporary files within their 5 s timeout, and a disk filled by them
  # makes the server fail every other test's writes.
  as_user "$user" "$PG_BIN/pg_ctl" -D "$DIR/pg/data" -l "$DIR/pg/server.log" -w -t "$READY_TIMEOUT" \
    -o "-p $port -k $DIR/pg/sock -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c temp_file_limit=256MB -c ssl=on -c ssl_cert_file=$DIR/pg/tls/server.crt -c ssl_key_file=$DIR/pg/tls/server.key" \
    start >/dev/null || die "postgres did not start: $(tail -5 "$DIR/pg/server.log")"
  PG_PORT=$port
  local psql=("$PG_BIN/psql" -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$port" -U askdb_admin)
  export PGPASSWORD=$PG_ADMIN_PW
  "${psql[@]}" -d postgres >/dev/null <<EOF
CREATE ROLE askdb_reader LOGIN PASSWORD '$READER_PW' NOSUPERUSER NOCREATEDB NOCREATEROLE;
CREATE ROLE askdb_tls LOGIN PASSWORD '$READER_PW';
CREATE ROLE askdb_store LOGIN PASSWORD '$STORE_PW' NOSUPERUSER NOCREATEDB NOCREATEROLE;
CREATE DATABASE askdb_store OWNER askdb_store;
CREATE DATABASE chinook;
CREATE DATABASE demo;
CREATE DATABASE scratch;
REVOKE ALL ON DATABASE chinook, demo, scratch, askdb_store FROM PUBLIC;
GRANT CONNECT ON DATABASE chinook, demo TO askdb_reader, askdb_tls;
EOF
  local base="postgres://askdb_admin:$PG_ADMIN_PW@127.0.0.1:$port"
  log "postgres: loading Chinook and the demo database"
  "$LOADER" --target "$base/chinook" --sqlite "$CHINOOK" >/dev/null
  "$LOADER" --target "$base/demo" --demo >/dev/null
  "${psql[@]}" -d chinook >/dev/null <<'EOF'
COMMENT ON TABLE artist IS 'Recording artists';
COMMENT ON COLUMN artist.name IS 'The artist''s name';
EOF
  for db in chinook demo; do
    "${psql[@]}" -d "$db" >/dev/null <<EOF
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
GRANT USAGE ON SCHEMA public TO askdb_reader, askdb_tls;
GRANT SELECT ON ALL TABLES IN SCHEMA public TO askdb_reader, askdb_tls;
EOF
  done
  unset PGPASSWORD
}

start_mysql() {
  [[ -n $MYSQLD ]] || die "MariaDB server not found (install mariadb-server)"
  local port; port=$(free_port "$((FIRST_PORT + 1000))")
  local user_opt=() client=(mariadb --no-defaults -S "$DIR/mysql/mysql.sock" -u root)
  mkdir -p "$DIR/mysql/data"
  if [[ $(id -u) -eq 0 ]]; then
    chown -R mysql "$DIR/mysql"
    user_opt=(--user=mysql)
  fi
  install_tls_files "$DIR/mysql/tls" mysql
  log "mariadb: install-db"
  mariadb-install-db --no-defaults --datadir="$DIR/mysql/data" "${user_opt[@]}" \
    --auth-root-authentication-method=normal --skip-test-db >"$DIR/mysql/install.log" 2>&1 ||
    die "mariadb-install-db failed: $(tail -5 "$DIR/mysql/install.log")"
  log "mariadb: starting on 127.0.0.1:$port"
  # setsid + nohup: the server outlives this script and ignores the caller's terminal.
  setsid nohup "$MYSQLD" --no-defaults --datadir="$DIR/mysql/data" "${user_opt[@]}" \
    --socket="$DIR/mysql/mysql.sock" --port="$port" --bind-address=127.0.0.1 \
    --pid-file="$DIR/mysql/mysqld.pid" --log-error="$DIR/mysql/error.log" --skip-name-resolve \
    --skip-log-bin --innodb-buffer-pool-size=128M --innodb-flush-log-at-trx-commit=0 \
    --character-set-server=utf8mb4 --collation-server=utf8mb4_general_ci \
    --ssl-ca="$DIR/tls/ca.crt" --ssl-cert="$DIR/mysql/tls/server.crt" \
    --ssl-key="$DIR/mysql/tls/server.key" \
    >/dev/null 2>&1 </dev/null &
  local waited=0
  until mariadb-admin --no-defaults -S "$DIR/mysql/mysql.sock" -u root ping >/dev/null 2>&1; do
    sleep 0.5; waited=$((waited + 1))
    ((waited < READY_TIMEOUT * 2)) || die "mariadb did not start: $(tail -5 "$DIR/mysql/error.log")"
  done
  MY_PORT=$port
  "${client[@]}" <<EOF
CREATE DATABASE chinook CHARACTER SET utf8mb4;
CREATE DATABASE demo CHARACTER SET utf8mb4;
CREATE DATABASE scratch CHARACTER SET utf8mb4;
CREATE USER 'askdb_admin'@'127.0.0.1' IDENTIFIED BY '$MY_ADMIN_PW';
GRANT ALL PRIVILEGES ON *.* TO 'askdb_admin'@'127.0.0.1' WITH GRANT OPTION;
CREATE USER 'askdb_reader'@'127.0.0.1' IDENTIFIED BY '$READER_PW';
GRANT SELECT ON chinook.* TO 'askdb_reader'@'127.0.0.1';
GRANT SELECT ON demo.* TO 'askdb_reader'@'127.0.0.1';
CREATE USER 'askdb_tls'@'127.0.0.1' IDENTIFIED BY '$READER_PW' REQUIRE SSL;
GRANT SELECT ON chinook.* TO 'askdb_tls'@'127.0.0.1';
EOF
  local base="mysql://askdb_admin:$MY_ADMIN_PW@127.0.0.1:$port"
  log "mariadb: loading Chinook and the demo database"
  "$LOADER" --target "$base/chinook" --sqlite "$CHINOOK" >/dev/null
  "$LOADER" --target "$base/demo" --demo >/dev/null
  "${client[@]}" chinook <<'EOF'
ALTER TABLE Artist COMMENT = 'Recording artists', MODIFY Name VARCHAR(120) COMMENT 'The artist''s name';
EOF
}

write_env() {
  local env=$DIR/env
  : >"$env"
  chmod 600 "$env"
  if want postgres; then
    cat >>"$env" <<EOF
export ASKDB_TEST_PG_URL='postgres://askdb_reader:$READER_PW@127.0.0.1:$PG_PORT/chinook'
export ASKDB_TEST_PG_DEMO_URL='postgres://askdb_reader:$READER_PW@127.0.0.1:$PG_PORT/demo'
export ASKDB_TEST_PG_ADMIN_URL='postgres://askdb_admin:$PG_ADMIN_PW@127.0.0.1:$PG_PORT/chinook'
export ASKDB_TEST_PG_SCRATCH_URL='postgres://askdb_admin:$PG_ADMIN_PW@127.0.0.1:$PG_PORT/scratch'
export ASKDB_TEST_PG_TLS_URL='postgres://askdb_tls:$READER_PW@127.0.0.1:$PG_PORT/chinook'
export ASKDB_TEST_PG_CA='$DIR/tls/ca.crt'
export ASKDB_TEST_STORE_URL='postgres://askdb_store:$STORE_PW@127.0.0.1:$PG_PORT/askdb_store'
EOF
  fi
  if want mysql; then
    cat >>"$env" <<EOF
export ASKDB_TEST_MYSQL_URL='mysql://askdb_reader:$READER_PW@127.0.0.1:$MY_PORT/chinook'
export ASKDB_TEST_MYSQL_DEMO_URL='mysql://askdb_reader:$READER_PW@127.0.0.1:$MY_PORT/demo'
export ASKDB_TEST_MYSQL_ADMIN_URL='mysql://askdb_admin:$MY_ADMIN_PW@127.0.0.1:$MY_PORT/chinook'
export ASKDB_TEST_MYSQL_SCRATCH_URL='mysql://askdb_admin:$MY_ADMIN_PW@127.0.0.1:$MY_PORT/scratch'
export ASKDB_TEST_MYSQL_TLS_URL='mysql://askdb_tls:$READER_PW@127.0.0.1:$MY_PORT/chinook'
export ASKDB_TEST_MYSQL_CA='$DIR/tls/ca.crt'
EOF
  fi
}

stop_all() {
  if [[ -n $PG_BIN && -f $DIR/pg/data/postmaster.pid ]]; then
    local user=postgres
    [[ $(id -u) -eq 0 ]] || user=$(id -un)
    as_user "$user" "$PG_BIN/pg_ctl" -D "$DIR/pg/data" -m immediate -w -t "$STOP_TIMEOUT" stop \
      >/dev/null 2>&1 || true
    local pid; pid=$(pg_pid)
    if pid_alive "$pid"; then kill -KILL "$pid" 2>/dev/null || true; fi
  fi
  local pid; pid=$(my_pid)
  if pid_alive "$pid"; then
    kill -TERM "$pid" 2>/dev/null || true
    local waited=0
    while pid_alive "$pid" && ((waited < STOP_TIMEOUT * 2)); do sleep 0.5; waited=$((waited + 1)); done
    if pid_alive "$pid"; then kill -KILL "$pid" 2>/dev/null || true; fi
  fi
  rm -rf "$DIR"
}

cmd=${1:-}
case $cmd in
  start)
    # Checked before anything is stopped: a missing openssl must not cost working servers.
    command -v openssl >/dev/null || die "openssl not found (install openssl)"
    if running; then cat "$DIR/env"; exit 0; fi
    stop_all
    # Leave nothing half-started behind: any exit before the env is written (a `die`, a
    # failed command under set -e, also inside start_postgres/start_mysql, or a signal)
    # stops what was started. An ERR trap would miss both `die` and failures inside
    # functions (no set -E).
    trap 'log "start failed; stopping"; stop_all' EXIT
    trap 'exit 1' INT TERM HUP
    mkdir -p "$DIR"
    ensure_loader
    PG_ADMIN_PW=$(random_password)
    MY_ADMIN_PW=$(random_password)
    READER_PW=$(random_password)
    STORE_PW=$(random_password)
    PG_PORT=""
    MY_PORT=""
    make_tls_files
    if want postgres; then start_postgres; fi
    if want mysql; then start_mysql; fi
    write_env
    trap - EXIT INT TERM HUP
    log "ready (stop with: scripts/db_servers.sh stop)"
    cat "$DIR/env"
    ;;
  env)
    [[ -f $DIR/env ]] || die "no servers running under $DIR; run: scripts/db_servers.sh start"
    cat "$DIR/env"
    ;;
  status)
    rc=0
    if want postgres; then
      if pid_alive "$(pg_pid)"; then log "postgres: running (pid $(pg_pid))"; else log "postgres: not running"; rc=1; fi
    fi
    if want mysql; then
      if pid_alive "$(my_pid)"; then log "mariadb: running (pid $(my_pid))"; else log "mariadb: not running"; rc=1; fi
    fi
    exit $rc
    ;;
  stop)
    stop_all
    log "stopped"
    ;;
  *)
    echo "usage: $0 start|stop|status|env" >&2
    exit 2
    ;;
esac
