'use strict';
// An async handler (as the browser adapters have) for the Bats tests of
// js-common/serve.js.  async-serve.js SERVE_JS [MODE]:
//   (default)  each answer settles 5 ms later; when serve()'s promise
//              settles, every answer must be out;
//   shuffled   answer N settles after (N * 7) % 11 ms, so later requests
//              often settle first: the answers must still come in order;
//   held       the answer to input "hold" settles only once a request with
//              input "release" has been read: input must go on being read
//              while answers are owed.
const { serve } = require(process.argv[2]);
const mode = process.argv[3] || 'default';
let settled = 0;
let release = null;
const held = new Promise((resolve) => { release = resolve; });
const answer = { valid: true, components: {} };
const parse = (req, f) => {
  if (mode === 'held' && f.input === 'hold') return held.then(() => answer);
  if (mode === 'held' && f.input === 'release') release();
  const ms = mode === 'shuffled' ? (Number(req.id) * 7) % 11 : 5;
  return new Promise((resolve) => setTimeout(() => { settled++; resolve(answer); }, ms));
};
serve({ adapter: 'async-fake', library: 'fake', spec: 'rfc3986' }, { parse })
  .then(() => { process.stderr.write(`settled ${settled}\n`); process.exit(0); });
