#!/usr/bin/env node
'use strict';
// vscode-uri: the npm package vscode-uri (URI.parse, the URI class of VS Code)
// through adapters/PROTOCOL.md.  Two configurations: vscode-uri calls
// URI.parse(s, true) (strict: a scheme is required), vscode-uri-loose calls
// URI.parse(s), VS Code's default.  Mapping: README.md here.
const { serve, loadLibrary, adapterName } = require('../js-common/serve.js');

const loose = process.argv.includes('--loose');
const name = loose ? 'vscode-uri-loose' : 'vscode-uri';
const loaded = loadLibrary(__dirname, 'vscode-uri');
const { URI } = loaded.lib;

// vscode-uri keeps scheme, authority, path, query and fragment, each
// percent-decoded, and "" for both an absent and an empty part: authority,
// query and fragment are sent only when not empty.  No host, port or
// userinfo accessors: left out.
function components(u) {
  const o = { scheme: u.scheme, path: u.path };
  if (u.authority !== '') o.authority = u.authority;
  if (u.query !== '') o.query = u.query;
  if (u.fragment !== '') o.fragment = u.fragment;
  return o;
}

serve({
  adapter: adapterName(name, loaded),
  library: `vscode-uri ${loaded.version} (node ${process.versions.node})`,
  spec: 'rfc3986',
}, {
  parse(req, f) {
    return { valid: true, components: components(URI.parse(f.input, !loose)) };
  },
  // the string URI.toString() writes for what it parsed
  recompose(req, f) {
    return { valid: true, output: URI.parse(f.input, !loose).toString() };
  },
});
