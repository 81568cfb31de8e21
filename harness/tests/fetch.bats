#!/usr/bin/env bats
# uritest fetch: the lab's records, checked with a fake fetcher that
# connects exactly where its input says (harness/tests/fake/fetcher.py).
load helper

FF="$ROOT/harness/tests/fake/fetcher.py"

setup() {
  case $BATS_TEST_DESCRIPTION in *"without root"*) return ;; esac
  if [ "$(id -u)" -ne 0 ] || ! unshare -n -m true 2>/dev/null; then
    skip "uritest fetch needs root and unshare -n -m"
  fi
}

@test "fetch: without root it is skipped, said once, nothing fetched" {
  printf 'crash://x/\n' > "$BATS_TEST_TMPDIR/in.txt"
  chmod -R a+rX "$BATS_TEST_TMPDIR"
  as=()
  [ "$(id -u)" -ne 0 ] || as=(setpriv --reuid=65534 --regid=65534 --clear-groups)
  run --separate-stderr "${as[@]}" "$UT" fetch --adapter-cmd "$FF" --format json "$BATS_TEST_TMPDIR/in.txt"
  [ "$status" -eq 0 ]
  [ "$stderr" = "uritest fetch: skipped: needs root: the lab is a private network namespace (unshare -n -m)" ]
  [ "$(pyjson "(d['skipped'] != '', d['results'])" <<<"$output")" = "(True, [])" ]
}

# fetch INPUT...: the fake fetcher's results as JSON in $output
fetch() {
  printf '%s\n' "$@" > "$BATS_TEST_TMPDIR/in.txt"
  run --separate-stderr "$UT" fetch --adapter-cmd "$FF" --timeout 2 --format json "$BATS_TEST_TMPDIR/in.txt"
}
# x EXPR: EXPR over r, the list of results
x() { "$PY" -c "import json,sys; r=json.load(sys.stdin)['results']; print($1)" <<<"$output"; }

@test "fetch: a name, its lab address, the port and Host header as sent" {
  fetch 'http://Example.com:8081/'
  [ "$status" -eq 0 ]
  [ "$(x "r[0]['observed']['name']")" = example.com ]
  [[ "$(x "r[0]['observed']['address']")" = 198.1[89].* ]]
  [ "$(x "r[0]['observed']['port']")" = 8081 ]
  [ "$(x "r[0]['observed']['host_header']")" = Example.com:8081 ]
  [ "$(x "r[0]['observed']['sni']")" = None ]
  # Python's getaddrinfo asks the name IDNA-encoded (lower-cased)
  [ "$(x "('example.com', 'A') in [(q['name'], q['type']) for q in r[0]['asked']]")" = True ]
  [ "$(x "r[0]['endpoint']")" = same ]
}

@test "fetch: a public address lands on the lab's listener, not the world" {
  fetch 'http://93.184.216.34/x' 'http://8.8.8.8:53/'
  [ "$(x "(r[0]['observed']['address'], r[0]['observed']['port'])")" = "('93.184.216.34', 80)" ]
  [ "$(x "r[0]['observed']['name']")" = None ]
  # port 53 of any address but the resolver's is a fetch like any other
  [ "$(x "(r[1]['observed']['address'], r[1]['observed']['port'])")" = "('8.8.8.8', 53)" ]
}

@test "fetch: https: the ClientHello's server name, no handshake" {
  fetch 'https://good.example/'
  [ "$(x "r[0]['observed']['sni']")" = good.example ]
  [ "$(x "r[0]['observed']['host_header']")" = None ]
  [ "$(x "r[0]['observed']['port']")" = 443 ]
}

@test "fetch: IPv6, a literal and an AAAA answer" {
  fetch 'http://[2001:db8::1]:81/' 'http6://six.example/'
  [ "$(x "r[0]['observed']['address']")" = 2001:db8::1 ]
  [ "$(x "r[1]['observed']['address']")" = 2001:2::1 ]
  [ "$(x "r[1]['asked'][0]['type']")" = AAAA ]
}

@test "fetch: the host's resolv.conf is untouched, the client sees the lab's" {
  before=$(md5sum < /etc/resolv.conf)
  fetch 'dump://x/'
  [ "$(x "r[0]['refused']")" = True ]
  [[ "$(x "r[0]['error']")" = *"nameserver 127.0.0.1"* ]]
  [ "$(md5sum < /etc/resolv.conf)" = "$before" ]
  ! grep -q 'uritest' /etc/hosts
}

@test "fetch: a refusal is recorded, nothing connected" {
  fetch 'refuse://x.example/'
  [ "$(x "(r[0]['refused'], r[0]['observed'], r[0]['class'])")" = "(True, None, None)" ]
}

@test "fetch: a client that hangs is TIMEOUT, one that dies CRASH, the run goes on" {
  SECONDS=0
  fetch 'hang://stuck.example:8082/' 'crash://x/' 'http://after.example/'
  [ "$SECONDS" -lt 10 ]
  [ "$(x "r[0]['class']")" = TIMEOUT ]
  # where it connected before it hung is still known
  [ "$(x "(r[0]['observed']['name'], r[0]['observed']['port'])")" = "('stuck.example', 8082)" ]
  [ "$(x "r[1]['class']")" = CRASH ]
  [ "$(x "r[2]['observed']['name']")" = after.example ]
}

@test "fetch: endpoints judged against RFC 3986: an address the RFC reads as a name" {
  fetch 'http://0x7f.1/' 'http://ok.example/'
  [ "$status" -eq 1 ]
  [ "$(x "r[0]['observed']['address']")" = 127.0.0.1 ]
  [ "$(x "(r[0]['endpoint'], r[0]['severity'])")" = "('different', 'host')" ]
  [ "$(x "(r[1]['endpoint'], r[1]['severity'])")" = "('same', None)" ]
}

@test "fetch: an input RFC 3986 rejects is judged against its lenient reading" {
  # the fake fetcher (urlsplit) connects to the name after the last "@",
  # the lenient reading's host; the RFC reading has none
  fetch 'http://x.example\@y.example/' 'http://z.example\@[::1]:99/'
  [ "$status" -eq 0 ]
  [ "$(x "(r[0]['observed']['name'], r[0]['endpoint'])")" = "('y.example', 'same')" ]
  [ "$(x "(r[1]['observed']['address'], r[1]['observed']['port'], r[1]['endpoint'])")" = "('::1', 99, 'same')" ]
}

@test "fetch: octets from the wire are escaped in JSON and text" {
  fetch 'raw://h.example/%01%FF%22x'
  [ "$(x "r[0]['observed']['host_header']")" = "{'hex': '01ff2278'}" ]
  run --separate-stderr "$UT" fetch --adapter-cmd "$FF" "$BATS_TEST_TMPDIR/in.txt"
  [[ "$output" = *"Host: hex:01ff2278"* ]]
  printf 'raw://h.example/a%%01%%22b\n' > "$BATS_TEST_TMPDIR/in.txt"
  run --separate-stderr "$UT" fetch --adapter-cmd "$FF" "$BATS_TEST_TMPDIR/in.txt"
  [[ "$output" != *$'\x01'* ]]
}

@test "fetch: junk on the wire, lying lengths and a flood leave the lab answering" {
  printf '%s\n' 'junk://junk.example:8083/' 'http://next.example/' > "$BATS_TEST_TMPDIR/in.txt"
  SECONDS=0
  # a timeout that a loaded machine does not reach: the junk takes time
  run --separate-stderr "$UT" fetch --adapter-cmd "$FF" --timeout 15 --format json "$BATS_TEST_TMPDIR/in.txt"
  [ "$SECONDS" -lt 40 ]
  [ "$(x "r[0]['class']")" = None ]
  # the fetch after the junk is recorded as usual
  [ "$(x "(r[0]['observed']['name'], r[0]['observed']['port'], r[0]['observed']['host_header'])")" = "('junk.example', 8083, 'junk.example:8083')" ]
  [ "$(x "r[0]['connections'] > 64")" = True ] # counted past the 64 kept
  [ "$(x "(r[1]['observed']['name'], r[1]['observed']['host_header'])")" = "('next.example', 'next.example')" ]
}

@test "fetch: a fetcher that parses too: its parse judged, its crash or lie survived" {
  printf '%s\n' 'http://0x7f.1/' 'crash://x/' 'http://ok.example/' 'lie://x/' > "$BATS_TEST_TMPDIR/in.txt"
  run --separate-stderr "$UT" fetch --adapter-cmd "$FF --parse" --timeout 2 --format json "$BATS_TEST_TMPDIR/in.txt"
  [ "$status" -eq 1 ]
  # its parse reads the name 0x7f.1; getaddrinfo connects to 127.0.0.1
  [ "$(x "(r[0]['parsed']['components']['host'], r[0]['observed']['address'], r[0]['parse_endpoint'])")" = "('0x7f.1', '127.0.0.1', 'different')" ]
  # the parse crashed on crash://: no parse, and the fetches go on
  [ "$(x "(r[1]['class'], 'parsed' in r[1])")" = "('CRASH', False)" ]
  [ "$(x "(r[2]['parsed']['components']['host'], r[2]['observed']['name'], r[2]['parse_endpoint'])")" = "('ok.example', 'ok.example', 'same')" ]
  # an answer without "valid" is no parse
  [ "$(x "('parsed' in r[3], r[3]['observed']['name'])")" = "(False, 'x')" ]
}

@test "fetch: a fetcher's name from its hello is shown through the terminal escape" {
  printf 'refuse://x/\n' > "$BATS_TEST_TMPDIR/in.txt"
  run --separate-stderr "$UT" fetch --adapter-cmd "$FF --name '$(printf 'x\033]0;PWNED\007')'" --timeout 2 "$BATS_TEST_TMPDIR/in.txt"
  [ "$status" -eq 0 ]
  [[ $output == *'x\x1b]0;PWNED\x07'* ]]
  [[ $output != *$'\033'* ]]
}
