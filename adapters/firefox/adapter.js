#!/usr/bin/env node
'use strict';
// firefox: Gecko's URL parser (new URL() in a page of Debian's headless
// Firefox ESR, /usr/bin/firefox-esr or $FIREFOX), driven over WebDriver BiDi
// by puppeteer-core; loop in ../common/browser-serve.js.  Nothing is
// downloaded: puppeteer-core is pointed at the Debian binary, with a
// profile of its own in a temporary folder.
const puppeteer = require('puppeteer-core');
const { serveBrowser } = require('../common/browser-serve.js');

serveBrowser(async () => {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: process.env.FIREFOX || '/usr/bin/firefox-esr',
    headless: true,
    protocol: 'webDriverBiDi',
  });
  const page = await browser.newPage();
  return { browser, page, version: (await browser.version()).replace(/^firefox\//i, '') };
}, { adapter: 'firefox', library: (v) => `Firefox ${v} (Gecko URL)`, spec: 'whatwg' },
// inputs of 6,000 characters in all make an answer of about 20 KB (the
// getters repeat the URL), under the 32 KB that Firefox writes at once
{ batchChars: 6000 });
