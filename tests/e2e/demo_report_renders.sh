#!/usr/bin/env bash
# E2E: the README's main job on a fresh data directory writes an HTML report that renders
# offline in headless Chromium (every chart drawn) — checked on the DOM and a screenshot.
# Usage: demo_report_renders.sh ASKDB_BINARY [SCREENSHOT_OUT]
set -euo pipefail
askdb=$1
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
shot=${2:-$work/demo-report.png}

ASKDB_HOME="$work/home" NO_COLOR=1 "$askdb" demo --report "$work/demo-report.html" > "$work/out.txt"
grep -q "Report written to" "$work/out.txt" || { echo "demo did not report writing the report"; exit 1; }
"$here/check_report_renders.sh" "$work/demo-report.html" "$shot"
echo "demo report renders: $shot"
