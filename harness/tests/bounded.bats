#!/usr/bin/env bats
# Bounded time and memory under hostile adapters and findings: fuzz
# --seconds S ends within S and a fixed grace (minimization included), keeps
# what it found on SIGINT and SIGTERM, keeps readings and findings capped;
# triage takes findings of a capped size and lists each on one short line.
load helper

T() { echo "$BATS_TEST_TMPDIR"; }

# hostile FILE [HANG]: an adapter that answers every input with a 7 MB
# path (a discrepancy, unexplained); with HANG "%", it never answers an
# input with "%" (such an adapter may be given up, which ends a campaign)
hostile() {
  cat > "$1" <<PY
#!/usr/bin/python3
import json, sys, time
print(json.dumps({"adapter": "hostile", "library": "h 1", "spec": "rfc3986", "ops": ["parse"]}), flush=True)
big = "/" + "a" * (7 << 20)
for line in sys.stdin:
    r = json.loads(line)
    if "${2:-}" and "${2:-}" in r.get("input", ""):
        time.sleep(600)
    print(json.dumps({"id": r["id"], "valid": True, "components": {"path": big}}), flush=True)
PY
  chmod +x "$1"
}

@test "fuzz --seconds 6 against an adapter that hangs and floods: ends within a minute, under 1 GB, findings written small" {
  hostile "$(T)/h.py" %
  SECONDS=0
  run --separate-stderr /usr/bin/time -f '%M' -o "$(T)/rss" "$UT" fuzz --adapter-cmd "$(T)/h.py" --seconds 6 \
    --vectors "$V/basic.json" --out "$(T)/out" --format json
  echo "took $SECONDS s, $(cat "$(T)/rss") KB"
  [ "$status" -eq 1 ]
  [ "$SECONDS" -lt 30 ]
  [ "$(tail -n 1 "$(T)/rss")" -lt 1000000 ]
  # the findings are there, each reading at most 16 KiB
  [ "$(pyjson 'len(d["findings"])' <<< "$output")" -gt 0 ]
  [ -s "$(T)/out/hostile.json" ]
  [ "$(du -sk "$(T)/out" | cut -f1)" -lt 4096 ]
}

@test "fuzz: SIGINT and SIGTERM in a campaign still write what it found (unminimized)" {
  # an adapter that reads every path as a 64 KiB one, a little slowly: it
  # is never given up, so the campaign runs its 120 s
  cat > "$(T)/h.py" <<'PY'
#!/usr/bin/python3
import json, sys, time
print(json.dumps({"adapter": "hostile", "library": "h 1", "spec": "rfc3986", "ops": ["parse"]}), flush=True)
for line in sys.stdin:
    r = json.loads(line)
    time.sleep(0.002)
    print(json.dumps({"id": r["id"], "valid": True, "components": {"path": "/" + "a" * 65536}}), flush=True)
PY
  chmod +x "$(T)/h.py"
  for sig in INT TERM; do
    rm -rf "$(T)/out"
    "$UT" fuzz --adapter-cmd "$(T)/h.py" --seconds 120 --timeout 0.3 --vectors "$V/basic.json" \
      --out "$(T)/out" --format json > "$(T)/j" 2> "$(T)/err" &
    pid=$!
    sleep 4
    kill -$sig "$pid"
    rc=0; wait "$pid" || rc=$?
    [ "$rc" -eq $((128 + $(kill -l $sig))) ]
    [ "$(pyjson 'len(d["findings"])' < "$(T)/j")" -gt 0 ]
    ls "$(T)/out"/*.finding > /dev/null
    [ -s "$(T)/out/hostile.json" ]
  done
}

@test "triage: a finding larger than the cap is refused at once; a long one is listed on one short line" {
  mkdir -p "$(T)/big" "$(T)/long"
  "$PY" -c 'import json,sys; open(sys.argv[1],"w").write("FUZZ-FINDING "+json.dumps({"target":"diff_curl","adapter":"curl","op":"parse","kind":"component","component":"host","input":"http://h/"+"a"*5000000}))' "$(T)/big/a.finding"
  run --separate-stderr /usr/bin/time -f '%M' -o "$(T)/rss" "$UT" triage --no-baselines --dry-run "$(T)/big"
  [ "$status" -eq 2 ]
  [[ $stderr == *"a.finding: not a finding (larger than 262144 octets)"* ]]
  [ "$(tail -n 1 "$(T)/rss")" -lt 100000 ]
  "$PY" -c 'import json,sys; open(sys.argv[1],"w").write("FUZZ-FINDING "+json.dumps({"target":"diff_curl","adapter":"curl","op":"parse","kind":"component","component":"host","input":"http://h/"+"a"*50000}))' "$(T)/long/a.finding"
  run --separate-stderr "$UT" triage --no-baselines --dry-run "$(T)/long"
  [ "$status" -eq 1 ]
  [ "${#lines[@]}" -eq 2 ]
  [ "${#lines[1]}" -lt 400 ]
  [[ ${lines[1]} == *"...(50011 characters)"* ]]
}

@test "L10: a *.finding FIFO given to triage is refused, not waited on" {
  mkdir -p "$(T)/f"
  mkfifo "$(T)/f/a.finding"
  run --separate-stderr timeout 10 "$UT" triage --no-baselines --dry-run "$(T)/f"
  [ "$status" -eq 2 ]
  [[ $stderr == *"not a finding (not a regular file)"* ]]
}
