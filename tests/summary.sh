#!/usr/bin/env bash
# tests/summary.sh [MAKE_STATUS]: add up the counts that tests/suite.sh
# recorded in $RESULTS/*.count, print one line per suite (with its wall
# and CPU seconds: make test runs suites side by side), then the total
# "N passed, N failed".  MAKE_STATUS is the exit status of the make run that
# ran the suites: when it is non-zero and no suite recorded a failure (a
# build broke before a suite could run), that counts as one failure.
# Exits 1 when anything failed.
set -u
results=${RESULTS:-build/test-results}
make_status=${1:-0}
total_p=0; total_f=0
echo "== summary"
for rec in "$results"/*.count; do
  [ -f "$rec" ] || continue
  read -r p f secs cpu < "$rec"
  printf '  %-28s %7d passed, %d failed  (%s s, %s s CPU)\n' "$(basename "$rec" .count)" "$p" "$f" \
    "${secs:-?}" "${cpu:-?}"
  total_p=$((total_p + p)); total_f=$((total_f + f))
done
if [ "$make_status" -ne 0 ] && [ "$total_f" -eq 0 ]; then
  echo "  make stopped with status $make_status before a suite could report: counted as one failure"
  total_f=1
fi
echo "$total_p passed, $total_f failed"
[ "$total_f" -eq 0 ]
