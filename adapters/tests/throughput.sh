#!/usr/bin/env bash
# adapters/tests/throughput.sh [N]: requests per second, per adapter,
# (1) the adapter alone: N pipelined parse requests written to its standard
#     input, answers read to the end (the protocol cost and the library);
# (2) a whole `uritest run --format text` over a generated N-test vector
#     file (adapters/tests/gen-throughput.py), harness included.
# Run from the repository root after `make`; prints a Markdown table.
set -eu
n=${1:-100000}
mkdir -p build/throughput
gen=build/throughput/vectors-$n.json
req=build/throughput/requests-$n.jsonl
[ -f "$gen" ] || /usr/bin/python3 adapters/tests/gen-throughput.py "$n" > "$gen"
[ -f "$req" ] || /usr/bin/python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
for i, t in enumerate(d["groups"][0]["tests"]):
    print(json.dumps({"id": i, "op": "parse", "input": t["input"]}))' "$gen" > "$req"
now() { date +%s.%N; }
rate() { /usr/bin/python3 -c "import sys; s=float(sys.argv[2])-float(sys.argv[1]); print('%.2f s | %.0f' % (s, int(sys.argv[3]) / s))" "$@"; }
echo "| adapter | alone: s | alone: requests/s | uritest run: s | uritest run: requests/s | run's last line |"
echo "|---|---:|---:|---:|---:|---|"
for a in reference appendix-b uriparser curl whatwg-node whatwg-url; do
  cmd=$(/usr/bin/python3 -c 'import json,sys; print(" ".join(json.load(open(sys.argv[1]))["command"]))' "adapters/$a/adapter.json")
  check=$(/usr/bin/python3 -c 'import json,sys; print(json.load(open(sys.argv[1])).get("check",""))' "adapters/$a/adapter.json")
  if [ -n "$check" ] && ! sh -c "$check" >/dev/null 2>&1; then echo "| $a | - | unavailable | - | unavailable | |"; continue; fi
  t0=$(now); $cmd < "$req" > build/throughput/answers-$a.jsonl; t1=$(now)
  lines=$(($(wc -l < build/throughput/answers-$a.jsonl) - 1))
  [ "$lines" -eq "$n" ] || { echo "$a: $lines answers for $n requests" >&2; exit 1; }
  t2=$(now)
  build/bin/uritest run --vectors "$gen" --adapter "$a" --format text --output build/throughput/results-$a.jsonl > build/throughput/run-$a.txt || true
  t3=$(now)
  echo "| $a | $(rate "$t0" "$t1" "$n") | $(rate "$t2" "$t3" "$n") | $(tail -n 1 build/throughput/run-$a.txt) |"
done
