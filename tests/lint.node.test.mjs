// Types and lint: every module of the site (www/) and of the npm package (package/) is
// type-checked by TypeScript from its JSDoc (`tsc -p jsconfig.json`: checkJs, with the wasm
// module's types that scripts/build.sh writes into www/pkg/) and passes ESLint's recommended
// rules with lines of at most 120 characters (eslint.config.js). docs/testing.md has the
// commands and what they cost.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ESLint } from 'eslint';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TSC = path.join(ROOT, 'node_modules/typescript/bin/tsc');

/** Every module of the site and of the package, relative to the root (generated files aside). */
function modules() {
  const www = readdirSync(path.join(ROOT, 'www'), { recursive: true })
    .filter((f) => f.endsWith('.js') && !/^(pkg|vendor)\//.test(f) && f !== 'embed.js').map((f) => `www/${f}`);
  const pkg = readdirSync(path.join(ROOT, 'package')).filter((f) => f.endsWith('.js')).map((f) => `package/${f}`);
  return [...www, ...pkg].sort();
}

/** tsc on the project `config` (a jsconfig.json): its errors, as lines `file(line,col): error TS...`,
 * and the files it checked (relative to the root). */
async function typeCheck(config) {
  const args = [TSC, '-p', config, '--pretty', 'false', '--listFiles'];
  const run = await promisify(execFile)(process.execPath, args, { cwd: ROOT, maxBuffer: 1 << 24 }).catch((e) => e);
  if (run.stderr) assert.fail(run.stderr);
  const lines = run.stdout.split('\n');
  const files = lines.filter((l) => path.isAbsolute(l)).map((l) => path.relative(ROOT, l));
  return { errors: lines.filter((l) => /\): error TS\d+/.test(l)), files };
}

/**
 * One tsc run for both tests below (each run reads the DOM's types first, a second of CPU): the
 * project (jsconfig.json) and, in a folder of its own, a file with one type error. Resolves to
 * typeCheck's {errors, files}.
 */
let checked = null;
function checkWithBadFile() {
  checked ??= (async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'makruk-types-'));
    try {
      writeFileSync(path.join(dir, 'bad.js'), "/** @type {number} */\nexport const n = 'one';\n");
      // the project's own include and exclude, from the repository's root, and the file beside them
      const project = JSON.parse(readFileSync(path.join(ROOT, 'jsconfig.json'), 'utf8'));
      const rooted = (list) => list.map((p) => path.join(ROOT, p));
      writeFileSync(path.join(dir, 'jsconfig.json'), JSON.stringify({ extends: path.join(ROOT, 'jsconfig.json'),
        include: [...rooted(project.include), path.join(dir, '*.js')], exclude: rooted(project.exclude) }));
      return await typeCheck(path.join(dir, 'jsconfig.json'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  })();
  return checked;
}

const isBad = (line) => /^(.*[\\/])?bad\.js\(/.test(line);

test('types: tsc --checkJs checks every module of www/ and package/ and finds no error', async () => {
  assert.ok(existsSync(path.join(ROOT, 'www/pkg/makruk_wasm.d.ts')), 'the wasm module\'s types: run scripts/build.sh');
  const { errors, files } = await checkWithBadFile();
  const all = modules();
  assert.ok(all.length > 100, 'the modules were found');
  // (a .d.ts beside a module would hide it from the check)
  assert.deepEqual(all.filter((f) => !files.includes(f)), [], 'every module is checked');
  assert.deepEqual(errors.filter((e) => !isBad(e)), []);
});

test('types: the check sees a type error (the test above is not vacuous)', async () => {
  const { errors } = await checkWithBadFile();
  const bad = errors.filter(isBad);
  assert.equal(bad.length, 1, errors.join('\n'));
  assert.match(bad[0], /bad\.js\(2,14\): error TS2322/);
});

test('lint: ESLint lints every module of www/ and package/ and finds no problem', async () => {
  const results = await new ESLint({ cwd: ROOT }).lintFiles(['www', 'package']);
  assert.deepEqual(results.map((r) => path.relative(ROOT, r.filePath)).sort(), modules());
  const problems = results.flatMap((r) => r.messages
    .map((m) => `${path.relative(ROOT, r.filePath)}:${m.line} ${m.ruleId}: ${m.message}`));
  assert.deepEqual(problems, []);
});

test('lint: ESLint sees an unused name, an unknown global and a long line, not a long text of a table', async () => {
  const long = JSON.stringify('x'.repeat(130));
  const code = `export function f(a) {\n  const unused = 1;\n  return a + nowhere + ${long};\n}\n`
    + `export const TEXTS = {\n  words: ${long},\n};\n`;
  const filePath = path.join(ROOT, 'www', 'example.js');
  const [result] = await new ESLint({ cwd: ROOT }).lintText(code, { filePath });
  assert.deepEqual(result.messages.map((m) => `${m.line} ${m.ruleId}`), ['2 no-unused-vars', '3 max-len', '3 no-undef']);
});
