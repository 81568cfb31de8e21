#!/usr/bin/env bats
# adapters/TEMPLATE/{python,node,rust}: each copied as its README says into a
# tree of its own (with the shared loop it uses), its name written in, run
# through uritest by name: it answers every vector, as it is.  And every
# adapter's README in the shape of TEMPLATE/README.md's model
# (adapters/tests/readmes.py).
load helper
bats_require_minimum_version 1.5.0

setup() {
  main_build || skip "no C code in these templates: run on the main build only"
}

# copy LANG NAME: adapters/TEMPLATE/LANG as adapters/NAME of a tree $T
# (the registry's root), as the README's first two commands do.
copy() {
  T=$BATS_TEST_TMPDIR/tree
  mkdir -p "$T/adapters" "$T/vectors"
  cp -r "$REPO/vectors/v1" "$REPO/vectors/VERSION" "$T/vectors/"
  cp -r "$REPO/adapters/js-common" "$REPO/adapters/rust-common" "$T/adapters/"
  cp -r "$REPO/scripts" "$T/"
  cp -r "$REPO/adapters/TEMPLATE/$1" "$T/adapters/$2"
  (cd "$T" && grep -rl TEMPLATE "adapters/$2" | xargs sed -i "s/TEMPLATE/$2/g")
  ! grep -rq TEMPLATE "$T/adapters/$2" || false
}

# runs NAME: uritest run of examples.json through NAME by name, from $T
runs() {
  run --separate-stderr env URITEST_ROOT="$T" "$REPO/$BUILD/bin/uritest" run --adapter "$1" \
    --file examples.json --format json --no-progress --output "$BATS_TEST_TMPDIR/r.jsonl"
  echo "$stderr"
  [ "$status" -le 1 ]
  [ "$(pyjs 'sorted(d["adapters"])')" = "['$1']" ]
  [ "$(pyjs 'd["adapters"]["'"$1"'"]["passed"] > 0')" = True ]
  # every request answered: no CRASH, TIMEOUT or PROTOCOL_ERROR
  [ "$(pyjs 'sorted({r["class"] for r in d["results"]} & {"CRASH", "TIMEOUT", "PROTOCOL_ERROR"})')" = "[]" ]
}
pyjs() { /usr/bin/python3 -c "import json,sys; d=json.loads(sys.stdin.read()); print($1)" <<<"$output"; }

@test "templates: Python, copied and renamed, runs the vectors by name, answers bad lines and octets" {
  copy python mypy
  runs mypy
  out=$(printf '%s\n' 'not json' '{"id": 2, "op": "parse", "input_hex": "ff"}' '{"id": 3, "op": "resolve", "input": "a"}' |
        /usr/bin/python3 "$T/adapters/mypy/adapter.py")
  [[ $(sed -n 1p <<<"$out") == '{"adapter": "mypy", '* ]]
  [[ $(sed -n 2p <<<"$out") == *'"error": "bad request'* ]]
  [[ $(sed -n 3p <<<"$out") == '{"id": 2, "unsupported": '* ]]
  [[ $(sed -n 4p <<<"$out") == '{"id": 3, "unsupported": '* ]]
  [ "$(jq -r .adapter "$T/adapters/mypy/behaviours.json")" = mypy ]
}

@test "templates: Node, copied and renamed, runs the vectors by name" {
  "$REPO/scripts/node-ok.sh" >/dev/null 2>&1 || skip "$("$REPO/scripts/node-ok.sh" 2>&1 | tail -n 1)"
  copy node mynode
  runs mynode
  [ "$(jq -r .name "$T/adapters/mynode/package.json")" = uritest-adapter-mynode ]
}

@test "templates: Rust, copied and renamed, builds offline and runs the vectors by name" {
  [ -x /usr/bin/cargo ] || skip "no /usr/bin/cargo (make deps ADAPTERS=rust-url)"
  compgen -G '/usr/share/cargo/registry/url-2*/Cargo.toml' >/dev/null || skip "no url crate (librust-url-dev)"
  copy rust myrust
  mkdir -p "$T/build/adapters/myrust"
  # make's jobserver descriptors are not this test's: cargo must not look
  (cd "$T/adapters/myrust" && CARGO_TARGET_DIR="$T/build/adapters/myrust/target" \
    nice env -u CARGO_MAKEFLAGS -u MAKEFLAGS -u MFLAGS /usr/bin/cargo build --offline --locked --release --quiet)
  cp "$T/build/adapters/myrust/target/release/myrust" "$T/build/adapters/myrust/myrust"
  runs myrust
}

@test "templates: every adapter README has the model's shape and states the present" {
  run /usr/bin/python3 "$REPO/adapters/tests/readmes.py"
  echo "$output"
  [ "$status" -eq 0 ]
  [ "$output" = "" ]
  # a tree of the model and one adapter: its README passes, then fails
  # once it gains a section of its own, an issue number or a run's figure
  t=$BATS_TEST_TMPDIR/shape
  mkdir -p "$t/adapters/TEMPLATE" "$t/adapters/glib"
  cp "$REPO/adapters/TEMPLATE/README.md" "$t/adapters/TEMPLATE/"
  cp "$REPO/adapters/glib/adapter.json" "$REPO/adapters/glib/README.md" "$t/adapters/glib/"
  run /usr/bin/python3 "$REPO/adapters/tests/readmes.py" "$t"
  [ "$status" -eq 0 ]
  printf '%s\n' '' '## Pass figures' '' 'Since #38: 864 of 12611 pass.' >> "$t/adapters/glib/README.md"
  sed -i '1s/.*/# glib/' "$t/adapters/glib/README.md"
  run /usr/bin/python3 "$REPO/adapters/tests/readmes.py" "$t"
  echo "$output"
  [ "$status" -eq 1 ]
  [[ $output == *"does not name glib-relaxed"* ]]
  [[ $output == *"sections ['## Configuration', '## Reading its results', '## Pass figures']"* ]]
  [[ $output == *"holds an issue number ('#38')"* ]]
  [[ $output == *"holds a figure from a run (N of M) ('864 of 12611')"* ]]
}
