#!/usr/bin/env bash
# fuzz/oss-fuzz/test.sh TARGET...: run fuzz/oss-fuzz/build.sh by hand as
# OSS-Fuzz would (make test-fuzz-oss-fuzz): the standard variables set for
# clang + libFuzzer + ASan/UBSan, a fresh $OUT, $WORK kept in
# $FUZZ_DIR/oss-fuzz-work.  TAP: the script succeeds; every TARGET is in
# $OUT with NAME.dict, NAME.options and NAME_seed_corpus.zip and nothing
# else is; each target starts (a diff target checks its behaviours then)
# and runs its seeds' first 200 inputs without a crash (FUZZ_DIFF_SURVEY=1:
# a disagreement is printed, not fatal; finding them is make fuzz-smoke's job).
set -u
dir=${FUZZ_DIR:-build/fuzz}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
work=$dir/oss-fuzz-work
mkdir -p "$work"
echo "1..$(($# + 2))"
n=1
if CC=clang CXX=clang++ CFLAGS="-O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fsanitize=fuzzer-no-link" \
   CXXFLAGS="-O1 -g -fsanitize=address,undefined -fno-sanitize-recover=all -fsanitize=fuzzer-no-link -stdlib=libc++" \
   LIB_FUZZING_ENGINE=-fsanitize=fuzzer OUT=$out WORK=$(cd "$work" && pwd) SRC=$(cd .. && pwd) \
   fuzz/oss-fuzz/build.sh > "$work/build.log" 2>&1; then
  echo "ok $n - build.sh with the standard variables"
else
  echo "not ok $n - build.sh with the standard variables"
  tail -n 20 "$work/build.log" | sed 's/^/# /'
fi
seeds=$work/seeds-200
rm -rf "$seeds" && mkdir -p "$seeds"
find "$work/uritest-build/fuzz/seeds" -type f ! -name .done 2>/dev/null | sort | head -n 200 |
  while read -r f; do cp "$f" "$seeds/"; done
want=""
for t in "$@"; do
  n=$((n + 1))
  want="$want $t $t.dict $t.options ${t}_seed_corpus.zip"
  missing=""
  for f in "$t" "$t.dict" "$t.options" "${t}_seed_corpus.zip"; do
    [ -s "$out/$f" ] || missing="$missing $f"
  done
  if [ -n "$missing" ]; then
    echo "not ok $n - $t: missing from \$OUT:$missing"
  elif ! log=$(FUZZ_DIFF_SURVEY=1 "$out/$t" -runs=0 "$seeds" 2>&1); then
    echo "not ok $n - $t: exits non-zero on 200 seeds"
    printf '%s\n' "$log" | grep -E '^(FUZZ-FINDING|adapters/|SUMMARY|==)' | head -n 5 | sed 's/^/# /'
  else
    echo "ok $n - $t: in \$OUT with its dict, options and seeds; runs 200 seeds"
  fi
done
n=$((n + 1))
extra=$(cd "$out" && for f in *; do case " $want " in *" $f "*) ;; *) printf '%s ' "$f" ;; esac; done)
if [ -z "$extra" ]; then
  echo "ok $n - nothing else in \$OUT"
else
  echo "not ok $n - more in \$OUT than the targets: $extra"
fi
