// Types and lint: every module of the site (www/) and of the npm package (package/) is
// type-checked by TypeScript from its JSDoc (`tsc -p jsconfig.json`: checkJs, with the wasm
// module's types that scripts/build.sh writes into www/pkg/) and passes ESLint's recommended
// rules with lines of at most 120 characters (eslint.config.js). docs/testing.md has the
// commands and what they cost.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ESLint } from 'eslint';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TSC = path.join(ROOT, 'node_modules/typescript/bin/tsc');
// folders and files not yet made clean (issue 58 item 3 goes folder by folder): their problems
// are left out below; the list only shrinks
const NOT_YET = [
  // changed much by the paths branch at the same time: rewrapped after its merge
  'www/pages/game/correspondence-view.js',
];
const pending = (file) => NOT_YET.some((p) => file.startsWith(p));

/** tsc's errors for the project `config` (a jsconfig.json), as lines `file(line,col): error TS...`. */
async function typeErrors(config) {
  const run = await promisify(execFile)(process.execPath, [TSC, '-p', config, '--pretty', 'false'], { cwd: ROOT })
    .catch((e) => e);
  if (run.stderr) assert.fail(run.stderr);
  return run.stdout.split('\n').filter((l) => /\): error TS\d+/.test(l));
}

test('types: tsc --checkJs finds no error in www/ and package/', async () => {
  assert.ok(existsSync(path.join(ROOT, 'www/pkg/makruk_wasm.d.ts')), 'the wasm module\'s types: run scripts/build.sh');
  const errors = await typeErrors('jsconfig.json');
  assert.deepEqual(errors.filter((l) => !pending(l)), []);
});

test('types: the check sees a type error (the test above is not vacuous)', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'makruk-types-'));
  try {
    writeFileSync(path.join(dir, 'bad.js'), "/** @type {number} */\nexport const n = 'one';\n");
    writeFileSync(path.join(dir, 'jsconfig.json'),
      JSON.stringify({ extends: path.join(ROOT, 'jsconfig.json'), include: [path.join(dir, '*.js')] }));
    const errors = await typeErrors(path.join(dir, 'jsconfig.json'));
    assert.equal(errors.length, 1);
    assert.match(errors[0], /bad\.js\(2,14\): error TS2322/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('lint: ESLint finds no problem in www/ and package/', async () => {
  const results = await new ESLint({ cwd: ROOT }).lintFiles(['www', 'package']);
  assert.ok(results.length > 100, 'the modules were linted');
  const problems = results.flatMap((r) => r.messages.map((m) => `${path.relative(ROOT, r.filePath)}:${m.line} ${m.ruleId}: ${m.message}`));
  assert.deepEqual(problems.filter((p) => !pending(p)), []);
});

test('lint: ESLint sees an unused name, an unknown global and a long line (the test above is not vacuous)', async () => {
  const code = `export function f(a) {\n  const unused = 1;\n  return a + nowhere + ${JSON.stringify('x'.repeat(100))};\n}\n`;
  const [result] = await new ESLint({ cwd: ROOT }).lintText(code, { filePath: path.join(ROOT, 'www', 'example.js') });
  assert.deepEqual(result.messages.map((m) => `${m.line} ${m.ruleId}`), ['2 no-unused-vars', '3 max-len', '3 no-undef']);
});
