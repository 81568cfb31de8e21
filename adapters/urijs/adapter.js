#!/usr/bin/env node
'use strict';
// urijs: the npm package urijs (URI.js, medialize) through
// adapters/PROTOCOL.md: URI.parse for parse, URI(ref).absoluteTo(base) for
// resolve, URI(s).normalize() for normalize, URI(a).equals(b) for equivalent.
// Mapping to the component model: README.md here.  Published versions run
// as urijs@VERSION (adapter.json "versions").
const { serve, hostType, loadLibrary, adapterName } = require('../js-common/serve.js');

const loaded = loadLibrary(__dirname, 'urijs');
const URI = loaded.lib;

// URI.parse leaves absent parts null or out; it cannot tell an empty query,
// fragment or port from an absent one (both null), keeps no raw authority,
// and strips an IP-literal's brackets (put back where the input had them).
function components(p, input) {
  const o = {};
  o.scheme = p.protocol == null ? null : p.protocol;
  if (p.hostname == null && p.username == null) {
    o.authority = null; o.userinfo = null; o.host = null; o.host_type = null; o.port = null;
  } else {
    const h = p.hostname == null ? '' : String(p.hostname);
    o.host = input.includes(`[${h}]`) ? `[${h}]` : h;
    o.host_type = hostType(o.host);
    o.userinfo = p.username == null ? null
      : p.username + (p.password == null ? '' : ':' + p.password);
    o.port = p.port == null ? null : String(p.port);
  }
  o.path = p.path == null ? '' : p.path;
  o.query = p.query == null ? null : p.query;
  o.fragment = p.fragment == null ? null : p.fragment;
  return o;
}

function rejecting(fn) {
  try {
    return fn();
  } catch (e) {
    // URI.js throws (TypeError, URIError) on input it refuses: a rejection
    return { valid: false, library_error: String(e && e.message) };
  }
}

serve({
  adapter: adapterName('urijs', loaded),
  library: `urijs ${loaded.version} (node ${process.versions.node})`,
  spec: 'rfc3986',
}, {
  parse(req, f) {
    return rejecting(() => ({ valid: true, components: components(URI.parse(f.input), f.input) }));
  },
  resolve(req, f) {
    return rejecting(() => ({ valid: true, target: URI(f.input).absoluteTo(f.base).toString() }));
  },
  normalize(req, f) {
    return rejecting(() => ({ valid: true, normalized: URI(f.input).normalize().toString() }));
  },
  equivalent(req, f) {
    return rejecting(() => ({ valid: true, equivalent: URI(f.input).equals(f.other) }));
  },
});
