#!/usr/bin/env bash
# E2E: a new user's first questions are about the data itself. From a clean HOME, after
# `askdb demo`, `askdb ask "有哪些表"` answers with the demo's tables (business names, row
# counts; route schema, no model, no SQL), "orders表有哪些字段" with the columns of orders, a
# table the database lacks with the tables it has, and `askdb chat` the same way; "how many
# tables" is not read as one.
# Usage: schema_question_e2e.sh ASKDB_BINARY
set -euo pipefail
askdb=$1
source "$(dirname "${BASH_SOURCE[0]}")/e2e_lib.sh"

export HOME="$work/home"
unset ASKDB_HOME
mkdir -p "$HOME"
"$askdb" demo > /dev/null 2>&1 || fail "askdb demo"

out=$("$askdb" ask "有哪些表" 2> "$work/err") || fail "ask 有哪些表: $(cat "$work/err")"
[[ $out == *"可以查询的表有 9 张"* ]] || fail "no table list: $out"
[[ $out == *"- orders（订单）：60,000 行"* ]] || fail "orders without its business name or rows: $out"
[[ $out == *"路线 表结构"* ]] || fail "the header does not name the schema route: $out"

json=$("$askdb" ask "有哪些表" --json 2> "$work/err") || fail "ask --json: $(cat "$work/err")"
python3 - "$json" <<'PY' || fail "the JSON result: $json"
import json, sys
r = json.loads(sys.argv[1])
assert r["route"] == "schema", r["route"]
assert not r.get("sql"), r.get("sql")
assert r.get("llm_calls", 0) == 0
PY

out=$("$askdb" ask "orders表有哪些字段" 2> "$work/err") || fail "ask columns: $(cat "$work/err")"
[[ $out == *"orders（订单）有 9 个字段（60,000 行）"* ]] || fail "no column list: $out"
[[ $out == *"- total_amount  REAL  订单金额（单位 CNY）"* ]] || fail "no unit: $out"
[[ $out == *"引用 customers.customer_id"* ]] || fail "no reference: $out"

out=$("$askdb" ask "describe the salaries table" 2> "$work/err") || fail "ask unknown: $(cat "$work/err")"
[[ $out == *'There is no table "salaries". The tables you can query are: '*"orders"* ]] ||
  fail "an unknown table is not named with the tables there are: $out"

out=$(printf 'what tables are there\n' | "$askdb" chat 2> "$work/err") || fail "chat: $(cat "$work/err")"
[[ $out == *"There are 9 tables you can query"* ]] || fail "chat does not answer: $out"

rc=0
out=$("$askdb" ask "how many tables" --json 2> "$work/err") || rc=$?
[[ $out != *'"route":"schema"'* ]] || fail "how many tables read as a schema question: $out"
echo "schema_question_e2e: ok"
