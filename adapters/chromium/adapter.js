#!/usr/bin/env node
'use strict';
// chromium: Blink's URL parser (new URL() in a page of Debian's headless
// Chromium, /usr/bin/chromium or $CHROMIUM), driven by playwright-core over
// the Chrome DevTools Protocol; loop in ../common/browser-serve.js.  Nothing
// is downloaded: playwright-core is pointed at the Debian binary.
const { chromium } = require('playwright-core');
const { serveBrowser } = require('../common/browser-serve.js');

serveBrowser(async () => {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    // as root (CI) Chromium's sandbox cannot start; the page only parses URLs
    args: ['--no-sandbox', '--disable-gpu', '--disable-extensions'],
  });
  const page = await browser.newPage();
  return { browser, page, version: browser.version() };
}, { adapter: 'chromium', library: (v) => `Chromium ${v} (Blink URL)`, spec: 'whatwg' });
