#!/usr/bin/env bats
# Adding a compiled adapter is: copy adapters/TEMPLATE/, edit the files
# inside the new folder, make (README.md, adapters/TEMPLATE/README.md).
# Done here in a temporary copy of the tree, with a throwaway adapter.

load helper

setup_file() {
  # once is enough: the sanitizer pass (BUILD=build/asan) would only redo it
  [[ $BUILD != */asan ]] || return 0
  export COPY="$BATS_FILE_TMPDIR/tree"
  mkdir -p "$COPY"
  tar -C "$REPO" --exclude=./build --exclude=./.git --exclude=node_modules \
    --exclude=./reports/out -cf - . | tar -C "$COPY" -xf -
  # the other adapters' folders go, so that only the new one is built
  # (and the reference, the oracle's glue, which uritest links)
  for d in "$COPY"/adapters/*/; do
    case $(basename "$d") in common | TEMPLATE | tests | bench | reference) ;; *) rm -rf "$d" ;; esac
  done
  cp -r "$COPY/adapters/TEMPLATE" "$COPY/adapters/throwaway"
  sed -i 's/TEMPLATE/throwaway/g' "$COPY"/adapters/throwaway/*
  make -C "$COPY" -j2 --no-print-directory -s build/adapters/throwaway \
    build/adapters/test-inprocess build/bin/uritest >"$BATS_FILE_TMPDIR/make.log" 2>&1 ||
    { cat "$BATS_FILE_TMPDIR/make.log" >&3; return 1; }
}

need_copy() { [ -n "${COPY:-}" ] || skip "built once, by the plain pass (not $BUILD)"; }

@test "template: the copied adapter is built, says hello and answers" {
  need_copy
  run "$COPY/build/adapters/throwaway" <<<'{"id": 1, "op": "parse", "input": "http://h/a"}'
  [ "$status" -eq 0 ]
  [[ ${lines[0]} == *'"adapter":"throwaway"'* ]]
  [[ ${lines[1]} == *'"id":1,"valid":true'*'"scheme":"http"'* ]]
}

@test "template: the registry lists it, available; the template itself is not listed" {
  need_copy
  run "$COPY/build/bin/uritest" adapters --json
  [ "$status" -eq 0 ]
  [[ $output == *'"name": "throwaway"'*'"available": true'* ]] ||
    [[ $output == *'"name": "throwaway", '*'"available": true'* ]]
  [[ $output != *TEMPLATE* ]]
}

@test "template: it is in the glue table, and its in-process cases pass" {
  need_copy
  run "$COPY/build/adapters/test-inprocess" "$COPY/adapters/throwaway/inprocess.cases"
  [ "$status" -eq 0 ]
  [[ $output == *"ok "*" - throwaway: library librfc3986 "* ]]
  [[ $output == *"throwaway valid: scheme"* ]]
  [[ $output != *"TEMPLATE"* ]]
}

@test "template: uritest runs the vectors through it by name" {
  need_copy
  run "$COPY/build/bin/uritest" run --adapter throwaway --file examples.json \
    --no-progress --format text --output "$BATS_TEST_TMPDIR/r.jsonl"
  [[ $output == *"throwaway (librfc3986 "* ]]
  [ "$status" -le 1 ]
  grep -q '"adapter": "throwaway"' "$BATS_TEST_TMPDIR/r.jsonl"
}
