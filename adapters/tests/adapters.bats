#!/usr/bin/env bats
# Each adapter's library mapping (adapters/<name>/README.md).

load helper


# ---- input_hex and values that are not UTF-8 -----------------------------

@test "input_hex is decoded (uriparser)" {
  need uriparser
  ask uriparser <<<'{"id": 1, "op": "parse", "input_hex": "687474703a2f2f682f61"}'
  [ "$(comp "$output" host)" = '"h"' ]
  [ "$(comp "$output" path)" = '"/a"' ]
}

@test "a component that is not UTF-8 is answered as {\"hex\": ...} (appendix-b)" {
  need appendix-b
  ask appendix-b <<<'{"id": 1, "op": "parse", "input_hex": "612f62ff3f71"}'
  [ "$(comp "$output" path)" = '{"hex": "612f62ff"}' ]
  [ "$(comp "$output" query)" = '"q"' ]
}

@test "a NUL octet reaches a pointer+length library (appendix-b, uriparser)" {
  need appendix-b
  ask appendix-b <<<'{"id": 1, "op": "parse", "input_hex": "613a6200"}'
  [ "$(comp "$output" path)" = '"b\u0000"' ]
  need uriparser
  ask uriparser <<<'{"id": 1, "op": "parse", "input": "a:b\u0000"}'
  [ "$(jget "$output" 'j["valid"]')" = false ]
  [ "$(jget "$output" 'j["error_offset"]')" = 3 ]
}

# ---- curl ------------------------------------------------------------------

@test "curl: an input with a NUL octet is unsupported, never truncated" {
  need curl
  ask curl <<'REQ'
{"id": 1, "op": "parse", "input": "http://h/a\u0000b"}
{"id": 2, "op": "parse", "input_hex": "687474703a2f2f682f00"}
{"id": 3, "op": "resolve", "base": "http://h/\u0000", "input": "g"}
REQ
  for i in 1 2 3; do
    line=$(sed -n "${i}p" <<<"$output")
    [ "$(jget "$line" '"NUL" in j["unsupported"]')" = true ]
  done
}

@test "curl: absent parts are null, an empty query is \"\", an empty fragment is absent" {
  need curl
  ask curl <<<'{"id": 1, "op": "parse", "input": "http://h/p?#"}'
  [ "$(comp "$output" userinfo)" = null ]
  [ "$(comp "$output" port)" = null ]
  [ "$(comp "$output" query)" = '""' ]
  [ "$(comp "$output" fragment)" = null ]
}

@test "curl: a fresh handle per request (no resolution against the previous URL)" {
  need curl
  ask curl <<'REQ'
{"id": 1, "op": "parse", "input": "http://h/a/b"}
{"id": 2, "op": "parse", "input": "c"}
REQ
  [ "$(jget "$(sed -n 2p <<<"$output")" 'j["valid"]')" = false ]
}

@test "curl: relative references and URIs without // are rejected (divergences)" {
  need curl
  ask curl <<'REQ'
{"id": 1, "op": "parse", "input": "/a"}
{"id": 2, "op": "parse", "input": "mailto:a@b"}
REQ
  [ "$(jget "$(sed -n 1p <<<"$output")" 'j["valid"]')" = false ]
  [ "$(jget "$(sed -n 2p <<<"$output")" 'j["valid"]')" = false ]
}

@test "curl: resolution of a relative reference against a base" {
  need curl
  ask curl <<<'{"id": 1, "op": "resolve", "base": "http://a/b/c/d;p?q", "input": "../../g"}'
  [ "$(jget "$output" 'j["target"]')" = '"http://a/g"' ]
}

@test "curl: userinfo, IPv6 zone id and port map back into the authority" {
  need curl
  ask curl <<<'{"id": 1, "op": "parse", "input": "http://u:p@[fe80::1%25eth0]:8080/x"}'
  [ "$(comp "$output" authority)" = '"u:p@[fe80::1%25eth0]:8080"' ]
  [ "$(comp "$output" host)" = '"[fe80::1%25eth0]"' ]
  [ "$(comp "$output" host_type)" = '"IPv6address"' ]
}

@test "curl: login options go back into the userinfo, in curl's order" {
  need curl
  ask curl <<<'{"id": 1, "op": "parse", "input": "imap://us;AUTH=x:pw@h/"}'
  [ "$(comp "$output" userinfo)" = '"us:pw;AUTH=x"' ]
  [ "$(comp "$output" authority)" = '"us:pw;AUTH=x@h"' ]
}

# ---- uriparser -------------------------------------------------------------

@test "uriparser: IP-literal hosts get their brackets back" {
  need uriparser
  ask uriparser <<'REQ'
{"id": 1, "op": "parse", "input": "http://[::1]:80/a"}
{"id": 2, "op": "parse", "input": "http://[v7.x:y]/"}
{"id": 3, "op": "parse", "input": "http://1.2.3.4/"}
{"id": 4, "op": "parse", "input": "http://999.2.3.4/"}
REQ
  l1=$(sed -n 1p <<<"$output"); l2=$(sed -n 2p <<<"$output")
  l3=$(sed -n 3p <<<"$output"); l4=$(sed -n 4p <<<"$output")
  [ "$(comp "$l1" host)" = '"[::1]"' ]
  [ "$(comp "$l1" authority)" = '"[::1]:80"' ]
  [ "$(comp "$l1" host_type)" = '"IPv6address"' ]
  [ "$(comp "$l2" host)" = '"[v7.x:y]"' ]
  [ "$(comp "$l2" host_type)" = '"IPvFuture"' ]
  [ "$(comp "$l3" host_type)" = '"IPv4address"' ]
  [ "$(comp "$l4" host_type)" = '"reg-name"' ]
}

@test "uriparser: absent and empty components kept apart" {
  need uriparser
  ask uriparser <<'REQ'
{"id": 1, "op": "parse", "input": "http://@h:/?#"}
{"id": 2, "op": "parse", "input": "http://h"}
{"id": 3, "op": "parse", "input": "a:/"}
{"id": 4, "op": "parse", "input": "//"}
REQ
  l1=$(sed -n 1p <<<"$output"); l2=$(sed -n 2p <<<"$output")
  l3=$(sed -n 3p <<<"$output"); l4=$(sed -n 4p <<<"$output")
  for c in userinfo port query fragment; do [ "$(comp "$l1" $c)" = '""' ]; done
  [ "$(comp "$l1" authority)" = '"@h:"' ]
  [ "$(comp "$l1" path)" = '"/"' ]
  for c in userinfo port query fragment; do [ "$(comp "$l2" $c)" = null ]; done
  [ "$(comp "$l2" path)" = '""' ]
  [ "$(comp "$l3" path)" = '"/"' ]
  [ "$(comp "$l3" authority)" = null ]
  [ "$(comp "$l4" authority)" = '""' ]
  [ "$(comp "$l4" host)" = '""' ]
}

@test "uriparser: error position is error_offset" {
  need uriparser
  ask uriparser <<<'{"id": 1, "op": "parse", "input": "http://h/a b"}'
  [ "$(jget "$output" 'j["error_offset"]')" = 10 ]
}

@test "uriparser: resolve, normalize, equivalent" {
  need uriparser
  ask uriparser <<'REQ'
{"id": 1, "op": "resolve", "base": "http://a/b/c/d;p?q", "input": "../g?y#s"}
{"id": 2, "op": "normalize", "input": "HTTP://a/%7e/./b/../c"}
{"id": 3, "op": "equivalent", "input": "http://a/%7E", "other": "HTTP://A/~"}
{"id": 4, "op": "resolve", "base": "rel/base", "input": "g"}
{"id": 5, "op": "normalize", "input": "http://a/", "level": "scheme"}
REQ
  [ "$(jget "$(sed -n 1p <<<"$output")" 'j["target"]')" = '"http://a/b/g?y#s"' ]
  [ "$(jget "$(sed -n 2p <<<"$output")" 'j["normalized"]')" = '"http://a/~/c"' ]
  [ "$(jget "$(sed -n 3p <<<"$output")" 'j["equivalent"]')" = true ]
  [ "$(jget "$(sed -n 4p <<<"$output")" 'j["valid"]')" = false ]
  [ "$(jget "$(sed -n 5p <<<"$output")" '"unsupported" in j')" = true ]
}

# ---- appendix-b ------------------------------------------------------------

@test "appendix-b: every input is valid; only the five regex groups" {
  need appendix-b
  ask appendix-b <<<'{"id": 1, "op": "parse", "input": "http://h/a b%zz"}'
  [ "$(jget "$output" 'j["valid"]')" = true ]
  [ "$(jget "$output" 'sorted(j["components"])')" = '["authority", "fragment", "path", "query", "scheme"]' ]
  [ "$(comp "$output" path)" = '"/a b%zz"' ]
}

# ---- reference -------------------------------------------------------------

@test "reference: every op through the protocol" {
  need reference
  ask reference <<'REQ'
{"id": 1, "op": "parse", "input": "http://u@[::1]:8/p?q#f"}
{"id": 2, "op": "parse", "input": "a/b", "rule": "URI"}
{"id": 3, "op": "match", "rule": "IPv4address", "input": "1.2.3.4"}
{"id": 4, "op": "resolve", "base": "http://a/b/c/d;p?q", "input": "../g"}
{"id": 5, "op": "normalize", "input": "HTTP://a/%7e/./b"}
{"id": 6, "op": "equivalent", "input": "http://a/%7E", "other": "HTTP://a/~"}
{"id": 7, "op": "iri-to-uri", "input": "http://h/é"}
REQ
  l1=$(sed -n 1p <<<"$output")
  [ "$(comp "$l1" host)" = '"[::1]"' ]
  [ "$(comp "$l1" host_type)" = '"IPv6address"' ]
  [ "$(comp "$l1" userinfo)" = '"u"' ]
  [ "$(jget "$(sed -n 2p <<<"$output")" 'j["valid"]')" = false ]
  [ "$(jget "$(sed -n 2p <<<"$output")" 'j["error_offset"]')" = 1 ]
  [ "$(jget "$(sed -n 3p <<<"$output")" 'j["valid"]')" = true ]
  [ "$(jget "$(sed -n 4p <<<"$output")" 'j["target"]')" = '"http://a/b/g"' ]
  [ "$(jget "$(sed -n 5p <<<"$output")" 'j["normalized"]')" = '"http://a/~/b"' ]
  [ "$(jget "$(sed -n 6p <<<"$output")" 'j["equivalent"]')" = true ]
  [ "$(jget "$(sed -n 7p <<<"$output")" 'j["output"]')" = '"http://h/%C3%A9"' ]
}

# ---- WHATWG ----------------------------------------------------------------

whatwg_mapping() { # NAME
  need "$1"
  ask "$1" <<'REQ'
{"id": 1, "op": "parse", "input": "HTTP://u:p@EXAMPLE.com:8080/a?#"}
{"id": 2, "op": "parse", "input": "c?x#y", "base": "http://h/a/b"}
{"id": 3, "op": "parse", "input": "sc:/.//p"}
{"id": 4, "op": "parse", "input": "http://h:80/"}
{"id": 5, "op": "parse", "input": "http://exa mple/"}
{"id": 6, "op": "parse", "input_hex": "ff"}
REQ
  l1=$(sed -n 1p <<<"$output")
  [ "$(comp "$l1" scheme)" = '"http"' ]
  [ "$(comp "$l1" userinfo)" = '"u:p"' ]
  [ "$(comp "$l1" host)" = '"example.com"' ]
  [ "$(comp "$l1" port)" = '"8080"' ]
  [ "$(comp "$l1" authority)" = '"LEFT-OUT"' ]
  [ "$(comp "$l1" query)" = '"LEFT-OUT"' ]
  [ "$(comp "$l1" fragment)" = '"LEFT-OUT"' ]
  [ "$(jget "$l1" 'j["whatwg"]["href"]')" = '"http://u:p@example.com:8080/a?#"' ]
  [ "$(jget "$l1" 'sorted(j["whatwg"])')" = '["hash", "host", "hostname", "href", "origin", "password", "pathname", "port", "protocol", "search", "username"]' ]
  l2=$(sed -n 2p <<<"$output")
  [ "$(jget "$l2" 'j["whatwg"]["href"]')" = '"http://h/a/c?x#y"' ]
  [ "$(comp "$l2" query)" = '"x"' ]
  [ "$(comp "$l2" fragment)" = '"y"' ]
  l3=$(sed -n 3p <<<"$output")
  [ "$(comp "$l3" authority)" = null ]
  [ "$(comp "$l3" path)" = '"//p"' ]
  [ "$(comp "$(sed -n 4p <<<"$output")" port)" = '"LEFT-OUT"' ]
  [ "$(jget "$(sed -n 5p <<<"$output")" 'j["valid"]')" = false ]
  [ "$(jget "$(sed -n 6p <<<"$output")" '"unsupported" in j')" = true ]
}
@test "whatwg-node: getters and component mapping" { whatwg_mapping whatwg-node; }
@test "whatwg-url: getters and component mapping" { whatwg_mapping whatwg-url; }

# ---- in process ---------------------------------------------------------------

@test "glues in process, several in one binary (as fuzz targets and bench use them)" {
  [ -x "$BUILD/adapters/test-inprocess" ] || skip "$BUILD/adapters/test-inprocess not built (make adapters)"
  run "$BUILD/adapters/test-inprocess" adapters/*/inprocess.cases
  [ "$status" -eq 0 ] || { echo "$output"; false; }
  [[ "$output" != *"not ok"* ]]
}

# The WPT cases that pass through the adapter (protocol, getters) are exactly
# those that pass calling the library directly (wpt-direct.js).
wpt_same() { # NAME
  need "$1"
  f=vectors/v1/external/wpt-urltestdata.json
  [ -f "$f" ] || skip "$f not there"
  node adapters/tests/wpt-direct.js "$f" --pass-ids "$1" | sort >"$BATS_TEST_TMPDIR/direct"
  run /usr/bin/python3 - "$f" "$BATS_TEST_TMPDIR/via" $(adapter_cmd "$1") <<'PY'
import json, subprocess, sys
tests = [t for g in json.load(open(sys.argv[1]))["groups"] for t in g["tests"]]
reqs = "".join(json.dumps({"id": i, "op": "parse", "input": t["input"], "base": t.get("base")}) + "\n"
               for i, t in enumerate(tests))
out = subprocess.run(sys.argv[3:], input=reqs.encode(), stdout=subprocess.PIPE, check=True).stdout
answers = [json.loads(l) for l in out.decode().splitlines()[1:]]
assert [a["id"] for a in answers] == list(range(len(tests)))
passed = []
for t, a in zip(tests, answers):
    if t["expect"] == "reject":
        ok = a.get("valid") is False
    else:
        ok = a.get("valid") is True and all(a["whatwg"].get(k) == v for k, v in t.get("whatwg", {}).items())
    if ok:
        passed.append(t["id"])
open(sys.argv[2], "w").write("".join(sorted(i + "\n" for i in passed)))
print(len(passed), "of", len(tests))
PY
  [ "$status" -eq 0 ] || { echo "$output"; false; }
  diff "$BATS_TEST_TMPDIR/direct" <(sort "$BATS_TEST_TMPDIR/via")
  [ "$(wc -l <"$BATS_TEST_TMPDIR/direct")" -gt 800 ]
}
@test "whatwg-node: WPT passes through the adapter = passes calling the library" { wpt_same whatwg-node; }
@test "whatwg-url: WPT passes through the adapter = passes calling the library" { wpt_same whatwg-url; }

# An astral code point (two UTF-16 code units) keeps the character after it
# through the adapter and js-common, both ways: the path, query and fragment of
# `http://h/😀x?😀x#😀x` come back with `x` after the UTF-8 of U+1F600, as the
# URL Standard's percent-encode sets say (worked by hand: F0 9F 98 80). The
# userinfo is whatever the library itself gives (whatwg-url 16.0.1 loses the
# `x` there: its own bug, fuzz/findings/whatwg-url-1.md), called directly.
astral_same() { # NAME EXPR-FOR-THE-URL-CLASS
  need "$1"
  ask "$1" <<'REQ'
{"id": 1, "op": "parse", "input": "http://h/\ud83d\ude00x?\ud83d\ude00x#\ud83d\ude00x"}
{"id": 2, "op": "parse", "input": "http://\ud83d\ude00x:\ud83d\ude00y@o/"}
REQ
  l1=$(sed -n 1p <<<"$output")
  [ "$(jget "$l1" 'j["whatwg"]["href"]')" = '"http://h/%F0%9F%98%80x?%F0%9F%98%80x#%F0%9F%98%80x"' ]
  [ "$(comp "$l1" path)" = '"/%F0%9F%98%80x"' ]
  l2=$(sed -n 2p <<<"$output")
  direct=$(cd adapters/"$1" && node -e "const U = $2; const u = new U('http://\u{1F600}x:\u{1F600}y@o/'); console.log(JSON.stringify([u.username, u.password]))")
  [ "$(jget "$l2" '[j["whatwg"]["username"], j["whatwg"]["password"]]')" = "$(jget "$direct" 'j')" ]
}
@test "whatwg-node: an astral code point keeps the character after it (path, query, fragment; userinfo as the library)" { astral_same whatwg-node URL; }
@test "whatwg-url: an astral code point keeps the character after it (path, query, fragment; userinfo as the library)" { astral_same whatwg-url "require('whatwg-url').URL"; }
