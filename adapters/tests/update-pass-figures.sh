#!/usr/bin/env bash
# adapters/tests/update-pass-figures.sh [NAME...]: run every vector file through
# each adapter and rewrite its baseline file; its pass figures per vector file
# go to build/adapter-runs/NAME.figures.md (the committed figures are
# reports/MATRIX.md's, made by `make report-snapshot`).  The baseline file is the one
# under adapters/ whose "adapter" is NAME (a folder may hold two: glib's
# baseline.json and baseline-relaxed.json), else adapters/NAME/baseline.json.
# From the repository root, after `make`.
set -eu
names=${*:-"reference appendix-b uriparser curl whatwg-node whatwg-url"}
mkdir -p build/adapter-runs
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
  /usr/bin/python3 adapters/tests/pass-table.py "$res" "$a" > "build/adapter-runs/$a.figures.md"
  echo "$a: $(tail -n 1 "build/adapter-runs/$a.txt")"
done
