#!/usr/bin/env node
'use strict';
// uri-js: the npm package uri-js (parse, resolve, normalize, equal) through
// adapters/PROTOCOL.md; mapping in ../js-common/urijs-like.js, README.md here.
const { serve, pkgVersion } = require('../js-common/serve.js');
const { handlers } = require('../js-common/urijs-like.js');

serve({
  adapter: 'uri-js',
  library: `uri-js ${pkgVersion(__dirname, 'uri-js')} (node ${process.versions.node})`,
  spec: 'rfc3986',
}, handlers(require('uri-js')));
