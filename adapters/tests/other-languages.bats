#!/usr/bin/env bats
# The adapters in languages other than C and Python (issue 11): Go net/url, Perl URI, Ruby
# URI::RFC3986_Parser, PHP parse_url, java.net.URI, Node's legacy url.parse,
# uri-js, fast-uri, url-parse, the Rust url and oxiri crates, Erlang
# uri_string, Elixir URI, Haskell network-uri: the library's own reading of a
# few inputs, which is what each row names its adapter for.  What every adapter
# is checked for (its registry entry, the protocol) is each.bash's generated
# rows; its vectors against its baseline, tests/baselines.sh.  Each test skips,
# saying why, when its adapter is not usable here (adapter.json's check).

load helper

# None of these adapters is C: the sanitizer pass (test-adapters-asan, which
# runs this folder again with BUILD=build/asan) has nothing to add here.
setup() {
  main_build || skip "no C code in these adapters: run on the main build only"
}

# ---- each library's mapping (README.md of each adapter) ----------------------

@test "go-net-url: empty query kept (ForceQuery), empty fragment lost, opaque, empty authority no host" {
  need go-net-url
  ask go-net-url <<'REQ'
{"id": 1, "op": "parse", "input": "http://u:p@[::1]:080/a?#"}
{"id": 2, "op": "parse", "input": "mailto:a@b?x"}
{"id": 3, "op": "parse", "input": "http:///p"}
{"id": 4, "op": "parse", "input": "http://h:80:90/"}
{"id": 5, "op": "resolve", "base": "http://a/b/c/d;p?q", "input": "../g?y#s"}
REQ
  l=$(nth 1)
  [ "$(comp "$l" host)" = '"[::1]"' ]; [ "$(comp "$l" port)" = '"080"' ]
  [ "$(comp "$l" query)" = '""' ]; [ "$(comp "$l" fragment)" = '"LEFT-OUT"' ]
  [ "$(comp "$l" authority)" = '"LEFT-OUT"' ]; [ "$(comp "$l" userinfo)" = '"u:p"' ]
  l=$(nth 2)
  [ "$(comp "$l" path)" = '"a@b"' ]; [ "$(comp "$l" authority)" = null ]; [ "$(comp "$l" query)" = '"x"' ]
  # an empty authority is told from none by no field of net/url: no host, null
  l=$(nth 3)
  [ "$(comp "$l" host)" = null ]; [ "$(comp "$l" path)" = '"/p"' ]
  # net/url takes "h:80" as the host and 90 as the port (a divergence)
  l=$(nth 4)
  [ "$(comp "$l" host)" = '"h:80"' ]; [ "$(comp "$l" port)" = '"90"' ]
  [ "$(jget "$(nth 5)" 'j["target"]')" = '"http://a/b/g?y#s"' ]
}

@test "perl-uri: raw authority, undef versus empty, canonical, non-strict resolution" {
  need perl-uri
  ask perl-uri <<'REQ'
{"id": 1, "op": "parse", "input": "http://u:p@[::1]:080/a?#"}
{"id": 2, "op": "parse", "input": "http://@h:/p"}
{"id": 8, "op": "parse", "input": "foo://u@h/p"}
{"id": 3, "op": "parse", "input": "mailto:a@b?x"}
{"id": 4, "op": "normalize", "input": "HTTP://A/%7e"}
{"id": 5, "op": "resolve", "base": "http://a/b/c/d;p?q", "input": "http:g", "strict": false}
{"id": 6, "op": "resolve", "base": "http://a/b/c/d;p?q", "input": "http:g"}
{"id": 7, "op": "parse", "input_hex": "687474703a2f2f2566662f"}
REQ
  l=$(nth 1)
  [ "$(comp "$l" authority)" = '"u:p@[::1]:080"' ]; [ "$(comp "$l" host)" = '"[::1]"' ]
  [ "$(comp "$l" port)" = '"080"' ]; [ "$(comp "$l" query)" = '""' ]; [ "$(comp "$l" fragment)" = '""' ]
  l=$(nth 2)
  [ "$(comp "$l" userinfo)" = '""' ]; [ "$(comp "$l" port)" = '""' ]
  l=$(nth 4)
  [ "$(comp "$l" path)" = '"a@b"' ]; [ "$(comp "$l" query)" = '"x"' ]; [ "$(comp "$l" authority)" = null ]
  [ "$(jget "$(nth 5)" 'j["normalized"]')" = '"http://a/~"' ]
  [ "$(jget "$(nth 6)" 'j["target"]')" = '"http://a/b/c/g"' ]
  [ "$(jget "$(nth 7)" 'j["target"]')" = '"http:g"' ]
  # the host is read percent-decoded: %ff is the octet 0xFF, sent as hex
  [ "$(comp "$(nth 8)" host)" = '{"hex": "ff"}' ]
  # an unknown scheme's class has an authority but no host accessor
  l=$(nth 3)
  [ "$(comp "$l" authority)" = '"u@h"' ]; [ "$(comp "$l" host)" = '"LEFT-OUT"' ]
  [ "$(comp "$l" userinfo)" = '"LEFT-OUT"' ]
}

@test "ruby-uri: opaque part taken apart, empty host read as none, non-ASCII rejected" {
  need ruby-uri
  ask ruby-uri <<'REQ'
{"id": 1, "op": "parse", "input": "mailto:a@b?x#"}
{"id": 2, "op": "parse", "input": "http://u@[v7.x]:/a?"}
{"id": 3, "op": "parse", "input": "http:///x"}
{"id": 4, "op": "parse", "input": "http://é/"}
{"id": 5, "op": "resolve", "base": "http://a/b/c/d;p?q", "input": "../../g"}
REQ
  l=$(nth 1)
  [ "$(comp "$l" path)" = '"a@b"' ]; [ "$(comp "$l" query)" = '"x"' ]; [ "$(comp "$l" fragment)" = '""' ]
  l=$(nth 2)
  [ "$(comp "$l" authority)" = '"u@[v7.x]:"' ]; [ "$(comp "$l" host_type)" = '"IPvFuture"' ]
  [ "$(comp "$l" port)" = '""' ]; [ "$(comp "$l" query)" = '""' ]
  [ "$(comp "$(nth 3)" host)" = null ]
  [ "$(jget "$(nth 4)" 'j["valid"]')" = false ]
  [ "$(jget "$(nth 5)" 'j["target"]')" = '"http://a/g"' ]
}

@test "php-parse-url: what parse_url returns (control characters rewritten, port an integer)" {
  need php-parse-url
  ask php-parse-url <<'REQ'
{"id": 1, "op": "parse", "input": "http://h/\u0001a"}
{"id": 2, "op": "parse", "input": "//u@h:080/p?#"}
{"id": 3, "op": "parse", "input": "http:///p"}
{"id": 4, "op": "resolve", "base": "http://a/", "input": "g"}
{"id": 5, "op": "parse", "input": "http://h:/"}
REQ
  [ "$(comp "$(nth 1)" path)" = '"/_a"' ]
  l=$(nth 2)
  [ "$(comp "$l" port)" = '"80"' ]; [ "$(comp "$l" userinfo)" = '"u"' ]
  [ "$(comp "$l" query)" = '""' ]; [ "$(comp "$l" fragment)" = '""' ]
  [ "$(jget "$(nth 3)" 'j["valid"]')" = false ]
  [ "$(jget "$(nth 4)" '"unsupported" in j')" = true ]
  [ "$(comp "$(nth 5)" port)" = '"LEFT-OUT"' ]
}

@test "java-net-uri: registry authority has no host, opaque query left out, error offset" {
  need java-net-uri
  ask java-net-uri <<'REQ'
{"id": 1, "op": "parse", "input": "http://h_x/"}
{"id": 2, "op": "parse", "input": "mailto:a@b?x"}
{"id": 3, "op": "parse", "input": "http://h/a b"}
{"id": 4, "op": "parse", "input": "http://u@[::1]:080/p?#"}
{"id": 5, "op": "resolve", "base": "http://a/b/c/d;p?q", "input": "../g"}
{"id": 6, "op": "normalize", "input": "http://a/b/./c/../d"}
{"id": 7, "op": "equivalent", "input": "HTTP://A/%7e", "other": "http://a/%7E"}
REQ
  l=$(nth 1)
  [ "$(comp "$l" authority)" = '"h_x"' ]; [ "$(comp "$l" host)" = null ]
  l=$(nth 2)
  [ "$(comp "$l" path)" = '"a@b?x"' ]; [ "$(comp "$l" query)" = '"LEFT-OUT"' ]
  [ "$(jget "$(nth 3)" 'j["error_offset"]')" = 10 ]
  l=$(nth 4)
  [ "$(comp "$l" port)" = '"080"' ]; [ "$(comp "$l" query)" = '""' ]; [ "$(comp "$l" fragment)" = '""' ]
  [ "$(jget "$(nth 5)" 'j["target"]')" = '"http://a/b/g"' ]
  [ "$(jget "$(nth 6)" 'j["normalized"]')" = '"http://a/b/d"' ]
  [ "$(jget "$(nth 7)" 'j["equivalent"]')" = true ]
}

@test "node-url-parse-legacy: backslash ends the host, a host read in mailto:, empty ? and # kept" {
  need node-url-parse-legacy
  ask node-url-parse-legacy <<'REQ'
{"id": 1, "op": "parse", "input": "http://a\\b@c/"}
{"id": 2, "op": "parse", "input": "mailto:a@b"}
{"id": 3, "op": "parse", "input": "http://[::1]:080/a?#"}
{"id": 4, "op": "resolve", "base": "http://a/b/c/d;p?q", "input": "../g"}
REQ
  [ "$(comp "$(nth 1)" host)" = '"a"' ]
  [ "$(comp "$(nth 2)" host)" = '"b"' ]
  l=$(nth 3)
  [ "$(comp "$l" host)" = '"[::1]"' ]; [ "$(comp "$l" port)" = '"080"' ]
  [ "$(comp "$l" query)" = '""' ]; [ "$(comp "$l" fragment)" = '""' ]
  [ "$(jget "$(nth 4)" 'j["target"]')" = '"http://a/b/g"' ]
}

urijs_like() { # NAME
  need "$1"
  ask "$1" <<'REQ'
{"id": 1, "op": "parse", "input": "http://u:p@[::1]:080/a?#"}
{"id": 2, "op": "parse", "input": "HTTP://EX.com/%7e"}
{"id": 3, "op": "resolve", "base": "http://a/b/c/d;p?q", "input": "../g"}
{"id": 4, "op": "normalize", "input": "HTTP://A/%7e"}
{"id": 5, "op": "equivalent", "input": "HTTP://A/%7e", "other": "http://a/~"}
{"id": 6, "op": "parse", "input_hex": "ff"}
REQ
  l=$(nth 1)
  [ "$(comp "$l" host)" = '"[::1]"' ]; [ "$(comp "$l" host_type)" = '"IPv6address"' ]
  [ "$(comp "$l" port)" = '"80"' ]; [ "$(comp "$l" authority)" = '"LEFT-OUT"' ]
  [ "$(comp "$l" query)" = '""' ]; [ "$(comp "$l" fragment)" = '""' ]
  l=$(nth 2)
  [ "$(comp "$l" host)" = '"ex.com"' ]; [ "$(comp "$l" path)" = '"/~"' ]
  [ "$(jget "$(nth 3)" 'j["target"]')" = '"http://a/b/g"' ]
  [ "$(jget "$(nth 4)" 'j["normalized"]')" = '"http://a/~"' ]
  [ "$(jget "$(nth 5)" 'j["equivalent"]')" = true ]
  [ "$(jget "$(nth 6)" '"unsupported" in j')" = true ]
}
@test "uri-js: brackets put back, port an integer, scheme handlers normalize" { urijs_like uri-js; }
@test "fast-uri: brackets put back, port an integer, scheme handlers normalize" { urijs_like fast-uri; }

@test "fast-uri: an error field is a rejection" {
  need fast-uri
  ask fast-uri <<<'{"id": 1, "op": "parse", "input": "http://h:80:90"}'
  [ "$(jget "$output" 'j["valid"]')" = false ]
}

@test "url-parse: the last colon starts the port; empty ? and # kept, empty port left out" {
  need url-parse
  ask url-parse <<'REQ'
{"id": 1, "op": "parse", "input": "http://h:80:90"}
{"id": 2, "op": "parse", "input": "http://h/a?#"}
{"id": 3, "op": "parse", "input": "http://h:80/"}
REQ
  l=$(nth 1)
  [ "$(comp "$l" host)" = '"h:80"' ]; [ "$(comp "$l" port)" = '"90"' ]
  l=$(nth 2)
  [ "$(comp "$l" query)" = '""' ]; [ "$(comp "$l" fragment)" = '""' ]
  [ "$(comp "$(nth 3)" port)" = '"LEFT-OUT"' ]
}

@test "rust-url: WHATWG getters and component mapping" {
  need rust-url
  ask rust-url <<'REQ'
{"id": 1, "op": "parse", "input": "HTTP://u:p@EXAMPLE.com:8080/a?#"}
{"id": 2, "op": "parse", "input": "c?x#y", "base": "http://h/a/b"}
{"id": 3, "op": "parse", "input": "sc:/.//p"}
{"id": 4, "op": "parse", "input": "http://h:80/"}
{"id": 5, "op": "parse", "input": "http://exa mple/"}
{"id": 6, "op": "parse", "input_hex": "ff"}
{"id": 7, "op": "resolve", "base": "http://a/b/c/d;p?q", "input": "../g"}
REQ
  l=$(nth 1)
  [ "$(comp "$l" host)" = '"example.com"' ]; [ "$(comp "$l" port)" = '"8080"' ]
  [ "$(comp "$l" userinfo)" = '"u:p"' ]; [ "$(comp "$l" authority)" = '"LEFT-OUT"' ]
  [ "$(comp "$l" query)" = '"LEFT-OUT"' ]; [ "$(comp "$l" fragment)" = '"LEFT-OUT"' ]
  [ "$(jget "$l" 'j["whatwg"]["href"]')" = '"http://u:p@example.com:8080/a?#"' ]
  [ "$(jget "$l" 'sorted(j["whatwg"])')" = '["hash", "host", "hostname", "href", "origin", "password", "pathname", "port", "protocol", "search", "username"]' ]
  [ "$(jget "$(nth 2)" 'j["whatwg"]["href"]')" = '"http://h/a/c?x#y"' ]
  l=$(nth 3)
  [ "$(comp "$l" authority)" = null ]; [ "$(comp "$l" path)" = '"//p"' ]
  [ "$(comp "$(nth 4)" port)" = '"LEFT-OUT"' ]
  [ "$(jget "$(nth 5)" 'j["valid"]')" = false ]
  [ "$(jget "$(nth 6)" '"unsupported" in j')" = true ]
  [ "$(jget "$(nth 7)" 'j["target"]')" = '"http://a/b/g"' ]
}

@test "rust-oxiri: IRI grammar, authority split, start rules" {
  need rust-oxiri
  ask rust-oxiri <<'REQ'
{"id": 1, "op": "parse", "input": "http://u:p@[::1]:080/a?#"}
{"id": 2, "op": "parse", "input": "http://é/ü"}
{"id": 3, "op": "parse", "input": "a/b", "rule": "IRI"}
{"id": 4, "op": "parse", "input": "a/b", "rule": "IRI-reference"}
{"id": 5, "op": "parse", "input": "http://h/a b"}
{"id": 6, "op": "resolve", "base": "http://a/b/c/d;p?q", "input": "../../../g"}
{"id": 7, "op": "parse", "input": "x", "rule": "path"}
REQ
  l=$(nth 1)
  [ "$(comp "$l" authority)" = '"u:p@[::1]:080"' ]; [ "$(comp "$l" userinfo)" = '"u:p"' ]
  [ "$(comp "$l" host)" = '"[::1]"' ]; [ "$(comp "$l" port)" = '"080"' ]
  [ "$(comp "$l" query)" = '""' ]; [ "$(comp "$l" fragment)" = '""' ]
  [ "$(comp "$(nth 2)" host)" = '"é"' ]
  [ "$(jget "$(nth 3)" 'j["valid"]')" = false ]
  [ "$(jget "$(nth 4)" 'j["valid"]')" = true ]
  [ "$(jget "$(nth 5)" 'j["valid"]')" = false ]
  [ "$(jget "$(nth 6)" 'j["target"]')" = '"http://a/g"' ]
  [ "$(jget "$(nth 7)" '"unsupported" in j')" = true ]
}

@test "erlang-uri-string: 0xFF raises in the library and is answered; empty port; brackets put back" {
  need erlang-uri-string
  ask erlang-uri-string <<'REQ'
{"id": 1, "op": "parse", "input_hex": "687474703a2f2f682fff"}
{"id": 2, "op": "parse", "input": "http://@[::1]:/?#"}
{"id": 3, "op": "parse", "input": "//h:080"}
{"id": 4, "op": "resolve", "base": "http://a/b/c/d;p?q", "input": "../g"}
{"id": 5, "op": "normalize", "input": "HTTP://A/%7e"}
{"id": 6, "op": "resolve", "base_hex": "687474703a2f2f682fff", "input": "g"}
REQ
  [ "$(jget "$(nth 1)" 'j["valid"]')" = false ]
  [ "$(jget "$(nth 1)" '"function_clause" in j["exception"]')" = true ]
  l=$(nth 2)
  [ "$(comp "$l" host)" = '"[::1]"' ]; [ "$(comp "$l" userinfo)" = '""' ]; [ "$(comp "$l" port)" = '""' ]
  [ "$(comp "$l" query)" = '""' ]; [ "$(comp "$l" fragment)" = '""' ]
  [ "$(comp "$(nth 3)" port)" = '"80"' ]
  [ "$(jget "$(nth 4)" 'j["target"]')" = '"http://a/b/g"' ]
  [ "$(jget "$(nth 5)" 'j["normalized"]')" = '"http://a/~"' ]
  [ "$(jget "$(nth 6)" 'j["valid"]')" = false ]
}

@test "elixir-uri: a library exception is a rejection with its text; brackets put back; default port left out; empty userinfo nil" {
  need elixir-uri
  ask elixir-uri <<'REQ'
{"id": 1, "op": "resolve", "base": "a:b", "input": "c"}
{"id": 2, "op": "parse", "input": "http://@[::1]:8080/?#"}
{"id": 3, "op": "parse", "input": "http://h/"}
{"id": 4, "op": "parse", "input": "http://[fe80::1%25eth0]/"}
{"id": 5, "op": "resolve", "base": "http://a/b/c/d;p?q", "input": "../g"}
{"id": 6, "op": "resolve", "base": "http://a/b", "input": "g", "strict": false}
REQ
  [ "$(jget "$(nth 1)" 'j["valid"]')" = false ]
  [ "$(jget "$(nth 1)" '"ArgumentError" in j["exception"]')" = true ]
  l=$(nth 2)
  [ "$(comp "$l" host)" = '"[::1]"' ]; [ "$(comp "$l" userinfo)" = null ]; [ "$(comp "$l" port)" = '"8080"' ]
  [ "$(comp "$l" query)" = '""' ]; [ "$(comp "$l" fragment)" = '""' ]
  [ "$(comp "$(nth 3)" port)" = '"LEFT-OUT"' ]
  [ "$(comp "$(nth 4)" host)" = '"fe80"' ]
  [ "$(jget "$(nth 5)" 'j["target"]')" = '"http://a/b/g"' ]
  [ "$(jget "$(nth 6)" '"unsupported" in j')" = true ]
}

@test "haskell-network-uri: absent and empty kept apart; rules; non-strict; 0xFF given as its octet and rejected" {
  need haskell-network-uri
  ask haskell-network-uri <<'REQ'
{"id": 1, "op": "parse", "input": "http://@[::1]:/?#"}
{"id": 2, "op": "parse", "input": "http://h/"}
{"id": 3, "op": "parse", "input": "a/b", "rule": "URI"}
{"id": 4, "op": "match", "rule": "IPv6address", "input": "::1"}
{"id": 5, "op": "resolve", "base": "http://a/b/c/d;p?q", "input": "http:g", "strict": false}
{"id": 6, "op": "resolve", "base": "http://a/b/c/d;p?q", "input": "http:g"}
{"id": 7, "op": "parse", "input_hex": "687474703a2f2f682fff"}
{"id": 8, "op": "match", "rule": "path-abempty", "input": "/a"}
REQ
  l=$(nth 1)
  [ "$(comp "$l" host)" = '"[::1]"' ]; [ "$(comp "$l" userinfo)" = '""' ]; [ "$(comp "$l" port)" = '""' ]
  [ "$(comp "$l" query)" = '""' ]; [ "$(comp "$l" fragment)" = '""' ]
  l=$(nth 2)
  [ "$(comp "$l" userinfo)" = null ]; [ "$(comp "$l" port)" = null ]; [ "$(comp "$l" query)" = null ]
  [ "$(jget "$(nth 3)" 'j["valid"]')" = false ]
  [ "$(jget "$(nth 4)" 'j["valid"]')" = true ]
  [ "$(jget "$(nth 5)" 'j["target"]')" = '"http://a/b/c/g"' ]
  [ "$(jget "$(nth 6)" 'j["target"]')" = '"http:g"' ]
  [ "$(jget "$(nth 7)" 'j["valid"]')" = false ]
  [ "$(jget "$(nth 8)" '"unsupported" in j')" = true ]
}

# ---- the headline table ----------------------------------------------------------

@test "matrix-headline.py: conformance per op on rfc3986 files, unsupported left out, security count, host lost apart, cve" {
  # the figures are uritest report's (results.json), rendered
  cat >"$BATS_TEST_TMPDIR/r.jsonl" <<'JSONL'
{"record": "run", "uritest": "9.9.9", "vectors_version": "7.0.0", "date": "2026-01-02T03:04:05Z", "adapters": []}
{"record": "result", "id": "t1", "adapter": "lib-a", "library": "a 1", "spec": "rfc3986", "op": "parse", "class": "PASS", "security_relevant": false}
{"record": "result", "id": "t2", "adapter": "lib-a", "library": "a 1", "spec": "rfc3986", "op": "parse", "class": "COMPONENT_MISMATCH", "security_relevant": true, "severity": "host", "vulnerable": "GHSA-a|b"}
{"record": "result", "id": "t3", "adapter": "lib-a", "library": "a 1", "spec": "rfc3986", "op": "parse", "class": "UNSUPPORTED", "security_relevant": false}
{"record": "result", "id": "t4", "adapter": "lib-a", "library": "a 1", "spec": "whatwg", "op": "parse", "class": "COMPONENT_MISMATCH", "security_relevant": true, "severity": "scheme", "vulnerable": "CVE-9"}
{"record": "result", "id": "t5", "adapter": "lib-a", "library": "a 1", "spec": "rfc3986", "op": "resolve", "class": "PASS", "security_relevant": false}
{"record": "result", "id": "t6", "adapter": "lib-b", "library": "b 2", "spec": "rfc3986", "op": "parse", "class": "PASS", "security_relevant": false}
{"record": "result", "id": "t8", "adapter": "lib-a", "library": "a 1", "spec": "other", "op": "parse", "class": "COMPONENT_MISMATCH", "security_relevant": false, "endpoint": "host-lost"}
{"record": "result", "id": "t7", "adapter": "reference", "library": "librfc3986", "spec": "rfc3986", "op": "parse", "class": "PASS", "security_relevant": false}
{"record": "summary"}
JSONL
  # the registry as `uritest adapters --json` gives it (every adapter
  # started: seconds), here a fixed one with an adapter not available
  cat >"$BATS_TEST_TMPDIR/uritest" <<SH
#!/bin/sh
[ "\$1" = adapters ] || exec "$REPO/build/bin/uritest" "\$@"
echo '{"adapters": [{"name": "reference", "available": true}, {"name": "lib-a", "available": true},
  {"name": "lib-b", "available": true}, {"name": "lib-c", "available": false, "why": "libc-x is missing: apt-get install libc-x"}]}'
SH
  chmod +x "$BATS_TEST_TMPDIR/uritest"
  run adapters/matrix-headline.py --results "$BATS_TEST_TMPDIR/r.jsonl" --output "$BATS_TEST_TMPDIR/h.md" \
    --uritest "$BATS_TEST_TMPDIR/uritest"
  [ "$status" -eq 0 ] || { echo "$output"; false; }
  # it says on the terminal which adapters it left out, and why
  [[ "$output" == *"matrix-headline: left out 1 adapter that is not available here: lib-c (libc-x is missing: apt-get install libc-x)"* ]]
  run cat "$BATS_TEST_TMPDIR/h.md"
  [[ "$output" == *"(uritest 9.9.9, vectors 7.0.0, run 2026-01-02T03:04:05Z)"* ]]
  [[ "$output" == *"2 third-party parser configurations"* ]]
  [[ "$output" == *'| `lib-b` | b 2 |  | 100.0% (1 of 1) | not offered | 0 | 0 | none | none |'* ]]
  # cve: the advisories of the results marked "vulnerable", sorted, | escaped
  # host-lost results are not security-relevant: counted in their own column
  [[ "$output" == *'| `lib-a` | a 1 |  | 50.0% (1 of 2) | 100.0% (1 of 1) | 2 (1 host, 0 port, 1 scheme, 0 userinfo) | 1 | none | 2 (CVE-9, GHSA-a\|b) |'* ]]
  # the oracle last, marked
  [ "$(grep -c '^| `' "$BATS_TEST_TMPDIR/h.md")" -eq 3 ]
  [[ "$(grep '^| `' "$BATS_TEST_TMPDIR/h.md" | tail -n 1)" == *'`reference` (the oracle)'* ]]
  # a registered adapter the results lack is listed with why
  grep -qxF -- '- `lib-c`: libc-x is missing: apt-get install libc-x' "$BATS_TEST_TMPDIR/h.md"
  [ "$(grep -c '^- `' "$BATS_TEST_TMPDIR/h.md")" -eq 1 ]
  run adapters/matrix-headline.py --results "$BATS_TEST_TMPDIR/r.jsonl" --output "$BATS_TEST_TMPDIR/h.md" \
    --uritest "$BATS_TEST_TMPDIR/uritest" --check
  [ "$status" -eq 0 ]
}

@test "matrix-headline.py: an adapter's named behaviours, with the share of its failed results they predict" {
  # curl's behaviours.json declares its behaviours; one of its two failed
  # results carries the behaviour that predicted it
  cat >"$BATS_TEST_TMPDIR/r.jsonl" <<'JSONL'
{"record": "run", "uritest": "9.9.9", "vectors_version": "7.0.0", "date": "2026-01-02T03:04:05Z", "adapters": []}
{"record": "result", "id": "t1", "adapter": "curl", "library": "c 1", "spec": "rfc3986", "op": "parse", "class": "COMPONENT_MISMATCH", "security_relevant": false, "behaviour": "curl.x"}
{"record": "result", "id": "t2", "adapter": "curl", "library": "c 1", "spec": "rfc3986", "op": "parse", "class": "SHOULD_HAVE_ACCEPTED", "security_relevant": false}
{"record": "result", "id": "t3", "adapter": "curl", "library": "c 1", "spec": "rfc3986", "op": "parse", "class": "PASS", "security_relevant": false}
{"record": "summary"}
JSONL
  n=$(/usr/bin/python3 -c 'import json; print(len(json.load(open("adapters/curl/behaviours.json"))["behaviours"]))')
  [ "$n" -gt 0 ]
  printf '#!/bin/sh\n[ "$1" = adapters ] || exec "%s/build/bin/uritest" "$@"\necho %s\n' "$REPO" \
    "'{\"adapters\": [{\"name\": \"curl\", \"available\": true}]}'" > "$BATS_TEST_TMPDIR/uritest"
  chmod +x "$BATS_TEST_TMPDIR/uritest"
  run adapters/matrix-headline.py --results "$BATS_TEST_TMPDIR/r.jsonl" --output "$BATS_TEST_TMPDIR/h.md" \
    --uritest "$BATS_TEST_TMPDIR/uritest"
  [ "$status" -eq 0 ] || { echo "$output"; false; }
  grep -qF "| $n (predict 50.0% of 2 failed) | none |" "$BATS_TEST_TMPDIR/h.md"
}

# ---- the shared Perl and PHP loops (common/PlAdapter.pm, common/phpadapter.php)

loop_edges() { # NAME: blank lines skipped, CRLF taken, a bad line answered with
  # error, a request split over two reads, a last line without LF answered
  need "$1"
  out=$( { printf '\n  \n{"id": 1, "input": "http://h/a"}\r\n{"id": 2, "in'; sleep 0.3
           printf 'put": "b"}\nnot json\n{"id": 4, "input": "c"}'; } | $(adapter_cmd "$1") | tail -n +2)
  [ "$(printf '%s\n' "$out" | wc -l)" -eq 4 ] || { echo "$out"; false; }
  printf '%s\n' "$out" | /usr/bin/python3 -c '
import json, sys
a = [json.loads(l) for l in sys.stdin]
assert [x["id"] for x in a] == [1, 2, None, 4], a
assert a[0]["valid"] is True and "error" in a[2], a'
}
@test "PlAdapter loop: blank lines, CRLF, a line over two reads, a last line without LF" { loop_edges perl-uri; }
@test "phpadapter loop: blank lines, CRLF, a line over two reads, a last line without LF" { loop_edges php-parse-url; }
