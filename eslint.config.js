// ESLint (flat config): the recommended rules and a line length of 120 for every module of the
// site (www/) and of the npm package (package/); `npm test` runs it (tests/lint.node.test.mjs).
import js from '@eslint/js';
import globals from 'globals';

export default [
  { ignores: ['www/pkg/', 'www/vendor/', 'www/embed.js'] },
  js.configs.recommended,
  {
    files: ['www/**/*.js', 'package/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      // a line that is only a text of a string table (`key: 'words',`: a translation, a lesson's
      // prose) may be longer: a sentence is not cut into pieces joined by `+`
      'max-len': ['error', {
        code: 120,
        ignorePattern: /^\s*(\w+|'[^']*'): ('([^'\\]|\\.)*'|"([^"\\]|\\.)*"|`[^`]*`),?$/.source,
      }],
    },
  },
];
