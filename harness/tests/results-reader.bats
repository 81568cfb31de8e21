#!/usr/bin/env bats
# The one reader of results files (results/results.c): lines parsed
# ahead by worker threads in batches, each batch's JSON in a line arena
# (line_arena.c), handed over in order.  What it promises, at the sizes
# where its batches, its ring of batches and its arena's chunks turn over:
# every record in order, each as written, a bad line named where it is.
load helper

# grow.py IN OUT: IN's run record, ten results of 1.1 MB each (a batch
# each: the ring turns over while the run record's chunk is the current
# one of its arena), then 3,000 copies of its results with
# new ids (more batches than the ring holds) and without their library
# (the run record's, which the reader keeps from the first line on), and
# past the ring's turn three whose spec is another's, which merge writes
# as parsed, with the run record's library put in: one with
# a 3 MB input (a batch of its own, and malloc's memory, not the arena's),
# one whose "got" holds 45,000 values (more small objects than a chunk of
# the arena holds), one with odd values.
grow() {
  "$PY" - "$1" "$2" <<'PY'
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
run = [l for l in lines if l["record"] == "run"][0]
res = [l for l in lines if l["record"] == "result"]
out = [run]
for n in range(10):
    out.append(dict(res[n % len(res)], id="pad%d" % n, note="p" * 1100000))
for n in range(3000):
    r = dict(res[n % len(res)])
    r["id"] = "%s.copy%d" % (r["id"], n)
    del r["library"]
    out.append(r)
del res[0]["library"], res[1]["library"]
o = "another"
big = dict(res[0], id="other.big", spec=o, input="http://h/" + "a" * 3000000)
many = dict(res[0], id="other.many", spec=o, got={"numbers": list(range(40000)), "s": ["x%d" % i for i in range(5000)]})
other = dict(res[1], id="other.odd", spec=o, got={"n": [1.5, True, None, {"k": "\u2028"}]})
out[2500:2500] = [big, many, other]
with open(sys.argv[2], "w") as f:
    for o in out:
        f.write(json.dumps(o) + "\n")
PY
}

setup() {
  d=$BATS_TEST_TMPDIR
  "$UT" run --vectors "$V/basic.json" --adapter-cmd "$FAKE" --output "$d/small.jsonl" 2>/dev/null || [ $? -eq 1 ]
  grow "$d/small.jsonl" "$d/in.jsonl"
}

@test "results reader: 3,013 results across batches, a 3 MB line and a line of 45,000 values come out in order, as written" {
  run --separate-stderr "$UT" merge "$d/in.jsonl" -o "$d/out.jsonl"
  [ "$status" -eq 0 ]
  [[ $stderr == *"merged 3013 results of 1 files"* ]]
  # every result line in order, written as read, but for the three merge
  # writes as parsed: the same JSON with the run record's library put in
  diff <(grep -v '"other\.' "$d/in.jsonl" | sed 1d) <(grep -v '"other\.' "$d/out.jsonl" | sed 1d | sed '$d')
  "$PY" - "$d/in.jsonl" "$d/out.jsonl" <<'PY'
import json, sys
pick = lambda p: [json.loads(l) for l in open(p) if '"other.' in l]
a, b = pick(sys.argv[1]), pick(sys.argv[2])
assert len(a) == 3 and len(b) == 3
for x in b:
    assert x.pop("library") == "fakelib 1.2.3", x["library"]
assert a == b
PY
}

@test "results reader: a bad line past the first batches is named FILE:LINE, exit 2; the same at the first line" {
  sed -i '2345s/.*/{"record": "result", "adapter": /' "$d/in.jsonl"
  run --separate-stderr "$UT" merge "$d/in.jsonl" -o "$d/out.jsonl"
  [ "$status" -eq 2 ]
  [[ $stderr == *"in.jsonl:2345:"* ]]
  run --separate-stderr "$UT" report --quiet --output-dir "$d/rep" "$d/in.jsonl"
  [ "$status" -eq 2 ]
  [[ $stderr == *"in.jsonl:2345:"* ]]
  printf '[1]\n' | cat - "$d/in.jsonl" > "$d/first.jsonl"
  run --separate-stderr "$UT" merge "$d/first.jsonl" -o "$d/out.jsonl"
  [ "$status" -eq 2 ]
  [[ $stderr == *"first.jsonl:1:1: not a JSON object"* ]]
}

@test "results reader: the report of the grown file counts every result" {
  run --separate-stderr "$UT" report --quiet --output-dir "$d/rep" "$d/in.jsonl"
  [ "$status" -eq 0 ]
  n=$("$PY" -c "import json,sys; d=json.load(open(sys.argv[1])); print(sum(a['total'] for a in d['adapters'].values()))" "$d/rep/results.json")
  [ "$n" -eq 3013 ]
  [ "$("$PY" -c "import json,sys; print(json.load(open(sys.argv[1]))['adapters']['fake']['library'])" "$d/rep/results.json")" = "fakelib 1.2.3" ]
}
