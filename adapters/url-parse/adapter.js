#!/usr/bin/env node
'use strict';
// url-parse: the npm package url-parse (new Url(input, {})) through
// adapters/PROTOCOL.md.  Mapping to the component model: README.md here.
const { serve, hostType, loadLibrary, adapterName } = require('../js-common/serve.js');

// published versions run as url-parse@VERSION (adapter.json "versions")
const loaded = loadLibrary(__dirname, 'url-parse');
const Url = loaded.lib;

function components(u) {
  const o = {};
  o.scheme = u.protocol === '' ? null : u.protocol.slice(0, -1);
  if (!u.slashes) {
    o.authority = null; o.userinfo = null; o.host = null; o.host_type = null; o.port = null;
  } else {
    o.host = u.hostname;
    o.host_type = hostType(o.host);
    // "" is both no userinfo and an empty one, no port, an empty one and
    // the scheme's default port (dropped): left out then
    if (u.auth !== '') o.userinfo = u.auth;
    if (u.port !== '') o.port = u.port;
    // authority left out: no raw authority is kept
  }
  o.path = u.pathname;
  // query and hash keep their "?" and "#": "" is absent, "?" empty
  o.query = u.query === '' ? null : u.query.slice(1);
  o.fragment = u.hash === '' ? null : u.hash.slice(1);
  return o;
}

serve({
  adapter: adapterName('url-parse', loaded),
  library: `url-parse ${loaded.version} (node ${process.versions.node})`,
  spec: 'other',
}, {
  parse(req, f) {
    // an empty location object: no base is read from a global location
    return { valid: true, components: components(new Url(f.input, {}, false)) };
  },
  resolve(req, f) {
    return { valid: true, target: new Url(f.input, f.base, false).href };
  },
});
