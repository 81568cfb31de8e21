#!/usr/bin/env bash
# tests/leakcheck.sh: everything under Valgrind memcheck, no error and no
# leak allowed: the unit tests, the rfc3986 command on every kind of input,
# uritest run/diff with the reference adapter (the adapter process too),
# and the C adapters answering a request of each op.  Prints
# "leakcheck: N passed, N failed".  The C adapters are $LEAKCHECK_ADAPTERS
# (`make leakcheck` gives the glue table's names), else every
# adapters/*/adapter.mk of a C or C++ adapter.
set -u
B=${BUILD:-build}
VG="valgrind -q --leak-check=full --show-leak-kinds=definite,indirect,possible --errors-for-leak-kinds=definite,indirect,possible --error-exitcode=99"
pass=0; fail=0
check() { # NAME COMMAND... (stdin from $IN if set)
  local name=$1; shift
  local out rc
  if [ -n "${IN:-}" ]; then out=$("$@" < "$IN" 2>&1 >/dev/null); rc=$?
  else out=$("$@" 2>&1 >/dev/null); rc=$?; fi
  if [ "$rc" -eq 99 ] || printf '%s' "$out" | grep -q '^==[0-9]*== '; then
    fail=$((fail + 1)); echo "not ok - $name"; printf '%s\n' "$out" | head -30
  else
    pass=$((pass + 1)); echo "ok - $name"
  fi
}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for t in "$B"/tests/test_*; do
  [ "$(basename "$t")" = test_alloc ] && continue  # wraps malloc itself
  check "unit $(basename "$t")" $VG "$t"
done
R="$B/bin/rfc3986"
printf 'http://a/b\n\nx\r\n%s\nhttp://h/\xff\n' "$(head -c 100000 /dev/zero | tr '\0' a)" > "$tmp/in"
IN="$tmp/in" check "rfc3986 parse -" $VG "$R" parse --json -
IN="$tmp/in" check "rfc3986 match -" $VG "$R" match --json URI -
IN="$tmp/in" check "rfc3986 split -" $VG "$R" split --json -
IN="$tmp/in" check "rfc3986 normalize -" $VG "$R" normalize --json -
check "rfc3986 explain" $VG "$R" explain 'http://u@[::1]:8/a?q#f'
check "rfc3986 explain invalid" $VG "$R" explain 'http://h/a b'
check "rfc3986 resolve" $VG "$R" resolve --json 'http://a/b/c/d;p?q' '../../g'
check "rfc3986 equivalent" $VG "$R" equivalent --json --level scheme 'http://a' 'HTTP://a:80/'
check "rfc3986 iri-to-uri" $VG "$R" iri-to-uri --json 'http://h/Кириллица'
check "rfc3986 uri-to-iri" $VG "$R" uri-to-iri --json 'http://h/%D0%9A'
check "rfc3986 pct-decode" $VG "$R" pct-decode --json '%41%zz'
check "rfc3986 usage error" $VG "$R" parse --bogus
U="$B/bin/uritest"
if [ -x "$U" ]; then
  check "uritest run (reference, vectors/v1/rfc3986)" $VG --trace-children=yes "$U" run --adapter reference --vectors vectors/v1/rfc3986 --format json --output "$tmp/r.jsonl" --no-progress
  IN="$tmp/in" check "uritest diff" $VG --trace-children=yes "$U" diff --adapter reference -
  check "uritest adapters" $VG "$U" adapters --json
fi
c_adapters() { # the names of every C or C++ adapter (adapters/*/adapter.mk)
  local mk names
  for mk in adapters/*/adapter.mk; do
    grep -Eq '^ADAPTER_LANG *:?= *(c|c\+\+) *$' "$mk" || continue
    names=$(sed -n 's/^ADAPTER_NAMES *:\?= *//p' "$mk")
    echo "${names:-$(basename "$(dirname "$mk")")}"
  done
}
for a in ${LEAKCHECK_ADAPTERS:-$(c_adapters)}; do
  [ -x "$B/adapters/$a" ] || continue
  printf '%s\n' '{"id":1,"op":"parse","input":"http://u@[::1]:80/a?q#f"}' '{"id":2,"op":"resolve","base":"http://a/b/c/d;p?q","input":"../g"}' '{"id":3,"op":"normalize","input":"HTTP://A/%7e/./b"}' '{"id":4,"op":"parse","input_hex":"ff00"}' > "$tmp/req"
  IN="$tmp/req" check "adapter $a" $VG "$B/adapters/$a"
done
echo "leakcheck: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
