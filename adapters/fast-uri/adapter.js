#!/usr/bin/env node
'use strict';
// fast-uri: the npm package fast-uri (parse, resolve, normalize, equal) through
// adapters/PROTOCOL.md; mapping in ../js-common/urijs-like.js, README.md here.
// Published versions run as fast-uri@VERSION (adapter.json "versions").
const { serve, loadLibrary, adapterName } = require('../js-common/serve.js');
const { handlers } = require('../js-common/urijs-like.js');

const loaded = loadLibrary(__dirname, 'fast-uri');

serve({
  adapter: adapterName('fast-uri', loaded),
  library: `fast-uri ${loaded.version} (node ${process.versions.node})`,
  spec: 'rfc3986',
}, handlers(loaded.lib));
