# helper.bash: shared set-up of the adapter protocol tests.
# Every test runs from the repository root; an adapter that is not built
# (or whose Node is missing) is skipped, saying why.

REPO="$(cd "$BATS_TEST_DIRNAME/../.." && pwd)"
BUILD="${BUILD:-build}"
cd "$REPO" || exit 1

# adapter_cmd NAME: the command of adapters/NAME/adapter.json (as words).
adapter_cmd() {
  /usr/bin/python3 -c 'import json,sys; print(" ".join(json.load(open(sys.argv[1]))["command"]))' \
    "adapters/$1/adapter.json" | sed "s|^build/|$BUILD/|"
}

# need NAME: skip unless adapter NAME can run here (its adapter.json check).
need() {
  local check why
  check=$(/usr/bin/python3 -c 'import json,sys; print(json.load(open(sys.argv[1])).get("check",""))' "adapters/$1/adapter.json")
  check=${check//build\//$BUILD/}
  if [ -n "$check" ] && ! why=$(sh -c "$check" 2>&1); then
    skip "$1 unavailable: $(printf '%s\n' "$why" | tail -n 1)"
  fi
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
