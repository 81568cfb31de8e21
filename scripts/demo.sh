#!/usr/bin/env bash
# scripts/demo.sh: what `make demo` shows.  With the harness built: every
# vector file against every available adapter, then the reports.  The
# oracle's explanation of a few edge cases comes first.
set -u
B=${BUILD:-build}
echo "== the oracle reads a few edge cases (rfc3986 explain)"
for u in 'http://[::ffff:1.2.3.4]:8080/a/./b?q#f' 'ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm' './this:that'; do
  echo "-- $u"
  "$B/bin/rfc3986" explain "$u"
done
echo "-- an invalid one: http://1.1.1.1 &@2.2.2.2# @3.3.3.3/"
"$B/bin/rfc3986" explain 'http://1.1.1.1 &@2.2.2.2# @3.3.3.3/'
if [ -x "$B/bin/uritest" ]; then
  echo "== every vector against every available adapter"
  "$B/bin/uritest" adapters
  "$B/bin/uritest" run --format text --output reports/out/results.jsonl
  "$B/bin/uritest" report reports/out/results.jsonl &&
    echo "reports written: reports/out/index.html, reports/out/summary.md"
fi
exit 0
