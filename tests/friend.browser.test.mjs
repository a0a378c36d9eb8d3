// A game with a friend by link in Chromium (issue 34, item 4): a move not sent yet is listed
// as "send the link" from the moment it is made, the link copied by hand counts as sent, an
// older link never drops the move not sent, "Link copied" is no error, the players are "You"
// and "Your friend", and counts take their plural form. The moves of the list are said with the
// language's piece names (item 5). The whole exchange between two browsers is in
// clock.browser.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openGame, startGameByLink } from './ui.support.mjs';
import { useBrowser } from './helpers.mjs';

const env = useBrowser();

async function clickMove(page, from, to) {
  await page.click(`[data-square=${from}]`);
  await page.click(`[data-square=${to}]`);
}

const names = (page) => page.evaluate(() => ['player-bottom', 'player-top'].map((id) => document.querySelector(`#${id} .player-name`).textContent));

test('friend by link: listed as "send the link" once moved; the link copied by hand is sent; an older link keeps the move not sent', { timeout: 120_000 }, async () => {
  const alice = await openGame(env, null);
  await startGameByLink(alice);
  assert.deepEqual(await names(alice), ['You', 'Your friend']);
  await clickMove(alice, 'e3', 'e4');
  await alice.waitForSelector('#corr-send:not([hidden])');
  assert.equal(await alice.locator('#corr-list button').innerText(), 'White, 1 move, send the link', 'listed as to send, one move');
  assert.equal(await alice.getAttribute('#moves button.move', 'aria-label'), 'Bia to e4', 'said with the piece names');
  assert.equal(await alice.locator('.board-live').textContent(), 'White: Bia to e4', 'and announced so');
  // the link selected and copied by hand, as the Copy button does
  await alice.focus('#corr-link');
  await alice.keyboard.press('Control+A');
  await alice.keyboard.press('Control+C');
  await alice.waitForSelector('#btn-undo:disabled');
  assert.equal(await alice.locator('#corr-list button').innerText(), 'White, 1 move, friend’s move');
  assert.match(await alice.locator('#message').innerText(), /Link copied/);
  assert.equal(await alice.getAttribute('#message', 'data-kind'), 'success', 'a success, not an error');
  const first = await alice.inputValue('#corr-link');

  const bob = await openGame(env, null);
  await bob.goto(first);
  await bob.waitForFunction(() => document.querySelectorAll('#moves button.move').length === 1);
  assert.deepEqual(await names(bob), ['You', 'Your friend']);
  assert.equal(await bob.getAttribute('#player-bottom', 'data-color'), 'black');
  await clickMove(bob, 'd6', 'd5');
  await bob.waitForSelector('#corr-send:not([hidden])');
  assert.equal(await bob.locator('#corr-list button').innerText(), 'Black, 2 moves, send the link');
  // Alice's link opened again before Bob sent his answer: his move stays, and he is told
  await bob.goto('about:blank');
  await bob.goto(first);
  await bob.waitForSelector('body[data-ready]');
  await bob.waitForFunction(() => /not sent yet/.test(document.getElementById('message').textContent));
  assert.equal(await bob.getAttribute('#message', 'data-kind'), 'info', 'a note, not an error');
  assert.equal(await bob.locator('#moves button.move').count(), 2, 'the move not sent is kept');
  assert.equal(await bob.locator('#btn-undo').isDisabled(), false, 'and can still be taken back');
  assert.equal(await bob.locator('#corr-list button').innerText(), 'Black, 2 moves, send the link');
  assert.match(await bob.inputValue('#corr-link'), /moves=e3e4\+?d6d5|moves=e3e4%20d6d5|moves=e3e4_d6d5/);
  // taken back, it is no longer listed as to send
  await bob.click('#btn-undo');
  assert.equal(await bob.locator('#corr-list button').innerText(), 'Black, 1 move, your move');
  assert.deepEqual([...alice.errors, ...bob.errors], []);
  await alice.close();
  await bob.close();
});

test('friend by link: the players, the list and the move list in German, Ukrainian and Thai', { timeout: 60_000 }, async () => {
  const expected = {
    'de-DE': [['Du', 'Dein Freund'], 'Weiß, 1 Zug, Link senden', 'Bia nach e4'],
    'uk-UA': [['Ви', 'Ваш друг'], 'Білі, 1 хід, надішліть посилання', 'Бія на e4'],
    'th-TH': [['คุณ', 'เพื่อนของคุณ'], 'ฝ่ายขาว, 1 ตา, ส่งลิงก์', 'เบี้ย ไป จ๔'], // Thai notation: the default in Thai
  };
  for (const [locale, [players, listed, spoken]] of Object.entries(expected)) {
    const page = await openGame(env, null, { locale, hash: '#play=correspondence&id=abc123' });
    await page.waitForFunction((name) => document.querySelector('#player-bottom .player-name').textContent === name, players[0]);
    await clickMove(page, 'e3', 'e4');
    await page.waitForSelector('#corr-send:not([hidden])');
    assert.deepEqual(await names(page), players, locale);
    assert.equal(await page.locator('#corr-list button').innerText(), listed, locale);
    // Thai names the square in Thai notation once the full module (thaiLine) has loaded
    await page.waitForFunction((s) => document.querySelector('#moves button.move')?.getAttribute('aria-label') === s, spoken, { timeout: 10_000 }).catch(() => {});
    assert.equal(await page.getAttribute('#moves button.move', 'aria-label'), spoken, locale);
    assert.deepEqual(page.errors, []);
    await page.close();
  }
});
