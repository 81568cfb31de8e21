// reports/render/page.js: the views of the report page, built from the
// page's JSON data block (render_html.c describes it).  Every string goes
// into the document with textContent; links are fragments this script
// builds, apart from the advisories' sources: plain http(s) URLs only
// (render_html.c keeps no other; safeUrl checks again); the view's state
// lives in the URL fragment.
(function () {
  'use strict';

  const D = JSON.parse(document.getElementById('data').textContent);
  const S = D.S;
  const A = D.A;
  const V = D.V;
  // the result classes (classes.h): {name, verdict, answer, vector}
  const C = D.C;
  const PAGE = 100;
  const CLS_PASS = C.findIndex((c) => c.verdict === 'pass');
  const CLS_UNSUPPORTED = C.findIndex((c) => c.verdict === 'none');
  const CH_NONE = '.'.charCodeAt(0);
  // V: [id (front-coded), input, outcomes (of O), encoded, span texts]; the
  // encoded part holds the file, section, op, tags, the expected pairs, the
  // details and the derivation as numbers in text (render_html.c, put_num)
  const V_IDF = 0, V_INPUT = 1, V_OUT = 2, V_ENC = 3, V_DTEXT = 4;
  const OP_LABELS = ['parse', 'resolve', 'normalize', 'equivalent', 'IRI', 'WHATWG'];

  function $(id) { return document.getElementById(id); }
  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }
  function td(tr, cls, text) { const c = el('td', cls, text); tr.appendChild(c); return c; }
  function th(tr, cls, text) { const c = el('th', cls, text); tr.appendChild(c); return c; }
  function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); }
  function pct(p, n) { return n ? (100 * p / n).toFixed(1) + '%' : '-'; }
  function cmpNatural(a, b) { return a.localeCompare(b, 'en', { numeric: true }); }

  // ---- the view's state, in the URL fragment
  let state = {};
  function readState() {
    const p = new URLSearchParams(location.hash.replace(/^#/, ''));
    const s = Object.create(null);
    p.forEach((v, k) => { s[k] = v; });
    if (!s.view) s.view = 'overview';
    return s;
  }
  function stateHash(s) {
    const p = new URLSearchParams();
    Object.keys(s).forEach((k) => { if (s[k] !== '' && s[k] !== undefined) p.set(k, s[k]); });
    return '#' + p.toString();
  }
  function go(changes, replace) {
    const s = Object.assign({}, state, changes);
    const h = stateHash(s);
    if (replace) history.replaceState(null, '', h);
    else history.pushState(null, '', h);
    show();
  }
  window.addEventListener('hashchange', show);
  window.addEventListener('popstate', show);

  // ---- decoding
  const CODE = new Int8Array(128).fill(-1);
  for (let i = 0; i < D.alpha.length; i++) CODE[D.alpha.charCodeAt(i)] = i;
  // the class of result K of outcome string OUT, null when there is none
  // ('.', or past the string's end)
  function outClass(out, k) {
    const ch = out.charCodeAt(k);
    return ch === CH_NONE || Number.isNaN(ch) ? null : CODE[ch] >> 2;
  }
  function nums(str) {
    const out = [];
    let n = 0;
    for (let i = 0; i < str.length; i++) {
      const d = CODE[str.charCodeAt(i)];
      if (d >= 32) n = n * 32 + (d - 32);
      else { out.push(n * 32 + d); n = 0; }
    }
    return out;
  }
  // X[v]: the vector's strings, its expected pairs, its details (by
  // adapter) and its derivation; pairs are made when shown (pairsOf).
  // Decoded when a view first needs it (decode, below), not for the
  // overview the page opens on.
  let X = null;
  let lastId = '';
  const lastWhere = [0, 0, 0, 0, 0]; // the previous vector's file, section, op, tags, group
  const decodeVector = (v) => {
    const a = nums(v[V_ENC]);
    let p = 0;
    const mask = a[p++];
    for (let j = 0; j < 5; j++) if (mask & (1 << j)) lastWhere[j] = a[p++];
    const front = v[V_IDF];
    let cut = 0;
    let n0 = 0;
    while (CODE[front.charCodeAt(cut)] >= 32) n0 = n0 * 32 + CODE[front.charCodeAt(cut++)] - 32;
    n0 = n0 * 32 + CODE[front.charCodeAt(cut++)];
    const id = lastId.slice(0, n0) + front.slice(cut);
    lastId = id;
    const ne = a[p++];
    const expAt = p;
    p += ne;
    // a detail for each adapter whose outcome is neither PASS nor UNSUPPORTED
    const det = Object.create(null);
    const out = D.O[v[V_OUT]];
    for (let k = 0; k < out.length; k++) {
      const cls = outClass(out, k);
      if (cls === null || cls === CLS_PASS || cls === CLS_UNSUPPORTED) continue;
      const n2 = a[p + 5];
      const d = { comps: D.T[a[p]], note: D.T[a[p + 1]], beh: D.T[a[p + 2]], sev: D.T[a[p + 3]], shape: a[p + 4], impl: n2 & 1, nd: n2 >> 1, at: p + 6 };
      p += 6 + d.nd;
      det[k] = d;
    }
    const derivAt = p;
    return {
      id: id, input: S[v[V_INPUT]], out: out, dtext: v[V_DTEXT],
      file: S[D.T[lastWhere[0]]], section: S[D.T[lastWhere[1]]], op: S[D.T[lastWhere[2]]], tags: S[D.T[lastWhere[3]]], group: S[D.T[lastWhere[4]]],
      a: a, ne: ne, expAt: expAt, det: det, derivAt: derivAt,
    };
  };
  function expectedOf(x) {
    const out = [];
    for (let i = 0; i < x.ne; i++) {
      const q = x.a[x.expAt + i];
      out.push([D.Q[2 * q], D.Q[2 * q + 1]]);
    }
    return out;
  }
  function pairsOf(x, d) {
    const emap = Object.create(null);
    expectedOf(x).forEach((e) => { emap[e[0]] = e[1]; });
    const diff = Object.create(null);
    for (let i = 0; i < d.nd; i++) {
      const q = x.a[d.at + i];
      diff[D.Q[2 * q]] = D.Q[2 * q + 1];
    }
    return (D.SH[d.shape] || []).map((key) => [key, diff[key] !== undefined ? diff[key] : emap[key]]);
  }
  function derivOf(x) {
    const out = [];
    let p = x.derivAt;
    let at = 0; // a span's start is written after the previous span's
    for (let n = x.a[p++]; n > 0; n--) {
      at += x.a[p + 1];
      out.push([D.RU[x.a[p]], at, at + x.a[p + 2], x.a[p + 3]]);
      p += 4;
    }
    return out;
  }
  function outcome(v, k) {
    const ch = X[v].out[k];
    if (ch === '.' || ch === undefined) return null;
    const n = CODE[ch.charCodeAt(0)];
    return { cls: n >> 2, sec: (n >> 1) & 1, known: n & 1 };
  }
  function details(v) { return X[v].det; }
  function readingPairs(pairs) { return pairs.map((p) => [S[p[0]], S[p[1]]]); }
  function diffKeys(cls, comps) {
    const keys = [];
    S[comps].split(', ').forEach((c) => { if (c) keys.push(c.replace(/ \(.*\)$/, '')); });
    // the members the class compares; components: those named above
    [C[cls].answer, C[cls].vector].forEach((k) => {
      if (k && k !== 'components' && keys.indexOf(k) < 0) keys.push(k);
    });
    return keys;
  }
  function kv(pairs, keys) {
    const d = el('div', 'kv m');
    pairs.forEach((p) => {
      const base = p[0].split('.')[0];
      d.appendChild(el('div', keys.indexOf(p[0]) >= 0 || keys.indexOf(base) >= 0 ? 'd' : '', p[0] + ': ' + p[1]));
    });
    return d;
  }
  function vectorRules(v) {
    const set = Object.create(null);
    derivOf(X[v]).forEach((d) => { set[S[d[0]]] = 1; });
    return set;
  }

  // ---- every non-PASS result, once: a number each (vector * 256 +
  // adapter) in a typed array, so that 60 adapters' results cost no
  // objects; a row's fields are read from X when needed (rowOf)
  const NO_DET = { comps: 0, note: 0, beh: 0, sev: 0, impl: 0, shape: 0, nd: 0 };
  const BEHS = Object.create(null);
  const SEVS = Object.create(null);
  const BY_ID = Object.create(null);
  let ROWS = null;
  // the number of results not PASS, from the outcome strings alone (the
  // page's header; decode counts the same when it makes ROWS)
  function countRows() {
    const per = D.O.map((out) => {
      let n = 0;
      for (let k = 0; k < out.length && k < A.length; k++) {
        const cls = outClass(out, k);
        if (cls !== null && cls !== CLS_PASS) n++;
      }
      return n;
    });
    let n = 0;
    for (let v = 0; v < V.length; v++) n += per[V[v][V_OUT]];
    return n;
  }
  const nrows = countRows();
  // X, ROWS, the behaviours' and severities' counts and the ids, once
  function decode() {
    if (X) return;
    X = V.map(decodeVector);
    const rowBuf = [];
    for (let v = 0; v < V.length; v++) {
      const out = X[v].out;
      const det = X[v].det;
      BY_ID[X[v].id] = v;
      for (let k = 0; k < A.length; k++) {
        const cls = outClass(out, k);
        if (cls === null || cls === CLS_PASS) continue;
        rowBuf.push(v * 256 + k);
        const d = det[k];
        if (d && cls !== CLS_UNSUPPORTED) {
          if (d.beh) BEHS[S[d.beh]] = (BEHS[S[d.beh]] || 0) + 1;
          if (d.sev) SEVS[S[d.sev]] = (SEVS[S[d.sev]] || 0) + 1;
        }
      }
    }
    ROWS = Int32Array.from(rowBuf);
    failureChoices();
  }
  function rowV(x) { return x >>> 8; }
  function rowA(x) { return x & 255; }
  function rowCode(x) { return CODE[X[x >>> 8].out.charCodeAt(x & 255)]; }
  function rowCls(x) { return rowCode(x) >> 2; }
  function rowSec(x) { return (rowCode(x) >> 1) & 1; }
  function rowKnown(x) { return rowCode(x) & 1; }
  function rowD(x) { return X[x >>> 8].det[x & 255] || NO_DET; }
  function rowOf(x) {
    const c = rowCode(x);
    return { v: rowV(x), a: rowA(x), cls: c >> 2, sec: (c >> 1) & 1, known: c & 1, d: rowD(x) };
  }

  // ---- header
  function meta() {
    const m = D.meta;
    $('meta').textContent = 'uritest ' + m.uritest + ', vectors ' + S[m.vectors] + ', run ' + S[m.date] +
      ' (' + S[m.command] + '), from ' + S[m.source] + (m.interrupted ? '; the run was interrupted' : '') +
      '. ' + A.length + ' adapters, ' + V.length + ' vectors, ' + nrows + ' results not PASS.';
  }

  // ---- Overview
  const OV_COLS = [
    { label: 'adapter', key: (a) => S[a.name] },
    { label: 'library', key: (a) => S[a.library] },
    { label: 'spec', key: (a) => S[a.spec] },
    { label: 'role', key: (a) => S[a.role] },
  ];
  OP_LABELS.forEach((label, i) => {
    OV_COLS.push({ label: label, op: i, key: (a) => (a.ops[i][1] ? a.ops[i][0] / a.ops[i][1] : -1) });
  });
  OV_COLS.push({ label: 'named behaviours', num: true, key: (a) => a.decl[0] });
  OV_COLS.push({ label: 'security findings by severity', key: (a) => a.sec, text: (a) => sevText(a) });
  OV_COLS.push({ label: 'host lost', num: true, key: (a) => Number(a.hl) || 0 });
  OV_COLS.push({ label: 'cve', num: true, key: (a) => a.cve.length });
  OV_COLS.push({ label: 'failed', num: true, key: (a) => a.failed });
  OV_COLS.push({ label: 'unsupported', num: true, key: (a) => a.unsupported });

  function sevText(a) {
    if (!a.sec) return '0';
    return a.sec + ': ' + a.sev.map((s) => S[s[0]] + ' ' + s[1]).join(', ');
  }
  function overview() {
    const t = $('overview-table');
    const head = t.tHead;
    clear(head);
    const hr = el('tr');
    const sortCol = Number(state.sort === undefined ? 4 : state.sort);
    const dir = state.dir === 'asc' ? 1 : state.dir === 'desc' ? -1 : (sortCol >= 4 ? -1 : 1);
    OV_COLS.forEach((c, i) => {
      const h = th(hr, c.op !== undefined || c.num ? 'n' : '');
      const b = el('button', 'sort', c.label + (i === sortCol ? (dir > 0 ? ' \u25b2' : ' \u25bc') : ''));
      b.type = 'button';
      b.addEventListener('click', () => {
        go({ sort: String(i), dir: i === sortCol && dir < 0 ? 'asc' : i === sortCol ? 'desc' : '' }, true);
      });
      h.setAttribute('aria-sort', i === sortCol ? (dir > 0 ? 'ascending' : 'descending') : 'none');
      h.appendChild(b);
    });
    head.appendChild(hr);
    const order = A.map((a, k) => k);
    order.sort((x, y) => {
      const a = OV_COLS[sortCol].key(A[x], x), b = OV_COLS[sortCol].key(A[y], y);
      const c = typeof a === 'string' ? a.localeCompare(b) : a - b;
      return c * dir || x - y;
    });
    const body = t.tBodies[0];
    clear(body);
    order.forEach((k) => {
      const a = A[k];
      const tr = el('tr');
      const name = th(tr, '', S[a.name]);
      name.scope = 'row';
      td(tr, '', S[a.library]);
      td(tr, '', S[a.spec] || '?');
      td(tr, '', S[a.role]);
      a.ops.forEach((o) => {
        const c = td(tr, 'n bar');
        if (o[1]) {
          const fill = el('span', 'fill');
          fill.style.width = (100 * o[0] / o[1]).toFixed(1) + '%';
          c.appendChild(fill);
          c.appendChild(el('span', 'txt', pct(o[0], o[1]) + ' (' + o[0] + ' of ' + o[1] + ')'));
        } else {
          c.appendChild(el('span', 'txt', '-'));
          c.classList.add('z');
        }
      });
      td(tr, a.decl[0] ? 'n' : 'n z', a.decl[0] ? String(a.decl[0]) : 'none');
      td(tr, a.sec ? 'sec' : 'z', sevText(a));
      const cv = td(tr, a.cve.length ? 'n sec' : 'n z');
      if (a.cve.length) {
        const l = el('a', '', String(a.cve.length));
        l.href = stateHash({ view: 'cve', ca: S[a.name] });
        l.title = a.cve.map((c) => S[c[0]]).join(', ');
        cv.appendChild(l);
      } else cv.textContent = '0';
      td(tr, 'n', a.failed);
      td(tr, 'n', a.unsupported);
      body.appendChild(tr);
    });
  }

  function matrix() {
    const t = $('matrix-table');
    clear(t.tHead);
    const hr = el('tr');
    th(hr, '', 'class');
    A.forEach((a) => {
      const h = th(hr, '', S[a.name]);
      h.appendChild(el('div', 'small', S[a.library] + ' \u00b7 spec: ' + (S[a.spec] || '?')));
    });
    t.tHead.appendChild(hr);
    const rows = [['total', (a) => a.total], ['passed', (a) => a.passed], ['failed', (a) => a.failed]];
    C.forEach((c, i) => { if (i !== CLS_PASS) rows.push([c.name, (a) => a.cls[i]]); });
    rows.push(['security-relevant', (a) => a.sec], ['implementation-defined', (a) => a.impl],
      ['known (baseline)', (a) => a.known], ['skipped (not for this adapter)', (a) => a.skipped],
      ['components not compared', (a) => a.nc]);
    const body = t.tBodies[0];
    clear(body);
    rows.forEach((row) => {
      const tr = el('tr');
      th(tr, C.indexOf(row[0]) >= 0 ? 'cls' : '', row[0]);
      A.forEach((a) => { const n = row[1](a); td(tr, n ? 'n' : 'n z', n); });
      body.appendChild(tr);
    });
  }

  function coverage() {
    const box = $('coverage');
    clear(box);
    const rc = D.X.rulecov;
    if (rc) {
      box.appendChild(el('h3', '', 'Rule coverage'));
      box.appendChild(el('p', 'small', 'Per Appendix A rule: the vectors in which it matched (accept) or failed (reject), and how many vectors each alternative matched (shadowed: an earlier alternative always wins). Rows with a gap are marked "gap".'));
      const t = el('table', 'sticky');
      t.id = 'rule-coverage';
      const hr = el('tr');
      ['rule', 'accept', 'reject', 'alternatives', 'gap'].forEach((h) => th(hr, '', h));
      const thead = el('thead');
      thead.appendChild(hr);
      t.appendChild(thead);
      const body = el('tbody');
      Object.keys(rc).forEach((k) => {
        const r = rc[k];
        const alts = (Array.isArray(r.alternatives) ? r.alternatives : []).map((a, i) => '#' + (i + 1) + ': ' + a.accept + (a.shadowed ? ' (shadowed)' : ''));
        const gap = !r.accept || !r.reject || (Array.isArray(r.alternatives) ? r.alternatives : []).some((a) => !a.accept && !a.shadowed);
        const tr = el('tr', gap ? 'sec' : '');
        td(tr, 'm', k);
        td(tr, 'n', r.accept);
        td(tr, 'n', r.reject);
        td(tr, 'm', alts.join(', '));
        td(tr, '', gap ? 'gap' : '');
        body.appendChild(tr);
      });
      t.appendChild(body);
      box.appendChild(t);
    }
    const cov = D.X.coverage;
    if (cov) {
      box.appendChild(el('h3', '', 'Code coverage of the reference'));
      box.appendChild(el('pre', 'm', cov.lines.join('\n')));
      box.appendChild(el('p', '', cov.lines_uncovered + ' uncovered lines, ' + cov.functions_uncovered +
        ' uncovered functions, ' + cov.branches_uncovered + ' lines with an uncovered branch: see coverage/summary.txt and coverage/index.html.'));
    }
  }

  // ---- Where
  function heatCell(tr, passed, total, onOpen) {
    if (!total) return td(tr, 'none', '');
    const share = passed / total;
    const c = td(tr, '', Math.floor(100 * share) + '%');
    const light = 55 + Math.round(40 * share);
    c.style.background = 'hsl(' + Math.round(120 * share) + ', 70%, ' + light + '%)';
    c.title = passed + ' of ' + total + ' passed';
    c.tabIndex = 0;
    c.setAttribute('role', 'button');
    c.setAttribute('aria-label', passed + ' of ' + total + ' passed; list the failures');
    c.addEventListener('click', onOpen);
    c.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); onOpen(); } });
    return c;
  }
  function where() {
    const kind = state.where === 'rules' ? 'rules' : 'sections';
    $('where-kind').value = kind;
    const t = $('where-table');
    clear(t.tHead);
    const hr = el('tr');
    th(hr, '', kind === 'rules' ? 'rule' : 'section');
    A.forEach((a) => th(hr, '', S[a.name]));
    t.tHead.appendChild(hr);
    const body = t.tBodies[0];
    clear(body);
    const rows = D.W[kind].slice().sort((x, y) => cmpNatural(x[0], y[0]));
    rows.forEach((row) => {
      const tr = el('tr');
      const h = th(tr, kind === 'rules' ? 'm' : '', row[0]);
      h.scope = 'row';
      A.forEach((a, k) => {
        heatCell(tr, row[1 + 2 * k], row[2 + 2 * k], () => {
          const ch = { view: 'failures', a: S[a.name], p: '' };
          if (kind === 'rules') { ch.rule = row[0]; ch.section = ''; } else { ch.section = row[0]; ch.rule = ''; }
          go(ch);
        });
      });
      body.appendChild(tr);
    });
  }
  $('where-kind').addEventListener('change', () => go({ where: $('where-kind').value }, true));

  // ---- Behaviours
  function behaviours() {
    const sel = $('beh-adapter');
    const only = state.ba === undefined ? '' : state.ba;
    sel.value = only;
    const groups = Object.create(null);
    ROWS.forEach((x) => {
      if (rowCls(x) === CLS_UNSUPPORTED) return;
      const a = rowA(x), v = rowV(x), d = rowD(x);
      if (only !== '' && S[A[a].name] !== only) return;
      const key = a + ':' + d.beh;
      let g = groups[key];
      if (!g) g = groups[key] = { a: a, beh: d.beh, n: 0, sev: {}, ex: -1 };
      g.n++;
      if (d.sev) g.sev[S[d.sev]] = 1;
      if (g.ex < 0 || X[v].input.length < X[g.ex].input.length) g.ex = v;
    });
    const list = Object.keys(groups).map((k) => groups[k]);
    list.sort((x, y) => ((x.beh ? 1 : 0) - (y.beh ? 1 : 0)) || y.n - x.n || x.a - y.a);
    const body = $('beh-table').tBodies[0];
    clear(body);
    const files = D.X.behaviours || {};
    list.forEach((g) => {
      const tr = el('tr');
      const name = S[A[g.a].name];
      th(tr, '', name).scope = 'row';
      const known = g.beh && files[name] && Object.prototype.hasOwnProperty.call(files[name], S[g.beh]) ? files[name][S[g.beh]] : null;
      const c0 = td(tr, g.beh ? 'm' : 'sec', g.beh ? S[g.beh] : '(unexplained: no behaviour named)');
      if (known && typeof known.description === 'string') c0.appendChild(el('div', 'small', known.description));
      td(tr, 'n', g.n);
      const sevs = Object.keys(g.sev);
      td(tr, '', (sevs.length ? 'found: ' + sevs.join(', ') : '') || (g.beh ? '-' : ''));
      const c = td(tr, 'm');
      const b = el('button', '', X[g.ex].id + ': ' + X[g.ex].input);
      b.type = 'button';
      b.addEventListener('click', () => go({ view: 'input', in: X[g.ex].id }));
      c.appendChild(b);
      body.appendChild(tr);
    });
  }
  A.forEach((a) => { const o = el('option', '', S[a.name]); o.value = S[a.name]; $('beh-adapter').appendChild(o); });
  $('beh-adapter').addEventListener('change', () => go({ ba: $('beh-adapter').value }, true));

  // ---- Pairs: NAME.pairs.json as uritest run writes it beside its
  // results (DESIGN.md "Pairs: validators and fetchers"): {"inputs",
  // "adapters", "pairs": [{"validator", "fetcher", "both_accept", "host",
  // "port", "scheme", "userinfo", "host_lost", "invalid_accepted", "worst",
  // "examples": [{"input", "class", "validator_reading",
  // "fetcher_reading"}]}]}, for ordered pairs (V validates, F fetches)
  const PAIR_SEVS = ['host', 'port', 'scheme', 'userinfo', 'invalid_accepted', 'host_lost', 'any'];
  function vis(v) {
    if (v === null || v === undefined) return 'null';
    if (typeof v === 'object' && typeof v.hex === 'string') return 'octets ' + v.hex;
    if (typeof v !== 'string') return JSON.stringify(v);
    let out = '';
    for (const ch of v) {
      const c = ch.codePointAt(0);
      if (ch === '\\') out += '\\\\';
      else if (c >= 0x20 && c < 0x7f) out += ch;
      else out += '\\u{' + c.toString(16).toUpperCase().padStart(4, '0') + '}';
    }
    return '"' + out + '"';
  }
  function pairCount(p, sev) {
    if (sev === 'any') return ['host', 'port', 'scheme', 'userinfo', 'invalid_accepted'].reduce((n, k) => n + (Number(p[k]) || 0), 0);
    return Number(p[sev]) || 0;
  }
  function pairs() {
    const P = D.X.pairs;
    const t = $('pairs-table');
    clear(t.tHead);
    clear(t.tBodies[0]);
    clear($('pairs-examples'));
    const list = P && Array.isArray(P.pairs) ? P.pairs : null;
    $('pairs-none').hidden = !!list;
    if (!list) return;
    const names = Array.isArray(P.adapters) ? P.adapters.map(String) : [];
    list.forEach((p) => {
      [p.validator, p.fetcher].forEach((n) => { if (names.indexOf(String(n)) < 0) names.push(String(n)); });
    });
    const sel = $('pairs-sev');
    if (!sel.options.length) {
      PAIR_SEVS.forEach((s) => { const o = el('option', '', s === 'any' ? 'any endpoint' : s); o.value = s; sel.appendChild(o); });
    }
    const sev = PAIR_SEVS.indexOf(state.ps) >= 0 ? state.ps : 'host';
    sel.value = sev;
    const cell = Object.create(null);
    let max = 0;
    list.forEach((p) => {
      cell[p.validator + '\u0000' + p.fetcher] = p;
      max = Math.max(max, pairCount(p, sev));
    });
    const hr = el('tr');
    th(hr, '', 'validates \u2193, fetches \u2192');
    names.forEach((n) => th(hr, '', n));
    t.tHead.appendChild(hr);
    names.forEach((x) => {
      const tr = el('tr');
      th(tr, '', x).scope = 'row';
      names.forEach((y) => {
        const p = cell[x + '\u0000' + y];
        if (x === y || !p) { td(tr, 'none', ''); return; }
        const n = pairCount(p, sev);
        if (!n) { td(tr, 'none', '0'); return; }
        const c = heatCell(tr, max - n, max, () => pairExamples(x, y, p, sev));
        c.textContent = String(n);
        c.title = n + ' of ' + p.both_accept + ' inputs both accept: ' + (sev === 'any' ? 'another endpoint' : sev);
        c.setAttribute('aria-label', x + ' and ' + y + ': ' + c.title + '; show examples');
      });
      t.tBodies[0].appendChild(tr);
    });
  }
  function pairExamples(x, y, p, sev) {
    const box = $('pairs-examples');
    clear(box);
    box.appendChild(el('h3', '', x + ' validates, ' + y + ' fetches: ' + pairCount(p, sev) + ' inputs (' + sev + '); the shortest of each kind of its worst class, ' + String(p.worst)));
    const tb = el('table', 'sticky');
    tb.id = 'pairs-examples-table';
    const hr = el('tr');
    ['input', 'class', x, y].forEach((h) => th(hr, '', h));
    const thead = el('thead');
    thead.appendChild(hr);
    tb.appendChild(thead);
    const body = el('tbody');
    (Array.isArray(p.examples) ? p.examples : []).forEach((e) => {
      if (sev !== 'any' && e.class !== sev) return;
      const tr = el('tr');
      td(tr, 'm', vis(e.input));
      td(tr, '', String(e.class));
      [e.validator_reading, e.fetcher_reading].forEach((r) => {
        const c = td(tr, 'm');
        if (r && typeof r === 'object') {
          Object.keys(r).forEach((k) => c.appendChild(el('div', '', k + ': ' + vis(r[k]))));
        } else c.textContent = vis(r);
      });
      body.appendChild(tr);
    });
    tb.appendChild(body);
    box.appendChild(tb);
  }
  $('pairs-sev').addEventListener('change', () => go({ ps: $('pairs-sev').value }, true));

  // ---- Where requests go: X.fetch, the fetch lab's connections per input
  // (render_fetch.c): {"inputs", "rows": [{"input", "rfc3986": {"valid",
  // "reading"}, "clients": [{"adapter", "status", "name", "address",
  // "port", "host_header", "sni"}], "parsers": [{"adapter", "class",
  // "reading"}]}]}, every string shown already; set as text only
  function fetchView() {
    const F = D.X.fetch;
    const box = $('fetch-rows');
    clear(box);
    const rows = F && Array.isArray(F.rows) ? F.rows : null;
    $('fetch-none').hidden = !!rows;
    if (!rows) return;
    $('fetch-count').textContent = rows.length + ' of ' + Number(F.inputs) + ' inputs';
    const str = (v) => (v === null || v === undefined ? '-' : String(v));
    rows.forEach((r) => {
      box.appendChild(el('h3', 'm', str(r.input)));
      const rfc = r.rfc3986 || {};
      box.appendChild(el('p', 'small', (rfc.valid ? 'RFC 3986: ' : 'RFC 3986 rejects it; read leniently: ') + str(rfc.reading)));
      const tb = el('table', 'sticky');
      const hr = el('tr');
      ['client', 'status', 'name', 'address', 'port', 'Host header', 'SNI'].forEach((h) => th(hr, '', h));
      const thead = el('thead');
      thead.appendChild(hr);
      tb.appendChild(thead);
      const body = el('tbody');
      (Array.isArray(r.clients) ? r.clients : []).forEach((c) => {
        const tr = el('tr', c.status === 'connected' ? '' : 'z');
        th(tr, '', str(c.adapter)).scope = 'row';
        td(tr, '', str(c.status));
        ['name', 'address', 'port', 'host_header', 'sni'].forEach((k) => td(tr, 'm', str(c[k])));
        body.appendChild(tr);
      });
      tb.appendChild(body);
      box.appendChild(tb);
      const ps = Array.isArray(r.parsers) ? r.parsers : [];
      if (ps.length) {
        const ul = el('ul', 'small');
        ps.forEach((p) => ul.appendChild(el('li', 'm', str(p.adapter) + ' (' + str(p.class) + '): ' + str(p.reading))));
        box.appendChild(el('p', 'small', 'the parsers\u2019 readings of it:'));
        box.appendChild(ul);
      }
    });
  }

  // ---- Advisories: per adapter, the advisories the harness found it reads
  // the vulnerable way (A[k].cve: [advisory, vector, link])
  function safeUrl(u) { return /^https?:\/\/[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]+$/.test(u) ? u : null; }
  function cve() {
    $('cve-adapter').value = state.ca || '';
    const body = $('cve-table').tBodies[0];
    clear(body);
    const order = A.map((a, k) => k).sort((x, y) => A[y].cve.length - A[x].cve.length || cmpNatural(S[A[x].name], S[A[y].name]));
    order.forEach((k) => {
      const a = A[k];
      if (state.ca && S[a.name] !== state.ca) return;
      const tr = el('tr', a.cve.length ? 'sec' : '');
      th(tr, '', S[a.name]).scope = 'row';
      td(tr, 'n', a.cve.length);
      const c = td(tr, a.cve.length ? '' : 'z', a.cve.length ? undefined : 'none');
      const ul = el('ul', 'cves');
      a.cve.forEach((e) => {
        const li = el('li');
        const url = safeUrl(S[e[2]]);
        if (url) {
          const l = el('a', 'm', S[e[0]]);
          l.href = url;
          l.rel = 'noopener noreferrer';
          l.title = 'the advisory: ' + url;
          li.appendChild(l);
        } else li.appendChild(el('span', 'm', S[e[0]]));
        li.appendChild(document.createTextNode(': '));
        const b = el('button', 'm', X[e[1]].input === '' ? '(empty)' : X[e[1]].input);
        b.type = 'button';
        b.title = 'every parser on ' + X[e[1]].id;
        const id = X[e[1]].id;
        b.addEventListener('click', () => go({ view: 'input', in: id }));
        li.appendChild(b);
        ul.appendChild(li);
      });
      if (a.cve.length) c.appendChild(ul);
      body.appendChild(tr);
    });
  }

  A.forEach((a) => { const o = el('option', '', S[a.name]); o.value = S[a.name]; $('cve-adapter').appendChild(o); });
  $('cve-adapter').addEventListener('change', () => go({ ca: $('cve-adapter').value }, true));

  // ---- Failures
  const F_TEXT = ['section', 'rule', 'tag', 'file', 'q'];
  function fillSelect(sel, values) {
    values.forEach((v) => { const o = el('option', '', v[1]); o.value = v[0]; sel.appendChild(o); });
  }
  fillSelect($('f-adapter'), A.map((a) => [S[a.name], S[a.name]]));
  // the class, severity and behaviour choices with their counts (decode)
  function failureChoices() {
    const clsCount = Object.create(null);
    ROWS.forEach((x) => { const c = rowCls(x); clsCount[c] = (clsCount[c] || 0) + 1; });
    fillSelect($('f-class'), Object.keys(clsCount).map(Number).sort((x, y) => x - y).map((c) => [C[c].name, C[c].name + ' (' + clsCount[c] + ')']));
    fillSelect($('f-sev'), Object.keys(SEVS).sort().map((s) => [s, s + ' (' + SEVS[s] + ')']));
    fillSelect($('f-beh'), Object.keys(BEHS).sort().map((s) => [s, s + ' (' + BEHS[s] + ')']));
  }

  function textHas(hay, needle) { return hay.toLowerCase().indexOf(needle.toLowerCase()) >= 0; }
  function matcher(s) {
    const tests = [];
    const add = (key, f) => {
      if (s[key] === undefined || s[key] === '') return;
      const not = s['x' + key] === '1';
      tests.push((r) => f(r, s[key]) !== not);
    };
    // each test on a row number (rowOf's fields read when needed)
    add('a', (x, v) => S[A[rowA(x)].name] === v);
    if (s.c === undefined || s.c === '') tests.push((x) => rowCls(x) !== CLS_UNSUPPORTED);
    else if (s.c !== '*') add('c', (x, v) => C[rowCls(x)].name === v);
    add('s', (x, v) => (v === '!' ? rowSec(x) === 1 : S[rowD(x).sev] === v));
    add('b', (x, v) => (v === '!' ? rowD(x).beh === 0 : S[rowD(x).beh] === v));
    add('section', (x, v) => textHas(X[rowV(x)].section, v));
    add('rule', (x, v) => vectorRules(rowV(x))[v] === 1);
    add('tag', (x, v) => X[rowV(x)].tags.split(' ').indexOf(v) >= 0);
    add('file', (x, v) => textHas(X[rowV(x)].file, v));
    add('q', (x, v) => { const w = X[rowV(x)]; return textHas(w.id + '\u0000' + w.input + '\u0000' + S[rowD(x).comps] + '\u0000' + S[A[rowA(x)].name], v); });
    if (s.k === 'new') tests.push((x) => !rowKnown(x));
    if (s.k === 'known') tests.push((x) => rowKnown(x) === 1);
    return (x) => tests.every((t) => t(x));
  }
  function failuresControls() {
    $('f-adapter').value = state.a || '';
    $('f-class').value = state.c || '';
    $('f-sev').value = state.s || '';
    $('f-beh').value = state.b || '';
    ['a', 'c', 's', 'b'].concat(F_TEXT).forEach((k) => {
      const x = $('fx-' + ({ a: 'adapter', c: 'class', s: 'sev', b: 'beh', q: 'text' }[k] || k));
      if (x) x.checked = state['x' + k] === '1';
    });
    F_TEXT.forEach((k) => { const i = $('f-' + (k === 'q' ? 'text' : k)); if (i !== document.activeElement) i.value = state[k] || ''; });
    document.querySelectorAll('input[name="f-known"]').forEach((i) => { i.checked = i.value === (state.k || ''); });
  }
  function failures() {
    failuresControls();
    const m = matcher(state);
    const list = ROWS.filter(m);
    const pages = Math.max(1, Math.ceil(list.length / PAGE));
    let p = Math.min(Math.max(0, Number(state.p || 0) || 0), pages - 1);
    $('count').textContent = list.length + ' results (of ' + nrows + ' not PASS)';
    $('pg-at').textContent = 'page ' + (p + 1) + ' of ' + pages;
    $('pg-prev').disabled = p === 0;
    $('pg-next').disabled = p >= pages - 1;
    $('permalink').href = stateHash(state);
    const frag = document.createDocumentFragment();
    list.slice(p * PAGE, (p + 1) * PAGE).forEach((x) => frag.appendChild(failureRow(rowOf(x))));
    const body = $('rows');
    clear(body);
    body.appendChild(frag);
  }
  function failureRow(r) {
    const v = X[r.v];
    const tr = el('tr', r.sec ? 'sec' : '');
    th(tr, '', S[A[r.a].name]).scope = 'row';
    const idc = td(tr, 'm');
    const b = el('button', '', v.id);
    b.type = 'button';
    b.title = 'every parser on this input';
    b.addEventListener('click', () => go({ view: 'input', in: v.id }));
    idc.appendChild(b);
    idc.appendChild(el('div', 'small', v.section));
    td(tr, 'cls', C[r.cls].name);
    td(tr, 'm', S[r.d.comps]);
    td(tr, '', r.sec ? 'security-relevant' + (r.d.sev ? ': ' + S[r.d.sev] : '') : '');
    td(tr, 'm', r.d.beh ? S[r.d.beh] : '');
    td(tr, 'm', v.input === '' ? '(empty)' : v.input);
    const keys = diffKeys(r.cls, r.d.comps);
    td(tr, '').appendChild(kv(readingPairs(expectedOf(X[r.v])), keys));
    const g = td(tr, '');
    g.appendChild(kv(readingPairs(pairsOf(X[r.v], r.d)), keys));
    const notes = [];
    if (r.d.impl) notes.push('implementation-defined');
    if (r.known) notes.push('known (baseline)');
    if (r.d.note) notes.push(S[r.d.note]);
    if (notes.length) g.appendChild(el('div', 'small', notes.join('; ')));
    return tr;
  }
  function filterChanged() {
    const ch = { p: '' };
    ch.a = $('f-adapter').value;
    ch.c = $('f-class').value;
    ch.s = $('f-sev').value;
    ch.b = $('f-beh').value;
    F_TEXT.forEach((k) => { ch[k] = $('f-' + (k === 'q' ? 'text' : k)).value; });
    ['a', 'c', 's', 'b'].concat(F_TEXT).forEach((k) => {
      const x = $('fx-' + ({ a: 'adapter', c: 'class', s: 'sev', b: 'beh', q: 'text' }[k] || k));
      ch['x' + k] = x && x.checked ? '1' : '';
    });
    const known = document.querySelector('input[name="f-known"]:checked');
    ch.k = known ? known.value : '';
    go(ch, true);
  }
  $('filters').addEventListener('change', filterChanged);
  $('filters').addEventListener('input', filterChanged);
  $('filters').addEventListener('submit', (e) => e.preventDefault());
  $('f-clear').addEventListener('click', () => {
    const ch = { p: '', k: '' };
    ['a', 'c', 's', 'b'].concat(F_TEXT).forEach((k) => { ch[k] = ''; ch['x' + k] = ''; });
    go(ch, true);
  });
  $('pg-prev').addEventListener('click', () => go({ p: String(Math.max(0, Number(state.p || 0) - 1)) }, true));
  $('pg-next').addEventListener('click', () => go({ p: String(Number(state.p || 0) + 1) }, true));

  // ---- One input, every parser
  function choices() {
    decode();
    const q = $('in-q').value;
    const ul = $('in-choices');
    clear(ul);
    if (!q) { $('in-count').textContent = V.length + ' vectors: type part of an id or an input'; return; }
    let n = 0;
    for (let i = 0; i < V.length && n < 30; i++) {
      if (!textHas(X[i].id, q) && !textHas(X[i].input, q)) continue;
      n++;
      const li = el('li');
      const b = el('button', '', X[i].id + '  ' + X[i].input);
      b.type = 'button';
      const id = X[i].id;
      b.addEventListener('click', () => go({ view: 'input', in: id }));
      li.appendChild(b);
      ul.appendChild(li);
    }
    $('in-count').textContent = n >= 30 ? 'the first 30 matches' : n + ' matches';
  }
  $('in-q').addEventListener('input', choices);
  function oneInput() {
    const box = $('in-show');
    clear(box);
    choices();
    const vi = BY_ID[state.in];
    if (vi === undefined) {
      if (state.in) box.appendChild(el('p', '', 'No vector with this id in the results.'));
      return;
    }
    const v = X[vi];
    box.appendChild(el('h3', 'm', v.id));
    box.appendChild(el('p', 'small', 'op ' + v.op + ' \u00b7 ' + (v.section || 'no section') +
      ' \u00b7 ' + v.file + (v.tags ? ' \u00b7 tags: ' + v.tags : '')));
    if (v.group) box.appendChild(el('p', '', v.group));
    box.appendChild(el('p', 'm', 'input: ' + (v.input === '' ? '(empty)' : v.input)));
    derivation(box, v, vi);
    readings(box, vi);
  }
  function derivation(box, v, vi) {
    box.appendChild(el('h3', '', 'The oracle\'s derivation (rfc3986 explain)'));
    const d = derivOf(X[vi]);
    if (!d.length) { box.appendChild(el('p', '', 'The oracle does not derive this input as a URI-reference (it is rejected, or not a URI-reference at all).')); return; }
    const t = el('table', 'deriv');
    t.id = 'derivation-table';
    const hr = el('tr');
    ['rule', 'octets', 'matched'].forEach((h) => th(hr, '', h));
    const thead = el('thead');
    thead.appendChild(hr);
    t.appendChild(thead);
    const body = el('tbody');
    const input = v.input;
    const texts = v.dtext;
    d.forEach((sp, k) => {
      const tr = el('tr');
      td(tr, 'm', '\u00a0'.repeat(2 * sp[3]) + S[sp[0]]);
      td(tr, 'n', '[' + sp[1] + ', ' + sp[2] + ')');
      td(tr, 'm', texts ? S[texts[k]] : input.slice(sp[1], sp[2]));
      body.appendChild(tr);
    });
    t.appendChild(body);
    box.appendChild(t);
  }
  function readings(box, vi) {
    box.appendChild(el('h3', '', 'Every adapter\'s reading'));
    const det = details(vi);
    const expected = readingPairs(expectedOf(X[vi]));
    const keys = [];
    const rows = [];
    const addKeys = (pairs) => pairs.forEach((p) => { if (keys.indexOf(p[0]) < 0) keys.push(p[0]); });
    addKeys(expected);
    A.forEach((a, k) => {
      const o = outcome(vi, k);
      if (!o) return;
      const d = det[k];
      const pairs = d ? readingPairs(pairsOf(X[vi], d)) : [];
      addKeys(pairs);
      rows.push({ k: k, o: o, d: d, pairs: pairs });
    });
    const t = el('table', 'sticky');
    t.id = 'readings-table';
    const hr = el('tr');
    ['adapter', 'class'].concat(keys).forEach((h) => th(hr, '', h));
    const thead = el('thead');
    thead.appendChild(hr);
    t.appendChild(thead);
    const body = el('tbody');
    const er = el('tr');
    th(er, '', 'expected').scope = 'row';
    td(er, '', '');
    const emap = Object.create(null);
    expected.forEach((p) => { emap[p[0]] = p[1]; });
    keys.forEach((k) => td(er, 'm', emap[k] === undefined ? '' : emap[k]));
    body.appendChild(er);
    rows.forEach((row) => {
      const tr = el('tr', row.o.sec ? 'sec' : '');
      th(tr, '', S[A[row.k].name]).scope = 'row';
      td(tr, 'cls' + (row.o.cls === CLS_PASS ? ' ' + C[CLS_PASS].name : ''), C[row.o.cls].name + (row.o.sec ? ' (security-relevant)' : ''));
      if (row.o.cls === CLS_PASS || !row.d) {
        const c = td(tr, 'small', row.o.cls === CLS_PASS ? 'agrees with the expected values it was compared on' : '');
        c.colSpan = Math.max(1, keys.length);
      } else {
        const diff = diffKeys(row.o.cls, row.d.comps);
        const map = Object.create(null);
        row.pairs.forEach((p) => { map[p[0]] = p[1]; });
        keys.forEach((k) => {
          const base = k.split('.')[0];
          td(tr, 'm' + (diff.indexOf(k) >= 0 || diff.indexOf(base) >= 0 ? ' diff' : ''), map[k] === undefined ? '' : map[k]);
        });
      }
      body.appendChild(tr);
    });
    t.appendChild(body);
    const w = el('div', 'wide');
    w.appendChild(t);
    box.appendChild(w);
  }

  // ---- views
  const VIEWS = { overview: overview, where: where, behaviours: behaviours, pairs: pairs, fetch: fetchView, cve: cve, failures: failures, input: oneInput };
  const drawn = {};
  function show() {
    state = readState();
    if (!Object.prototype.hasOwnProperty.call(VIEWS, state.view)) state.view = 'overview'; // not __proto__, toString...
    Object.keys(VIEWS).forEach((name) => { $('v-' + name).hidden = name !== state.view; });
    document.querySelectorAll('#tabs a').forEach((a) => {
      if (a.getAttribute('data-view') === state.view) a.setAttribute('aria-current', 'page');
      else a.removeAttribute('aria-current');
    });
    if (state.view !== 'overview') decode();
    if (state.view === 'input' && state.in && $('in-q').value === '') $('in-q').value = state.in;
    VIEWS[state.view]();
    drawn[state.view] = 1;
  }
  meta();
  matrix();
  coverage();
  show();
  document.body.setAttribute('data-ready', '1');
}());
