// The paths a player takes across features (issue 56), each a named test: the defects met on
// them, and the counterexamples the model-based test (model.browser.test.mjs) shrank to.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openGame, moveCount, exportPgn, openPositionPanel, shareParts } from './ui.support.mjs';
import { useBrowser } from './helpers.mjs';

const env = useBrowser();

/** Plays `uci` on the board by two clicks, as a person does. */
async function play(page, uci) {
  await page.click(`[data-square=${uci.slice(0, 2)}]`);
  await page.click(`[data-square=${uci.slice(2, 4)}]`);
}

/**
 * Opens `hash`, a link to look at (a position, no play=), in the open page as a link pasted into
 * its address bar, and waits for the square `sq` to hold `piece` (the link's position on the
 * board): what the test reads next is the page's state, not the way the link came (a page
 * opened for it, a second of CPU more, shows the same position in the same analysis).
 */
async function reopen(page, hash, sq, piece) {
  await page.evaluate((h) => { location.hash = h; }, hash);
  await page.waitForSelector(`[data-square=${sq}][data-piece="${piece}"]`);
}

const status = (page) => page.locator('#status').innerText();
const movesIs = (page, n) => page.waitForFunction((k) => document.querySelectorAll('#moves button.move').length === k, n);

test('paths: Undo and the same move again against the engine: the engine plays on, its clock runs, Resign is offered', async () => {
  const page = await openGame(env, null, { hash: '#play=engine&level=1&clock=1+0', ready: 'engine' });
  await play(page, 'e3e4');
  await movesIs(page, 2);
  await page.click('#btn-undo');
  await page.waitForFunction(() => !document.querySelector('#moves button[aria-current]'));
  await play(page, 'e3e4');
  // the engine replies: its move is the line's second, and the person is to move at the end
  await page.waitForFunction(() => document.querySelector('#status').textContent === 'Your move'
    && document.querySelectorAll('#moves button.move').length === 2);
  assert.equal(await page.isDisabled('#btn-resign'), false, 'Resign is offered');
  assert.equal(await page.isDisabled('#btn-redo'), true, 'the cursor is at the end of the line');
  assert.equal(await page.locator('.clock[data-running=true]').getAttribute('data-clock'), 'white', 'the person\'s clock runs');
  assert.match(page.url(), /moves=e3e4\+[a-h][1-8][a-h][1-8]&ply=2/, 'the link has the cursor at the end');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('paths: the cursor at an earlier point where the engine is to move: the page says how the game goes on', async () => {
  const page = await openGame(env, null, { hash: '#play=engine&level=1', ready: 'engine' });
  await play(page, 'e3e4');
  await movesIs(page, 2);
  await page.click('#moves button[data-ply="1"]');
  await page.waitForFunction(() => /goes on from the last move/.test(document.querySelector('#status').textContent));
  assert.equal(await moveCount(page), 2, 'the engine waits at an earlier point');
  await page.click('#nav-last');
  await page.waitForFunction(() => document.querySelector('#status').textContent === 'Your move');
  // a reload of a link with the cursor there says it too
  await page.click('#moves button[data-ply="1"]');
  await page.waitForFunction(() => /ply=1/.test(location.hash));
  await page.reload();
  await page.waitForSelector('body[data-ready]');
  await page.waitForFunction(() => /goes on from the last move/.test(document.querySelector('#status').textContent));
  assert.deepEqual(page.errors, []);
  await page.close();
});

// the counterexamples of the model-based test (docs/testing.md, "The model-based test")

/** Chooses the page's language in the settings, as a person does. */
async function chooseLanguage(page, lang) {
  await page.selectOption('#lang', lang);
  await page.waitForFunction((l) => document.documentElement.lang === l, lang);
}

test('paths: a language change leaves nothing in the language before: the result banner, the board\'s last announcement, the panel\'s message', async () => {
  const { default: tr } = await import('../www/common/i18n/tr.js');
  const page = await openGame(env, { mode: 'two' }, { ready: 'engine' });
  await play(page, 'e3e4');
  await page.waitForFunction(() => document.querySelector('.board-live').textContent !== '');
  // a PGN refused in the position panel
  await openPositionPanel(page);
  await page.fill('#pgn-text', '1. e4 c5 2. Qxx9 *');
  await page.click('#pgn-import');
  await page.waitForFunction(() => document.querySelector('#position-message').dataset.kind === 'error');
  await page.click('#btn-resign');
  await page.click('#btn-resign');
  await page.waitForSelector('#banner:not([hidden])');
  await chooseLanguage(page, 'tr');
  await page.waitForFunction(() => document.querySelector('.board-live').textContent === '');
  assert.equal(await page.locator('#banner-result').innerText(), `1-0 · ${tr.resultWhite}`, 'the banner in Turkish');
  assert.equal(await page.locator('#position-message').innerText(), '', 'the English message dropped');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('paths: a game without a clock after one with a clock: no hidden clock is marked running', async () => {
  const page = await openGame(env, null, { hash: '#play=engine&level=1&clock=5+3', ready: 'engine' });
  await page.locator('.clock[data-running=true]').waitFor();
  await openPositionPanel(page);
  await page.fill('#fen-input', 'rnsmksnr/8/pppppppp/8/4P3/PPPP1PPP/8/RNSKMSNR b - - 0 1');
  await page.click('#fen-load');
  await page.waitForFunction(() => document.querySelector('.player .clock').hidden);
  assert.equal(await page.locator('.clock[data-running=true]').count(), 0);
  await page.close();
});

// issue 56's smaller defects

test('paths: the New game dialog keeps "Random" chosen', async () => {
  const page = await openGame(env, null, { ready: 'engine' });
  await page.click('#btn-new');
  await page.check('input[name=mode][value=engine]');
  await page.check('input[name=color][value=random]');
  await page.click('#ng-start-btn');
  await page.click('#btn-new');
  assert.equal(await page.isChecked('input[name=color][value=random]'), true);
  await page.click('#newgame button[value=cancel]');
  await page.close();
});

test('paths: PGN: TimeControl when clocked, Termination on a game ended by the rules; "Game loaded" counts moves', async () => {
  const page = await openGame(env, null, { hash: '#play=engine&level=1&clock=3+2', ready: 'engine' });
  assert.match(await exportPgn(page), /\[TimeControl "180\+2"\]/);
  await reopen(page, '#fen=k7/8/1K6/8/8/8/8/7R_w_-_-_0_1', 'h1', 'R');
  await play(page, 'h1h8');
  await page.waitForFunction(() => document.querySelector('#status').textContent.startsWith('1-0'));
  const pgn = await exportPgn(page);
  assert.match(pgn, /\[Result "1-0"\]\n\[Termination "normal"\]/, 'a mate has its Termination');
  assert.doesNotMatch(pgn, /TimeControl/, 'no clock, no TimeControl');
  await page.fill('#pgn-text', '1. e4 e5 2. d4 d5 3. c4 *');
  await page.click('#pgn-import');
  await page.waitForFunction(() => /loaded/.test(document.querySelector('#position-message').textContent));
  assert.equal(await page.locator('#position-message').innerText(), 'Game loaded (3 moves).');
  await page.close();
});

test('paths: counting on request: its text only where counting is in reach (no Bia left)', async () => {
  const page = await openGame(env, null, { hash: '#counting=request', ready: 'engine' });
  assert.equal(await page.locator('#count-request').isVisible(), false, 'every Bia on the board');
  await reopen(page, '#fen=4k3/8/8/8/8/8/R7/4K3_b_-_-_0_1&counting=request', 'a2', 'R');
  assert.equal(await page.locator('#count-request').isVisible(), true, 'no Bia left');
  await page.close();
});

test('paths: the notation shown stays after a language change and a reload (a Thai page\'s default is Thai notation)', async () => {
  const page = await openGame(env, { mode: 'two', moves: ['d3d4', 'c6c5'] }, { ready: 'engine' });
  await chooseLanguage(page, 'th');
  await page.waitForTimeout(300);
  await page.reload();
  await page.waitForSelector('body[data-ready]');
  await page.waitForFunction(() => document.querySelectorAll('#moves button.move').length === 2);
  assert.equal(await page.locator('#moves button.move').first().innerText(), 'd4', 'standard notation, as before the reload');
  assert.equal(await page.inputValue('#notation'), 'standard');
  await page.close();
});

test('paths: the puzzle\'s Solution shows its moves in the chosen notation and steps through them', async () => {
  const { readFileSync } = await import('node:fs');
  const lines = readFileSync(new URL('../www/pages/puzzles/puzzles.txt', import.meta.url), 'utf8').trim().split('\n').map((l) => l.split(';'));
  const [id, , moves] = lines.find((l) => l[2].split(' ').length >= 3);
  const n = moves.split(' ').length;
  for (const notation of ['standard', 'thai']) {
    const context = await env.browser.newContext({ viewport: { width: 1024, height: 800 }, locale: 'en-US' });
    await context.addInitScript((nt) => localStorage.setItem('makruk.settings', JSON.stringify({ notation: nt, fastReplies: true })), notation);
    await context.clock.install(); // the solution's steps, 650 ms each, run at once below
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${env.base}/puzzles.html#puzzle=${id}`);
    await page.waitForSelector('body[data-ready=puzzles]');
    const wrong = (await page.evaluate(() => window.makrukPuzzles.legal())).find((m) => m !== moves.split(' ')[0]);
    await play(page, wrong);
    await page.waitForSelector('body[data-state=wrong]');
    await page.click('#btn-solution');
    await page.clock.runFor(n * 1000);
    await page.waitForSelector('body[data-state=shown]');
    assert.equal(await page.isVisible('#message'), false, '"… is not the move" is gone');
    const names = await page.locator('#solution button.move').allInnerTexts();
    assert.equal(names.length, n, 'every move of the solution');
    assert.equal(names.some((name) => /[\u0E00-\u0E7F]/.test(name)), notation === 'thai', `in ${notation} notation`);
    await page.locator('#solution button.move').first().click();
    await page.waitForSelector('body[data-ply="1"]');
    assert.equal(await page.locator('#solution button[aria-current]').innerText(), names[0], 'stepped to its first move');
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('paths: a bad link keeps its rules and counting, says what is wrong and the right form, until the player closes the message', async () => {
  const page = await openGame(env, null, { hash: '#variant=karouk&counting=request&fen=rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR_w_-_-_0_1_x_y', ready: 'engine', clock: true });
  await page.waitForFunction(() => /Kar Ouk/.test(document.querySelector('#status').textContent));
  // the message may come a moment after the status (it failed so once under load)
  await page.waitForFunction(() => document.querySelector('#message').textContent.trim() !== '');
  const text = await page.locator('#message').innerText();
  assert.match(text, /The position in the link is invalid/, 'what is wrong');
  assert.match(text, /A position is written as a FEN, as the start of these rules is: \S+ w /, 'the right form');
  await page.waitForFunction(() => /counting=request/.test(location.hash) && /variant=karouk/.test(location.hash));
  // (the analysis off: its search under the test's clock would look hung, and the engine's
  // replacement be said in the message box)
  await page.click('#btn-analysis');
  await page.clock.runFor(30_000);
  assert.equal(await page.isVisible('#message'), true, 'it stays');
  await page.click('#message');
  assert.equal(await page.isVisible('#message'), false, 'until the player closes it');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('paths: a language change drops the PGN panel\'s choice of games, worded in the language before', async () => {
  const page = await openGame(env, { mode: 'two' }, { ready: 'engine' });
  await openPositionPanel(page);
  await page.fill('#pgn-text', '[Event "a"]\n\n1. e4 *\n\n[Event "b"]\n\n1. d4 *\n');
  await page.click('#pgn-import');
  await page.waitForSelector('#pgn-game:not([hidden])');
  await chooseLanguage(page, 'de');
  await page.waitForSelector('#pgn-game', { state: 'hidden' });
  assert.doesNotMatch(await page.locator('body').innerText(), /This PGN holds/);
  await page.close();
});

test('paths: a PGN of several games on a Turkish page: a refused game is labelled in Turkish (soak seed 1000)', async () => {
  const page = await openGame(env, { mode: 'two' }, { ready: 'engine' });
  await shareParts(page);
  await chooseLanguage(page, 'tr');
  await page.click('#position summary');
  await page.fill('#pgn-text', '[Event "a"]\n\n1. -Event *\n\n[Event "b"]\n\n1. d4 *\n');
  await page.click('#pgn-import');
  await page.waitForSelector('#pgn-game:not([hidden])');
  const label = await page.locator('#pgn-game option[value="0"]').innerText();
  assert.match(label, /^1\. \S/);
  assert.doesNotMatch(label, /was rejected|expected|move '/, 'no English in the label');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('paths: a damaged PGN on a German page: the game it refuses is labelled in German (soak seed 5606)', async () => {
  const page = await openGame(env, { mode: 'two' }, { ready: 'engine', locale: 'de-DE' });
  await openPositionPanel(page);
  // the soak's PGN (ImportPgn(13, 787, [299,435])): a "/" for the line break after the first tag
  // splits it into a game refused at its "move" "/" and a game of the 13 moves
  await page.fill('#pgn-text', '[Event "?"]/[Result "*"]\n\n1. e4 Sc7 2. d4 c5 3. Kc2 Rh7 4. b4 Rg7 5. Sd2 Nd7 6. Sc1 b5 7. Se2 *\n');
  await page.click('#pgn-import');
  await page.waitForSelector('#pgn-game:not([hidden])');
  const label = await page.locator('#pgn-game option[value="0"]').innerText();
  assert.match(label, /Ziel|Feld/, label);
  assert.doesNotMatch(await page.locator('body').innerText(), /was rejected|expected a target|move '/, 'no English on the page');
  await page.selectOption('#pgn-game', '0');
  await page.waitForFunction(() => document.getElementById('position-message').dataset.kind === 'error');
  assert.doesNotMatch(await page.locator('#position-message').innerText(), /was rejected|expected|move '/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('paths: "Back to my game" when that game cannot be opened: said in German, from the error\'s code (controls.js)', async () => {
  const bad = JSON.stringify({ startFen: 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1 1+1', moves: [], ply: 0, mode: 'two', human: 'white', level: 1, orientation: 'white' });
  const page = await openGame(env, null, { locale: 'de-DE', hash: '#fen=4k3/8/8/8/8/8/8/R3K3_w_-_-_0_1' });
  await page.evaluate((s) => localStorage.setItem('makruk.previousGame', s), bad);
  await page.reload();
  await page.waitForSelector('#shared-back:not([hidden])');
  await page.click('#shared-back');
  await page.waitForFunction(() => !document.getElementById('message').hidden);
  const text = await page.locator('#message').innerText();
  assert.match(text, /^Deine frühere Partie ließ sich nicht öffnen: .*FEN/, text);
  assert.doesNotMatch(text, /expected|found|fields/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('paths: a FEN refused on a Ukrainian page names the rule sets as the page does (soak seed 5613)', async () => {
  const page = await openGame(env, { mode: 'two' }, { ready: 'engine', locale: 'uk-UA' });
  await openPositionPanel(page);
  // the soak's FEN (ImportFen(7, 158, [774,866])): a "9" after the rights field's "-", in Makruk
  await page.fill('#fen-input', 'r1smksnr/3n4/ppp1pppp/3p4/2P1P3/PP1P1PPP/8/RNSKMSNR w -9 - 0 4');
  await page.click('#fen-load');
  await page.waitForFunction(() => document.getElementById('position-message').dataset.kind === 'error');
  const text = await page.locator('#position-message').innerText();
  assert.match(text, /«Макрук».*«-9».*«Ук чатранг»/, text);
  assert.doesNotMatch(text, /Makruk|Ouk Chatrang/);
  assert.deepEqual(page.errors, []);
  await page.close();
});
