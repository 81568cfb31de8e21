#!/usr/bin/env bash
# adapters/tests/update-pass-figures.sh [NAME...]: run every vector file through
# each adapter, rewrite its baseline file and its "Pass figures per vector file"
# section of its folder's README.md, where it stands (at the end the first time).  The baseline file is the one
# under adapters/ whose "adapter" is NAME (a folder may hold two: glib's
# baseline.json and baseline-relaxed.json), else adapters/NAME/baseline.json;
# a second adapter of a folder has its own section ("... file: NAME").  From
# the repository root, after `make`.
set -eu
names=${*:-"reference appendix-b uriparser curl whatwg-node whatwg-url"}
mkdir -p build/adapter-runs
vv=$(cat vectors/VERSION 2>/dev/null || echo "?")
# baseline_of NAME: the committed baseline file of adapter NAME (triage's
# baseline_files(), which maps every adapters/*/baseline*.json to its adapter)
baseline_of() {
  /usr/bin/python3 -c '
import os, sys
from fuzz.triage.baselines import baseline_files
name = sys.argv[1]
p = baseline_files().get(name)
print(os.path.relpath(p) if p else "adapters/%s/baseline.json" % name)' "$1"
}
for a in $names; do
  res=build/adapter-runs/$a.jsonl
  bl=$(baseline_of "$a")
  folder=$(dirname "$bl")
  build/bin/uritest run --adapter "$a" --format text --output "$res" \
    --write-baseline "$bl" > "build/adapter-runs/$a.txt" || true
  # a baseline that differs from the committed one only in its date stays as it was
  if git show "HEAD:$bl" > "build/adapter-runs/$a.head.json" 2>/dev/null &&
     /usr/bin/python3 -c '
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:])
a.pop("date", None); b.pop("date", None)
sys.exit(0 if a == b else 1)' "build/adapter-runs/$a.head.json" "$bl"; then
    cp "build/adapter-runs/$a.head.json" "$bl"
  fi
  lib=$(/usr/bin/python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["library"])' "$bl")
  table=$(/usr/bin/python3 adapters/tests/pass-table.py "$res" "$a")
  /usr/bin/python3 - "$folder/README.md" "$lib" "$vv" "$a" "$table" "$bl" <<'PY'
import os, re, sys
path, lib, vv, name, table, bl = sys.argv[1:]
text = open(path, encoding="utf-8").read()
head = "## Pass figures per vector file"
if os.path.basename(os.path.dirname(path)) != name:
    head += ": " + name
section = (head + "\n\n" + "%s, vectors %s, from `build/bin/uritest run --adapter %s` "
           "(every result not PASS or UNSUPPORTED is in `%s`; regenerate with "
           "`adapters/tests/update-pass-figures.sh %s`):\n\n%s\n"
           % (lib, vv, name, os.path.basename(bl), name, table))
# this adapter's section runs to the next "## " heading or the end, and is
# replaced where it stands (a folder's two sections keep their order)
m = re.search("^" + re.escape(head) + "$", text, re.M)
if m:
    nxt = re.search("^## ", text[m.end():], re.M)
    if nxt:
        text = text[:m.start()] + section + "\n" + text[m.end() + nxt.start():]
    else:
        text = text[:m.start()] + section
else:
    text = text.rstrip() + "\n\n" + section
open(path, "w", encoding="utf-8").write(text)
PY
  echo "$a: $(tail -n 1 "build/adapter-runs/$a.txt")"
done
