#!/usr/bin/env bash
# fuzz/smoke.sh SECONDS TARGET...: every fuzz target for a short fixed time
# (make fuzz-smoke, part of make test).  libFuzzer builds only, so it runs
# where AFL++ cannot: each target replays the whole seed corpus
# ($FUZZ_DIR/seeds, every vector input) and then fuzzes until SECONDS have
# passed.  A diff target also checks, when it starts, that every behaviour of
# its adapter's behaviours.json still holds on its own example.  Prints TAP,
# one line per target; a crash, an invariant failure or an unexplained
# disagreement is "not ok" with the finding, and the input is kept in
# $FUZZ_DIR/smoke-crashes/TARGET/ for `uritest triage`.
#
# A target listed in fuzz/BEHAVIOURS-TODO (its adapter's behaviours.json does
# not yet explain every disagreement fuzzing meets) runs with
# FUZZ_DIFF_SURVEY=1 for the whole time: its unexplained disagreements are
# counted and the first shown, not fatal ("ok ... (fuzz/BEHAVIOURS-TODO)");
# a sanitizer error or a failed self-check still fails it; running clean is
# said (take it off the list when it stays so), not failed: a rare class can go
# unmet in a short run.  -seed=1: the same inputs each run, as far as the
# machine's speed allows.
set -u
secs=$1; shift
dir=${FUZZ_DIR:-build/fuzz}
todo_file=fuzz/BEHAVIOURS-TODO
echo "1..$(($# + 1))"
n=0 failed=0
seeds=$(find "$dir/seeds" -type f ! -name .done | wc -l)
for t in "$@"; do
  n=$((n + 1))
  bin=$dir/libfuzzer/$t
  if [ ! -x "$bin" ]; then
    echo "not ok $n - $t: $bin is not built"; failed=$((failed + 1)); continue
  fi
  todo=$(awk -v t="$t" '$1 == t' "$todo_file" 2>/dev/null)
  work=$(mktemp -d)
  crashes=$dir/smoke-crashes/$t
  mkdir -p "$work/corpus" "$crashes"
  log=$work/log
  # survey mode prints every disagreement: keep the first unexplained ones
  # and count them, not the whole stream
  FUZZ_DIFF_SURVEY=${todo:+1} "$bin" -seed=1 -max_total_time="$secs" -dict=fuzz/uri.dict -print_final_stats=1 \
    -artifact_prefix="$crashes/" "$work/corpus" "$dir/seeds" 2>&1 |
    awk -v un="$work/unexplained" -v survey="${todo:+1}" '
      /^FUZZ-FINDING / && /"known": null/ { if (n++ < 3) print > un; next }
      /^FUZZ-FINDING / && survey != "" { next }
      { print }
      END { print n + 0 > (un ".count") }' > "$log"
  rc=${PIPESTATUS[0]}
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  nun=$(cat "$work/unexplained.count" 2>/dev/null || echo 0)
  if [ -n "$todo" ] && [ "$rc" -eq 0 ] && [ "$nun" -gt 0 ]; then
    echo "ok $n - $t: ${secs}s, ${runs:-?} runs, $seeds seeds replayed, no crash; $nun unexplained disagreement(s) (fuzz/BEHAVIOURS-TODO), the first:"
    head -n 1 "$work/unexplained" | cut -c1-400 | sed 's/^/# /'
  elif [ -n "$todo" ] && [ "$rc" -eq 0 ]; then
    # not a failure: a rare class may go unmet in a short run (a flaky test)
    echo "ok $n - $t: ${secs}s, ${runs:-?} runs, no unexplained disagreement this time: if it stays so, take it off fuzz/BEHAVIOURS-TODO"
  elif [ "$rc" -eq 0 ]; then
    echo "ok $n - $t: ${secs}s, ${runs:-?} runs, $seeds seeds replayed, no crash"
  else
    failed=$((failed + 1))
    echo "not ok $n - $t: exit $rc"
    [ -f "$work/unexplained" ] && head -n 2 "$work/unexplained" | sed 's/^/# /'
    grep -E '^(FUZZ-FINDING|adapters/.*/behaviours.*json|SUMMARY|==[0-9]+==ERROR)|runtime error' "$log" | head -n 5 | sed 's/^/# /'
    echo "# input kept in $crashes/ (build/bin/uritest triage $crashes)"
  fi
  rm -rf "$work"
done
# Every behaviour of adapters/*/behaviours.json and every finding of fuzz/findings/ has
# its vector, or one retired in vectors/RETIRED (uritest triage --known would write
# nothing new).
n=$((n + 1))
if out=$(${PYTHON:-/usr/bin/python3} -m fuzz.triage --known --dry-run --no-minimize fuzz/findings 2>&1); then
  echo "ok $n - every known divergence class and recorded finding has its regression vector"
else
  failed=$((failed + 1))
  echo "not ok $n - vectors missing (run: build/bin/uritest triage --known fuzz/findings)"
  printf '%s\n' "$out" | grep -v '^triage: new' | head -n 10 | sed 's/^/# /'
fi
echo "fuzz-smoke: $((n - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
