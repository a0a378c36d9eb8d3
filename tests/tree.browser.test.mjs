// The move tree in Chromium: a move at an earlier point keeps the game as a variation, shown
// inline and clickable; the keyboard walks the line and chooses branches (said to screen
// readers); a reload keeps the tree.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openGame, openPositionPanel } from './ui.support.mjs';
import { holdRequests, screenshot, useBrowser } from './helpers.mjs';

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
    // one page a language, its list looked at in the two widths (a resize lays it out again)
    const page = await openLine(['e3e4', 'e6e5', 'd3d4', 'd6d5', 'b1d2', 'b8d7'], { viewport: { width: 360, height: 900 }, locale });
    await page.click('#moves button[data-ply="2"]');
    await play(page, 'c3c4');
    await play(page, 'c6c5');
    await play(page, 'b1c3');
    await page.click('#moves .variation button[data-path="0.0.1.0"]');
    await play(page, 'f3f4');
    await page.locator('#moves span.variation button[data-path="0.0.1.0.1"]').waitFor();
    // a long comment in any script keeps the list usable
    await page.click('#nav-menu');
    await page.fill('#move-comment', 'ม้าออกก่อนดีกว่า เพราะเบี้ยยังไม่พร้อม 🐘 ' + 'x'.repeat(120) + ' a very long comment that goes on and on');
    await page.click('#move-comment-save');
    await page.click('#move-menu-close');
    await page.locator('#moves .comment').waitFor();
    for (const width of [360, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      const overflow = await page.locator('#moves').evaluate((el) => el.scrollWidth > el.clientWidth);
      assert.equal(overflow, false, `no sideways scrolling in the list (${locale}, ${width} px)`);
      await page.locator('#moves').scrollIntoViewIfNeeded();
      await screenshot(page, `tree-${locale.slice(0, 2)}-${width}.png`, { fullPage: width === 360 });
    }
    assert.deepEqual(page.errors, []);
    await page.close();
  }
});

test('tree: the move menu promotes and deletes; a comment with markup shows as typed, marks as NAGs; a reload keeps them', async () => {
  const page = await openLine(['e3e4', 'e6e5', 'd3d4', 'd6d5']);
  await page.click('#moves button[data-ply="2"]');
  await play(page, 'c3c4');
  await page.locator('#moves .variation button[data-path="0.0.1"]').waitFor();
  // promote the variation: the first one becomes the main line, the game its variation
  await page.click('#nav-menu');
  await page.locator('#move-menu[open]').waitFor();
  assert.equal(await page.isVisible('#move-promote'), true);
  await page.click('#move-promote');
  await page.locator('#moves .variation button[data-path="0.0.1"]', { hasText: 'd4' }).waitFor();
  assert.equal(await page.getAttribute('#moves button[aria-current]', 'data-path'), '0.0.0');
  assert.equal(await current(page), 'c4');
  // a comment with markup, and a mark
  const markup = '<img src=x onerror=alert(1)> {ความเห็น} 🐘';
  await page.click('#nav-menu');
  await page.fill('#move-comment', markup);
  await page.click('#move-comment-save');
  await page.click('#move-menu [data-nag="5"]');
  assert.equal(await page.getAttribute('#move-menu [data-nag="5"]', 'aria-pressed'), 'true');
  await page.keyboard.press('ArrowLeft'); // the list stays while the menu is open
  assert.equal(await page.getAttribute('#moves button[aria-current]', 'data-path'), '0.0.0');
  await page.setViewportSize({ width: 360, height: 740 });
  await screenshot(page, 'tree-menu-360.png');
  await page.click('#move-menu-close');
  assert.equal(await page.locator('#moves .comment').innerText(), markup, 'shown as typed');
  assert.equal(await page.locator('#moves img').count(), 0);
  assert.equal(await current(page), 'c4!?');
  // delete from a move, by its menu from a right click
  await page.click('#moves button[data-path="0.0.1"]', { button: 'right' });
  await page.locator('#move-menu[open]').waitFor();
  await page.click('#move-delete');
  await page.locator('#moves .variation').waitFor({ state: 'detached' });
  assert.equal(await page.locator('#moves button.move').count(), 3);
  assert.equal(await current(page), 'e5', 'the cursor at the fork');
  // a reload keeps the comment and the mark
  await page.reload();
  await page.waitForSelector('body[data-ready]');
  await page.locator('#moves .comment').waitFor();
  assert.equal(await page.locator('#moves .comment').innerText(), markup);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('tree: a PGN with nested variations, comments and NAGs is imported and exported as it was', async () => {
  const page = await openLine(['a3a4']);
  await openPositionPanel(page);
  const movetext = '{Start} 1. e4 e5 $6 (1... d5 {early} 2. exd5 (2. c4 c5)) 2. d4 $1 *';
  await page.fill('#pgn-text', `[Variant "makruk"]\n\n${movetext}\n`);
  await page.click('#pgn-import');
  await page.locator('#moves span.variation button', { hasText: 'c4' }).waitFor();
  assert.equal(await page.locator('#moves button.move').count(), 7);
  assert.match(await page.locator('#moves').innerText(), /Start[^]*early/);
  await page.click('#pgn-export');
  await page.waitForFunction(() => document.querySelector('#pgn-text').value.includes('[Event'));
  const pgn = (await page.inputValue('#pgn-text')).replace(/\s+/g, ' ');
  assert.ok(pgn.includes(movetext), pgn);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('tree: a move of an engine line in the analysis enters the line up to it', async () => {
  const page = await openLine(['e3e4', 'e6e5']);
  // the tree's move list (movelist.js, loaded with the first variation) held back: until it
  // has come the list shows the cursor's line alone, and says so (aria-busy)
  const release = await holdRequests(page.context(), '**/movelist.js');
  await page.click('#moves button[data-ply="1"]');
  await page.click('#btn-analysis');
  await page.locator('#lines li button[data-pv]').nth(1).waitFor({ timeout: 30_000 });
  // the lines are drawn again as the engine reports: the move read and clicked at once
  const pv = await page.evaluate(() => {
    const b = document.querySelectorAll('#lines li:first-child button[data-pv]')[1];
    b.click();
    return b.dataset.pv.split(' ');
  });
  const at = (n) => document.querySelector('#moves button[aria-current]')?.dataset.ply === n;
  await page.waitForFunction(at, String(1 + pv.length));
  if (pv[0] !== 'e6e5') assert.equal(await page.getAttribute('#moves', 'aria-busy'), 'true', 'a variation: the tree is still to come');
  release();
  await page.waitForFunction((n) => !document.querySelector('#moves[aria-busy]') &&
    document.querySelector('#moves button[aria-current]')?.dataset.ply === n, String(1 + pv.length));
  assert.match(await page.locator('#moves').innerText(), /e5/, 'the game is kept');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('tree: a link carries the main line and the cursor\'s line (var=); an old link opens as before', async () => {
  const page = await openGame(env, null, { hash: '#moves=e3e4+e6e5+d3d4+d6d5&var=2+c3c4+c6c5&ply=4', ready: 'engine' });
  await page.locator('#moves .variation button[aria-current]', { hasText: 'c5' }).waitFor();
  assert.match(await movesText(page), /d5/, 'the main line');
  const hash = await page.evaluate(() => location.hash);
  const p = new URLSearchParams(hash.slice(1));
  assert.deepEqual([p.get('moves'), p.get('var'), p.get('ply')], ['e3e4 e6e5 d3d4 d6d5', '2 c3c4 c6c5', '4']);
  // back on the main line: no var=
  await page.locator('#moves button[data-path="0.0.0"]').click();
  await page.waitForFunction(() => !new URLSearchParams(location.hash.slice(1)).has('var'));
  await page.close();
  const old = await openLine(['e3e4', 'e6e5']);
  assert.equal(await old.locator('#moves button.move').count(), 2);
  assert.equal(await old.locator('#moves .variation').count(), 0);
  await old.close();
});
