#!/usr/bin/env bash
# harness/bench-fetch.sh: the throughput of `uritest fetch` (make bench-fetch).
#   1. each fetcher alone, N fetches back to back in its own process
#      (N distinct names, so every fetch asks the lab's resolver): fetches
#      per second from its first request to its last answer;
#   2. the security, advisory and fuzz-class vectors through every fetcher
#      at once: the wall time of the whole run.
# Prints a table and writes the figures as JSON to $OUT
# (default reports/out/bench-fetch.json).  Needs root (the lab); says so
# and exits 0 without it.
set -u
UT=${UT:-build/bin/uritest}
N=${N:-500}
OUT=${OUT:-reports/out/bench-fetch.json}
if [ "$(id -u)" -ne 0 ]; then
  echo "bench-fetch: skipped: uritest fetch needs root (unshare -n -m)"
  exit 0
fi
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for i in $(seq "$N"); do echo "http://h$i.example/p"; done > "$tmp/names.txt"
"$UT" fetch --format json "$tmp/names.txt" > "$tmp/alone.json" 2> "$tmp/alone.err" || true
start=$(date +%s.%N)
"$UT" fetch --format json --vectors vectors/v1/security/advisories.json \
  --vectors vectors/v1/regressions/fuzz-classes.json \
  --vectors vectors/v1/rfc3986/security.json > "$tmp/sec.json" 2> "$tmp/sec.err" || true
end=$(date +%s.%N)
mkdir -p "$(dirname "$OUT")"
/usr/bin/python3 - "$tmp/alone.json" "$tmp/sec.json" "$start" "$end" "$OUT" <<'PY'
import json, os, sys
alone, sec = (json.load(open(p)) for p in sys.argv[1:3])
wall = float(sys.argv[4]) - float(sys.argv[3])
rows = [{k: f[k] for k in ("adapter", "library", "fetches", "seconds", "per_second")}
        for f in alone["fetchers"]]
doc = {"fetchers": rows, "vectors": {"fetches": len(sec["results"]),
       "fetchers": len(sec["fetchers"]), "seconds": round(wall, 2),
       "failed": sum(1 for r in sec["results"] if r["class"] in ("CRASH", "TIMEOUT", "PROTOCOL_ERROR"))},
       "cpus": os.cpu_count()}
json.dump(doc, open(sys.argv[5], "w"), indent=1)
print("%-18s %8s %9s" % ("fetcher", "fetches", "per s"))
for r in rows:
    print("%-18s %8d %9.0f%s" % (r["adapter"], r["fetches"], r["per_second"],
                                 "" if r["per_second"] >= 100 else "  (< 100/s)"))
v = doc["vectors"]
print("security, advisory and fuzz-class vectors: %d fetches by %d fetchers in %.1f s (%d CRASH/TIMEOUT/PROTOCOL_ERROR) on %d CPUs"
      % (v["fetches"], v["fetchers"], v["seconds"], v["failed"], doc["cpus"]))
PY
