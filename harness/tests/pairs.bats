#!/usr/bin/env bats
# uritest pairs: validators and fetchers (DESIGN.md "Pairs: validators and
# fetchers"), and run's NAME.pairs.json.
load helper

F=$BATS_TEST_DIRNAME/findings
A="$FAKE --name lib-a --readings $F/pairs-a.json"
B="$FAKE --name lib-b --readings $F/pairs-b.json"

inputs() {
  printf '%s\n' 'http://a@b@c/' 'http://a\b@c/' 'http://0x7f.1/' 'http://h:81/' \
    'http://h:/' 'http://H/' 'http://u@h/' 'http://x/' 'http://ok/' > "$BATS_TEST_TMPDIR/in.txt"
}
pair() { pyjson "(lambda p: (p$3))([p for p in d['pairs'] if p['validator'] == '$1' and p['fetcher'] == '$2'][0])" <<<"$output"; }

@test "pairs: both orders of two adapters in both roles, counts by class, hello names" {
  inputs
  run --separate-stderr "$UT" pairs --adapter-cmd "$A" --adapter-cmd "$B" --format json "$BATS_TEST_TMPDIR/in.txt"
  [ "$status" -eq 1 ]
  [ "$(pyjson "(d['inputs'], d['adapters'])" <<<"$output")" = "(9, ['lib-a', 'lib-b'])" ]
  [ "$(pyjson "len(d['pairs'])" <<<"$output")" = 2 ]
  # http://x/ is rejected by lib-b: 8 accepted by both
  [ "$(pair lib-a lib-b "['both_accept']")" = 8 ]
  # a@b@c, a\b@c (RFC 3986 rejects both: the pair is judged all the same),
  # 0x7f.1 read as other hosts; h:81 another port; h: (empty port), H (case)
  # name the same endpoint; u@h another userinfo
  [ "$(pair lib-a lib-b "['host'], p['port'], p['scheme'], p['userinfo'], p['host_lost'], p['invalid_accepted'], p['worst']")" = "(3, 1, 0, 1, 0, 0, 'host')" ]
  [ "$(pair lib-b lib-a "['host'], p['port'], p['scheme'], p['userinfo'], p['host_lost'], p['invalid_accepted'], p['worst']")" = "(3, 1, 0, 1, 0, 0, 'host')" ]
}

@test "pairs: the examples are the worst class's, the shortest of each kind, with both readings" {
  inputs
  run --separate-stderr "$UT" pairs --adapter-cmd "$A" --adapter-cmd "$B" --format json "$BATS_TEST_TMPDIR/in.txt"
  [ "$(pair lib-a lib-b "['examples'].__len__()")" = 3 ]
  [ "$(pyjson "[e['input'] for e in d['pairs'][0]['examples']]" <<<"$output")" = "['http://a@b@c/', 'http://a\\\\b@c/', 'http://0x7f.1/']" ]
  [ "$(pyjson "sorted(set(e['class'] for p in d['pairs'] for e in p['examples']))" <<<"$output")" = "['host']" ]
  [ "$(pyjson "[(e['validator_reading']['host'], e['fetcher_reading']['host']) for p in d['pairs'] if p['validator'] == 'lib-a' for e in p['examples'] if e['input'] == 'http://a@b@c/'][0]" <<<"$output")" = "('c', 'a')" ]
  [ "$(pyjson "sorted(d['pairs'][0]['examples'][0]['validator_reading'])" <<<"$output")" = "['authority', 'host', 'port', 'scheme', 'userinfo']" ]
}

@test "pairs: no pair differs is exit 0; text says so; standard input with -" {
  printf 'http://ok/\nhttp://h:/\n' | {
    run --separate-stderr "$UT" pairs --adapter-cmd "$A" --adapter-cmd "$B" -
    [ "$status" -eq 0 ]
    [[ $output == *"2 inputs, 2 adapters"* ]]
    [[ $output == *"no pair reads a different endpoint from any input"* ]]
  }
}

@test "pairs --format text names the pairs, the counts and the examples; --output writes the JSON" {
  inputs
  run --separate-stderr "$UT" pairs --adapter-cmd "$A" --adapter-cmd "$B" --output "$BATS_TEST_TMPDIR/m.json" "$BATS_TEST_TMPDIR/in.txt"
  [ "$status" -eq 1 ]
  [[ $output == *"lib-a validates, lib-b fetches: 8 both accept; 3 host, 1 port, 0 scheme, 1 userinfo, 0 invalid_accepted, 0 host_lost"* ]]
  [[ $output == *'e.g. "http://a@b@c/": host "c" against "a"'* ]]
  [[ $output == *'e.g. "http://0x7f.1/": host "0x7f.1" against "127.0.0.1"'* ]]
  [ "$(pyjson "d['pairs'][0]['host']" < "$BATS_TEST_TMPDIR/m.json")" = 3 ]
}

# registry ENTRY...: the fake root's adapter.json with these entries added
registry() {
  fake_root
  "$PY" - "$R/adapters/fake/adapter.json" "$FAKE" "$F" "$@" <<'PYEOF'
import json, sys
p, fake, f = sys.argv[1:4]
d = json.load(open(p))
for e in sys.argv[4:]:
    e = json.loads(e.replace("@FAKE@", fake).replace("@F@", f))
    d.append(e)
json.dump(d, open(p, "w"))
PYEOF
}

@test "pairs: an accept-only validator reads as the reference where RFC 3986 accepts, else invalid_accepted" {
  registry '{"name": "checker", "spec": "rfc3986", "role": "validator", "roles": ["validator"], "command": ["/usr/bin/python3", "@FAKE@", "--name", "checker"]}' \
    '{"name": "lib-b", "spec": "rfc3986", "command": ["/usr/bin/python3", "@FAKE@", "--name", "lib-b", "--readings", "@F@/pairs-b.json"]}'
  # the fake fetcher reads https://evil.com\@google.com/ with its userinfo
  # ending at the last @: host google.com
  printf '%s\n' 'http://0x7f.1/' 'http://h:81/' 'https://evil.com\@google.com/' 'http://a%zz/' > "$BATS_TEST_TMPDIR/in.txt"
  run --separate-stderr "$UT" pairs --adapter checker --adapter lib-b --format json "$BATS_TEST_TMPDIR/in.txt"
  [ "$status" -eq 1 ]
  # the checker validates only; lib-b both
  [ "$(pyjson "[(p['validator'], p['fetcher']) for p in d['pairs']]" <<<"$output")" = "[('checker', 'lib-b')]" ]
  [ "$(pair checker lib-b "['both_accept'], p['host'], p['port'], p['invalid_accepted']")" = "(4, 1, 1, 1)" ]
  [ "$(pair checker lib-b "['examples'][0]['validator_reading']['host'], p['examples'][0]['fetcher_reading']['host']")" = "('0x7f.1', '127.0.0.1')" ]
  # http://a%zz/: accepted by both, but lib-b's host is garbled: nothing
  run --separate-stderr "$UT" pairs --adapter checker --adapter lib-b --format text "$BATS_TEST_TMPDIR/in.txt"
  [[ $output == *"checker validates, lib-b fetches: 4 both accept; 1 host, 1 port, 0 scheme, 0 userinfo, 1 invalid_accepted, 0 host_lost"* ]]
}

@test "pairs: a validator accepting https://evil.com\\@google.com/ alone: invalid_accepted, the fetcher's reading shown" {
  registry '{"name": "checker", "spec": "rfc3986", "role": "validator", "command": ["/usr/bin/python3", "@FAKE@", "--name", "checker"]}'
  printf '%s\n' 'https://evil.com\@google.com/' > "$BATS_TEST_TMPDIR/in.txt"
  run --separate-stderr "$UT" pairs --adapter checker --adapter fake --format json "$BATS_TEST_TMPDIR/in.txt"
  [ "$status" -eq 1 ]
  [ "$(pair checker fake "['invalid_accepted'], p['worst']")" = "(1, 'invalid_accepted')" ]
  [ "$(pair checker fake "['examples'][0]['class'], p['examples'][0]['validator_reading'], p['examples'][0]['fetcher_reading']['host']")" = "('invalid_accepted', None, 'google.com')" ]
}

@test "pairs: a parsing validator reading evil.com, a fetcher reading google.com; hello roles; worst class first" {
  # whatwg-like reads the backslash as a slash (judged-readings.json), the
  # plain fake reads google.com; urllib-like reads no host from http:\\evil.com/
  printf '%s\n' 'https://evil.com\@google.com/' 'http:\\evil.com/' 'http://h/' > "$BATS_TEST_TMPDIR/in.txt"
  run --separate-stderr "$UT" pairs --adapter-cmd "$FAKE --name whatwg-like --roles validator,fetcher --readings $F/judged-readings.json" \
    --adapter-cmd "$FAKE --name curl-like --roles fetcher" --adapter-cmd "$FAKE --name urllib-like --roles validator --readings $F/pairs-nohost.json" \
    --format json "$BATS_TEST_TMPDIR/in.txt"
  [ "$status" -eq 1 ]
  # no pair has curl-like as its validator, nor urllib-like as its fetcher
  [ "$(pyjson "sorted((p['validator'], p['fetcher']) for p in d['pairs'])" <<<"$output")" = "[('urllib-like', 'curl-like'), ('urllib-like', 'whatwg-like'), ('whatwg-like', 'curl-like')]" ]
  # ex V F INPUT: the host V and F read in the example of INPUT
  ex() { pyjson "[(e['validator_reading']['host'], e['fetcher_reading']['host']) for p in d['pairs'] if (p['validator'], p['fetcher']) == ('$1', '$2') for e in p['examples'] if e['input'] == '$3'][0]" <<<"$output"; }
  [ "$(ex whatwg-like curl-like 'https://evil.com\\@google.com/')" = "('evil.com', 'google.com')" ]
  # whatwg-like reads no host from http://h/ (judged-readings.json): as a
  # validator it lets curl-like fetch h
  [ "$(ex whatwg-like curl-like 'http://h/')" = "(None, 'h')" ]
  [ "$(pair whatwg-like curl-like "['host'], p['host_lost']")" = "(2, 1)" ]
  # the validator reads no host from http:\\evil.com/, the browser evil.com
  [ "$(ex urllib-like whatwg-like 'http:\\\\evil.com/')" = "(None, 'evil.com')" ]
  # whatwg-like, as the fetcher, loses the host of http://h/: host_lost
  [ "$(pair urllib-like whatwg-like "['host'], p['host_lost']")" = "(2, 1)" ]
  # urllib-like and curl-like read alike: listed, no class
  [ "$(pair urllib-like curl-like "['worst'], p['examples']")" = "(None, [])" ]
  # ranked by worst class, then its count: host pairs first, the most first
  [ "$(pyjson "[p['worst'] for p in d['pairs']]" <<<"$output")" = "['host', 'host', None]" ]
}

@test "pairs: ranking by worst class, then count" {
  printf '%s\n' 'http://h:81/' 'http://u@h/' > "$BATS_TEST_TMPDIR/in.txt"
  run --separate-stderr "$UT" pairs --adapter-cmd "$FAKE --name v --roles validator" \
    --adapter-cmd "$FAKE --name f-port --roles fetcher --readings $F/pairs-b.json" \
    --adapter-cmd "$FAKE --name f-user --roles fetcher --readings $F/pairs-user.json" --format json "$BATS_TEST_TMPDIR/in.txt"
  [ "$(pyjson "[(p['fetcher'], p['worst']) for p in d['pairs']]" <<<"$output")" = "[('f-port', 'port'), ('f-user', 'userinfo')]" ]
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

@test "run writes the pair matrix of its own results beside the results file, named after it" {
  run --separate-stderr "$UT" run --output "$BATS_TEST_TMPDIR/out/results.jsonl" --vectors "$V/classify.json" \
    --adapter-cmd "$A" --adapter-cmd "$FAKE --name lib-c"
  [ -f "$BATS_TEST_TMPDIR/out/results.pairs.json" ]
  [ "$(pyjson "(d['adapters'], d['inputs'])" < "$BATS_TEST_TMPDIR/out/results.pairs.json")" = "(['lib-a', 'lib-c'], 7)" ]
  [ "$(pyjson "sorted(d['pairs'][0])" < "$BATS_TEST_TMPDIR/out/results.pairs.json")" = "['both_accept', 'examples', 'fetcher', 'host', 'host_lost', 'invalid_accepted', 'port', 'scheme', 'userinfo', 'validator', 'worst']" ]
  # a second run to the same folder does not replace the first's matrix
  run --separate-stderr "$UT" run --output "$BATS_TEST_TMPDIR/out/other.jsonl" --vectors "$V/classify.json" \
    --adapter-cmd "$FAKE --name lib-d"
  [ "$(pyjson "d['adapters']" < "$BATS_TEST_TMPDIR/out/results.pairs.json")" = "['lib-a', 'lib-c']" ]
  [ "$(pyjson "d['adapters']" < "$BATS_TEST_TMPDIR/out/other.pairs.json")" = "['lib-d']" ]
  # the report reads the first results file's matrix
  run --separate-stderr "$UT" report --quiet --output-dir "$BATS_TEST_TMPDIR/rep" "$BATS_TEST_TMPDIR/out/results.jsonl"
  [ "$status" -eq 0 ]
  grep -Eq '"validator": ?"lib-a"' "$BATS_TEST_TMPDIR/rep/index.html"
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
