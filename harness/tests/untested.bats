#!/usr/bin/env bats
# Nothing tested is not a pass: an adapter that answers no request (every
# one UNSUPPORTED, or no op at all) is exit 2 with a message, in run, check
# and --write-baseline.
load helper

T() { echo "$BATS_TEST_TMPDIR"; }

# declining OPS: an adapter whose hello has OPS (a JSON list) and that
# answers "unsupported" to every request
declining() {
  cat > "$(T)/decline.py" <<EOF2
#!/usr/bin/python3
import json, sys
print(json.dumps({"adapter": "mylib", "library": "mylib 1", "spec": "rfc3986", "ops": $1}), flush=True)
for line in sys.stdin:
    print(json.dumps({"id": json.loads(line)["id"], "unsupported": "not today"}), flush=True)
EOF2
  chmod +x "$(T)/decline.py"
}

@test "an adapter that answers every request 'unsupported' is exit 2: run, junit, check, --write-baseline" {
  declining '["parse", "resolve", "normalize"]'
  run --separate-stderr "$UT" run --vectors "$V/basic.json" --adapter-cmd "$(T)/decline.py" --output "$(T)/r.jsonl" --no-progress
  [ "$status" -eq 2 ]
  [[ $stderr == *"run: adapter mylib answered none of its"*"nothing was tested"* ]]
  run --separate-stderr "$UT" run --vectors "$V/basic.json" --adapter-cmd "$(T)/decline.py" --output /dev/null --format junit --no-progress
  [ "$status" -eq 2 ]
  run --separate-stderr "$UT" run --vectors "$V/basic.json" --adapter-cmd "$(T)/decline.py" --output /dev/null \
    --write-baseline "$(T)/b.json" --no-progress
  [ "$status" -eq 2 ]
  [[ $stderr == *"--write-baseline: adapter mylib answered none"* ]]
  [ ! -e "$(T)/b.json" ]
  echo '{"adapter": "mylib", "library": "mylib 1", "vectors_version": "1.2.0", "entries": []}' > "$(T)/empty.json"
  run --separate-stderr "$UT" check --baseline "$(T)/empty.json" "$(T)/r.jsonl"
  [ "$status" -eq 2 ]
  [[ $stderr == *"check: adapter mylib answered none"* ]]
}

@test "an adapter with no op in its hello is exit 2; beside an adapter that answers, too" {
  declining '[]'
  run --separate-stderr "$UT" run --vectors "$V/basic.json" --adapter-cmd "$(T)/decline.py" --output /dev/null --no-progress
  [ "$status" -eq 2 ]
  [[ $stderr == *"nothing was tested"* ]]
  run --separate-stderr "$UT" run --vectors "$V/basic.json" --adapter-cmd "$(T)/decline.py" --adapter-cmd "$FAKE" --output /dev/null --no-progress
  [ "$status" -eq 2 ]
  [[ $stderr == *"adapter mylib answered none"* ]]
}

@test "some requests unsupported, some answered: a pass as before" {
  printf '{"schema":"uritest-vectors/1","version":"1.0.0","spec":"rfc3986","groups":[{"op":"parse","tests":[{"id":"u.1","input":"http://h/UNSUP","expect":"accept"},{"id":"u.2","input":"http://h/","expect":"accept"}]}]}' > "$(T)/v.json"
  run "$UT" run --vectors "$(T)/v.json" --adapter-cmd "$FAKE" --output /dev/null --no-progress
  [ "$status" -eq 0 ]
}
