// Browser tests of the ends of a game (issue 34, item 3): a game lost on time or resigned is
// over (no Undo, no move on from earlier in it; the result dialog offers the review and a new
// game), a finished game opened by link offers its review and a new game, not a continuation,
// the result dialog takes the focus after a resignation by keyboard, and the PGN names the
// players and says how the game ended.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openGame, moveCount, exportPgn } from './ui.support.mjs';
import { useBrowser } from './helpers.mjs';

const env = useBrowser();

async function clickMove(page, from, to) {
  await page.click(`[data-square=${from}]`);
  await page.click(`[data-square=${to}]`);
}


test('ends: after a loss on time Undo is disabled and no move is made from earlier in the game', async () => {
  const page = await openGame(env, null, { hash: '#play=friend&clock=0.1%2B0', clock: 'paused' });
  await clickMove(page, 'e3', 'e4');
  await clickMove(page, 'd6', 'd5');
  await page.clock.runFor(6100); // White's 6 s run out
  await page.waitForSelector('#banner:not([hidden])');
  assert.equal(await page.getAttribute('#banner', 'data-reason'), 'time');
  assert.equal(await page.isDisabled('#btn-undo'), true, 'Undo is disabled');
  assert.equal(await page.isVisible('#banner-review'), true, 'the result dialog offers the review');
  assert.equal(await page.isVisible('#banner-new'), true, 'and a new game');
  await page.click('#banner-close');
  // back in the move list: the pieces do not move, the clock stays at 0:00.0
  await page.click('#moves button[data-ply="1"]');
  await clickMove(page, 'c6', 'c5');
  await page.clock.runFor(1000);
  assert.equal(await moveCount(page), 2);
  assert.equal(await page.getAttribute('[data-square=c6]', 'data-piece'), 'p');
  assert.equal(await page.locator('[data-clock=white]').innerText(), '0:00.0');
  await page.click('#moves button[data-ply="2"]');
  assert.match(await page.locator('#status').innerText(), /0-1/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('ends: a finished game opened by link offers its review and a new game, not a continuation', async () => {
  const page = await openGame(env, null, { hash: '#fen=k7/8/1K6/8/8/8/8/7R_w_-_-_0_1&moves=h1h8' });
  await page.waitForSelector('#shared:not([hidden])');
  assert.match(await page.locator('#status').innerText(), /1-0/);
  assert.equal(await page.isVisible('#shared-engine'), false, 'no "against the engine"');
  assert.equal(await page.isVisible('#shared-friend'), false, 'no "with a friend"');
  assert.equal(await page.isVisible('#shared-review'), true);
  assert.equal(await page.isVisible('#shared-new'), true);
  assert.match(await page.locator('#shared').innerText(), /A finished game/);
  await page.click('#shared-new');
  await page.waitForSelector('#newgame[open]'); // New game opens its dialog (made on its first opening)
  await page.keyboard.press('Escape');
  // before the mate, the position can be continued
  await page.click('#moves button[data-ply="1"]');
  await page.click('#nav-prev');
  assert.equal(await page.isVisible('#shared-engine'), true);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('ends: a resignation by keyboard puts the focus in the result dialog', async () => {
  const page = await openGame(env, { mode: 'two' });
  await page.focus('#btn-resign');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#banner:not([hidden])');
  assert.equal(await page.evaluate(() => !!document.activeElement.closest('#banner')), true,
    `focus on ${await page.evaluate(() => document.activeElement.id || document.activeElement.tagName)}`);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter'); // "Close": the focus goes on, not to the page
  assert.equal(await page.isHidden('#banner'), true);
  assert.notEqual(await page.evaluate(() => document.activeElement.tagName), 'BODY');
  await page.close();
});

test('ends: the PGN names the person and the engine by its level, and says a resignation', async () => {
  const page = await openGame(env, { mode: 'engine', human: 'white', level: 3, moves: ['e3e4', 'e6e5'] });
  let pgn = await exportPgn(page);
  assert.match(pgn, /\[White "You"\]\n\[Black "Makruk engine, level 3"\]/);
  assert.match(pgn, /\[Result "\*"\]/);
  await page.click('#btn-resign');
  await page.click('#btn-resign');
  await page.waitForSelector('#banner:not([hidden])');
  await page.click('#banner-close');
  await page.click('#pgn-export');
  await page.waitForFunction(() => /Termination/.test(document.querySelector('#pgn-text').value));
  pgn = await page.inputValue('#pgn-text');
  assert.match(pgn, /\[Result "0-1"\]\n\[Termination "normal"\]/);
  assert.match(pgn, /1\. e4 e5 0-1/);
  await page.close();
});
