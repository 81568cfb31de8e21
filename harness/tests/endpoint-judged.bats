#!/usr/bin/env bats
# Endpoints as a security reviewer judges them (DESIGN.md "Endpoints"): every
# judged result says "endpoint": "different", "host-lost" or "same", and only
# "different" is security_relevant, with the worst differing part as severity.
# The fake adapter reads each input as findings/judged-readings.json says.
load helper

F=$BATS_TEST_DIRNAME/findings
READINGS=$F/judged-readings.json

# judge INPUT...: uritest diff of the inputs; RES is the results file
judge() {
  printf '%s\n' "$@" > "$BATS_TEST_TMPDIR/in.txt"
  run --separate-stderr "$UT" diff --adapter-cmd "$FAKE --readings $READINGS" \
    --output "$(OUT)" --format json "$BATS_TEST_TMPDIR/in.txt"
}
# verdict N: "class endpoint security severity" of line N's result
verdict() {
  pylines "$(OUT)" "' '.join(str(x) for x in [[(y['class'], y.get('endpoint'), y.get('security_relevant', False), y.get('severity')) for y in r if y.get('id') == 'line:$1'][0]][0])"
}
# expect WANT INPUT...: every input's verdict is WANT
expect_all() {
  want=$1
  shift
  judge "$@"
  for ((i = 1; i <= $#; i++)); do
    got=$(verdict $i)
    [[ $got == *"$want" ]] || { echo "${!i}: $got, not ...$want"; return 1; }
  done
}

@test "same endpoint spelled otherwise: case, %41, IDNA, default and empty port, IPv6, userinfo encodings, empty password" {
  expect_all "same False None" 'http://EXAMPLE.com/' 'http://%41.com/' 'http://%c3%a9.com/' \
    'http://xn--9ca.com/' 'http://h:80/' 'https://h:/' 'http://[0:0::1]/' 'http://us%65r@h/' \
    'http://a%40b@h/' 'http://user:@h/'
  # a leading zero before one digit below 8 reads the same in octal and decimal
  expect_all "same False None" 'http://01.1.1.1/' 'http://007.1.1.1/'
  [ "$(verdict 1)" = "COMPONENT_MISMATCH same False None" ]
}

@test "neither side has a usable host: same, ports and userinfo not compared" {
  # 959.1.1.1 is a numeric name inet_aton refuses: garbled on the RFC side
  expect_all "same False None" 'http://959.1.1.1/' '//u@:8?q'
}

@test "port 0 is no port a client connects to: not compared" {
  expect_all "same False None" 'http://f:000/c'
}

@test "a host lost or garbled by the library is host-lost, never different" {
  # @1.2.3.4 and h: keep a delimiter; null is no host
  expect_all "host-lost False None" 'http://@1.2.3.4/' 'http://h:/' 'http://h/' '//u@h:8/p'
  [ "$(verdict 1)" = "COMPONENT_MISMATCH host-lost False None" ]
}

@test "different endpoints: numeric forms against a reg-name, another port, userinfo, a host where the RFC has none" {
  judge 'http://0x7f.1/' 'http://020.1.1.1/' 'http://127.1/' 'http://h:81/' 'http://u@h/' 's:/p' 's://h%20x/'
  [ "$(verdict 1)" = "COMPONENT_MISMATCH different True host" ]
  [ "$(verdict 2)" = "COMPONENT_MISMATCH different True host" ]
  [ "$(verdict 3)" = "COMPONENT_MISMATCH different True host" ]
  [ "$(verdict 4)" = "COMPONENT_MISMATCH different True port" ]
  [ "$(verdict 5)" = "COMPONENT_MISMATCH different True userinfo" ]
  # the RFC reads no authority; the library a host
  [ "$(verdict 6)" = "COMPONENT_MISMATCH different True host" ]
  # the RFC's host decodes to "h x", no usable host; the library's is "h"
  [ "$(verdict 7)" = "COMPONENT_MISMATCH different True host" ]
  # 010 is 8 to inet_aton, 10 read as decimal: either reading is the other host
  judge 'http://010.1.1.1/' 'http://0010.1.1.1/'
  [ "$(verdict 1)" = "COMPONENT_MISMATCH different True host" ]
  [ "$(verdict 2)" = "COMPONENT_MISMATCH different True host" ]
}

@test "an IPvFuture literal is no usable host: respelled or unwrapped it is the same" {
  judge $'s://[v1.a\x11b]/p' 's://[v1.ab]/p'
  [ "$(verdict 1)" = "SHOULD_HAVE_REJECTED same False None" ]
  # the library drops the brackets and reads the name v1.ab
  [ "$(verdict 2)" = "COMPONENT_MISMATCH same False None" ]
}

@test "a relative reference's scheme is its base's: a library's default scheme is no difference, its host is" {
  judge '//h' 'p'
  [ "$(verdict 1)" = "COMPONENT_MISMATCH same False None" ]
  [ "$(verdict 2)" = "COMPONENT_MISMATCH different True host" ]
}

@test "inputs RFC 3986 rejects: judged against the lenient reading (last @, Appendix B)" {
  judge 'https://evil.com\@google.com/' 'http://127.0.0.1\@example.com/' 'http:\\evil.com/' \
    'http://a\@google.com/' 'http://google.com。evil.com/' 'http://a b/'
  # backslash read as a slash: another host than google.com, example.com; a
  # host where the lenient reading has no authority
  [ "$(verdict 1)" = "SHOULD_HAVE_REJECTED different True host" ]
  [ "$(verdict 2)" = "SHOULD_HAVE_REJECTED different True host" ]
  [ "$(verdict 3)" = "SHOULD_HAVE_REJECTED different True host" ]
  # the library reads the host of the lenient reading: same
  [ "$(verdict 4)" = "SHOULD_HAVE_REJECTED same False None" ]
  # U+3002 is a dot once IDNA-mapped
  [ "$(verdict 5)" = "SHOULD_HAVE_REJECTED same False None" ]
  # a blank in the host: garbled on both sides
  [ "$(verdict 6)" = "SHOULD_HAVE_REJECTED same False None" ]
  # an xn-- label IDNA will not decode is still an ASCII name DNS looks up:
  # another host than google.com, and a host to lose
  judge 'http://ⓖⓞⓞⓖⓛⓔ.com/' 'http://xn--taaaaaahkd5c2ab29fcacccc.com/'
  [ "$(verdict 1)" = "SHOULD_HAVE_REJECTED different True host" ]
  [ "$(verdict 2)" = "COMPONENT_MISMATCH host-lost False None" ]
  # blanks at the ends are dropped by the lenient reading; a port that is
  # no number is split off and not compared
  judge ' https://evil.com/' 's://a:b/p'
  [ "$(verdict 1)" = "SHOULD_HAVE_REJECTED same False None" ]
  [ "$(verdict 2)" = "SHOULD_HAVE_REJECTED same False None" ]
  # a scheme no client uses (blanks kept in it) is not compared; a tab
  # inside the userinfo is the same once decoded; one turned into "_" is
  # another userinfo
  judge $'\t\bhttps://h/' $'s://a\tb@h/p' $'s://a\x10b@h/p'
  [ "$(verdict 1)" = "SHOULD_HAVE_REJECTED same False None" ]
  [ "$(verdict 2)" = "SHOULD_HAVE_REJECTED same False None" ]
  [ "$(verdict 3)" = "SHOULD_HAVE_REJECTED different True userinfo" ]
}

@test "counts: security-relevant is the different endpoints alone, host-lost apart (json, text, JUnit)" {
  judge 'http://0x7f.1/' 'http://h:/' 'http://h/' 'http://EXAMPLE.com/' 'https://evil.com\@google.com/'
  [ "$(pyjson "(d['adapters']['fake']['security_relevant'], d['adapters']['fake']['host_lost'])" <<<"$output")" = "(2, 2)" ]
  run --separate-stderr "$UT" diff --adapter-cmd "$FAKE --readings $READINGS" --format text "$BATS_TEST_TMPDIR/in.txt"
  [[ $output == *"2 security-relevant (2 host), 2 host-lost"* ]]
  [[ $output == *"[host-lost]"* ]]
  run --separate-stderr "$UT" diff --adapter-cmd "$FAKE --readings $READINGS" --format junit "$BATS_TEST_TMPDIR/in.txt"
  [[ $output == *'<property name="security_relevant" value="2"/>'* ]]
  [[ $output == *'<property name="host_lost" value="2"/>'* ]]
}

@test "the results file keeps the endpoint; report and summary.md count host-lost apart" {
  judge 'http://0x7f.1/' 'http://h:/' 'http://h/'
  [ "$(pylines "$(OUT)" "[x.get('endpoint') for x in r if x.get('record') == 'result']")" = "['different', 'host-lost', 'host-lost']" ]
  run --separate-stderr "$UT" report --quiet --output-dir "$BATS_TEST_TMPDIR/rep" "$(OUT)"
  [ "$status" -eq 0 ]
  [ "$(pyjson "(d['adapters']['fake']['security_relevant'], d['adapters']['fake']['host_lost'])" < "$BATS_TEST_TMPDIR/rep/results.json")" = "(1, 2)" ]
  grep -q '^| host-lost | 2 |$' "$BATS_TEST_TMPDIR/rep/summary.md"
  grep -q '1 security-relevant (another endpoint), 2 host-lost' "$BATS_TEST_TMPDIR/rep/summary.md"
  # the page's overview: "sec" (security-relevant) and "hl" (host lost) columns
  grep -q '"sec":1,"known":0,"named":0,"hl":2' "$BATS_TEST_TMPDIR/rep/index.html"
}
