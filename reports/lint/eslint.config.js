// reports/lint/eslint.config.js: the rules make lint applies to the report
// page's script (a browser script, no modules) and the browser test (Node).
'use strict';
const js = require('@eslint/js');
const globals = require('globals');

module.exports = [
  js.configs.recommended,
  {
    files: ['render/page.js'],
    languageOptions: {
      ecmaVersion: 2020,
      sourceType: 'script',
      globals: globals.browser,
    },
    rules: {
      // the page puts text in the document with textContent only
      'no-restricted-properties': ['error',
        { property: 'innerHTML', message: 'use textContent' },
        { property: 'outerHTML', message: 'use textContent' },
        { property: 'insertAdjacentHTML', message: 'use textContent' },
        { object: 'document', property: 'write', message: 'build elements' }],
      'no-eval': 'error',
      'no-implied-eval': 'error',
      'no-new-func': 'error',
      eqeqeq: 'error',
      strict: ['error', 'function'],
    },
  },
  {
    files: ['browser/*.js', 'lint/*.js'],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'commonjs',
      globals: Object.assign({}, globals.node, globals.browser),
    },
  },
];
