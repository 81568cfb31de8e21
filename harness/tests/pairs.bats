#!/usr/bin/env bats
# uritest pairs: the parser-pair confusion matrix, and run's pairs.json.
load helper

F=$BATS_TEST_DIRNAME/findings
A="$FAKE --name lib-a --readings $F/pairs-a.json"
B="$FAKE --name lib-b --readings $F/pairs-b.json"

inputs() {
  printf '%s\n' 'http://a@b@c/' 'http://a\b@c/' 'http://0x7f.1/' 'http://h:81/' \
    'http://h:/' 'http://H/' 'http://u@h/' 'http://x/' 'http://ok/' > "$BATS_TEST_TMPDIR/in.txt"
}
pair() { pyjson "[p for p in d['pairs'] if p['a'] == '$1' and p['b'] == '$2'][0]$3" <<<"$output"; }

@test "pairs: both orders of two adapters, counts by severity, hello names" {
  inputs
  run --separate-stderr "$UT" pairs --adapter-cmd "$A" --adapter-cmd "$B" --format json "$BATS_TEST_TMPDIR/in.txt"
  [ "$status" -eq 1 ]
  [ "$(pyjson "(d['inputs'], d['adapters'])" <<<"$output")" = "(9, ['lib-a', 'lib-b'])" ]
  [ "$(pyjson "len(d['pairs'])" <<<"$output")" = 2 ]
  # http://x/ is rejected by lib-b: 8 accepted by both
  [ "$(pair lib-a lib-b "['both_accept']")" = 8 ]
  # a@b@c, a\b@c, 0x7f.1 read as other hosts; h:81 another port; h: (empty
  # port), H (case) name the same endpoint; u@h another userinfo
  [ "$(pyjson "[(p['host'], p['port'], p['scheme'], p['userinfo']) for p in d['pairs'] if p['a'] == 'lib-a'][0]" <<<"$output")" = "(3, 1, 0, 1)" ]
  [ "$(pyjson "[(p['host'], p['port'], p['scheme'], p['userinfo']) for p in d['pairs'] if p['a'] == 'lib-b'][0]" <<<"$output")" = "(3, 1, 0, 1)" ]
}

@test "pairs: at most five examples, shortest first, with both readings" {
  inputs
  run --separate-stderr "$UT" pairs --adapter-cmd "$A" --adapter-cmd "$B" --format json "$BATS_TEST_TMPDIR/in.txt"
  [ "$(pair lib-a lib-b "['examples'].__len__()")" = 5 ]
  [ "$(pyjson "[e['input'] for e in d['pairs'][0]['examples']]" <<<"$output")" = "['http://u@h/', 'http://h:81/', 'http://a@b@c/', 'http://a\\\\b@c/', 'http://0x7f.1/']" ]
  [ "$(pyjson "[(e['severity'], e['a']['host'], e['b']['host']) for e in d['pairs'][0]['examples'] if e['input'] == 'http://a@b@c/'][0]" <<<"$output")" = "('host', 'c', 'a')" ]
  [ "$(pyjson "sorted(d['pairs'][0]['examples'][0]['a'])" <<<"$output")" = "['authority', 'host', 'port', 'scheme', 'userinfo']" ]
}

@test "pairs: no pair differs is exit 0; text says so; standard input with -" {
  printf 'http://ok/\nhttp://h:/\n' | {
    run --separate-stderr "$UT" pairs --adapter-cmd "$A" --adapter-cmd "$B" -
    [ "$status" -eq 0 ]
    [[ $output == *"2 inputs, 2 adapters"* ]]
    [[ $output == *"no pair reads a different endpoint from any input"* ]]
  }
}

@test "pairs --format text names the pairs, the counts and an example; --output writes the JSON" {
  inputs
  run --separate-stderr "$UT" pairs --adapter-cmd "$A" --adapter-cmd "$B" --output "$BATS_TEST_TMPDIR/m.json" "$BATS_TEST_TMPDIR/in.txt"
  [ "$status" -eq 1 ]
  [[ $output == *"lib-a then lib-b: 8 both accept; 3 host, 1 port, 0 scheme, 1 userinfo"* ]]
  [[ $output == *'e.g. "http://u@h/": userinfo "u" against "v"'* ]]
  [ "$(pyjson "d['pairs'][0]['host']" < "$BATS_TEST_TMPDIR/m.json")" = 3 ]
}

@test "pairs: a validator takes part as A only, its endpoint the reference's reading" {
  fake_root
  "$PY" - "$R/adapters/fake/adapter.json" "$FAKE" "$F/pairs-b.json" <<'PYEOF'
import json, sys
p, fake, rb = sys.argv[1:]
d = json.load(open(p))
d.append({"name": "checker", "spec": "rfc3986", "role": "validator", "command": ["/usr/bin/python3", fake, "--name", "checker"]})
d.append({"name": "lib-b", "spec": "rfc3986", "command": ["/usr/bin/python3", fake, "--name", "lib-b", "--readings", rb]})
json.dump(d, open(p, "w"))
PYEOF
  printf '%s\n' 'http://0x7f.1/' 'http://h:81/' 'http://a%zz/' > "$BATS_TEST_TMPDIR/in.txt"
  run --separate-stderr "$UT" pairs --adapter checker --adapter lib-b --format json "$BATS_TEST_TMPDIR/in.txt"
  [ "$status" -eq 1 ]
  [ "$(pyjson "[(p['a'], p['b']) for p in d['pairs']]" <<<"$output")" = "[('checker', 'lib-b')]" ]
  # http://a%zz/ is accepted by the checker but the RFC rejects it: not counted
  [ "$(pair checker lib-b "['both_accept']")" = 2 ]
  [ "$(pair checker lib-b "['examples'][1]['input']")" = http://0x7f.1/ ]
  [ "$(pair checker lib-b "['examples'][1]['a']['host']")" = 0x7f.1 ]
  [ "$(pair checker lib-b "['examples'][1]['b']['host']")" = 127.0.0.1 ]
}

@test "pairs over vectors: the parse vectors' inputs (default vectors/v1), each once" {
  fake_root
  run --separate-stderr "$UT" pairs --adapter fake --adapter reference --format json
  [ "$status" -eq 0 ]
  n=$("$PY" -c "import json; d=json.load(open('$R/vectors/v1/basic.json')); print(len({t.get('input', t.get('input_hex')) for g in d['groups'] if g['op'] == 'parse' for t in g['tests']}))")
  [ "$(pyjson "d['inputs']" <<<"$output")" = "$n" ]
  run --separate-stderr "$UT" pairs --adapter fake --adapter reference --vectors "$V/classify.json" --format json
  [ "$(pyjson "d['inputs']" <<<"$output")" = 7 ]
}

@test "pairs: usage and input errors are exit 2" {
  run --separate-stderr "$UT" pairs --adapter-cmd "$A" --format yaml /dev/null
  [ "$status" -eq 2 ]
  run --separate-stderr "$UT" pairs --adapter-cmd "$A" "$BATS_TEST_TMPDIR/missing.txt"
  [ "$status" -eq 2 ]
  run --separate-stderr "$UT" pairs --adapter-cmd "$A" /dev/null
  [ "$status" -eq 2 ]
  [[ $stderr == *"no input"* ]]
  run --separate-stderr "$UT" pairs --adapter no-such-adapter /dev/null
  [ "$status" -eq 2 ]
  run --separate-stderr "$UT" pairs --adapter-cmd "$A" a.txt b.txt
  [ "$status" -eq 2 ]
}

@test "run writes the pair matrix of its own results beside the results file" {
  run --separate-stderr "$UT" run --output "$BATS_TEST_TMPDIR/out/results.jsonl" --vectors "$V/classify.json" \
    --adapter-cmd "$A" --adapter-cmd "$FAKE --name lib-c"
  [ -f "$BATS_TEST_TMPDIR/out/pairs.json" ]
  [ "$(pyjson "(d['adapters'], d['inputs'])" < "$BATS_TEST_TMPDIR/out/pairs.json")" = "(['lib-a', 'lib-c'], 7)" ]
  [ "$(pyjson "sorted(d['pairs'][0])" < "$BATS_TEST_TMPDIR/out/pairs.json")" = "['a', 'b', 'both_accept', 'examples', 'host', 'port', 'scheme', 'userinfo']" ]
}

@test "run: no pair matrix beside a results file that is not a regular file; --pairs FILE asks for one" {
  d=$BATS_TEST_TMPDIR/fifo-dir
  mkdir -p "$d"
  mkfifo "$d/results"
  cat "$d/results" > "$BATS_TEST_TMPDIR/through-fifo" &
  run --separate-stderr "$UT" run --output "$d/results" --vectors "$V/classify.json" \
    --adapter-cmd "$A" --adapter-cmd "$FAKE --name lib-c"
  wait
  [ "$status" -le 1 ]
  [ -s "$BATS_TEST_TMPDIR/through-fifo" ]
  [ "$(ls "$d")" = results ]
  # asked for: written where asked, whatever the results file is
  run --separate-stderr "$UT" run --output /dev/null --pairs "$BATS_TEST_TMPDIR/asked.json" \
    --vectors "$V/classify.json" --adapter-cmd "$A" --adapter-cmd "$FAKE --name lib-c"
  [ "$(pyjson "d['adapters']" < "$BATS_TEST_TMPDIR/asked.json")" = "['lib-a', 'lib-c']" ]
}

@test "run --output /dev/null as an unprivileged user: exit 0 against its baseline, no file written" {
  command -v setpriv >/dev/null || skip "no setpriv"
  [ "$(id -u)" -eq 0 ] || skip "not root: cannot become nobody"
  w=$BATS_TEST_TMPDIR/nobody
  mkdir -p "$w"
  open_to_all "$w"
  "$UT" run --vectors "$V/classify.json" --adapter-cmd "$FAKE" --output /dev/null \
    --write-baseline "$w/base.json" 2>/dev/null || true
  chmod 644 "$w/base.json"
  chmod 555 "$w" # nobody may write nowhere here
  cd "$w"
  run --separate-stderr setpriv --reuid=nobody --regid=nogroup --clear-groups \
    "$UT" run --vectors "$V/classify.json" --adapter-cmd "$FAKE" --output /dev/null --baseline base.json
  echo "$stderr"
  [ "$status" -eq 0 ]
  [ "$(ls "$w")" = base.json ]
}
