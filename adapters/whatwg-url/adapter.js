#!/usr/bin/env node
'use strict';
// whatwg-url: the npm whatwg-url package (the URL Standard's reference
// implementation, jsdom's URL) through adapters/PROTOCOL.md.  Pinned by
// package-lock.json; installed by `make deps` (npm ci); published versions
// as whatwg-url@VERSION (adapter.json "versions").
const { serve } = require('../common/whatwg-serve.js');
const { loadLibrary, adapterName } = require('../js-common/serve.js');

const loaded = loadLibrary(__dirname, 'whatwg-url');

serve(loaded.lib.URL, {
  adapter: adapterName('whatwg-url', loaded),
  library: `whatwg-url ${loaded.version} (node ${process.versions.node})`,
  spec: 'whatwg',
});
