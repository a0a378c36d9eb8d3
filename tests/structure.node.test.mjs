// The front end's structure, without a browser: no import cycle anywhere under www/, and the
// store knows nothing of the DOM, the engine or storage, and only the workers search and build tables.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const WWW = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../www');

/**
 * Every .js file under `root` (www/; generated and third-party folders aside) and its imports:
 * static ones, or with `dynamic` those of `import('...')` too.
 */
function graph({ root = WWW, dynamic = false } = {}) {
  const files = fs.readdirSync(root, { recursive: true })
    .filter((f) => f.endsWith('.js') && !/^(pkg|vendor)\//.test(f));
  const edges = new Map();
  for (const f of files) {
    const src = fs.readFileSync(path.join(root, f), 'utf8');
    const found = [...src.matchAll(/^\s*(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]/gm)];
    if (dynamic) found.push(...src.matchAll(/\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g));
    const deps = found.map((m) => path.relative(root, path.resolve(path.dirname(path.join(root, f)), m[1])));
    edges.set(f, [...new Set(deps)]);
  }
  return edges;
}

/** A cycle as a list of files, or null. */
function findCycle(edges) {
  const state = new Map(); // file -> 'open' | 'done'
  const stack = [];
  function visit(f) {
    if (state.get(f) === 'done') return null;
    if (state.get(f) === 'open') return [...stack.slice(stack.indexOf(f)), f];
    state.set(f, 'open');
    stack.push(f);
    for (const d of edges.get(f) || []) {
      const c = visit(d);
      if (c) return c;
    }
    stack.pop();
    state.set(f, 'done');
    return null;
  }
  for (const f of edges.keys()) {
    const c = visit(f);
    if (c) return c;
  }
  return null;
}

test('structure: no import cycle under www/, dynamic imports (import(\'...\')) counted', () => {
  const edges = graph({ dynamic: true });
  assert.ok(edges.size > 20, 'the modules were found');
  assert.ok(edges.get('common/i18n/index.js').includes('common/i18n/features.js'), 'a dynamic import is an edge');
  assert.equal(findCycle(edges), null);
});

test('structure: the cycle finder sees a cycle, one through a dynamic import too (the check above is not vacuous)', () => {
  const edges = new Map([['a.js', ['b.js']], ['b.js', ['c.js']], ['c.js', ['a.js']]]);
  assert.deepEqual(findCycle(edges), ['a.js', 'b.js', 'c.js', 'a.js']);
  // the cycle issue 58 found: i18n/index.js loads features.js, which imported index.js
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'makruk-structure-'));
  try {
    fs.writeFileSync(path.join(root, 'index.js'), "export const fill = (t) => t;\nconst loader = () => import('./features.js');\n");
    fs.writeFileSync(path.join(root, 'features.js'), "import { fill } from './index.js';\n");
    assert.equal(findCycle(graph({ root })), null, 'static imports alone see none');
    assert.deepEqual(findCycle(graph({ root, dynamic: true })), ['features.js', 'index.js', 'features.js']);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('structure: the store and its features\' slices import no DOM, engine or storage module and touch none of them', () => {
  const PURE = ['common/game/store.js', 'common/game/clock.js', 'common/game/review.js', 'common/game/marks.js', 'common/game/review-marks.js', 'common/game/count.js', 'common/game/correspondence.js', 'common/game/board-view.js', 'common/game/levels.js', 'common/game/tree.js', 'common/fen.js', 'common/record.js'];
  const src = PURE.map((f) => fs.readFileSync(path.join(WWW, f), 'utf8')).join('\n').replace(/\/\/.*$/gm, '');
  const edges = graph();
  assert.deepEqual(edges.get('common/game/store.js').sort(), ['common/fen.js', 'common/game/board-view.js', 'common/game/clock.js', 'common/game/correspondence.js', 'common/game/count.js', 'common/game/levels.js', 'common/game/review.js', 'common/game/tree.js', 'common/record.js']);
  for (const f of PURE) assert.deepEqual(edges.get(f).filter((d) => !PURE.includes(d)), [], `${f} imports only the store's pure modules`);
  for (const word of ['document', 'window', 'localStorage', 'history', 'Worker', 'postMessage']) {
    // (the global, not a method of the same name: the rules' `game.history()`, its SAN moves)
    assert.doesNotMatch(src, new RegExp(`(?<!\\.)\\b${word}\\b`), word);
  }
});

test('structure: the search and the endgame tables run only in their workers', () => {
  const files = fs.readdirSync(WWW, { recursive: true }).filter((f) => f.endsWith('.js') && !/^(pkg|vendor)\//.test(f));
  const users = (name) => files.filter((f) => new RegExp(`\\b${name}\\b[^;]*\\bfrom\\s+['"][^'"]*(wasm|pkg)[^'"]*['"]|\\bnew ${name}\\(`)
    .test(fs.readFileSync(path.join(WWW, f), 'utf8')));
  assert.deepEqual(users('Engine'), ['engine-worker.js']);
  assert.deepEqual(users('Trainer'), ['pages/trainer/tables-worker.js']);
});

test('structure: every test file says where it runs (*.node.test.mjs or *.browser.test.mjs: tests/run.mjs runs only those)', () => {
  const tests = fs.readdirSync(path.join(WWW, '../tests')).filter((f) => f.endsWith('.test.mjs'));
  assert.ok(tests.length > 10);
  assert.deepEqual(tests.filter((f) => !/\.(node|browser)\.test\.mjs$/.test(f)), []);
  // a Node test file imports no browser
  const node = tests.filter((f) => f.endsWith('.node.test.mjs'));
  assert.deepEqual(node.filter((f) => /^import .*(helpers|ui\.support)\.mjs|^import .*playwright/m.test(fs.readFileSync(path.join(WWW, '../tests', f), 'utf8'))), []);
});

test('structure: one loader of the rules module: the pages go through www/load-rules.js, the workers load theirs', () => {
  const files = fs.readdirSync(WWW, { recursive: true }).filter((f) => f.endsWith('.js') && !/^(pkg|vendor)\//.test(f));
  const loaders = files.filter((f) => /loadWasm\(|import\(['"][./]*wasm(-full)?\.js['"]\)|from\s+['"][./]*wasm(-full)?\.js['"]/
    .test(fs.readFileSync(path.join(WWW, f), 'utf8').replace(/^\s*(\/\/|\*).*$/gm, '')));
  assert.deepEqual(loaders.sort(), ['engine-worker.js', 'load-rules.js', 'pages/trainer/tables-worker.js', 'wasm-full.js', 'wasm.js']);
});

test('structure: one message box: only www/common/dom.js (showMessage) writes the page\'s #message', () => {
  const files = fs.readdirSync(WWW, { recursive: true }).filter((f) => f.endsWith('.js') && !/^(pkg|vendor)\//.test(f));
  const writers = files.filter((f) => /(\$\(['"]message['"]\)|getElementById\(['"]message['"]\))\.(textContent|hidden|dataset)\b|flashMessage|\$\(['"]message['"]\)\s*;/
    .test(fs.readFileSync(path.join(WWW, f), 'utf8')));
  assert.deepEqual(writers, []);
});

test('structure: the engine\'s levels in one place (www/common/game/levels.js): no other file writes 1 to 8 or the Elo table', () => {
  const files = fs.readdirSync(WWW, { recursive: true }).filter((f) => f.endsWith('.js') && !/^(pkg|vendor|common\/i18n)\//.test(f) && f !== 'common/game/levels.js');
  const copies = files.filter((f) => /level\w*\s*(<=|>=|<|>)\s*\d|'1 to 8'|\b800, 1040\b|level: 8\b|DEFAULT_LEVEL = |PACED_LEVELS = /
    .test(fs.readFileSync(path.join(WWW, f), 'utf8')));
  assert.deepEqual(copies, []);
});

test('structure: README.md stays short, under 15,000 bytes (records of work go to docs/)', () => {
  const size = fs.statSync(path.join(WWW, '..', 'README.md')).size;
  assert.ok(size < 15_000, `README.md is ${size} bytes`);
});

test('structure: every file that the docs, README, the code and the tests name by its path exists', () => {
  const ROOT = path.join(WWW, '..');
  const list = (dir, re) => fs.readdirSync(path.join(ROOT, dir), { recursive: true }).filter((f) => re.test(f) && !/^(pkg|vendor)\//.test(f)).map((f) => `${dir}/${f}`);
  const files = [...list('docs', /\.md$/), 'README.md', ...list('www', /\.js$/), ...list('tests', /\.mjs$/)];
  const missing = [];
  for (const f of files) {
    for (const [, named] of fs.readFileSync(path.join(ROOT, f), 'utf8').matchAll(/\b((?:www|tests|docs|scripts|crate)\/[\w./-]+\.(?:js|mjs|md|rs|html|css|sh))\b/g)) {
      // generated and copied files (www/pkg, www/vendor) come with the build; x.browser.test.mjs is an example
      if (/\/(pkg|vendor)\/|\/x\.browser\.test\.mjs$/.test(named)) continue;
      if (!fs.existsSync(path.join(ROOT, named))) missing.push(`${f}: ${named}`);
    }
  }
  assert.deepEqual(missing, []);
});

test('structure: no dead export: every name a module under www/ exports is used by another module, the package or a test', () => {
  const ROOT = path.join(WWW, '..');
  const files = fs.readdirSync(WWW, { recursive: true }).filter((f) => f.endsWith('.js') && !/^(pkg|vendor)\//.test(f));
  const src = new Map(files.map((f) => [f, fs.readFileSync(path.join(WWW, f), 'utf8')]));
  const read = (dir, ext) => fs.readdirSync(path.join(ROOT, dir)).filter((f) => f.endsWith(ext)).map((f) => fs.readFileSync(path.join(ROOT, dir, f), 'utf8'));
  // the tests, and the npm package's own modules (package/), which import the site's
  const tests = [...read('tests', '.mjs'), ...read('package', '.js')].join('\n');
  const dead = [];
  for (const [f, text] of src) {
    for (const [, name] of text.matchAll(/^export (?:async )?(?:function|const|let|class) (\w+)/gm)) {
      const used = new RegExp(`\\b${name}\\b`);
      if (![...src].some(([g, t]) => g !== f && used.test(t)) && !used.test(tests)) dead.push(`${f} ${name}`);
    }
  }
  assert.deepEqual(dead, []);
});

test('structure: sharing is split by concern: PGN, QR codes, the clipboard, the Share dialog, the position panel', () => {
  const read = (f) => fs.readFileSync(path.join(WWW, f), 'utf8');
  const concerns = { 'pages/game/share/pgn.js': /export function writePgn/, 'pages/game/share/qr.js': /export function encodeQR/, 'pages/game/share/clipboard.js': /export async function copyText/, 'pages/game/share/dialog.js': /export function buildShareDialog/, 'pages/game/share/panel.js': /export function buildPositionPanel/ };
  for (const [f, re] of Object.entries(concerns)) assert.match(read(f), re, f);
  assert.doesNotMatch(read('pages/game/share.js'), /function (writePgn|readPgn|encodeQR|drawQR|copyText|buildShareDialog|buildPositionPanel)\b/);
});

test('structure: one shell: the <head> and the header are written once (www/common/shell.html), each page\'s part holds only its own', async () => {
  const ROOT = path.join(WWW, '..');
  const { PAGES, SHELL, renderPage } = await import('../scripts/pages.mjs');
  const shell = fs.readFileSync(path.join(ROOT, SHELL), 'utf8');
  const SHARED = [/Content-Security-Policy/, /<meta name="viewport"/, /class="topbar"/, /id="btn-settings"/, /id="lang"/, /www\/common\/style\.css/, /rel="manifest"/];
  for (const re of SHARED) assert.equal(shell.match(new RegExp(re.source, 'g'))?.length, 1, `the shell: ${re}`);
  for (const [file, folder] of Object.entries(PAGES)) {
    const part = fs.readFileSync(path.join(WWW, 'pages', folder, 'page.html'), 'utf8');
    for (const re of SHARED) assert.doesNotMatch(part, re, `${folder}/page.html repeats the shell's ${re}`);
    assert.doesNotMatch(part, /<!doctype|<html|rel="modulepreload"/i, folder);
    const page = renderPage(file);
    assert.equal(fs.readFileSync(path.join(ROOT, file), 'utf8'), page, `${file} is what the shell and ${folder}/page.html make: run node scripts/pages.mjs`);
    assert.match(page, /^<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">/, file);
    assert.equal(page.match(/<script type="module" src="[^"]+"><\/script>/g)?.length, 1, `${file}: its one script`);
    assert.equal(/class="topbar"/.test(page), file !== 'embed.html', `${file}: the header, but in the frame`);
  }
  // the checks above can fail: a part that copies the header is seen
  assert.match(shell.slice(shell.indexOf('<header')), SHARED[2]);
});

test('structure: one start-up for the side pages (www/common/page.js startSidePage): each keeps its state in one object, none loads the rules or the offline worker itself', () => {
  for (const name of ['learn', 'puzzles', 'trainer']) {
    const src = fs.readFileSync(path.join(WWW, 'pages', name, 'main.js'), 'utf8');
    assert.match(src, /^startSidePage\(page, \{\n {2}name: '(\w+)',/m, name);
    assert.match(src, /^const page = \{/m, `${name}: its state`);
    assert.deepEqual(src.match(/^let \w+/gm) ?? [], [], `${name}: no module-level let`);
    assert.doesNotMatch(src, /\bloadRules\(|\bchooseLanguage\(|offline\.js|dataset\.ready =/, name);
  }
});

// A fact the core owns is asked of the core (issue 58, item 1): no module under www/ reads the
// fields of a FEN or the letters of a SAN. The checker looks for a FEN split on its spaces or
// slashes and for a SAN's text searched or matched; what it still finds is listed here, each
// with its reason: the list may shrink, never grow.
const FEN_READ = /fen\w*\)?(?:\.trim\(\))?\.split\((?:' '|'\/'|\/\\s\+\/)\)/i;
const SAN_READ = /\b(?:san|sans\[[^\]]*\](?: \|\| '')?\)?)\??\.(?:includes|endsWith|startsWith|match|replace|slice|indexOf|split|at)\(|\.test\(san\b|(?<![.\w])san\[\d\]/;
const STILL_READ = {
  // the first paint alone, before the rules module (some 76,000 bytes) has loaded: a saved or
  // linked game's placement (fenToBoard) and, for a friend's link, its side to move, the board's
  // orientation (colorAt); the rule sets and their start FENs are the core's (store.variantStart)
  'common/fen.js': 2,
  // a URL matter, not a rule: a hand-written link's Kar Ouk checks field `1+1` comes from
  // URLSearchParams as two fields (its `+` a space), joined again before the core reads the FEN
  'common/link.js': 1,
};

/** The lines of `src` that read a FEN's fields or a SAN's letters. */
const notationReads = (src) => src.split('\n').filter((line) => FEN_READ.test(line) || SAN_READ.test(line));

test('structure: no module under www/ reads a FEN\'s fields or a SAN\'s letters (the core says them), but the ones listed', () => {
  const found = {};
  for (const f of fs.readdirSync(WWW, { recursive: true })) {
    if (!f.endsWith('.js') || /^(pkg|vendor)\//.test(f) || f === 'embed.js') continue;
    const n = notationReads(fs.readFileSync(path.join(WWW, f), 'utf8')).length;
    if (n) found[f] = n;
  }
  assert.deepEqual(found, STILL_READ);
});

test('structure: the FEN and SAN checker sees a reading (the check above is not vacuous)', () => {
  const reads = [
    "const turn = fen.split(' ')[1];", 'const rows = String(fen).trim().split(/\\s+/)[0];', "const ranks = startFen.split('/');",
    "if (san.includes('x')) capture();", "const mate = m.san.endsWith('#');", 'const piece = /^[KMSNR]/.test(san);', 'const letter = san[0];',
    "const tense = (s.sans[s.ply - 1] || '').includes('x');",
  ];
  for (const line of reads) assert.equal(notationReads(line).length, 1, line);
  const fine = ["const parts = line.split(';');", 'const names = s.sans.slice(0, ply);', 'const m = legal.find((x) => x.capture);', "location.href.split('#')[0]"];
  for (const line of fine) assert.equal(notationReads(line).length, 0, line);
});

// The rule sets are the core's (issue 58, item 1): their names, their start FENs. No module
// under www/ keeps a table of them (two names in one list, a name as an object's key, Ouk
// Chatrang's start rights `w DEde`); a link's rules and start are asked of the core through the
// store (store.variantStart, link.js withRules). Makruk's START_FEN stays in www/common/fen.js:
// the first paint draws its placement, which every rule set starts from (store.node.test.mjs).
const RULE_NAME = "'(?:makruk|cambodian|makpong|karouk)'";
const RULES_TABLE = new RegExp(`\\[[^\\]]*${RULE_NAME}[^\\]]*${RULE_NAME}|\\b(?:makruk|cambodian|makpong|karouk)\\s*:|\\bw DEde\\b`);

test('structure: no module under www/ keeps a table of the core\'s rule sets (their names, their start FENs)', () => {
  const found = [];
  for (const f of fs.readdirSync(WWW, { recursive: true })) {
    if (!f.endsWith('.js') || /^(pkg|vendor)\//.test(f) || f === 'embed.js') continue;
    const lines = fs.readFileSync(path.join(WWW, f), 'utf8').split('\n');
    lines.forEach((line, k) => { if (RULES_TABLE.test(line)) found.push(`${f}:${k + 1}`); });
  }
  assert.deepEqual(found, []);
  // the checker sees the tables the page held
  for (const line of ["export const VARIANTS = ['makruk', 'cambodian', 'makpong', 'karouk'];",
    'const START_FENS = { makruk: START_FEN, cambodian: `${OUK}0 1` };', "const OUK = 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - ';"]) {
    assert.match(line, RULES_TABLE, line);
  }
  assert.doesNotMatch("{ fen: '4k3/7p/8/8/8/P7/8/3K4 w D - 0 1', variant: 'cambodian' }", RULES_TABLE);
});

/** The Rust files docs/architecture.md must name and the ones it names: the core's (its
 * "Inside the core" section) and the bindings' (their row of the crates' table). */
function architectureNames(doc, files) {
  const core = doc.slice(doc.indexOf('### Inside the core'), doc.indexOf('\n## ', doc.indexOf('### Inside the core')));
  const wasm = doc.split('\n').find((line) => line.startsWith('| `makruk-wasm` |')) || '';
  // (a test file, under a crate's tests/, is not one of the sources)
  const names = (text) => new Set([...text.matchAll(/([\w/]+)\.rs\b/g)].filter((m) => !m[1].includes('tests/')).map((m) => m[1].split('/').pop()));
  const base = (f) => f.split('/').pop().replace(/\.rs$/, '');
  const out = [];
  for (const [crate, text] of [['makruk', core], ['makruk-wasm', wasm]]) {
    const named = names(text);
    const own = files.filter((f) => f.startsWith(`${crate}/`)).map(base);
    for (const f of own) if (!named.has(f)) out.push(`${crate}: ${f}.rs not in the doc`);
    for (const n of named) if (!own.includes(n)) out.push(`${crate}: ${n}.rs in the doc, not in the crate`);
  }
  return out;
}

test('structure: docs/architecture.md names every Rust source file of the core and the bindings, and none that is gone', () => {
  const root = path.join(WWW, '..');
  const files = [];
  for (const crate of ['makruk', 'makruk-wasm']) {
    for (const f of fs.readdirSync(path.join(root, 'crate', crate, 'src'), { recursive: true })) if (f.endsWith('.rs')) files.push(`${crate}/${f}`);
  }
  assert.deepEqual(architectureNames(fs.readFileSync(path.join(root, 'docs/architecture.md'), 'utf8'), files), []);
  // the check can fail: a new file, and a file gone
  const doc = '### Inside the core\n`game.rs`, `gone.rs`\n\n## Next\n| `makruk-wasm` | `lib.rs` |';
  assert.deepEqual(architectureNames(doc, ['makruk/game.rs', 'makruk/new.rs', 'makruk-wasm/lib.rs']),
    ['makruk: new.rs not in the doc', 'makruk: gone.rs in the doc, not in the crate']);
});
