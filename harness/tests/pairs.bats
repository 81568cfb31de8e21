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
  [ "$(pyjson "sorted(d['pairs'][0])" < "$BATS_TEST_TMPDIR/out/results.pairs.json")" = "['both_accept', 'examples', 'fetcher', 'host', 'host_lost', 'invalid_accepted', 'observed', 'port', 'refused', 'scheme', 'userinfo', 'validator', 'worst']" ]
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

# The fetch lab's evidence: a validator and a fetcher that both parse
# http://evil.com\@good.com/ as evil.com; the fetcher's client connected to
# good.com (findings/fetch-evil.json, as `uritest fetch --format json`
# writes it), refused http://refused.example/ and answered http://ok/
# without connecting anywhere.
EV="$FAKE --name val-v --roles validator --readings $F/fetch-evil-readings.json"
EF="$FAKE --name fetcher-f --roles fetcher --readings $F/fetch-evil-readings.json"
evil_inputs() {
  printf '%s\n' 'http://evil.com\@good.com/' 'http://refused.example/' 'http://ok/' > "$BATS_TEST_TMPDIR/in.txt"
}

@test "pairs --fetch: the fetcher's observed endpoint replaces its parse, and each pair says so" {
  evil_inputs
  # parsed readings alone: both read evil.com, no pair differs
  run --separate-stderr "$UT" pairs --adapter-cmd "$EV" --adapter-cmd "$EF" --format json "$BATS_TEST_TMPDIR/in.txt"
  [ "$status" -eq 0 ]
  [ "$(pair val-v fetcher-f "['host'], p['both_accept'], p['observed'], p['refused']")" = "(0, 3, 0, 0)" ]
  run --separate-stderr "$UT" pairs --adapter-cmd "$EV" --adapter-cmd "$EF" --fetch "$F/fetch-evil.json" --format json "$BATS_TEST_TMPDIR/in.txt"
  [ "$status" -eq 1 ]
  # the refusal, and the fetch that went nowhere, are the fetcher
  # rejecting the input: 1 both accept
  [ "$(pair val-v fetcher-f "['host'], p['both_accept'], p['observed'], p['refused'], p['worst']")" = "(1, 1, 3, 2, 'host')" ]
  [ "$(pair val-v fetcher-f "['examples'] and [(e['input'], e['validator_reading']['host'], e['fetcher_reading']['host'], e['fetcher_reading']['port'], e['fetcher_source']) for e in p['examples']]")" = "[('http://evil.com\\\\@good.com/', 'evil.com', 'good.com', '80', 'observed')]" ]
  # an adapter of the fetch file not among the adapters is said, once
  [ "$(grep -c 'elsewhere is not among the adapters' <<<"$stderr")" = 1 ]
  run --separate-stderr "$UT" pairs --adapter-cmd "$EV" --adapter-cmd "$EF" --fetch "$F/fetch-evil.json" "$BATS_TEST_TMPDIR/in.txt"
  [[ $output == *"val-v validates, fetcher-f fetches: 1 both accept; 1 host, 0 port, 0 scheme, 0 userinfo, 0 invalid_accepted, 0 host_lost; 3 observed (2 refused)"* ]]
  [[ $output == *'e.g. "http://evil.com\x5c@good.com/": host "evil.com" against "good.com" (observed)'* ]]
}

@test "pairs --fetch: as a validator, an adapter keeps its parse; examples from a parse say parsed" {
  evil_inputs
  # fetcher-f in both roles: validating, it reads evil.com (its parse);
  # val-v, a fetcher without fetch results, is judged on its parse
  run --separate-stderr "$UT" pairs --adapter-cmd "$FAKE --name val-v --readings $F/pairs-a.json" \
    --adapter-cmd "$FAKE --name fetcher-f --readings $F/fetch-evil-readings.json" --fetch "$F/fetch-evil.json" --format json "$BATS_TEST_TMPDIR/in.txt"
  [ "$(pair fetcher-f val-v "['observed'], p['host'], [e['fetcher_source'] for e in p['examples']]")" = "(0, 1, ['parsed'])" ]
  [ "$(pair val-v fetcher-f "['observed'], p['refused']")" = "(3, 2)" ]
}

@test "pairs --fetch: a fetch that timed out before connecting leaves the parse; one that connected counts" {
  evil_inputs
  f=$BATS_TEST_TMPDIR/f.json
  echo '{"results": [{"adapter": "fetcher-f", "input": "http://evil.com\\@good.com/", "class": "TIMEOUT", "refused": false, "observed": null}]}' > "$f"
  run --separate-stderr "$UT" pairs --adapter-cmd "$EV" --adapter-cmd "$EF" --fetch "$f" --format json "$BATS_TEST_TMPDIR/in.txt"
  [ "$status" -eq 0 ]
  [ "$(pair val-v fetcher-f "['host'], p['both_accept'], p['observed']")" = "(0, 3, 0)" ]
  # where a client that then hung had connected is still where it went
  echo '{"results": [{"adapter": "fetcher-f", "input": "http://evil.com\\@good.com/", "class": "TIMEOUT", "refused": false, "observed": {"scheme": "http", "name": null, "address": "::1", "port": 8080}}]}' > "$f"
  run --separate-stderr "$UT" pairs --adapter-cmd "$EV" --adapter-cmd "$EF" --fetch "$f" --format json "$BATS_TEST_TMPDIR/in.txt"
  [ "$status" -eq 1 ]
  [ "$(pair val-v fetcher-f "['host'], p['observed'], p['examples'][0]['fetcher_reading']")" = "(1, 1, {'scheme': 'http', 'host': '::1', 'port': '8080'})" ]
}

@test "pairs --fetch: a bad fetch file is exit 2 with a clear error" {
  evil_inputs
  p() { run --separate-stderr "$UT" pairs --adapter-cmd "$EV" --adapter-cmd "$EF" --fetch "$1" "$BATS_TEST_TMPDIR/in.txt"; }
  p "$BATS_TEST_TMPDIR/missing.json"
  [ "$status" -eq 2 ]
  [[ $stderr == *"missing.json: not a fetch file"* ]]
  p "$BATS_TEST_TMPDIR"
  [ "$status" -eq 2 ]
  printf '{"results": [' > "$BATS_TEST_TMPDIR/cut.json"
  p "$BATS_TEST_TMPDIR/cut.json"
  [ "$status" -eq 2 ]
  [[ $stderr == *"cut.json: not a fetch file"* ]]
  echo '{"results": 3}' > "$BATS_TEST_TMPDIR/f.json"
  p "$BATS_TEST_TMPDIR/f.json"
  [ "$status" -eq 2 ]
  [[ $stderr == *'no "results" list'* ]]
  echo '{"results": [{"adapter": "fetcher-f", "input": "http://x/", "refused": false, "observed": {"address": "1.2.3.4", "port": 70000}}]}' > "$BATS_TEST_TMPDIR/f.json"
  p "$BATS_TEST_TMPDIR/f.json"
  [ "$status" -eq 2 ]
  [[ $stderr == *"result 1: field observed.port: not a port number"* ]]
  echo '{"results": [{"adapter": "fetcher-f", "input": 7, "refused": false, "observed": null}]}' > "$BATS_TEST_TMPDIR/f.json"
  p "$BATS_TEST_TMPDIR/f.json"
  [ "$status" -eq 2 ]
  [[ $stderr == *"result 1: field input"* ]]
  # a file over the bound is refused, not read
  truncate -s 65M "$BATS_TEST_TMPDIR/big.json"
  p "$BATS_TEST_TMPDIR/big.json"
  [ "$status" -eq 2 ]
  [[ $stderr == *"big.json: not a fetch file"* ]]
}

@test "pairs --fetch: the lab's own record of the fake fetcher, judged as the observed endpoint" {
  if [ "$(id -u)" -ne 0 ] || ! unshare -n -m true 2>/dev/null; then
    skip "uritest fetch needs root and unshare -n -m"
  fi
  evil_inputs
  # the fake fetcher connects where urlsplit reads the host: good.com
  run --separate-stderr "$UT" fetch --adapter-cmd "$ROOT/harness/tests/fake/fetcher.py --name fetcher-f" \
    --timeout 2 --format json "$BATS_TEST_TMPDIR/in.txt"
  printf '%s\n' "$output" > "$BATS_TEST_TMPDIR/fetch.json"
  [ "$(pyjson "[r['observed']['name'] for r in d['results']][0]" < "$BATS_TEST_TMPDIR/fetch.json")" = good.com ]
  run --separate-stderr "$UT" pairs --adapter-cmd "$EV" --adapter-cmd "$EF" --fetch "$BATS_TEST_TMPDIR/fetch.json" --format json "$BATS_TEST_TMPDIR/in.txt"
  [ "$status" -eq 1 ]
  [ "$(pair val-v fetcher-f "['host'], p['observed'], p['examples'][0]['fetcher_reading']['host'], p['examples'][0]['fetcher_source']")" = "(1, 3, 'good.com', 'observed')" ]
}

# report_with_fetch [OPTION]...: results of val-v (its parse: evil.com) and
# lib-b (the split: good.com) over the fetch file's inputs, rendered
report_with_fetch() {
  run --separate-stderr "$UT" run --output "$BATS_TEST_TMPDIR/out/results.jsonl" --vectors "$ROOT/harness/tests/data/fetch-evil-vectors.json" \
    --adapter-cmd "$EV" --adapter-cmd "$FAKE --name lib-b"
  run --separate-stderr "$UT" report --quiet --output-dir "$BATS_TEST_TMPDIR/rep" "$@" "$BATS_TEST_TMPDIR/out/results.jsonl"
}
# the page's data block as JSON: an expression over d
page_data() {
  "$PY" -c "import json,re,sys; t=open(sys.argv[1]).read(); d=json.loads(re.search(r'<script type=\"application/json\" id=\"data\">(.*?)</script>', t, re.S).group(1)); print($1)" "$BATS_TEST_TMPDIR/rep/index.html"
}

@test "report --fetch: where requests go, each client's connection beside the parsers' readings" {
  report_with_fetch --fetch "$F/fetch-evil.json"
  [ "$status" -eq 0 ]
  S=$BATS_TEST_TMPDIR/rep/summary.md
  grep -q '^## Where requests go$' "$S"
  grep -qF '| `fetcher-f` | `connected` | `"good.com"` | `198.18.0.7` | 80 | `"evil.com\\@good.com"` | - |' "$S"
  grep -qF '| `fetcher-f` | `refused` | - |' "$S"
  grep -qF '| `fetcher-f` | `no connection` | - |' "$S"
  grep -qF '| `elsewhere` | `TIMEOUT` | - |' "$S"
  grep -qF 'Parsers: `val-v` `host "evil.com" port null`; `lib-b` `host "good.com" port null`' "$S"
  [ "$(page_data "[(c['adapter'], c['status'], c.get('name')) for c in d['X']['fetch']['rows'][0]['clients']]")" = "[('fetcher-f', 'connected', '\"good.com\"'), ('elsewhere', 'TIMEOUT', None)]" ]
  [ "$(page_data "[(p['adapter'], p['reading']) for p in d['X']['fetch']['rows'][0]['parsers']]")" = "[('val-v', 'host \"evil.com\" port null'), ('lib-b', 'host \"good.com\" port null')]" ]
  grep -q 'data-view="fetch"' "$BATS_TEST_TMPDIR/rep/index.html"
}

@test "report --fetch: a hostile name and Host header are escaped in the page and in summary.md" {
  report_with_fetch --fetch "$F/fetch-evil.json"
  [ "$status" -eq 0 ]
  H=$BATS_TEST_TMPDIR/rep/index.html
  run ! grep -q '<script>alert' "$H"
  run ! grep -q '<img src=x' "$H"
  grep -qF '\u003c/script\u003e\u003cscript\u003ealert(1)' "$H"
  [ "$(page_data "d['X']['fetch']['rows'][2]['clients'][0]['host_header']")" = '"<img src=x onerror=alert(2)>|`*_[x](y)"' ]
  # summary.md: a code span, its | and ` escaped (the one Markdown rule)
  grep -qF '| `"</script><script>alert(1)</script>"` | `198.18.0.9` | 8080 | `"<img src=x onerror=alert(2)>\|\x60*_[x](y)"` | - |' "$BATS_TEST_TMPDIR/rep/summary.md"
}

@test "report: NAME.fetch.json beside the results is found; none, no view; a bad one is exit 2" {
  report_with_fetch
  run ! grep -q 'Where requests go' "$BATS_TEST_TMPDIR/rep/summary.md"
  [ "$(page_data "'fetch' in d['X']")" = False ]
  cp "$F/fetch-evil.json" "$BATS_TEST_TMPDIR/out/results.fetch.json"
  report_with_fetch
  [ "$status" -eq 0 ]
  grep -q '^## Where requests go$' "$BATS_TEST_TMPDIR/rep/summary.md"
  echo '{"results": [{"adapter": 1}]}' > "$BATS_TEST_TMPDIR/out/results.fetch.json"
  report_with_fetch
  [ "$status" -eq 2 ]
  [[ $stderr == *"results.fetch.json: result 1: field adapter: not a string"* ]]
  report_with_fetch --fetch "$BATS_TEST_TMPDIR/missing.json"
  [ "$status" -eq 2 ]
}
