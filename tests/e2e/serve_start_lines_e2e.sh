#!/usr/bin/env bash
# E2E: what `askdb serve` prints while it starts. Line 1 at once names the address and the
# database whose schema it loads (it was silent for seconds, as if hung); on the first start
# a later line holds the admin API key; the last line is "listening on URL" when it listens. A
# server URL's password is never printed.
# Usage: serve_start_lines_e2e.sh ASKDB_BINARY
set -euo pipefail
askdb=$1
source "$(dirname "${BASH_SOURCE[0]}")/e2e_lib.sh"

"$askdb" demo > /dev/null 2>&1 || fail "askdb demo"
"$askdb" serve --port 0 2> "$work/serve.log" &
serve_pid=$!
wait_for_serve "$work/serve.log"
line1=$(sed -n 1p "$work/serve.log")
# The key's line, not line 2: warnings while the datasource loads can come between.
key_line=$(grep "admin API key, created now" "$work/serve.log" || true)
[[ $line1 == "askdb serve: starting on 127.0.0.1 (a free port); loading the schema of sqlite:"*"retail.sqlite ..." ]] ||
  fail "line 1 is not the starting line: $(cat "$work/serve.log")"
[[ $key_line =~ askdb_[0-9a-f]+_[A-Za-z0-9_-]+ ]] || fail "no line holds the API key: $(cat "$work/serve.log")"
[[ $(tail -1 "$work/serve.log") == "listening on http://127.0.0.1:$port" ]] ||
  fail "the last line is not the ready line: $(cat "$work/serve.log")"
kill "$serve_pid"; wait "$serve_pid" 2>/dev/null || true; serve_pid=

# A second start: the key exists, so the starting line is followed by the ready line.
"$askdb" serve --port 0 2> "$work/serve2.log" &
serve_pid=$!
wait_for_serve "$work/serve2.log"
[[ $(wc -l < "$work/serve2.log") == 2 ]] || fail "second start: $(cat "$work/serve2.log")"

# A server's password stays hidden (the start fails: nothing listens there), also in a URL
# that does not parse: an unknown scheme, a bad port, a broken % escape.
for url in 'postgres://u:s3cret@127.0.0.1:9/x' 'postgresql+psycopg2://u:s3cret@h/db' \
           'postgres://u:s3cret@127.0.0.1:99999/x' 'postgres://u:s3cret%zz@127.0.0.1:9/x'; do
  "$askdb" serve --port 0 --db "$url" 2> "$work/pg.log" < /dev/null || true
  grep -q "starting on" "$work/pg.log" || fail "no starting line for $url: $(cat "$work/pg.log")"
  ! grep -q s3cret "$work/pg.log" || fail "the password was printed: $(cat "$work/pg.log")"
done
echo "serve_start_lines_e2e: all checks passed"
