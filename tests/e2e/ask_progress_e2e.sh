#!/usr/bin/env bash
# E2E: live progress of a plan's steps in `askdb ask` (docs/cli.md). On a terminal (a pseudo-
# terminal here: stderr must be a tty) each finished step is a line on stderr while the run
# goes on — before the answer is printed — beside the spinner; without a terminal (a pipe,
# a log file) each step state change is one plain line ("askdb: step 2/3 done in 12 ms: …"). The scripted model plans two SQL steps.
# Usage: ask_progress_e2e.sh ASKDB_BINARY
set -euo pipefail
askdb=$1
source "$(dirname "${BASH_SOURCE[0]}")/e2e_lib.sh"

"$askdb" demo --db "$work/demo/retail.sqlite" > /dev/null 2>&1 || fail "askdb demo"
db="sqlite:$work/demo/retail.sqlite"
cat > "$work/rules.json" <<'RULES'
[{"match": "You are askdb's planner", "json": {"title": "Channels and stores", "steps": [
   {"step_num": 1, "tool": "execute_sql", "purpose": "Revenue by channel",
    "input": "SELECT channel, SUM(total_amount) AS revenue FROM orders GROUP BY channel"},
   {"step_num": 2, "tool": "execute_sql", "purpose": "Orders by channel",
    "input": "SELECT channel, COUNT(*) AS orders FROM orders GROUP BY channel"}]}},
 {"match": "whether the data gathered so far is enough", "json": {"sufficient": true, "reason": "complete", "confidence": 0.9}},
 {"match": "Write the analysis report", "json": {"title": "Channels", "summary": "Channel revenue and orders are known.", "findings": [], "recommendations": []}}]
RULES

# On a pseudo-terminal: stdout and stderr both go to it, in the order written.
python3 - "$askdb" "$db" "$work/rules.json" > "$work/tty.txt" <<'PY' || fail "ask on a terminal: $(cat "$work/tty.txt")"
import os, pty, subprocess, sys
askdb, db, rules = sys.argv[1:4]
master, slave = pty.openpty()
p = subprocess.Popen([askdb, "--color", "never", "ask", "Write a comprehensive sales analysis report",
                      "--db", db, "--llm", "scripted:" + rules],
                     stdin=subprocess.DEVNULL, stdout=slave, stderr=slave)
os.close(slave)
out = b""
while True:
    try:
        chunk = os.read(master, 4096)
    except OSError:  # EIO: the child closed the terminal
        break
    if not chunk:
        break
    out += chunk
sys.stdout.write(out.decode("utf-8", "replace"))
sys.exit(p.wait())
PY
tty=$(tr -d '\r' < "$work/tty.txt")
for line in "✓ 2/3 Revenue by channel (3 rows)" "✓ 3/3 Orders by channel (3 rows)"; do
  [[ $tty == *"$line"* ]] || fail "no progress line '$line' on the terminal: $tty"
done
# Live: the step lines come before the answer (printed once the run has finished).
python3 - "$tty" <<'PY' || fail "the progress lines did not come before the answer: $tty"
import sys
t = sys.argv[1]
assert t.index("✓ 2/3 Revenue by channel") < t.index("✓ 3/3 Orders by channel") < t.index("Channel revenue and orders are known."), t
PY

# Through a pipe (a log): no spinner marks, one plain line per step state change, in order.
"$askdb" ask "Write a comprehensive sales analysis report" --db "$db" --llm "scripted:$work/rules.json" \
  > "$work/out" 2> "$work/err" || fail "ask through a pipe: $(cat "$work/err")"
grep -q "✓ 2/3" "$work/err" && fail "terminal progress lines written to a pipe: $(cat "$work/err")"
python3 - "$work/err" <<'PY' || fail "plain progress lines through a pipe: $(cat "$work/err")"
import re, sys
lines = [l for l in open(sys.argv[1], encoding="utf-8").read().splitlines() if l.startswith("askdb: ")]
want = [r"askdb: plan of 3 steps; step 1/3 running$",
        r"askdb: step 1/3 (done|retried, done after \d+ attempts) in \d+ ms: ",
        r"askdb: step 2/3 running$",
        r"askdb: step 2/3 done in \d+ ms: Revenue by channel \(3 rows\)$",
        r"askdb: step 3/3 running$",
        r"askdb: step 3/3 done in \d+ ms: Orders by channel \(3 rows\)$"]
assert len(lines) == len(want), lines
for line, pattern in zip(lines, want):
    assert re.match(pattern, line), (line, pattern)
PY
grep -q "Channel revenue and orders are known." "$work/out" || fail "no answer: $(cat "$work/out")"

# A plan waiting for approval runs nothing: no "step 1/3 running" until it is approved.
code=0
"$askdb" ask --review-plan "Write a comprehensive sales analysis report" --db "$db" \
  --llm "scripted:$work/rules.json" > "$work/wait_out" 2> "$work/wait_err" || code=$?
[[ $code == 8 ]] || fail "a plan under review should wait (exit 8), got $code: $(cat "$work/wait_err")"
grep -q "running" "$work/wait_err" && fail "a plan waiting for approval said a step runs: $(cat "$work/wait_err")"
echo "ask_progress_e2e: all checks passed"
