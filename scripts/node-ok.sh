#!/usr/bin/env bash
# scripts/node-ok.sh: exit 0 when `node` is at least 20.19, else say why.
v=$(node -p 'process.versions.node' 2>/dev/null) || { echo "node not found (Node >= 20.19 needed)"; exit 1; }
IFS=. read -r major minor _ <<< "$v"
if [ "$major" -gt 20 ] || { [ "$major" -eq 20 ] && [ "$minor" -ge 19 ]; }; then echo "node $v"; exit 0; fi
echo "node $v is older than 20.19"; exit 1
