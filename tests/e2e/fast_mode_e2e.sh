#!/usr/bin/env bash
# E2E: fast-mode detection (docs/pipeline.md, "Fast mode"). A simple lookup is answered with
# its rows and no chart; a question that is not one keeps its chart.
# Usage: fast_mode_e2e.sh ASKDB_BINARY
set -euo pipefail
askdb=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
export ASKDB_HOME="$work/home"
unset OPENAI_BASE_URL OPENAI_MODEL OPENAI_API_KEY
"$askdb" demo --db "$work/demo/retail.sqlite" > /dev/null 2>&1 || fail "askdb demo"
db="sqlite:$work/demo/retail.sqlite"
# has KEY JSON: "yes" when the result JSON has a non-null KEY.
has() { python3 -c 'import json,sys; print("yes" if json.loads(sys.argv[2]).get(sys.argv[1]) is not None else "no")' "$1" "$2"; }

out=$("$askdb" --json ask "统计客户数量" --db "$db" 2> "$work/err") || fail "fast ask: $(cat "$work/err")"
[[ $(has rows "$out") == yes ]] || fail "fast question has no rows: $out"
[[ $(has chart "$out") == no ]] || fail "fast question still has a chart"
out=$("$askdb" --json ask "2024年各大区的销售额" --db "$db" 2> "$work/err") || fail "full ask: $(cat "$work/err")"
[[ $(has chart "$out") == yes ]] || fail "full question lost its chart"
echo "fast_mode_e2e: all checks passed"
