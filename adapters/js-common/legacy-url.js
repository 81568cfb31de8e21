'use strict';
// js-common/legacy-url.js: the component model of a legacy url.parse()
// result (Node's built-in url module and the url npm package, its browser
// port, return the same Url object).  Mapping: node-url-parse-legacy's
// README.md.
const { hostType } = require('./serve.js');

function components(u) {
  const o = {};
  o.scheme = u.protocol === null ? null : u.protocol.slice(0, -1);
  if (u.host === null) {
    o.authority = null; o.userinfo = null; o.host = null; o.host_type = null; o.port = null;
  } else {
    // hostname drops an IP-literal's brackets; host keeps them
    o.host = u.host.startsWith('[') ? `[${u.hostname}]` : u.hostname;
    o.host_type = hostType(o.host);
    o.userinfo = u.auth; // null when there is no "@"; decoded by url.parse
    // an empty port ("h:") reads null like an absent one: left out then
    if (u.port !== null) o.port = u.port;
    // authority left out: no raw authority is kept
  }
  o.path = u.pathname === null ? '' : u.pathname;
  o.query = u.search === null ? null : u.search.slice(1);
  o.fragment = u.hash === null ? null : u.hash.slice(1);
  return o;
}

// The handlers of a module with the legacy parse(s) and resolve(base, s).
function handlers(url) {
  return {
    parse(req, f) {
      return { valid: true, components: components(url.parse(f.input)) };
    },
    resolve(req, f) {
      return { valid: true, target: url.resolve(f.base, f.input) };
    },
  };
}

module.exports = { components, handlers };
