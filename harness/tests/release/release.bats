#!/usr/bin/env bats
# Releases and installation (issue 18 item 8): make dist, reproducible;
# make install into a DESTDIR and into a prefix of its own; man pages.
# A suite of its own (make test-release): it runs make, so it is not run
# again under ASan with the other harness tests.
load ../helper

mk() { make -s --no-print-directory -C "$ROOT" "$@"; }

@test "make dist: both archives, named by VERSION and vectors/VERSION, the same octets twice" {
  v=$(head -n 1 "$ROOT/VERSION"); vv=$(head -n 1 "$ROOT/vectors/VERSION")
  [[ $v =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]]
  b1=$BATS_TEST_TMPDIR/b1 b2=$BATS_TEST_TMPDIR/b2
  mk BUILD="$b1" dist >/dev/null
  sleep 1 # a clock-dependent archive would differ now
  mk BUILD="$b2" dist >/dev/null
  for f in "uritest-$v.tar.gz" "uritest-vectors-$vv.tar.gz"; do
    [ -s "$b1/dist/$f" ]
    cmp "$b1/dist/$f" "$b2/dist/$f"
  done
  tar -tzf "$b1/dist/uritest-vectors-$vv.tar.gz" > "$BATS_TEST_TMPDIR/vlist"
  for f in VERSION LICENSE CHANGELOG.md MANIFEST RELEASED schema/ v1/rfc3986/examples.json; do
    grep -qx "uritest-vectors-$vv/$f" "$BATS_TEST_TMPDIR/vlist"
  done
  # every file of the MANIFEST is in the archive
  while read -r f; do
    grep -qx "uritest-vectors-$vv/$f" "$BATS_TEST_TMPDIR/vlist" || { echo "missing $f"; false; }
  done < <(grep -v '^#' "$ROOT/vectors/MANIFEST" | grep .)
  # no owner, no clock: uid 0 and the commit's time on every member
  tar -tvzf "$b1/dist/uritest-$v.tar.gz" | awk '{print $2}' | sort -u | grep -qx '0/0'
}

@test "make dist: SHA256SUMS of both archives; the vectors archive alone runs the loop its README gives" {
  v=$(head -n 1 "$ROOT/VERSION"); vv=$(head -n 1 "$ROOT/vectors/VERSION")
  b=$BATS_TEST_TMPDIR/b
  run mk BUILD="$b" dist
  [ "$status" -eq 0 ]
  [ "$(awk '{print $2}' "$b/dist/SHA256SUMS" | sort | tr '\n' ' ')" = "uritest-$v.tar.gz uritest-vectors-$vv.tar.gz " ]
  (cd "$b/dist" && sha256sum -c --quiet SHA256SUMS)
  # far from any checkout: the archive, and a parser of the user's (here the
  # independent Python reading of vectors/gen, standing in)
  w=$BATS_TEST_TMPDIR/elsewhere
  mkdir -p "$w"
  tar -xzf "$b/dist/uritest-vectors-$vv.tar.gz" -C "$w"
  d=$w/uritest-vectors-$vv
  [ -f "$d/README.md" ] && [ -f "$d/LICENSE" ] && [ -f "$d/schema/vectors.schema.json" ]
  sed -n '/^## Using the vectors without uritest/,/^## /p' "$d/README.md" | sed -n '/^```python$/,/^```$/p' | sed '1d;$d' > "$w/loop.py"
  [ -s "$w/loop.py" ]
  cat > "$w/run.py" <<PY
import sys
sys.path.insert(0, "$ROOT/vectors")
from gen import rfc3986_regex
def my_parse(octets):
    r = rfc3986_regex.parse(octets)
    return r["components"] if r["valid"] else None
exec(open("$w/loop.py").read())
print("loop done")
PY
  run bash -c "cd '$d' && '$PY' '$w/run.py'"
  echo "$output" | tail -n 3
  [ "$status" -eq 0 ]
  [ "${lines[-1]}" = "loop done" ]
}

@test "make release: refuses without the version's CHANGELOG section or with changes; else dist and the tag commands" {
  v=$(head -n 1 "$ROOT/VERSION")
  run mk release VERSION=9.9.9 BUILD="$BATS_TEST_TMPDIR/b"
  [ "$status" -ne 0 ]
  [[ $output == *"CHANGELOG.md has no section '## 9.9.9 (DATE)'"* ]]
  # a clone of the committed tree: clean
  c=$BATS_TEST_TMPDIR/clone
  git clone -q "$ROOT" "$c"
  run make -s --no-print-directory -C "$c" release BUILD="$BATS_TEST_TMPDIR/b"
  echo "$output"
  [ "$status" -eq 0 ]
  [[ $output == *"uritest $v (vectors "*") is ready in"* ]]
  [[ $output == *"git tag -a v$v -m 'uritest $v'"* ]]
  [[ $output == *"git push origin v$v"* ]]
  [ -f "$BATS_TEST_TMPDIR/b/dist/SHA256SUMS" ]
  # a change in the tree: refused
  echo x >> "$c/VERSION"
  run make -s --no-print-directory -C "$c" release BUILD="$BATS_TEST_TMPDIR/b"
  [ "$status" -ne 0 ]
}

@test "the source archive builds uritest and rfc3986 with make, and they run" {
  v=$(head -n 1 "$ROOT/VERSION")
  b=$BATS_TEST_TMPDIR/b
  mk BUILD="$b" dist >/dev/null
  tar -xzf "$b/dist/uritest-$v.tar.gz" -C "$BATS_TEST_TMPDIR"
  src=$BATS_TEST_TMPDIR/uritest-$v
  [ -f "$src/Makefile" ] && [ -f "$src/VERSION" ] && [ ! -e "$src/build" ]
  make -s -C "$src" -j2 CFLAGS=-O0 build/bin/uritest build/bin/rfc3986 >/dev/null 2>&1
  run "$src/build/bin/uritest" --version
  [ "$output" = "uritest $v" ]
  run "$src/build/bin/rfc3986" parse 'http://a/b'
  [ "$status" -eq 0 ]
}

@test "make install into a DESTDIR: every file, and the installed uritest finds its vectors" {
  d=$BATS_TEST_TMPDIR/dest
  mk install DESTDIR="$d" PREFIX=/usr/local >/dev/null
  p=$d/usr/local
  for f in bin/rfc3986 bin/uritest lib/librfc3986.a lib/librfc3986.so lib/librfc3986.so.0 \
      lib/pkgconfig/librfc3986.pc include/rfc3986.h share/uritest/vectors/VERSION \
      share/uritest/vectors/v1/rfc3986/examples.json share/uritest/vectors/RELEASED \
      share/uritest/vectors/CHANGELOG.md share/man/man1/rfc3986.1 share/man/man1/uritest.1 \
      share/man/man3/librfc3986.3 \
      share/man/man5/uritest-vectors.5 share/man/man7/uritest-adapter.7 \
      share/bash-completion/completions/uritest; do
    [ -e "$p/$f" ] || { echo "not installed: $f"; false; }
  done
  # a system prefix: no rpath in the .pc file
  ! grep -q rpath "$p/lib/pkgconfig/librfc3986.pc" || false
  unset URITEST_ROOT
  cd "$BATS_TEST_TMPDIR"
  run --separate-stderr "$p/bin/uritest" run --adapter reference --file examples.json \
    --format text --output "$BATS_TEST_TMPDIR/r.jsonl" --no-progress
  [ "$status" -eq 0 ]
  [[ $output == *"reference (librfc3986 "*" passed, 0 failed"* ]]
  # the vectors it ran are the installed ones: their VERSION is recorded
  echo 7.7.7 > "$p/share/uritest/vectors/VERSION"
  "$p/bin/uritest" run --adapter reference --file examples.json --output "$BATS_TEST_TMPDIR/r.jsonl" --no-progress
  [ "$(head -n 1 "$BATS_TEST_TMPDIR/r.jsonl" | pyjson 'd["vectors_version"]')" = 7.7.7 ]
  mk uninstall DESTDIR="$d" PREFIX=/usr/local >/dev/null
  [ -z "$(find "$d" -type f)" ]
}

@test "make install into a prefix of its own: pkg-config with an rpath links a program that runs" {
  p=$BATS_TEST_TMPDIR/prefix
  run make -s --no-print-directory -C "$ROOT" install PREFIX="$p"
  [ "$status" -eq 0 ]
  [[ $output == *"$p/lib is not a system library folder"* ]]
  export PKG_CONFIG_PATH=$p/lib/pkgconfig
  [ "$(pkg-config --modversion librfc3986)" = "$(head -n 1 "$ROOT/VERSION")" ]
  [[ $(pkg-config --libs librfc3986) == *"-Wl,-rpath,$p/lib"* ]]
  cat > "$BATS_TEST_TMPDIR/t.c" <<'C'
#include <rfc3986.h>
#include <stdio.h>
#include <string.h>
int main(int argc, char **argv) {
  rfc3986_error err;
  const char *s = argv[argc - 1];
  return rfc3986_match(RFC3986_RULE_URI, s, strlen(s), &err) == RFC3986_OK ? 0 : 1;
}
C
  cc -o "$BATS_TEST_TMPDIR/t" "$BATS_TEST_TMPDIR/t.c" $(pkg-config --cflags --libs librfc3986)
  ldd "$BATS_TEST_TMPDIR/t" | grep -q "$p/lib/librfc3986.so.0"
  "$BATS_TEST_TMPDIR/t" 'http://a/b'
  run "$BATS_TEST_TMPDIR/t" 'http://a b'
  [ "$status" -eq 1 ]
}

@test "the header's RFC3986_VERSION is the release version (VERSION)" {
  [ -s "$ROOT/VERSION" ]
  [ "$(sed -n 's/^#define RFC3986_VERSION "\(.*\)"/\1/p' "$ROOT/reference/include/rfc3986.h")" = "$(head -n 1 "$ROOT/VERSION")" ]
}

@test "man pages: the four, free of troff warnings, each naming its commands" {
  for m in rfc3986.1 uritest.1 uritest-vectors.5 uritest-adapter.7; do
    f=$ROOT/man/$m
    [ -f "$f" ]
    run --separate-stderr man --warnings -l "$f"
    [ "$status" -eq 0 ]
    [ -z "$stderr" ] || { echo "$m: $stderr"; false; }
  done
  # JSON keeps its quotes: no key left bare ({"id": N, op : ...) by a
  # macro that took its quotes for argument delimiters
  for m in rfc3986.1 uritest.1 uritest-vectors.5 uritest-adapter.7; do
    run bash -c "MANWIDTH=1000 man -l '$ROOT/man/$m' 2>/dev/null | grep -E '[{,] [a-z_]+ :'"
    [ "$status" -eq 1 ] || { echo "$m: $output"; false; }
  done
  # uritest(1) names every subcommand of uritest --help
  for c in $("$UT" --help | sed -nE 's/^  ([a-z][a-z-]*) .*/\1/p'); do
    tr -d '\\' < "$ROOT/man/uritest.1" | grep -qw -- "$c" || { echo "uritest.1 lacks $c"; false; }
  done
  # rfc3986(1) names every command of rfc3986 --help
  for c in parse match explain split resolve normalize equivalent pct-encode iri-to-uri uri-to-iri; do
    tr -d '\\' < "$ROOT/man/rfc3986.1" | grep -qw -- "$c" || { echo "rfc3986.1 lacks $c"; false; }
  done
}

@test "bash completion: subcommands and each subcommand's options, from --help" {
  dir=$BATS_TEST_TMPDIR/bin
  mkdir -p "$dir"
  ln -s "$UT" "$dir/uritest"
  PATH=$dir:$PATH
  source "$ROOT/harness/completion/uritest.bash"
  COMP_WORDS=(uritest ru); COMP_CWORD=1; _uritest
  [ "${COMPREPLY[*]}" = run ]
  COMP_WORDS=(uritest run --write-b); COMP_CWORD=2; _uritest
  [ "${COMPREPLY[*]}" = --write-baseline ]
  COMP_WORDS=(uritest run --format j); COMP_CWORD=3; _uritest
  [ "$(printf '%s\n' "${COMPREPLY[@]}" | sort | tr '\n' ' ')" = "json junit " ]
}

@test "an installed uritest, run by an unprivileged user, writes under the current folder, never its install tree" {
  command -v setpriv >/dev/null || skip "no setpriv"
  [ "$(id -u)" -eq 0 ] || skip "not root: cannot become nobody"
  p=$BATS_TEST_TMPDIR/prefix
  mk install PREFIX="$p" >/dev/null
  w=$BATS_TEST_TMPDIR/work
  mkdir -p "$w"
  open_to_all "$w"
  chown nobody "$w"
  chmod -R a-w "$p"
  unset URITEST_ROOT
  cd "$w"
  as_nobody() { setpriv --reuid=nobody --regid=nogroup --clear-groups "$@"; }
  run --separate-stderr as_nobody "$p/bin/uritest" run --adapter reference --file examples.json --no-progress
  echo "$stderr"
  [ "$status" -eq 0 ]
  [ -s "$w/reports/out/results.jsonl" ] && [ -s "$w/reports/out/results.pairs.json" ]
  run --separate-stderr as_nobody "$p/bin/uritest" report --quiet
  echo "$stderr"
  [ "$status" -eq 0 ]
  [ -s "$w/reports/out/index.html" ] && [ -s "$w/reports/out/summary.md" ]
  run --separate-stderr as_nobody "$p/bin/uritest" site
  echo "$stderr"
  [ "$status" -eq 0 ]
  [ -s "$w/reports/out/site/index.html" ] && [ -s "$w/reports/out/site/badges/reference.json" ]
  [ ! -e "$p/share/uritest/reports/out" ]
  chmod -R u+w "$p"
}
