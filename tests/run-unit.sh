#!/usr/bin/env bash
# tests/run-unit.sh BIN...: run unit test binaries, each ending with a
# "N passed, N failed" line, and print their total the same way.
set -u
p=0; f=0; rc=0
for bin in "$@"; do
  out=$("$bin" 2>&1); st=$?
  printf '%s\n' "$out" | grep -v ' passed, ' | sed "s|^|$(basename "$bin"): |"
  line=$(printf '%s\n' "$out" | grep -E '^[0-9]+ passed, [0-9]+ failed' | tail -n 1)
  bp=$(printf '%s' "$line" | sed -nE 's/^([0-9]+) passed.*/\1/p'); bf=$(printf '%s' "$line" | sed -nE 's/.* ([0-9]+) failed.*/\1/p')
  bp=${bp:-0}; bf=${bf:-0}
  if [ "$st" -ne 0 ] && [ "$bf" -eq 0 ]; then bf=1; echo "$(basename "$bin"): exited with status $st"; fi
  [ "$st" -ne 0 ] && rc=1
  echo "$(basename "$bin"): $bp passed, $bf failed"
  p=$((p + bp)); f=$((f + bf))
done
echo "$p passed, $f failed"
exit $rc
