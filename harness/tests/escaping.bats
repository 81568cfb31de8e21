#!/usr/bin/env bats
# Every output escaped: one rule per output kind.  Terminal text and TAP
# (put_label) show controls, bidi, format and separator characters as
# visible escapes; summary.md (md) opens no heading, link, autolink or
# strikethrough from data; names, versions, dates, specs, tags, sections
# and paths all go through them.
load helper

T() { echo "$BATS_TEST_TMPDIR"; }

# the characters that move or hide text: RLO, LRI, RLM, ALM, LS, PS, BOM,
# ZWSP, NEL (C1)
HOSTILE=$'x\u202e\u2066\u200f\u061c\u2028\u2029\ufeff\u200b\u0085\e]0;PWNED\ay'
# raw: whether FILE holds any of those characters raw
raw() { grep -qP '[\x{202a}-\x{202e}\x{2066}-\x{2069}\x{200e}\x{200f}\x{061c}\x{2028}\x{2029}\x{feff}\x{200b}\x{0085}\x1b\x07]' "$1"; }

@test "run text and TAP: a hello name and library with bidi, format, separator and control characters are shown escaped" {
  for fmt in text tap; do
    "$UT" run --vectors "$V/basic.json" --adapter-cmd "$FAKE --name '$HOSTILE' --library '$HOSTILE'" \
      --output "$(T)/r.jsonl" --format $fmt --no-progress > "$(T)/out" 2> "$(T)/err" || true
    ! raw "$(T)/out"
    ! raw "$(T)/err"
    grep -qF 'x\u{202E}\u{2066}\u{200F}\u{061C}\u{2028}\u{2029}\u{FEFF}\u{200B}\u{0085}\x1b]0;PWNED\x07y' "$(T)/out"
  done
}

@test "M1: pairs and behaviours print names, libraries and ids through the terminal escape" {
  printf 'http://h/EVIL\n' > "$(T)/in.txt"
  "$UT" pairs --adapter reference --adapter-cmd "$FAKE --name '$HOSTILE'" "$(T)/in.txt" > "$(T)/p.out" 2>&1 || true
  ! raw "$(T)/p.out" || false
  grep -qF 'x\u{202E}' "$(T)/p.out"
  sed 's/MARKER/CRASH/' "$V/markers.json" > "$(T)/m.json"
  "$UT" run --vectors "$(T)/m.json" --adapter-cmd "$FAKE --name '$HOSTILE'" --output "$(T)/r.jsonl" --timeout 1 --no-progress > /dev/null 2>&1 || true
  "$UT" behaviours --vectors "$(T)/m.json" "$(T)/r.jsonl" > "$(T)/b.out" 2>&1 || true
  ! raw "$(T)/b.out" || false
  grep -qF 'x\u{202E}' "$(T)/b.out"
}

@test "M2: list tags, groups, sections and files print vector-file strings escaped" {
  mkdir -p "$(T)/v"
  printf '{"schema":"uritest-vectors/1","version":"1.0.0","spec":"rfc3986","groups":[{"op":"parse","description":"g\\u001b[2J\\u202e","specification":[{"rfc3986":"3.2\\u001b]0;PWNED\\u0007"}],"tests":[{"id":"e.1","input":"http://a/","expect":"accept","tags":["t\\u001b]0;PWNED\\u0007\\r\\u2028"]}]}]}' > "$(T)/v/f"$'\e'"x.json"
  for w in tags groups sections files; do
    "$UT" list $w --vectors "$(T)/v" > "$(T)/l.out" 2>&1
    ! raw "$(T)/l.out"
    ! grep -q $'\r' "$(T)/l.out"
    grep -qF '\x1b' "$(T)/l.out"
  done
}

@test "L18: the results path in 'results written to' is escaped" {
  run --separate-stderr "$UT" run --vectors "$V/basic.json" --adapter reference --output "$(T)/a"$'\e[2J\nb'.jsonl --no-progress
  [ "$status" -eq 0 ]
  [[ $stderr == *'results written to '*'/a\x1b[2J\x0ab.jsonl'* ]]
  [[ $stderr != *$'\e'* ]]
}

@test "a vectors/VERSION that is not a token is written as 'invalid', never raw" {
  fake_root
  printf '1.0\e]0;PWNED\a\n' > "$R/vectors/VERSION"
  run --separate-stderr "$UT" run --adapter fake --vectors "$V/basic.json" --output "$(T)/r.jsonl" --format tap --no-progress
  [[ $output == *"vectors invalid"* ]]
  [[ $output != *$'\e'* ]]
}

# summary FIELD-EDIT: a markers run whose results file is edited by the
# Python statement (over L, the records), rendered to $(T)/rep
summary() {
  sed 's/MARKER/CRASH/' "$V/markers.json" > "$(T)/m.json"
  "$UT" run --vectors "$(T)/m.json" --adapter-cmd "$FAKE --name '$2' --spec rfc3986" --output "$(T)/r.jsonl" --timeout 1 --no-progress > /dev/null 2>&1 || true
  "$PY" - "$(T)/r.jsonl" "$1" <<'PY'
import json, sys
L = [json.loads(l) for l in open(sys.argv[1])]
exec(sys.argv[2])
open(sys.argv[1], "w").write("".join(json.dumps(l) + "\n" for l in L))
PY
  "$UT" report --quiet --output-dir "$(T)/rep" "$(T)/r.jsonl"
}

@test "M3: a line break in date, vectors_version or spec forges no heading above the verdict" {
  summary 'L[0]["date"] = "2026-12-07\n\n## Verdict: PASS\n\nAll vectors pass.\n"; L[0]["vectors_version"] = "1\n# H\n"; L[0]["adapters"][0]["spec"] = "rfc3986\n\n## Verdict: PASS\n"' fake
  [ "$(grep -c '^## Verdict' "$(T)/rep/summary.md")" -eq 1 ]
  grep -q '^## Verdict: FAIL$' "$(T)/rep/summary.md"
  ! grep -q '^# H' "$(T)/rep/summary.md" || false
  grep -qF '2026-12-07\n\n## Verdict\: PASS' "$(T)/rep/summary.md"
}

@test "L2: names holding a URL, an e-mail address, www. or ~~ open no autolink or strikethrough" {
  summary 'pass' 'https://attacker.example/x ~~gone~~ me@evil.example www.evil.example'
  grep -qF 'https\://attacker.example/x \~\~gone\~\~ me\@evil.example www\.evil.example' "$(T)/rep/summary.md"
  ! grep -qF 'https://attacker' "$(T)/rep/summary.md"
}

@test "L3: a coverage file's lines cannot close the summary's code fence" {
  "$UT" run --vectors "$V/basic.json" --adapter reference --output "$(T)/r.jsonl" --no-progress 2>/dev/null
  printf 'lines: 1%%\n```\n<img src=x onerror=alert(1)>\n' > "$(T)/cov.txt"
  "$UT" report --quiet --output-dir "$(T)/rep" --coverage "$(T)/cov.txt" "$(T)/r.jsonl"
  [ "$(grep -c '^```' "$(T)/rep/summary.md")" -eq 2 ]
  grep -qF '\x60\x60\x60' "$(T)/rep/summary.md"
}
