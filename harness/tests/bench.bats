#!/usr/bin/env bats
# uritest bench's ops on a small corpus: what each figure counts.
load helper

setup() {
  # bench runs a program of its own, which the ASan build does not make
  [ -x "$(dirname "$UT")/uritest-bench" ] || skip "no uritest-bench beside $UT"
}

corpus() {
  C=$BATS_TEST_TMPDIR/corpus.txt
  printf '%s\n' g ../x '//h/p?q' 'a b' > "$C"
}

@test "bench: resolve-parsed resolves every valid reference against one parsed base" {
  corpus
  run "$UT" bench --corpus "$C" --rounds 1 --adapter reference \
    --adapter uriparser --op resolve-parsed --json
  [ "$status" -eq 0 ]
  # three of the four lines are URI-references ("a b" is not)
  [ "$(pyjson '[(r["adapter"], r["accepted"]) for r in d["results"] if r["op"] == "resolve-parsed"]' <<< "$output")" = \
    "[('reference', 3), ('uriparser', 3)]" ]
}

@test "bench: resolve-parsed is listed beside resolve, with a ratio to the peer" {
  corpus
  run "$UT" bench --corpus "$C" --rounds 1 --adapter reference \
    --adapter uriparser --op resolve --op resolve-parsed
  [ "$status" -eq 0 ]
  [[ $output == *"reference      resolve-parsed"* ]]
  [[ $output == *"uriparser      resolve-parsed"*"1.000"* ]]
}
