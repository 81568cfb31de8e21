#!/usr/bin/env node
'use strict';
// uri-js: the npm package uri-js (parse, resolve, normalize, equal) through
// adapters/PROTOCOL.md; mapping in ../js-common/urijs-like.js, README.md here.
// Published versions run as uri-js@VERSION (adapter.json "versions").
const { serve, loadLibrary, adapterName } = require('../js-common/serve.js');
const { handlers } = require('../js-common/urijs-like.js');

const loaded = loadLibrary(__dirname, 'uri-js');

serve({
  adapter: adapterName('uri-js', loaded),
  library: `uri-js ${loaded.version} (node ${process.versions.node})`,
  spec: 'rfc3986',
}, handlers(loaded.lib));
