#!/usr/bin/env bash
# adapters/tests/update-pass-figures.sh [NAME...]: run every vector file through
# each adapter, rewrite its baseline.json and the "Pass figures per vector file"
# section at the end of its README.md.  From the repository root, after `make`.
set -eu
names=${*:-"reference appendix-b uriparser curl whatwg-node whatwg-url"}
mkdir -p build/adapter-runs
vv=$(cat vectors/VERSION 2>/dev/null || echo "?")
for a in $names; do
  res=build/adapter-runs/$a.jsonl
  build/bin/uritest run --adapter "$a" --format text --output "$res" \
    --write-baseline "adapters/$a/baseline.json" > "build/adapter-runs/$a.txt" || true
  # a baseline that differs from the committed one only in its date stays as it was
  if git show "HEAD:adapters/$a/baseline.json" > build/adapter-runs/$a.head.json 2>/dev/null &&
     /usr/bin/python3 -c '
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:])
a.pop("date", None); b.pop("date", None)
sys.exit(0 if a == b else 1)' build/adapter-runs/$a.head.json "adapters/$a/baseline.json"; then
    cp build/adapter-runs/$a.head.json "adapters/$a/baseline.json"
  fi
  lib=$(/usr/bin/python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["library"])' "adapters/$a/baseline.json")
  table=$(/usr/bin/python3 adapters/tests/pass-table.py "$res" "$a")
  /usr/bin/python3 - "adapters/$a/README.md" "$lib" "$vv" "$a" "$table" <<'PY'
import sys
path, lib, vv, name, table = sys.argv[1:]
text = open(path, encoding="utf-8").read()
head = "## Pass figures per vector file"
text = text[:text.index(head)] if head in text else text.rstrip() + "\n\n"
text += (head + "\n\n" + "%s, vectors %s, from `build/bin/uritest run --adapter %s` "
         "(every result not PASS or UNSUPPORTED is in `baseline.json`; regenerate with "
         "`adapters/tests/update-pass-figures.sh %s`):\n\n%s\n" % (lib, vv, name, name, table))
open(path, "w", encoding="utf-8").write(text)
PY
  echo "$a: $(tail -n 1 build/adapter-runs/$a.txt)"
done
