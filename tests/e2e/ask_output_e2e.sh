#!/usr/bin/env bash
# E2E: what `askdb ask` prints on the demo (no model), read as a user would:
#  - money keeps two decimals in the answer on SQLite (a REAL, money by its name):
#    2025-07's sales are 5,835,751.60, not 5,835,751.6 (and the store channel's average order
#    amount 3,126.60);
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
[[ $out == *"销售额：5,835,751.60。"* ]] || fail "money without its two decimals: $out"
out=$(ask "average order amount by channel")
[[ $out == *"store has the highest average order amount at 3,126.60"* ]] ||
  fail "money without its two decimals (en): $out"

# The engine abstains (a word no data holds: 斑马) on 2019, before the data's first date.
out=$(ask "2019年有多少个斑马订单" 8)
[[ $out == *"路线 未回答"* ]] || fail "expected an abstention: $out"
reason=$(grep -c "斑" <<< "$out" || true)
[[ $reason == 1 ]] || fail "the reason is printed $reason times: $out"
[[ $out == *"所问的时段 2019-01-01 至 2019-12-31 不在其中"* ]] ||
  fail "no outside-the-data note on the abstention: $out"
echo "ask_output_e2e: all checks passed"
