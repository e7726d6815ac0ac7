#!/usr/bin/env bash
# E2E: what `askdb ask` prints on the demo (no model), read as a user would:
#  - money keeps two decimals in the answer on SQLite (a REAL, money by its name):
#    2025-07's sales are 5,835,751.60, not 5,835,751.6 (and the store channel's average order
#    amount 3,126.60); on Chinook a model's SUM(Total) AS Total too (the semantic model gives
#    Invoice.Total a currency unit; without it, the engine takes it as the money column);
#  - a one-number answer prints its number once (the answer line, no figure line above it);
#  - an abstention states its reason once (not under "not answered:" and again in the answer),
#    and over a period the data does not reach says so (rephrasing would find nothing either).
# Usage: ask_output_e2e.sh ASKDB_BINARY
set -euo pipefail
askdb=$1
source "$(dirname "${BASH_SOURCE[0]}")/e2e_lib.sh"

"$askdb" demo --db "$work/demo/retail.sqlite" > /dev/null 2>&1 || fail "askdb demo"
db="sqlite:$work/demo/retail.sqlite"
# ask QUESTION [EXIT]: stdout; the exit code must be EXIT (0; 8: not answered).
ask() {
  local rc=0
  "$askdb" ask "$1" --db "$db" 2> "$work/err" || rc=$?
  [[ $rc == "${2:-0}" ]] || fail "ask $1: exit $rc: $(cat "$work/err")"
}

out=$(ask "2025年7月的销售额")
# The one number names its period and its unit (CNY in the demo's semantic model).
[[ $out == *"2025年7月的销售额 (CNY)：5,835,751.60。"* ]] || fail "money without its two decimals: $out"
# A Chinese run names the request type in Chinese, as the web UI does (not "data_query").
[[ $out == *"类型 数据查询 · 路线 确定性引擎"* ]] || fail "the header's type is not in Chinese: $out"
# A one number is printed once: in the answer line, not again above it as a figure.
for q in "how many customers are there" "有多少客户"; do
  out=$(ask "$q")
  times=$(grep -o "8,000" <<< "$out" | wc -l)
  [[ $times == 1 ]] || fail "$q: the number is printed $times times: $out"
done
out=$(ask "average order amount by channel")
[[ $out == *"store has the highest average order amount (CNY) at 3,126.60"* ]] ||
  fail "money without its two decimals (en): $out"

# The engine abstains (a word no data holds: 斑马) on 2019, before the data's first date.
out=$(ask "2019年有多少个斑马订单" 8)
[[ $out == *"路线 未回答"* ]] || fail "expected an abstention: $out"
reason=$(grep -c "斑" <<< "$out" || true)
[[ $reason == 1 ]] || fail "the reason is printed $reason times: $out"
[[ $out == *"所问的时段 2019-01-01 至 2019-12-31 不在其中"* ]] ||
  fail "no outside-the-data note on the abstention: $out"
# Chinook: a model writes SUM(Total) AS Total — a plain REAL on SQLite, under a name that says
# nothing of money. With the semantic model beside the file (Invoice.Total in USD), and without
# it (the engine's one money column: a total on the dated Invoice table), the table and the
# answer show two decimals (France 195.10, not 195.1).
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
chinook="$root/../shared/data/chinook/chinook.sqlite"
if [[ -f $chinook ]]; then
  mkdir -p "$work/named" "$work/bare"
  cp "$chinook" "$work/named/chinook.sqlite"
  cp "$root/data/semantic/chinook.semantic.json" "$work/named/chinook.semantic.json"
  cp "$chinook" "$work/bare/chinook.sqlite"
  cat > "$work/money_rules.json" <<'RULES'
[{"match": "(?s).", "json": {"sql": "SELECT BillingCountry, SUM(Total) AS Total FROM Invoice WHERE BillingCountry IN ('France', 'Brazil') GROUP BY BillingCountry ORDER BY Total DESC"}}]
RULES
  q="which billing countries bring in the most money, and why do you think that is?"
  out=$("$askdb" ask "$q" --db "sqlite:$work/named/chinook.sqlite" \
    --llm "scripted:$work/money_rules.json" 2> "$work/err") || fail "ask (Chinook): $(cat "$work/err")"
  [[ $out == *"195.10"* && $out == *"190.10"* ]] ||
    fail "Invoice.Total (USD in the model) without two decimals: $out"
  out=$("$askdb" ask "$q" --db "sqlite:$work/bare/chinook.sqlite" \
    --llm "scripted:$work/money_rules.json" 2> "$work/err") || fail "ask (bare Chinook): $(cat "$work/err")"
  [[ $out == *"195.10"* && $out == *"total 385.20"* ]] ||
    fail "the engine's money column (Invoice.Total) without two decimals: $out"
fi
echo "ask_output_e2e: all checks passed"
