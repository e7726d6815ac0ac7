#!/usr/bin/env bash
# check_report_renders.sh REPORT.html OUT.png
#
# Opens an askdb HTML report in headless Chromium, with the network disabled, and checks
# that every chart container (data-askdb-chart="N") was drawn by ECharts: it must hold an
# <svg> with at least one <path>, and no container may carry data-askdb-error (set by the
# page when ECharts is missing or an option fails). Then saves a screenshot to OUT.png.
# Exits non-zero, saying what is missing, on any failure.
set -euo pipefail

if [[ $# -ne 2 ]]; then
  echo "usage: $0 REPORT.html OUT.png" >&2
  exit 2
fi
report=$1
out_png=$2
chromium=${CHROMIUM:-/usr/bin/chromium}

[[ -x "$chromium" ]] || { echo "check_report_renders: $chromium not found; install chromium (scripts/setup.sh)" >&2; exit 2; }
[[ -f "$report" ]] || { echo "check_report_renders: report $report does not exist" >&2; exit 2; }

report_url="file://$(cd "$(dirname "$report")" && pwd)/$(basename "$report")"
profile=$(mktemp -d)
dom=$(mktemp)
log=$(mktemp)
trap 'rm -rf "$profile" "$dom" "$log"' EXIT

# --proxy-server to a closed port plus --host-resolver-rules: any network request fails,
# so the page proves it needs nothing but itself.
flags=(--headless --no-sandbox --disable-gpu --disable-quic --no-first-run
  --disable-background-networking --disable-component-update --disable-sync
  --user-data-dir="$profile" --virtual-time-budget=5000
  --proxy-server=127.0.0.1:9 --host-resolver-rules="MAP * ~NOTFOUND")

if ! timeout 120 "$chromium" "${flags[@]}" --dump-dom "$report_url" >"$dom" 2>"$log"; then
  echo "check_report_renders: chromium --dump-dom failed:" >&2
  tail -20 "$log" >&2
  exit 1
fi

# Split the rendered DOM at each chart container; a container's part runs to the next one
# (or to </main>, which ends the report body before the initialising script).
result=$(awk '
  BEGIN { RS = "\001"; }
  {
    body = $0
    end = index(body, "</main>")
    if (end > 0) body = substr(body, 1, end - 1)
    n = split(body, parts, "data-askdb-chart=\"")
    containers = n - 1
    drawn = 0
    missing = ""
    for (i = 2; i <= n; i++) {
      if (index(parts[i], "<svg") > 0 && index(parts[i], "<path") > 0) drawn++
      else missing = missing " " substr(parts[i], 1, index(parts[i], "\"") - 1)
    }
    printf "%d %d%s\n", containers, drawn, missing
  }' "$dom")
read -r containers drawn missing <<<"$result"

errors=$(grep -o 'data-askdb-error="[^"]*"' "$dom" | sort -u | tr '\n' ' ' || true)
status=0
if [[ "$containers" -eq 0 ]]; then
  echo "check_report_renders: no chart containers (data-askdb-chart) in $report" >&2
  status=1
fi
if [[ "$drawn" -ne "$containers" ]]; then
  echo "check_report_renders: $drawn of $containers charts rendered an <svg> with <path>; not drawn: chart(s)$missing" >&2
  status=1
fi
if [[ -n "$errors" ]]; then
  echo "check_report_renders: the page reported chart errors: $errors" >&2
  status=1
fi
[[ $status -eq 0 ]] || exit $status

rm -f "$out_png"
if ! timeout 120 "$chromium" "${flags[@]}" --hide-scrollbars --window-size=1280,2000 \
    --screenshot="$out_png" "$report_url" >"$log" 2>&1; then
  echo "check_report_renders: chromium --screenshot failed:" >&2
  tail -20 "$log" >&2
  exit 1
fi
if [[ ! -s "$out_png" ]]; then
  echo "check_report_renders: no screenshot written to $out_png" >&2
  exit 1
fi
echo "check_report_renders: $drawn/$containers charts rendered; screenshot $out_png"
