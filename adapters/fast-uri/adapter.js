#!/usr/bin/env node
'use strict';
// fast-uri: the npm package fast-uri (parse, resolve, normalize, equal) through
// adapters/PROTOCOL.md; mapping in ../js-common/urijs-like.js, README.md here.
const { serve, pkgVersion } = require('../js-common/serve.js');
const { handlers } = require('../js-common/urijs-like.js');

serve({
  adapter: 'fast-uri',
  library: `fast-uri ${pkgVersion(__dirname, 'fast-uri')} (node ${process.versions.node})`,
  spec: 'rfc3986',
}, handlers(require('fast-uri')));
