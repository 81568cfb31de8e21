'use strict';
// whatwg-serve.js: WHATWG URL implementations in Node (whatwg-node,
// whatwg-url) over the protocol loop of ../js-common/serve.js.
// serve(URLClass, hello) answers parse (with an optional base), resolve and
// recompose, with the WHATWG getters in "whatwg" and the component model mapped as
// README.md of each adapter explains.

const { serve: serveRequests, hostType } = require('../js-common/serve.js');

const GETTERS = ['href', 'protocol', 'username', 'password', 'host', 'hostname',
  'port', 'pathname', 'search', 'hash', 'origin'];

// The component model (DESIGN.md) from a URL object: only what the getters
// and the serialization say for certain.
function components(url) {
  const c = {};
  c.scheme = url.protocol.slice(0, -1);
  // The serializer writes "//" after "scheme:" exactly when the host is not
  // null (a null host with a path starting "//" is written "scheme:/.//").
  const hasHost = url.href.startsWith('//', url.protocol.length);
  if (!hasHost) {
    c.authority = null;
    c.userinfo = null;
    c.host = null;
    c.host_type = null;
    c.port = null;
  } else {
    // authority left out: the serializer drops an empty userinfo's "@" and
    // an empty or default port, so the written authority is not recoverable.
    if (url.username !== '' || url.password !== '') {
      c.userinfo = url.password !== '' ? `${url.username}:${url.password}` : url.username;
    }
    c.host = url.hostname;
    c.host_type = hostType(url.hostname);
    if (url.port !== '') c.port = url.port;
  }
  c.path = url.pathname;
  // An empty search (hash) cannot say whether the query (fragment) was
  // absent or empty: left out rather than guessed.
  if (url.search !== '') c.query = url.search.slice(1);
  if (url.hash !== '') c.fragment = url.hash.slice(1);
  return c;
}

function getters(url) {
  const w = {};
  for (const g of GETTERS) w[g] = url[g];
  return w;
}

// fn(v) now, or once v (a Promise) settles.
function then(v, fn) {
  return v !== null && typeof v === 'object' && typeof v.then === 'function' ? v.then(fn) : fn(v);
}

// The handlers of parse and resolve over PARSE (see serveWith).
function handlers(parse) {
  return {
    parse: (req, f) => then(parse(f.input, f.base), (url) =>
      url ? { valid: true, components: components(url), whatwg: getters(url) } : { valid: false }),
    resolve: (req, f) => then(parse(f.input, f.base), (url) =>
      url ? { valid: true, target: url.href } : { valid: false }),
  };
}

// serveWith(parse, hello): PARSE(input, base) gives a URL object (anything
// with the getters), null when the URL parser fails, or a Promise of either
// (a browser page, where the parser runs).  EXTRA: more handlers (fetch).
function serveWith(parse, hello, extra) {
  return serveRequests(hello, Object.assign(handlers(parse), extra));
}

// serve(URLClass, hello): parse and resolve, and recompose: the href
// written for the URL parsed (DESIGN.md "Round trips"); EXTRA: more
// handlers (fetch).
function serve(URLClass, hello, extra) {
  // The URL of INPUT (against BASE when there is one), or null: the URL
  // parser fails by throwing.
  const parse = (input, base) => {
    try {
      return base === undefined ? new URLClass(input) : new URLClass(input, base);
    } catch (e) {
      return null;
    }
  };
  const h = handlers(parse);
  h.recompose = (req, f) => {
    const url = parse(f.input);
    return url ? { valid: true, output: url.href } : { valid: false };
  };
  serveRequests(hello, Object.assign(h, extra));
}

module.exports = { serve, serveWith, components, getters, GETTERS };
