#!/usr/bin/env bash
# E2E: `askdb llm ping` against the fake OpenAI-compatible server on loopback — a working
# configuration reports the model and latency; a missing model names the key to set; a
# server that is down is a clear "unavailable" error within the timeout.
# Usage: llm_ping_e2e.sh ASKDB_BINARY FAKE_SERVER_BINARY
set -euo pipefail
askdb=$1
fake=$2
work=$(mktemp -d)
fifo="$work/stdin"
mkfifo "$fifo"
"$fake" < "$fifo" > "$work/server.json" &
server_pid=$!
exec 3> "$fifo"  # keeps the server's stdin open; closing it stops the server
cleanup() { exec 3>&-; wait "$server_pid" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

for _ in $(seq 1 100); do [[ -s "$work/server.json" ]] && break; sleep 0.05; done
base_url=$(sed -E 's/.*"base_url":"([^"]+)".*/\1/' "$work/server.json")
[[ $base_url == http://127.0.0.1:* ]] || { echo "fake server did not start: $(cat "$work/server.json")"; exit 1; }

export ASKDB_HOME="$work/home"
fail() { echo "FAIL: $*"; exit 1; }

out=$(OPENAI_BASE_URL=$base_url OPENAI_MODEL=fake-model OPENAI_API_KEY=sk-test "$askdb" llm ping)
[[ $out == *"answered in"* ]] || fail "ping output: $out"

json=$(OPENAI_BASE_URL=$base_url OPENAI_MODEL=fake-model OPENAI_API_KEY=sk-test "$askdb" --json llm ping)
[[ $json == *'"latency_ms"'* ]] || fail "ping --json output: $json"

set +e
err=$(env -u OPENAI_MODEL OPENAI_BASE_URL=$base_url OPENAI_API_KEY=sk-test "$askdb" llm ping 2>&1 >/dev/null)
code=$?
set -e
[[ $code -ne 0 ]] || fail "ping without a model succeeded"
[[ $err == *model* ]] || fail "missing-model error does not name the key: $err"

set +e
err=$(OPENAI_BASE_URL=http://127.0.0.1:9/v1 OPENAI_MODEL=m OPENAI_API_KEY=k timeout 60 "$askdb" llm ping 2>&1 >/dev/null)
code=$?
set -e
[[ $code -eq 7 ]] || fail "unreachable server gave exit $code (want 7): $err"
echo "llm ping e2e: ok"
