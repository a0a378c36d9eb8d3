// Browser test of counting on request: a two-player game from a link with no Bia left starts
// board's honour, shows it (data-count, the UCI `Count:` fields), stops it; undo, a link and a
// reload replay the count actions.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openGame, moveCount } from './ui.support.mjs';
import { useBrowser } from './helpers.mjs';

const env = useBrowser({ nodes: 2_000 });

const NO_BIA = '4k3/8/8/3r4/8/8/R7/4K3 w - - 0 1';
const count = (page) => page.getAttribute('#player-bottom .count', 'data-count');
const shown = (page, action) => page.locator(`[data-action=${action}]`).isVisible();
const move = async (page, from, to) => {
  await page.click(`[data-square=${from}]`);
  await page.click(`[data-square=${to}]`);
};

test('counting on request: start, show, stop; undo, a link and a reload replay it', async () => {
  const hash = `#fen=${encodeURIComponent(NO_BIA)}&counting=request&play=friend`;
  const page = await openGame(env, null, { hash });
  assert.equal(await count(page), 'none 0 0');
  assert.equal(await shown(page, 'count-stop'), false);
  await page.click('[data-action=count-start]');
  assert.equal(await count(page), 'board 0 128');
  assert.equal(await shown(page, 'count-start'), false);
  await move(page, 'a2', 'a3');
  assert.equal(await count(page), 'board 1 128');
  assert.equal(await shown(page, 'count-stop'), false, 'Black does not count');
  await move(page, 'd5', 'd4');
  await page.click('[data-action=count-stop]');
  assert.equal(await count(page), 'none 0 0');
  await page.waitForFunction(() => /counts=0s%2C2x/.test(location.hash));
  // undo and redo replay the record
  await page.click('#btn-undo');
  assert.equal(await count(page), 'board 1 128');
  await page.click('#btn-redo');
  assert.equal(await count(page), 'none 0 0');
  // the link carries it into another page
  const link = await page.evaluate(() => location.hash);
  const other = await openGame(env, null, { hash: link });
  assert.equal(await count(other), 'none 0 0');
  await other.click('#nav-prev');
  assert.equal(await count(other), 'board 1 128');
  await other.close();
  // a reload keeps it
  await page.reload();
  await page.waitForSelector('body[data-ready]');
  assert.equal(await count(page), 'none 0 0');
  await page.click('#btn-undo');
  assert.equal(await count(page), 'board 1 128');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('counting on request against the engine: the engine starts a count before its move', async () => {
  const fen = NO_BIA.replace(' w ', ' b ');
  const page = await openGame(env, null, { hash: `#fen=${encodeURIComponent(fen)}&counting=request&play=engine&orientation=white&level=1`, ready: 'engine' });
  await page.waitForFunction(() => /counts=0s/.test(location.hash) && /moves=\w/.test(location.hash), null, { timeout: 30000 });
  assert.equal(await count(page), 'board 1 128');
  assert.equal(await shown(page, 'count-start'), false, 'the engine counts: White may not start one');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('counting on request: set in the new-game dialog; no count while a Bia is left; a bad value is named', async () => {
  const page = await openGame(env, null, { hash: '#counting=sometimes' });
  await page.waitForFunction(() => /sometimes/.test(document.getElementById('message').textContent));
  assert.match(await page.locator('#message').innerText(), /counting.*“sometimes” is not a way of counting/);
  await page.click('#btn-new');
  await page.check('input[name=mode][value=two]');
  await page.selectOption('#ng-counting', 'request');
  await page.click('#ng-start-btn');
  assert.equal(await page.locator('#count-request').isVisible(), false, 'no counting text while every Bia is on the board (issue 56)');
  assert.equal(await shown(page, 'count-start'), false);
  await page.waitForFunction(() => /counting=request/.test(location.hash));
  assert.deepEqual(page.errors, []);
  await page.close();
});

/**
 * The centre of each square on the page's board ({e4: [x, y]}), where a person's mouse clicks it
 * (the board's square elements lie over the board: www/common/board/a11y.js); the board stands
 * still the whole game (its orientation fixed).
 */
function squareCentres(page) {
  return page.evaluate(() => Object.fromEntries([...document.querySelectorAll('[data-square]')].map((e) => {
    const r = e.getBoundingClientRect();
    return [e.dataset.square, [r.x + r.width / 2, r.y + r.height / 2]];
  })));
}

/**
 * The person (Black, a bare Khun) plays one Khun move, near the centre and to a square it has
 * stood on little (`seen` counts them), by two mouse clicks on the board (at the squares'
 * centres `at`, squareCentres: the clicks a page.click makes, without its waits for the
 * element, some 0.1 s each on a loaded machine over a game of 175 plies); its legal moves are
 * the page's (the store, through the test hook `makrukGame`). False when it has none.
 */
async function khunMove(page, seen, at) {
  const { moves, n } = await page.evaluate(() => ({
    moves: window.makrukGame.store.getState().legal.map((m) => [m.from, m.to]),
    n: document.querySelectorAll('#moves button.move').length,
  }));
  if (!moves.length) return false;
  // near the centre (mate needs a corner), and not where it has stood often (no repetition)
  const centre = (sq) => Math.max(Math.abs(sq.charCodeAt(0) - 100.5), Math.abs(Number(sq[1]) - 4.5));
  const key = (sq) => centre(sq) + 0.3 * (seen.get(sq) || 0);
  const [from, to] = moves.sort((a, b) => key(a[1]) - key(b[1]))[0];
  await page.mouse.click(...at[from]);
  await page.mouse.click(...at[to]);
  await page.waitForFunction((m) => document.querySelectorAll('#moves button.move').length > m, n);
  seen.set(to, (seen.get(to) || 0) + 1);
  return true;
}

test('counting on request against the engine: the game goes on past the automatic limit, the person counts when they choose, and the engine replies to every move until the count ends it', { timeout: 600_000 }, async () => {
  // issue 44: the engine's worker rebuilt the game counting by itself and, after 43...Kd5,
  // thought it drawn by the count that nobody had started: White never moved again
  const hash = '#play=engine&level=4&counting=request&orientation=black&fen=8/8/8/3k4/8/8/8/K2S4_w_-_-_0_1';
  const page = await openGame(env, null, { hash, ready: 'engine' });
  const warnings = [];
  page.on('console', (m) => { if (/engine search failed/.test(m.text())) warnings.push(m.text()); });
  const at = await squareCentres(page);
  const seen = new Map();
  let counted = null;
  for (let k = 1; ; k += 2) {
    // the engine's reply (White moves first)
    await page.waitForFunction((n) => document.querySelectorAll('#moves button.move').length >= n
      || /1\/2-1\/2|1-0|0-1/.test(document.getElementById('status').textContent), k, { timeout: 60_000 });
    const now = await page.evaluate(() => ({ over: document.getElementById('btn-resign').disabled,
      moves: document.querySelectorAll('#moves button.move').length, hash: location.hash }));
    if (now.over) break;
    assert.equal(now.moves, k, `the engine replied to move ${(k - 1) / 2}`);
    assert.match(countsOf(now.hash), counted === null ? /^$/ : new RegExp(`^${counted}s$`),
      'the engine never starts a count for the person');
    // past the old freeze (43...Kd5), the person starts the count (pieces' honour)
    if (counted === null && k > 90) {
      await page.click('[data-action=count-start]');
      counted = k;
    }
    assert.ok(await khunMove(page, seen, at), 'the bare Khun has a move');
  }
  const status = await page.locator('#status').innerText();
  assert.ok(counted !== null && (await moveCount(page)) > 100, `the game went on (${await moveCount(page)} moves: ${status}, ${await page.evaluate(() => location.hash)})`);
  assert.match(await page.locator('#status').innerText(), /1\/2-1\/2|0-1|1-0/);
  assert.deepEqual(warnings, []);
  assert.deepEqual(page.errors, []);
  await page.close();
});

/** The count record of a link (`counts=`), '' when none. */
function countsOf(hash) {
  return new URLSearchParams(hash.slice(1)).get('counts') || '';
}
