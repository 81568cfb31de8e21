#!/usr/bin/env bash
# fuzz/afl/campaign.sh [OPTION]... TARGET: an AFL++ campaign on this machine in
# parallel mode: one main instance (-M) when --main is given, and secondaries
# (-S) up to --jobs, all on one sync directory; across machines, run it on each
# (exactly one of them with --main), each with its own --name, and --pull from
# the others so every instance imports every machine's finds.
#
#   --jobs N        instances on this machine (default 2; at most its cores)
#   --main          the first one is the fleet's main instance, -M NAME-main
#   --name NAME     prefix of this machine's instance names (default: the
#                   short host name); instances are NAME-main, NAME-s2, ...
#   --seconds S     stop after S seconds (default 3600; 0: until killed)
#   --sync DIR      the sync directory (default $FUZZ_DIR/afl-out/TARGET)
#   --pull SRC      rsync source of another machine's sync directory
#                   (HOST:PATH), repeatable: every --pull-every seconds
#                   (default 600) its instances (not this machine's) are
#                   copied in, which AFL++ imports as it does local ones
# Needs $FUZZ_DIR/afl/TARGET and $FUZZ_DIR/libfuzzer/TARGET (make
# fuzz-build); starts from the seeds minimized for TARGET (fuzz/run.sh
# minimize), or resumes the instances already in DIR.  Runs niced; prints each
# instance's fuzzer_stats summary at the end.  fuzz/README.md "Many machines".
set -u
jobs=2 main=0 name=$(hostname -s 2>/dev/null || hostname) seconds=3600 sync="" pulls=() every=600
usage() { sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
while [ $# -gt 1 ]; do
  case $1 in
    --jobs) jobs=$2; shift 2 ;;
    --main) main=1; shift ;;
    --name) name=$2; shift 2 ;;
    --seconds) seconds=$2; shift 2 ;;
    --sync) sync=$2; shift 2 ;;
    --pull) pulls+=("$2"); shift 2 ;;
    --pull-every) every=$2; shift 2 ;;
    *) usage ;;
  esac
done
[ $# -eq 1 ] || usage
target=$1
case $jobs$seconds$every in *[!0-9]*) echo "campaign: --jobs, --seconds and --pull-every take numbers" >&2; exit 2 ;; esac
case $name in ""|*[!A-Za-z0-9_-]*) echo "campaign: --name takes letters, digits, - and _" >&2; exit 2 ;; esac
dir=${FUZZ_DIR:-build/fuzz}
afl=$dir/afl/$target
[ -x "$afl" ] || { echo "campaign: $afl is not built (make fuzz-build)" >&2; exit 2; }
command -v afl-fuzz >/dev/null || { echo "campaign: afl-fuzz is not installed (make deps)" >&2; exit 2; }
sync=${sync:-$dir/afl-out/$target}
min=$dir/seeds-min/$target
FUZZ_DIR=$dir "$(dirname "$0")/../run.sh" minimize "$target" "$seconds" || exit 2
mkdir -p "$sync"
export AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_NO_AFFINITY=1 \
       AFL_NO_UI=1 AFL_QUIET=1
export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=1:symbolize=0:detect_leaks=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:abort_on_error=1:print_stacktrace=1}
pids=()
trap 'kill "${pids[@]}" 2>/dev/null' INT TERM
for i in $(seq 1 "$jobs"); do
  if [ "$i" -eq 1 ] && [ "$main" -eq 1 ]; then inst=$name-main role=-M; else inst=$name-s$i role=-S; fi
  in=$min; [ -d "$sync/$inst" ] && in=-   # resume
  limit=(); [ "$seconds" -gt 0 ] && limit=(-V "$seconds")
  echo "campaign: afl-fuzz $role $inst on $sync"
  nice -n 10 afl-fuzz -i "$in" -o "$sync" "$role" "$inst" -x fuzz/uri.dict -m none -t 1000+ "${limit[@]}" \
    -- "$afl" > "$sync/$inst.log" 2>&1 &
  pids+=($!)
done
if [ ${#pids[@]} -gt 0 ] && [ ${#pulls[@]} -gt 0 ]; then
  ( while sleep "$every"; do
      for src in "${pulls[@]}"; do
        rsync -a --exclude "$name-*" --exclude '*.log' --exclude '.cur_input' "$src/" "$sync/" ||
          echo "campaign: rsync from $src failed" >&2
      done
    done ) &
  puller=$!
fi
wait "${pids[@]}"
[ -n "${puller:-}" ] && kill "$puller" 2>/dev/null
for st in "$sync"/"$name"-*/fuzzer_stats; do
  [ -f "$st" ] || continue
  printf '%s: ' "$(basename "$(dirname "$st")")"
  grep -E '^(run_time|execs_done|execs_per_sec|edges_found|saved_crashes|saved_hangs) ' "$st" |
    awk -F' *: *' '{printf "%s=%s ", $1, $2} END {print ""}'
done
echo "campaign: findings: build/bin/uritest triage $sync"
