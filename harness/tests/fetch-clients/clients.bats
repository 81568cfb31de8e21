#!/usr/bin/env bats
# uritest fetch with two real clients, libcurl's easy API (adapters/curl)
# and Python's urllib.request (adapters/python-urllib): where each really
# connects for inputs whose readings differ.  The expectations are the
# clients' documented behaviour: curl's URL API decodes a percent-encoded
# host and reads 0x7f.1 as an IPv4 address (as inet_aton does), sending
# the address as its Host; urllib.request unquotes the host it got from
# urlsplit and hands 0x7f.1 to getaddrinfo, which takes it as 127.0.0.1,
# while the Host header keeps the name as written; it keeps a userinfo in
# the host it connects to.
load ../helper

setup() {
  if [ "$(id -u)" -ne 0 ] || ! unshare -n -m true 2>/dev/null; then
    skip "uritest fetch needs root and unshare -n -m"
  fi
}

# fetch ADAPTER: the confusion inputs through it, JSON in $output
fetch() {
  printf '%s\n' 'http://0x7f.1/' 'http://%65vil.example/' \
    'http://u:p@h.example:8080/' 'https://s.example/' > "$BATS_TEST_TMPDIR/in.txt"
  run --separate-stderr "$UT" fetch --adapter "$1" --format json "$BATS_TEST_TMPDIR/in.txt"
}
x() { "$PY" -c "import json,sys; r=json.load(sys.stdin)['results']; print($1)" <<<"$output"; }
obs() { x "(r[$1]['observed']['name'], r[$1]['observed']['address'], r[$1]['observed']['port'], r[$1]['observed']['host_header'], r[$1]['observed']['sni'])"; }

@test "fetch: curl connects where libcurl reads the host" {
  fetch curl
  [ "$status" -eq 1 ] # 0x7f.1 goes to an address RFC 3986 reads as a name
  [ "$(obs 0)" = "(None, '127.0.0.1', 80, '127.0.0.1', None)" ]
  [ "$(x "(r[0]['endpoint'], r[0]['severity'])")" = "('different', 'host')" ]
  [ "$(x "(r[1]['observed']['name'], r[1]['observed']['host_header'], r[1]['endpoint'])")" = "('evil.example', 'evil.example', 'same')" ]
  [ "$(x "(r[2]['observed']['name'], r[2]['observed']['port'], r[2]['observed']['host_header'])")" = "('h.example', 8080, 'h.example:8080')" ]
  [ "$(x "(r[3]['observed']['name'], r[3]['observed']['port'], r[3]['observed']['sni'])")" = "('s.example', 443, 's.example')" ]
}

@test "fetch: Python urllib connects where urllib.request reads the host" {
  fetch python-urllib
  [ "$status" -eq 1 ]
  [ "$(obs 0)" = "(None, '127.0.0.1', 80, '0x7f.1', None)" ]
  [ "$(x "(r[1]['observed']['name'], r[1]['observed']['host_header'])")" = "('evil.example', 'evil.example')" ]
  # urllib.request keeps the userinfo in the host it gives http.client,
  # which asks getaddrinfo for "u:p@h.example": no question, no connection
  [ "$(x "(r[2]['observed'], r[2]['asked'], r[2]['refused'], r[2]['endpoint'])")" = "(None, [], False, 'host-lost')" ]
  [ "$(x "(r[3]['observed']['name'], r[3]['observed']['sni'])")" = "('s.example', 's.example')" ]
}

@test "fetch: curl and Python urllib connect in the lab where they connect outside it" {
  C=$BATS_TEST_DIRNAME/confusions.txt
  run --separate-stderr "$UT" fetch --adapter curl --adapter python-urllib --format json "$C"
  echo "$output" > "$BATS_TEST_TMPDIR/lab.json"
  # the same clients from their own command lines, a hosts file, a plain
  # socket server: crosscheck.py
  CROSSCHECK_CLIENTS="curl python-urllib" run "$PY" "$BATS_TEST_DIRNAME/crosscheck.py" "$BATS_TEST_TMPDIR/lab.json" "$C"
  echo "$output"
  [ "$status" -eq 0 ]
  [[ "$output" = *"curl: 9 of 9 agree"* ]]
  [[ "$output" = *"python-urllib: 9 of 9 agree"* ]]
}

@test "fetch: the text view puts each client's own parse beside its connection" {
  printf '%s\n' 'http://%65vil.example/' > "$BATS_TEST_TMPDIR/in.txt"
  run --separate-stderr "$UT" fetch --adapter python-urllib "$BATS_TEST_TMPDIR/in.txt"
  [ "${lines[0]}" = '"http://%65vil.example/"' ]
  [ "${lines[1]}" = '  RFC 3986: host "%65vil.example" port -' ]
  # urllib.parse keeps the escape, urllib.request unquotes it and connects
  [[ "${lines[2]}" = '  python-urllib      parses host "%65vil.example" port -; connects to "evil.example" 198.1'*' port 80 Host: "evil.example" SNI: - [same] [own parse: same]' ]]
}

@test "fetch: a connection is judged against the client's own parse too" {
  fetch python-urllib
  # urllib.parse reads the name 0x7f.1; the connection goes to 127.0.0.1
  [ "$(x "(r[0]['parsed']['components']['host'], r[0]['parse_endpoint'])")" = "('0x7f.1', 'different')" ]
  [ "$(x "r[1]['parse_endpoint']")" = "same" ]
  # its parse reads h.example, the client connected nowhere
  [ "$(x "r[2]['parse_endpoint']")" = "host-lost" ]
  fetch curl
  # libcurl's URL API reads 127.0.0.1 itself: where it connects
  [ "$(x "(r[0]['parsed']['components']['host'], r[0]['parse_endpoint'])")" = "('127.0.0.1', 'same')" ]
}

@test "fetch: a port past 65535 names no port, so a client that wraps it connects to another" {
  printf '%s\n' 'http://c.example:65616/' > "$BATS_TEST_TMPDIR/in.txt"
  run --separate-stderr "$UT" fetch --adapter python-urllib --format json "$BATS_TEST_TMPDIR/in.txt"
  [ "$status" -eq 1 ]
  # http.client reads the port into 16 bits: 65616 - 65536 = 80
  [ "$(x "(r[0]['observed']['port'], r[0]['endpoint'], r[0]['severity'])")" = "(80, 'different', 'port')" ]
}
