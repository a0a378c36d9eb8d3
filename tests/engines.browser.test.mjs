// Browser tests of engine against engine with a level for each side (issue 56 item 5): chosen in
// the New game dialog or by a link (`play=watch&level=W&blacklevel=B`), kept by a reload, and
// the level each search is asked for, seen in the messages the page posts to its engine worker.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openGame } from './ui.support.mjs';
import { useBrowser } from './helpers.mjs';

const env = useBrowser();

/** In the page, before its scripts: each search's {level, ply} posted to a worker, in `window.searches`. */
function recordSearches() {
  window.searches = [];
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (msg, ...rest) {
    if (msg && msg.type === 'search') window.searches.push({ level: msg.limits?.level, ply: msg.ply });
    return post.call(this, msg, ...rest);
  };
}

/** The levels of the searches of each side, after at least `n` of them: {white: Set, black: Set}. */
async function levelsBySide(page, n) {
  await page.waitForFunction((k) => window.searches.length >= k, n, { timeout: 60_000 });
  const searches = await page.evaluate(() => window.searches);
  const levels = { white: new Set(), black: new Set() };
  // the game starts from the standard position: White searches at even plies
  for (const s of searches) levels[s.ply % 2 === 0 ? 'white' : 'black'].add(s.level);
  return levels;
}

test('engines: the New game dialog gives each side its level, in the players, the searches and after a reload', async () => {
  const page = await openGame(env, { mode: 'two' }, { init: recordSearches });
  await page.click('#btn-new');
  await page.check('#ng-form input[name=mode][value=watch]');
  assert.equal(await page.locator('#ng-black-level-row').isVisible(), true, "Black's level shown for engine against engine");
  assert.equal(await page.locator('#ng-level-label').innerText(), "White's level");
  await page.selectOption('#ng-level', '2');
  await page.selectOption('#ng-black-level', '5');
  await page.click('#ng-start-btn');
  const levels = await levelsBySide(page, 4);
  assert.deepEqual([...levels.white], [2]);
  assert.deepEqual([...levels.black], [5]);
  assert.match(await page.locator('#player-bottom .player-name').innerText(), /level 2/);
  assert.match(await page.locator('#player-top .player-name').innerText(), /level 5/);
  await page.reload();
  await page.waitForSelector('body[data-ready]');
  await page.waitForFunction(() => /level 5/.test(document.querySelector('#player-top .player-name').textContent), null, { timeout: 20_000 });
  assert.match(await page.locator('#player-bottom .player-name').innerText(), /level 2/, 'kept by a reload');
  // the dialog opens on the levels of the game
  await page.click('#btn-new');
  assert.equal(await page.inputValue('#ng-black-level'), '5');
  assert.equal(await page.inputValue('#ng-level'), '2');
  await page.check('#ng-form input[name=mode][value=engine]');
  assert.equal(await page.locator('#ng-black-level-row').isHidden(), true, 'one level against the engine');
  assert.equal(await page.locator('#ng-level-label').innerText(), 'Level');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('engines: a link plays=watch with a level for each side; a bad blacklevel is named and White\'s used', async () => {
  const page = await openGame(env, null, { init: recordSearches, hash: '#play=watch&level=1&blacklevel=3' });
  const levels = await levelsBySide(page, 4);
  assert.deepEqual([...levels.white], [1]);
  assert.deepEqual([...levels.black], [3]);
  await page.close();
  const bad = await openGame(env, null, { init: recordSearches, hash: '#play=watch&level=2&blacklevel=9' });
  await bad.waitForSelector('#message:not([hidden])');
  assert.match(await bad.locator('#message').innerText(), /blacklevel/);
  const fallback = await levelsBySide(bad, 2);
  assert.deepEqual([...fallback.black], [2]);
  await bad.close();
});

test('engines: a reload whose address is a move behind the saved game (a move came in as the page went away) opens the own game', async () => {
  const moves = ['f3f4', 'c8d7', 'h3h4', 'h6h5', 'a3a4'];
  const page = await openGame(env, { mode: 'two', moves });
  const state = () => page.evaluate(() => {
    const s = window.makrukGame.store.getState();
    return { mode: s.mode, shared: !!s.shared, moves: s.moves.join(' ') };
  });
  assert.deepEqual(await state(), { mode: 'two', shared: false, moves: moves.join(' ') });
  // the address the browser reloads, written before the last move: the saved game has it
  const behind = () => page.evaluate(() => history.replaceState(null, '',
    location.hash.replace(/moves=[^&]*/, 'moves=f3f4+c8d7+h3h4+h6h5').replace(/ply=\d+/, 'ply=4')));
  await behind();
  await page.reload();
  await page.waitForSelector('body[data-ready]');
  assert.deepEqual(await state(), { mode: 'two', shared: false, moves: moves.join(' ') }, 'the own game, not a shared one');
  assert.match(await page.evaluate(() => location.hash), /moves=f3f4\+c8d7\+h3h4\+h6h5\+a3a4/, 'its address written again');
  // the same address opened (not reloaded) is a link to look at: analysis, the own game put aside
  await behind();
  await page.goto(page.url().replace('#', '?open#'));
  await page.waitForSelector('body[data-ready]');
  assert.deepEqual(await state(), { mode: 'two', shared: true, moves: moves.slice(0, 4).join(' ') });
  assert.deepEqual(page.errors, []);
  await page.close();
});
