#!/usr/bin/env bash
# tests/baselines.sh: every vector file through every available adapter,
# each checked against its committed baseline (adapters/*/baseline*.json):
# a new discrepancy, or a baseline entry that now passes, fails the adapter;
# so does a baseline entry that no behaviour of adapters/NAME/behaviours.json
# explains (uritest behaviours: its "unexplained" count must be 0).
# An adapter not available on this machine is skipped, with why.  TAP out.
set -u
B=${BUILD:-build}
U="$B/bin/uritest"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
"$U" adapters --json > "$tmp/adapters.json" || { echo "not ok 1 - uritest adapters failed"; exit 1; }
files=$(find adapters -name 'baseline*.json' -not -path '*/node_modules/*' | sort)
n=$(printf '%s\n' "$files" | grep -c .)
echo "1..$n"
i=0; rc=0
for f in $files; do
  i=$((i + 1))
  name=$(jq -r '.adapter' "$f")
  avail=$(jq -r --arg n "$name" '.adapters[] | select(.name == $n) | .available' "$tmp/adapters.json")
  if [ "$avail" != "true" ]; then
    why=$(jq -r --arg n "$name" '.adapters[] | select(.name == $n) | .why // "not registered"' "$tmp/adapters.json" | tail -n 1)
    echo "ok $i - $name # skip not available: ${why:-not registered}"
    continue
  fi
  if "$U" run --adapter "$name" --baseline "$f" --format text --no-progress \
       --output "$tmp/$name.jsonl" > "$tmp/$name.out" 2>&1; then
    beh=$(dirname "$f")/behaviours.json
    if [ ! -f "$beh" ]; then
      echo "ok $i - $name matches $f # no behaviours.json to attribute its entries to"
    elif unexplained=$("$U" behaviours --adapter "$name" --format json "$tmp/$name.jsonl" 2>"$tmp/$name.err" |
                       jq -r --arg n "$name" '.adapters[$n].unexplained') && [ "$unexplained" = 0 ]; then
      echo "ok $i - $name matches $f, every entry attributed to a behaviour"
    else
      rc=1
      echo "not ok $i - $name: ${unexplained:-?} baseline entries no behaviour of $beh explains"
      "$U" behaviours --adapter "$name" "$tmp/$name.jsonl" 2>&1 | grep -E 'unexplained|behaviour' | head -10 | sed 's/^/# /'
    fi
  else
    rc=1
    echo "not ok $i - $name differs from $f"
    grep -vE '^ok|^  [A-Z_]+ +[0-9]+$' "$tmp/$name.out" | head -40 | sed 's/^/# /'
  fi
done
exit $rc
