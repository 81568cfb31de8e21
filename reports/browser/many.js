#!/usr/bin/env node
// reports/browser/many.js N OUT: a results file with N vectors on three
// fake adapters (each vector a failure on two of them), for make
// test-browser to page through the Failures view.  Prints nothing.
'use strict';
const fs = require('fs');

const [n, out] = [Number(process.argv[2]), process.argv[3]];
if (!n || !out) {
  console.error('usage: many.js N OUT');
  process.exit(2);
}
const adapters = ['fake-a', 'fake-b', 'fake-c'];
const lines = [JSON.stringify({
  record: 'run', uritest: '0.1.0', command: 'run', vectors_version: '1.0.0', date: '2026-01-01T00:00:00Z',
  adapters: adapters.map((a) => ({ name: a, library: a + ' 1.0', spec: 'rfc3986' })),
})];
for (let i = 0; i < n; i++) {
  const input = 'http://h' + i + '.example/p';
  adapters.forEach((a, k) => {
    const base = {
      record: 'result', adapter: a, library: a + ' 1.0', id: 'many.' + String(i).padStart(5, '0'),
      vectors_version: '1.0.0', file: 'many.json', file_version: '1.0.0', spec: 'rfc3986', op: 'parse',
      not_compared: 0,
    };
    if (k === 0) {
      lines.push(JSON.stringify(Object.assign(base, { class: 'PASS', components: [], mismatches: [], security_relevant: false })));
      return;
    }
    lines.push(JSON.stringify(Object.assign(base, {
      class: 'COMPONENT_MISMATCH', components: ['host'], mismatches: [{ component: 'host', kind: 'semantic' }],
      security_relevant: k === 2, baseline: i % 2 === 0,
      expected: { expect: 'accept', input: input, components: { host: 'h' + i + '.example' } },
      got: { valid: true, components: { host: 'H' + i } },
    })));
  });
}
fs.writeFileSync(out, lines.join('\n') + '\n');
