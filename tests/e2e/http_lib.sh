# JSON over HTTP for the shell e2e tests that drive a running `askdb serve` on 127.0.0.1:$port
# (no auth). Source it; set $port before calling.
# http METHOD PATH [BODY]: the JSON reply (exit 1 on a status >= 400).
http() {
  python3 - "$port" "$@" <<'PY'
import sys, urllib.request
port, method, path = sys.argv[1:4]
body = sys.argv[4].encode() if len(sys.argv) > 4 else None
req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=body, method=method,
                             headers={"content-type": "application/json"})
try:
    print(urllib.request.urlopen(req, timeout=60).read().decode())
except urllib.error.HTTPError as e:
    print(e.read().decode()); sys.exit(1)
PY
}
# get JSON PATH: the value at a dotted path ("result.rows.0.0").
get() { python3 -c 'import json,sys; v=json.loads(sys.argv[1]); [v:=v[k] if not k.isdigit() else v[int(k)] for k in sys.argv[2].split(".")]; print(v)' "$1" "$2"; }
# sse QUESTION THREAD: a run's SSE frames from GET /api/v1/stream/search, one JSON line each
# ({"event", "data"}), up to its result, error or done frame.
sse() {
  python3 - "$port" "$1" "$2" <<'PY'
import json, sys, urllib.parse, urllib.request
port, question, thread = sys.argv[1:4]
url = f"http://127.0.0.1:{port}/api/v1/stream/search?" + urllib.parse.urlencode(
    {"query": question, "threadId": thread})
event = None
with urllib.request.urlopen(url, timeout=90) as r:
    for raw in r:
        line = raw.decode().rstrip("\n")
        if line.startswith("event:"):
            event = line[6:].strip()
        elif line.startswith("data:") and event:
            print(json.dumps({"event": event, "data": json.loads(line[5:])}, ensure_ascii=False))
            if event in ("done", "run_error", "result"):
                break
PY
}
