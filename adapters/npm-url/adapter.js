#!/usr/bin/env node
'use strict';
// npm-url: the url npm package (the port of Node's legacy url module that
// bundlers give browser code for require('url')): parse() and resolve()
// through adapters/PROTOCOL.md, mapped as node-url-parse-legacy's
// (js-common/legacy-url.js); README.md here.
const { serve, pkgVersion } = require('../js-common/serve.js');
const { handlers } = require('../js-common/legacy-url.js');

serve({
  adapter: 'npm-url',
  library: `url ${pkgVersion(__dirname, 'url')} (npm, node ${process.versions.node})`,
  spec: 'other',
}, handlers(require('./node_modules/url/')));
