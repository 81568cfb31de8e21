#!/bin/sh
# bench-run.sh [UT] [N] [ADAPTER...]: requests per second of whole
# `uritest run`s over generated vector files of N (100000) parse tests,
# lean (id, input, expect) and with seven components, best of 3 runs each
# (the machine is shared: the best run is the least disturbed one).  Also
# prints uritest's own CPU time per request (URITEST_RUSAGE, adapters not
# included) and its peak memory.  Files go to a temporary folder.
set -eu
UT=${1:-build/bin/uritest}
N=${2:-100000}
[ $# -ge 2 ] && shift 2 || shift $#
ADAPTERS=${*:-reference uriparser curl whatwg-node}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
here=$(dirname "$0")
python3 "$here/gen-bench-vectors.py" -n "$N" --shape lean "$dir/lean.json"
python3 "$here/gen-bench-vectors.py" -n "$N" --shape components "$dir/components.json"
printf '%-12s %-10s %8s %10s %12s %10s\n' adapter shape "wall s" "req/s" "harness us" "rss kB"
for a in $ADAPTERS; do
  for shape in lean components; do
    best=
    for _ in 1 2 3; do
      start=$(date +%s.%N)
      URITEST_RUSAGE=1 "$UT" run --vectors "$dir/$shape.json" --adapter "$a" --output "$dir/r.jsonl" \
        --no-progress > /dev/null 2> "$dir/err" || true
      end=$(date +%s.%N)
      wall=$(echo "$end - $start" | bc -l)
      line=$(grep 'rusage:' "$dir/err" || echo "user 0 s, sys 0 s, maxrss 0 kB")
      if [ -z "$best" ] || [ "$(echo "$wall < $best" | bc -l)" = 1 ]; then
        best=$wall
        bestline=$line
      fi
    done
    u=$(echo "$bestline" | sed 's/.*user \([0-9.]*\) s.*/\1/')
    s=$(echo "$bestline" | sed 's/.*sys \([0-9.]*\) s.*/\1/')
    m=$(echo "$bestline" | sed 's/.*maxrss \([0-9]*\) kB.*/\1/')
    printf '%-12s %-10s %8.2f %10.0f %12.2f %10s\n' "$a" "$shape" "$best" "$(echo "$N / $best" | bc -l)" \
      "$(echo "($u + $s) * 1000000 / $N" | bc -l)" "$m"
  done
done
