#!/usr/bin/env bash
# E2E: `askdb ask|chat|sql --user/--token` run under the user's data permissions (issue 18,
# docs/permissions.md "The CLI"). Two analysts (region 华东 / 华南) and one row rule on
# regions (name_zh = {user.region}) made with `askdb users` and `askdb users rule`; each asks
# the same question and gets only their region's 2024 sales, equal to sqlite3's figure on the
# raw file; `askdb sql` is filtered the same way; a wrong password is refused (exit 5,
# audited), too many in a minute are throttled (exit 7); without --user everything is seen.
# Usage: cli_user_e2e.sh ASKDB_BINARY
set -euo pipefail
askdb=$1
source "$(dirname "${BASH_SOURCE[0]}")/e2e_lib.sh"

"$askdb" demo --db "$work/retail.sqlite" > /dev/null 2>&1 || fail "askdb demo"
db="sqlite:$work/retail.sqlite"

ASKDB_PASSWORD=east-pass-1 "$askdb" users add ann --role analyst --attr region=华东 > /dev/null ||
  fail "users add ann"
ASKDB_PASSWORD=south-pass-1 "$askdb" users add bob --role analyst --attr region=华南 > /dev/null ||
  fail "users add bob"
# A grant of an agent that does not exist is refused, naming it, and nothing is stored.
if ASKDB_PASSWORD=other-pass-1 "$askdb" users add cy --agent no_such_agent 2> "$work/agent.err"; then
  fail "a grant of a missing agent was accepted"
fi
grep -q "no agent 'no_such_agent'" "$work/agent.err" || fail "missing agent not named: $(cat "$work/agent.err")"
listed=$("$askdb" --json users list)
[[ $listed != *'"cy"'* ]] || fail "the user with a missing agent was stored"
rule=$("$askdb" --json users rule add --db "$db" \
  '{"grantee_kind":"role","grantee":"analyst","kind":"row","table":"regions","predicate":"name_zh = {user.region}"}') ||
  fail "users rule add"
rule_id=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1])["id"])' "$rule")
"$askdb" --json users rule list | grep -q "$rule_id" || fail "rule $rule_id not listed"
# A rule that does not fit the catalog is refused with the reason and not stored.
if "$askdb" users rule add --db "$db" \
  '{"grantee_kind":"role","grantee":"analyst","kind":"row","table":"no_such_table","predicate":"x = 1"}' \
  2> "$work/bad.err"; then fail "a rule on a missing table was accepted"; fi
grep -qi "no_such_table" "$work/bad.err" || fail "bad rule error does not name the table: $(cat "$work/bad.err")"
# A rule for an account that does not exist would restrict nobody: refused, naming it.
if "$askdb" users rule add --db "$db" \
  '{"grantee_kind":"user","grantee":"annn","kind":"hide","table":"customers","column":"segment"}' \
  2> "$work/grantee.err"; then fail "a rule for a missing user was accepted"; fi
grep -q "no user 'annn'" "$work/grantee.err" || fail "missing grantee not named: $(cat "$work/grantee.err")"
[[ $("$askdb" --json users rule list | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["rules"]))') == 1 ]] ||
  fail "the refused rule was stored"

truth() {  # truth REGION: 2024 sales of the region straight from the file
  sqlite3 "$work/retail.sqlite" "SELECT printf('%.2f', SUM(o.total_amount)) FROM orders o
    JOIN stores s ON s.store_id = o.store_id JOIN cities c ON c.city_id = s.city_id
    JOIN regions g ON g.region_id = c.region_id
    WHERE o.order_date >= '2024-01-01' AND o.order_date < '2025-01-01' AND g.name_zh = '$1'"
}
# check_rows JSON REGION: exactly one row, the region's, with sqlite3's figure.
check_rows() {
  python3 - "$1" "$2" "$(truth "$2")" <<'PY' || fail "rows for $2: $1"
import json, sys
out, region, want = json.loads(sys.argv[1]), sys.argv[2], float(sys.argv[3])
rows = out["rows"]
assert len(rows) == 1, f"{len(rows)} rows"
names = [v for v in rows[0] if isinstance(v, str)]
nums = [v for v in rows[0] if isinstance(v, (int, float))]
assert names == [region], names
assert abs(nums[0] - want) < 0.01, (nums, want)
assert region in out.get("permissions", ""), out.get("permissions")
PY
}

q="2024年各地区的销售额"
out=$(ASKDB_PASSWORD=east-pass-1 "$askdb" --json ask --user ann "$q" --db "$db") || fail "ask as ann"
check_rows "$out" 华东
out=$(ASKDB_PASSWORD=south-pass-1 "$askdb" --json ask --user bob "$q" --db "$db") || fail "ask as bob"
check_rows "$out" 华南
# Asked again: the answer cache keeps the two apart.
out=$(ASKDB_PASSWORD=east-pass-1 "$askdb" --json ask --user ann "$q" --db "$db") || fail "ask as ann again"
check_rows "$out" 华东
# Without --user: every region, no note.
out=$("$askdb" --json ask "$q" --db "$db") || fail "ask without a user"
python3 -c 'import json,sys; o=json.loads(sys.argv[1]); assert len(o["rows"]) >= 3 and "permissions" not in o, o' "$out" ||
  fail "without --user: $out"

# askdb chat --user: questions piped into the real binary, a follow-up included; each turn
# holds exactly the user's region with sqlite3's figure for the turn's year, and the note.
truth_year() {  # truth_year REGION YEAR
  sqlite3 "$work/retail.sqlite" "SELECT printf('%.2f', SUM(o.total_amount)) FROM orders o
    JOIN stores s ON s.store_id = o.store_id JOIN cities c ON c.city_id = s.city_id
    JOIN regions g ON g.region_id = c.region_id
    WHERE o.order_date >= '$2-01-01' AND o.order_date < '$(($2 + 1))-01-01' AND g.name_zh = '$1'"
}
check_chat() {  # check_chat USER PASSWORD REGION
  printf '2024年各地区的销售额\n那2023年呢？\n/exit\n' |
    ASKDB_PASSWORD=$2 "$askdb" --json chat --user "$1" --db "$db" > "$work/chat_$1.jsonl" 2> "$work/chat_$1.err" ||
    fail "chat as $1: $(cat "$work/chat_$1.err")"
  python3 - "$work/chat_$1.jsonl" "$3" "$(truth_year "$3" 2024)" "$(truth_year "$3" 2023)" <<'PY' ||
import json, sys
turns = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
region, want = sys.argv[2], [float(sys.argv[3]), float(sys.argv[4])]
assert len(turns) == 2, f"{len(turns)} turns"
for turn, figure in zip(turns, want):
    rows = turn["result"]["rows"]
    assert len(rows) == 1, rows
    assert [v for v in rows[0] if isinstance(v, str)] == [region], rows
    nums = [v for v in rows[0] if isinstance(v, (int, float))]
    assert abs(nums[0] - figure) < 0.01, (nums, figure)
    assert region in turn.get("permissions", ""), turn.get("permissions")
PY
    fail "chat as $1: $(cat "$work/chat_$1.jsonl")"
}
check_chat bob south-pass-1 华南
check_chat ann east-pass-1 华东
# A wrong password ends chat before any question (exit 5).
set +e
printf '2024年各地区的销售额\n' | ASKDB_PASSWORD=not-the-password "$askdb" chat --user bob --db "$db" > "$work/chat_wrong.out" 2>&1
code=$?
set -e
[[ $code == 5 ]] || fail "chat with a wrong password: exit $code (want 5): $(cat "$work/chat_wrong.out")"
grep -q "华东\|华南" "$work/chat_wrong.out" && fail "chat answered with a wrong password"

# askdb sql: the statement is rewritten for the user.
out=$(ASKDB_PASSWORD=east-pass-1 "$askdb" --json sql --user ann "SELECT name_zh FROM regions ORDER BY 1" --db "$db") ||
  fail "sql as ann"
python3 -c 'import json,sys; o=json.loads(sys.argv[1]); assert o["rows"] == [["华东"]], o["rows"]; assert "华东" in o["permissions"]' "$out" ||
  fail "sql as ann: $out"
all=$(sqlite3 "$work/retail.sqlite" "SELECT COUNT(*) FROM regions")
out=$("$askdb" --json sql "SELECT name_zh FROM regions" --db "$db") || fail "sql without a user"
python3 -c 'import json,sys; assert len(json.loads(sys.argv[1])["rows"]) == int(sys.argv[2])' "$out" "$all" ||
  fail "sql without a user is filtered: $out"
# The human-readable answer carries the note too.
ASKDB_PASSWORD=south-pass-1 "$askdb" sql --user bob "SELECT name_zh FROM regions" --db "$db" > "$work/bob.txt" ||
  fail "sql as bob (text)"
grep -q "Data permissions: .*华南" "$work/bob.txt" || fail "no permission note: $(cat "$work/bob.txt")"
grep -q "华东" "$work/bob.txt" && fail "bob sees 华东: $(cat "$work/bob.txt")"

# A wrong password is refused (exit 5, JSON error, audited once).
set +e
ASKDB_PASSWORD=not-the-password "$askdb" --json sql --user ann "SELECT 1" --db "$db" > "$work/wrong.out" 2> "$work/wrong.err"
code=$?
set -e
[[ $code == 5 ]] || fail "wrong password: exit $code (want 5): $(cat "$work/wrong.err")"
grep -q "wrong user name or password" "$work/wrong.err" || fail "wrong password message: $(cat "$work/wrong.err")"
grep -q '"code"' "$work/wrong.out" || fail "no JSON error for a wrong password"
sqlite3 "$ASKDB_HOME"/data/askdb_server.sqlite \
  "SELECT COUNT(*) FROM audit_log WHERE action = 'sign_in_failed' AND target = 'user:ann' AND client = 'cli'" \
  > "$work/audits" 2>/dev/null || find "$ASKDB_HOME" -name askdb_server.sqlite
[[ $(cat "$work/audits") == 1 ]] || fail "the failed sign-in was not audited once: $(cat "$work/audits")"
# A session token from POST /api/v1/auth/login of askdb serve (same data directory) signs in.
"$askdb" serve --db "$db" --port 0 2> "$work/serve.err" &
serve_pid=$!
wait_for_serve "$work/serve.err"
token=$(python3 -c '
import json, sys, urllib.request
req = urllib.request.Request(f"http://127.0.0.1:{sys.argv[1]}/api/v1/auth/login",
    data=json.dumps({"name": "bob", "password": "south-pass-1"}).encode(),
    headers={"Content-Type": "application/json"})
print(json.load(urllib.request.urlopen(req, timeout=30))["token"])' "$port") || fail "login over HTTP"
kill "$serve_pid"; wait "$serve_pid" 2>/dev/null || true; serve_pid=
out=$("$askdb" --json sql --token "$token" "SELECT name_zh FROM regions" --db "$db") || fail "sql with bob's token"
python3 -c 'import json,sys; o=json.loads(sys.argv[1]); assert o["rows"] == [["华南"]], o["rows"]' "$out" ||
  fail "sql with bob's token: $out"
# A token that is no live session is refused.
set +e
"$askdb" sql --token askdbs_forged "SELECT 1" --db "$db" 2> "$work/token.err"
code=$?
set -e
[[ $code == 5 ]] || fail "a forged token: exit $code (want 5): $(cat "$work/token.err")"

# Throttled after auth.max_sign_in_failures (5) failures in a minute, before any password check.
for _ in 1 2 3 4; do
  ASKDB_PASSWORD=not-the-password "$askdb" sql --user ann "SELECT 1" --db "$db" 2>/dev/null && fail "wrong password accepted"
done
set +e
ASKDB_PASSWORD=east-pass-1 "$askdb" sql --user ann "SELECT 1" --db "$db" 2> "$work/throttle.err"
code=$?
set -e
[[ $code == 7 ]] || fail "after 5 failures: exit $code (want 7): $(cat "$work/throttle.err")"
grep -q "too many failed sign-ins" "$work/throttle.err" || fail "throttle message: $(cat "$work/throttle.err")"

# Removing the rule lifts it.
"$askdb" users rule remove "$rule_id" > /dev/null || fail "rule remove"
out=$(ASKDB_PASSWORD=south-pass-1 "$askdb" --json sql --user bob "SELECT name_zh FROM regions" --db "$db") ||
  fail "sql as bob after the rule was removed"
python3 -c 'import json,sys; o=json.loads(sys.argv[1]); assert len(o["rows"]) == int(sys.argv[2]) and "permissions" not in o, o' "$out" "$all" ||
  fail "after removing the rule: $out"
echo "cli_user_e2e: ok"
