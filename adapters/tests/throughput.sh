#!/usr/bin/env bash
# adapters/tests/throughput.sh [N [ADAPTER...]]: requests per second, per
# adapter (default: reference appendix-b uriparser curl whatwg-node
# whatwg-url),
# (1) the adapter alone: N pipelined parse requests written to its standard
#     input, answers read to the end (the protocol cost and the library);
# (2) a whole `uritest run --format text` over a generated N-test vector
#     file (adapters/tests/gen-throughput.py), harness included.
# CPU is user + system time of the whole process tree, the processes a
# browser leaves when the harness kills it included (adapters/tests/
# cpu-tree.py; /usr/bin/time missed them); "harness" is uritest's own.
# Run from the repository root after `make`; prints a Markdown table.
set -eu
n=${1:-100000}
[ $# -gt 0 ] && shift
names=${*:-"reference appendix-b uriparser curl whatwg-node whatwg-url"}
read -r gen req <<<"$(adapters/tests/throughput-inputs.sh "$n")"
# timed FILE CMD...: run CMD, write "elapsed cpu own-cpu" (seconds; cpu of
# its whole process tree, own-cpu of CMD's process) to FILE.
timed() { local f=$1; shift; /usr/bin/python3 adapters/tests/cpu-tree.py "$f" "$@"; }
# rate FILE N [own]: the columns of one measurement (own: with the root
# process's own CPU, the harness's in a run).
rate() { /usr/bin/python3 -c "
import sys
e, c, own = map(float, open(sys.argv[1]).read().split())
n = int(sys.argv[2])
cols = ['%.2f s' % e, '%.0f' % (n / e), '%.2f s' % c]
if sys.argv[3:]:
    cols.append('%.2f s' % own)
print(' | '.join(cols + ['%.0f' % (n / c)]))" "$@"; }
echo "Load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| adapter | alone: elapsed | alone: req/s | alone: CPU | alone: req/CPU-s | uritest run: elapsed | run: req/s | run: CPU (harness + adapter) | run: harness CPU | run: req/CPU-s | run's last line |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"
for a in $names; do
  cmd=$(/usr/bin/python3 -c 'import json,sys; print(" ".join(json.load(open(sys.argv[1]))["command"]))' "adapters/$a/adapter.json")
  check=$(/usr/bin/python3 -c 'import json,sys; print(json.load(open(sys.argv[1])).get("check",""))' "adapters/$a/adapter.json")
  if [ -n "$check" ] && ! sh -c "$check" >/dev/null 2>&1; then echo "| $a | - | unavailable | - | - | - | unavailable | - | - | - | |"; continue; fi
  timed build/throughput/time-alone-$a $cmd < "$req" > build/throughput/answers-$a.jsonl
  lines=$(($(wc -l < build/throughput/answers-$a.jsonl) - 1))
  [ "$lines" -eq "$n" ] || { echo "$a: $lines answers for $n requests" >&2; exit 1; }
  timed build/throughput/time-run-$a build/bin/uritest run --vectors "$gen" --adapter "$a" --format text \
    --output build/throughput/results-$a.jsonl > build/throughput/run-$a.txt || true
  echo "| $a | $(rate build/throughput/time-alone-$a "$n") | $(rate build/throughput/time-run-$a "$n" own) | $(tail -n 1 build/throughput/run-$a.txt) |"
done
