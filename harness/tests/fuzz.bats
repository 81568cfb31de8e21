#!/usr/bin/env bats
# uritest fuzz (issue 23 items 2 and 3): differential fuzzing out of process,
# with fake adapters whose divergences are planted (fake/planted.py reads as
# RFC 3986 does, by the independent checker vectors/gen/rfc3986_regex.py).
load helper

PLANTED=$ROOT/harness/tests/fake/planted.py

setup() {
  fake_root
  # the planted adapter's one named behaviour: rejecting inputs with "!"
  mkdir -p "$R/adapters/planted"
  cat > "$R/adapters/planted/behaviours.json" <<'EOF'
{"schema": "uritest-behaviours/2", "adapter": "planted", "library": "planted 1.0",
 "behaviours": [{"id": "planted.rejects-bang", "description": "rejects a valid input with a \"!\"",
   "section": "3.3", "op": "parse", "input_matches": "!", "predict": {"reject": true},
   "reference": "accepts it", "library": "rejects it", "example": "a!"}]}
EOF
}

# the planted adapter's command line, its options quoted for /bin/sh
planted() { printf '%s' "$PY $PLANTED"; printf ' %q' "$@"; }

# the summary's findings as "adapter class behaviour input" lines
findings() { pyjson "'\n'.join('%s %s %s %s' % (f['adapter'], f['class'], f['behaviour'], f.get('input', f.get('input_hex'))) for f in d['findings'])"; }

@test "fuzz: a planted divergence that a behaviour explains is found and attributed, not unexplained" {
  run -0 "$UT" fuzz --adapter-cmd "$(planted --reject-with '!')" --runs 3000 --format json
  printf '%s\n' "$output" > "$BATS_TEST_TMPDIR/j"
  findings < "$BATS_TEST_TMPDIR/j" > "$BATS_TEST_TMPDIR/f"
  grep -q '^planted SHOULD_HAVE_ACCEPTED planted.rejects-bang ' "$BATS_TEST_TMPDIR/f"
  [ "$(pyjson "d['adapters']['planted']['unexplained']" < "$BATS_TEST_TMPDIR/j")" = 0 ]
  run ! grep -q unexplained "$BATS_TEST_TMPDIR/f"
}

@test "fuzz: an unexplained planted divergence is minimized (shorter, still diverging) and written to --out" {
  mkdir "$BATS_TEST_TMPDIR/out"
  echo keep > "$BATS_TEST_TMPDIR/out/other-file"
  run -1 --separate-stderr "$UT" fuzz --adapter-cmd "$(planted --upper-path '~')" --runs 3000 \
    --format json --out "$BATS_TEST_TMPDIR/out"
  printf '%s\n' "$output" > "$BATS_TEST_TMPDIR/j"
  grep -q '^planted COMPONENT_MISMATCH unexplained ' <(findings < "$BATS_TEST_TMPDIR/j")
  [ -f "$BATS_TEST_TMPDIR/out/other-file" ] # --out may be an existing folder
  # each candidate vector: both readings, minimized from a longer input,
  # and the minimized input still diverges on the same adapter
  "$PY" - "$BATS_TEST_TMPDIR/out/planted.json" > "$BATS_TEST_TMPDIR/inputs" <<'PY'
import json, re, sys
d = json.load(open(sys.argv[1]))
assert d["schema"] == "uritest-vectors/1"
tests = [t for g in d["groups"] for t in g["tests"]]
assert tests
for t in tests:
    assert t["expect"] == "implementation-defined" and "pending" in t["tags"], t
    assert set(t["x-readings"]) == {"planted", "reference"}, t
    m = re.search(r"minimized from (\d+) to (\d+) octets", t["comment"])
    assert m and int(m.group(2)) == len(t["input"].encode()), t
    print(m.group(1), t["input"])
PY
  awk '$1 <= length($2) { exit 1 }' "$BATS_TEST_TMPDIR/inputs" || awk '$1 > length($2)' "$BATS_TEST_TMPDIR/inputs" | grep -q .
  cut -d' ' -f2- "$BATS_TEST_TMPDIR/inputs" > "$BATS_TEST_TMPDIR/min"
  run -1 "$UT" diff --adapter-cmd "$(planted --upper-path '~')" "$BATS_TEST_TMPDIR/min"
  [[ $output == *"COMPONENT_MISMATCH path"* ]]
  # uritest triage takes the .finding files beside them: a regression vector
  # whose expectation is the independent checker's (dry run: nothing written)
  ls "$BATS_TEST_TMPDIR"/out/fuzz.planted.*.finding > /dev/null
  run -1 env -u URITEST_ROOT "$UT" triage --dry-run --no-baselines "$BATS_TEST_TMPDIR/out"
  [[ $output == *"v1/regressions/planted.json  fuzz.planted.parse.component_mismatch.path."* ]]
  # the vector file loads as vectors, and a second campaign merges into it
  run -0 "$UT" list ops --vectors "$BATS_TEST_TMPDIR/out/planted.json"
  n=$(wc -l < "$BATS_TEST_TMPDIR/min")
  run -1 "$UT" fuzz --adapter-cmd "$(planted --upper-path '~')" --runs 3000 --seed 2 \
    --out "$BATS_TEST_TMPDIR/out"
  m=$("$PY" -c "import json,sys; d=json.load(open(sys.argv[1])); print(sum(len(g['tests']) for g in d['groups']))" "$BATS_TEST_TMPDIR/out/planted.json")
  [ "$m" -ge "$n" ]
}

@test "fuzz: the same --seed gives the same campaign; another seed another one" {
  a=$("$UT" fuzz --adapter-cmd "$(planted)" --runs 4000 --seed 7 --format json --vectors "$V/basic.json")
  b=$("$UT" fuzz --adapter-cmd "$(planted)" --runs 4000 --seed 7 --format json --vectors "$V/basic.json")
  c=$("$UT" fuzz --adapter-cmd "$(planted)" --runs 4000 --seed 8 --format json --vectors "$V/basic.json")
  strip() { "$PY" -c "import json,sys; d=json.load(sys.stdin); [a.pop('execs_per_s') for a in d['adapters'].values()]; print(json.dumps(d, sort_keys=True))"; }
  [ "$(strip <<< "$a")" = "$(strip <<< "$b")" ]
  [ "$(strip <<< "$a")" != "$(strip <<< "$c")" ]
  # so is the corpus it keeps
  "$UT" fuzz --adapter-cmd "$(planted)" --runs 2000 --seed 7 --corpus "$BATS_TEST_TMPDIR/c1" --vectors "$V/basic.json" > /dev/null
  "$UT" fuzz --adapter-cmd "$(planted)" --runs 2000 --seed 7 --corpus "$BATS_TEST_TMPDIR/c2" --vectors "$V/basic.json" > /dev/null
  diff -r "$BATS_TEST_TMPDIR/c1" "$BATS_TEST_TMPDIR/c2"
  [ "$(ls "$BATS_TEST_TMPDIR/c1" | wc -l)" -gt 10 ]
}

@test "fuzz: --corpus-max bounds the corpus: no input written past it, only the first N read, 0 no cap" {
  C=$BATS_TEST_TMPDIR/c
  run -0 "$UT" fuzz --adapter-cmd "$(planted)" --runs 2000 --seed 7 --corpus "$C" --corpus-max 5 --vectors "$V/basic.json"
  [ "$(ls "$C" | wc -l)" -eq 5 ]
  [[ "$output" == *"--corpus $C: 5 files, --corpus-max: kept inputs are no longer written"* ]]
  # a folder at or past the cap: the first N files by name are read, none written
  run -0 "$UT" fuzz --adapter-cmd "$(planted)" --runs 500 --seed 8 --corpus "$C" --corpus-max 3 --vectors "$V/basic.json"
  [ "$(ls "$C" | wc -l)" -eq 5 ]
  [[ "$output" == *"--corpus $C: 5 files, --corpus-max 3: the first 3 read, no kept input written"* ]]
  # 0: no cap; the default (100000) is in the help
  run -0 "$UT" fuzz --adapter-cmd "$(planted)" --runs 2000 --seed 7 --corpus "$C" --corpus-max 0 --vectors "$V/basic.json"
  [ "$(ls "$C" | wc -l)" -gt 10 ]
  run -0 "$UT" fuzz --help
  [[ "$output" == *"--corpus-max N"*"(default: 100000)"* ]]
  run -2 "$UT" fuzz --adapter-cmd "$(planted)" --corpus "$C" --corpus-max -1
  [[ "$output" == *'--corpus-max: not a number of files from 0: "-1"'* ]]
  run -2 "$UT" fuzz --adapter-cmd "$(planted)" --corpus "$C" --corpus-max x
}

@test "fuzz: --runs bounds the inputs; the JSON summary has exactly its members" {
  run -0 "$UT" fuzz --adapter-cmd "$(planted)" --runs 1234 --format json
  printf '%s\n' "$output" | "$PY" -c '
import json, sys
d = json.load(sys.stdin)
assert set(d) == {"adapters", "findings"}, d.keys()
a = d["adapters"]["planted"]
assert set(a) == {"execs", "execs_per_s", "signatures", "alternatives_covered", "findings", "unexplained"}, a
assert a["execs"] == 1234, a
assert all(isinstance(a[k], int) for k in a if k != "execs_per_s") and isinstance(a["execs_per_s"], (int, float))
assert 0 < a["signatures"] <= 1234 and 0 < a["alternatives_covered"] <= 74
assert d["findings"] == [] and a["findings"] == 0
'
}

@test "fuzz: alternatives_covered grows over a campaign from the grammar alone" {
  small=$("$UT" fuzz --adapter-cmd "$(planted)" --runs 20 --format json --vectors "$V/basic.json" | pyjson "d['adapters']['planted']['alternatives_covered']")
  big=$("$UT" fuzz --adapter-cmd "$(planted)" --runs 20000 --format json --vectors "$V/basic.json" | pyjson "d['adapters']['planted']['alternatives_covered']")
  [ "$big" -gt "$small" ]
  [ "$big" -eq 74 ]
}

@test "fuzz: the pairs no URI-reference can reach (absolute-URI, path, reserved, gen-delims) are out of the count" {
  run -0 "$UT" fuzz --adapter-cmd "$(planted)" --runs 20 --vectors "$V/basic.json"
  [[ "$output" == *" of 74 alternatives"* ]]
  [[ "$output" == *"alternatives not reached ("* ]]
  run ! grep -Eq ' (absolute-URI|path|reserved|gen-delims)/[0-9]' <<< "$output"
  # the octet classes of pchar, userinfo, reg-name and IPvFuture are reached
  run -0 "$UT" fuzz --adapter-cmd "$(planted)" --runs 2000 --format json --vectors "$V/basic.json"
  [ "$(pyjson "d['adapters']['planted']['alternatives_covered']" <<< "$output")" -eq 74 ]
}

@test "fuzz: a crashing adapter is recorded as CRASH, restarted, and the campaign goes on" {
  mkdir "$BATS_TEST_TMPDIR/c"
  printf 'http://a/CRASH' > "$BATS_TEST_TMPDIR/c/crash"
  run -1 "$UT" fuzz --adapter-cmd "$(planted --crash-with CRASH)" --runs 500 --format json \
    --corpus "$BATS_TEST_TMPDIR/c" --vectors "$V/basic.json"
  printf '%s\n' "$output" | findings | grep -q '^planted CRASH unexplained '
  [ "$(printf '%s\n' "$output" | pyjson "d['adapters']['planted']['execs'] >= 500")" = True ]
}

@test "fuzz: a hanging adapter is a TIMEOUT, a lying one a PROTOCOL_ERROR" {
  mkdir "$BATS_TEST_TMPDIR/c"
  printf 'http://a/HANG' > "$BATS_TEST_TMPDIR/c/hang"
  printf 'http://a/WRONGID' > "$BATS_TEST_TMPDIR/c/lie"
  run -1 "$UT" fuzz --adapter-cmd "$PY $FAKE" --runs 50 --timeout 0.5 --format json \
    --corpus "$BATS_TEST_TMPDIR/c" --vectors "$V/basic.json"
  printf '%s\n' "$output" | findings > "$BATS_TEST_TMPDIR/f"
  grep -q '^fake TIMEOUT unexplained http://a/HANG$' "$BATS_TEST_TMPDIR/f"
  grep -q '^fake PROTOCOL_ERROR unexplained ' "$BATS_TEST_TMPDIR/f"
}

@test "fuzz: an adapter that never starts is exit 2; one beside it that runs is fuzzed" {
  run -2 "$UT" fuzz --adapter-cmd "$PY $FAKE --die" --runs 10
  [[ $output == *"no adapter started"* ]]
  run -0 --separate-stderr "$UT" fuzz --adapter-cmd "$PY $FAKE --die" --adapter-cmd "$(planted)" \
    --runs 100 --format json --vectors "$V/basic.json"
  [[ $stderr == *"cannot start"* ]]
  [ "$(printf '%s\n' "$output" | pyjson "d['adapters']['planted']['execs']")" = 100 ]
}

@test "fuzz --whatwg: two WHATWG adapters that disagree give a finding, with both readings" {
  run -1 --separate-stderr "$UT" fuzz --whatwg --adapter-cmd "$(planted --whatwg --name w1)" \
    --adapter-cmd "$(planted --whatwg --name w2 --upper-path '~')" --runs 3000 --format json \
    --out "$BATS_TEST_TMPDIR/out"
  printf '%s\n' "$output" | "$PY" -c '
import json, sys
d = json.load(sys.stdin)
f = [x for x in d["findings"] if x["class"] == "COMPONENT_MISMATCH"]
assert f and all({x["adapter"], x["other"]} == {"w1", "w2"} for x in f), d["findings"]
'
  "$PY" -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["spec"] == "whatwg"
t = d["groups"][0]["tests"][0]
assert set(t["x-readings"]) == {"w1", "w2"} and t["base"] is None, t
' "$BATS_TEST_TMPDIR/out/whatwg.json"
  # agreeing adapters: nothing found
  run -0 "$UT" fuzz --whatwg --adapter-cmd "$(planted --whatwg --name w1)" \
    --adapter-cmd "$(planted --whatwg --name w2)" --runs 500
}

@test "fuzz --whatwg: fewer than two adapters is a usage error" {
  run -2 "$UT" fuzz --whatwg --adapter-cmd "$(planted --whatwg)" --runs 10
  [[ $output == *"two adapters or more"* ]]
}

@test "fuzz --jobs: workers with their own adapters, results merged" {
  run -0 "$UT" fuzz --adapter-cmd "$(planted)" --jobs 2 --runs 5000 --format json --vectors "$V/basic.json"
  [ "$(printf '%s\n' "$output" | pyjson "d['adapters']['planted']['execs']")" = 5000 ]
  run -1 "$UT" fuzz --adapter-cmd "$(planted --upper-path '~')" --jobs 2 --runs 3000 --format json
  printf '%s\n' "$output" | findings | grep -q '^planted COMPONENT_MISMATCH unexplained '
}

@test "fuzz: names, inputs and readings that are not text are escaped in every format" {
  mkdir "$BATS_TEST_TMPDIR/c"
  printf 'a\033[31m~z\xff' > "$BATS_TEST_TMPDIR/c/odd"
  name=$(printf 'evil\033]0;x\007name' | od -An -tx1 | tr -d ' \n')
  run -1 "$UT" fuzz --adapter-cmd "$(planted --upper-path '~' --name-hex "$name")" --runs 200 \
    --corpus "$BATS_TEST_TMPDIR/c" --vectors "$V/basic.json"
  [[ $output != *$'\033'* && $output != *$'\007'* ]]
  run -1 "$UT" fuzz --adapter-cmd "$(planted --upper-path '~' --name-hex "$name")" --runs 200 \
    --corpus "$BATS_TEST_TMPDIR/c" --vectors "$V/basic.json" --format json
  printf '%s\n' "$output" | "$PY" -c 'import json,sys; json.load(sys.stdin)'
  [[ $output != *$'\033'* ]]
}

@test "fuzz: usage errors exit 2" {
  run -2 "$UT" fuzz --runs 0
  run -2 "$UT" fuzz --runs x
  run -2 "$UT" fuzz --seconds -1
  run -2 "$UT" fuzz --seed -3
  run -2 "$UT" fuzz --jobs 0
  run -2 "$UT" fuzz --format tap
  run -2 "$UT" fuzz --progress 0
  run -2 "$UT" fuzz --progress x
  run -2 "$UT" fuzz --no-such-option
  run -2 "$UT" fuzz operand
  run -2 "$UT" fuzz --adapter no-such-adapter --runs 1
  run -2 "$UT" fuzz --adapter-cmd "$(planted)" --runs 10 --vectors "$BAD/not-json.json"
  run -0 "$UT" fuzz --help
  [[ $output == usage:* ]]
}

@test "fuzz: a bad behaviour file is an input error (2)" {
  echo '{not json' > "$R/adapters/planted/behaviours.json"
  run -2 "$UT" fuzz --adapter-cmd "$(planted)" --runs 10
  [[ $output == *behaviours.json* ]]
}

@test "fuzz --whatwg: an adapter that is not a WHATWG one is a usage error" {
  run -2 "$UT" fuzz --whatwg --adapter-cmd "$(planted --whatwg --name w1)" --adapter-cmd "$(planted)" --runs 10
  [[ $output == *"not a WHATWG adapter"* ]]
}

@test "fuzz --progress: a line of the adapters so far every S seconds on stderr, growing; stdout keeps the one summary" {
  run -0 --separate-stderr "$UT" fuzz --adapter-cmd "$(planted)" --seconds 3 --progress 0.5 \
    --format json --vectors "$V/basic.json"
  [ "$(printf '%s\n' "$output" | wc -l)" -eq 1 ]
  printf '%s\n' "$stderr" | "$PY" -c '
import json, sys
rows = [json.loads(l) for l in sys.stdin if l.startswith("{")]
assert len(rows) >= 3, rows
for r in rows:
    assert set(r) == {"seconds", "adapters"}, r
    assert set(r["adapters"]["planted"]) == {"execs", "execs_per_s", "signatures", "alternatives_covered", "findings", "unexplained"}
t = [r["seconds"] for r in rows]
e = [r["adapters"]["planted"]["execs"] for r in rows]
assert t == sorted(t) and e == sorted(e) and e[-1] > e[0], (t, e)
'
}

@test "fuzz: SIGINT ends the campaign with its summary, exit 130" {
  "$UT" fuzz --adapter-cmd "$(planted)" --seconds 60 --format json --vectors "$V/basic.json" \
    > "$BATS_TEST_TMPDIR/j" 2> /dev/null &
  pid=$!
  sleep 2
  kill -INT "$pid"
  rc=0
  wait "$pid" || rc=$?
  [ "$rc" -eq 130 ]
  [ "$(pyjson "d['adapters']['planted']['execs'] > 0" < "$BATS_TEST_TMPDIR/j")" = True ]
}

@test "fuzz --seconds: the campaign ends on time, even with a slow adapter" {
  start=$(date +%s)
  run -0 "$UT" fuzz --adapter-cmd "$PY $ROOT/harness/tests/fake/planted.py" --seconds 2 --format json \
    --vectors "$V/basic.json"
  [ $(( $(date +%s) - start )) -lt 15 ]
}
