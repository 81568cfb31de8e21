# each.bash: the checks every adapter gets.  Their rows are generated, one
# per check and adapter, from the registry (adapters/tests/registry.py rows,
# into $(BUILD)/gen/adapters/tests/each.bats; make test-adapters): a new
# adapter's folder gives it its rows, and no test lists adapters.  An
# adapter that cannot run here is skipped with its check's reason; in the
# sanitizer pass (BUILD=build/asan) so is one with no C code, of which
# nothing is built with the sanitizers.

# need_here NAME: skip unless NAME runs here and this pass has something
# to check of it.
need_here() {
  main_build || [ "$(registry get "$1" in_process)" = true ] ||
    skip "$1 has no C code: checked on the main build only"
  need "$1"
}

# protocol CHECK NAME: adapters/tests/protocol.py CHECK on adapter NAME.
protocol() {
  need_here "$2"
  local hello_timeout
  hello_timeout=$(registry get "$2" hello_timeout)
  # 20 s for a hello unless the adapter asks for more: a loaded machine
  # must not turn a slow start into a failure
  [ -n "$hello_timeout" ] || hello_timeout=20
  # shellcheck disable=SC2046 # the command is words
  run timeout 600 /usr/bin/python3 adapters/tests/protocol.py "$1" "$2" "$hello_timeout" $(adapter_cmd "$2")
  echo "$output"
  [ "$status" -eq 0 ]
}
proto_session() { protocol session "$1"; }
proto_pipelined() { protocol pipelined "$1"; }

# registry_folder_ok FOLDER: adapters/FOLDER/adapter.json is one entry or a
# non-empty array whose first names the folder and whose others are
# FOLDER-something (glib, glib-relaxed).
registry_folder_ok() {
  main_build || skip "reads adapter.json alone: checked on the main build only"
  run /usr/bin/python3 -c '
import json, sys
d = json.load(open(sys.argv[1], encoding="utf-8"))
ds = d if isinstance(d, list) else [d]
assert ds, "an empty array"
assert all(isinstance(e, dict) for e in ds), "an entry that is not an object"
assert ds[0].get("name") == sys.argv[2], "the first entry is named %r" % ds[0].get("name")
for e in ds:
    n = e.get("name")
    assert isinstance(n, str) and (n == sys.argv[2] or n.startswith(sys.argv[2] + "-")), n
' "adapters/$1/adapter.json" "$1"
  echo "$output"
  [ "$status" -eq 0 ]
}

# registry_ok NAME: its entry has the fields PROTOCOL.md section 8 gives
# them, a heavy one says which make deps brings it, and its folder holds a
# baseline (baseline*.json) that names it (tests/baselines.sh runs them).
registry_ok() {
  main_build || skip "reads adapter.json alone: checked on the main build only"
  run /usr/bin/python3 - "$1" <<'PY'
import glob, json, os, sys
sys.path.insert(0, "adapters/tests")
from registry import entries
name = sys.argv[1]
found = [(f, e) for f, e in entries() if e["name"] == name]
assert len(found) == 1, "%d entries named %s" % (len(found), name)
folder, e = found[0]
assert e.get("spec") in ("rfc3986", "whatwg", "rfc2396", "other"), e.get("spec")
c = e.get("command")
assert isinstance(c, list) and c and all(isinstance(w, str) and w for w in c), c
for k in ("check", "install"):
    assert isinstance(e.get(k), str) and e[k], "%s: %r" % (k, e.get(k))
assert isinstance(e.get("in_process", False), bool), e.get("in_process")
assert isinstance(e.get("packages", []), list), e.get("packages")
assert e.get("weight", "light") in ("light", "heavy"), e.get("weight")
if e.get("weight") == "heavy":
    assert "make deps ADAPTERS=" + name in e["install"], "a heavy adapter's install: %r" % e["install"]
for k in ("timeout", "hello_timeout"):
    assert k not in e or (isinstance(e[k], (int, float)) and e[k] > 0), "%s: %r" % (k, e[k])
names = []
for b in sorted(glob.glob(os.path.join("adapters", folder, "baseline*.json"))):
    names.append(json.load(open(b, encoding="utf-8")).get("adapter"))
assert name in names, "no adapters/%s/baseline*.json names %s (they name %s)" % (folder, name, names)
PY
  echo "$output"
  [ "$status" -eq 0 ]
}
