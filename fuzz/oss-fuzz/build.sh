#!/bin/bash -eu
# fuzz/oss-fuzz/build.sh: the OSS-Fuzz / ClusterFuzzLite build of uritest's
# fuzz targets, a composite project: the oracle's target (`reference`) and one
# differential target per C/C++ glue whose library is installed (`diff_NAME`,
# the adapters' glue table; fuzz/README.md).  Run from anywhere with the
# standard variables: $CC $CXX $CFLAGS $CXXFLAGS $LIB_FUZZING_ENGINE $OUT
# ($SRC and $WORK are used when set).  The build itself is the Makefile's
# (fuzz/fuzz.mk, configuration oss-fuzz), so it is the one every other
# build of the targets is; this script passes the variables and puts into
# $OUT only the target executables and, per target, NAME.dict,
# NAME.options and NAME_seed_corpus.zip (every vector input).
#
# By hand, here (libFuzzer + ASan; make test-fuzz-oss-fuzz does this):
#   CC=clang CXX=clang++ CFLAGS="-O1 -g -fsanitize=address,fuzzer-no-link" \
#   CXXFLAGS="$CFLAGS" LIB_FUZZING_ENGINE=-fsanitize=fuzzer \
#   OUT=/tmp/out fuzz/oss-fuzz/build.sh
: "${CC:?}" "${CXX:?}" "${CFLAGS:=}" "${CXXFLAGS:=}" "${LIB_FUZZING_ENGINE:?}" "${OUT:?}"
root=$(cd "$(dirname "$0")/../.." && pwd)
PYTHON=${PYTHON:-$(command -v python3)}
work=${WORK:-$(mktemp -d)}
build=$work/uritest-build
mkdir -p "$OUT"
# The glues' C++ libraries (Qt, Poco, Boost.URL) are the distribution's,
# built against libstdc++: OSS-Fuzz's -stdlib=libc++ would not link with
# them, so the C++ glues are compiled without it (libFuzzer keeps its own).
cxxflags=${CXXFLAGS//-stdlib=libc++/}
vars=(BUILD="$build" PYTHON="$PYTHON" FUZZ_OSS_CC="$CC" FUZZ_OSS_CXX="$CXX" FUZZ_OSS_CFLAGS="$CFLAGS"
      FUZZ_OSS_CXXFLAGS="$cxxflags" FUZZ_OSS_ENGINE="$LIB_FUZZING_ENGINE")
# URITEST_TARGETS: only these (a library's own CI: "reference diff_NAME").
targets=${URITEST_TARGETS:-$(make -s -C "$root" "${vars[@]}" fuzz-list)}
# -k: one target that does not build (a library too old) is reported and
# left out; the others are built.
files=()
for t in $targets; do files+=("$build/fuzz/oss-fuzz/$t"); done
make -k -C "$root" -j"$(nproc)" "${vars[@]}" "${files[@]}" "$build/fuzz/seeds/.done" >&2 || true
"$PYTHON" - "$build/fuzz/seeds" "$work/seed_corpus.zip" <<'PY'
import os, sys, zipfile
src, dst = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as z:
    for n in sorted(os.listdir(src)):
        z.write(os.path.join(src, n), n)
PY
built=() missing=()
for t in $targets; do
  if [ ! -x "$build/fuzz/oss-fuzz/$t" ]; then
    missing+=("$t")
    continue
  fi
  cp "$build/fuzz/oss-fuzz/$t" "$OUT/$t"
  cp "$root/fuzz/uri.dict" "$OUT/$t.dict"
  printf '[libfuzzer]\ndict = %s.dict\nmax_len = 4096\n' "$t" > "$OUT/$t.options"
  cp "$work/seed_corpus.zip" "$OUT/${t}_seed_corpus.zip"
  built+=("$t")
done
rm -f "$work/seed_corpus.zip"
[ -n "${WORK:-}" ] || rm -rf "$work"
echo "build.sh: built ${built[*]} into $OUT" >&2
if [ ${#missing[@]} -gt 0 ]; then
  echo "build.sh: NOT built (see the errors above): ${missing[*]}" >&2
  exit 1
fi
