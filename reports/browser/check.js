#!/usr/bin/env node
// reports/browser/check.js HOSTILE_PAGE SCREENSHOT [REPORT_PAGE REPORT_SCREENSHOT]
//
// make test-browser: the discrepancy matrix in headless Chromium (Debian's
// /usr/bin/chromium, driven by playwright-core).  HOSTILE_PAGE is rendered
// from reports/tests/data/hostile.jsonl, whose vectors and adapters carry
// markup and script: the page must render its tables, the filters must
// work, markup must show as text, no dialog may open, no request may leave
// the page, and no script or console error may occur.  REPORT_PAGE (the
// real report, when there is one) must load cleanly too.  Prints TAP.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { chromium } = require('playwright-core');

const [hostilePage, shot, reportPage, reportShot] = process.argv.slice(2);
if (!hostilePage || !shot) {
  console.error('usage: check.js HOSTILE_PAGE SCREENSHOT [REPORT_PAGE REPORT_SCREENSHOT]');
  process.exit(2);
}

let n = 0;
let failed = 0;
function ok(cond, name, detail) {
  n++;
  if (cond) {
    console.log(`ok ${n} - ${name}`);
  } else {
    failed++;
    console.log(`not ok ${n} - ${name}`);
    if (detail !== undefined) console.log(`  # ${String(detail).replace(/\n/g, '\n  # ')}`);
  }
}

async function open(context, file) {
  const page = await context.newPage();
  const errors = [];
  const dialogs = [];
  const requests = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console.error: ${m.text()}`);
  });
  page.on('dialog', async (d) => {
    dialogs.push(`${d.type()}: ${d.message()}`);
    await d.dismiss();
  });
  page.on('request', (r) => {
    const u = r.url();
    if (!u.startsWith('file:') && !u.startsWith('data:') && u !== 'about:blank') requests.push(u);
  });
  await page.goto('file://' + path.resolve(file));
  await page.waitForSelector('body[data-ready="1"]', { timeout: 60000 });
  return { page, errors, dialogs, requests };
}

async function rowCount(page, sel) {
  return page.locator(`${sel} > tr`).count();
}

async function main() {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'uritest-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--no-first-run', '--disable-sync'],
    viewport: { width: 1400, height: 900 },
  });
  try {
    // ---- the hostile page
    const h = await open(context, hostilePage);
    const p = h.page;
    ok(await p.locator('#matrix-table th', { hasText: 'SHOULD_HAVE_REJECTED' }).count() === 1,
      'the matrix has a row per class');
    const headers = await p.locator('#matrix-table thead th').allTextContents();
    ok(headers.some((t) => t.startsWith('evil<img src=x onerror=alert(5)>')),
      "an adapter's name with markup shows as text in the matrix", headers.join(' | '));
    ok(await p.locator('img').count() === 0, 'no img element in the document');
    ok(await p.locator('script').count() === 2, "only the page's own two script elements");
    ok(await p.locator('b').count() === 0, 'no b element (markup from an adapter) in the document');
    // default view: failures of every adapter
    ok(await rowCount(p, '#rows') === 6, 'the results table lists the 6 non-PASS results',
      await rowCount(p, '#rows'));
    const inputs = await p.locator('#rows > tr > td:nth-child(6)').allTextContents();
    ok(inputs.includes('<script>alert(1)</script>'), 'a <script> input shows as text', inputs.join('\n'));
    ok(inputs.includes('"><img src=x onerror=alert(1)>'), 'an "><img ...> input shows as text');
    ok(inputs.includes('http://h/a\\x01b\\x7Fc\\u{2028}d'), 'control characters show as visible escapes');
    ok(inputs.includes('http://\\u{0192}\\u{00F8}\\u{00F8}.example/'), 'non-ASCII shows as visible escapes');
    const secRow = p.locator('#rows > tr.sec');
    ok(await secRow.count() === 1, 'the security-relevant result is flagged');
    const hl = await secRow.locator('.kv div.d').allTextContents();
    ok(hl.some((t) => t.startsWith('host: ')) && hl.some((t) => t.startsWith('userinfo: ')),
      'the differing components are highlighted, expected and reading side by side', hl.join(' | '));
    // filters
    await p.check('#f-sec');
    ok(await rowCount(p, '#rows') === 1, 'filter: security-relevant only');
    await p.uncheck('#f-sec');
    await p.selectOption('#f-class', 'CRASH');
    ok(await rowCount(p, '#rows') === 1, 'filter: by class');
    await p.selectOption('#f-class', '');
    await p.selectOption('#f-adapter', '0');
    ok(await rowCount(p, '#rows') === 0, 'filter: by adapter (the reference passes everything)');
    await p.selectOption('#f-adapter', '');
    await p.fill('#f-text', 'hostile.img');
    ok(await rowCount(p, '#rows') === 1, 'filter: by text');
    await p.fill('#f-text', '');
    await p.check('#f-pruned');
    ok(await p.locator('#pruned-wrap').isVisible() && await rowCount(p, '#pruned') === 3,
      'pruned view: one vector per pattern of outcomes', await rowCount(p, '#pruned'));
    await p.uncheck('#f-pruned');
    ok(await rowCount(p, '#rows') === 6, 'filters cleared: all rows back');
    await p.screenshot({ path: shot, fullPage: true });
    ok(h.dialogs.length === 0, 'no dialog opened (no script from the data ran)', h.dialogs.join('\n'));
    ok(h.requests.length === 0, 'no network request', h.requests.join('\n'));
    ok(h.errors.length === 0, 'no script error, no console error', h.errors.join('\n'));
    await p.close();

    // ---- the real report, when there is one
    if (reportPage && fs.existsSync(reportPage)) {
      const r = await open(context, reportPage);
      ok(await r.page.locator('#matrix-table').count() === 1, `${reportPage}: the matrix renders`);
      const rows = await rowCount(r.page, '#rows');
      const count = await r.page.locator('#count').textContent();
      ok(/^\d+ of \d+ shown/.test(count), `${reportPage}: the results table renders (${rows} rows; ${count})`);
      await r.page.screenshot({ path: reportShot });
      ok(r.dialogs.length === 0 && r.requests.length === 0 && r.errors.length === 0,
        `${reportPage}: no dialog, no request, no error`, [...r.dialogs, ...r.requests, ...r.errors].join('\n'));
      await r.page.close();
    }
  } finally {
    await context.close();
    fs.rmSync(userDataDir, { recursive: true, force: true });
  }
  console.log(`1..${n}`);
  console.log(`# ${n - failed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

main().catch((e) => {
  console.log(`not ok ${n + 1} - the browser check ran`);
  console.log(`  # ${String(e && e.stack || e).replace(/\n/g, '\n  # ')}`);
  console.log(`1..${n + 1}`);
  process.exit(1);
});
