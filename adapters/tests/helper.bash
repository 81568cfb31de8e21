# helper.bash: shared set-up of the adapter tests (adapters/tests/*.bats and
# the generated rows of each.bash).  Every test runs from the repository root;
# an adapter that is not built (or whose Node is missing) is skipped, saying
# why.  Adapters are looked up in the registry, adapters/*/adapter.json,
# through adapters/tests/registry.py (an entry of an array too: glib-relaxed).

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
BUILD="${BUILD:-build}"
cd "$REPO" || exit 1

# main_build: whether $BUILD is the main build (not build/asan, whose
# uritest and adapters are the ASan ones).
main_build() {
  case "$BUILD" in build | ./build | "$REPO/build") return 0 ;; *) return 1 ;; esac
}

# registry ARGS...: adapters/tests/registry.py ARGS (get NAME FIELD, names).
registry() { /usr/bin/python3 "$REPO/adapters/tests/registry.py" "$@"; }

# adapter_cmd NAME: the command of NAME's adapter.json entry (as words), with
# build/ read as $BUILD/.
adapter_cmd() {
  registry get "$1" command | sed "s|^build/|$BUILD/|"
}

# why_not NAME: exit 0 when adapter NAME can run here (its adapter.json
# check passes), else exit 1 printing why (the check's last line).
why_not() {
  local check why
  check=$(registry get "$1" check) || { echo "not in adapters/*/adapter.json"; return 1; }
  check=${check//build\//$BUILD/}
  if [ -n "$check" ] && ! why=$(sh -c "$check" 2>&1); then
    printf '%s\n' "$why" | tail -n 1
    return 1
  fi
}

# available NAME: whether adapter NAME can run here (no skip).
available() { why_not "$1" >/dev/null; }

# need NAME: skip unless adapter NAME can run here.
need() {
  local why
  why=$(why_not "$1") || skip "$1 unavailable: $why"
}

# ask NAME: run adapter NAME with standard input as the requests; output
# without the hello line goes to $output, the hello line to $hello.
ask() {
  local all
  all=$($(adapter_cmd "$1"))
  hello=$(printf '%s\n' "$all" | head -n 1)
  output=$(printf '%s\n' "$all" | tail -n +2)
}

# jget JSON EXPR: evaluate a Python expression over the decoded JSON `j`.
jget() {
  /usr/bin/python3 -c 'import json,sys; j=json.loads(sys.argv[1]); print(json.dumps(eval(sys.argv[2]), ensure_ascii=False))' "$1" "$2"
}

# comp ANSWER NAME: component NAME of a parse answer, "LEFT-OUT" when the
# adapter leaves it out.
comp() { jget "$1" "j[\"components\"].get(\"$2\", \"LEFT-OUT\")"; }

# nth N: line N of $output.
nth() { sed -n "${1}p" <<<"$output"; }
