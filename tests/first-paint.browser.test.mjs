// The deployed game page's first frame (issue 34, item 6): the board is drawn and its squares
// labelled by the page's script and the modules it imports at once, with everything else held
// back (the rules module, the language file, the engine), before anything else starts, and it
// shows from the start the position and the orientation that the game then has: no other
// position or orientation flashes before the rules module has read the link or the saved game.
// How long it takes is the benchmark's (scripts/timing-bench.mjs paint), not a test's.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { useBrowser, startServer, screenshot } from './helpers.mjs';

const env = useBrowser(); // the dist/ build
// the development tree, whose modules have their own names
let dev;
before(async () => { dev = await startServer(); });
after(() => dev?.close());

/** The page's script and the chunks it imports at once (not those it loads later). */
function firstModules() {
  const seen = new Set(['www/pages/game/main.js']);
  for (const file of seen) {
    const src = readFileSync(env.server.dir + file, 'utf8');
    for (const m of src.matchAll(/(?:from|import)\s*"[./]*(chunk-\w+\.js)"/g)) seen.add(`www/${m[1]}`);
  }
  return seen;
}

/**
 * Opens the deployed page at `hash` with every request held back but the page, its stylesheet
 * and the first modules; `release()` lets them through. `saved` is put in storage first.
 */
async function openHeld(hash, { locale = 'en-GB', saved = null, viewport } = {}) {
  const context = await env.browser.newContext({ locale, viewport });
  if (saved) await context.addInitScript((s) => localStorage.setItem('makruk.game', s), JSON.stringify(saved));
  const through = new Set(['index.html', 'www/common/style.css', ...firstModules()]);
  const held = [];
  let released = false;
  await context.route(`${env.base}/**`, (route) => {
    const file = new URL(route.request().url()).pathname.slice(1);
    if (released || through.has(file)) return route.continue();
    held.push({ file, route });
  });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.goto(`${env.base}/index.html${hash}`);
  await page.waitForFunction(() => performance.getEntriesByName('board-drawn').length);
  page.held = () => held.map((h) => h.file);
  page.release = async () => {
    released = true;
    for (const h of held.splice(0)) await h.route.continue();
    await page.waitForSelector('body[data-ready]');
  };
  page.done = () => context.close();
  return page;
}

const board = (page) => page.evaluate(() => {
  const { pieces, orientation } = window.makrukBoard.getState();
  return { pieces, orientation };
});
const label = (page, sq) => page.getAttribute(`[data-square=${sq}]`, 'aria-label');

test('first paint: the board drawn and its squares labelled before the rules module and the language file arrive', { timeout: 60_000 }, async () => {
  const page = await openHeld('', { locale: 'th-TH' });
  const held = page.held();
  assert.ok(held.some((f) => f.endsWith('.js')), `the language file and the rules module are held back (held: ${held.join(', ')})`);
  assert.ok(await page.evaluate(() => performance.getEntriesByName('board-labelled').length), 'the board-labelled mark');
  assert.equal(await label(page, 'e3'), 'e3, white Bia', 'in the page\'s language (English) until the Thai texts arrive');
  assert.equal(await label(page, 'e5'), 'e5, empty');
  const before = await board(page);
  assert.equal(before.orientation, 'white');
  assert.equal(before.pieces[4], 'M'); // e1
  await page.release();
  await page.waitForFunction(() => document.querySelector('[data-square=e3]').getAttribute('aria-label') === 'e3, เบี้ยฝ่ายขาว');
  assert.deepEqual(await board(page), before);
  assert.deepEqual(page.errors, []);
  await page.done();
});

test('first paint: nothing else starts before the board\'s frame: the rules module is asked for after it', { timeout: 60_000 }, async () => {
  const context = await env.browser.newContext();
  const page = await context.newPage();
  await page.goto(`${dev.url}index.html`);
  await page.waitForSelector('body[data-ready]');
  const t = await page.evaluate(() => ({
    drawn: performance.getEntriesByName('board-drawn')[0].startTime,
    wasm: performance.getEntriesByType('resource').filter((r) => /\/www\/(wasm\.js|pkg\/)/.test(r.name)).map((r) => r.startTime),
  }));
  assert.ok(t.wasm.length > 0, 'the rules module was loaded');
  assert.ok(t.wasm.every((start) => start > t.drawn), `the rules module is asked for after the board is drawn (${JSON.stringify(t)})`);
  await context.close();
});

// Each opening with what the first frame must show: a shared position with moves and a cursor,
// seen from Black; a game against the engine started by link as Black; the saved game of a
// player of Black; a game by link whose player (the side to move) is Black; a promotion.
const PROMOTION = 'r3k3/8/8/4P3/8/8/8/R2K4 w - - 0 1';
const CASES = [
  { name: 'a shared link, from Black, at its cursor', hash: `#fen=${encodeURIComponent('rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1')}&moves=e3e4+d6d5+e4d5&ply=2&orientation=black`, orientation: 'black', at: { e4: 'P', d5: 'p', e3: '', d6: '' } },
  { name: 'a game against the engine by link, as Black', hash: '#play=engine&level=2&orientation=black', orientation: 'black', at: { e3: 'P', d1: 'K' } },
  { name: 'a game with a friend by link, Black to move', hash: '#play=correspondence&id=abc123&moves=c3c4', orientation: 'black', at: { c4: 'P', c3: '' } },
  { name: 'a promotion in a shared link', hash: `#fen=${encodeURIComponent(PROMOTION)}&moves=e5e6&ply=1`, orientation: 'white', at: { e6: 'M~', e5: '' } },
  {
    name: 'the saved game of a player of Black',
    hash: '',
    saved: { startFen: 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1', moves: ['e3e4'], ply: 1, fen: 'rnsmksnr/8/pppppppp/8/4P3/PPPP1PPP/8/RNSKMSNR b - - 0 1', mode: 'engine', human: 'black', orientation: 'black', level: 1 },
    orientation: 'black',
    at: { e4: 'P', e3: '' },
  },
];

for (const c of CASES) {
  test(`first paint: ${c.name}: the first frame is the game's position and orientation`, { timeout: 60_000 }, async () => {
    const page = await openHeld(c.hash, { saved: c.saved });
    const first = await board(page);
    assert.equal(first.orientation, c.orientation);
    const index = (sq) => (sq.charCodeAt(0) - 97) + 8 * (Number(sq[1]) - 1);
    for (const [sq, piece] of Object.entries(c.at)) assert.equal(first.pieces[index(sq)], piece, `${sq} in the first frame`);
    // what the page then draws, first of all (the engine may move after it)
    await page.evaluate(() => {
      const b = window.makrukBoard;
      const set = b.set;
      window.boardSets = [];
      b.set = (c) => {
        if (c.pieces || c.orientation) window.boardSets.push({ pieces: c.pieces && [...c.pieces], orientation: c.orientation });
        return set(c);
      };
    });
    await page.release();
    const sets = await page.evaluate(() => window.boardSets);
    assert.ok(sets.length > 0, 'the game drew its board');
    assert.deepEqual(sets[0], first, 'the game first shows what the first frame showed');
    assert.deepEqual(page.errors, []);
    await page.done();
  });
}

test('first paint: the first frame and the page at phone and desktop size, in English and Thai', { timeout: 120_000 }, async () => {
  for (const viewport of [{ width: 360, height: 740 }, { width: 1440, height: 900 }]) {
    for (const locale of ['en-GB', 'th-TH']) {
      const page = await openHeld('#play=engine&level=2&orientation=black', { locale, viewport });
      const name = `first-paint-${viewport.width}-${locale.slice(0, 2)}`;
      await screenshot(page, `${name}-first.png`);
      await page.release();
      await page.waitForSelector('body[data-ready=engine]');
      await screenshot(page, `${name}-ready.png`);
      assert.deepEqual(page.errors, []);
      await page.done();
    }
  }
});
