#!/usr/bin/env bats
# The review's low defects that have a behaviour to test: duplicate keys in
# answers, adapter commands that start with '-', merges of two library
# versions, the report page's nonce, explain of an input that starts with
# '-', registry entries, an adapter that closes its output.
load helper

T() { echo "$BATS_TEST_TMPDIR"; }

# adapter FILE ANSWER: an adapter whose every answer is ANSWER with the
# request's id put in for @ID@
adapter() {
  cat > "$1" <<PY
#!/usr/bin/python3
import json, sys
print(json.dumps({"adapter": "dupl", "library": "d 1", "spec": "rfc3986", "ops": ["parse"]}), flush=True)
for line in sys.stdin:
    r = json.loads(line)
    print('$2'.replace("@ID@", str(r["id"])), flush=True)
PY
  chmod +x "$1"
}

@test "L11: an answer with a key twice is a PROTOCOL_ERROR, never the last one's word" {
  adapter "$(T)/a.py" '{"id": @ID@, "valid": false, "valid": true}'
  run --separate-stderr "$UT" run --vectors "$V/basic.json" --adapter-cmd "$(T)/a.py" \
    --output "$(T)/r.jsonl" --no-progress --timeout 5
  [ "$status" -ne 0 ]
  [ "$(grep -c '"class": "PASS"' "$(T)/r.jsonl")" -eq 0 ]
  grep -q 'duplicate object key' "$(T)/r.jsonl"
}

@test "L14: an --adapter-cmd that starts with '-' is a command, not options of /bin/sh" {
  printf 'http://a/\n' > "$(T)/in.txt"
  run --separate-stderr "$UT" diff --adapter-cmd '-h' "$(T)/in.txt"
  [ "$status" -eq 2 ]
  [[ $stderr == *"-h: not found"* ]]
  [[ $stderr != *"Illegal option"* ]]
}

@test "L9: merge refuses one adapter's results from two library versions, unless --force" {
  "$UT" run --vectors "$V/basic.json" --adapter-cmd "$FAKE" --shard 1/2 --output "$(T)/a.jsonl" 2>/dev/null || true
  "$UT" run --vectors "$V/basic.json" --adapter-cmd "$FAKE --version 9" --shard 2/2 --output "$(T)/b.jsonl" 2>/dev/null || true
  run --separate-stderr "$UT" merge "$(T)/a.jsonl" "$(T)/b.jsonl" -o "$(T)/m.jsonl"
  [ "$status" -eq 2 ]
  [[ $stderr == *"results of adapter fake from two libraries: fakelib 1.2.3, and fakelib 9 in $(T)/b.jsonl"* ]]
  [ ! -e "$(T)/m.jsonl" ]
  run --separate-stderr "$UT" merge --force "$(T)/a.jsonl" "$(T)/b.jsonl" -o "$(T)/m.jsonl"
  [ "$status" -eq 0 ]
}

@test "L5: the report page's CSP nonce is 16 random octets, another each time" {
  "$UT" run --vectors "$V/basic.json" --adapter reference --output "$(T)/r.jsonl" --no-progress 2>/dev/null
  for i in 1 2; do
    "$UT" report --quiet --output-dir "$(T)/rep$i" "$(T)/r.jsonl"
    grep -o "nonce-u[0-9a-f]*'" "$(T)/rep$i/index.html" | head -n 1 > "$(T)/n$i"
    grep -Eq "^nonce-u[0-9a-f]{32}'\$" "$(T)/n$i"
  done
  ! cmp -s "$(T)/n1" "$(T)/n2" || false
}

@test "L24: explain takes an input that starts with '-' after --" {
  for input in -x -; do
    run --separate-stderr "$UT" explain --adapter reference -- "$input"
    [ "$status" -eq 0 ]
    [[ ${lines[0]} == "input: \"$input\"" ]]
  done
}

@test "L23: fuzz --out with a candidate file that is not a vector file is refused before the campaign" {
  mkdir "$(T)/out"
  echo 'not json' > "$(T)/out/fake.json"
  SECONDS=0
  run --separate-stderr "$UT" fuzz --adapter-cmd "$FAKE" --seconds 30 --vectors "$V/basic.json" --out "$(T)/out"
  [ "$status" -eq 2 ]
  [ "$SECONDS" -lt 20 ]
  [[ $stderr == *"--out: $(T)/out/fake.json: not a vector file"* ]]
  [ "$(cat "$(T)/out/fake.json")" = 'not json' ]
}

@test "L15: registry entries: two of one name, and timeouts that are not seconds up to an hour, are said and not used" {
  fake_root
  for bad in '"timeout": 1e308' '"hello_timeout": -5' '"timeout": "2"'; do
    mkdir -p "$R/adapters/t"
    printf '{"name": "tt", "command": ["%s"], %s}\n' "$FAKE" "$bad" > "$R/adapters/t/adapter.json"
    run --separate-stderr "$UT" run --vectors "$V/basic.json" --adapter tt --output /dev/null
    [ "$status" -eq 2 ]
    [[ $stderr == *"t/adapter.json: \""*"timeout\" must be seconds, more than 0 and at most 3600"* ]]
  done
  rm -r "$R/adapters/t"
  mkdir -p "$R/adapters/d1" "$R/adapters/d2"
  for d in d1 d2; do
    printf '{"name": "dup", "command": ["%s"]}\n' "$FAKE" > "$R/adapters/$d/adapter.json"
  done
  run --separate-stderr "$UT" run --vectors "$V/basic.json" --adapter dup --output /dev/null
  [ "$status" -eq 2 ]
  [[ $stderr == *"two adapter entries named dup; neither is used"* ]]
  [[ $stderr == *'unknown adapter "dup"'* ]]
}

@test "L7: check refuses a results file whose summary counts a result it no longer holds" {
  sed 's/MARKER/CRASH/' "$V/markers.json" > "$(T)/m.json"
  "$UT" run --vectors "$(T)/m.json" --adapter-cmd "$FAKE" --output "$(T)/r.jsonl" --timeout 1 \
    --write-baseline "$(T)/bl.json" --force --no-progress > /dev/null 2>&1 || true
  "$PY" -c 'import json,sys; d=json.load(open(sys.argv[1])); d["entries"]=[]; json.dump(d, open(sys.argv[1],"w"))' "$(T)/bl.json"
  run --separate-stderr "$UT" check --baseline "$(T)/bl.json" "$(T)/r.jsonl"
  [ "$status" -eq 1 ] # the CRASH: new
  grep -v '"class": "CRASH"' "$(T)/r.jsonl" > "$(T)/d.jsonl"
  run --separate-stderr "$UT" check --baseline "$(T)/bl.json" "$(T)/d.jsonl"
  [ "$status" -eq 2 ]
  [[ $stderr == *"the summary counts 1 CRASH results of fake; the file holds 0"* ]]
  run --separate-stderr "$UT" merge "$(T)/d.jsonl" -o "$(T)/m.jsonl"
  [ "$status" -eq 2 ]
}

@test "L6: behaviours, check and report refuse alike a result without adapter, id or known class" {
  sed 's/MARKER/CRASH/' "$V/markers.json" > "$(T)/m.json"
  "$UT" run --vectors "$(T)/m.json" --adapter-cmd "$FAKE" --output "$(T)/r.jsonl" --timeout 1 \
    --write-baseline "$(T)/bl.json" --force --no-progress > /dev/null 2>&1 || true
  for edit in 'o["adapter"] = 5' 'o["adapter"] = ""' 'o["id"] = ""' 'o["id"] = {}' 'o["class"] = 3'; do
    "$PY" - "$(T)/r.jsonl" "$(T)/b.jsonl" "$edit" <<'PY'
import json, sys
out = []
for line in open(sys.argv[1]):
    o = json.loads(line)
    if o.get("class") == "CRASH":
        exec(sys.argv[3])
    out.append(json.dumps(o) + "\n")
open(sys.argv[2], "w").write("".join(out))
PY
    for cmd in "behaviours --vectors $(T)/m.json" "check --baseline $(T)/bl.json" "report --quiet --output-dir $(T)/rep"; do
      run --separate-stderr "$UT" $cmd "$(T)/b.jsonl"
      echo "$edit / $cmd: $status"
      [ "$status" -eq 2 ]
      [[ $stderr == *"b.jsonl:"*": a result needs \"adapter\", \"id\" and a known \"class\""* ]]
    done
  done
}

@test "L22: the loader refuses a test member the schema does not know, and a version that is not semver" {
  printf '{"schema":"uritest-vectors/1","version":"1.0.0","spec":"rfc3986","groups":[{"op":"parse","tests":[{"id":"e.1","input":"http://a/","expect":"accept","componets":{"host":"b"}}]}]}' > "$(T)/m.json"
  run --separate-stderr "$UT" list files --vectors "$(T)/m.json"
  [ "$status" -eq 2 ]
  [[ $stderr == *"componets"*"is not a member of a test (misspelt?)"* ]]
  # extensions, and the schema's free members, stay welcome
  printf '{"schema":"uritest-vectors/1","version":"1.0.0-rc.1+b2","spec":"rfc3986","groups":[{"op":"parse","tests":[{"id":"e.1","input":"http://a/","expect":"accept","x-note":1,"comment":"c","title":"t","source":"s","hazard":"h","description":"d"}]}]}' > "$(T)/ok.json"
  run --separate-stderr "$UT" list files --vectors "$(T)/ok.json"
  [ "$status" -eq 0 ]
  for v in '' v1.0.0 1.0.0.0 ' 1.0.0' 01.0.0 1.0; do
    printf '{"schema":"uritest-vectors/1","version":"%s","spec":"rfc3986","groups":[]}' "$v" > "$(T)/v.json"
    run --separate-stderr "$UT" list files --vectors "$(T)/v.json"
    [ "$status" -eq 2 ]
    [[ $stderr == *"version"*"must be a semantic version"* ]]
  done
}
