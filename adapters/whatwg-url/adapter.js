#!/usr/bin/env node
'use strict';
// whatwg-url: the npm whatwg-url package (the URL Standard's reference
// implementation, jsdom's URL) through adapters/PROTOCOL.md.  Pinned by
// package-lock.json; installed by `make deps` (npm ci).
const fs = require('fs');
const path = require('path');
const { serve } = require('../common/whatwg-serve.js');
const { URL: WhatwgURL } = require('whatwg-url');

const pkgFile = path.join(path.dirname(require.resolve('whatwg-url')), 'package.json');
let version = '?';
try {
  version = JSON.parse(fs.readFileSync(pkgFile, 'utf8')).version;
} catch (e) { /* left as ? */ }

serve(WhatwgURL, {
  adapter: 'whatwg-url',
  library: `whatwg-url ${version} (node ${process.versions.node})`,
  spec: 'whatwg',
});
