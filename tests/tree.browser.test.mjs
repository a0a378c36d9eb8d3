// The move tree in Chromium: a move at an earlier point keeps the game as a variation, shown
// inline and clickable; the keyboard walks the line and chooses branches (said to screen
// readers); a reload keeps the tree.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { openGame, ARTIFACTS } from './ui.support.mjs';
import { useBrowser } from './helpers.mjs';

const env = useBrowser();

/** The page on a line opened by link (analysis: nothing moves by itself). */
async function openLine(moves, options = {}) {
  const page = await openGame(env, null, { hash: `#moves=${moves.join('+')}`, ready: 'engine', ...options });
  if ((await page.getAttribute('#btn-analysis', 'aria-pressed')) === 'true') await page.click('#btn-analysis');
  return page;
}

/** Plays `uci` on the board by two clicks. */
async function play(page, uci) {
  await page.click(`[data-square=${uci.slice(0, 2)}]`);
  await page.click(`[data-square=${uci.slice(2, 4)}]`);
}

const movesText = (page) => page.locator('#moves').innerText();
const current = (page) => page.locator('#moves button[aria-current]').innerText();

test('tree: a move at an earlier point keeps the game; the variation is shown, clicked and walked by keyboard', async () => {
  const page = await openLine(['e3e4', 'e6e5', 'd3d4', 'd6d5']);
  await page.click('#moves button[data-ply="2"]');
  await play(page, 'c3c4');
  await page.locator('#moves .variation button', { hasText: 'c4' }).waitFor();
  const text = await movesText(page);
  assert.match(text, /d4/, 'the game is still there');
  assert.match(text, /d5/);
  assert.equal(await page.locator('#moves button.move').count(), 5);
  assert.equal(await current(page), 'c4');
  assert.match(await page.getAttribute('#moves button[aria-current]', 'aria-label'), /variation 2 of 2/);
  // back to the game by a click, then by keyboard along it and across the fork
  await page.locator('#moves button', { hasText: 'd4' }).click();
  assert.equal(await current(page), 'd4');
  await page.keyboard.press('ArrowRight');
  assert.equal(await current(page), 'd5');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await current(page), 'e5');
  // Down at the fork ahead: the line follows the variation; Right enters it
  await page.keyboard.press('ArrowDown');
  assert.match(await page.locator('#board-live, [aria-live]').allInnerTexts().then((t) => t.join(' ')), /variation 2 of 2/);
  await page.keyboard.press('ArrowRight');
  assert.equal(await current(page), 'c4');
  await page.keyboard.press('ArrowUp');
  assert.equal(await current(page), 'd4', 'Up at the fork\'s move: the other branch');
  await page.keyboard.press('End');
  assert.equal(await current(page), 'd5');
  await page.keyboard.press('Home');
  assert.equal(await page.locator('#moves button[aria-current]').count(), 0);

  // a reload keeps the tree and the cursor's line
  await page.locator('#moves .variation button', { hasText: 'c4' }).click();
  await page.reload();
  await page.waitForSelector('body[data-ready]');
  await page.locator('#moves .variation button[aria-current]', { hasText: 'c4' }).waitFor();
  assert.match(await movesText(page), /d5/);
  assert.deepEqual(page.errors, []);
  assert.deepEqual(await page.evaluate(() => window.cspViolations), []);
  await page.close();
});

test('tree: screenshots of two levels of variations at 360 and 1440 px', async () => {
  for (const locale of ['en-US', 'th-TH']) {
    for (const width of [360, 1440]) {
      const page = await openLine(['e3e4', 'e6e5', 'd3d4', 'd6d5', 'b1d2', 'b8d7'], { viewport: { width, height: 900 }, locale });
      await page.click('#moves button[data-ply="2"]');
      await play(page, 'c3c4');
      await play(page, 'c6c5');
      await play(page, 'b1c3');
      await page.click('#moves .variation button[data-path="0.0.1.0"]');
      await play(page, 'f3f4');
      await page.locator('#moves span.variation button[data-path="0.0.1.0.1"]').waitFor();
      await page.locator('#moves').scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(ARTIFACTS, `tree-${locale.slice(0, 2)}-${width}.png`), fullPage: width === 360 });
      assert.deepEqual(page.errors, []);
      await page.close();
    }
  }
});
