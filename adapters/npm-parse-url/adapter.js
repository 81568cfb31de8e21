#!/usr/bin/env node
'use strict';
// npm-parse-url: the parse-url npm package (parseUrl(url), WHATWG URL
// underneath, plus git's scp-like "user@host:path" form) through
// adapters/PROTOCOL.md; mapping in README.md here.
const { serve, hostType, pkgVersion } = require('../js-common/serve.js');
const lib = require('./node_modules/parse-url/');

const parseUrl = lib.default || lib;
const orNull = (s) => (s === '' || s === undefined ? null : s);

// Every field is a string, "" both for absent and empty: "" reads null.
function components(u) {
  const host = orNull(u.resource);
  const o = { scheme: orNull(u.protocol), host, host_type: hostType(host) };
  const user = orNull(u.user);
  o.userinfo = user === null ? null : (u.password === '' ? user : `${user}:${u.password}`);
  o.port = orNull(u.port);
  o.path = u.pathname;
  o.query = orNull(u.search);
  o.fragment = orNull(u.hash);
  return o;
}

serve({
  adapter: 'npm-parse-url',
  library: `parse-url ${pkgVersion(__dirname, 'parse-url')} (node ${process.versions.node})`,
  spec: 'other',
}, {
  parse(req, f) {
    return { valid: true, components: components(parseUrl(f.input)) };
  },
});
