#!/usr/bin/env node
'use strict';
// validator-js: validator.js isURL (npm validator), a validator: accept or
// reject only (adapter.json "role": "validator"), through adapters/PROTOCOL.md
// (loop in ../js-common/serve.js).  isURL's defaults, as applications call it.
// README.md here.
const { serve, loadLibrary, adapterName } = require('../js-common/serve.js');

const loaded = loadLibrary(__dirname, 'validator');
const validator = loaded.lib;

serve({
  adapter: adapterName('validator-js', loaded),
  library: `validator ${loaded.version} isURL (node ${process.versions.node})`,
  spec: 'other',
}, {
  parse(req, f) {
    if (req.rule && !['URI-reference', 'URI', 'absolute-URI'].includes(req.rule)) {
      return { unsupported: 'isURL validates URLs only' };
    }
    try {
      return { valid: validator.isURL(f.input) };
    } catch (e) {
      return { valid: false, library_error: String(e && e.message) };
    }
  },
});
