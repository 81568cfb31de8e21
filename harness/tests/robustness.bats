#!/usr/bin/env bats
# Process management: crashes, hangs, protocol errors, restarts, give-up,
# floods; each ends as a recorded class on that request only, and the run
# finishes in seconds.
load helper

# marker_run MARKER [fake options]: markers.json with MARKER in request 2
# (HELLO_TIMEOUT: the --hello-timeout, 3 s unless a test needs it short)
marker_run() {
  local m=$1; shift
  sed "s/MARKER/$m/" "$V/markers.json" > "$BATS_TEST_TMPDIR/m.json"
  SECONDS=0
  run --separate-stderr "$UT" run --vectors "$BATS_TEST_TMPDIR/m.json" --adapter-cmd "$FAKE $*" \
    ${BESIDE:+--adapter-cmd "$FAKE --name beside"} \
    --output "$(OUT)" --timeout 1 --hello-timeout "${HELLO_TIMEOUT:-3}" --format tap
  ELAPSED=$SECONDS
}
classes() { pylines "$(OUT)" "' '.join(x['class'] for x in r if x['record'] == 'result' and x['adapter'] != 'beside')"; }
restarts_ok() {
  [ "$status" -eq 1 ]
  [ "$(classes)" = "PASS $1 PASS PASS PASS" ]
  [ "$ELAPSED" -lt 10 ]
}

@test "crash on one input: CRASH there, the others answered by a restarted adapter" {
  marker_run CRASH
  restarts_ok CRASH
  [[ $output == *"not ok 2 - fake: m.02.marker # CRASH: adapter exited with status 3"* ]]
}

@test "hang on one input: TIMEOUT there (--timeout), the others answered" {
  marker_run HANG
  restarts_ok TIMEOUT
  [[ $output == *"no answer within 1s"* ]]
}

@test "a line that is not JSON: PROTOCOL_ERROR there, the others answered" {
  marker_run GARBAGE
  restarts_ok PROTOCOL_ERROR
  [[ $output == *"not a JSON object"* ]]
}

@test "an extra line before the answer: PROTOCOL_ERROR there, the others answered" {
  marker_run DEBUG
  restarts_ok PROTOCOL_ERROR
}

@test "an answer with the wrong id: PROTOCOL_ERROR there, the others answered" {
  marker_run WRONGID
  restarts_ok PROTOCOL_ERROR
  [[ $output == *"answer with id 1001, expected id 1"* ]]
}

@test "a 10 MB line: PROTOCOL_ERROR (line cap), the others answered" {
  marker_run FLOOD
  restarts_ok PROTOCOL_ERROR
  [[ $output == *"longer than"* ]]
}

@test "a flood of lines that are not JSON: PROTOCOL_ERROR, the others answered" {
  marker_run SPAM
  restarts_ok PROTOCOL_ERROR
}

@test "an endless line without LF: PROTOCOL_ERROR at the line cap, memory bounded, given up" {
  cat > "$BATS_TEST_TMPDIR/endless.sh" <<'SH'
#!/bin/sh
echo '{"adapter": "endless", "library": "x 1", "spec": "rfc3986", "ops": ["parse"]}'
read line
yes | tr -d '\n'
SH
  chmod +x "$BATS_TEST_TMPDIR/endless.sh"
  SECONDS=0
  run "$UT" run --vectors "$V/markers.json" --adapter-cmd "$BATS_TEST_TMPDIR/endless.sh" --output "$(OUT)" --timeout 5
  [ "$status" -eq 1 ]
  [ "$(classes)" = "PROTOCOL_ERROR PROTOCOL_ERROR PROTOCOL_ERROR PROTOCOL_ERROR PROTOCOL_ERROR" ]
  [ "$SECONDS" -lt 10 ]
}

@test "invalid UTF-8 in an answer: PROTOCOL_ERROR, the others answered" {
  marker_run BADUTF8
  restarts_ok PROTOCOL_ERROR
}

@test "exits after its hello line: CRASH three times, then given up with CRASH" {
  marker_run nothing --exit-after-hello
  [ "$status" -eq 1 ]
  [ "$(classes)" = "CRASH CRASH CRASH CRASH CRASH" ]
  [[ $output == *"given up after three failed starts: adapter exited with status 0 on a probe request too"* ]]
  [ "$ELAPSED" -lt 10 ]
}

@test "crashes on four inputs in a row: CRASH on each, the input after them still answered" {
  /usr/bin/python3 - "$V/markers.json" "$BATS_TEST_TMPDIR/c.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
t = d["groups"][0]["tests"]
crashes = [{"id": "c.%d" % k, "input": "http://a/CRASH%d" % k, "expect": "accept"} for k in range(2, 6)]
d["groups"][0]["tests"] = [t[0]] + crashes + [t[2]]
json.dump(d, open(sys.argv[2], "w"))
PY
  SECONDS=0
  run --separate-stderr "$UT" run --vectors "$BATS_TEST_TMPDIR/c.json" --adapter-cmd "$FAKE" \
    --output "$(OUT)" --timeout 1 --format tap
  [ "$status" -eq 1 ]
  [ "$(classes)" = "PASS CRASH CRASH CRASH CRASH PASS" ]
  [[ $output != *"given up"* ]]
  [ "$SECONDS" -lt 10 ]
}

@test "prints nothing at all: hello timeout three times; alone exit 2, beside another all TIMEOUT, in seconds" {
  HELLO_TIMEOUT=0.5 marker_run nothing --silent
  [ "$status" -eq 2 ]
  [[ $stderr == *"cannot start: no hello line within 0.5s"* ]]
  [[ $stderr == *"no adapter started: nothing was run"* ]]
  [ "$ELAPSED" -lt 10 ]
  BESIDE=1 HELLO_TIMEOUT=0.5 marker_run nothing --silent
  [ "$status" -eq 1 ]
  [ "$(classes)" = "TIMEOUT TIMEOUT TIMEOUT TIMEOUT TIMEOUT" ]
  [ "$ELAPSED" -lt 10 ]
}

@test "exits before its hello line: alone exit 2; beside another all CRASH at once" {
  marker_run nothing --die
  [ "$status" -eq 2 ]
  [[ $stderr == *"cannot start: adapter exited with status 1 before its hello line"* ]]
  BESIDE=1 marker_run nothing --die
  [ "$status" -eq 1 ]
  [ "$(classes)" = "CRASH CRASH CRASH CRASH CRASH" ]
  [[ $output == *"before its hello line"* ]]
}

@test "a command that does not exist: one short message and exit 2, no retry, no hang" {
  SECONDS=0
  run --separate-stderr "$UT" run --vectors "$V/markers.json" --adapter-cmd "/no/such/adapter" \
    --output "$(OUT)" --hello-timeout 0.5
  [ "$status" -eq 2 ]
  [ "$output" = "" ]
  # one line (no three starts), the shell's own words as the tail of the
  # adapter's standard error, which is not passed through
  [ "$(grep -c 'not found' <<< "$stderr")" -eq 1 ]
  [[ $stderr == *"adapter /no/such/adapter: cannot start: command not found (/bin/sh exit status 127) (stderr: sh: 1: /no/such/adapter: not found)"* ]]
  [ "$SECONDS" -lt 5 ]
  # not executable: 126
  printf 'echo hi\n' > "$BATS_TEST_TMPDIR/noexec"
  run --separate-stderr "$UT" run --vectors "$V/markers.json" --adapter-cmd "$BATS_TEST_TMPDIR/noexec" --output "$(OUT)"
  [ "$status" -eq 2 ]
  [[ $stderr == *"cannot start: command cannot be executed (/bin/sh exit status 126)"* ]]
  # beside an adapter that runs: its requests are recorded, CRASH
  run --separate-stderr "$UT" run --vectors "$V/markers.json" --adapter-cmd "/no/such/adapter" \
    --adapter-cmd "$FAKE --name beside" --output "$(OUT)"
  [ "$status" -eq 1 ]
  [ "$(classes)" = "CRASH CRASH CRASH CRASH CRASH" ]
}

@test "a slow hello within --hello-timeout is fine" {
  marker_run nothing --slow-hello 0.2
  [ "$status" -eq 0 ]
}

@test "the process group is killed on timeout: no stray children" {
  sed 's/MARKER/HANG/' "$V/markers.json" > "$BATS_TEST_TMPDIR/m.json"
  # through a shell, so the adapter is a grandchild of uritest
  run "$UT" run --vectors "$BATS_TEST_TMPDIR/m.json" \
    --adapter-cmd "sh -c '$FAKE --name pgtest-\$\$; true'" --output "$(OUT)" --timeout 0.3
  [ "$status" -eq 1 ]
  sleep 0.2
  ! pgrep -f "fake.py --name pgtest-" >/dev/null
}

@test "results are flushed as they arrive: an interrupted run keeps what it finished" {
  sed 's/MARKER/HANG/' "$V/markers.json" > "$BATS_TEST_TMPDIR/m.json"
  "$UT" run --vectors "$BATS_TEST_TMPDIR/m.json" --adapter-cmd "$FAKE" --output "$(OUT)" \
    --timeout 60 > /dev/null 2>&1 &
  pid=$!
  for i in $(seq 50); do
    grep -q m.01.before "$(OUT)" 2>/dev/null && break
    sleep 0.1
  done
  kill -INT $pid
  st=0; wait $pid || st=$?
  [ "$st" -eq 130 ]
  grep -q '"id": "m.01.before", .*"class": "PASS"' "$(OUT)"
  tail -n 1 "$(OUT)" | grep -q '"interrupted": true'
}

@test "pipelining: many requests through one adapter in one go" {
  "$PY" - "$BATS_TEST_TMPDIR/many.json" <<'PY'
import json, sys
tests = [{"id": "p.%05d" % i, "input": "http://h%d/p?%d" % (i, i), "expect": "accept",
          "components": {"host": "h%d" % i}} for i in range(3000)]
json.dump({"schema": "uritest-vectors/1", "version": "1.0.0", "spec": "rfc3986",
           "groups": [{"op": "parse", "tests": tests}]}, open(sys.argv[1], "w"))
PY
  SECONDS=0
  run --separate-stderr "$UT" run --vectors "$BATS_TEST_TMPDIR/many.json" --adapter-cmd "$FAKE" --output "$(OUT)"
  [ "$status" -eq 0 ]
  [ "${lines[-1]}" = "3000 passed, 0 failed" ]
  [ "$SECONDS" -lt 20 ]
}

@test "a crash's why ends with the adapter's standard error (a traceback) as one line, escaped in every output" {
  marker_run TRACEBACK
  restarts_ok CRASH
  # results file: JSON; the newlines and the ESC as spaces, the stray octet
  # as U+FFFD, the quote and the backslash as they were
  why=$(pylines "$(OUT)" "[x['why'] for x in r if x.get('class') == 'CRASH'][0].encode('unicode_escape').decode()")
  [ "$why" = 'adapter exited with status 3 (stderr: Traceback (most recent call last): File "lib.py", line 7, in parse raise ValueError("bad \\ [31m \x9b \ufffd") ValueError: bad input)' ]
  # TAP: the backslash, the C1 control and the stray octet as \xNN
  [[ $output == *'# CRASH: adapter exited with status 3 (stderr: Traceback (most recent call last): File "lib.py", line 7, in parse raise ValueError("bad \x5c [31m \u{009B} \xff") ValueError: bad input)'* ]]
  # not passed through to uritest's own standard error
  [[ $stderr != *ValueError* ]]
}

@test "a timeout's and a protocol error's why carry the adapter's standard error too" {
  marker_run STDERRHANG
  restarts_ok TIMEOUT
  [[ $output == *"# TIMEOUT: no answer within 1s (stderr: stuck in the library)"* ]]
  marker_run STDERRGARBAGE
  restarts_ok PROTOCOL_ERROR
  [[ $output == *"# PROTOCOL_ERROR: answer is not a JSON object ("*"): this is not json (stderr: bad state)"* ]]
}

@test "an adapter that writes 8 MiB on standard error is not blocked, and uritest's memory does not grow" {
  maxrss() { sed -n 's/.*maxrss \([0-9]*\) kB.*/\1/p' <<< "$stderr"; }
  URITEST_RUSAGE=1 marker_run nothing
  quiet=$(maxrss)
  URITEST_RUSAGE=1 marker_run NOISE
  [ "$status" -eq 0 ]
  [ "$(classes)" = "PASS PASS PASS PASS PASS" ]
  [ "$ELAPSED" -lt 10 ]
  # the peak beside the same run without the noise (ASan's own is larger)
  noisy=$(maxrss)
  [ -n "$quiet" ] && [ -n "$noisy" ] && [ $((noisy - quiet)) -lt 4096 ]
}

@test "the why keeps the end of a long standard error: its last 300 octets at most" {
  marker_run NOISECRASH
  restarts_ok CRASH
  why=$(pylines "$(OUT)" "[x['why'] for x in r if x.get('class') == 'CRASH'][0]")
  [[ $why == "adapter exited with status 3 (stderr: "*"nnn the end of the noise)" ]]
  tail=${why#*(stderr: }
  [ "${#tail}" -le 301 ]
}

@test "a registry command that cannot be executed: the exec error, once, exit 2, no restart" {
  fake_root
  printf '#!/no/such/interpreter\n' > "$BATS_TEST_TMPDIR/badinterp"
  chmod +x "$BATS_TEST_TMPDIR/badinterp"
  mkdir -p "$R/adapters/broken"
  printf '{"name": "broken", "spec": "rfc3986", "command": ["%s"]}\n' "$BATS_TEST_TMPDIR/badinterp" \
    > "$R/adapters/broken/adapter.json"
  SECONDS=0
  run --separate-stderr "$UT" run --vectors "$V/markers.json" --adapter broken --output "$(OUT)"
  [ "$status" -eq 2 ]
  [[ $stderr == *"adapter broken: cannot start: cannot run $BATS_TEST_TMPDIR/badinterp: No such file or directory"* ]]
  [ "$(grep -c 'cannot run' <<< "$stderr")" -eq 1 ]
  [ "$SECONDS" -lt 5 ]
}
