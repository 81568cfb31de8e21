#!/usr/bin/env node
'use strict';
// wpt-direct.js: run WHATWG urltestdata.json straight through Node's
// built-in URL and the whatwg-url package (no protocol, no harness), the
// way wpt's url-constructor.any.js and url-origin.any.js do: a "failure"
// entry passes when the constructor throws; any other passes when every
// getter given (href, protocol, username, password, host, hostname, port,
// pathname, search, hash, origin, and searchParams when given) is equal.
// The counts through the adapters (uritest run) must be the same.
//
// FILE is WPT's urltestdata.json or its uritest import (a vector file with
// "spec": "whatwg", e.g. vectors/v1/external/wpt-urltestdata.json).
//
// usage: node adapters/tests/wpt-direct.js [FILE] [--failures]
//        node adapters/tests/wpt-direct.js FILE --pass-ids NAME
//   --pass-ids prints the ids (vector files) or indexes (urltestdata) of the
//   cases that pass on NAME (whatwg-node or whatwg-url), one per line.
const fs = require('fs');
const path = require('path');

const args = process.argv.slice(2);
const showFailures = args.includes('--failures');
const passIdsOf = args.includes('--pass-ids') ? args[args.indexOf('--pass-ids') + 1] : null;
const file = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--pass-ids') ||
  path.join(__dirname, '../../../shared/peers/wpt-url/urltestdata.json');
const data = JSON.parse(fs.readFileSync(file, 'utf8'));
const tests = Array.isArray(data)
  ? data.filter((t) => typeof t === 'object').map((t, i) => Object.assign({ id: String(i) }, t))
  : data.groups.flatMap((g) => g.tests).map((t) => Object.assign(
    { id: t.id, input: t.input, base: t.base === undefined ? null : t.base, failure: t.expect === 'reject' },
    t.whatwg || {}));

const impls = [['whatwg-node', URL, `node ${process.versions.node}`]];
try {
  const wu = require(path.join(__dirname, '../whatwg-url/node_modules/whatwg-url'));
  const v = JSON.parse(fs.readFileSync(path.join(__dirname, '../whatwg-url/node_modules/whatwg-url/package.json'), 'utf8')).version;
  impls.push(['whatwg-url', wu.URL, `whatwg-url ${v}`]);
} catch (e) {
  console.log(`whatwg-url: not installed (make deps): ${e.message}`);
}

const FIELDS = ['href', 'protocol', 'username', 'password', 'host', 'hostname',
  'port', 'pathname', 'search', 'hash', 'origin'];

function check(URLClass, t) {
  let url;
  try {
    url = t.base === null ? new URLClass(t.input) : new URLClass(t.input, t.base);
  } catch (e) {
    return t.failure ? null : `threw ${e.name}`;
  }
  if (t.failure) return `accepted: ${url.href}`;
  const bad = [];
  for (const f of FIELDS) {
    if (f in t && url[f] !== t[f]) bad.push(`${f}: got ${JSON.stringify(url[f])} want ${JSON.stringify(t[f])}`);
  }
  if ('searchParams' in t && url.searchParams.toString() !== t.searchParams) bad.push('searchParams');
  return bad.length ? bad.join('; ') : null;
}

let status = 0;
if (passIdsOf) {
  const impl = impls.find(([name]) => name === passIdsOf);
  if (!impl) { console.error(`${passIdsOf}: not available`); process.exit(2); }
  for (const t of tests) if (check(impl[1], t) === null) console.log(t.id);
  process.exit(0);
}
for (const [name, URLClass, lib] of impls) {
  let pass = 0;
  const fails = [];
  for (const t of tests) {
    const why = check(URLClass, t);
    if (why === null) pass++;
    else fails.push({ input: t.input, base: t.base, why });
  }
  console.log(`${name} (${lib}): ${pass} of ${tests.length} pass`);
  if (showFailures) {
    for (const f of fails) console.log(`  ${JSON.stringify(f.input)} base ${JSON.stringify(f.base)}: ${f.why}`);
  }
  if (fails.length) status = 1;
}
process.exit(status);
