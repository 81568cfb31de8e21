#!/usr/bin/env bash
# scripts/demo.sh [--report-only]: what `make demo` shows (make has run
# `deps` and built everything first).  Every vector file against every
# available adapter, the rule coverage, then the reports in reports/out/
# (index.html, summary.md, results.json) and a short summary per adapter.
# The oracle's reading of a few edge cases comes first, unless
# --report-only (`make report`).
#
# Exit status: 0 when the reports are written (discrepancies of third-party
# adapters are the point of the demo, not a failure), 2 when something
# needed is missing or a step fails.
set -u
cd "$(dirname "$0")/.." || exit 2
B=${BUILD:-build}
OUT=${REPORT_OUT:-reports/out}
UT=$B/bin/uritest
report_only=0
[ "${1:-}" = "--report-only" ] && report_only=1

step=0
steps=4
[ $report_only -eq 1 ] && steps=3
say() { step=$((step + 1)); printf '\n== [%d/%d] %s\n' "$step" "$steps" "$*"; }
die() { echo "demo: $*" >&2; exit 2; }

[ -x "$UT" ] || die "$UT is not built (libjansson-dev missing? run: make deps && make)"
mkdir -p "$OUT"

if [ $report_only -eq 0 ]; then
  say "the oracle reads a few edge cases (rfc3986 explain)"
  for u in 'http://[::ffff:1.2.3.4]:8080/a/./b?q#f' './this:that'; do
    echo "-- $u"
    "$B/bin/rfc3986" explain "$u"
  done
  echo "-- two readings of one string (an invalid one): http://1.1.1.1 &@2.2.2.2# @3.3.3.3/"
  "$B/bin/rfc3986" explain 'http://1.1.1.1 &@2.2.2.2# @3.3.3.3/'
fi

say "the adapters on this machine"
"$UT" adapters || die "uritest adapters failed"

say "every vector file against every available adapter (results: $OUT/results.jsonl)"
progress=--progress
[ -t 2 ] || progress=--no-progress
start=$(date +%s)
"$UT" run $progress --format text --output "$OUT/results.jsonl" > "$OUT/run.txt"
rc=$?
[ $rc -le 1 ] || die "uritest run failed with status $rc (see $OUT/run.txt)"
echo "done in $(( $(date +%s) - start )) s; every discrepancy, as text: $OUT/run.txt"
if [ $report_only -eq 0 ]; then # (make report has made it)
  echo "rule coverage of the vectors: $OUT/rule-coverage.json"
  make --no-print-directory -s rule-coverage > "$OUT/rule-coverage.log" 2>&1 ||
    echo "demo: rule coverage left out (see $OUT/rule-coverage.log)"
fi

say "the reports"
"$UT" report --quiet "$OUT/results.jsonl" || die "uritest report failed"
# The terminal summary: per adapter, passed, failed by class, security-relevant.
if command -v jq > /dev/null; then
  jq -r '.adapters | to_entries[] | .value as $a |
    "\(.key) (\($a.library)): \($a.passed) passed, \($a.failed) failed, \($a.security_relevant) security-relevant"
    + (if $a.unsupported > 0 then ", \($a.unsupported) unsupported" else "" end)
    + ([$a.by_class | to_entries[] | select(.key != "PASS" and .key != "UNSUPPORTED") | "\n    \(.key) \(.value)"] | join(""))' \
    "$OUT/results.json"
else
  sed -n '/^| total |/,/^| security-relevant |/p' "$OUT/summary.md"
fi
"$UT" site -o "$OUT/site" "$OUT/results.jsonl" > /dev/null || die "uritest site failed"
echo
echo "Open the discrepancy matrix:  file://$PWD/$OUT/index.html"
echo "The static site (matrix, a page per adapter, badges, JSON API): file://$PWD/$OUT/site/index.html"
echo "For a pull request or CI log: $OUT/summary.md   (all results as JSON: $OUT/results.json)"
[ -f "$OUT/coverage/index.html" ] && echo "Code coverage of the oracle:  file://$PWD/$OUT/coverage/index.html"
exit 0
