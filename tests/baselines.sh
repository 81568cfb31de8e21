#!/usr/bin/env bash
# tests/baselines.sh: every vector file through every available adapter,
# each checked against its committed baseline (adapters/*/baseline*.json):
# a new discrepancy, or a baseline entry that now passes, fails the adapter;
# so does an adapter whose adapters/NAME/behaviours.json predicts under 95%
# of its baseline entries (uritest behaviours), unless it is listed in
# adapters/BEHAVIOURS-TODO (then it fails once it reaches 95%), one with an
# imprecise behaviour (predicting under 95% of the results it holds on:
# uritest behaviours exits 1), and one on
# whose results CRASH, TIMEOUT and PROTOCOL_ERROR reach 0.5% of the requests of
# any vector file (tests/failure-rate.awk).
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
    failing=$(jq -r 'select(.record == "result" and .class != "UNSUPPORTED") | [.file, .class] | @tsv' \
                "$tmp/$name.jsonl" | awk -F '\t' -f tests/failure-rate.awk | sort | tr '\n' ' ')
    if [ -n "$failing" ]; then
      rc=1
      echo "not ok $i - $name: CRASH, TIMEOUT and PROTOCOL_ERROR reach 0.5% of the requests on: $failing"
      continue
    fi
    beh=$(ls adapters/*/behaviours-"$name".json 2>/dev/null | head -n 1)
    [ -n "$beh" ] || beh=$(dirname "$f")/behaviours.json
    todo=$(awk -v n="$name" '$1 == n {print $2}' adapters/BEHAVIOURS-TODO)
    counts=$("$U" behaviours --adapter "$name" --format json "$tmp/$name.jsonl" 2>"$tmp/$name.err" |
             jq -r --arg n "$name" '.adapters[$n] | "\(.non_pass) \(.unexplained) \([.behaviours[] | select(.imprecise or .example_predicted == false) | .id] | join(","))"')
    read -r np un imprecise <<<"${counts:-0 0}"
    pct=$(awk -v np="$np" -v un="$un" 'BEGIN {printf "%.1f", np ? 100 * (np - un) / np : 100}')
    ok95=$(awk -v np="$np" -v un="$un" 'BEGIN {print (un <= 0.05 * np) ? 1 : 0}')
    if [ -n "$imprecise" ]; then
      rc=1
      echo "not ok $i - $name: imprecise behaviours (predicting under 95% of the results they hold on, or not their example's): $imprecise"
      continue
    fi
    if { [ -z "$beh" ] || [ ! -f "$beh" ]; } && [ "${np:-0}" = 0 ]; then
      echo "ok $i - $name matches $f, which has no entries"
    elif { [ -z "$beh" ] || [ ! -f "$beh" ]; } && [ -n "$todo" ]; then
      echo "ok $i - $name matches $f; no behaviours.json yet (adapters/BEHAVIOURS-TODO)"
    elif [ -z "$beh" ] || [ ! -f "$beh" ]; then
      rc=1
      echo "not ok $i - $name matches $f, but has no behaviours.json to attribute its entries to"
    elif [ -n "$todo" ] && [ "$ok95" = 1 ]; then
      rc=1
      echo "not ok $i - $name: $beh predicts $pct% now: take it off adapters/BEHAVIOURS-TODO"
    elif [ -n "$todo" ]; then
      echo "ok $i - $name matches $f; $beh predicts $pct% of its entries (adapters/BEHAVIOURS-TODO)"
    elif [ "$ok95" = 1 ]; then
      echo "ok $i - $name matches $f, $pct% of its entries predicted by a behaviour"
    else
      rc=1
      echo "not ok $i - $name: $un of $np baseline entries no behaviour of $beh predicts ($pct%, under 95%)"
      "$U" behaviours --adapter "$name" "$tmp/$name.jsonl" 2>&1 | grep -E 'unexplained' | head -10 | sed 's/^/# /'
    fi
  else
    rc=1
    echo "not ok $i - $name differs from $f"
    grep -vE '^ok|^  [A-Z_]+ +[0-9]+$' "$tmp/$name.out" | head -40 | sed 's/^/# /'
  fi
done
exit $rc
