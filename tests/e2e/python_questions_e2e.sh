#!/usr/bin/env bash
# E2E (issue 16): standalone forecast and outlier questions through `askdb ask` on the demo
# database with no model. Each runs its Python template in the sandbox; the forecast total and
# the outlier stores are recomputed here from the database with Python's sqlite3 module and
# plain arithmetic (not pandas, not the templates). A question with no measure ends unanswered
# saying what is missing.
# Usage: python_questions_e2e.sh ASKDB_BINARY
set -euo pipefail
askdb=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
export ASKDB_HOME="$work/home"
unset OPENAI_BASE_URL OPENAI_MODEL OPENAI_API_KEY
"$askdb" demo --db "$work/demo/retail.sqlite" > /dev/null 2>&1 || fail "askdb demo"
db="$work/demo/retail.sqlite"

ask() { "$askdb" --json ask "$1" --db "sqlite:$db" 2> "$work/err" || fail "ask '$1': $(cat "$work/err")"; }

# check.py KIND DB: reads the ask JSON on stdin; exits non-zero with the reason on a mismatch.
cat > "$work/check.py" <<'PY'
import json, sqlite3, sys
kind, db = sys.argv[1], sys.argv[2]
r = json.load(sys.stdin)
assert r["route"] == "analysis", f"route {r['route']}: {r['answer'][:300]}"
assert r["llm_calls"] == 0, r["llm_calls"]
steps = [s for s in r["steps"] if s["tool"] == "python_executor"]
assert len(steps) == 1 and steps[0]["success"], steps
values = steps[0]["python"]["output"]["values"]
con = sqlite3.connect(db)
if kind == "forecast":
    months = [v for _, v in con.execute(
        "SELECT substr(order_date, 1, 7) AS m, SUM(total_amount) FROM orders GROUP BY m ORDER BY m")]
    last12, prev12 = sum(months[-12:]), sum(months[-24:-12])
    expected = sum(months[-12 + k] * last12 / prev12 for k in range(3))
    got = values["forecast_total"]
    assert abs(got - expected) <= 1e-6 * expected, (got, expected)
else:
    rows = list(con.execute(
        "SELECT s.name, SUM(o.total_amount) FROM orders o JOIN stores s ON o.store_id = s.store_id "
        "GROUP BY s.store_id"))
    totals = sorted(v for _, v in rows)
    def quantile(q):  # linear interpolation, as numpy's default
        pos = q * (len(totals) - 1)
        lo = int(pos)
        hi = min(lo + 1, len(totals) - 1)
        return totals[lo] + (totals[hi] - totals[lo]) * (pos - lo)
    q1, q3 = quantile(0.25), quantile(0.75)
    low, high = q1 - 1.5 * (q3 - q1), q3 + 1.5 * (q3 - q1)
    expected = {n for n, v in rows if v < low or v > high}
    got = set(values["outliers"].keys())
    assert expected and got == expected, (got, expected)
print("ok", kind)
PY

for q in "预测下个季度的销售额" "forecast next quarter's revenue"; do
  ask "$q" | python3 "$work/check.py" forecast "$db" > "$work/out" 2>&1 || fail "$q: $(cat "$work/out")"
done
for q in "哪些门店的销售额异常" "which stores have abnormal sales"; do
  ask "$q" | python3 "$work/check.py" outliers "$db" > "$work/out" 2>&1 || fail "$q: $(cat "$work/out")"
done
# A cue word with nothing on the schema to forecast keeps its ordinary route: unanswered (exit
# non-zero), no step run.
out=$("$askdb" --json ask "预测下个季度的天气" --db "sqlite:$db" 2> "$work/err") && fail "an unanswerable forecast exited 0"
python3 -c 'import json,sys; r=json.loads(sys.argv[1]); assert r["route"]=="not_answered" and not r.get("steps"), r' "$out" \
  || fail "a forecast without a measure: $out"
# Another kind in another phrasing: a correlation, Pearson's r recomputed here from its own SQL.
cat > "$work/corr.py" <<'PY'
import json, math, sqlite3, sys
r = json.load(sys.stdin)
assert r["route"] == "analysis" and r["llm_calls"] == 0, r["answer"][:300]
steps = [s for s in r["steps"] if s["tool"] == "python_executor"]
assert len(steps) == 1 and steps[0]["success"], steps
got = steps[0]["python"]["output"]["values"]["strongest"]["r"]
rows = list(sqlite3.connect(sys.argv[1]).execute(
    "SELECT SUM(total_amount), SUM(discount_amount) FROM orders GROUP BY substr(order_date, 1, 7)"))
n = len(rows); xs = [a for a, _ in rows]; ys = [b for _, b in rows]
mx, my = sum(xs) / n, sum(ys) / n
cov = sum((x - mx) * (y - my) for x, y in rows)
expected = cov / math.sqrt(sum((x - mx) ** 2 for x in xs) * sum((y - my) ** 2 for y in ys))
assert abs(got - expected) < 1e-9, (got, expected)
print("ok correlation", got)
PY
ask "Is there a correlation between discount amount and total amount?" \
  | python3 "$work/corr.py" "$db" > "$work/out" 2>&1 || fail "correlation: $(cat "$work/out")"
echo "python_questions_e2e: all checks passed"
