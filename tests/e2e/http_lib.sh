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
