#!/usr/bin/env bats
# Help that tells everything (issue 18 item 10): every subcommand's --help
# lists each of its options on a line of its own with its default (or
# "required"), and one example; each option listed is accepted.
load helper

# A value for an option's placeholder.
value() {
  case $1 in
    FILE|OUT|RESULTS|CORPUS) echo /dev/null ;;
    DIR) echo "$BATS_TEST_TMPDIR/d" ;;
    PATH) echo "$V/basic.json" ;;
    S) echo 1 ;;
    N) echo 1 ;;
    I/N) echo 1/2 ;;
    NAME) echo reference ;;
    CMD) echo true ;;
    OP) echo parse ;;
    SEC) echo 3.2 ;;
    LIST) echo 1.0 ;;
    FORMAT|F) echo text ;;
    GLOB|TAG) echo x ;;
    SHAPE|MB) echo 1 ;;
    TARGET) echo reference ;;
    *) echo "$1" ;;
  esac
}

commands() { "$UT" --help | sed -nE 's/^  ([a-z][a-z-]*) .*/\1/p'; }

@test "every subcommand's --help: each option with a default or 'required', and an example" {
  for c in $(commands); do
    run "$UT" "$c" --help
    # bench runs a program of its own, not in every build (ASan)
    [[ $c == bench && $output == *"cannot run"*"uritest-bench"* ]] && continue
    [ "$status" -eq 0 ] || { echo "$c --help: exit $status"; false; }
    printf '%s\n' "$output" > "$BATS_TEST_TMPDIR/h"
    grep -q '^example: .*uritest '"$c"'\b' "$BATS_TEST_TMPDIR/h" || { echo "$c: no example line"; false; }
    # an option's text runs to the next option line
    "$PY" - "$c" "$BATS_TEST_TMPDIR/h" <<'PY'
import re, sys
cmd, lines = sys.argv[1], open(sys.argv[2]).read().split("\n")
opt = re.compile(r"^  (-[a-zA-Z], )?--[a-z][a-z-]*")
bad, cur, text = [], None, ""
for line in lines + ["  --end"]:
    if opt.match(line) or not line.startswith("   "):
        if cur and cur not in ("--help", "--end") and not re.search(r"default|required|this text", text):
            bad.append(cur)
        m = opt.match(line)
        cur = m.group(0).split()[-1] if m else None
        text = line
    else:
        text += " " + line
if bad:
    sys.exit("%s: no default said for %s" % (cmd, ", ".join(bad)))
PY
  done
}

@test "every option a subcommand's --help lists is accepted" {
  for c in $(commands); do
    "$UT" "$c" --help > "$BATS_TEST_TMPDIR/h" 2>&1 || {
      [[ $c == bench && $(cat "$BATS_TEST_TMPDIR/h") == *"cannot run"*"uritest-bench"* ]] && continue
      echo "$c --help failed"; false; }
    while read -r opt arg more; do
      [ "$opt" = --help ] && continue
      # an option of several values acts at once (bench --worst-case
      # SHAPE MB OP): its synopsis names it
      if [ -n "$more" ]; then
        grep -q -- "^usage: .*$opt $arg $more\|^ .*$opt $arg $more" "$BATS_TEST_TMPDIR/h"
        continue
      fi
      args=("$opt")
      [[ $arg =~ ^[A-Z][A-Z/]*$ ]] && args+=("$(value "$arg")")
      run "$UT" "$c" "${args[@]}" --help
      [ "$status" -eq 0 ] || { echo "uritest $c ${args[*]} --help: exit $status: $output"; false; }
      [ "$output" = "$(cat "$BATS_TEST_TMPDIR/h")" ] || { echo "uritest $c ${args[*]}: not taken as an option"; false; }
    done < <(sed -nE 's/^  (-[a-zA-Z], )?(--[a-z][a-z-]*)(( [A-Z][A-Z/]*)*).*/\2\3/p' "$BATS_TEST_TMPDIR/h")
  done
}
