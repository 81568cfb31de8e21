#!/usr/bin/env bash
# fuzz/corpus.sh TARGET [DIR]...: keep in fuzz/corpus/TARGET/ the inputs of
# DIR... (a campaign's corpus: ClusterFuzzLite's, make fuzz's
# $FUZZ_DIR/corpus/TARGET, an AFL++ queue) that add coverage to what the
# smoke already replays (the seeds and fuzz/corpus/TARGET/), through
# libFuzzer's -merge=1 on the target's libFuzzer build.  Without DIR, an
# exploration of its own first: RUNS inputs (default 40000) from seed SEED
# (default 1).  Prints how many inputs it kept; the new files are for a
# commit.  Findings are not kept here: `uritest triage` makes them vectors.
set -eu
t=${1:?usage: fuzz/corpus.sh TARGET [DIR]...}; shift
dir=${FUZZ_DIR:-build/fuzz}
bin=$dir/libfuzzer/$t
[ -x "$bin" ] || { echo "fuzz/corpus.sh: $bin is not built (make $bin)" >&2; exit 2; }
out=fuzz/corpus/$t
mkdir -p "$out"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
if [ "$#" -eq 0 ]; then
  mkdir "$work/explored"
  FUZZ_DIFF_SURVEY=1 "$bin" -seed="${SEED:-1}" -runs="${RUNS:-40000}" -use_cmp=0 -reload=0 \
    -dict=fuzz/uri.dict -artifact_prefix="$work/" "$work/explored" "$dir/seeds" \
    >"$work/log" 2>&1 || { tail -n 5 "$work/log" >&2; exit 1; }
  set -- "$work/explored"
fi
# the seeds go first so that only what adds to them is kept; they are then
# taken out again (the smoke has them from the vectors)
mkdir "$work/merged"
cp -l "$dir"/seeds/* "$work/merged/" 2>/dev/null || cp "$dir"/seeds/* "$work/merged/"
rm -f "$work/merged/.done"
find "$out" -maxdepth 1 -type f ! -name 'README*' -exec cp {} "$work/merged/" \;
before=$(find "$work/merged" -type f | wc -l)
find "$work/merged" -type f -printf "%f\n" | sort > "$work/old"
FUZZ_DIFF_SURVEY=1 "$bin" -merge=1 "$work/merged" "$@" >"$work/log" 2>&1 ||
  { tail -n 5 "$work/log" >&2; exit 1; }
find "$work/merged" -type f -printf "%f\n" | sort | comm -13 "$work/old" - > "$work/new"
while read -r f; do cp "$work/merged/$f" "$out/$f"; done < "$work/new"
echo "fuzz/corpus.sh: $t: $(wc -l < "$work/new") inputs kept in $out (beside $before replayed)"
