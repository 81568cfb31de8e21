#!/bin/bash -eu
# fuzz/oss-fuzz/build.sh: the OSS-Fuzz / ClusterFuzzLite build of uritest's
# fuzz targets.  Run from the project root ($SRC/uritest in OSS-Fuzz's
# layout) with the standard variables: $CC $CXX $CFLAGS $CXXFLAGS
# $LIB_FUZZING_ENGINE $OUT ($SRC and $WORK are used when set).  Puts into
# $OUT only the target executables and, per target, NAME.dict,
# NAME.options and NAME_seed_corpus.zip (every vector input).
#
# By hand, here (libFuzzer + ASan):
#   CC=clang CXX=clang++ CFLAGS="-O1 -g -fsanitize=address,fuzzer-no-link" \
#   CXXFLAGS="$CFLAGS" LIB_FUZZING_ENGINE=-fsanitize=fuzzer \
#   OUT=/tmp/out SRC=$(dirname "$PWD") fuzz/oss-fuzz/build.sh
: "${CC:?}" "${CXX:?}" "${CFLAGS:=}" "${CXXFLAGS:=}" "${LIB_FUZZING_ENGINE:?}" "${OUT:?}"
PYTHON=${PYTHON:-python3}
[ -f fuzz/targets/reference.c ] || { echo "build.sh: run from the uritest root" >&2; exit 2; }
work=${WORK:-$(mktemp -d)}/uritest-fuzz
rm -rf "$work" && mkdir -p "$work/obj" "$work/seeds" "$OUT"

common="-std=c11 -D_POSIX_C_SOURCE=200809L -I. -Ireference/include -Ifuzz/targets"
objs=()
for src in reference/src/*.c adapters/common/codec.c adapters/common/reading.c adapters/reference/glue.c; do
  o=$work/obj/$(echo "$src" | tr / _).o
  $CC $CFLAGS $common -c "$src" -o "$o"
  objs+=("$o")
done
lib_objs=("${objs[@]:0:$((${#objs[@]} - 2))}")   # the oracle and the codec
glue_objs=("${objs[@]: -2}")                      # reading.c, reference glue

link() { # NAME OBJECT... -- LIBS...
  local name=$1; shift
  $CXX $CXXFLAGS "$@" $LIB_FUZZING_ENGINE -o "$OUT/$name"
}

targets=(reference)
$CC $CFLAGS $common -c fuzz/targets/reference.c -o "$work/obj/reference.o"
link reference "$work/obj/reference.o" "${lib_objs[@]}"

# one diff target per C adapter whose adapter.mk asks for one
# (ADAPTER_FUZZ := diff) and whose library is installed
for mk in adapters/*/adapter.mk; do
  grep -q '^ADAPTER_FUZZ := diff' "$mk" || continue
  a=$(basename "$(dirname "$mk")")
  pkg=$(sed -n 's/^ADAPTER_PKG := //p' "$mk")
  if ! pkg-config --exists "$pkg" 2>/dev/null; then
    echo "build.sh: $pkg not found: diff_$a not built" >&2
    continue
  fi
  $PYTHON fuzz/known2c.py "$a" "adapters/$a/behaviours.json" "$work/known_$a.c"
  # shellcheck disable=SC2046 # pkg-config prints a list of flags
  $CC $CFLAGS $common $(pkg-config --cflags "$pkg") -c "adapters/$a/glue.c" -o "$work/obj/glue_$a.o"
  $CC $CFLAGS $common -c "$work/known_$a.c" -o "$work/obj/known_$a.o"
  $CC $CFLAGS $common -c fuzz/targets/diff.c -o "$work/obj/diff_$a.o"
  # shellcheck disable=SC2046 # pkg-config prints a list of flags
  link "diff_$a" "$work/obj/diff_$a.o" "$work/obj/known_$a.o" "$work/obj/glue_$a.o" \
    "${glue_objs[@]}" "${lib_objs[@]}" $(pkg-config --libs "$pkg")
  targets+=("diff_$a")
done

# dictionary, options, seed corpus (every vector input, fuzz/seeds.py)
$PYTHON fuzz/seeds.py "$work/seeds" >&2
$PYTHON - "$work/seeds" "$OUT/seed_corpus.zip.tmp" <<'PY'
import os, sys, zipfile
src, dst = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as z:
    for n in sorted(os.listdir(src)):
        z.write(os.path.join(src, n), n)
PY
for t in "${targets[@]}"; do
  cp fuzz/uri.dict "$OUT/$t.dict"
  printf '[libfuzzer]\ndict = %s.dict\nmax_len = 4096\n' "$t" > "$OUT/$t.options"
  cp "$OUT/seed_corpus.zip.tmp" "$OUT/${t}_seed_corpus.zip"
done
rm -f "$OUT/seed_corpus.zip.tmp"
[ -n "${WORK:-}" ] || rm -rf "$(dirname "$work")"
echo "build.sh: built ${targets[*]} into $OUT" >&2
