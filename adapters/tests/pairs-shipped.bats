#!/usr/bin/env bats
# The parser-pair confusion matrix over shipped adapters (#17 "Done when"):
# `uritest pairs` finds pairs that read different hosts from the security
# vectors http://a@b@c/, http://a\b@c/ and http://0x7f.1/ (the inputs are
# taken from the vector files by id, so a vector renamed or removed fails
# here).  curl, whatwg-node and glib are light; one that is not available
# here is skipped, saying why.

load helper

U="$BUILD/bin/uritest"

# input_of ID: the input of vector ID in vectors/v1/rfc3986/security.json.
input_of() {
  /usr/bin/python3 -c '
import json, sys
for g in json.load(open("vectors/v1/rfc3986/security.json"))["groups"]:
    for t in g["tests"]:
        if t["id"] == sys.argv[1]:
            print(t["input"])' "$1"
}

# host_pairs JSON INPUT: "A B HOST_A HOST_B" for every host-severity example of INPUT.
host_pairs() {
  /usr/bin/python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
for p in d["pairs"]:
    for e in p["examples"]:
        if e["input"] == sys.argv[2] and e["severity"] == "host":
            print(p["a"], p["b"], e["a"].get("host"), e["b"].get("host"))' "$1" "$2"
}

# available NAME...: skip unless uritest lists every NAME as available here.
available() {
  local a why
  for a in "$@"; do
    why=$("$U" adapters --json | /usr/bin/python3 -c '
import json, sys
for a in json.load(sys.stdin)["adapters"]:
    if a["name"] == sys.argv[1]:
        print("" if a["available"] else a.get("why") or "unavailable")
        break
else:
    print("not registered")' "$a")
    [ -z "$why" ] || skip "$a: $why"
  done
}

setup() {
  available curl whatwg-node glib
  tmp=$(mktemp -d)
  for id in security.multi-host.two-at-bare security.backslash-confusion.userinfo-bare security.numeric-host.hex; do
    input_of "$id"
  done > "$tmp/inputs"
  [ "$(grep -c . "$tmp/inputs")" = 3 ]
  run "$U" pairs --adapter reference --adapter curl --adapter whatwg-node --adapter glib \
    --format json --output "$tmp/pairs.json" "$tmp/inputs"
  [ "$status" -eq 1 ]
}

teardown() { [ -z "${tmp:-}" ] || rm -rf "$tmp"; }

@test "pairs: glib and whatwg-node read different hosts from http://a@b@c/ (b@c, c)" {
  run host_pairs "$tmp/pairs.json" 'http://a@b@c/'
  grep -qx 'glib whatwg-node b@c c' <<<"$output"
}

@test "pairs: curl and whatwg-node read different hosts from http://a(backslash)b@c/ (c, a)" {
  run host_pairs "$tmp/pairs.json" 'http://a\b@c/'
  grep -qx 'curl whatwg-node c a' <<<"$output"
}

@test "pairs: curl and the reference read different hosts from http://0x7f.1/ (127.0.0.1, 0x7f.1)" {
  run host_pairs "$tmp/pairs.json" 'http://0x7f.1/'
  grep -qx 'curl reference 127.0.0.1 0x7f.1' <<<"$output"
  grep -qx 'reference whatwg-node 0x7f.1 127.0.0.1' <<<"$output"
}
