'use strict';
// browser-serve.js: a browser's own URL parser (new URL() in a page) over
// the WHATWG protocol loop of whatwg-serve.js.  One long-lived headless
// browser per adapter; the requests that arrive while one batch is in the
// page are parsed in the next single evaluation, so the protocol's
// throughput holds.  A browser that dies ends the adapter (exit 70), which
// the harness records as CRASH for the requests it had and restarts.

const { serveWith, GETTERS } = require('./whatwg-serve.js');

// Runs in the page: every [input, base] parsed with the page's URL, as the
// array of its getters' values (in the order of GETTERS), or null.
function parseAll(items, getters) {
  return items.map(([input, base]) => {
    try {
      const u = base === null ? new URL(input) : new URL(input, base);
      return getters.map((g) => u[g]);
    } catch (e) {
      return null;
    }
  });
}

// A function of (input, base) returning a Promise of the getters (an
// object, or null).  The calls are gathered into batches, each parsed by one
// evaluation of parseAll in PAGE, one evaluation at a time: the calls made
// while one is in the page make the next.  A batch goes in and comes back as
// one JSON text: a string is one value to the browser's protocol, where an
// array of objects is serialized and rebuilt value by value (Firefox's
// WebDriver BiDi took ten times longer over 1,024 URLs).  MAX_CHARS, when
// given, bounds a batch by the length of its inputs (a batch of one may be
// longer): see serveBrowser.
function batcher(page, maxChars) {
  let queue = [];
  let busy = false;
  let scheduled = false;
  const failed = (e) => {
    process.stderr.write(`browser evaluation failed: ${e && e.message}\n`);
    process.exit(70);
  };
  const take = () => {
    if (!maxChars) return queue.splice(0);
    let n = 0;
    for (let chars = 0; n < queue.length; n++) {
      chars += queue[n].chars;
      if (n > 0 && chars > maxChars) break;
    }
    return queue.splice(0, n);
  };
  const flush = () => {
    scheduled = false;
    if (busy || queue.length === 0) return;
    const jobs = take();
    busy = true;
    page.evaluate((text) => JSON.stringify(window.uritestParseAll(JSON.parse(text))),
      JSON.stringify(jobs.map((j) => j.item)))
      .then((text) => {
        const results = JSON.parse(text);
        busy = false;
        jobs.forEach((j, i) => j.resolve(results[i] && Object.fromEntries(GETTERS.map((g, k) => [g, results[i][k]]))));
        flush();
      }, failed);
  };
  return (input, base) => new Promise((resolve) => {
    if (!busy && !scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
    const item = [input, base === undefined ? null : base];
    queue.push({ item, chars: input.length + (base ? base.length : 0) + 16, resolve });
  });
}

// Defines window.uritestParseAll in PAGE, once: parseAll with the getters.
function install(page) {
  return page.evaluate(([fn, getters]) => {
    const parseAllInPage = (0, eval)('(' + fn + ')');
    window.uritestParseAll = (items) => parseAllInPage(items, getters);
  }, [parseAll.toString(), GETTERS]);
}

// serveBrowser(launch, hello, options): LAUNCH() gives a Promise of {
// browser, page, version }; the hello line is written once the page is
// ready.  options.batchChars bounds a batch (batcher): Firefox writes an
// answer of over 32 KB to its WebDriver BiDi socket in two writes and the
// second waits for the first's ACK, which Linux delays 40 ms on loopback,
// so a batch of 128 URLs took 45 ms where one of 96 took 2.
function serveBrowser(launch, hello, options) {
  launch().then(({ browser, page, version }) => install(page).then(() => ({ browser, page, version })))
    .then(({ browser, page, version }) => {
    browser.on('disconnected', () => {
      process.stderr.write('the browser exited\n');
      process.exit(70);
    });
    serveWith(batcher(page, options && options.batchChars), Object.assign({}, hello, { library: hello.library(version) }))
      .then(() => {
        browser.removeAllListeners('disconnected');
        return browser.close();
      })
      .then(() => process.exit(0), () => process.exit(0));
  }, (e) => {
    process.stderr.write(`the browser did not start: ${e && e.message}\n`);
    process.exit(70);
  });
}

module.exports = { serveBrowser };
