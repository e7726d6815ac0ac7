#!/usr/bin/env bash
# E2E: plan step durations learned from earlier runs (docs/plans.md). The first `askdb ask`
# of a multi-step analysis estimates its SQL steps with the built-in default (1000 ms) and
# records what they took in <data dir>/step_durations.json; the second, a new process,
# estimates from those durations. A corrupt file is a warning and the defaults apply.
# Usage: step_durations_e2e.sh ASKDB_BINARY
set -euo pipefail
askdb=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
export ASKDB_HOME="$work/home"
unset OPENAI_BASE_URL OPENAI_MODEL OPENAI_API_KEY

"$askdb" demo --db "$work/demo/retail.sqlite" > /dev/null 2>&1 || fail "askdb demo"
db="sqlite:$work/demo/retail.sqlite"
q="全面分析一下2024年各大区的销售情况"

# sql_estimates JSON: the execute_sql steps' estimated_duration_ms, space-separated.
sql_estimates() {
  python3 -c '
import json, sys
d = json.loads(sys.argv[1])
assert d.get("route") == "analysis", d.get("route")
print(" ".join(str(s["estimated_duration_ms"]) for s in d["plan"]["steps"] if s["tool"] == "execute_sql"))
' "$1"
}

first=$("$askdb" --json ask "$q" --db "$db" 2> "$work/err1") || fail "first ask: $(cat "$work/err1")"
est1=$(sql_estimates "$first")
[[ -n $est1 ]] || fail "no SQL steps in the first plan"
for e in $est1; do [[ $e == 1000 ]] || fail "first run should use the default 1000 ms, got: $est1"; done
file=$(find "$ASKDB_HOME" -name step_durations.json | head -1)
[[ -n $file ]] || fail "no step_durations.json under $ASKDB_HOME"
grep -q 'execute_sql' "$file" || fail "no execute_sql samples in $file: $(cat "$file")"

second=$("$askdb" --json ask "$q" --db "$db" 2> "$work/err2") || fail "second ask: $(cat "$work/err2")"
est2=$(sql_estimates "$second")
for e in $est2; do
  [[ $e != 1000 ]] || fail "second run still estimates the default: $est2 (history: $(cat "$file"))"
done

# A corrupt file: a warning, and the defaults again.
echo '{"window": "many"}' > "$file"
third=$("$askdb" --json ask "$q" --db "$db" 2> "$work/err3") || fail "third ask: $(cat "$work/err3")"
grep -q "step durations in" "$work/err3" || fail "no warning for a corrupt file: $(cat "$work/err3")"
for e in $(sql_estimates "$third"); do [[ $e == 1000 ]] || fail "corrupt file: expected defaults"; done
echo "step_durations_e2e: all checks passed"
