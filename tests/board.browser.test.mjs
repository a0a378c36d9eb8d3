// Browser tests of the board component on the game page: square elements, click, drag,
// keyboard and promotion. node:test + playwright-core.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openGame } from './ui.support.mjs';
import { SCREENSHOTS, screenshot, useBrowser } from './helpers.mjs';

const env = useBrowser();

const TWO = { mode: 'two' };

test('board: 64 square elements with data-square, data-piece and spoken labels', async () => {
  const page = await openGame(env, TWO);
  assert.equal(await page.locator('[data-square]').count(), 64);
  assert.equal(await page.getAttribute('[data-square=e3]', 'data-piece'), 'P');
  assert.equal(await page.getAttribute('[data-square=d8]', 'data-piece'), 'm');
  assert.equal(await page.getAttribute('[data-square=e5]', 'data-piece'), '');
  assert.equal(await page.getAttribute('[data-square=e3]', 'aria-label'), 'e3, white Bia');
  assert.equal(await page.getAttribute('[data-square=e8]', 'aria-label'), 'e8, black Khun');
  assert.equal(await page.locator('[aria-live]').count() > 0, true);
  await page.close();
});

test('board: click-click move', async () => {
  const page = await openGame(env, TWO);
  await page.click('[data-square=e3]');
  await page.click('[data-square=e4]');
  await page.waitForSelector('[data-square=e4][data-piece=P]');
  assert.equal(await page.getAttribute('[data-square=e3]', 'data-piece'), '');
  assert.match(await page.evaluate(() => location.hash), /moves=e3e4/);
  await page.close();
});

test('board: an illegal target is not offered', async () => {
  const page = await openGame(env, TWO);
  await page.click('[data-square=e3]');
  await page.click('[data-square=e5]');
  assert.equal(await page.getAttribute('[data-square=e3]', 'data-piece'), 'P');
  assert.equal(await page.getAttribute('[data-square=e5]', 'data-piece'), '');
  await page.close();
});

test('board: drag-and-drop move', async () => {
  const page = await openGame(env, TWO);
  const a = await page.locator('[data-square=b1]').boundingBox();
  const b = await page.locator('[data-square=d2]').boundingBox();
  await page.evaluate(() => {
    window.frames_ = [];
    const tick = (t) => { window.frames_.push(t); if (window.frames_.length < 2000) requestAnimationFrame(tick); };
    requestAnimationFrame(tick);
  });
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width, a.y, { steps: 4 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 30 });
  await page.mouse.up();
  await page.waitForSelector('[data-square=d2][data-piece=N]');
  const gaps = await page.evaluate(() => window.frames_.slice(1).map((t, i) => t - window.frames_[i]));
  console.log(`# frames during the drag: ${gaps.length}, longest gap ${Math.round(Math.max(...gaps))} ms`);
  assert.equal(await page.getAttribute('[data-square=b1]', 'data-piece'), '');
  await page.close();
});

test('board: touch tap-tap and touch drag', async () => {
  const page = await openGame(env, TWO, { viewport: { width: 390, height: 800 }, hasTouch: true });
  await page.tap('[data-square=e3]');
  await page.tap('[data-square=e4]');
  await page.waitForSelector('[data-square=e4][data-piece=P]');
  await page.tap('[data-square=e6]');
  await page.tap('[data-square=e5]');
  await page.waitForSelector('[data-square=e5][data-piece=p]');
  // a finger drag b1 -> d2, through the DevTools protocol (Playwright has no touch-move API)
  const a = await page.locator('[data-square=b1]').boundingBox();
  const b = await page.locator('[data-square=d2]').boundingBox();
  const cdp = await page.context().newCDPSession(page);
  const at = (x, y) => [{ x, y, id: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(a.x + a.width / 2, a.y + a.height / 2) });
  for (let k = 1; k <= 8; k++) {
    const t = k / 8;
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: at(a.x + a.width / 2 + (b.x - a.x) * t, a.y + a.height / 2 + (b.y - a.y) * t),
    });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await page.waitForSelector('[data-square=d2][data-piece=N]');
  await page.close();
});

test('board: keyboard move with arrows and Enter', async () => {
  const page = await openGame(env, TWO);
  await page.focus('[data-square=d3]');
  await page.keyboard.press('ArrowRight'); // e3
  assert.equal(await page.evaluate(() => document.activeElement.dataset.square), 'e3');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('.board-live').textContent === 'e3 picked up, moves: 1');
  assert.equal(await page.getAttribute('[data-square=e3]', 'aria-selected'), 'true');
  await page.keyboard.press('ArrowUp'); // e4
  await page.keyboard.press(' ');
  await page.waitForSelector('[data-square=e4][data-piece=P]');
  assert.equal(await page.getAttribute('[data-square=e3]', 'data-piece'), '');
  await page.close();
});

test('board: a Bia reaching the sixth rank becomes a turned shell (M~)', async () => {
  const page = await openGame(env, { mode: 'two', startFen: '4k3/8/8/4P3/8/8/8/R2K4 w - - 0 1' });
  await page.click('[data-square=e5]');
  await page.click('[data-square=e6]');
  await page.waitForSelector('[data-square=e6][data-piece="M~"]');
  assert.equal(await page.getAttribute('[data-square=e6]', 'aria-label'), 'e6, white promoted Bia');
  assert.match(await page.locator('#moves').innerText(), /e6=M/);
  await page.close();
});

test('board: flip puts Black at the bottom and keeps the square elements in visual order', async () => {
  const page = await openGame(env, TWO);
  await page.click('#btn-flip');
  const first = await page.evaluate(() => document.querySelector('[data-square]').dataset.square);
  assert.equal(first, 'h1');
  const a = await page.locator('[data-square=a1]').boundingBox();
  const h8 = await page.locator('[data-square=h8]').boundingBox();
  assert.ok(a.y < h8.y && a.x > h8.x, 'a1 is top-right when Black is at the bottom');
  await page.close();
});

test('board: every piece drawn at about 40 px and 100 px squares (screenshots)', async () => {
  const fen = 'rnsmksnr/8/ppp1M~ppp/8/8/PPPm~PPPP/8/RNSKMSNR w - - 0 1';
  for (const [w, h, name] of [[360, 740, 'pieces-40px'], [1440, 1100, 'pieces-100px']]) {
    const page = await openGame(env, { mode: 'two', startFen: fen }, { viewport: { width: w, height: h } });
    const box = await page.locator('#board').boundingBox();
    const sq = box.width / 8.84;
    assert.ok(name === 'pieces-40px' ? sq < 42 : sq > 95, `square size ${sq}`);
    assert.equal(await page.getAttribute('[data-square=e6]', 'data-piece'), 'M~');
    assert.equal(await page.getAttribute('[data-square=d3]', 'data-piece'), 'm~');
    if (SCREENSHOTS) await page.waitForTimeout(300); // the pieces' drawing settled
    await screenshot(page.locator('#board'), `${name}.png`);
    await page.close();
  }
});
