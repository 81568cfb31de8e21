#!/usr/bin/env bash
# fuzz/smoke.sh TARGET...: every fuzz target replays a committed corpus, no
# exploration (make fuzz-smoke; in make test, on the targets
# fuzz/oss-fuzz/build.sh built).  libFuzzer builds only ($FUZZ_BINS/TARGET,
# default $FUZZ_DIR/libfuzzer/TARGET), so it runs where AFL++ cannot.  Each target runs, once each and nothing
# else (-runs=0: no mutation), every vector input ($FUZZ_DIR/seeds) and the
# inputs that campaigns found and fuzz/corpus.sh pruned into
# fuzz/corpus/TARGET/.  The same inputs every time, whatever the machine,
# its load or its address layout: the smoke cannot meet a class by chance.
# A diff target also checks, when it starts, that every behaviour of its
# adapter's behaviours.json still holds on its own example.  Prints TAP, one
# line per target; a crash, an invariant failure or an unexplained
# disagreement is "not ok" with the finding, and the input is kept in
# $FUZZ_DIR/smoke-crashes/TARGET/ for `uritest triage`.
#
# Exploration (new inputs) is a campaign's job: make fuzz, ClusterFuzzLite's
# batch runs (.clusterfuzzlite/README.md); fuzz/corpus.sh keeps the inputs
# that add coverage, uritest triage turns the findings into vectors.
#
# A target listed in fuzz/BEHAVIOURS-TODO (its adapter's behaviours.json does
# not yet explain every disagreement its corpus meets) runs with
# FUZZ_DIFF_SURVEY=1: its unexplained disagreements are counted and the
# first shown, not fatal ("ok ... (fuzz/BEHAVIOURS-TODO)"); a sanitizer
# error or a failed self-check still fails it; running clean is said (take
# it off the list), not failed.
set -u
dir=${FUZZ_DIR:-build/fuzz}
todo_file=fuzz/BEHAVIOURS-TODO
echo "1..$(($# + 1))"
n=0 failed=0
root=$(pwd)
abs() { case $1 in /*) printf '%s' "$1" ;; *) printf '%s' "$root/$1" ;; esac; }
seeds=$(find "$dir/seeds" -maxdepth 1 -type f ! -name .done | wc -l)
for t in "$@"; do
  n=$((n + 1))
  bin=${FUZZ_BINS:-$dir/libfuzzer}/$t
  if [ ! -x "$bin" ]; then
    echo "not ok $n - $t: $bin is not built"; failed=$((failed + 1)); continue
  fi
  todo=$(awk -v t="$t" '$1 == t' "$todo_file" 2>/dev/null)
  work=$(mktemp -d)
  crashes=$dir/smoke-crashes/$t
  mkdir -p "$crashes"
  log=$work/log
  t0=$(date +%s%N)
  corpus=$(abs "${FUZZ_CORPUS:-fuzz/corpus}")/$t
  kept=0
  [ -d "$corpus" ] && kept=$(find "$corpus" -maxdepth 1 -type f ! -name 'README*' | wc -l)
  inputs=("$(abs "$dir/seeds")")
  # survey mode prints every disagreement: keep the first unexplained ones
  # and count them, not the whole stream
  [ "$kept" -gt 0 ] && inputs+=("$corpus")
  FUZZ_DIFF_SURVEY=${todo:+1} "$(abs "$bin")" -runs=0 -dict="$root/fuzz/uri.dict" \
    -print_final_stats=1 -artifact_prefix="$(abs "$crashes")/" "${inputs[@]}" 2>&1 |
    awk -v un="$work/unexplained" -v survey="${todo:+1}" '
      /^INFO: +[0-9]+ files found in / { next }
      /^FUZZ-FINDING / && /"known": null/ { if (n++ < 3) print > un; next }
      /^FUZZ-FINDING / && survey != "" { next }
      { print }
      END { print n + 0 > (un ".count") }' > "$log"
  rc=${PIPESTATUS[0]}
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  t1=$(date +%s%N)
  secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", (b - a) / 1e9 }')
  rate=$(awk -v a="$t0" -v b="$t1" -v r="${runs:-0}" 'BEGIN { printf "%d", (b > a) ? r * 1e9 / (b - a) : 0 }')
  nun=$(cat "$work/unexplained.count" 2>/dev/null || echo 0)
  if [ -n "$todo" ] && [ "$rc" -eq 0 ] && [ "$nun" -gt 0 ]; then
    echo "ok $n - $t: ${runs:-?} runs (${secs:-?}s, ${rate:-?} execs/s), $seeds seeds and $kept corpus inputs replayed, no crash; $nun unexplained disagreement(s) (fuzz/BEHAVIOURS-TODO), the first:"
    head -n 1 "$work/unexplained" | cut -c1-400 | sed 's/^/# /'
  elif [ -n "$todo" ] && [ "$rc" -eq 0 ]; then
    echo "ok $n - $t: ${runs:-?} runs (${secs:-?}s, ${rate:-?} execs/s), no unexplained disagreement: take it off fuzz/BEHAVIOURS-TODO"
  elif [ "$rc" -eq 0 ]; then
    echo "ok $n - $t: ${runs:-?} runs (${secs:-?}s, ${rate:-?} execs/s), $seeds seeds and $kept corpus inputs replayed, no crash"
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
