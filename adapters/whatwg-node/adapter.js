#!/usr/bin/env node
'use strict';
// whatwg-node: Node's built-in WHATWG URL (ada since Node 18.17) through
// adapters/PROTOCOL.md.
const { serve } = require('../common/whatwg-serve.js');

// fetch: Node's global fetch (undici) as an application calls it, redirects
// not followed.  It refuses before connecting with "Failed to parse URL"
// (the URL parser) or an error without a code ("unknown scheme", "bad
// port"); a failed connection's cause carries a code (ECONNRESET, ...).
function fetchOp(req, f) {
  return fetch(f.input, { redirect: 'manual' }).then(
    (res) => res.arrayBuffer().then(() => ({ valid: true }), () => ({ valid: true })),
    (e) => {
      const code = e.cause && e.cause.code;
      return !code || code === 'ERR_INVALID_URL'
        ? { valid: false, error: `${e.message}: ${e.cause ? e.cause.message : ''}` }
        : { valid: true };
    });
}

const v = process.versions;
serve(URL, {
  adapter: 'whatwg-node',
  library: `node ${v.node}` + (v.ada ? ` (ada ${v.ada})` : ''),
  spec: 'whatwg',
}, { fetch: fetchOp });
