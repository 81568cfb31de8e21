#!/usr/bin/env bats
# Baselines that know their versions (issue 18 item 2): a baseline recorded
# with an older vectors version has its discrepancies on vectors added or
# changed since (vectors/RELEASED sections, vectors/CHANGELOG.md) listed
# apart from regressions, in one line; another library version is reported.
# The exit-code rules stay: any discrepancy not in the baseline is exit 1.
load helper

# A root whose suite is 1.1.0: 1.0.0 released the c.* vectors except
# c.iri.bad (added in 1.1.0); the 1.1.0 changelog names c.resolve.bad as
# changed.
setup() {
  fake_root
  echo 1.1.0 > "$R/vectors/VERSION"
  {
    echo '# IDs of released versions'
    echo '# released 1.0.0'
    "$PY" -c "import json; d=json.load(open('$V/classify.json')); print('\n'.join(t['id'] + '\t0' for g in d['groups'] for t in g['tests'] if t['id'] != 'c.iri.bad'))"
    echo '# released 1.1.0'
    printf 'c.iri.bad\t0\n'
  } > "$R/vectors/RELEASED"
  printf '# Changelog\n\n## 1.1.0\n\n- `c.resolve.bad` now expects `http://a/x`.\n- added `c.iri.bad`.\n\n## 1.0.0\n\n- `c.semantic-host` first.\n' > "$R/vectors/CHANGELOG.md"
  B=$BATS_TEST_TMPDIR/b.json
  "$UT" run --vectors "$V/classify.json" --adapter-cmd "$FAKE" --output /dev/null --write-baseline "$B" >/dev/null 2>&1
}

ut() { run --separate-stderr "$UT" run --vectors "$V/classify.json" --output "$(OUT)" "$@"; }
# the baseline as recorded with 1.0.0: without the entries of the vectors
# 1.0.0 did not have as they are now
as_of_100() {
  "$PY" -c "import json,sys; d=json.load(open(sys.argv[1])); d['vectors_version']='1.0.0'; d['entries']=[e for e in d['entries'] if e['id'] not in ('c.iri.bad', 'c.resolve.bad')]; json.dump(d, open(sys.argv[1],'w'))" "$B"
}

@test "same vectors version: no line about versions" {
  ut --adapter-cmd "$FAKE" --baseline "$B"
  [ "$status" -eq 0 ]
  [[ $output != *"recorded with vectors"* ]]
}

@test "older vectors version: the discrepancies on added and changed vectors are listed apart, one line says so, exit 1" {
  as_of_100
  ut --adapter-cmd "$FAKE" --baseline "$B"
  [ "$status" -eq 1 ]
  [[ $output == *"baseline fake: recorded with vectors 1.0.0, this run has 1.1.0: 2 discrepancies on vectors added or changed since are listed apart (new vectors, not regressions)"* ]]
  [[ $output == *"0 new discrepancies, 0 now passing, 2 on new vectors"* ]]
  [[ $output == *"  new vector: c.iri.bad OUTPUT_MISMATCH (added since 1.0.0)"* ]]
  [[ $output == *"  new vector: c.resolve.bad RESOLVE_MISMATCH (changed since 1.0.0)"* ]]
  [[ $output != *"  new: "* ]]
  # a real regression beside them is still a regression
  "$PY" -c "import json,sys; d=json.load(open(sys.argv[1])); d['entries']=[e for e in d['entries'] if e['id'] != 'c.should-accept']; json.dump(d, open(sys.argv[1],'w'))" "$B"
  ut --adapter-cmd "$FAKE" --baseline "$B"
  [ "$status" -eq 1 ]
  [[ $output == *"  new: c.should-accept SHOULD_HAVE_ACCEPTED"* ]]
  [[ $output == *"1 new discrepancies, 0 now passing, 2 on new vectors"* ]]
}

@test "older vectors version, --format json: new_vectors apart in the baseline summary" {
  as_of_100
  ut --adapter-cmd "$FAKE" --baseline "$B" --format json
  [ "$status" -eq 1 ]
  [ "$(printf '%s' "$output" | pyjson 'd["baseline"]["fake"]["new_vectors"]')" = "['c.resolve.bad RESOLVE_MISMATCH (changed since 1.0.0)', 'c.iri.bad OUTPUT_MISMATCH (added since 1.0.0)']" ]
  [ "$(printf '%s' "$output" | pyjson 'd["baseline"]["fake"]["new"]')" = "[]" ]
  [ "$(printf '%s' "$output" | pyjson 'd["baseline"]["fake"]["vectors_version"]')" = "1.0.0" ]
}

@test "RELEASED without sections: every id listed is the first release's" {
  as_of_100
  # RELEASED without sections: every listed id is the first release's
  grep -v '^# released' "$R/vectors/RELEASED" > "$BATS_TEST_TMPDIR/r" && mv "$BATS_TEST_TMPDIR/r" "$R/vectors/RELEASED"
  sed -i '/added `c.iri.bad`/d' "$R/vectors/CHANGELOG.md"
  ut --adapter-cmd "$FAKE" --baseline "$B"
  [ "$status" -eq 1 ]
  [[ $output == *"  new: c.iri.bad OUTPUT_MISMATCH"* ]]
  [[ $output == *"  new vector: c.resolve.bad RESOLVE_MISMATCH (changed since 1.0.0)"* ]]
}

@test "another library version: reported; the comparison is unchanged" {
  ut --adapter-cmd "$FAKE --version 2.0.0" --baseline "$B"
  [ "$status" -eq 0 ]
  [[ $output == *"baseline fake: recorded with library fakelib 1.2.3, this run has fakelib 2.0.0"* ]]
}
