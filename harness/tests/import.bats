#!/usr/bin/env bats
# uritest import wpt: WHATWG urltestdata.json to a whatwg vector file.
load helper

@test "import wpt: every case kept, failures as reject, getters, provenance and licence" {
  run --separate-stderr "$UT" import wpt "$DATA/urltestdata-sample.json"
  [ "$status" -eq 0 ]
  printf '%s' "$output" > "$BATS_TEST_TMPDIR/w.json"
  a() { pyjson "$1" < "$BATS_TEST_TMPDIR/w.json"; }
  [ "$(a 'd["schema"], d["spec"], len(d["groups"])')" = "uritest-vectors/1 whatwg 2" ]
  [ "$(a 'sum(len(g["tests"]) for g in d["groups"])')" = 5 ]
  [ "$(a '[t["expect"] for g in d["groups"] for t in g["tests"]]')" = "['accept', 'accept', 'reject', 'reject', 'reject']" ]
  [ "$(a 'd["groups"][0]["tests"][0]["whatwg"]["hostname"], d["groups"][1]["tests"][0]["base"]')" = "example.com http://example.com/a/" ]
  [ "$(a 'd["groups"][0]["tests"][0]["base"]')" = None ]
  [[ $(a 'd["source"]') == *"web-platform-tests"*"3-Clause BSD"* ]]
  [ "$(a 'd["groups"][1]["description"]')" = "Second section: relative and failures" ]
  [ "$(a 'd["groups"][1]["tests"][2]["tags"]')" = "['relativeTo:any-base']" ]
  [ "$(a 'len(set(t["id"] for g in d["groups"] for t in g["tests"]))')" = 5 ]
}

@test "import wpt -o OUT: the file loads as vectors and runs on a whatwg adapter" {
  run "$UT" import wpt "$DATA/urltestdata-sample.json" -o "$BATS_TEST_TMPDIR/w.json"
  [ "$status" -eq 0 ]
  run --separate-stderr "$UT" run --vectors "$BATS_TEST_TMPDIR/w.json" --adapter-cmd "$FAKE --whatwg --spec whatwg" --output "$(OUT)" --format json
  [ "$(printf '%s' "$output" | pyjson 'd["adapters"]["fake"]["total"]')" = 5 ]
}

@test "import wpt: ids are stable (content-derived) across runs" {
  "$UT" import wpt "$DATA/urltestdata-sample.json" -o "$BATS_TEST_TMPDIR/a.json"
  "$UT" import wpt "$DATA/urltestdata-sample.json" -o "$BATS_TEST_TMPDIR/b.json"
  cmp "$BATS_TEST_TMPDIR/a.json" "$BATS_TEST_TMPDIR/b.json"
}
