#!/usr/bin/env bats
# action.yml (issue 18 item 9): its shell steps run here, in order, as
# GitHub's runner runs a composite action (bash -e -o pipefail, inputs in
# ${{ inputs.X }}, GITHUB_ACTION_PATH, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY),
# with the fake adapter; and make deps ONLY=harness installs only the
# compiler and jansson.
load ../helper

# action INPUT=VALUE...: every step of action.yml, in the workspace $W.
action() {
  "$PY" - "$ROOT/action.yml" "$W/steps" "$@" <<'PY'
import os, re, sys, yaml
doc = yaml.safe_load(open(sys.argv[1]))
out = sys.argv[2]
given = dict(a.split("=", 1) for a in sys.argv[3:])
inputs = {}
for name, spec in doc["inputs"].items():
    if spec.get("required") and name not in given:
        sys.exit("input %s is required" % name)
    inputs[name] = given.get(name, spec.get("default", ""))
unknown = set(given) - set(inputs)
if unknown:
    sys.exit("not inputs of the action: %s" % ", ".join(sorted(unknown)))
def expand(s):
    def one(m):
        expr = m.group(1).strip()
        if expr.startswith("inputs."):
            return inputs[expr[7:]]
        sys.exit("expression the test does not know: " + expr)
    return re.sub(r"\$\{\{(.*?)\}\}", one, str(s))
assert doc["runs"]["using"] == "composite"
os.makedirs(out, exist_ok=True)
for i, step in enumerate(doc["runs"]["steps"]):
    assert step.get("shell") == "bash", step
    assert "${{" not in step["run"], "inputs go through env:, never into the script"
    with open("%s/%02d.sh" % (out, i), "w") as f:
        for k, v in (step.get("env") or {}).items():
            f.write("export %s=%s\n" % (k, "'" + expand(v).replace("'", "'\\''") + "'"))
        f.write(step["run"])
PY
  local s rc=0
  for s in "$W"/steps/*.sh; do
    (cd "$W" && GITHUB_ACTION_PATH=$ROOT bash --noprofile --norc -e -o pipefail "$s") || { rc=$?; break; }
  done
  return $rc
}

setup() {
  W=$BATS_TEST_TMPDIR/ws
  mkdir -p "$W"
  export GITHUB_OUTPUT=$BATS_TEST_TMPDIR/gh-output GITHUB_STEP_SUMMARY=$BATS_TEST_TMPDIR/gh-summary
  : > "$GITHUB_OUTPUT"; : > "$GITHUB_STEP_SUMMARY"
  unset URITEST_ROOT
}

@test "action: a clean run writes JUnit, the results and the job summary; outputs name them" {
  run action adapter-cmd="$FAKE" vectors="$V/basic.json"
  echo "$output"
  [ "$status" -eq 1 ] || [ "$status" -eq 0 ]
  [ -s "$W/uritest-results.jsonl" ]
  xmllint --noout "$W/uritest-results-report.xml"
  grep -q '^results=uritest-results.jsonl$' "$GITHUB_OUTPUT"
  grep -q '^report=uritest-results-report.xml$' "$GITHUB_OUTPUT"
  grep -q 'uritest' "$GITHUB_STEP_SUMMARY"
}

@test "action: with the baseline the adapter's discrepancies are known: exit 0; a regression fails the step" {
  "$UT" run --vectors "$V/classify.json" --adapter-cmd "$FAKE" --output /dev/null --write-baseline "$W/base.json" 2>/dev/null
  run action adapter-cmd="$FAKE" vectors="$V/classify.json" baseline="$W/base.json" format=tap
  [ "$status" -eq 0 ]
  grep -q '^ok ' "$W/uritest-results-report.tap"
  "$PY" -c "import json,sys; d=json.load(open(sys.argv[1])); d['entries']=d['entries'][1:]; json.dump(d, open(sys.argv[1],'w'))" "$W/base.json"
  : > "$GITHUB_STEP_SUMMARY"
  run action adapter-cmd="$FAKE" vectors="$V/classify.json" baseline="$W/base.json" format=tap
  [ "$status" -eq 1 ]
  # the job summary leads with the verdict against the baseline
  grep -q '^## Verdict: FAIL$' "$GITHUB_STEP_SUMMARY"
  grep -q '^### New discrepancies (1)$' "$GITHUB_STEP_SUMMARY"
}

@test "action: shard input runs that share; the shards' results merge into the full run" {
  for i in 1 2; do
    run action adapter-cmd="$FAKE" vectors="$V/classify.json" shard="$i/2" results="s$i.jsonl"
    [ "$status" -eq 1 ] || [ "$status" -eq 0 ]
  done
  "$UT" merge "$W/s1.jsonl" "$W/s2.jsonl" -o "$W/m.jsonl" 2>/dev/null
  [ "$(grep -c '"record": "result"' "$W/m.jsonl")" -eq 15 ]
  [ "$(grep -c '"record": "result"' "$W/s1.jsonl")" -lt 15 ]
}

@test "action: several vector paths, one per line; an adapter that does not exist is exit 2" {
  run action adapter-cmd="$FAKE" vectors="$V/basic.json
$V/classify.json" format=json
  [ "$(pyjson 'sorted({r["id"].split(".")[0] for r in d["results"]})' < "$W/uritest-results-report.json")" != "" ]
  [ "$(pyjson 'len({r["id"] for r in d["results"]})' < "$W/uritest-results-report.json")" -gt "$("$PY" -c "import json; print(sum(len(g['tests']) for g in json.load(open('$V/basic.json'))['groups']))")" ]
  run action adapter-cmd="$BATS_TEST_TMPDIR/no-such-adapter" vectors="$V/basic.json"
  [ "$status" -eq 2 ]
  run action adapter-cmd="$FAKE" format=html
  [ "$status" -eq 2 ]
  [[ $output == *'format must be junit, tap, json or text, not "html"'* ]]
}

@test "make deps ONLY=harness: only gcc make libc6-dev pkg-config libjansson-dev libidn2-dev, through SUDO, no npm" {
  f=$BATS_TEST_TMPDIR/fakebin
  mkdir -p "$f"
  # nothing installed, not root, sudo logs what it runs
  printf '#!/bin/sh\nexit 1\n' > "$f/dpkg-query"
  printf '#!/bin/sh\necho 1000\n' > "$f/id"
  printf '#!/bin/sh\necho "sudo $*" >> %s/log\n' "$BATS_TEST_TMPDIR" > "$f/sudo"
  printf '#!/bin/sh\necho "npm $*" >> %s/log\n' "$BATS_TEST_TMPDIR" > "$f/npm"
  chmod +x "$f"/*
  PATH=$f:$PATH run make -s --no-print-directory -C "$ROOT" deps ONLY=harness SUDO=sudo
  [ "$status" -eq 0 ]
  [[ $output == "deps: installing: gcc make libc6-dev pkg-config libjansson-dev libidn2-dev" ]]
  grep -qx "sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends gcc make libc6-dev pkg-config libjansson-dev libidn2-dev" "$BATS_TEST_TMPDIR/log"
  ! grep -q npm "$BATS_TEST_TMPDIR/log" || false
  # without SUDO, not root: the command to run is printed, nothing is run
  rm "$BATS_TEST_TMPDIR/log"
  PATH=$f:$PATH run make -s --no-print-directory -C "$ROOT" deps ONLY=harness
  [[ $output == *"apt-get install -y gcc make libc6-dev pkg-config libjansson-dev libidn2-dev"* ]]
  [ ! -e "$BATS_TEST_TMPDIR/log" ]
}

@test "README's CI guide: its workflows parse, use only the action's inputs, install no more than the harness needs" {
  "$PY" - "$ROOT/README.md" "$ROOT/action.yml" <<'PY'
import re, sys, yaml
readme = open(sys.argv[1]).read()
guide = readme[readme.index("### Regression-test a parser in CI"):]
inputs = yaml.safe_load(open(sys.argv[2]))["inputs"]
required = {k for k, v in inputs.items() if v.get("required")}
blocks = re.findall(r"```yaml\n(.*?)```", guide, re.S)
assert len(blocks) >= 2, "a job and a sharded job"
uses = 0
for b in blocks:
    doc = yaml.safe_load(b)
    jobs = doc.get("jobs", doc)
    for job in jobs.values():
        for step in job["steps"]:
            run = step.get("run", "")
            assert "sudo make" not in run or "ONLY=harness" in run, run
            if "deps" in run:
                assert "ONLY=harness" in run, run
            if str(step.get("uses", "")).startswith("OWNER/uritest@"):
                uses += 1
                given = set(step.get("with", {}))
                assert given <= set(inputs), given - set(inputs)
                assert required <= given, required - given
    if "matrix" in b:
        m = [j for j in jobs.values() if "strategy" in j][0]
        assert m["strategy"]["matrix"]["shard"] == [1, 2, 3, 4]
        assert any("uritest check --baseline" in s.get("run", "").replace("$ut", "uritest")
                   for j in jobs.values() for s in j["steps"])
assert uses >= 2
# no tag that does not exist is pinned
assert not re.search(r"OWNER/uritest@v[0-9]", "".join(blocks))
PY
}

@test "action: a run that fails early renders no earlier results file; nothing stale reaches the job summary" {
  # an earlier, passing run's results where this one writes
  "$UT" run --vectors "$V/basic.json" --adapter reference --output "$W/uritest-results.jsonl" 2>/dev/null
  for bad in "adapter-cmd=exit 3" "vectors=$W/nonexistent.json" "shard=9/4"; do
    : > "$GITHUB_STEP_SUMMARY"
    cp "$W/uritest-results.jsonl" "$W/keep.jsonl" 2>/dev/null || true
    run action adapter-cmd="$FAKE" "$bad"
    [ "$status" -eq 2 ]
    ! grep -q 'Verdict' "$GITHUB_STEP_SUMMARY"
    [ ! -s "$W/uritest-results.jsonl" ]
    cp "$W/keep.jsonl" "$W/uritest-results.jsonl" 2>/dev/null || true
  done
}

@test "action: a newline in results cannot add step outputs; a results path like an option is a path" {
  run action adapter-cmd="$FAKE" vectors="$V/basic.json" results="r.jsonl
report=/etc/passwd"
  [ "$status" -eq 2 ]
  [[ $output == *"results must be a path on one line"* ]]
  ! grep -q '/etc/passwd' "$GITHUB_OUTPUT" || false
  run action adapter-cmd="$FAKE" vectors="$V/basic.json" results="-r.jsonl"
  [ "$status" -le 1 ]
  [ -s "$W/-r.jsonl" ]
  grep -q 'uritest' "$GITHUB_STEP_SUMMARY"
}
