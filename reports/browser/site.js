#!/usr/bin/env node
// reports/browser/site.js SITE_DIR: the static site of `uritest site` in
// headless Chromium (Debian's /usr/bin/chromium, driven by playwright-core).
// Every page of SITE_DIR opens from file:// with no console error, no
// script error, no dialog and no request outside SITE_DIR; every link of
// every page resolves to a file of the site; every badge is a shields.io
// endpoint document and every API file is JSON.  With the hostile fixture
// (reports/tests/data/hostile.jsonl: names, libraries, ids and inputs with
// markup, script and javascript:), nothing of the data becomes markup.
// Prints TAP.
'use strict';
const fs = require('fs');
const path = require('path');
const { chromium } = require('playwright-core');

const dir = process.argv[2];
if (!dir) {
  console.error('usage: site.js SITE_DIR');
  process.exit(2);
}
const root = path.resolve(dir);
const { ok, end, crashed } = require('./tap.js');

function files(d, ext) {
  const out = [];
  for (const e of fs.readdirSync(d, { withFileTypes: true })) {
    const p = path.join(d, e.name);
    if (e.isDirectory()) out.push(...files(p, ext));
    else if (p.endsWith(ext)) out.push(p);
  }
  return out.sort();
}

async function main() {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  const context = await browser.newContext();
  const pages = files(root, '.html');
  ok(pages.includes(path.join(root, 'index.html')), 'the site has index.html', pages.join(' '));
  for (const file of pages) {
    const label = path.relative(root, file);
    const page = await context.newPage();
    const errors = [];
    const outside = [];
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    page.on('console', (m) => { if (m.type() === 'error') errors.push(`console.error: ${m.text()}`); });
    page.on('dialog', async (d) => { errors.push(`dialog: ${d.message()}`); await d.dismiss(); });
    page.on('request', (r) => {
      const u = r.url();
      if (!(u.startsWith('file://') && decodeURIComponent(new URL(u).pathname).startsWith(root + '/')) &&
          !u.startsWith('data:')) outside.push(u);
    });
    await page.goto('file://' + file);
    const links = await page.evaluate(() => [...document.querySelectorAll('a[href]')].map((a) => [a.getAttribute('href'), a.href]));
    const made = await page.evaluate(() => {
      const bad = [...document.querySelectorAll('script, img, iframe, object, embed, link, b, i, form')].map((x) => x.tagName);
      document.querySelectorAll('*').forEach((x) => {
        for (const at of x.attributes) if (/^on/i.test(at.name)) bad.push(x.tagName + ' ' + at.name);
      });
      return bad;
    });
    ok(made.length === 0, `${label}: no script, no element or handler made from the data`, made.join(' '));
    ok(errors.length === 0, `${label}: opens with no console or script error, no dialog`, errors.join('\n'));
    ok(outside.length === 0, `${label}: no request outside the site`, outside.join('\n'));
    const broken = [];
    for (const [raw, abs] of links) {
      if (raw.startsWith('#')) continue;
      let target = null;
      try {
        const u = new URL(abs);
        if (u.protocol === 'file:') target = decodeURIComponent(u.pathname);
      } catch (e) { /* broken below */ }
      if (!target || !target.startsWith(root + '/') || !fs.existsSync(target)) broken.push(raw);
    }
    ok(broken.length === 0, `${label}: every one of its ${links.length} links resolves to a file of the site`, broken.join(' '));
    await page.close();
  }
  for (const file of files(path.join(root, 'badges'), '.json')) {
    let b = null;
    try { b = JSON.parse(fs.readFileSync(file, 'utf8')); } catch (e) { /* b stays null */ }
    ok(b && b.schemaVersion === 1 && typeof b.label === 'string' && typeof b.message === 'string' &&
       typeof b.color === 'string', `${path.relative(root, file)}: a shields.io endpoint badge`, JSON.stringify(b));
  }
  const api = files(path.join(root, 'api'), '.json');
  const bad = api.filter((f) => { try { JSON.parse(fs.readFileSync(f, 'utf8')); return false; } catch (e) { return true; } });
  ok(api.length > 1 && bad.length === 0, `api: ${api.length} JSON files, each parses`, bad.join(' '));
  await browser.close();
  process.exit(end('site'));
}
main().catch((e) => process.exit(crashed('the site check ran', e)));
