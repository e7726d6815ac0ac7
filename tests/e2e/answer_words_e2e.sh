#!/usr/bin/env bash
# E2E: the words and numbers a person reads in `askdb ask`, `askdb sql` and `askdb schema`,
# from what the semantic model says (no model: the deterministic engine):
#  - money in a table has thousands separators, as in the prose (askdb sql and ask);
#  - a column with a unit in the model is headed with it ("销售额 (CNY)"), in table and prose;
#  - a Chinese answer shows a stored code's Chinese label ("线上 (online)");
#  - the engine's reading is said in Chinese in a Chinese run ("→ 分组", not "→ group");
#  - one number names the query's filters ("美国的销售额 (USD)：523.06。") and a duration in
#    ms also reads as minutes:seconds;
#  - `askdb schema --json` carries the model's business names and units;
#  - a NULL in an answer's table reads "(空)" / "—".
# The demo parts always run; the Chinook parts when ../shared/data/chinook is present.
# Usage: answer_words_e2e.sh ASKDB_BINARY
set -euo pipefail
askdb=$1
source "$(dirname "${BASH_SOURCE[0]}")/e2e_lib.sh"

"$askdb" demo --db "$work/demo/retail.sqlite" > /dev/null 2>&1 || fail "askdb demo"
db="sqlite:$work/demo/retail.sqlite"
# ask QUESTION [ARGS...]: stdout of a run that must answer.
ask() {
  local q=$1
  shift
  "$askdb" ask "$q" "$@" 2> "$work/err" || fail "ask $q: $(cat "$work/err")"
}

# 1. Money in tables reads as in the prose: askdb sql (money by its name) and askdb ask.
out=$("$askdb" sql --db "$db" "SELECT channel, SUM(total_amount) AS revenue FROM orders GROUP BY channel ORDER BY channel") ||
  fail "askdb sql"
grep -Eq '^online +[0-9]{1,3}(,[0-9]{3})+\.[0-9]{2}$' <<< "$out" || fail "askdb sql: money without separators: $out"

# 2 and 3. Units and labels on the demo (orders.total_amount in CNY, orders.channel labelled).
out=$(ask "各渠道的销售额" --db "$db")
grep -Eq '^渠道 +销售额 \(CNY\)$' <<< "$out" || fail "no unit in the table's header: $out"
grep -Eq '^线上 \(online\) +[0-9]{1,3}(,[0-9]{3})+\.[0-9]{2}$' <<< "$out" ||
  fail "no label, or money without separators, in the table: $out"
[[ $out == *"线上 (online)的销售额 (CNY)"* || $out == *"的销售额 (CNY)最高"* ]] ||
  fail "no unit or label in the prose: $out"
[[ $out == *"(共 3 行)"* ]] || fail "the table's footer is not in Chinese: $out"
# 4. The reading is Chinese in a Chinese run.
[[ $out == *"→ 分组 orders.channel"* ]] || fail "the reading is not in Chinese: $out"
[[ $out != *"→ group"* && $out != *"default for a measure"* ]] || fail "English in the reading: $out"
# An English run keeps the stored values and the engine's words.
out=$(ask "revenue by channel" --db "$db")
[[ $out == *"→ group orders.channel"* && $out != *"线上"* ]] || fail "the English run changed: $out"
[[ $out == *"revenue (CNY)"* ]] || fail "no unit in the English answer: $out"
[[ $out == *"(3 rows)"* ]] || fail "the English table's footer: $out"
# 5. One number names its filter, with the filter's Chinese label.
out=$(ask "线上的销售额" --db "$db")
[[ $out == *"线上的销售额 (CNY)："* ]] || fail "the one number does not name its filter: $out"

# An analysis without a model: its step tables and its findings read as one answer does.
out=$(ask "做一份全面的销售分析报告" --db "$db")
grep -Eq '^线上 \(online\) +[0-9]{1,3}(,[0-9]{3})+\.[0-9]{2}' <<< "$out" || fail "analysis step table: $out"
grep -Eq '^• .*线上 \(online\)的.* \(CNY\)最高' <<< "$out" || fail "analysis findings: $out"

# 6. schema --json carries the model's business names and units.
out=$("$askdb" --json schema --db "$db" --table orders) || fail "schema --json"
python3 - "$out" <<'PY' || fail "schema --json without the model's names: $out"
import json, sys
tables = json.loads(sys.argv[1])["tables"]
orders = next(t for t in tables if t["name"] == "orders")
assert orders["business_name"]["zh"], orders.get("business_name")
amount = next(c for c in orders["columns"] if c["name"] == "total_amount")
assert amount["business_name"]["zh"] and amount["unit"] == "CNY", amount
PY

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
chinook="$root/../shared/data/chinook/chinook.sqlite"
if [[ -f $chinook ]]; then
  cdb="sqlite:$chinook"
  model=(--semantic-model "$root/data/semantic/chinook.semantic.json")
  out=$(ask "美国的销售额" --db "$cdb" "${model[@]}")
  [[ $out == *"美国的销售额 (USD)：523.06。"* ]] || fail "Chinook: filter or unit missing: $out"
  out=$(ask "各流派的曲目数量" --db "$cdb" "${model[@]}")
  # The genre's Chinese label with its stored name; the COUNT with separators, as the chart shows it.
  grep -Eq '^摇滚 \(Rock\) +1,297$' <<< "$out" || fail "Chinook: no genre label: $out"
  out=$(ask "曲目的平均时长" --db "$cdb" "${model[@]}")
  [[ $out == *"平均时长 (ms)：393,599.21（6:34）。"* ]] || fail "Chinook: no minutes:seconds: $out"
  out=$("$askdb" --json schema --db "$cdb" "${model[@]}" --table Invoice) || fail "schema --json"
  [[ $out == *'"发票金额"'* && $out == *'"USD"'* ]] || fail "Chinook schema --json: $out"
  # 7. A mostly empty column (Customer.Company): its NULL reads as an empty cell, not NULL.
  cat > "$work/rules.json" <<'RULES'
[{"match": "(?s).", "json": {"sql": "SELECT Country, MAX(Company) AS Company, COUNT(*) AS Customers FROM Customer WHERE Country IN ('USA', 'Brazil', 'Norway') GROUP BY Country ORDER BY Country"}}]
RULES
  out=$(ask "各国客户都来自哪些公司？为什么会这样？" --db "$cdb" "${model[@]}" --llm "scripted:$work/rules.json")
  grep -Eq '^挪威 \(Norway\) +\(空\) +1$' <<< "$out" || fail "Chinook: NULL in the table: $out"
  [[ $out != *NULL* ]] || fail "Chinook: NULL in the answer: $out"
  out=$(ask "which companies do the customers of each country work for, and why?" --db "$cdb" \
    "${model[@]}" --llm "scripted:$work/rules.json")
  grep -Eq '^Norway +— +1$' <<< "$out" || fail "Chinook (en): NULL in the table: $out"
  [[ $out != *NULL* ]] || fail "Chinook (en): NULL in the answer: $out"
fi
echo "answer_words_e2e: all checks passed"
