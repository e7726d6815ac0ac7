#!/usr/bin/env bash
# E2E: schema levels through the schema manager on the user's path (docs/schema.md). A
# running `askdb serve` reads each request's level from the datasource's schema manager —
# consultation the basic level, data questions the detailed one — and the stream carries a
# "schema" event with "[Using cached schema]" when it came from the 30-minute cache. A table
# created while the server runs changes the structure fingerprint: the next question sees it.
# Usage: schema_refresh_e2e.sh ASKDB_BINARY
set -euo pipefail
askdb=$1
source "$(dirname "${BASH_SOURCE[0]}")/e2e_lib.sh"
source "$(dirname "${BASH_SOURCE[0]}")/http_lib.sh"

"$askdb" demo --db "$work/demo/retail.sqlite" > /dev/null 2>&1 || fail "askdb demo"
cp "$work/demo/retail.sqlite" "$work/shop.sqlite"
cp "$work/demo/retail.semantic.json" "$work/shop.semantic.json"

"$askdb" --log-level info serve --db "sqlite:$work/shop.sqlite" --port 0 --no-auth 2> "$work/serve.err" &
serve_pid=$!
wait_for_serve "$work/serve.err"

# schema_event FRAMES: the data of the first "schema" frame, or nothing.
schema_event() { grep '"event": "schema"' <<<"$1" | head -1; }
post() {
  python3 -c '
import json, sys, urllib.request
req = urllib.request.Request(f"http://127.0.0.1:{sys.argv[1]}/api/v1/ask",
    data=json.dumps({"query": sys.argv[2]}).encode(), method="POST",
    headers={"Content-Type": "application/json"})
print(urllib.request.urlopen(req, timeout=60).read().decode())
' "$port" "$1"
}

frames=$(sse "对本数据源提出一些分析建议" t1)
ev=$(schema_event "$frames")
[[ $ev == *'"level": "basic"'* && $ev == *'"from_cache": true'* && $ev == *'[Using cached schema]'* ]] ||
  fail "consultation schema event: $ev"

frames=$(sse "各门店类型的门店数量" t2)
ev=$(schema_event "$frames")
[[ $ev == *'"level": "detailed"'* && $ev == *'[Using cached schema]'* ]] || fail "data schema event: $ev"

# A table created while the server runs: the next question sees it.
before=$(post "how many suppliers are there")
[[ $before != *'"rows":[[3]]'* ]] || fail "suppliers answered before the table existed: $before"
python3 -c '
import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
c.executescript("""CREATE TABLE suppliers (supplier_id INTEGER PRIMARY KEY, name TEXT, city TEXT);
INSERT INTO suppliers VALUES (1, '"'"'Acme'"'"', '"'"'Shanghai'"'"'), (2, '"'"'Bolt'"'"', '"'"'Hangzhou'"'"'),
  (3, '"'"'Cobalt'"'"', '"'"'Nanjing'"'"');""")
c.commit()' "$work/shop.sqlite"
after=$(post "how many suppliers are there")
[[ $after == *'"rows":[[3]]'* ]] || fail "the new table was not seen: $after"
grep -q "the schema changed" "$work/serve.err" || fail "no log line for the schema change"

# askdb chat: a table created between two turns is seen by the next turn.
cp "$work/demo/retail.sqlite" "$work/chat.sqlite"
python3 - "$askdb" "$work/chat.sqlite" <<'PY' || fail "chat did not see the new table"
import json, sqlite3, subprocess, sys
askdb, db = sys.argv[1:3]
chat = subprocess.Popen([askdb, "--json", "chat", "--db", db], stdin=subprocess.PIPE,
                        stdout=subprocess.PIPE, text=True)
decoder = json.JSONDecoder()
def turn(question):
    chat.stdin.write(question + "\n")
    chat.stdin.flush()
    text = ""
    while True:
        line = chat.stdout.readline()
        if not line:
            sys.exit("chat ended early")
        text += line
        try:
            return decoder.decode(text)
        except json.JSONDecodeError:
            continue
first = turn("how many suppliers are there")
def rows(answer):
    return json.dumps((answer.get("result") or {}).get("rows"))
if rows(first) == "[[3]]":
    sys.exit("answered before the table existed")
c = sqlite3.connect(db)
c.executescript("""CREATE TABLE suppliers (supplier_id INTEGER PRIMARY KEY, name TEXT);
INSERT INTO suppliers VALUES (1, 'Acme'), (2, 'Bolt'), (3, 'Cobalt');""")
c.commit()
second = turn("how many suppliers are there")
chat.stdin.close()
chat.wait(timeout=30)
if rows(second) != "[[3]]":
    sys.exit("second turn: " + json.dumps(second, ensure_ascii=False)[:600])
PY
echo "schema_refresh_e2e: all checks passed"
