'use strict';
// js-common/serve.js: the adapter side of adapters/PROTOCOL.md for the
// JavaScript libraries of the second adapter matrix (node-url-parse-legacy,
// uri-js, fast-uri, url-parse).  serve(hello, handlers) reads requests,
// decodes input/input_hex, base/base_hex, other/other_hex, calls
// handlers[op](req, fields) and writes one answer per request, in order;
// answers to one chunk of input go out in one write.  An exception thrown by
// a library becomes {"valid": false, "exception": "..."}: an adapter never
// dies on an input.

const IPV4 = /^(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])(\.(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])){3}$/;
const decoder = new TextDecoder('utf-8', { fatal: true });

class Unsupported extends Error {}
class BadRequest extends Error {}

// Field NAME of REQ as a string, or NAME_hex decoded as UTF-8.  JavaScript
// strings are Unicode: octets that are not UTF-8 cannot be given to these
// libraries without altering them, so they are unsupported.
function field(req, name) {
  const v = req[name];
  if (v !== undefined && v !== null) {
    if (typeof v !== 'string') throw new BadRequest(`${name} is not a string`);
    return v;
  }
  const h = req[name + '_hex'];
  if (h === undefined || h === null) return undefined;
  if (typeof h !== 'string' || h.length % 2 || /[^0-9a-fA-F]/.test(h)) {
    throw new BadRequest(`${name}_hex is not hex digits`);
  }
  try {
    return decoder.decode(Buffer.from(h, 'hex'));
  } catch (e) {
    throw new Unsupported('the library takes JavaScript (Unicode) strings: input is not UTF-8');
  }
}

// host_type of a host as the library reports it (brackets kept).
function hostType(host) {
  if (host === null || host === undefined) return null;
  if (host.startsWith('[')) return /^\[v/i.test(host) ? 'IPvFuture' : 'IPv6address';
  return IPV4.test(host) ? 'IPv4address' : 'reg-name';
}

const KNOWN_OPS = ['parse', 'match', 'resolve', 'normalize', 'equivalent', 'iri-to-uri', 'recompose', 'fetch'];

function answer(handlers, req) {
  const id = req.id === undefined ? null : req.id;
  const op = req.op === undefined ? 'parse' : req.op;
  if (!KNOWN_OPS.includes(op)) return { id, error: 'unknown op' };
  if (!handlers[op]) return { id, unsupported: `op ${op} not supported by this adapter` };
  const f = { input: field(req, 'input'), base: field(req, 'base'), other: field(req, 'other') };
  if (f.input === undefined) throw new BadRequest('request has neither input nor input_hex');
  if (op === 'resolve' && f.base === undefined) throw new BadRequest('resolve needs a base');
  if (op === 'equivalent' && f.other === undefined) throw new BadRequest('equivalent needs other');
  if (op === 'parse' && req.rule !== undefined && req.rule !== null && req.rule !== 'URI-reference') {
    return { id, unsupported: 'the library has one entry point (URI-reference), no other start rule' };
  }
  if (op === 'resolve' && req.strict === false) {
    return { id, unsupported: 'no non-strict (RFC 3986 5.2.2) resolution mode' };
  }
  if ((op === 'normalize' || op === 'equivalent') && req.level !== undefined && req.level !== null &&
      req.level !== 'syntax') {
    return { id, unsupported: `the library has no ${req.level} level` };
  }
  const refused = (e) => ({ valid: false, exception: String(e && e.message ? e.message : e).slice(0, 200) });
  let out;
  try {
    out = handlers[op](req, f);
  } catch (e) {
    if (e instanceof Unsupported || e instanceof BadRequest) throw e;
    out = refused(e);
  }
  if (isPromise(out)) return out.then((o) => Object.assign({ id }, o), (e) => Object.assign({ id }, refused(e)));
  return Object.assign({ id }, out);
}

function serveLine(handlers, line) {
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
    return answer(handlers, req);
  } catch (e) {
    const id = req.id === undefined ? null : req.id;
    if (e instanceof Unsupported) return { id, unsupported: e.message };
    if (e instanceof BadRequest) return { id, error: e.message };
    return { id, error: `internal: ${e && e.message}` };
  }
}

// A handler may return a Promise (an adapter whose library answers
// asynchronously, such as a browser page): the answers to one chunk of input
// are then written, in order, once all of them (and every earlier chunk's)
// are settled; input goes on being read meanwhile, up to HIGH answers owed.
function isPromise(v) {
  return v !== null && typeof v === 'object' && typeof v.then === 'function';
}

// The library alone (adapters/tests/overhead.sh): with URITEST_LOOP=FILE
// (requests, one JSON object a line), the adapter reads them all, then calls
// the handler of each in a loop, with no protocol: no reading, no JSON
// answers, no writing.  It prints {"adapter", "requests", "seconds", "cpu"}
// (the loop's wall-clock and CPU seconds) and exits.
function loopAlone(hello, handlers, file) {
  const reqs = require('fs').readFileSync(file, 'utf8').split('\n').filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l));
  const start = process.hrtime.bigint();
  const cpu0 = process.cpuUsage();
  for (const req of reqs) {
    const op = req.op || 'parse';
    handlers[op](req, { input: req.input, base: req.base, other: req.other });
  }
  const used = process.cpuUsage(cpu0);
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const cpu = (used.user + used.system) / 1e6;
  process.stdout.write(JSON.stringify({ adapter: hello.adapter, requests: reqs.length, seconds, cpu }) + '\n');
  return Promise.resolve();
}

// serve(hello, handlers) returns a Promise, settled at the end of input.
function serve(hello, handlers) {
  process.noDeprecation = true; // url.parse warns on stderr per input otherwise
  if (process.env.URITEST_LOOP) return loopAlone(hello, handlers, process.env.URITEST_LOOP);
  const out = process.stdout;
  out.write(JSON.stringify(Object.assign({}, hello, { ops: Object.keys(handlers), protocol: 1 })) + '\n');
  let pending = '';
  // the answers of the chunk being worked on: 'end' can come while they are
  // (the stream saw the end of input when it gave the last chunk), and the
  // last answers must be written before the adapter's resources are closed
  let inflight = Promise.resolve();
  // process.stdin, not a read stream of its own on fd 0: a library that
  // touches process.stdin (puppeteer does) makes the pipe non-blocking, and a
  // plain fs read of it then fails with EAGAIN
  const stdin = process.stdin;
  stdin.setEncoding('utf8');
  // Answers of async handlers (a browser page) are written in order as
  // their chunk settles, while input goes on being read: the requests that
  // arrive meanwhile make the next batch, so the harness's window stays full
  // (pausing input until a chunk settled made each batch as small as what
  // the harness had written since the last answers).  Input pauses while
  // more than HIGH answers are owed, or while the output pipe is full.
  const HIGH = 4096;
  let owed = 0;
  let draining = false;
  const maybeResume = () => {
    if (stdin.isPaused() && !draining && owed <= HIGH) stdin.resume();
  };
  const write = (answers) => {
    if (answers.length && !out.write(answers.map((a) => JSON.stringify(a)).join('\n') + '\n')) {
      draining = true;
      stdin.pause();
      out.once('drain', () => {
        draining = false;
        maybeResume();
      });
    }
  };
  stdin.on('data', (chunk) => {
    pending += chunk;
    if (chunk.indexOf('\n') < 0) return; // part of a long line
    const lines = pending.split('\n');
    pending = lines.pop();
    const answers = [];
    for (const line of lines) {
      if (line.trim() === '') continue;
      answers.push(serveLine(handlers, line));
    }
    if (owed === 0 && !answers.some(isPromise)) {
      write(answers);
      return;
    }
    owed += answers.length;
    if (owed > HIGH) stdin.pause();
    const settled = Promise.all(answers);
    inflight = Promise.all([inflight, settled]).then(([, done]) => {
      write(done);
      owed -= done.length;
      maybeResume();
    });
  });
  // Settles once the input has ended and every answer is written: an
  // adapter that holds a browser open ends it then.
  return new Promise((resolve) => {
    stdin.on('end', () => {
      inflight.then(() => (pending.trim() === '' ? null : serveLine(handlers, pending))).then((a) => {
        if (a) out.write(JSON.stringify(a) + '\n');
        out.write('', resolve);
      });
    });
  });
}

// The installed version of npm package NAME, read from its package.json
// next to the adapter (DIR/node_modules/NAME).
function pkgVersion(dir, name) {
  try {
    return require(require('path').resolve(dir, 'node_modules', name, 'package.json')).version;
  } catch (e) {
    return '?';
  }
}

// The library npm package PKG for the adapter in ADAPTER_DIR: from
// ADAPTER_DIR/node_modules, or, when the harness runs a published version
// (NAME@VERSION, adapter.json "versions"), from the folder after
// --library-dir.  Returns { lib, version, versioned }.
function loadLibrary(adapterDir, pkg) {
  const i = process.argv.indexOf('--library-dir');
  const dir = i > 0 && process.argv[i + 1] ? require('path').resolve(process.argv[i + 1]) : adapterDir;
  const lib = require(require.resolve(pkg, { paths: [dir] }));
  return { lib, version: pkgVersion(dir, pkg), versioned: dir !== adapterDir };
}

// The adapter's hello name: NAME, or NAME@VERSION for a published version.
function adapterName(name, loaded) {
  return loaded.versioned ? `${name}@${loaded.version}` : name;
}

module.exports = { serve, hostType, pkgVersion, loadLibrary, adapterName };
