'use strict';
// browser-serve.js: a browser's own URL parser (new URL() in a page) over
// the WHATWG protocol loop of whatwg-serve.js.  One long-lived headless
// browser per adapter; the requests of one chunk of input are parsed in one
// evaluation in the page (a batch), so the protocol's throughput holds.  A
// browser that dies ends the adapter (exit 70), which the harness records as
// CRASH for the requests it had and restarts.

const { serveWith, GETTERS } = require('./whatwg-serve.js');

// Runs in the page: every [input, base] parsed with the page's URL.
function parseAll(items, getters) {
  return items.map(([input, base]) => {
    try {
      const u = base === null ? new URL(input) : new URL(input, base);
      const o = {};
      for (const g of getters) o[g] = u[g];
      return o;
    } catch (e) {
      return null;
    }
  });
}

// A function of (input, base) returning a Promise of the getters (or null),
// gathering the calls made in one turn of the event loop into one
// evaluation of parseAll in PAGE.
function batcher(page) {
  let queue = [];
  const flush = () => {
    const jobs = queue;
    queue = [];
    page.evaluate((items) => window.uritestParseAll(items), jobs.map((j) => j.item))
      .then((results) => jobs.forEach((j, i) => j.resolve(results[i])),
        (e) => {
          process.stderr.write(`browser evaluation failed: ${e && e.message}\n`);
          process.exit(70);
        });
  };
  return (input, base) => new Promise((resolve) => {
    if (queue.length === 0) setImmediate(flush);
    queue.push({ item: [input, base === undefined ? null : base], resolve });
  });
}

// Defines window.uritestParseAll in PAGE, once: parseAll with the getters.
function install(page) {
  return page.evaluate(([fn, getters]) => {
    const parseAllInPage = (0, eval)('(' + fn + ')');
    window.uritestParseAll = (items) => parseAllInPage(items, getters);
  }, [parseAll.toString(), GETTERS]);
}

// serveBrowser(launch, hello): LAUNCH() gives a Promise of { browser, page,
// version }; the hello line is written once the page is ready.
function serveBrowser(launch, hello) {
  launch().then(({ browser, page, version }) => install(page).then(() => ({ browser, page, version })))
    .then(({ browser, page, version }) => {
    browser.on('disconnected', () => {
      process.stderr.write('the browser exited\n');
      process.exit(70);
    });
    serveWith(batcher(page), Object.assign({}, hello, { library: hello.library(version) }))
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
