// Browser tests of the game clocks: a loss on time, two people with a turning board and a
// pause, a link that starts a clocked game, bad link values, and the engine at 1+0.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openGame } from './ui.support.mjs';

let env;
before(async () => { env = await setup(); });
after(async () => { await env?.close(); });

const clock = (page, color) => page.locator(`[data-clock=${color}]`);

async function clickMove(page, from, to) {
  await page.click(`[data-square=${from}]`);
  await page.click(`[data-square=${to}]`);
}

test('clock: a link starts a game with clocks; the side to move runs out of time and loses', async () => {
  const page = await openGame(env, null, { hash: '#play=friend&clock=0.1%2B0' });
  assert.equal(await clock(page, 'white').getAttribute('data-running'), 'true');
  assert.equal(await clock(page, 'black').getAttribute('data-running'), 'false');
  assert.match(await clock(page, 'black').innerText(), /^0:06\.0$/);
  await clickMove(page, 'e3', 'e4');
  await page.waitForFunction(() => document.querySelector('[data-clock=black]').dataset.running === 'true');
  assert.equal(await clock(page, 'white').getAttribute('data-running'), 'false');
  assert.match(await clock(page, 'black').getAttribute('class'), /\blow\b/, 'under 10 s: the low-time warning');
  await page.waitForSelector('#banner:not([hidden])', { timeout: 15_000 });
  assert.equal(await page.getAttribute('#banner', 'data-result'), '1-0');
  assert.equal(await page.getAttribute('#banner', 'data-reason'), 'time');
  assert.equal(await clock(page, 'black').innerText(), '0:00.0');
  assert.equal(await clock(page, 'black').getAttribute('data-running'), 'false');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('clock: two people on one device, the board turning after each move, paused clocks; a reload keeps them', async () => {
  const page = await openGame(env, { mode: 'two' });
  await page.click('#btn-new');
  await page.check('input[name=mode][value=two]');
  await page.selectOption('#ng-clock', 'custom');
  await page.fill('input[name=minutes]', '2');
  await page.fill('input[name=increment]', '5');
  await page.check('input[name=turnBoard]');
  await page.click('#ng-start-btn');
  assert.equal(await clock(page, 'white').innerText(), '2:00');
  await clickMove(page, 'e3', 'e4');
  await page.waitForFunction(() => document.querySelector('#player-bottom').dataset.color === 'black');
  const white = await clock(page, 'white').innerText();
  assert.match(white, /^2:0[345]$/, 'White got its 5 s increment');
  await page.click('#btn-pause');
  assert.equal(await clock(page, 'black').getAttribute('data-running'), 'false');
  const paused = await clock(page, 'black').innerText();
  await page.waitForTimeout(1200);
  assert.equal(await clock(page, 'black').innerText(), paused);
  await page.click('#btn-pause');
  await page.waitForFunction(() => document.querySelector('[data-clock=black]').dataset.running === 'true');
  await page.reload();
  await page.waitForSelector('body[data-ready]');
  await page.waitForTimeout(1500);
  assert.equal(await clock(page, 'black').getAttribute('data-running'), 'true');
  assert.notEqual(await clock(page, 'black').innerText(), '2:00', 'the time went on across the reload');
  assert.equal(await clock(page, 'white').innerText(), white);
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

test('clock: the engine at level 8 plays a 1+0 game against itself and never loses on time', { timeout: 300_000 }, async () => {
  const page = await openGame(env, null, { ready: 'engine' });
  await page.click('#btn-new');
  await page.check('input[name=mode][value=watch]');
  await page.selectOption('#ng-level', '8');
  await page.selectOption('#ng-clock', '1+0');
  await page.click('#ng-start-btn');
  await page.waitForSelector('#banner:not([hidden])', { timeout: 280_000 });
  const reason = await page.getAttribute('#banner', 'data-reason');
  const moves = await page.locator('#moves button.move').count();
  const left = [await clock(page, 'white').innerText(), await clock(page, 'black').innerText()];
  console.log(`# 1+0 engine game: ${moves} plies, ${reason}, clocks ${left.join(' / ')}`);
  assert.notEqual(reason, 'time');
  assert.notEqual(reason, 'timeNoMate');
  assert.deepEqual(page.errors, []);
  await page.close();
});

// ---------------------------------------------------------------- a game with a friend by link

test('correspondence: four moves between two browsers passing links; the lists say whose move it is', { timeout: 120_000 }, async () => {
  const alice = await openGame(env, null);
  const bob = await openGame(env, null);
  // Alice starts a game by link as White
  await alice.click('#btn-new');
  await alice.check('input[name=mode][value=correspondence]');
  await alice.check('input[name=color][value=white]');
  await alice.click('#ng-start-btn');
  await alice.waitForSelector('#corr:not([hidden])');
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
