'use strict';
// An async handler (as the browser adapters have): each answer settles a
// little later; when serve()'s promise settles, every answer must be out.
const { serve } = require(process.argv[2]);
let settled = 0;
serve({ adapter: 'async-fake', library: 'fake', spec: 'rfc3986' }, {
  parse: (req) => new Promise((resolve) => setTimeout(() => { settled++; resolve({ valid: true, components: {} }); }, 5)),
}).then(() => { process.stderr.write(`settled ${settled}\n`); process.exit(0); });
