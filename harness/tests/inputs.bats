#!/usr/bin/env bats
# Awkward inputs through `uritest diff` and `uritest run`: NUL octets,
# invalid UTF-8, CR/LF tricks, 10 MB lines; nothing crashes, nothing is
# cut, and the results file holds every input whole (input or input_hex).
# --timeout 60: a 10 MB request on a loaded machine may take more than the
# default 2 s, and a TIMEOUT is not what these tests are about.
load helper

# inputs.bin: one input a line, as diff reads them
setup() {
  T=$BATS_TEST_TMPDIR
  "$PY" - "$T" <<'PY'
import sys
t = sys.argv[1]
big = b"a" * (10 << 20)
lines = [b"a\x00b", b"http://h/\x00", b"http://h/\xff\xfe", b"\xc0\xaf", b"http://h/\xed\xa0\x80",
         b"http://h/a\rb", b"\r", b"http://h/crlf\r", b"", b"http://h/" + big, big + b" x",
         b"http://h/\xe2\x82\xac", b"http://h/last"]
open(t + "/inputs.bin", "wb").write(b"\n".join(lines) + b"\n")
# the same without the final LF, and with an empty line after it
open(t + "/nolf.bin", "wb").write(b"\n".join(lines))
open(t + "/extralf.bin", "wb").write(b"\n".join(lines) + b"\n\n")
open(t + "/lines.txt", "w").write(str(len(lines)))
import json
tests = [{"id": "in.%02d" % i, "input_hex": l.hex(), "expect": "implementation-defined"}
         for i, l in enumerate(lines)]
json.dump({"schema": "uritest-vectors/1", "version": "1.0.0", "spec": "rfc3986",
           "groups": [{"op": "parse", "tests": tests}]}, open(t + "/inputs.json", "w"))
PY
}

# check_diff FILE N ADAPTERS...: every line 1..N of FILE, whole, once per adapter
check_diff() {
  "$PY" - "$@" <<'PY'
import json, sys
f, n, adapters = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
raw = open(f, "rb").read()
lines = raw.split(b"\n")
if raw.endswith(b"\n"):
    lines.pop()
assert len(lines) == n, (len(lines), n)
seen = {}
for l in open(sys.argv[1] + ".jsonl", "rb"):
    r = json.loads(l)
    if r["record"] != "result":
        continue
    got = bytes.fromhex(r["input_hex"]) if "input_hex" in r else r["input"].encode()
    assert got == lines[r["line"] - 1], (r["line"], len(got), len(lines[r["line"] - 1]))
    assert r["class"] not in ("CRASH", "TIMEOUT", "PROTOCOL_ERROR"), (r["adapter"], r["line"], r["class"], r.get("why"))
    seen[(r["adapter"], r["line"])] = 1
for a in adapters:
    for i in range(1, n + 1):
        assert (a, i) in seen, (a, i)
PY
}

@test "diff: NUL, invalid UTF-8, CR alone, CRLF, 10 MB lines: every input whole in the results" {
  n=$(cat "$T/lines.txt")
  for f in inputs nolf; do
    run --separate-stderr "$UT" diff --timeout 60 --adapter reference --adapter uriparser --output "$T/$f.bin.jsonl" "$T/$f.bin"
    [ "$status" -le 1 ]
    check_diff "$T/$f.bin" "$n" reference uriparser
  done
  # an empty line after the last: one more input, the empty reference
  run --separate-stderr "$UT" diff --timeout 60 --adapter uriparser --output "$T/extralf.bin.jsonl" - < "$T/extralf.bin"
  [ "$status" -le 1 ]
  check_diff "$T/extralf.bin" "$((n + 1))" uriparser
}

@test "run: the same inputs as input_hex vectors: answered, and whole in the results file" {
  run --separate-stderr "$UT" run --timeout 60 --vectors "$T/inputs.json" --adapter reference --adapter uriparser \
    --adapter-cmd "$FAKE" --output "$(OUT)" --no-progress
  [ "$status" -eq 0 ]
  "$PY" - "$T/inputs.json" "$(OUT)" <<'PY'
import json, sys
want = {t["id"]: bytes.fromhex(t["input_hex"]) for t in json.load(open(sys.argv[1]))["groups"][0]["tests"]}
n = 0
for l in open(sys.argv[2], "rb"):
    r = json.loads(l)
    if r["record"] != "result":
        continue
    e = r["expected"]
    got = bytes.fromhex(e["input_hex"]) if "input_hex" in e else e["input"].encode()
    assert got == want[r["id"]], r["id"]
    assert r["class"] == "PASS" and r["implementation_defined"], (r["adapter"], r["id"], r["class"], r.get("why"))
    assert r["got"] is not None
    n += 1
assert n == 3 * len(want), n
PY
}

@test "measured: diff: many long lines (100 of 1 MB) stream in bounded memory" {
  "$PY" -c "
import sys
l = b'http://h/' + b'a' * (1 << 20) + b'\n'
for i in range(100): sys.stdout.buffer.write(l)" |
    "$ROOT/harness/tests/peak-rss.sh" "$UT" diff --timeout 60 --adapter uriparser - > "$T/out" 2> "$T/err"
  grep -q '^100 passed, 0 failed' "$T/out"
  kb=$(sed -n 's/^peak-rss: \([0-9]*\) kB.*/\1/p' "$T/err")
  echo "peak $kb kB"
  # batches stop at 16 MB: about 40 MB in all (a batch of 4096 such lines
  # would be GBs); under ASan (make test-harness-asan) the figure says nothing,
  # and the main build checks it (make test-harness)
  [ -z "${ASAN_OPTIONS:-}" ] || return 0
  [ "$kb" -gt 0 ] && [ "$kb" -lt 80000 ]
}
