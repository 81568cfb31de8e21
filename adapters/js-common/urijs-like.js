'use strict';
// urijs-like.js: uri-js and fast-uri share one API (parse, resolve, normalize,
// equal); this maps it to the component model (see the README of either).
const { hostType } = require('./serve.js');

function str(v) {
  return v === undefined || v === null ? v : String(v);
}

// The component model from a parse result C (default options, as JSON Schema
// validators call it): keys the library leaves undefined are absent; its
// "error" field means the library rejected the input.
function components(c) {
  const o = {};
  o.scheme = c.scheme === undefined ? null : c.scheme;
  if (c.host === undefined) {
    o.authority = null; o.userinfo = null; o.host = null; o.host_type = null; o.port = null;
  } else {
    // The library strips an IP-literal's brackets; a host with ":" in it can
    // only have come from one, so they are put back.
    const host = String(c.host);
    o.host = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
    o.host_type = hostType(o.host);
    o.userinfo = c.userinfo === undefined ? null : c.userinfo;
    // port is a number when it has digits (leading zeros lost), "" when empty
    o.port = c.port === undefined ? null : str(c.port);
    // authority left out: the library keeps no raw authority
  }
  // scheme handlers (mailto, urn) may replace the path by their own fields
  if (typeof c.path === 'string') o.path = c.path;
  o.query = c.query === undefined ? null : c.query;
  o.fragment = c.fragment === undefined ? null : c.fragment;
  return o;
}

function handlers(lib) {
  return {
    parse(req, f) {
      const c = lib.parse(f.input);
      if (c.error) return { valid: false, library_error: String(c.error) };
      return { valid: true, components: components(c) };
    },
    resolve(req, f) {
      const b = lib.parse(f.base);
      const r = lib.parse(f.input);
      if (b.error || r.error) return { valid: false, library_error: String(b.error || r.error) };
      return { valid: true, target: lib.resolve(f.base, f.input) };
    },
    normalize(req, f) {
      const c = lib.parse(f.input);
      if (c.error) return { valid: false, library_error: String(c.error) };
      return { valid: true, normalized: lib.normalize(f.input) };
    },
    equivalent(req, f) {
      const a = lib.parse(f.input);
      const b = lib.parse(f.other);
      if (a.error || b.error) return { valid: false, library_error: String(a.error || b.error) };
      return { valid: true, equivalent: !!lib.equal(f.input, f.other) };
    },
  };
}

module.exports = { components, handlers };
