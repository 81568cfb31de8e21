#!/usr/bin/env node
// adapters/bench/ada.js CORPUS [ROUNDS]: ns per URI of Node's URL.canParse
// (Node 18.17+ parses URLs with ada, a WHATWG URL parser) over a corpus,
// one URL per line, for reports/BENCH.md beside `uritest bench`.  Each
// round times one pass over the whole corpus by the CPU time of the thread
// that parses (the main thread: the first field of Linux's
// /proc/thread-self/schedstat, nanoseconds on the CPU), as `uritest bench`
// times its thread (CLOCK_THREAD_CPUTIME_ID): Node's helper threads (GC,
// compiler) do not count.  Prints the median, min and max over the rounds,
// and how many URLs ada accepted.  A WHATWG parser answers
// another question than RFC 3986 (it accepts and repairs more): the figure
// is a speed reference, not a comparison of verdicts.
'use strict';
const fs = require('fs');
const path = process.argv[2];
const rounds = Number(process.argv[3] || 11);
if (!path || !(rounds >= 1)) {
  process.stderr.write('usage: ada.js CORPUS [ROUNDS]\n');
  process.exit(2);
}
const lines = fs.readFileSync(path, 'latin1').split('\n');
if (lines.length && lines[lines.length - 1] === '') lines.pop();
const SCHEDSTAT = '/proc/thread-self/schedstat';
const cpu = () => Number(fs.readFileSync(SCHEDSTAT, 'ascii').split(' ')[0]); // ns
try {
  cpu();
} catch (e) {
  process.stderr.write('ada.js: no thread CPU clock (' + SCHEDSTAT + ': ' + e.message + ')\n');
  process.exit(2);
}
let accepted = 0;
for (const l of lines) accepted += URL.canParse(l) ? 1 : 0; // warm-up
const ns = [];
for (let r = 0; r < rounds; r++) {
  let acc = 0;
  const t0 = cpu();
  for (let i = 0; i < lines.length; i++) acc += URL.canParse(lines[i]) ? 1 : 0;
  ns.push((cpu() - t0) / lines.length);
  accepted = acc;
}
ns.sort((a, b) => a - b);
const med = rounds % 2 ? ns[(rounds - 1) / 2] : (ns[rounds / 2 - 1] + ns[rounds / 2]) / 2;
console.log(JSON.stringify({
  corpus: path, uris: lines.length, adapter: 'ada (node ' + process.version + ' URL.canParse)',
  ns_per_uri: +med.toFixed(2), min_ns: +ns[0].toFixed(2), max_ns: +ns[ns.length - 1].toFixed(2),
  accepted, rounds,
}));
