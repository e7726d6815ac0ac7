#!/usr/bin/env bash
# E2E: Ctrl-C during `askdb ask` and a turn of `askdb chat` (docs/cli.md). The first SIGINT
# cancels the run: it stops at its next check (here inside a long statement, whose progress
# handler sees the token), says so on stderr, exits 130 and writes no report; the checkpoint
# store stays usable (the next question answers). In chat the conversation goes on. The
# scripted model plans one slow SQL step and one quick one.
# Usage: ask_interrupt_e2e.sh ASKDB_BINARY
set -euo pipefail
askdb=$1
source "$(dirname "${BASH_SOURCE[0]}")/e2e_lib.sh"

"$askdb" demo --db "$work/demo/retail.sqlite" > /dev/null 2>&1 || fail "askdb demo"
db="sqlite:$work/demo/retail.sqlite"
cat > "$work/rules.json" <<'RULES'
[{"match": "You are askdb's planner", "json": {"title": "Slow", "steps": [
   {"step_num": 1, "tool": "execute_sql", "purpose": "A long count",
    "input": "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 2000000000) SELECT COUNT(*) AS n FROM c"},
   {"step_num": 2, "tool": "execute_sql", "purpose": "Orders by channel",
    "input": "SELECT channel, COUNT(*) AS orders FROM orders GROUP BY channel"}]}},
 {"match": "whether the data gathered so far is enough", "json": {"sufficient": true, "reason": "complete", "confidence": 0.9}},
 {"match": "Write the analysis report", "json": {"title": "Slow", "summary": "Done.", "findings": [], "recommendations": []}}]
RULES

# SIGINT once the slow step runs (its "running" line on stderr); SIGINT is reset to its
# default in the child (a background job of a script would ignore it).
python3 - "$askdb" "$db" "$work/rules.json" "$work/report.html" > "$work/result.txt" <<'PY' || fail "$(cat "$work/result.txt")"
import os, select, signal, subprocess, sys, time
askdb, db, rules, report = sys.argv[1:5]
p = subprocess.Popen([askdb, "ask", "Write a comprehensive sales analysis report", "--db", db,
                      "--llm", "scripted:" + rules, "--report", report],
                     stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                     preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
# Until the slow step runs (its progress line, when stderr lines are printed for a pipe) or
# 4 s — either way the run is busy: the slow count alone takes minutes.
err = b""
deadline = time.monotonic() + 4
os.set_blocking(p.stderr.fileno(), False)
while b"step 2/3 running" not in err and time.monotonic() < deadline:
    if p.poll() is not None:
        print("askdb ended before Ctrl-C:", p.returncode, err.decode()); sys.exit(1)
    ready, _, _ = select.select([p.stderr], [], [], 0.1)
    if ready:
        err += p.stderr.read() or b""
time.sleep(0.5)
os.set_blocking(p.stderr.fileno(), True)
start = time.monotonic()
p.send_signal(signal.SIGINT)
out, rest = p.communicate(timeout=60)
err += rest
elapsed = time.monotonic() - start
print(f"rc={p.returncode} elapsed={elapsed:.2f}")
print(err.decode())
if p.returncode != 130: sys.exit(1)
if elapsed > 5: sys.exit(1)
PY
result=$(cat "$work/result.txt")
[[ $result == *"askdb: interrupted: stopping the run"* ]] || fail "no interrupt notice: $result"
[[ $result == *"no report was written"* ]] || fail "the error does not say the report was not written: $result"
[[ -e "$work/report.html" ]] && fail "a report was written after Ctrl-C"
ls "$work" | grep -q "report.html" && fail "a partial report file was left: $(ls "$work")"
# The checkpoint store and the data directory are whole: the next question answers.
"$askdb" ask "how many customers per segment" --db "$db" > "$work/next.txt" 2>&1 \
  || fail "the next question failed: $(cat "$work/next.txt")"
grep -q "8,000" "$work/next.txt" || fail "the next question's answer: $(cat "$work/next.txt")"
# askdb chat: Ctrl-C stops the turn, not the conversation. A first question answered shows
# the loop is running; Ctrl-C lands inside the slow analysis; the next line is answered and
# /exit ends the session with status 0.
python3 - "$askdb" "$db" "$work/rules.json" > "$work/chat.txt" <<'PY' || fail "chat: $(cat "$work/chat.txt")"
import os, select, signal, subprocess, sys, time
askdb, db, rules = sys.argv[1:4]
p = subprocess.Popen([askdb, "chat", "--db", db, "--llm", "scripted:" + rules],
                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                     preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
def send(line):
    p.stdin.write((line + "\n").encode()); p.stdin.flush()
send("how many customers per segment")
out = b""
deadline = time.monotonic() + 60
os.set_blocking(p.stdout.fileno(), False)
while b"8,000" not in out and time.monotonic() < deadline and p.poll() is None:
    ready, _, _ = select.select([p.stdout], [], [], 0.1)
    if ready:
        out += p.stdout.read() or b""
if b"8,000" not in out:
    print("the first question was not answered:", p.poll(), out.decode()); sys.exit(1)
os.set_blocking(p.stdout.fileno(), True)
send("Write a comprehensive sales analysis report")
time.sleep(2)  # inside the slow count, which alone takes minutes
if p.poll() is not None:
    print("chat ended before Ctrl-C:", p.returncode); sys.exit(1)
p.send_signal(signal.SIGINT)
send("how many customers per segment")
rest, err = p.communicate(b"/exit\n", timeout=60)
out += rest
print(f"rc={p.returncode}"); print(out.decode()); print(err.decode())
if p.returncode != 0 or out.count(b"8,000") < 2: sys.exit(1)
PY
grep -q "that question stopped" "$work/chat.txt" || fail "chat: no notice that the turn stopped: $(cat "$work/chat.txt")"

echo "ask_interrupt_e2e: $(head -1 "$work/result.txt") after SIGINT; chat goes on after Ctrl-C; all checks passed"
