// Game review in Chromium: a short game with a constructed blunder reviewed end to end
// (marks, chart, better move, Retry, PGN export and import) and cancelling. The time of a
// 60-move review is scripts/timing-bench.mjs's figure.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as wasm from '../www/pkg/makruk_wasm.js';
import { openGame, exportPgn } from './ui.support.mjs';
import { screenshot, useBrowser } from './helpers.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
wasm.initSync({ module: fs.readFileSync(path.join(ROOT, 'www/pkg/makruk_wasm_bg.wasm')) });

// White's Ruea goes to c5, where Black's Bia on d6 takes it: 2. Rc5?? dxc5
const FEN = '4k3/7r/p2p4/8/8/7P/8/2R1K3 w - - 0 1';
const MOVES = ['e1d2', 'e8d8', 'c1c5', 'd6c5', 'd2c3', 'h7h4'];
const linkOf = (fen, moves) => '#' + new URLSearchParams({ fen, moves: moves.join(' ') }).toString();

const env = useBrowser();

/** The page with a line opened by link, the game engine's analysis off. */
async function openLine(fen, moves, options = {}) {
  const page = await openGame(env, null, { hash: linkOf(fen, moves), ready: 'engine', ...options });
  if ((await page.getAttribute('#btn-analysis', 'aria-pressed')) === 'true') await page.click('#btn-analysis');
  return page;
}

const moveText = (page, ply) => page.locator(`#moves button[data-ply="${ply}"]`).innerText();
const cursor = (page) => page.getAttribute('#moves button[aria-current]', 'data-ply');

/** A random legal game of `plies` moves that has not ended (seeded). */
function randomGame(plies) {
  for (let seed = 1; ; seed++) {
    let x = seed;
    const g = new wasm.Game();
    const moves = [];
    while (moves.length < plies && g.status().result === '*') {
      x = (x * 1103515245 + 12345) % 2147483648;
      const legal = g.legalMoves();
      moves.push(g.play(legal[x % legal.length].uci).uci);
    }
    if (moves.length === plies && g.status().result === '*') return moves;
  }
}

test('review: on a phone, going to a marked move in the list brings the board with its better move into view', async () => {
  const page = await openLine(FEN, MOVES, { viewport: { width: 360, height: 740 }, hasTouch: true });
  await page.click('#btn-review');
  await page.locator('#review-accuracy').filter({ hasText: /Accuracy/ }).waitFor({ timeout: 60_000 });
  const move = page.locator('#moves button[data-ply="3"]');
  await move.scrollIntoViewIfNeeded();
  const inView = () => page.locator('#board').evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= innerHeight;
  });
  assert.equal(await inView(), false, 'the list is below the board');
  await move.click();
  // the engine's better move (which one depends on its evaluation): the Ruea's, not the blunder
  const hint = await page.evaluate(() => window.makrukBoard.getState().hint);
  assert.equal(hint?.[0], 'c1', 'the better move drawn');
  assert.notEqual(hint[1], 'c5', 'the better move is not the blunder');
  assert.equal(await inView(), true, 'the board in view');
  await page.locator('#moves button[data-ply="4"]').click();
  await page.locator('#moves button[data-ply="4"]').scrollIntoViewIfNeeded();
  await page.locator('#moves button[data-ply="5"]').click();
  assert.equal(await inView(), false, 'an unmarked move leaves the page where it is');
  await page.close();
});

test('review: a blunder is marked ??, charted, explained, retried, exported and read back', async () => {
  const page = await openLine(FEN, MOVES, { viewport: { width: 1440, height: 900 } });
  assert.equal(await page.locator('#review').isHidden(), true);
  await page.click('#btn-review');
  await page.locator('#review-accuracy').filter({ hasText: /Accuracy/ }).waitFor({ timeout: 60_000 });
  assert.equal(await page.locator('#review-run').isHidden(), true);
  assert.match(await moveText(page, 3), /^Rc5\?\?$/);
  for (const ply of [1, 2, 4, 5, 6]) assert.doesNotMatch(await moveText(page, ply), /\?/, `move ${ply}`);
  assert.match(await page.locator('#review-accuracy').innerText(), /White \d+%, Black \d+%/);

  // the chart is drawn, and a click on it moves the cursor
  const box = await page.locator('#review-chart').boundingBox();
  const colours = await page.evaluate(() => {
    const c = document.getElementById('review-chart');
    const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    const seen = new Set();
    for (let i = 0; i < data.length; i += 4) seen.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
    return { n: seen.size, white: seen.has(0xeeeeee), blunder: seen.has(0xd73027) };
  });
  assert.ok(colours.n > 3 && colours.white && colours.blunder, JSON.stringify(colours));
  await page.mouse.click(box.x + (box.width * 3) / 6, box.y + box.height / 2);
  assert.equal(await cursor(page), '3');

  // at the blunder: the better move as an arrow, its line, and Retry
  assert.match(await page.locator('#review-better').innerText(), /^\?\? Blunder · Better: \S+/);
  // announced (aria-live) with the moves in words, not their SAN (issue 34, item 5's class)
  assert.match(await page.locator('#review-better').ariaSnapshot(), /^- paragraph: "?Blunder · Better: (Bia|Ma|Khon|Met|Ruea|Khun) (to|takes) [a-h][1-8]/);
  const arrow = await page.evaluate(() => window.makrukBoard.getState().hint);
  assert.equal(arrow?.length, 2, JSON.stringify(arrow));
  await screenshot(page, 'review-1440.png');
  await page.setViewportSize({ width: 360, height: 740 });
  await page.locator('#review').scrollIntoViewIfNeeded();
  await screenshot(page, 'review-360.png', { fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  // PGN: the mark as $4 with the better move; read back, the mark is there again
  const pgn = await exportPgn(page);
  assert.match(pgn, /2\. Rc5 \$4 \{Better: \S+\} 2\.\.\. dxc5/);
  await page.fill('#pgn-text', pgn.replace(/ \$\d+( \{[^}]*\})?/g, ''));
  await page.click('#pgn-import');
  await page.locator('#review').waitFor({ state: 'hidden' });
  assert.equal(await moveText(page, 3), 'Rc5');
  await page.fill('#pgn-text', pgn);
  await page.click('#pgn-import');
  // the import is asynchronous (the PGN module's reader): wait for the line with its marks
  await page.locator('#moves button[data-ply="3"]', { hasText: 'Rc5??' }).waitFor();
  assert.equal(await moveText(page, 3), 'Rc5??');
  // the review of the notes comes a moment later (common/game/review-marks.js, loaded then)
  await page.locator('#review').waitFor();
  assert.equal(await page.locator('#review-accuracy').innerText(), '', 'the marks come from the PGN, not a review');

  // Retry: against the engine from before the blunder, as White; the game stays, the move
  // played then starts a variation
  await page.click('#moves button[data-ply="3"]');
  assert.match(await page.locator('#review-better').innerText(), /Better: \S+/);
  await page.click('#review-retry');
  assert.equal(await page.locator('#moves button.move').count(), 6);
  assert.equal(await cursor(page), '2');
  assert.equal(await page.locator('#player-bottom .player-name').innerText(), 'You');
  assert.match(await page.locator('#status').innerText(), /Your move/);
  await page.click('[data-square=c1]');
  await page.click('[data-square=c3]');
  await page.locator('#moves .variation button', { hasText: 'Rc3' }).waitFor();
  assert.equal(await moveText(page, 3), 'Rc3');
  assert.match(await page.locator('#moves').innerText(), /Rc5\?\?/, 'the game and its mark stay');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('review: runs while the board is used, and cancels', async () => {
  const page = await openLine(new wasm.Game().fen(), randomGame(40), { viewport: { width: 360, height: 740 } });
  const workers = page.workers();
  await page.click('#btn-review');
  await page.waitForFunction(() => document.getElementById('review-progress').value >= 2, null, { timeout: 30_000 });
  // the review's worker, one of its own (www/pages/game/review-driver.js), among the workers made
  // since the click (the game's engine's may be one too)
  const made = page.workers().filter((w) => !workers.includes(w));
  assert.ok(made.length >= 1);
  const ended = Promise.race(made.map((w) => w.waitForEvent('close')));
  await page.locator('#review').scrollIntoViewIfNeeded();
  await screenshot(page, 'review-running-360.png');
  await page.click('#nav-first'); // the board follows the person meanwhile
  assert.equal(await page.locator('#moves button[aria-current]').count(), 0);
  assert.equal(await page.locator('#review-run').isVisible(), true);
  assert.equal(await page.isDisabled('#btn-review'), true);
  await page.click('#review-cancel');
  assert.equal(await page.locator('#review').isHidden(), true);
  assert.equal(await page.isDisabled('#btn-review'), false);
  // the cancelled review's worker is gone: nothing comes back
  await ended;
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  assert.equal(await page.locator('#review').isHidden(), true);
  assert.deepEqual(page.errors, []);
  await page.close();
});
