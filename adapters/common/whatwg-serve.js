'use strict';
// whatwg-serve.js: the adapter side of adapters/PROTOCOL.md for WHATWG URL
// implementations in Node (whatwg-node, whatwg-url).  serve(URLClass, hello)
// answers parse (with an optional base) and resolve, with the WHATWG getters
// in "whatwg" and the component model mapped as README.md of each adapter
// explains.  Answers to one chunk of input are written in one write.

const GETTERS = ['href', 'protocol', 'username', 'password', 'host', 'hostname',
  'port', 'pathname', 'search', 'hash', 'origin'];

const IPV4 = /^(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])(\.(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])){3}$/;

const decoder = new TextDecoder('utf-8', { fatal: true });

class Unsupported extends Error {}
class BadRequest extends Error {}

// Field NAME of REQ as a string, or NAME_hex decoded as UTF-8; undefined
// when neither is there.  WHATWG URLs take Unicode strings: raw bytes that
// are not UTF-8 have no WHATWG reading, so they are unsupported.
function field(req, name) {
  const v = req[name];
  if (v !== undefined && v !== null) {
    if (typeof v !== 'string') throw new BadRequest(`${name} is not a string`);
    return v;
  }
  const h = req[name + '_hex'];
  if (h === undefined || h === null) return v === null ? null : undefined;
  if (typeof h !== 'string' || h.length % 2 || /[^0-9a-fA-F]/.test(h)) {
    throw new BadRequest(`${name}_hex is not hex digits`);
  }
  try {
    return decoder.decode(Buffer.from(h, 'hex'));
  } catch (e) {
    throw new Unsupported('WHATWG URLs take Unicode strings: input is not UTF-8');
  }
}

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
    c.host_type = url.hostname.startsWith('[') ? 'IPv6address'
      : IPV4.test(url.hostname) ? 'IPv4address' : 'reg-name';
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

function answer(URLClass, req) {
  const id = req.id === undefined ? null : req.id;
  const op = req.op === undefined ? 'parse' : req.op;
  if (op !== 'parse' && op !== 'resolve') {
    if (['match', 'normalize', 'equivalent', 'iri-to-uri'].includes(op)) {
      return { id, unsupported: 'op not supported by this adapter' };
    }
    return { id, error: 'unknown op' };
  }
  const input = field(req, 'input');
  if (input === undefined || input === null) throw new BadRequest('request has neither input nor input_hex');
  const base = field(req, 'base');
  if (op === 'resolve' && (base === undefined || base === null)) throw new BadRequest('resolve needs a base');
  if (op === 'resolve' && req.strict === false) {
    return { id, unsupported: 'WHATWG has no non-strict (RFC 3986 5.2.2) resolution mode' };
  }
  if (op === 'parse' && req.rule !== undefined && req.rule !== null && req.rule !== 'URI-reference') {
    return { id, unsupported: 'WHATWG URL has no start rules' };
  }
  let url;
  try {
    url = base === undefined || base === null ? new URLClass(input) : new URLClass(input, base);
  } catch (e) {
    return { id, valid: false };
  }
  if (op === 'resolve') return { id, valid: true, target: url.href };
  return { id, valid: true, components: components(url), whatwg: getters(url) };
}

function serveLine(URLClass, line) {
  let req;
  try {
    req = JSON.parse(line);
  } catch (e) {
    return { id: null, error: 'request is not a JSON object' };
  }
  if (req === null || typeof req !== 'object' || Array.isArray(req)) {
    return { id: null, error: 'request is not a JSON object' };
  }
  try {
    return answer(URLClass, req);
  } catch (e) {
    const id = req.id === undefined ? null : req.id;
    if (e instanceof Unsupported) return { id, unsupported: e.message };
    if (e instanceof BadRequest) return { id, error: e.message };
    return { id, error: `internal: ${e && e.message}` };
  }
}

function serve(URLClass, hello) {
  const out = process.stdout;
  out.write(JSON.stringify(Object.assign({}, hello, { ops: ['parse', 'resolve'], protocol: 1 })) + '\n');
  let pending = '';
  // Large reads: a pipelined burst is answered in few, large writes.
  const stdin = require('fs').createReadStream('', { fd: 0, highWaterMark: 1 << 20, encoding: 'utf8' });
  stdin.on('data', (chunk) => {
    if (chunk.indexOf('\n') < 0) { // part of a long line
      pending += chunk;
      return;
    }
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop();
    const answers = [];
    for (const line of lines) {
      if (line.trim() === '') continue;
      answers.push(JSON.stringify(serveLine(URLClass, line)));
    }
    if (answers.length && !out.write(answers.join('\n') + '\n')) {
      stdin.pause();
      out.once('drain', () => stdin.resume());
    }
  });
  stdin.on('end', () => {
    if (pending.trim() !== '') out.write(JSON.stringify(serveLine(URLClass, pending)) + '\n');
  });
}

module.exports = { serve, components, getters, GETTERS };
