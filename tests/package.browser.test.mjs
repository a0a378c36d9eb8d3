// The npm package makruk-board as a web developer uses it: `npm run package` packs it, npm
// installs the tarball into a scratch project outside the repository, Vite builds a page that
// imports it (`vite build`, no configuration), the build is served, and in Chromium a person
// plays a move on the <makruk-board> element and the engine (its worker, found by Vite through
// `new URL(..., import.meta.url)`) replies. tsc --strict checks a TypeScript file that uses
// the package's types. Vite and TypeScript are the repository's devDependencies; the scratch
// project gets the package alone.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { build as esbuild } from 'esbuild';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { useBrowser, ROOT } from './helpers.mjs';
import { serve } from '../scripts/serve.mjs';

const PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>A Makruk page</title></head>
<body>
<main style="width: 480px"><makruk-board engine="1" coords="0"></makruk-board>
<makruk-board id="still" moves="e3e4" orientation="black" lang="th"></makruk-board></main>
<script type="module" src="./main.js"></script>
</body>
</html>
`;
const MAIN = `import 'makruk-board';
const board = document.querySelector('makruk-board');
window.moves = [];
board.addEventListener('move', (e) => window.moves.push(e.detail));
board.addEventListener('ready', () => { window.ready = true; });
`;
// the types a developer's editor sees: every exported name, and every event of the element
const TYPED = `import { init, Game, createEngine, MakrukBoardElement, type SearchInfo, type BoardState, type Shape,
  type BoardErrorCode, type BeforeMoveDetail, type Position, type SearchLimits, type SearchResult, type Engine,
  type Variant, type Color, type Result, type MoveInfo, type CountInfo, type Status, type Score,
  type MakrukBoardEventMap } from 'makruk-board';

const board: MakrukBoardElement = document.createElement('makruk-board');
board.flip();
board.setPosition(null, ['e3e4']);
board.moves = 'e3e4 e6e5';
board.moves = ['e3e4'];
const moves: string[] = board.moves;
const fen: string | null = board.fen;
board.fen = 'k7/8/1K6/8/8/8/8/7R w - - 0 1';
const side: Color = board.orientation;
board.orientation = 'black';
const shapes: Shape[] = [{ from: 'e3', to: 'e4', color: 'red' }, { square: 'd4' }];
board.setShapes(shapes);
board.addEventListener('ready', (e) => console.log(e.detail));
board.addEventListener('move', (e) => console.log(e.detail.san.toUpperCase(), e.detail.fen));
board.addEventListener('gameEnd', (e) => { const r: Result = e.detail.result; console.log(r, e.detail.reason); });
board.addEventListener('state', (e) => { const s: BoardState = e.detail; console.log(s.mainLine, s.path[0] + 1); });
board.addEventListener('beforemove', (e) => { const d: BeforeMoveDetail = e.detail; if (d.uci === 'e3e4') e.preventDefault(); });
board.addEventListener('solved', () => {});
board.addEventListener('failed', (e) => console.log(e.detail.move));
board.addEventListener('error', (e) => { const c: BoardErrorCode = e.detail.code; console.log(c, e.detail.message); });
document.addEventListener('move', (e) => console.log(e.detail.uci));
document.addEventListener('gameEnd', (e) => console.log(e.detail.reason));
board.getState().then((s) => console.log(s.status.turn === 'white', s.moves.length, s.variant));
board.destroy();
const events: (keyof MakrukBoardEventMap)[] = ['ready', 'move', 'gameEnd', 'state', 'beforemove', 'solved', 'failed', 'error'];
console.log(moves, fen, side, events);

export async function best(): Promise<string | null> {
  await init();
  const game = new Game(undefined, 'cambodian');
  const v: Variant = game.variant();
  const played: MoveInfo = game.play('e4');
  const sans: string[] = game.legalMoves().map((m) => m.san);
  const st: Status = game.status();
  const count: CountInfo | null = st.count;
  console.log(v, played.uci, sans, game.fen(), game.startFen(), st.check, count, game.undo(), game.history(), game.board(), game.moveNumber(0));
  const { game: again, dropped } = Game.fromRecord('x', 2);
  console.log(again.moves(), dropped?.message);
  again.free();
  const engine: Engine = createEngine({ onCrash: (m: string) => console.warn(m) });
  const depths: number[] = [];
  const position: Position = { moves: game.moves(), variant: 'cambodian' };
  const limits: SearchLimits = { depth: 4 };
  const res: SearchResult = await engine.search(position, limits, (info: SearchInfo) => depths.push(info.depth));
  const score: Score = res.score;
  console.log(score, await engine.legalMoves('k7/8/1K6/8/8/8/8/7R w - - 0 1'), await engine.status({ record: 'x' }));
  engine.stop();
  engine.terminate();
  return res.move;
}
`;

const env = useBrowser({ server: false });
let scratch;
let site;

before(() => {
  const out = execFileSync(process.execPath, [`${ROOT}scripts/package.mjs`], { cwd: ROOT, encoding: 'utf8' });
  const tarball = out.trim().split('\n').pop();
  assert.match(tarball, /makruk-board-[\d.]+\.tgz$/);
  scratch = mkdtempSync(join(tmpdir(), 'makruk-package-'));
  writeFileSync(join(scratch, 'package.json'), JSON.stringify({ name: 'a-page', private: true, type: 'module' }));
  writeFileSync(join(scratch, 'index.html'), PAGE);
  writeFileSync(join(scratch, 'main.js'), MAIN);
  writeFileSync(join(scratch, 'typed.ts'), TYPED);
  const npm = ['install', tarball, '--offline', '--no-audit', '--no-fund', '--ignore-scripts'];
  execFileSync('npm', npm, { cwd: scratch, stdio: 'pipe' });
  execFileSync(process.execPath, [`${ROOT}node_modules/vite/bin/vite.js`, 'build', '--logLevel', 'warn'], { cwd: scratch, stdio: 'pipe' });
  // the same page for esbuild and webpack 5, each in a folder of its own, its script app.js
  for (const dir of ['esbuild', 'webpack']) {
    mkdirSync(join(scratch, dir));
    writeFileSync(join(scratch, dir, 'index.html'), PAGE.replace('./main.js', './app.js'));
  }
});

/** The esbuild build as the package's README says: one ES module bundle, and the package's www/
 * files copied beside it (esbuild leaves `new URL(..., import.meta.url)` as it is). */
async function esbuildSite() {
  const out = join(scratch, 'esbuild');
  await esbuild({ absWorkingDir: scratch, entryPoints: ['main.js'], bundle: true, format: 'esm', outfile: join(out, 'app.js'), logLevel: 'warning' });
  cpSync(join(scratch, 'node_modules/makruk-board/www'), out, { recursive: true });
  return out;
}

/** The webpack 5 build with no configuration but the entry and the output: it copies the
 * files named by `new URL(..., import.meta.url)` and makes the worker a chunk. Production, not
 * minified: terser's pass (three quarters of the build's CPU time) changes none of that, and a
 * minified bundle of the package is Vite's build (esbuild's minifier), tested above. */
async function webpackSite() {
  const out = join(scratch, 'webpack');
  const { default: webpack } = await import('webpack');
  const stats = await new Promise((resolve, reject) => {
    webpack({ mode: 'production', optimization: { minimize: false }, context: scratch, entry: './main.js', output: { path: out, filename: 'app.js' } }, (err, st) => (err ? reject(err) : resolve(st)));
  });
  assert.equal(stats.hasErrors(), false, stats.toString({ all: false, errors: true }));
  return out;
}

/** Serves `dir` and, in Chromium, plays e3e4 on the page's first board: the engine replies. */
async function playsAgainstEngine(dir) {
  const server = await serve(0, '127.0.0.1', dir + sep);
  const page = await env.browser.newPage({ viewport: { width: 800, height: 700 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  try {
    await page.goto(server.url);
    await page.waitForFunction(() => window.ready === true);
    await page.click('makruk-board [data-square=e3]');
    await page.click('makruk-board [data-square=e4]');
    await page.waitForFunction(() => window.moves.length >= 2, null, { timeout: 60_000 });
    const moves = await page.evaluate(() => window.moves);
    assert.equal(moves[0].uci, 'e3e4');
    assert.match(moves[1].uci, /^[a-h][1-8][a-h][1-8]$/, 'the engine replied');
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
    await server.close();
  }
}

test('package: an esbuild bundle (the package\'s www/ beside it) plays a move and gets the engine\'s reply', { timeout: 180_000 }, async () => {
  await playsAgainstEngine(await esbuildSite());
});

test('package: a webpack 5 build plays a move and gets the engine\'s reply', { timeout: 300_000 }, async () => {
  await playsAgainstEngine(await webpackSite());
});

after(async () => {
  await site?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

test('package: a Vite build of a page with <makruk-board> plays a move and gets the engine\'s reply', async () => {
  const assets = readdirSync(join(scratch, 'dist/assets'));
  // the worker, both builds of the game module and the network, copied by Vite (the full
  // module too: www/load-rules.js imports it on demand, for PGN)
  assert.ok(assets.some((f) => /^engine-worker-.*\.js$/.test(f)), assets.join(' '));
  assert.equal(assets.filter((f) => /^makruk_wasm(_simd)?_bg-.*\.wasm$/.test(f)).length, 2, assets.join(' '));
  assert.ok(assets.some((f) => f.endsWith('.nnue')), assets.join(' '));
  site = await serve(0, '127.0.0.1', join(scratch, 'dist') + sep);
  const page = await env.browser.newPage({ viewport: { width: 800, height: 700 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(site.url);
  await page.waitForFunction(() => window.ready === true);
  await page.click('makruk-board [data-square=e3]');
  await page.click('makruk-board [data-square=e4]');
  await page.waitForFunction(() => window.moves.length >= 2, null, { timeout: 30_000 });
  const moves = await page.evaluate(() => window.moves);
  assert.equal(moves[0].uci, 'e3e4');
  assert.match(moves[1].uci, /^[a-h][1-8][a-h][1-8]$/);
  assert.match(moves[1].fen, / w /);
  const state = await page.evaluate(() => document.querySelector('makruk-board').getState());
  assert.deepEqual(state.moves, [moves[0].uci, moves[1].uci]);
  assert.deepEqual(errors, []);
  await page.close();
});

test('package: the element\'s attributes, methods and events, as the README\'s embed API', async () => {
  const page = await env.browser.newPage({ viewport: { width: 800, height: 700 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(site.url);
  await page.waitForFunction(() => window.ready === true);
  const run = (fn, arg) => page.evaluate(fn, arg);
  const state = () => run(() => document.getElementById('still').getState());
  await page.waitForSelector('#still [data-square=e4]');
  assert.match(await page.getAttribute('#still [data-square=e4]', 'aria-label'), /[\u0E00-\u0E7F]/, 'lang="th": Thai labels');
  let s = await state();
  assert.deepEqual([s.moves, s.orientation, s.status.turn], [['e3e4'], 'black', 'black']);
  // an illegal move is refused with an error event, the game kept; a legal one is played
  const refused = await run(() => new Promise((resolve) => {
    const board = document.getElementById('still');
    board.addEventListener('error', (e) => resolve(e.detail.message), { once: true });
    board.move('e4');
  }));
  assert.match(refused, /e4/);
  const played = await run(() => new Promise((resolve) => {
    const board = document.getElementById('still');
    board.addEventListener('move', (e) => resolve(e.detail), { once: true });
    board.move('e5');
  }));
  assert.deepEqual([played.uci, played.san], ['e6e5', 'e5']);
  await run(() => document.getElementById('still').flip());
  s = await state();
  assert.deepEqual([s.moves, s.orientation], [['e3e4', 'e6e5'], 'white']);
  // attributes set a new position
  await run(() => document.getElementById('still').setAttribute('moves', 'd3d4'));
  s = await state();
  assert.deepEqual(s.moves, ['d3d4']);
  await run(() => document.getElementById('still').setPosition('k7/8/1K6/8/8/8/8/7R w - - 0 1', ['Rh8']));
  s = await state();
  assert.deepEqual([s.status.result, s.status.reason], ['1-0', 'checkmate']);
  assert.deepEqual(errors, []);
  await page.close();
});

test('package: its types check under tsc --strict', () => {
  // and a mistake is caught: the element has no method `rotate`. One tsc run checks both files
  // (each its own module): its one error is wrong.ts's, typed.ts has none
  writeFileSync(join(scratch, 'wrong.ts'), "import 'makruk-board';\ndocument.createElement('makruk-board').rotate();\n");
  const tsc = [`${ROOT}node_modules/typescript/bin/tsc`, '--noEmit', '--strict', '--target', 'es2022', '--module', 'esnext',
    '--moduleResolution', 'bundler', '--lib', 'es2022,dom', '--pretty', 'false', 'typed.ts', 'wrong.ts'];
  const run = spawnSync(process.execPath, tsc, { cwd: scratch, encoding: 'utf8' });
  const errors = run.stdout.split('\n').filter((l) => /error TS/.test(l));
  assert.notEqual(run.status, 0, 'tsc fails on wrong.ts');
  assert.equal(errors.length, 1, run.stdout + run.stderr);
  assert.match(errors[0], /^wrong\.ts\(2,\d+\): error TS2339: Property 'rotate' does not exist on type 'MakrukBoardElement'/);
});

test('package: removed boards leave no engine worker; destroy() ends one at once', { timeout: 180_000 }, async () => {
  const page = await env.browser.newPage({ viewport: { width: 800, height: 700 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(site.url);
  await page.waitForFunction(() => window.ready === true);
  const before = page.workers().length;
  // three boards whose engine plays White: each starts its worker and moves
  await page.evaluate(() => {
    window.replies = 0;
    for (let i = 0; i < 3; i++) {
      const b = document.createElement('makruk-board');
      b.className = 'extra';
      b.setAttribute('engine', '1');
      b.setAttribute('orientation', 'black');
      b.addEventListener('move', () => { window.replies++; });
      document.body.append(b);
    }
  });
  await page.waitForFunction(() => window.replies >= 3, null, { timeout: 60_000 });
  assert.equal(page.workers().length, before + 3, 'one worker a board');
  // moved within the page: the same board, its worker kept
  await page.evaluate(() => document.querySelector('main').append(document.querySelector('.extra')));
  await page.evaluate(() => new Promise((r) => setTimeout(r, 50)));
  assert.equal(page.workers().length, before + 3);
  await page.evaluate(() => { for (const b of document.querySelectorAll('.extra')) b.remove(); });
  await waitFor(() => page.workers().length === before, 'the removed boards\' workers end');
  // destroy(): pending and later calls reject
  const rejected = await page.evaluate(async () => {
    const b = document.createElement('makruk-board');
    document.body.append(b);
    const pending = b.getState(); // before the board is ready
    b.destroy();
    const why = await pending.then(() => 'resolved', (e) => e.message);
    const later = await b.getState().then(() => 'resolved', (e) => e.message);
    return [why, later];
  });
  assert.deepEqual(rejected, ['the board was destroyed', 'the board was destroyed']);
  assert.deepEqual(errors, []);
  await page.close();
});

test('package: the element\'s error event stays on it (never window.onerror); a rules module that cannot load fires error and rejects getState', { timeout: 120_000 }, async () => {
  let page = await env.browser.newPage();
  await page.goto(site.url);
  await page.waitForFunction(() => window.ready === true);
  const heard = await page.evaluate(() => new Promise((resolve) => {
    const out = { onerror: 0, document: 0, element: null };
    window.onerror = () => { out.onerror++; };
    document.addEventListener('error', () => { out.document++; });
    const b = document.getElementById('still');
    b.addEventListener('error', (e) => { out.element = e.detail; setTimeout(() => resolve(out), 100); }, { once: true });
    b.move('e9');
  }));
  assert.deepEqual([heard.onerror, heard.document, heard.element.code], [0, 0, 'illegal-move']);
  await page.close();

  const context = await env.browser.newContext();
  await context.route('**/*.wasm', (route) => route.fulfill({ status: 404, body: 'not here' }));
  // the boards' error events, heard from the start (capturing: they do not bubble)
  await context.addInitScript(() => {
    window.boardErrors = [];
    document.addEventListener('error', (e) => { if (e.detail) window.boardErrors.push(e.detail); }, true);
  });
  page = await context.newPage();
  await page.goto(site.url);
  await page.waitForFunction(() => window.boardErrors.length >= 2); // both boards
  assert.deepEqual(await page.evaluate(() => window.boardErrors.map((d) => d.code)), ['load-failed', 'load-failed']);
  const state = await page.evaluate(() => document.getElementById('still').getState().then(() => 'resolved', (e) => e.message));
  assert.notEqual(state, 'resolved');
  assert.match(state, /\S/);
  await context.close();
});

test('package: importing it in Node is safe (no custom elements there: nothing registered); Game before init() says so; the rules run there', () => {
  const script = `const m = await import('makruk-board'); console.log(Object.keys(m).sort().join(' '));
try { new m.Game(); } catch (e) { console.log(e.message); }
await m.init(); const g = new m.Game(); g.play('e4'); console.log(g.moves().join(' '), g.legalMoves().length);`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: scratch, encoding: 'utf8' }).trim().split('\n');
  assert.equal(out[0], 'Game MakrukBoardElement createEngine init');
  // the licence the manifests name, in the tarball
  assert.match(readFileSync(join(scratch, 'node_modules/makruk-board/LICENSE'), 'utf8'), /^MIT License/);
  // and the custom elements manifest its package.json names
  const pkg = JSON.parse(readFileSync(join(scratch, 'node_modules/makruk-board/package.json'), 'utf8'));
  const manifest = JSON.parse(readFileSync(join(scratch, 'node_modules/makruk-board', pkg.customElements), 'utf8'));
  const el = manifest.modules.flatMap((m) => m.declarations).find((d) => d.tagName === 'makruk-board');
  assert.ok(el.attributes.some((a) => a.name === 'player') && el.events.some((e) => e.name === 'beforemove'), 'attributes and events');
  assert.ok(el.members.some((m) => m.name === 'setShapes') && el.cssParts.some((p) => p.name === 'board'), 'methods and parts');
  assert.match(out[1], /call init\(\) first/);
  assert.match(out[2], /^e3e4 \d+$/, 'the rules in Node, from the package\'s wasm file');
});

test('package: holds no texts the element never loads (the lessons\', puzzles\', trainer\'s, a match\'s)', () => {
  const i18n = join(scratch, 'node_modules/makruk-board/www/common/i18n');
  const folders = readdirSync(i18n, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  assert.ok(folders.includes('refusal'), folders.join(' '));
  for (const side of ['learn', 'puzzles', 'trainer', 'match']) {
    assert.ok(!folders.includes(side), `${side} in the package`);
    assert.doesNotMatch(readFileSync(join(i18n, 'features.js'), 'utf8'), new RegExp(`'\\./${side}/`));
  }
});

/** Waits until `check()` is true (polled; a generous limit). */
async function waitFor(check, what, ms = 30_000) {
  for (const end = Date.now() + ms; !check();) {
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

test('package: player, engine-side, beforemove, host moves, setShapes, highlights and the fen, moves and orientation properties', { timeout: 180_000 }, async () => {
  const page = await env.browser.newPage({ viewport: { width: 800, height: 900 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(site.url);
  await page.waitForFunction(() => window.ready === true);
  await page.evaluate(() => {
    const b = document.createElement('makruk-board');
    b.id = 'site';
    b.setAttribute('player', 'white');
    b.setAttribute('orientation', 'white');
    window.siteMoves = [];
    window.asked = [];
    window.refuseNext = false;
    b.addEventListener('move', (e) => window.siteMoves.push(e.detail.uci));
    b.addEventListener('beforemove', (e) => {
      window.asked.push(e.detail.uci);
      if (window.refuseNext) e.preventDefault();
    });
    b.addEventListener('ready', () => { window.siteReady = true; });
    document.body.append(b);
  });
  await page.waitForFunction(() => window.siteReady === true);
  const wrap = '#site .board-wrap';
  // beforemove cancelled: the piece goes back, nothing is played
  await page.evaluate(() => { window.refuseNext = true; });
  await page.click('#site [data-square=e3]');
  await page.click('#site [data-square=e4]');
  await page.waitForFunction(() => window.asked.length === 1);
  assert.deepEqual(await page.evaluate(() => window.siteMoves), []);
  assert.equal(await page.getAttribute('#site [data-square=e3]', 'data-piece'), 'P');
  // allowed: played
  await page.evaluate(() => { window.refuseNext = false; });
  await page.click('#site [data-square=e3]');
  await page.click('#site [data-square=e4]');
  await page.waitForFunction(() => window.siteMoves.length === 1);
  assert.deepEqual(await page.evaluate(() => [window.asked, window.siteMoves]), [['e3e4', 'e3e4'], ['e3e4']]);
  assert.equal(await page.getAttribute(wrap, 'data-last-move'), 'e3 e4');
  // player="white": Black's pieces do not move for the visitor; the host plays them (a remote opponent)
  await page.click('#site [data-square=e6]');
  await page.click('#site [data-square=e5]');
  assert.equal(await page.getAttribute('#site [data-square=e6]', 'data-piece'), 'p');
  assert.equal(await page.evaluate(() => window.asked.length), 2, 'no beforemove for a side the visitor does not play');
  await page.evaluate(() => document.getElementById('site').move('e6e5'));
  await page.waitForFunction(() => window.siteMoves.length === 2);
  // the properties follow the board
  const props = await page.evaluate(() => { const b = document.getElementById('site'); return [b.fen, b.moves, b.orientation]; });
  assert.deepEqual(props, ['rnsmksnr/8/pppp1ppp/4p3/4P3/PPPP1PPP/8/RNSKMSNR w - - 0 2', ['e3e4', 'e6e5'], 'white']);
  // the host's shapes
  await page.evaluate(() => document.getElementById('site').setShapes([{ from: 'd3', to: 'd4', color: 'red' }, { square: 'e5', color: '#15781b' }]));
  await page.waitForFunction(() => document.querySelector('#site').shadowRoot.querySelector('.board-wrap').dataset.marks === '2');
  const bad = await page.evaluate(() => new Promise((resolve) => {
    const b = document.getElementById('site');
    b.addEventListener('error', (e) => resolve(e.detail.code), { once: true });
    b.setShapes([{ from: 'z9', to: 'a1' }]);
  }));
  assert.equal(bad, 'malformed');
  // flip(): the view only; the orientation property and attribute follow; set, they turn it back
  await page.evaluate(() => document.getElementById('site').flip());
  assert.deepEqual(await page.evaluate(() => [document.getElementById('site').orientation, document.getElementById('site').getAttribute('orientation')]), ['black', 'black']);
  assert.equal((await page.evaluate(() => document.getElementById('site').getState())).orientation, 'black');
  await page.evaluate(() => { document.getElementById('site').orientation = 'white'; });
  assert.equal((await page.evaluate(() => document.getElementById('site').getState())).orientation, 'white');
  // the fen and moves properties set a new game
  await page.evaluate(() => { document.getElementById('site').moves = ['d3d4']; });
  await page.waitForFunction(() => document.getElementById('site').moves.join() === 'd3d4');
  // highlights off: no last move shown
  await page.evaluate(() => document.getElementById('site').setAttribute('last-move', '0'));
  await page.waitForFunction(() => window.siteReady && !document.querySelector('#site').shadowRoot.querySelector('.board-wrap')?.dataset.lastMove
    && document.getElementById('site').moves.join() === 'd3d4');
  assert.deepEqual(errors, []);
  await page.close();
});

test('package: flip() turns the view only: the engine keeps its side (engine-side)', { timeout: 120_000 }, async () => {
  const page = await env.browser.newPage();
  await page.goto(site.url);
  await page.waitForFunction(() => window.ready === true);
  const moves = await page.evaluate(() => new Promise((resolve) => {
    const b = document.createElement('makruk-board');
    b.setAttribute('engine', '1');
    b.setAttribute('engine-side', 'black');
    const seen = [];
    b.addEventListener('move', (e) => seen.push(e.detail.uci));
    b.addEventListener('ready', () => {
      b.flip(); // White (the visitor's side) to move: the engine must not move for it
      setTimeout(() => {
        b.move('e3e4'); // the visitor's move: the engine answers with Black's
        const wait = () => (seen.length >= 2 ? resolve(seen) : setTimeout(wait, 50));
        wait();
      }, 1500);
    }, { once: true });
    document.body.append(b);
  }));
  assert.equal(moves[0], 'e3e4', 'the engine did not move for White after flip()');
  assert.match(moves[1], /^[a-h][1-8][a-h][1-8]$/);
  await page.close();
});

test('package: the README\'s site owner page (player="white", beforemove, the opponent by move(), shapes) plays', { timeout: 180_000 }, async () => {
  const readme = readFileSync(`${ROOT}package/README.md`, 'utf8');
  const section = readme.slice(readme.indexOf('## A site owner\'s page'));
  const html = /```html\n([^]*?)```/.exec(section)[1];
  const js = /```js\n([^]*?)```/.exec(section)[1];
  const dir = join(scratch, 'owner');
  mkdirSync(dir);
  writeFileSync(join(scratch, 'owner.js'), js);
  writeFileSync(join(dir, 'index.html'), `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>owner</title></head><body>
${html.replace('./owner.js', './app.js')}
<script type="module">
window.moves = [];
window.maxMarks = 0;
const b = document.querySelector('makruk-board');
b.addEventListener('move', (e) => window.moves.push(e.detail.uci));
b.addEventListener('ready', () => {
  const w = b.shadowRoot.querySelector('.board-wrap');
  new MutationObserver(() => { window.maxMarks = Math.max(window.maxMarks, Number(w.dataset.marks) || 0); }).observe(w, { attributes: true });
  window.ready = true;
});
</script></body></html>`);
  await esbuild({ absWorkingDir: scratch, entryPoints: ['owner.js'], bundle: true, format: 'esm', outfile: join(dir, 'app.js'), logLevel: 'warning' });
  cpSync(join(scratch, 'node_modules/makruk-board/www'), dir, { recursive: true });
  const server = await serve(0, '127.0.0.1', dir + sep);
  const page = await env.browser.newPage({ viewport: { width: 800, height: 700 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(server.url);
  await page.waitForFunction(() => window.ready === true);
  await page.click('makruk-board [data-square=e3]');
  await page.click('makruk-board [data-square=e4]');
  await page.waitForFunction(() => window.moves.length >= 2, null, { timeout: 60_000 });
  const moves = await page.evaluate(() => window.moves);
  assert.equal(moves[0], 'e3e4');
  assert.match(moves[1], /^[a-h][1-8][a-h][1-8]$/, 'the opponent (the host) replied');
  assert.equal(await page.evaluate(() => window.maxMarks), 2, 'its arrow and circle were drawn');
  // the visitor may not move Black's pieces, and plays White again
  assert.equal(await page.evaluate(() => document.querySelector('makruk-board').getState().then((s) => s.status.turn)), 'white');
  assert.deepEqual(errors, []);
  await page.close();
  await server.close();
});
