#!/usr/bin/env bats
# Validators and fetchers over shipped adapters: `uritest pairs` finds
# pairs that read different hosts from the security
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

# host_pairs JSON INPUT: "V F HOST_V HOST_F" for every host example of INPUT
# (V validates, F fetches).
host_pairs() {
  /usr/bin/python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
for p in d["pairs"]:
    for e in p["examples"]:
        if e["input"] == sys.argv[2] and e["class"] == "host":
            print(p["validator"], p["fetcher"], e["validator_reading"].get("host"),
                  e["fetcher_reading"].get("host"))' "$1" "$2"
}

# The adapters' checks (helper.bash's need) say whether they run here; the
# pairs run once for the file, and each test reads its output.
setup_file() {
  export PAIRS_TMP
  PAIRS_TMP=$(mktemp -d)
  main_build || return 0
  for a in curl whatwg-node glib; do available "$a" || return 0; done
  for id in security.multi-host.two-at-bare security.backslash-confusion.userinfo-bare security.numeric-host.hex; do
    input_of "$id"
  done > "$PAIRS_TMP/inputs"
  local rc=0
  "$U" pairs --adapter reference --adapter curl --adapter whatwg-node --adapter glib \
    --format json --output "$PAIRS_TMP/pairs.json" "$PAIRS_TMP/inputs" > "$PAIRS_TMP/out" 2>&1 || rc=$?
  echo "$rc" > "$PAIRS_TMP/status"
}

setup() {
  # the ASan build's uritest finds no adapters of its own build to run
  main_build || skip "pairs of shipped adapters: run on the main build only"
  need curl
  need whatwg-node
  need glib
  tmp=$PAIRS_TMP
  [ "$(grep -c . "$tmp/inputs")" = 3 ]
  # exit 1: the pairs found disagree
  [ "$(cat "$tmp/status")" = 1 ] || { cat "$tmp/out"; false; }
}

teardown_file() { [ -z "${PAIRS_TMP:-}" ] || rm -rf "$PAIRS_TMP"; }

@test "pairs: glib validates no usable host from http://a@b@c/ (b@c), whatwg-node fetches c" {
  run host_pairs "$tmp/pairs.json" 'http://a@b@c/'
  grep -qx 'glib whatwg-node b@c c' <<<"$output"
}

@test "pairs: curl and whatwg-node read different hosts from http://a(backslash)b@c/ (c, a)" {
  run host_pairs "$tmp/pairs.json" 'http://a\b@c/'
  grep -qx 'curl whatwg-node c a' <<<"$output"
}

@test "pairs: the reference validates the reg-name 0x7f.1, whatwg-node fetches 127.0.0.1" {
  run host_pairs "$tmp/pairs.json" 'http://0x7f.1/'
  grep -qx 'reference whatwg-node 0x7f.1 127.0.0.1' <<<"$output"
  # the reference is a validator alone: never the fetcher of a pair
  ! grep -q ' reference ' <<<"$output" || false
}
