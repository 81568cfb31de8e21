#!/usr/bin/env node
'use strict';
// TEMPLATE: a uritest adapter in JavaScript (adapters/PROTOCOL.md), on the
// loop every Node adapter shares (../js-common/serve.js: requests decoded,
// answers in order, an exception an answer).  Copy adapters/TEMPLATE/node/
// to adapters/NAME/, write NAME for TEMPLATE in its files, and replace
// parse() with a call to your library: it runs as it is, with Node's
// built-in URL as the placeholder.
const { serve } = require('../js-common/serve.js');

// The component model for INPUT, or null when the library rejects it.
// Give only what the library says for certain: a component left out is
// not compared.
function parse(input) {
  let u;
  try {
    u = new URL(input); // the placeholder library: replace it
  } catch (e) {
    return null;
  }
  const c = { scheme: u.protocol.slice(0, -1), path: u.pathname };
  if (u.search) c.query = u.search.slice(1);
  if (u.hash) c.fragment = u.hash.slice(1);
  return c;
}

serve({
  adapter: 'TEMPLATE',
  library: `node ${process.versions.node} URL`, // the library and its version
  spec: 'other', // 'rfc3986' when the library claims it, 'whatwg', 'rfc2396'
}, {
  parse(req, f) {
    const c = parse(f.input);
    return c === null ? { valid: false } : { valid: true, components: c };
  },
});
