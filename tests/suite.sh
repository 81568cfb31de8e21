#!/usr/bin/env bash
# tests/suite.sh NAME COMMAND...: run one test suite and record its counts.
#
# The command's output goes to the terminal and to $RESULTS/NAME.log.  Its
# counts are read from TAP lines ("ok", "not ok") when there are any, else
# from its last line of the form "[word:] N passed, N failed".  A suite that
# exits non-zero without reporting a failure counts one failure, so a crash
# or a build error is never a silent pass.  The counts go to
# $RESULTS/NAME.count as "PASSED FAILED SECONDS CPU-SECONDS" (its wall time,
# and the user + system time of everything it ran); tests/summary.sh adds
# them up.
# Exits as the command.
set -u
name=$1; shift
results=${RESULTS:-build/test-results}
mkdir -p "$results"
log="$results/$name.log"
echo "== $name: $*"
start=$(date +%s)
"$@" 2>&1 | tee "$log"
rc=${PIPESTATUS[0]}
secs=$(($(date +%s) - start))
# the children's user and system time: the second line of `times`, run in
# this shell (in a pipe or $(...) it would count a subshell's children)
times > "$results/$name.times"
cpu=$(tail -n 1 "$results/$name.times" | awk '{ t = 0; for (i = 1; i <= 2; i++) { split($i, m, /[ms]/); t += m[1] * 60 + m[2] } printf "%d", t + 0.5 }')
rm -f "$results/$name.times"
tap_ok=$(grep -c '^ok ' "$log")
tap_fail=$(grep -c '^not ok ' "$log")
if [ $((tap_ok + tap_fail)) -gt 0 ]; then
  passed=$tap_ok; failed=$tap_fail
else
  line=$(grep -E '^([A-Za-z0-9_.-]+: )?[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
  passed=$(printf '%s\n' "$line" | sed -nE 's/^([A-Za-z0-9_.-]+: )?([0-9]+) passed.*/\2/p')
  failed=$(printf '%s\n' "$line" | sed -nE 's/.* ([0-9]+) failed.*/\1/p')
  passed=${passed:-0}; failed=${failed:-0}
fi
if [ "$rc" -ne 0 ] && [ "$failed" -eq 0 ]; then
  echo "$name: exited with status $rc without reporting a failure: counted as one failure"
  failed=1
fi
echo "$passed $failed $secs ${cpu:-0}" > "$results/$name.count"
exit "$rc"
