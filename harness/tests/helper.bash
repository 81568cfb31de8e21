# Shared set-up of the harness tests: paths, a temporary repository root
# with a registry of fake adapters, small JSON helpers.
bats_require_minimum_version 1.5.0

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd) # also from harness/tests/*/
UT=${UTBIN:-build/bin/uritest}
[[ $UT = /* ]] || UT=$ROOT/$UT
FAKE=$ROOT/harness/tests/fake/fake.py
V=$ROOT/harness/tests/vectors
BAD=$ROOT/harness/tests/bad-vectors
DATA=$ROOT/harness/tests/data
PY=/usr/bin/python3
export SOURCE_DATE_EPOCH=1700000000

# A repository root of our own: adapters/fake/adapter.json names the fake
# adapter (also as "reference"), vectors/VERSION is 9.9.9.
fake_root() {
  R=$BATS_TEST_TMPDIR/root
  mkdir -p "$R/adapters/fake" "$R/vectors/v1"
  sed "s|@FAKE@|$FAKE|g" "$ROOT/harness/tests/fake/adapter.json.in" > "$R/adapters/fake/adapter.json"
  echo 9.9.9 > "$R/vectors/VERSION"
  cp "$V/basic.json" "$R/vectors/v1/"
  export URITEST_ROOT=$R
}

# ut ARGS...: uritest with the fake adapter's results file in the test's folder.
OUT() { echo "$BATS_TEST_TMPDIR/results.jsonl"; }

# jq-like: py 'expression over d' < file
pyjson() { "$PY" -c "import json,sys; d=json.load(sys.stdin); print($1)"; }
# the results lines of a JSON Lines file, as an expression over r (a list)
pylines() { "$PY" -c "import json,sys; r=[json.loads(l) for l in open(sys.argv[1])]; print($2)" "$1"; }

# open_to_all DIR: DIR and its parents up to the run's temporary folder
# searchable by every user (a test that runs a command as nobody).
open_to_all() {
  local p=$1
  while [[ $p == "$BATS_RUN_TMPDIR"* ]]; do
    chmod a+rx "$p"
    p=$(dirname "$p")
  done
  chmod a+rx "$BATS_RUN_TMPDIR"
}
