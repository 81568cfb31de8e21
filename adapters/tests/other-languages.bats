#!/usr/bin/env bats
# The adapters in languages other than C and Python (issue 11): Go net/url, Perl URI, Ruby
# URI::RFC3986_Parser, PHP parse_url, java.net.URI, Node's legacy url.parse,
# uri-js, fast-uri, url-parse, the Rust url and oxiri crates, Erlang
# uri_string.  Each test skips, saying why, when its adapter is not usable
# here (adapter.json's check); with the adapter present, the last tests run
# every vector through it against its committed baseline.json.

load helper

# None of these adapters is C: the sanitizer pass (test-adapters-asan, which
# runs this folder again with BUILD=build/asan) has nothing to add here.
setup() {
  case "$BUILD" in build|./build|"$REPO/build") ;; *) skip "no C code in these adapters: run on the main build only" ;; esac
}

M2="go-net-url perl-uri ruby-uri php-parse-url java-net-uri node-url-parse-legacy uri-js fast-uri url-parse rust-url rust-oxiri erlang-uri-string"

comp() { jget "$1" "j[\"components\"].get(\"$2\", \"LEFT-OUT\")"; }
nth() { sed -n "$1p" <<<"$output"; }

@test "other-languages: every adapter.json is valid, names its folder, has packages and weight" {
  for a in $M2; do
    run /usr/bin/python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["name"] == sys.argv[2], d["name"]
assert d["spec"] in ("rfc3986", "whatwg", "rfc2396", "other")
assert isinstance(d["command"], list) and d["command"]
assert isinstance(d["check"], str) and isinstance(d["install"], str)
assert isinstance(d["packages"], list) and d["weight"] in ("light", "heavy")
json.load(open(sys.argv[1].replace("adapter.json", "baseline.json")))
' "adapters/$a/adapter.json" "$a"
    [ "$status" -eq 0 ] || { echo "$a: $output"; false; }
  done
}

# ---- the protocol, on each adapter -----------------------------------------

protocol_ok() { # NAME: hello, ids echoed, malformed requests, 0xFF and NUL
  need "$1"
  ask "$1" <<'REQ'
{"id": 0, "op": "parse", "input": "a:b"}
{"id": -7, "op": "parse", "input": "a:b"}
{"id": 9007199254740991, "op": "parse", "input": "a:b"}
{"id": "t.parse.1", "op": "parse", "input": "a:b"}
{"id": "é\"\\", "op": "parse", "input": "a:b"}
not json
[1, 2]
{"id": 1, "op": "no-such-op", "input": "a:b"}
{"id": 2, "op": "parse"}
{"id": 3, "op": "parse", "input_hex": "zz"}
{"id": "ff", "op": "parse", "input_hex": "687474703a2f2f682fff"}
{"id": "ff-host", "op": "parse", "input_hex": "687474703a2f2fff2f"}
{"id": "nul", "op": "parse", "input": "http://h/a\u0000b"}
{"id": "nul-hex", "op": "parse", "input_hex": "613a6200"}
{"id": "ff-resolve", "op": "resolve", "base_hex": "687474703a2f2f682fff", "input": "g"}
{"id": "after", "op": "parse", "input": "http://h/"}
REQ
  [ "$(jget "$hello" 'j["adapter"]')" = "\"$1\"" ]
  [ "$(jget "$hello" 'isinstance(j["library"], str) and len(j["library"]) > 0')" = true ]
  [ "$(jget "$hello" 'j["spec"] in ("rfc3986", "whatwg", "rfc2396", "other") and "parse" in j["ops"]')" = true ]
  run /usr/bin/python3 -c '
import json, sys
a = [json.loads(l) for l in sys.stdin.read().splitlines()]
assert len(a) == 16, len(a)
assert [x["id"] for x in a[:5]] == [0, -7, 9007199254740991, "t.parse.1", "é\"\\"], a[:5]
assert all(x["valid"] is True for x in a[:5]), a[:5]
assert a[5]["id"] is None and "error" in a[5], a[5]
assert a[6]["id"] is None and "error" in a[6], a[6]
for i in (7, 8, 9):
    assert a[i]["id"] == i - 6 and "error" in a[i], a[i]
# 0xFF and NUL: an answer (a reading, a rejection or unsupported), never a crash
for x, want in zip(a[10:15], ["ff", "ff-host", "nul", "nul-hex", "ff-resolve"]):
    assert x["id"] == want, x
    assert "error" not in x, x
    assert isinstance(x.get("valid"), bool) or isinstance(x.get("unsupported"), str), x
assert a[15]["id"] == "after" and a[15]["valid"] is True, a[15]
' <<<"$output"
  [ "$status" -eq 0 ] || { echo "$output"; false; }
}
@test "protocol (hello, ids, bad requests, 0xFF, NUL): go-net-url" { protocol_ok go-net-url; }
@test "protocol (hello, ids, bad requests, 0xFF, NUL): perl-uri" { protocol_ok perl-uri; }
@test "protocol (hello, ids, bad requests, 0xFF, NUL): ruby-uri" { protocol_ok ruby-uri; }
@test "protocol (hello, ids, bad requests, 0xFF, NUL): php-parse-url" { protocol_ok php-parse-url; }
@test "protocol (hello, ids, bad requests, 0xFF, NUL): java-net-uri" { protocol_ok java-net-uri; }
@test "protocol (hello, ids, bad requests, 0xFF, NUL): node-url-parse-legacy" { protocol_ok node-url-parse-legacy; }
@test "protocol (hello, ids, bad requests, 0xFF, NUL): uri-js" { protocol_ok uri-js; }
@test "protocol (hello, ids, bad requests, 0xFF, NUL): fast-uri" { protocol_ok fast-uri; }
@test "protocol (hello, ids, bad requests, 0xFF, NUL): url-parse" { protocol_ok url-parse; }
@test "protocol (hello, ids, bad requests, 0xFF, NUL): rust-url" { protocol_ok rust-url; }
@test "protocol (hello, ids, bad requests, 0xFF, NUL): rust-oxiri" { protocol_ok rust-oxiri; }
@test "protocol (hello, ids, bad requests, 0xFF, NUL): erlang-uri-string" { protocol_ok erlang-uri-string; }

pipelined() { # NAME: 2,000 pipelined requests and a 1 MB one, in order
  need "$1"
  /usr/bin/python3 - >"$BATS_TEST_TMPDIR/req" <<'PY'
import json
for i in range(2000):
    print(json.dumps({"id": i, "op": "parse", "input": "http://h%d.example/p?q=%d#f" % (i, i)}))
print(json.dumps({"id": "big", "op": "parse", "input": "http://h/" + "a" * (1 << 20)}))
print(json.dumps({"id": "end", "op": "parse", "input": "http://h/"}))
PY
  $(adapter_cmd "$1") <"$BATS_TEST_TMPDIR/req" | tail -n +2 >"$BATS_TEST_TMPDIR/ans"
  run /usr/bin/python3 - "$BATS_TEST_TMPDIR/ans" <<'PY'
import json, sys
a = [json.loads(l) for l in open(sys.argv[1]).read().splitlines()]
assert len(a) == 2002, len(a)
assert [x["id"] for x in a] == list(range(2000)) + ["big", "end"]
assert all(x["valid"] is True for x in a[:2000])
assert "valid" in a[2000] or "unsupported" in a[2000], str(a[2000])[:200]
PY
  [ "$status" -eq 0 ] || { echo "$output"; false; }
}
@test "2,000 pipelined requests and a 1 MB input: go-net-url" { pipelined go-net-url; }
@test "2,000 pipelined requests and a 1 MB input: perl-uri" { pipelined perl-uri; }
@test "2,000 pipelined requests and a 1 MB input: ruby-uri" { pipelined ruby-uri; }
@test "2,000 pipelined requests and a 1 MB input: php-parse-url" { pipelined php-parse-url; }
@test "2,000 pipelined requests and a 1 MB input: java-net-uri" { pipelined java-net-uri; }
@test "2,000 pipelined requests and a 1 MB input: node-url-parse-legacy" { pipelined node-url-parse-legacy; }
@test "2,000 pipelined requests and a 1 MB input: uri-js" { pipelined uri-js; }
@test "2,000 pipelined requests and a 1 MB input: fast-uri" { pipelined fast-uri; }
@test "2,000 pipelined requests and a 1 MB input: url-parse" { pipelined url-parse; }
@test "2,000 pipelined requests and a 1 MB input: rust-url" { pipelined rust-url; }
@test "2,000 pipelined requests and a 1 MB input: rust-oxiri" { pipelined rust-oxiri; }
@test "2,000 pipelined requests and a 1 MB input: erlang-uri-string" { pipelined erlang-uri-string; }

interactive() { # NAME: each answer arrives while stdin stays open
  need "$1"
  run /usr/bin/python3 - $(adapter_cmd "$1") <<'PY'
import json, select, subprocess, sys
p = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
def line():
    r, _, _ = select.select([p.stdout], [], [], 20)
    assert r, "no answer within 20 s while stdin is open (not flushed?)"
    return p.stdout.readline()
json.loads(line())  # hello
for i in range(3):
    p.stdin.write(b'{"id": %d, "op": "parse", "input": "http://h/"}\n' % i)
    p.stdin.flush()
    assert json.loads(line())["id"] == i
p.stdin.close()
assert p.wait(20) == 0
PY
  [ "$status" -eq 0 ] || { echo "$output"; false; }
}
@test "answers flushed while stdin stays open: go-net-url" { interactive go-net-url; }
@test "answers flushed while stdin stays open: perl-uri" { interactive perl-uri; }
@test "answers flushed while stdin stays open: ruby-uri" { interactive ruby-uri; }
@test "answers flushed while stdin stays open: php-parse-url" { interactive php-parse-url; }
@test "answers flushed while stdin stays open: java-net-uri" { interactive java-net-uri; }
@test "answers flushed while stdin stays open: node-url-parse-legacy" { interactive node-url-parse-legacy; }
@test "answers flushed while stdin stays open: uri-js" { interactive uri-js; }
@test "answers flushed while stdin stays open: fast-uri" { interactive fast-uri; }
@test "answers flushed while stdin stays open: url-parse" { interactive url-parse; }
@test "answers flushed while stdin stays open: rust-url" { interactive rust-url; }
@test "answers flushed while stdin stays open: rust-oxiri" { interactive rust-oxiri; }
@test "answers flushed while stdin stays open: erlang-uri-string" { interactive erlang-uri-string; }

# ---- each library's mapping (README.md of each adapter) ----------------------

@test "go-net-url: empty query kept (ForceQuery), empty fragment lost, opaque, empty authority left out" {
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
  l=$(nth 3)
  [ "$(comp "$l" host)" = '"LEFT-OUT"' ]; [ "$(comp "$l" path)" = '"/p"' ]
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

# ---- every vector against the committed baseline -----------------------------

against_baseline() { # NAME: discrepancies exactly the baseline's
  need "$1"
  # --timeout 30: a loaded CI machine must not turn a slow answer into a TIMEOUT
  run build/bin/uritest run --adapter "$1" --baseline "adapters/$1/baseline.json" --timeout 30 \
    --format text --no-progress --output "$BATS_TEST_TMPDIR/$1.jsonl"
  [ "$status" -eq 0 ] || { printf '%s\n' "$output" | grep -v '^FAIL\|^    input' | tail -n 30; false; }
}
@test "vectors against the baseline: go-net-url" { against_baseline go-net-url; }
@test "vectors against the baseline: perl-uri" { against_baseline perl-uri; }
@test "vectors against the baseline: ruby-uri" { against_baseline ruby-uri; }
@test "vectors against the baseline: php-parse-url" { against_baseline php-parse-url; }
@test "vectors against the baseline: java-net-uri" { against_baseline java-net-uri; }
@test "vectors against the baseline: node-url-parse-legacy" { against_baseline node-url-parse-legacy; }
@test "vectors against the baseline: uri-js" { against_baseline uri-js; }
@test "vectors against the baseline: fast-uri" { against_baseline fast-uri; }
@test "vectors against the baseline: url-parse" { against_baseline url-parse; }
@test "vectors against the baseline: rust-url" { against_baseline rust-url; }
@test "vectors against the baseline: rust-oxiri" { against_baseline rust-oxiri; }
@test "vectors against the baseline: erlang-uri-string" { against_baseline erlang-uri-string; }

# ---- the headline table ----------------------------------------------------------

@test "matrix-headline.py: conformance per op on rfc3986 files, unsupported left out, security count, cve" {
  # the figures are uritest report's (results.json), rendered
  cat >"$BATS_TEST_TMPDIR/r.jsonl" <<'JSONL'
{"record": "run", "uritest": "9.9.9", "vectors_version": "7.0.0", "adapters": []}
{"record": "result", "id": "t1", "adapter": "lib-a", "library": "a 1", "spec": "rfc3986", "op": "parse", "class": "PASS", "security_relevant": false}
{"record": "result", "id": "t2", "adapter": "lib-a", "library": "a 1", "spec": "rfc3986", "op": "parse", "class": "COMPONENT_MISMATCH", "security_relevant": true, "severity": "host", "vulnerable": "GHSA-a|b"}
{"record": "result", "id": "t3", "adapter": "lib-a", "library": "a 1", "spec": "rfc3986", "op": "parse", "class": "UNSUPPORTED", "security_relevant": false}
{"record": "result", "id": "t4", "adapter": "lib-a", "library": "a 1", "spec": "whatwg", "op": "parse", "class": "COMPONENT_MISMATCH", "security_relevant": true, "severity": "scheme", "vulnerable": "CVE-9"}
{"record": "result", "id": "t5", "adapter": "lib-a", "library": "a 1", "spec": "rfc3986", "op": "resolve", "class": "PASS", "security_relevant": false}
{"record": "result", "id": "t6", "adapter": "lib-b", "library": "b 2", "spec": "rfc3986", "op": "parse", "class": "PASS", "security_relevant": false}
{"record": "result", "id": "t7", "adapter": "reference", "library": "librfc3986", "spec": "rfc3986", "op": "parse", "class": "PASS", "security_relevant": false}
{"record": "summary"}
JSONL
  run adapters/matrix-headline.py --results "$BATS_TEST_TMPDIR/r.jsonl" --output "$BATS_TEST_TMPDIR/h.md" \
    --uritest build/bin/uritest
  [ "$status" -eq 0 ] || { echo "$output"; false; }
  run cat "$BATS_TEST_TMPDIR/h.md"
  [[ "$output" == *"(uritest 9.9.9, vectors 7.0.0)"* ]]
  [[ "$output" == *"2 third-party parser configurations"* ]]
  [[ "$output" == *'| `lib-b` | b 2 |  | 100.0% (1 of 1) | not offered | 0 | none | none |'* ]]
  # cve: the advisories of the results marked "vulnerable", sorted, | escaped
  [[ "$output" == *'| `lib-a` | a 1 |  | 50.0% (1 of 2) | 100.0% (1 of 1) | 2 (1 host, 0 port, 1 scheme, 0 userinfo) | none | 2 (CVE-9, GHSA-a\|b) |'* ]]
  # the oracle last, marked
  [ "$(grep -c '^| `' "$BATS_TEST_TMPDIR/h.md")" -eq 3 ]
  [[ "$(grep '^| `' "$BATS_TEST_TMPDIR/h.md" | tail -n 1)" == *'`reference` (the oracle)'* ]]
  run adapters/matrix-headline.py --results "$BATS_TEST_TMPDIR/r.jsonl" --output "$BATS_TEST_TMPDIR/h.md" \
    --uritest build/bin/uritest --check
  [ "$status" -eq 0 ]
}
