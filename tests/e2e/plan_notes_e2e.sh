#!/usr/bin/env bash
# E2E: the plan's notes for the person reach `askdb ask`'s output; the validator's silent
# repairs stay in the JSON (plan_warnings) and the log, never on the screen (docs/plans.md).
# 1. No model, a database with no money column, a sales report asked: the deterministic plan
#    notes that no column could be taken for sales — printed (under the steps, or with the
#    plan awaiting approval), in plan_notes and plan_warnings.
# 2. The scripted model plans an execute_sql step without a query_type: the validator infers
#    it ("had no query_type") — in plan_warnings of --json, not printed, no plan_notes.
# Usage: plan_notes_e2e.sh ASKDB_BINARY
set -euo pipefail
askdb=$1
source "$(dirname "${BASH_SOURCE[0]}")/e2e_lib.sh"

python3 - "$work/students.sqlite" <<'PY'
import sqlite3, sys
c = sqlite3.connect(sys.argv[1])
c.execute("CREATE TABLE students (id INTEGER PRIMARY KEY, name TEXT, age INTEGER, "
          "class_name TEXT, enrolled DATE)")
c.executemany("INSERT INTO students VALUES (?, ?, ?, ?, ?)",
              [(i, f"s{i}", 18 + i % 5, f"c{i % 3}", f"2024-0{1 + i % 9}-01") for i in range(1, 40)])
c.commit()
PY
students="sqlite:$work/students.sqlite"
note="no column could be taken for sales or revenue"
"$askdb" ask "Write a comprehensive sales analysis report" --db "$students" > "$work/out1" \
  2> "$work/err1" || fail "ask (students): $(cat "$work/err1")"
grep -q "^note: $note" "$work/out1" || fail "the plan's note is not printed: $(cat "$work/out1")"
"$askdb" ask "做一份全面的销售分析报告" --db "$students" > "$work/out1zh" 2> "$work/err1zh" ||
  fail "ask (students, zh): $(cat "$work/err1zh")"
grep -q "^注意：没有找到能确定为销售额或金额的列" "$work/out1zh" ||
  fail "the Chinese plan note is not printed: $(cat "$work/out1zh")"
# A plan awaiting approval shows its note too (exit 8: waiting for the person).
rc=0
"$askdb" ask "Write a comprehensive sales analysis report" --db "$students" --review-plan \
  > "$work/out1r" 2> "$work/err1r" || rc=$?
[[ $rc == 8 ]] || fail "review-plan exit $rc: $(cat "$work/err1r")"
grep -q "^note: $note" "$work/out1r" || fail "no note with the plan to approve: $(cat "$work/out1r")"
json=$("$askdb" --json ask "Write a comprehensive sales analysis report" --db "$students" \
  2> "$work/err1j") || fail "ask --json (students): $(cat "$work/err1j")"
python3 - "$json" "$note" <<'PY' || fail "plan_notes in --json: $json"
import json, sys
d, note = json.loads(sys.argv[1]), sys.argv[2]
assert d["plan_notes"][0].startswith(note), d["plan_notes"]
# The fixture's last month (2024-09) holds only its first day: the forecast step's note follows.
assert len(d["plan_notes"]) == 2, d["plan_notes"]
assert d["plan_notes"][1].startswith("the data's last month (2024-09) runs only to 2024-09-01"), d["plan_notes"]
assert d["plan_warnings"][:2] == d["plan_notes"], d["plan_warnings"]
PY

"$askdb" demo --db "$work/demo/retail.sqlite" > /dev/null 2>&1 || fail "askdb demo"
db="sqlite:$work/demo/retail.sqlite"
q="Write a comprehensive sales analysis report"
cat > "$work/rules.json" <<'RULES'
[{"match": "You are askdb's planner", "json": {"title": "Channels", "steps": [
   {"step_num": 1, "tool": "execute_sql", "purpose": "Revenue by channel",
    "input": "SELECT channel, SUM(total_amount) AS revenue FROM orders GROUP BY channel"}]}},
 {"match": "whether the data gathered so far is enough", "json": {"sufficient": true, "reason": "complete", "confidence": 0.9}},
 {"match": "Write the analysis report", "json": {"title": "Channels", "summary": "Revenue by channel is known.", "findings": [], "recommendations": []}}]
RULES
"$askdb" ask "$q" --db "$db" --llm "scripted:$work/rules.json" > "$work/out2" 2> "$work/err2" ||
  fail "ask (scripted): $(cat "$work/err2")"
grep -q "Revenue by channel" "$work/out2" || fail "the planned step did not run: $(cat "$work/out2")"
if grep -qi "query_type\|^note:" "$work/out2"; then
  fail "a validator repair reached the screen: $(cat "$work/out2")"
fi
"$askdb" --log-level info ask "$q" --db "$db" --llm "scripted:$work/rules.json" > /dev/null 2> "$work/err2" ||
  fail "ask --log-level info: $(cat "$work/err2")"
grep -q "plan: step 2 (execute_sql) had no query_type" "$work/err2" || fail "the repair is not in the log: $(cat "$work/err2")"
json=$("$askdb" --json ask "$q" --db "$db" --llm "scripted:$work/rules.json" 2> "$work/err2j") ||
  fail "ask --json (scripted): $(cat "$work/err2j")"
python3 - "$json" <<'PY' || fail "plan_warnings in --json: $json"
import json, sys
d = json.loads(sys.argv[1])
assert "plan_notes" not in d, d.get("plan_notes")
assert any("had no query_type" in w for w in d["plan_warnings"]), d["plan_warnings"]
PY
echo "plan_notes_e2e: all checks passed"
