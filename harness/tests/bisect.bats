#!/usr/bin/env bats
# uritest bisect: one adapter's vectors across published versions of its
# library, with a fake adapter whose readings change at known versions
# (fake-versioned/adapter.py says which).

load helper

setup() {
  R=$BATS_TEST_TMPDIR/root
  mkdir -p "$R/adapters/fakev" "$R/vectors/v1"
  echo 9.9.9 > "$R/vectors/VERSION"
  cp "$BATS_TEST_DIRNAME/fake-versioned/vectors.json" "$R/vectors/v1/"
  cat > "$R/adapters/fakev/adapter.json" <<JSON
{"name": "fakev", "spec": "rfc3986",
 "command": ["/usr/bin/python3", "$BATS_TEST_DIRNAME/fake-versioned/adapter.py"],
 "versions": {"npm": "fakelib", "pinned": "3.0", "published": ["1.0", "1.5", "2.0", "3.0"]}}
JSON
  for v in 1.0 1.5 2.0; do mkdir -p "$R/adapters/fakev/versions/$v/node_modules"; done
  export URITEST_ROOT=$R
}

@test "bisect: the first version of each outcome, for the vectors that change" {
  run "$UT" bisect --adapter fakev --versions all --format json
  [ "$status" -eq 1 ]
  echo "$output" | pyjson 'd["adapter"] == "fakev" and d["versions"] == ["1.0", "1.5", "2.0", "3.0"]' | grep -qx True
  # v.at changes at 2.0 (host h -> after), v.x at 3.0 (rejected); v.same never
  echo "$output" | pyjson 'sorted(c["id"] for c in d["changes"])' | grep -qx "\['v.at', 'v.unsupported', 'v.untagged', 'v.x'\]"
  echo "$output" | pyjson '[(o["from"], o["class"], o["reading"]["components"]["host"]) for c in d["changes"] if c["id"] == "v.at" for o in c["outcomes"]]' \
    | grep -qx "\[('1.0', 'COMPONENT_MISMATCH', 'h'), ('2.0', 'COMPONENT_MISMATCH', 'after')\]"
  echo "$output" | pyjson '[(o["from"], o["class"]) for c in d["changes"] if c["id"] == "v.x" for o in c["outcomes"]]' \
    | grep -qx "\[('1.0', 'PASS'), ('3.0', 'SHOULD_HAVE_ACCEPTED')\]"
  echo "$output" | pyjson '[c["input"] for c in d["changes"] if c["id"] == "v.at"]' | grep -qx "\['//a@b'\]"
  # PASS, then UNSUPPORTED: the results file has no expected object for
  # them (terse lines); the input comes from the vectors
  echo "$output" | pyjson '[(c["input"], [(o["from"], o["class"]) for o in c["outcomes"]]) for c in d["changes"] if c["id"] == "v.unsupported"]' \
    | grep -qx "\[('//h/u', \[('1.0', 'PASS'), ('1.5', 'UNSUPPORTED')\])\]"
}

@test "bisect: --tag and a chosen list of versions, in the order given" {
  run "$UT" bisect --adapter fakev --versions 1.0,1.5 --tag t --format json
  [ "$status" -eq 0 ]
  echo "$output" | pyjson 'd["changes"]' | grep -qx '\[\]'
  run "$UT" bisect --adapter fakev --versions 1.5,3.0 --tag t --format json
  [ "$status" -eq 1 ]
  echo "$output" | pyjson 'sorted(c["id"] for c in d["changes"])' | grep -qx "\['v.at', 'v.x'\]"
}

@test "bisect: text output names each change and its versions" {
  run "$UT" bisect --adapter fakev --versions all --tag t
  [ "$status" -eq 1 ]
  [[ "$output" == *'"v.at" input "//a@b"'* ]]
  [[ "$output" == *'from 2.0: COMPONENT_MISMATCH'* ]]
  [[ "${lines[-1]}" == "2 vectors change outcome across 4 versions" ]]
}

@test "bisect: a version not installed is exit 2 with the make deps command" {
  rm -rf "$URITEST_ROOT/adapters/fakev/versions/1.5"
  run "$UT" bisect --adapter fakev --versions all
  [ "$status" -eq 2 ]
  [[ "$output" == *'not installed: fakev@1.5; run: make deps ADAPTERS="fakev@1.5"'* ]]
}

@test "bisect: unknown versions, adapters without versions, bad usage: exit 2" {
  run "$UT" bisect --adapter fakev --versions 1.0,9.9
  [ "$status" -eq 2 ]
  [[ "$output" == *'fakev has no published version 9.9'* ]]
  run "$UT" bisect --adapter nosuch --versions all
  [ "$status" -eq 2 ]
  [[ "$output" == *'unknown adapter'* ]]
  run "$UT" bisect --versions all
  [ "$status" -eq 2 ]
  run "$UT" bisect --adapter fakev --versions all --format xml
  [ "$status" -eq 2 ]
}

@test "NAME@VERSION runs that version through uritest run; the pinned one is NAME" {
  run --separate-stderr "$UT" run --adapter fakev@2.0 --tag t --format json --output "$(OUT)"
  [ "$status" -eq 1 ]
  echo "$output" | pyjson 'list(d["adapters"])' | grep -qx "\['fakev@2.0'\]"
  run --separate-stderr "$UT" run --adapter fakev@3.0 --tag t --format json --output "$(OUT)"
  echo "$output" | pyjson 'list(d["adapters"])' | grep -qx "\['fakev'\]"
  run "$UT" run --adapter fakev@7.0 --tag t --output "$(OUT)"
  [ "$status" -eq 2 ]
}

@test "uritest adapters --json lists an adapter's published versions" {
  run "$UT" adapters --json
  [ "$status" -eq 0 ]
  echo "$output" | pyjson '[a["versions"] for a in d["adapters"] if a["name"] == "fakev"]' \
    | grep -qx "\[{'pinned': '3.0', 'published': \['1.0', '1.5', '2.0', '3.0'\]}\]"
}

@test "bisect --help lists every option" {
  run "$UT" bisect --help
  [ "$status" -eq 0 ]
  for o in --adapter --versions --vectors --tag --format --timeout; do
    [[ "$output" == *"$o"* ]]
  done
}
