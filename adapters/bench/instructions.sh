#!/usr/bin/env bash
# adapters/bench/instructions.sh [CORPUS...]: instructions per URI under
# callgrind (Valgrind), the noise-free figure beside `uritest bench`'s times
# (make bench-instructions).
#
# Per corpus ("" is the generated one; default: the generated one, and
# kasztp.txt when ../shared/peers is there): for the project's own parsers
# and the bench's peer, `uritest-bench --rounds 1 --op OP --adapter A` counted whole, minus
# the same run with `--op floor` (loading the corpus and the strlen pass),
# over the number of URIs: parse, resolve, resolve-parsed, normalize, each where the glue
# has it.  The adapters come from where they are declared, passed by make:
# BENCH_OWN, the glues whose adapter.mk says ADAPTER_MUST_PASS (reference,
# reference-fast), and BENCH_PEER, the one that says ADAPTER_BENCH_PEER
# (uriparser; its figures are the "x PEER" ratios).
# Then the worst cases: one call of each op on 1, 4 and 16 MB of each shape
# (`--worst-case`), counted inside the library call only (--toggle-collect),
# the growth per 4x of size, and the peer's call on 1 MB (`peer:OP`).
set -u
B=${BUILD:-build}
BIN="$B/bin/uritest-bench"
[ -x "$BIN" ] || { echo "instructions: $BIN not built (make)" >&2; exit 2; }
command -v valgrind >/dev/null || { echo "instructions: valgrind not installed (make deps)" >&2; exit 2; }
[ -n "${BENCH_OWN:-}" ] && [ -n "${BENCH_PEER:-}" ] ||
  { echo "instructions: BENCH_OWN and BENCH_PEER unset or empty (make bench-instructions sets them)" >&2; exit 2; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

count() { # count FUNCTION|- ARGS...: instructions callgrind collected
  local fn=$1; shift
  local opt=()
  [ "$fn" = - ] || opt=(--toggle-collect="$fn")
  valgrind --tool=callgrind "${opt[@]}" --callgrind-out-file="$tmp/cg" "$BIN" "$@" >/dev/null 2>"$tmp/err" ||
    { cat "$tmp/err" >&2; return 1; }
  sed -n 's/^==[0-9]*== Collected : \([0-9]*\)$/\1/p' "$tmp/err"
}

has_op() { # has_op ADAPTER OP ARGS...: whether the bench times OP of ADAPTER
  local a=$1 op=$2; shift 2
  "$BIN" "$@" --adapter "$a" --op "$op" --json | grep -q "\"adapter\": \"$a\", \"op\": \"$op\""
}

corpora=("$@")
if [ ${#corpora[@]} -eq 0 ]; then
  corpora=("")
  [ -f ../shared/peers/url-datasets/kasztp.txt ] && corpora+=(../shared/peers/url-datasets/kasztp.txt)
fi
for c in "${corpora[@]}"; do
  args=(--rounds 1)
  [ -n "$c" ] && args+=(--corpus "$c")
  n=$("$BIN" "${args[@]}" --adapter reference --op floor --json | sed -n 's/.*"uris": \([0-9]*\).*/\1/p')
  floor=$(count - "${args[@]}" --adapter reference --op floor)
  echo "== ${c:-generated corpus}: $n URIs; instructions per URI (callgrind, the --op floor run subtracted)"
  printf '%-16s %-14s %12s %10s\n' adapter op instr/URI "x $BENCH_PEER"
  for op in parse resolve resolve-parsed normalize; do
    up=$(count - "${args[@]}" --adapter "$BENCH_PEER" --op "$op")
    # shellcheck disable=SC2086 # the lists are words
    for a in $BENCH_OWN $BENCH_PEER; do
      # a glue without the op: the bench times none of it (only the floor)
      has_op "$a" "$op" "${args[@]}" || continue
      t=$(count - "${args[@]}" --adapter "$a" --op "$op")
      awk -v a="$a" -v op="$op" -v t="$t" -v f="$floor" -v u="$up" -v n="$n" \
        'BEGIN { printf "%-16s %-14s %12.0f %10.3f\n", a, op, (t - f) / n, (t - f) / (u - f) }'
    done
  done
done

echo "== worst cases: instructions of one call (inside the library call), growth per 4x, the peer's 1 MB call"
printf '%-22s %-10s %14s %14s %14s %6s %6s %14s %7s\n' shape op 1MB 4MB 16MB 4/1 16/4 "$BENCH_PEER" "x peer"
"$BIN" --worst-case list 0 list 2>/dev/null | sed -n "s/^shapes: //p" | tr -d "\n" > "$tmp/shapes"
shapes=()
eval "shapes=($(cat "$tmp/shapes"))"
for s in "${shapes[@]}"; do
  for op in parse parse-fast resolve normalize; do
    case $op in
      parse) fn=rfc3986_parse ;; parse-fast) fn=rfc3986_parse_fast ;;
      resolve) fn=rfc3986_resolve ;; normalize) fn=rfc3986_normalize ;;
    esac
    i1=$(count "$fn" --worst-case "$s" 1 "$op")
    i4=$(count "$fn" --worst-case "$s" 4 "$op")
    i16=$(count "$fn" --worst-case "$s" 16 "$op")
    # the peer's parse stands beside both parsers
    [ "$op" = parse-fast ] || ip=$(count peer_call --worst-case "$s" 1 "peer:$op")
    awk -v s="$s" -v op="$op" -v a="$i1" -v b="$i4" -v c="$i16" -v p="$ip" \
      'BEGIN { printf "%-22s %-10s %14d %14d %14d %6.2f %6.2f %14d %7.3f\n", s, op, a, b, c, b / a, c / b, p, p > 0 ? a / p : 0 }'
  done
done
