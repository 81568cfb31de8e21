#!/usr/bin/env bash
# fuzz/smoke.sh RUNS TARGET...: every fuzz target for a fixed number of runs
# (make fuzz-smoke, part of make test).  libFuzzer builds only, so it runs
# where AFL++ cannot: each target replays the whole seed corpus
# ($FUZZ_DIR/seeds, every vector input) and then fuzzes until RUNS inputs
# (the replayed seeds included) have run.  A diff target also checks, when it
# starts, that every behaviour of its adapter's behaviours.json still holds on
# its own example.  Prints TAP, one line per target; a crash, an invariant
# failure or an unexplained disagreement is "not ok" with the finding, and the
# input is kept in $FUZZ_DIR/smoke-crashes/TARGET/ for `uritest triage`.
#
# As deterministic as libFuzzer allows, so a machine's load changes how
# long it takes, never what it runs: a fixed seed (-seed=1) and a fixed run
# count, never a wall-clock budget; the seeds replayed in the order of their
# names (libFuzzer reads a seed folder in readdir order, which differs from
# one file system to the next, and the order seeds replay in steers every
# mutation after them: a CI machine met inputs this one never did); no
# comparison-operand feedback (-use_cmp=0: its operands include pointer
# values), no re-reading of the corpus folder (-reload=0: timed), and
# address space randomization off for the fuzzer (setarch -R, where the
# system allows it; the first TAP comment says whether it did).  What is
# left: an AddressSanitizer build explores a little differently from one
# address layout to the next (measured: 2 of 6 runs of diff_appendix-b with
# randomization on; none with it off, or without ASan), and the layout also
# moves with the command line and the environment, so another machine can
# still meet inputs this one did not.  The defence is behaviour files that
# explain every class a survey of many seeds meets, not luck.
#
# The order: libFuzzer reads the folders it is given in the order given, so
# each seed is linked alone into a folder of its own (0, 1, ... in
# hexadecimal, in the order of the seeds' own names) and the folders are
# named in that order.  (-seed_inputs=@LIST would say the same, but its
# parser copies what is left of the list once per name: quadratic.)
#
# A target listed in fuzz/BEHAVIOURS-TODO (its adapter's behaviours.json does
# not yet explain every disagreement fuzzing meets) runs with
# FUZZ_DIFF_SURVEY=1 for the whole time: its unexplained disagreements are
# counted and the first shown, not fatal ("ok ... (fuzz/BEHAVIOURS-TODO)");
# a sanitizer error or a failed self-check still fails it; running clean is
# said (take it off the list when it stays so), not failed.
set -u
runs_max=$1; shift
dir=${FUZZ_DIR:-build/fuzz}
todo_file=fuzz/BEHAVIOURS-TODO
echo "1..$(($# + 1))"
n=0 failed=0
root=$(pwd)
abs() { case $1 in /*) printf '%s' "$1" ;; *) printf '%s' "$root/$1" ;; esac; }
# seed_dirs SEEDS LINKS: link each seed of SEEDS alone into a folder of
# LINKS, in sorted order; write the folders' names, one a line, to
# LINKS/.dirs and print how many
seed_dirs() {
  "${PYTHON:-/usr/bin/python3}" -c '
import os, shutil, sys
src, dst = sys.argv[1:3]
names = sorted(n for n in os.listdir(src)
               if n != ".done" and os.path.isfile(os.path.join(src, n)))
dirs = ["%x" % i for i in range(len(names))]
for n, d in zip(names, dirs):
    os.mkdir(os.path.join(dst, d))
    try:
        os.link(os.path.join(src, n), os.path.join(dst, d, "seed"))
    except OSError:
        shutil.copyfile(os.path.join(src, n), os.path.join(dst, d, "seed"))
with open(os.path.join(dst, ".dirs"), "w") as f:
    f.write("".join(d + "\n" for d in dirs))
print(len(names))' "$1" "$2"
}
links=$(mktemp -d "$dir/smoke-seeds.XXXXXX")
trap 'rm -rf "$links"' EXIT
seeds=$(seed_dirs "$dir/seeds" "$links") || { echo "fuzz-smoke: cannot order the seeds of $dir/seeds" >&2; exit 1; }
mapfile -t seed_folders < "$links/.dirs"
norand=
if setarch -R true 2>/dev/null; then
  norand="setarch -R"
  echo "# address space randomization: off (setarch -R)"
else
  echo "# address space randomization: on (setarch -R is refused here): a run may explore otherwise than the last"
fi
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
  t0=$(date +%s%N)
  (cd "$links" && FUZZ_DIFF_SURVEY=${todo:+1} exec $norand "$(abs "$bin")" -seed=1 \
    -runs="$runs_max" -use_cmp=0 -reload=0 -dict="$root/fuzz/uri.dict" \
    -print_final_stats=1 -artifact_prefix="$(abs "$crashes")/" \
    "$work/corpus" "${seed_folders[@]}") 2>&1 |
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
    echo "ok $n - $t: ${runs:-?} runs (${secs:-?}s, ${rate:-?} execs/s), $seeds seeds replayed, no crash; $nun unexplained disagreement(s) (fuzz/BEHAVIOURS-TODO), the first:"
    head -n 1 "$work/unexplained" | cut -c1-400 | sed 's/^/# /'
  elif [ -n "$todo" ] && [ "$rc" -eq 0 ]; then
    # not a failure: a rare class may go unmet in a short run (a flaky test)
    echo "ok $n - $t: ${runs:-?} runs (${secs:-?}s, ${rate:-?} execs/s), no unexplained disagreement this time: if it stays so, take it off fuzz/BEHAVIOURS-TODO"
  elif [ "$rc" -eq 0 ]; then
    echo "ok $n - $t: ${runs:-?} runs (${secs:-?}s, ${rate:-?} execs/s), $seeds seeds replayed, no crash"
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
