#!/usr/bin/env node
'use strict';
// node-url-parse-legacy: Node's legacy url.parse() and url.resolve() (the
// pre-WHATWG API, still widely called) through adapters/PROTOCOL.md.
// Mapping to the component model: README.md here (js-common/legacy-url.js).
const { serve } = require('../js-common/serve.js');
const { handlers } = require('../js-common/legacy-url.js');

serve({
  adapter: 'node-url-parse-legacy',
  library: `node ${process.versions.node} url.parse (legacy)`,
  spec: 'other',
}, handlers(require('url')));
