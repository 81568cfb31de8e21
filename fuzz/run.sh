#!/usr/bin/env bash
# fuzz/run.sh ENGINE TARGET SECONDS [JOBS]: run one fuzz target (make fuzz,
# make fuzz-parallel).  ENGINE is afl, libfuzzer, parallel (AFL++, one -M
# and JOBS-1 -S instances on one sync directory: fuzz/afl/campaign.sh) or
# minimize (only the seeds minimized for TARGET).  Layout under $FUZZ_DIR:
#   seeds/                 every vector input (make fuzz-seeds)
#   seeds-min/TARGET/      the seeds minimized for TARGET (libFuzzer -merge)
#   afl-out/TARGET/        AFL++ sync directory: NAME/{queue,crashes,hangs}
#   corpus/TARGET/         libFuzzer corpus;  crashes/TARGET/  its crash-* files
# Runs niced (nice -n 10).  Afterwards: build/bin/uritest triage DIR.
set -u
engine=$1 target=$2 seconds=$3 jobs=${4:-2}
dir=${FUZZ_DIR:-build/fuzz}
lf=$dir/libfuzzer/$target
afl=$dir/afl/$target
dict=fuzz/uri.dict
[ -x "$lf" ] || { echo "fuzz: $lf is not built (make fuzz-build)" >&2; exit 2; }
min=$dir/seeds-min/$target
if [ ! -d "$min" ] || [ -z "$(ls -A "$min" 2>/dev/null)" ]; then
  mkdir -p "$min"
  nice -n 10 "$lf" -merge=1 "$min" "$dir/seeds" >/dev/null 2>&1
  echo "fuzz: $(ls "$min" | wc -l) seeds kept for $target (of $(ls "$dir/seeds" | wc -l))"
fi
export AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_NO_AFFINITY=1 \
       AFL_NO_UI=1 AFL_QUIET=1
# ASan and UBSan report, then abort: what both engines record as a crash.
export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1:symbolize=0:detect_leaks=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:abort_on_error=1:print_stacktrace=1}
case $engine in
  afl)
    out=$dir/afl-out/$target
    in=$min
    [ -d "$out/default" ] && in=-   # resume
    mkdir -p "$out"
    echo "fuzz: afl-fuzz $target for ${seconds}s into $out"
    nice -n 10 afl-fuzz -i "$in" -o "$out" -x "$dict" -m none -t 1000+ -V "$seconds" -- "$afl" \
      > "$out/afl-fuzz.log" 2>&1
    rc=$?
    [ $rc -eq 0 ] || tail -n 20 "$out/afl-fuzz.log"
    [ -f "$out/default/fuzzer_stats" ] && grep -E '^(execs_done|execs_per_sec|corpus_count|edges_found|total_edges|saved_crashes|saved_hangs|run_time) ' "$out/default/fuzzer_stats"
    n=$(find "$out/default/crashes" -type f ! -name README.txt 2>/dev/null | wc -l)
    echo "fuzz: $target: $n crash file(s) in $out/default/crashes"
    exit $rc ;;
  parallel)
    exec "$(dirname "$0")/afl/campaign.sh" --main --jobs "$jobs" --name "$(hostname -s 2>/dev/null || echo local)" \
      --seconds "$seconds" "$target" ;;
  minimize) exit 0 ;;
  libfuzzer)
    corpus=$dir/corpus/$target crashes=$dir/crashes/$target
    mkdir -p "$corpus" "$crashes"
    echo "fuzz: libFuzzer $target for ${seconds}s, corpus $corpus"
    nice -n 10 "$lf" -dict="$dict" -max_total_time="$seconds" -print_final_stats=1 \
      -artifact_prefix="$crashes/" "$corpus" "$min"
    exit $? ;;
  *) echo "usage: fuzz/run.sh afl|libfuzzer|parallel|minimize TARGET SECONDS [JOBS]" >&2; exit 2 ;;
esac
