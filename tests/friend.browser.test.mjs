// A game with a friend by link in Chromium (issue 34, item 4): a move not sent yet is listed
// as "send the link" from the moment it is made, the link copied by hand counts as sent, an
// older link never drops the move not sent, "Link copied" is no error, the players are "You"
// and "Your friend", and counts take their plural form. The moves of the list are said with the
// language's piece names (item 5). The whole exchange between two browsers is in
// clock.browser.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openGame, startGameByLink, exportPgn } from './ui.support.mjs';
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

// ---------------------------------------------------------------- the end of a game by link
// (issue 56 item 5): a draw offered with a move and accepted or declined by the friend, a
// resignation, each sent back by link; a damaged or forged offer or end is said and dropped.

/** The link of the page's game by link, sent (the Copy button: the friend has seen it). */
async function sendLink(page) {
  const link = await page.inputValue('#corr-link');
  await page.click('#corr-copy');
  return link;
}

/** Opens `link` in `page` and waits for its game by link. */
async function openLink(page, link) {
  await page.goto('about:blank');
  await page.goto(link);
  await page.waitForSelector('body[data-ready]');
  await page.waitForSelector('#corr:not([hidden])');
}

/**
 * Opens `link` in the page where its game by link is open, as a link pasted into its address bar
 * (a hashchange: www/pages/game/main.js hands it to the same restore as a load does; a load of
 * it is openLink's, and every friend's first page), and waits for its game by link.
 */
async function pasteLink(page, link) {
  await page.evaluate((h) => { location.hash = h; }, new URL(link).hash);
  await page.waitForSelector('#corr:not([hidden])');
}

/** A friend's new page (a context of its own, `options` openGame's) opened on `link`, the game
 * by link in it. */
async function friendOpens(link, options = {}) {
  const page = await openGame(env, null, { ...options, hash: new URL(link).hash });
  await page.waitForSelector('#corr:not([hidden])');
  return page;
}

/** The page's game is over with `result`, said in the panel and the PGN (agreement and
 * resignation: Termination "normal"). */
async function over(page, result) {
  await page.waitForFunction((r) => document.getElementById('corr-text').textContent.startsWith(r), result);
  assert.equal(await page.locator('#btn-resign').isDisabled(), true);
  assert.equal(await page.locator('#btn-draw').isDisabled(), true);
  const pgn = await exportPgn(page);
  assert.match(pgn, new RegExp(`\\[Result "${result.replace(/\//g, '\\/')}"\\]\\n\\[Termination "normal"\\]`));
}

/** Alice (White, English) plays e3-e4 in a new game by link and offers a draw with it. */
async function aliceOffers() {
  const alice = await openGame(env, null);
  await startGameByLink(alice);
  assert.equal(await alice.locator('#btn-draw').isDisabled(), true, 'no offer before a move');
  await clickMove(alice, 'e3', 'e4');
  await alice.click('#btn-draw');
  await alice.waitForFunction(() => /offer=w/.test(document.getElementById('corr-link').value));
  assert.equal(await alice.locator('#corr-text').innerText(), 'You offer a draw with your move: send this link to your friend.');
  assert.equal(await alice.locator('#btn-draw').isDisabled(), true, 'offered once');
  return { alice, offer: await sendLink(alice) };
}

test('friend by link: a draw offered with a move, accepted in German: the link sent back ends the game drawn by agreement', { timeout: 120_000 }, async () => {
  const { alice, offer } = await aliceOffers();
  const bob = await friendOpens(offer, { locale: 'de-DE' });
  await bob.waitForSelector('#corr-offer:not([hidden])');
  assert.equal(await bob.locator('#corr-text').innerText(), 'Dein Freund bietet mit seinem Zug Remis an: nimm an oder lehne ab und spiele deinen Zug.');
  assert.deepEqual(await bob.locator('#corr-offer button').allInnerTexts(), ['Remis annehmen', 'Ablehnen']);
  await bob.click('#corr-accept');
  await bob.waitForSelector('#corr-offer', { state: 'hidden' });
  assert.match(await bob.locator('#corr-text').innerText(), /^1\/2-1\/2 · .*durch Einigung\. Sende diesen Link an deinen Freund: er zeigt ihm das Ende\.$/);
  const back = await bob.inputValue('#corr-link');
  assert.match(back, /[#&]moves=e3e4&/);
  assert.match(back, /&end=db(&|$)/);
  assert.doesNotMatch(back, /offer=/);
  await over(bob, '1/2-1/2');
  await sendLink(bob);
  await pasteLink(alice, back);
  await over(alice, '1/2-1/2');
  assert.match(await alice.locator('#banner').innerText(), /by agreement/);
  assert.equal(await alice.locator('#corr-list button').innerText(), 'White, 1 move, over: 1/2-1/2');
  assert.deepEqual([...alice.errors, ...bob.errors], []);
  await alice.close();
  await bob.close();
});

test('friend by link: a draw offer declined, or answered by a move, is gone; the game goes on', { timeout: 120_000 }, async () => {
  const { alice, offer } = await aliceOffers();
  const bob = await friendOpens(offer);
  await bob.waitForSelector('#corr-offer:not([hidden])');
  assert.equal(await bob.locator('#corr-text').innerText(), 'Your friend offers a draw with their move: accept it, or decline and play your move.');
  await bob.click('#corr-decline');
  await bob.waitForSelector('#corr-offer', { state: 'hidden' });
  assert.equal(await bob.locator('#message').innerText(), 'You decline the draw: play your move.');
  assert.equal(await bob.locator('#corr-text').innerText(), 'Your move: make one move, then send the link to your friend.');
  await clickMove(bob, 'd6', 'd5');
  await bob.waitForSelector('#corr-send:not([hidden])');
  assert.doesNotMatch(await bob.inputValue('#corr-link'), /offer=|end=/);
  // a second friend answers the offer with a move alone: declined, and may offer in turn
  const carol = await friendOpens(offer);
  await carol.waitForSelector('#corr-offer:not([hidden])');
  await clickMove(carol, 'a6', 'a5');
  await carol.waitForSelector('#corr-offer', { state: 'hidden' });
  assert.doesNotMatch(await carol.inputValue('#corr-link'), /offer=/);
  assert.equal(await carol.locator('#btn-draw').isDisabled(), false, 'a counter-offer with this move');
  // Alice's offer taken back with her move is gone too
  await alice.goto('about:blank');
  const alone = await openGame(env, null);
  await startGameByLink(alone);
  await clickMove(alone, 'e3', 'e4');
  await alone.click('#btn-draw');
  await alone.waitForFunction(() => /offer=w/.test(document.getElementById('corr-link').value));
  await alone.click('#btn-undo');
  await clickMove(alone, 'e3', 'e4');
  await alone.waitForSelector('#corr-send:not([hidden])');
  assert.doesNotMatch(await alone.inputValue('#corr-link'), /offer=/);
  assert.deepEqual([...alice.errors, ...bob.errors, ...carol.errors, ...alone.errors], []);
  for (const p of [alice, bob, carol, alone]) await p.close();
});

test('friend by link: resign: the game ends, the link sent back shows it', { timeout: 120_000 }, async () => {
  const alice = await openGame(env, null);
  await startGameByLink(alice);
  await clickMove(alice, 'e3', 'e4');
  const first = await sendLink(alice);
  const bob = await friendOpens(first);
  assert.equal(await bob.locator('#btn-resign').isDisabled(), false);
  await bob.click('#btn-resign');
  await bob.click('#btn-resign'); // "Really resign?"
  await over(bob, '1-0');
  const back = await bob.inputValue('#corr-link');
  assert.match(back, /&end=rb(&|$)/);
  // the list says what is left to do: send the end
  assert.equal(await bob.locator('#corr-list button').innerText(), 'Black, 1 move, over: 1-0, send the link');
  await sendLink(bob);
  assert.equal(await bob.locator('#corr-list button').innerText(), 'Black, 1 move, over: 1-0');
  assert.equal(await bob.locator('#corr-text').innerText(), '1-0 · White wins by resignation');
  await pasteLink(alice, back);
  await over(alice, '1-0');
  assert.equal(await alice.locator('#corr-list button').innerText(), 'White, 1 move, over: 1-0');
  // a reload keeps the end
  await alice.reload();
  await over(alice, '1-0');
  assert.deepEqual([...alice.errors, ...bob.errors], []);
  await alice.close();
  await bob.close();
});

test('friend by link: a damaged or forged offer or end is said in the page\'s language, and the game goes on', { timeout: 120_000 }, async () => {
  const page = await openGame(env, null);
  const cases = [
    ['offer=x', /^The draw offer in this link is not valid \(offer=w or offer=b, with the move of the side that offers, in a game that goes on\): the game goes on without it\.$/],
    ['offer=b', /^The draw offer in this link is not valid/], // by the side to move
    ['end=zz', /^The end of the game in this link is not valid \(end=rw or end=rb for a resignation, .*\): the game goes on\.$/],
    ['end=dw', /^The end of the game in this link is not valid/], // a draw accepted by the side not to move
  ];
  for (const [k, [part, said]] of cases.entries()) {
    await openLink(page, `${env.base}/index.html#play=correspondence&id=bad${k}&moves=e3e4&${part}`);
    await page.waitForFunction(() => !document.getElementById('message').hidden);
    assert.match(await page.locator('#message').innerText(), said, part);
    assert.equal(await page.getAttribute('#message', 'data-kind'), 'error', part);
    assert.equal(await page.locator('#moves button.move').count(), 1, `${part}: the game kept`);
    assert.equal(await page.locator('#corr-offer').isHidden(), true, part);
    assert.equal(await page.locator('#banner').isHidden(), true, part);
    assert.equal(await page.locator('#corr-text').innerText(), 'Your move: make one move, then send the link to your friend.', part);
  }
  // a draw "accepted" of an offer this page's game never made
  const alice = await openGame(env, null, { locale: 'de-DE' });
  await startGameByLink(alice);
  await clickMove(alice, 'e3', 'e4');
  const sent = await sendLink(alice);
  await pasteLink(alice, `${sent}&end=db`);
  await alice.waitForFunction(() => /kein Remis angeboten/.test(document.getElementById('message').textContent));
  assert.equal(await alice.locator('#message').innerText(), 'Das Partieende in diesem Link ist ungültig (mit diesem Zug wurde kein Remis angeboten): die Partie geht weiter.');
  assert.equal(await alice.locator('#banner').isHidden(), true);
  assert.equal(await alice.locator('#btn-resign').isDisabled(), false, 'the game goes on');
  assert.deepEqual([...page.errors, ...alice.errors], []);
  await page.close();
  await alice.close();
});
