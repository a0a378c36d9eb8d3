// Browser tests of the game clocks: a loss on time, two people with a turning board and a
// pause, a link that starts a clocked game, bad link values, and the engine on the clock.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openGame, pageReady, startGameByLink } from './ui.support.mjs';
import { useBrowser } from './helpers.mjs';

// the engine's moves at a fixed number of nodes (the level 8 game on the clock: its searches'
// limits are what is looked at, not how long they take)
const env = useBrowser({ nodes: 20_000 });

const clock = (page, color) => page.locator(`[data-clock=${color}]`);

async function clickMove(page, from, to) {
  await page.click(`[data-square=${from}]`);
  await page.click(`[data-square=${to}]`);
}

test('clock: a link starts a game with clocks; the side to move runs out of time and loses', async () => {
  // the page's time is Playwright's clock, standing still unless the test moves it on
  const page = await openGame(env, null, { hash: '#play=friend&clock=0.1%2B0', clock: 'paused' });
  assert.equal(await clock(page, 'white').getAttribute('data-running'), 'true');
  assert.equal(await clock(page, 'black').getAttribute('data-running'), 'false');
  assert.match(await clock(page, 'black').innerText(), /^0:06\.0$/);
  await clickMove(page, 'e3', 'e4');
  assert.equal(await clock(page, 'black').getAttribute('data-running'), 'true');
  assert.equal(await clock(page, 'white').getAttribute('data-running'), 'false');
  assert.match(await clock(page, 'black').getAttribute('class'), /\blow\b/, 'under 10 s: the low-time warning');
  await page.clock.runFor(5900);
  assert.equal(await page.isHidden('#banner'), true, 'not out of time after 5.9 s');
  await page.clock.runFor(200);
  await page.waitForSelector('#banner:not([hidden])');
  assert.equal(await page.getAttribute('#banner', 'data-result'), '1-0');
  assert.equal(await page.getAttribute('#banner', 'data-reason'), 'time');
  assert.equal(await clock(page, 'black').innerText(), '0:00.0');
  assert.equal(await clock(page, 'black').getAttribute('data-running'), 'false');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('clock: two people on one device, the board turning after each move, paused clocks; a reload keeps them', async () => {
  const page = await openGame(env, { mode: 'two' }, { clock: 'paused' });
  await page.click('#btn-new');
  await page.check('input[name=mode][value=two]');
  await page.selectOption('#ng-clock', 'custom');
  await page.fill('input[name=minutes]', '2');
  await page.fill('input[name=increment]', '5');
  await page.check('input[name=turnBoard]');
  await page.click('#ng-start-btn');
  assert.equal(await clock(page, 'white').innerText(), '2:00');
  await page.clock.runFor(1000);
  await clickMove(page, 'e3', 'e4');
  await page.waitForFunction(() => document.querySelector('#player-bottom').dataset.color === 'black');
  const white = await clock(page, 'white').innerText();
  assert.equal(white, '2:04', 'White took 1 s and got its 5 s increment');
  await page.click('#btn-pause');
  assert.equal(await clock(page, 'black').getAttribute('data-running'), 'false');
  const paused = await clock(page, 'black').innerText();
  await page.clock.runFor(5000);
  assert.equal(await clock(page, 'black').innerText(), paused);
  await page.click('#btn-pause');
  assert.equal(await clock(page, 'black').getAttribute('data-running'), 'true');
  await page.reload();
  await pageReady(page, 'body[data-ready]', true);
  await page.clock.runFor(3000);
  assert.equal(await clock(page, 'black').getAttribute('data-running'), 'true');
  assert.equal(await clock(page, 'black').innerText(), '1:57', 'the time went on across the reload');
  assert.equal(await clock(page, 'white').innerText(), white);
  assert.deepEqual(page.errors, []);
  await page.close();
});

/** `url`, a game to play (play=) at the page's own address, typed into the address bar of the
 * open page: once the page has taken it (its own address written back, without play=); the
 * same reading of the link as a page load's (www/pages/game/main.js restore). */
async function typed(page, url) {
  await page.goto(url);
  await page.waitForFunction(() => !new URLSearchParams(location.hash.slice(1)).has('play'));
}

test('clock: links as the README writes them, typed into the address bar: `+`, a space and %2B are one', async () => {
  // page.goto sends the text as typed: a `+` stays a `+`, a space becomes %20; the first link
  // opens the page, each next one is typed into its address bar
  let page = null;
  for (const [text, shown] of [['1+0', '1:00'], ['3+2', '3:00'], ['3%2B2', '3:00'], ['3 2', '3:00'], ['0.5+0', '0:30']]) {
    const hash = `#play=engine&level=2&clock=${text}`;
    if (page) await typed(page, `${env.base}/index.html${hash}`);
    else page = await openGame(env, null, { hash });
    assert.equal(await clock(page, 'white').innerText(), shown, `clock=${text}`);
    assert.equal(await page.locator('#message').innerText(), '', `clock=${text}: no complaint`);
    assert.match(await page.locator('#player-top .player-name').innerText(), /level 2/);
  }
  // the other parameters the README writes with `+`: a FEN's spaces and the moves
  await typed(page, `${env.base}/index.html#play=friend&fen=rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR+w+-+-+0+1&moves=e3e4+e6e5&clock=5+3`);
  assert.equal(await page.locator('#moves button.move').count(), 2);
  assert.match(await clock(page, 'black').innerText(), /^5:0\d$/);
  assert.equal(await page.locator('#message').innerText(), '');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('clock: bad clock, level or play values in a link are named, and the defaults used', async () => {
  const page = await openGame(env, null, { hash: '#play=engine&level=12&clock=99x' });
  await page.waitForFunction(() => /level/.test(document.getElementById('message').textContent));
  const text = await page.locator('#message').innerText();
  assert.match(text, /clock/);
  assert.match(await page.locator('#player-top .player-name').innerText(), /level 4/);
  assert.equal(await clock(page, 'white').isHidden(), true, 'no clock');
  await page.close();
  const bad = await openGame(env, null, { hash: '#play=<b>x</b>' });
  await bad.waitForFunction(() => /play/.test(document.getElementById('message').textContent));
  assert.equal(await bad.evaluate(() => document.querySelectorAll('#message *').length), 0, 'shown as text');
  await bad.close();
});

test('clock: on the clock the engine is asked with the time left of both sides, and plays on', async () => {
  // that the limits made of those times stay inside them is the core's test (search/timeman.rs);
  // a whole 1+0 game of the engine against itself is scripts/timing-bench.mjs's
  const page = await openGame(env, null, {
    ready: 'engine',
    init: () => {
      window.searches = [];
      const post = Worker.prototype.postMessage;
      Worker.prototype.postMessage = function (message, ...rest) {
        if (message?.type === 'search') window.searches.push({ limits: message.limits, ply: message.ply });
        return post.call(this, message, ...rest);
      };
    },
  });
  await page.click('#btn-new');
  await page.check('input[name=mode][value=watch]');
  await page.selectOption('#ng-level', '8');
  await page.selectOption('#ng-clock', '1+0');
  await page.click('#ng-start-btn');
  await page.waitForFunction(() => document.querySelectorAll('#moves button.move').length >= 4, null, { timeout: 60_000 });
  const searches = await page.evaluate(() => window.searches.filter((r) => r.ply < 4));
  assert.deepEqual(searches.map((r) => r.ply), [0, 1, 2, 3]);
  for (const { limits, ply } of searches) {
    assert.equal(limits.movetime, undefined, `ply ${ply}: the clock decides, not a fixed time`);
    assert.ok(limits.wtime > 0 && limits.wtime <= 60_000 && limits.btime > 0 && limits.btime <= 60_000, JSON.stringify(limits));
    assert.deepEqual([limits.winc, limits.binc], [0, 0]);
  }
  assert.ok(searches[2].limits.wtime < 60_000, 'White\'s time went on');
  assert.deepEqual(page.errors, []);
  await page.close();
});

// ---------------------------------------------------------------- a game with a friend by link

test('correspondence: four moves between two browsers passing links; the lists say whose move it is', { timeout: 120_000 }, async () => {
  const alice = await openGame(env, null);
  const bob = await openGame(env, null);
  // Alice starts a game by link as White
  await startGameByLink(alice);
  let from = alice;
  let to = bob;
  const moves = [['e3', 'e4'], ['d6', 'd5'], ['e4', 'd5'], ['c6', 'c5']];
  for (const [k, [a, b]] of moves.entries()) {
    assert.match(await from.locator('#corr-text').innerText(), /Your move/);
    await from.click(`[data-square=${a}]`);
    await from.click(`[data-square=${b}]`);
    await from.waitForSelector('#corr-send:not([hidden])');
    // the move can be taken back until the link is sent
    if (k === 0) {
      await from.click('#btn-undo');
      assert.equal(await from.getAttribute('[data-square=e3]', 'data-piece'), 'P');
      await from.click(`[data-square=${a}]`);
      await from.click(`[data-square=${b}]`);
    }
    const link = await from.inputValue('#corr-link');
    assert.match(link, /play=correspondence/);
    await from.click('#corr-copy');
    await from.waitForSelector('#btn-undo:disabled', { timeout: 5000 }).catch(() => {}); // the clipboard answers when it will
    assert.equal(await from.locator('#btn-undo').isDisabled(), true, 'sent: the move stays');
    assert.equal(await from.locator('[data-square][data-dest]').count(), 0, 'no more moves until the friend answers');
    await to.goto(link); // the first time a new page, then a link opened in the open page
    await to.waitForSelector('body[data-ready]');
    await to.waitForFunction((n) => document.querySelectorAll('#moves button.move').length === n, k + 1);
    const side = k % 2 === 0 ? 'black' : 'white';
    assert.equal(await to.getAttribute('#player-bottom', 'data-color'), side, 'the board turned to the side to move');
    [from, to] = [to, from];
  }
  assert.equal(await alice.locator('#moves button.move').count(), 4);
  assert.match(await alice.locator('#corr-list').innerText(), /your move/);
  assert.match(await bob.locator('#corr-list').innerText(), /friend.s move/);
  // an older link of the game opens the stored game, not the old position
  await bob.goto(`${env.base}/index.html#play=correspondence&id=${await bob.locator('#corr-list button').first().getAttribute('data-corr')}&moves=e3e4`);
  await bob.waitForFunction(() => /older/.test(document.getElementById('message').textContent));
  assert.equal(await bob.locator('#moves button.move').count(), 4);
  assert.deepEqual([...alice.errors, ...bob.errors], []);
  await alice.close();
  await bob.close();
});
