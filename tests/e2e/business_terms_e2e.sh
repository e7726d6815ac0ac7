#!/usr/bin/env bash
# E2E: business terms on the user's path (docs/knowledge.md). `askdb demo` writes the demo's
# terms beside the database; `askdb ask` answers with them and no model, and with the scripted
# model a recalled term's meaning is in the SQL prompt; `askdb kb term`
# adds a term checked against the database (a definition that does not bind is refused and
# the file is unchanged), the next question uses it, `recall off` stops and `recall on`
# restores its use, and after `remove` it is gone.
# Usage: business_terms_e2e.sh ASKDB_BINARY
set -euo pipefail
askdb=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
export ASKDB_HOME="$work/home"
unset OPENAI_BASE_URL OPENAI_MODEL OPENAI_API_KEY

"$askdb" demo --db "$work/demo/retail.sqlite" > /dev/null 2>&1 || fail "askdb demo"
db="$work/demo/retail.sqlite"
terms="$work/demo/retail.terms.json"
[[ -f $terms ]] || fail "askdb demo wrote no $terms"

# field JSON KEY: one top-level field of an `askdb --json ask` answer.
field() { python3 -c 'import json,sys; print(json.dumps(json.loads(sys.argv[1])[sys.argv[2]], ensure_ascii=False))' "$1" "$2"; }

# The demo's data ends 2025-12-31, long before today: "上个月" could count from either date, so
# by default the engine asks for the period (nlq.time_anchor = "auto")...
out=$("$askdb" --json ask "上个月的净销售额" --db "$db" 2>/dev/null || true)
[[ $(field "$out" route) == '"not_answered"' ]] || fail "a relative period on old data was answered: $out"
[[ $(field "$out" answer) == *"2025-12-31"*"nlq.time_anchor"* ]] || fail "the refusal does not say why: $out"
[[ $(field "$out" answer) != *"列名"* ]] || fail "the refusal asks for column names, which would not help: $out"
# ... and once told to count from the data's latest date, answers with the term's meaning.
out=$(ASKDB_NLQ_TIME_ANCHOR=data "$askdb" --json ask "上个月的净销售额" --db "$db" 2>/dev/null) || fail "ask: $out"
[[ $(field "$out" route) == '"engine"' ]] || fail "not answered by the engine: $out"
[[ $(field "$out" llm_calls) == 0 ]] || fail "a model was called: $out"
[[ $(field "$out" sql) == *"status\\\" = 'completed'"* ]] || fail "the term's filter is missing: $(field "$out" sql)"
want=$(sqlite3 "$db" "SELECT SUM(total_amount) FROM orders WHERE status='completed' AND order_date >= '2025-11-01' AND order_date < '2025-12-01'")
python3 -c 'import json,sys; got=json.loads(sys.argv[1])["rows"][0][0]; assert abs(got-float(sys.argv[2]))<1e-6, (got, sys.argv[2])' "$out" "$want" \
  || fail "net sales last month: want $want, got $(field "$out" rows)"

# A question the engine leaves to the model: the term's meaning is in the SQL prompt (the
# scripted model writes the completed-orders SQL only when it reads it there).
cat > "$work/rules.json" <<'RULES'
[{"match": "(?s)Meaning \\(measure\\): SUM\\(orders.total_amount\\) over rows where orders.status = 'completed'",
  "json": {"sql": "SELECT SUM(total_amount) AS net FROM orders WHERE status = 'completed'"}},
 {"match": "(?s).", "json": {"sql": "SELECT SUM(total_amount) AS net FROM orders"}}]
RULES
# (A data question, not an analysis: "…做个对比分析" is classified multi_step_analysis since
# session 16, which plans instead of writing one SQL statement.)
out=$("$askdb" --json ask "净销售额的情况怎么样，和去年比怎么样" --db "$db" \
  --llm "scripted:$work/rules.json" 2> "$work/err") || fail "model ask: $(cat "$work/err")"
[[ $(field "$out" route) == '"llm"' ]] || fail "not answered by the model: $out"
[[ $(field "$out" sql) == *"status = 'completed'"* ]] || fail "the term did not reach the prompt: $out"

# A definition that does not bind: refused, naming the column; the file is unchanged.
cp "$terms" "$work/before.json"
if err=$("$askdb" kb term add 小额订单 --filter "orders.amount < 100" --db "$db" 2>&1); then
  fail "a term over orders.amount was accepted"
fi
[[ $err == *"orders.amount"* ]] || fail "the error does not name what does not bind: $err"
cmp -s "$terms" "$work/before.json" || fail "a refused term changed $terms"

"$askdb" kb term add 小额订单 --synonym "small orders" --filter "orders.total_amount < 100" \
  --db "$db" > /dev/null || fail "kb term add"
"$askdb" --json kb term list --db "$db" | grep -q '小额订单' || fail "kb term list lacks the term"
out=$("$askdb" --json ask "小额订单有多少" --db "$db" 2>/dev/null) || fail "ask: $out"
want=$(sqlite3 "$db" "SELECT COUNT(*) FROM orders WHERE total_amount < 100")
[[ $(field "$out" rows) == "[[$want]]" ]] || fail "small orders: want $want, got $(field "$out" rows)"

# The recall switch: off, the engine no longer reads the term (the definition is kept); on
# again, it answers as before.
"$askdb" kb term recall 小额订单 off --db "$db" > /dev/null || fail "kb term recall off"
"$askdb" kb term list --db "$db" | grep -q '小额订单.*\[recall off\]' || fail "list does not show recall off"
out=$("$askdb" --json ask "小额订单有多少" --db "$db" 2>/dev/null || true)
[[ $out != *"[[$want]]"* ]] || fail "a term switched off still answers: $out"
"$askdb" kb term recall 小额订单 on --db "$db" > /dev/null || fail "kb term recall on"
out=$("$askdb" --json ask "小额订单有多少" --db "$db" 2>/dev/null) || fail "ask after recall on: $out"
[[ $(field "$out" rows) == "[[$want]]" ]] || fail "recall on: want $want, got $(field "$out" rows)"
if err=$("$askdb" kb term recall 小额订单 maybe --db "$db" 2>&1); then fail "recall 'maybe' was accepted"; fi
[[ $err == *"on or off"* ]] || fail "a bad switch is not explained: $err"

"$askdb" kb term remove 小额订单 --db "$db" > /dev/null || fail "kb term remove"
out=$("$askdb" --json ask "小额订单有多少" --db "$db" 2>/dev/null || true)
[[ $out != *"[[$want]]"* ]] || fail "the removed term still answers: $out"
echo "business_terms_e2e: ok"
