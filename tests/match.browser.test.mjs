// Browser test of a match (issue 47): a two-game match against the engine started by link,
// tied 1-1 (the person resigns the first game and mates in the second from the link's
// position), a reload in the middle that keeps it, the Makpong tie-break with colours swapped,
// the match's result, the score told to screen readers, and the match as one PGN.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openGame, exportPgn } from './ui.support.mjs';
import { useBrowser } from './helpers.mjs';

const env = useBrowser();

// White to move has only Kg1 or e4, and Black then mates with Rb1# either way
const FEN = '1r5k/8/8/8/8/4P3/r7/7K w - - 0 1';

async function clickMove(page, from, to) {
  await page.click(`[data-square=${from}]`);
  await page.click(`[data-square=${to}]`);
}

async function resign(page) {
  await page.click('#btn-resign');
  await page.click('#btn-resign');
  await page.waitForSelector('#banner:not([hidden])');
}

const scoreLine = (page) => page.locator('#match-score').innerText();
const announced = (page) => page.waitForFunction(() => /Engine/.test(document.querySelector('[aria-live]')?.textContent || ''));

test('match: two games tied 1-1, a reload keeps the match, the Makpong tie-break with colours swapped decides it; one PGN', { timeout: 90_000 }, async () => {
  const page = await openGame(env, null, { hash: `#play=engine&match=2&level=1&fen=${FEN.replace(/ /g, '_')}`, ready: 'engine' });
  await page.waitForSelector('#match:not([hidden])');
  assert.equal(await scoreLine(page), 'Game 1 of 2 · You 0 – 0 Engine');
  assert.equal(await page.getAttribute('#player-bottom', 'data-color'), 'white', 'the link\'s side in the first game');

  // game 1: resigned
  await resign(page);
  assert.equal(await scoreLine(page), 'Game 1 of 2 · You 0 – 1 Engine');
  assert.match(await page.locator('#banner-match').innerText(), /You 0 – 1 Engine/);
  await announced(page);
  assert.match(await page.evaluate(() => document.querySelector('[aria-live]').textContent), /^Black wins.*You 0 – 1 Engine/, 'the score with the result');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'banner-next', 'the next game takes the focus');
  // the dialog closed, the score line offers the next game
  await page.click('#banner-close');
  assert.equal(await page.isVisible('#match-next'), true);
  await page.click('#match-next');

  // game 2: the person plays Black from the same position; the engine moves, the page reloads
  await page.waitForSelector('#banner', { state: 'hidden' });
  assert.equal(await scoreLine(page), 'Game 2 of 2 · You 0 – 1 Engine');
  assert.equal(await page.getAttribute('#player-bottom', 'data-color'), 'black', 'colours alternate');
  await page.waitForFunction(() => document.querySelectorAll('#moves button.move').length === 1);
  if (!(await page.isDisabled('#btn-undo'))) await page.click('#btn-undo');
  assert.equal(await page.locator('#moves button.move').count(), 1, 'no undo into the game before');
  await page.reload();
  await page.waitForSelector('body[data-ready=engine]');
  await page.waitForSelector('#match:not([hidden])');
  assert.equal(await scoreLine(page), 'Game 2 of 2 · You 0 – 1 Engine', 'the reload keeps the match');
  assert.equal(await page.locator('#moves button.move').count(), 1, 'and its game');
  await clickMove(page, 'b8', 'b1');
  await page.waitForSelector('#banner:not([hidden])');
  assert.equal(await page.getAttribute('#banner', 'data-reason'), 'checkmate');
  assert.equal(await scoreLine(page), 'Game 2 of 2 · You 1 – 1 Engine');
  assert.match(await page.locator('#banner-match').innerText(), /tied: a tie-break game in Makpong/);
  assert.equal(await page.isVisible('#banner-draw'), true, 'a tied match may end as a draw');
  assert.equal(await page.locator('#banner-next').innerText(), 'Tie-break game');
  await page.click('#banner-next');

  // the tie-break: Makpong from its start, the person White again
  await page.waitForFunction(() => document.querySelector('#match-score').textContent.startsWith('Tie-break 1'));
  assert.equal(await scoreLine(page), 'Tie-break 1 · You 1 – 1 Engine');
  assert.equal(await page.getAttribute('#player-bottom', 'data-color'), 'white', 'colours swapped');
  assert.equal(await page.locator('#variant-heading h2').innerText(), 'Makpong');
  assert.equal(await page.getAttribute('[data-square=e3]', 'data-piece'), 'P', 'from the start position');
  await resign(page);
  assert.equal(await scoreLine(page), 'The engine wins the match · You 1 – 1 Engine · tie-break 0 – 1');
  assert.match(await page.locator('#banner-match').innerText(), /^The engine wins the match/);
  assert.equal(await page.isVisible('#banner-next'), false, 'no next game after the match');

  // one PGN: three rounds, the tie-break's variant, the score
  await page.click('#banner-close');
  const pgn = await exportPgn(page);
  assert.deepEqual([...pgn.matchAll(/\[Round "(\d+)"\]/g)].map((m) => m[1]), ['1', '2', '3']);
  assert.deepEqual([...pgn.matchAll(/\[Result "([^"]+)"\]/g)].map((m) => m[1]), ['0-1', '0-1', '0-1']);
  assert.deepEqual([...pgn.matchAll(/\[Variant "([^"]+)"\]/g)].map((m) => m[1]), ['makruk', 'makruk', 'makpong']);
  assert.equal(pgn.split('\n\n[Event').length, 3, 'a blank line between games');
  assert.match(pgn, /\[Event "Match of 2 games: You 1 – 1 Makruk engine, level 1, tie-break 0 – 1"\]/);
  assert.match(pgn, /\[White "Makruk engine, level 1"\]\n\[Black "You"\][\s\S]*Rb1#/, 'the second game, the person Black');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('match: from the New game dialog, two people, Ouk Chatrang at 5+3: each game\'s clock starts fresh, the Kar Ouk tie-break, a tied match ended as a draw', { timeout: 60_000 }, async () => {
  const page = await openGame(env, null, { ready: 'engine', clock: true });
  await page.click('#btn-new');
  await page.waitForSelector('#newgame[open]');
  await page.check('input[name=mode][value=two]');
  assert.equal(await page.locator('#ng-match option[value="2"]').innerText(), '2 games');
  await page.selectOption('#ng-match', '2');
  await page.selectOption('#ng-clock', '5+3');
  await page.selectOption('#ng-variant', 'cambodian');
  await page.check('input[name=turnBoard]');
  // the page's time stands still from the start to the first move (however long the clicks
  // take on a loaded machine): White's clock is 5:00 and the increment's 3 s
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
  await page.click('#ng-start-btn');
  await page.waitForSelector('#match:not([hidden])');
  assert.equal(await scoreLine(page), 'Game 1 of 2 · Player 1 0 – 0 Player 2');
  await clickMove(page, 'e3', 'e4');
  assert.ok((await page.locator('[data-clock]').allInnerTexts()).includes('5:03'), 'the increment added in game 1');
  await page.clock.resume();
  await resign(page); // Black (Player 2) resigns
  assert.equal(await scoreLine(page), 'Game 1 of 2 · Player 1 1 – 0 Player 2');
  await page.click('#banner-next');
  await page.waitForFunction(() => document.querySelector('#match-score').textContent.startsWith('Game 2'));
  assert.deepEqual(await page.locator('[data-clock]').allInnerTexts(), ['5:00', '5:00'], 'a fresh clock');
  await page.waitForFunction(() => document.querySelector('[aria-live]').textContent === 'Game 2 of 2 · Player 1 1 – 0 Player 2. White to move');
  assert.match(await page.locator('#variant-heading h2').innerText(), /^Ouk Chatrang/);
  await clickMove(page, 'e3', 'e4');
  assert.equal(await page.getAttribute('#player-bottom', 'data-color'), 'black', 'the board still turns after each move');
  await resign(page); // Black (Player 1 in game 2) resigns
  assert.equal(await scoreLine(page), 'Game 2 of 2 · Player 1 1 – 1 Player 2');
  assert.match(await page.locator('#banner-match').innerText(), /a tie-break game in Kar Ouk/);
  await page.click('#banner-draw');
  assert.equal(await scoreLine(page), 'The match is drawn · Player 1 1 – 1 Player 2');
  assert.equal(await page.isVisible('#banner-next'), false);
  assert.equal(await page.isVisible('#banner-draw'), false);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('match: a link\'s match of another length is named, and its game played alone', async () => {
  const page = await openGame(env, null, { hash: '#play=friend&match=3' });
  await page.waitForSelector('#message:not([hidden])');
  assert.match(await page.locator('#message').innerText(), /match.*one of 2, 4, 6/);
  assert.equal(await page.locator('#match').count() === 0 || await page.isHidden('#match'), true, 'no match');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('match: with a friend by link, the links carry it: 1-1 after two games, the Makpong tie-break named alike in both pages', { timeout: 90_000 }, async () => {
  const mate = 'k7/8/1K6/8/8/8/8/7R_w_-_-_0_1'; // White mates with Rh8
  const alice = await openGame(env, null, { hash: `#play=correspondence&id=m1&match=2&fen=${mate}` });
  await alice.waitForSelector('#match:not([hidden])');
  assert.equal(await scoreLine(alice), 'Game 1 of 2 · You 0 – 0 Your friend');
  await clickMove(alice, 'h1', 'h8');
  await alice.waitForSelector('#banner:not([hidden])');
  const link1 = await alice.inputValue('#corr-link');
  assert.match(link1, /[&#]match=2(&|$)/);
  assert.equal(await alice.isVisible('#banner-draw'), false);
  await alice.click('#banner-next'); // game 2: Alice Black, her friend starts
  assert.equal(await scoreLine(alice), 'Game 2 of 2 · You 1 – 0 Your friend');
  assert.equal(await alice.getAttribute('#player-bottom', 'data-color'), 'black');

  const bob = await openGame(env, null);
  await bob.goto(link1);
  await bob.waitForSelector('#banner:not([hidden])');
  assert.equal(await scoreLine(bob), 'Game 1 of 2 · You 0 – 1 Your friend');
  await bob.click('#banner-next'); // game 2: Bob White, the same position
  await bob.waitForFunction(() => document.querySelector('#match-score').textContent.startsWith('Game 2'));
  await clickMove(bob, 'h1', 'h8');
  await bob.waitForSelector('#banner:not([hidden])');
  assert.equal(await scoreLine(bob), 'Game 2 of 2 · You 1 – 1 Your friend');
  assert.equal(await bob.isVisible('#banner-draw'), false, 'no draw without the friend');
  const link2 = await bob.inputValue('#corr-link');
  assert.match(link2, /[&#]id=m1-2&.*match=2\.w(&|$)/);

  await alice.goto(link2);
  await alice.waitForSelector('#banner:not([hidden])');
  assert.equal(await scoreLine(alice), 'Game 2 of 2 · You 1 – 1 Your friend');
  await alice.click('#banner-next'); // the tie-break: Alice White
  await alice.waitForFunction(() => document.querySelector('#match-score').textContent.startsWith('Tie-break 1'));
  assert.equal(await alice.locator('#variant-heading h2').innerText(), 'Makpong');
  await clickMove(alice, 'e3', 'e4');
  const link3 = await alice.inputValue('#corr-link');
  assert.match(link3, /[&#]id=m1-3&.*match=2\.ww(&|$)/);

  await bob.goto(link3);
  await bob.waitForFunction(() => document.querySelector('#match-score')?.textContent.startsWith('Tie-break 1'));
  assert.equal(await scoreLine(bob), 'Tie-break 1 · You 1 – 1 Your friend');
  assert.equal(await bob.getAttribute('#player-bottom', 'data-color'), 'black');
  assert.equal(await bob.locator('#moves button.move').count(), 1);
  // Bob's page joined the tie-break by its link: the games he played are in his PGN still
  const pgn = await exportPgn(bob);
  assert.deepEqual([...pgn.matchAll(/\[Round "(\d+)"\]/g)].map((m) => m[1]), ['1', '2', '3']);
  assert.deepEqual([...pgn.matchAll(/\[Result "([^"]+)"\]/g)].map((m) => m[1]), ['1-0', '1-0', '*']);
  assert.match(pgn, /Rh8# 1-0[\s\S]*Rh8# 1-0[\s\S]*\[Variant "makpong"\][\s\S]*1\. e4 \*/);
  assert.deepEqual([...alice.errors, ...bob.errors], []);
  await alice.close();
  await bob.close();
});
