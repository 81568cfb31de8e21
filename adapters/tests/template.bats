#!/usr/bin/env bats
# Adding a compiled adapter is: copy adapters/TEMPLATE/c/, edit the files
# inside the new folder, make (README.md, adapters/TEMPLATE/c/README.md).
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
  cp -r "$COPY/adapters/TEMPLATE/c" "$COPY/adapters/throwaway"
  sed -i 's/TEMPLATE/throwaway/g' "$COPY"/adapters/throwaway/*
  # the bench's peer is a property of the folder (uriparser's is gone)
  echo 'ADAPTER_BENCH_PEER := yes' >>"$COPY/adapters/throwaway/adapter.mk"
  # the library as the main build compiled it, newer than its sources (tar
  # kept their times): the copy compiles the adapter and what names it,
  # not the generated parser again
  # (when there is one)
  mkdir -p "$COPY/build"
  if [ -d "$REPO/build/pic" ] && [ -d "$REPO/build/lib" ]; then
    cp -a "$REPO/build/pic" "$REPO/build/lib" "$COPY/build/"
  fi
  make -C "$COPY" -j2 --no-print-directory -s build/adapters/throwaway \
    build/adapters/test-inprocess build/bin/uritest build/bin/uritest-bench >"$BATS_FILE_TMPDIR/make.log" 2>&1 ||
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

@test "template: the bench gives its ratios against the folder that says ADAPTER_BENCH_PEER" {
  need_copy
  # a corpus whose name has a quote and a tab: still one JSON document
  corpus="$BATS_TEST_TMPDIR/cor\"pus$(printf '\t')1"
  printf 'http://h/a\nb:c\n' >"$corpus"
  run "$COPY/build/bin/uritest-bench" --corpus "$corpus" --adapter throwaway \
    --adapter reference --op parse --rounds 1 --json
  [ "$status" -eq 0 ]
  /usr/bin/python3 -c 'import json, sys; assert json.loads(sys.argv[1])["corpus"] == sys.argv[2]' "$output" "$corpus"
  [[ $output == *'{"adapter": "throwaway", "op": "parse", '*'"x_throwaway": 1.000}'* ]]
  [[ $output == *'{"adapter": "reference", "op": "parse", '*'"x_throwaway": '* ]]
  run "$COPY/build/bin/uritest-bench" --help
  [[ $output == *"ADAPTER_BENCH_PEER (here: throwaway)"* ]]
}

@test "template: two folders that both say ADAPTER_BENCH_PEER are a build error" {
  need_copy
  cp -r "$COPY/adapters/throwaway" "$COPY/adapters/throwaway2"
  sed -i 's/throwaway/throwaway2/g' "$COPY"/adapters/throwaway2/*
  run make -C "$COPY" -n --no-print-directory build/bin/uritest-bench
  rm -rf "$COPY/adapters/throwaway2"
  [ "$status" -ne 0 ]
  [[ $output == *"adapters/throwaway2/adapter.mk: ADAPTER_BENCH_PEER is already set by adapters/throwaway/adapter.mk"* ]]
}

@test "template: with its baseline written, it gets the rows every adapter gets, and passes them" {
  need_copy
  # the README's last step: its baseline
  run "$COPY/build/bin/uritest" run --adapter throwaway --no-progress --format text \
    --write-baseline "$COPY/adapters/throwaway/baseline.json" --output "$BATS_TEST_TMPDIR/r.jsonl"
  [ "$status" -le 1 ]
  [ -f "$COPY/adapters/throwaway/baseline.json" ]
  # the rows come from the folders: nothing was added to a list for it
  /usr/bin/python3 "$COPY/adapters/tests/registry.py" rows "$BATS_TEST_TMPDIR/each.bats"
  run env BUILD=build bats --tap -f throwaway "$BATS_TEST_TMPDIR/each.bats"
  echo "$output"
  [ "$status" -eq 0 ]
  [ "$(grep -c '^ok .*throwaway' <<<"$output")" -eq 4 ]
  [ "$(grep -c '# skip' <<<"$output")" -eq 0 ]
  [[ $output == *"ok 1 registry: adapters/throwaway/adapter.json reads and names its folder"* ]]
  [[ $output == *"lines of random octets; exit 0 at the end: throwaway"* ]]
}

@test "template: the copy has a behaviours.json naming it, which uritest behaviours reads" {
  need_copy
  [ "$(jq -r .adapter "$COPY/adapters/throwaway/behaviours.json")" = throwaway ]
  "$COPY/build/bin/uritest" run --adapter throwaway --file examples.json --no-progress \
    --output "$BATS_TEST_TMPDIR/r.jsonl" >/dev/null
  run env URITEST_ROOT="$COPY" "$COPY/build/bin/uritest" behaviours --adapter throwaway \
    --format json "$BATS_TEST_TMPDIR/r.jsonl"
  [ "$status" -eq 0 ]
  [ "$(jq -r '.adapters.throwaway.non_pass' <<<"$output")" = 0 ]
  # the steps of both READMEs name it
  grep -q 'behaviours.json' "$REPO/adapters/TEMPLATE/c/README.md"
  grep -q 'then the baseline and the behaviours' "$REPO/adapters/README.md"
}
