#!/usr/bin/env bash
# reports/coverage/coverage.sh CB OUT [NAME[:OP ...]]...: line, function and branch coverage of
# the reference (reference/src), of the rfc3986 command (reference/cli) and
# of the generated parser (reference/fast), each apart.
#
# CB is a BUILD folder made with --coverage (the top-level Makefile builds
# it: unit tests, rfc3986, the reference adapters and uritest).  What
# exercises the code: the unit tests (reference/tests/test_*.c), the CLI
# Bats tests run on CB/bin/rfc3986, and every vector of vectors/v1 (or of
# the ops named) through each adapter NAME, CB/adapters/NAME, built with
# coverage (the Makefile names those whose adapter.mk sets
# ADAPTER_MUST_PASS: the reference and reference-fast).  Captured with lcov, rendered
# with genhtml into OUT, and OUT/summary.txt written by summary.py.
set -u
cb=${1:?usage: coverage.sh BUILD_DIR OUT_DIR}
out=${2:?usage: coverage.sh BUILD_DIR OUT_DIR}
here=$(cd "$(dirname "$0")" && pwd)
rc='--rc lcov_branch_coverage=1'
status=0

step() { printf 'coverage: %s\n' "$*"; }

# shellcheck disable=SC2086
lcov $rc --quiet --zerocounters --directory "$cb" || exit 2

step "unit tests"
for t in "$cb"/tests/test_*; do
  [ -x "$t" ] || continue
  "$t" > "$cb/$(basename "$t").log" 2>&1 ||
    { echo "coverage: $t failed (see $cb/$(basename "$t").log)"; status=1; }
done

step "CLI Bats tests on $cb/bin/rfc3986"
RFC3986="$cb/bin/rfc3986" bats reference/tests > "$cb/cli-bats.log" 2>&1 ||
  { echo "coverage: bats reference/tests failed (see $cb/cli-bats.log)"; status=1; }

# Discrepancies are not this script's business (make test checks that these
# adapters pass every vector): exit 1 is fine, 2 is not.
for a in "${@:3}"; do
  name=${a%%:*} ops=()
  [ "$name" = "$a" ] || for op in ${a#*:}; do ops+=(--op "$op"); done
  step "every vector${ops[*]:+ (${ops[*]})} through $cb/adapters/$name"
  "$cb/bin/uritest" run --adapter-cmd "$cb/adapters/$name" "${ops[@]}" --no-progress \
    --format tap --output "$cb/coverage-$name.jsonl" > "$cb/vectors-$name.log" 2>&1
  [ $? -le 1 ] || { echo "coverage: uritest run ($name) failed (see $cb/vectors-$name.log)"; status=1; }
done

step "capture"
rm -rf "$out" && mkdir -p "$out"
# shellcheck disable=SC2086
lcov $rc --quiet --capture --directory "$cb/obj/reference" --directory "$cb/pic/reference" --base-directory . \
  --output-file "$cb/all.info" 2> "$cb/lcov.log" || { cat "$cb/lcov.log"; exit 2; }
# shellcheck disable=SC2086
lcov $rc --quiet --extract "$cb/all.info" "$PWD/reference/src/*" --output-file "$out/lib.info" || exit 2
# shellcheck disable=SC2086
lcov $rc --quiet --extract "$cb/all.info" "$PWD/reference/cli/*" --output-file "$out/cli.info" || exit 2
# shellcheck disable=SC2086
lcov $rc --quiet --extract "$cb/all.info" "$PWD/reference/fast/*" --output-file "$out/fast.info" || exit 2
# shellcheck disable=SC2086
genhtml $rc --quiet --branch-coverage --prefix "$PWD" --title "librfc3986 and rfc3986" \
  --legend --output-directory "$out" "$out/lib.info" "$out/cli.info" "$out/fast.info" > "$cb/genhtml.log" 2>&1 ||
  { cat "$cb/genhtml.log"; exit 2; }
/usr/bin/python3 "$here/summary.py" "$out/lib.info" "$out/cli.info" "$PWD" "$out/fast.info" > "$out/summary.txt" || exit 2
cat "$out/summary.txt"
echo "coverage: report in $out/index.html, summary in $out/summary.txt"
exit $status
