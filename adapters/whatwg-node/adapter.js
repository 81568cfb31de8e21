#!/usr/bin/env node
'use strict';
// whatwg-node: Node's built-in WHATWG URL (ada since Node 18.17) through
// adapters/PROTOCOL.md.
const { serve } = require('../common/whatwg-serve.js');

const v = process.versions;
serve(URL, {
  adapter: 'whatwg-node',
  library: `node ${v.node}` + (v.ada ? ` (ada ${v.ada})` : ''),
  spec: 'whatwg',
});
