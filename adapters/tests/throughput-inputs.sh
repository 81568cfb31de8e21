#!/usr/bin/env bash
# adapters/tests/throughput-inputs.sh N: the inputs of the throughput and
# overhead measurements, made once under build/throughput/: a vector file of
# N parse tests (gen-throughput.py) and the same N requests as JSON lines.
# Prints the two paths, the vector file first.
set -eu
n=$1
mkdir -p build/throughput
gen=build/throughput/vectors-$n.json
req=build/throughput/requests-$n.jsonl
[ -f "$gen" ] || /usr/bin/python3 adapters/tests/gen-throughput.py "$n" > "$gen"
[ -f "$req" ] || /usr/bin/python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
for i, t in enumerate(d["groups"][0]["tests"]):
    print(json.dumps({"id": i, "op": "parse", "input": t["input"]}))' "$gen" > "$req"
echo "$gen $req"
