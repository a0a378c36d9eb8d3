// Browser tests of Thai notation on the game page: on by default in Thai, the move list written
// by the core (pyffish's NOTATION_THAI_SAN forms), the setting (Standard / Thai) remembered
// over a reload, notation=thai in a link and in the embed. Screenshots at 360 and 1440 px
// in Thai.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openGame } from './ui.support.mjs';
import { SCREENSHOTS, screenshot, useBrowser } from './helpers.mjs';

const env = useBrowser();

const LINE = '#moves=e3e4+d6d5+e4d5+d8c7+b1d2&ply=5';
const SAN = ['e4', 'd5', 'exd5', 'Mc7', 'Nd2'];
const THAI = ['จ๔', 'ง๕', 'จxง๕', 'ม็-ค๗', 'ม-ง๒'];
/** The move list's moves, once the fifth is there and, if it comes, the list `expected` (the
 * Thai names wait for the full rules module: the list is in standard notation until then). */
async function moveList(page, expected) {
  await page.waitForSelector('#moves button.move[data-ply="5"]');
  await page.waitForFunction((want) => [...document.querySelectorAll('#moves button.move[data-ply]')].map((b) => b.innerText).join(' ') === want,
    expected.join(' '), { timeout: 10_000 }).catch(() => {}); // the assertion after it says what the list is
  return page.locator('#moves button.move[data-ply]').allInnerTexts();
}

test('notation: a Thai reader sees the moves in Thai notation, and may choose Standard (kept)', async () => {
  const page = await openGame(env, null, { locale: 'th-TH', hash: LINE });
  assert.deepEqual(await moveList(page, THAI), THAI);
  assert.equal(await page.inputValue('#notation'), 'thai');
  const label = await page.locator('#moves button.move[data-ply="3"]').getAttribute('aria-label');
  assert.match(label, /ง๕/, 'the spoken move names its square as the notation writes it');
  for (const [name, viewport] of SCREENSHOTS ? [['360x740', { width: 360, height: 740 }], ['1440x900', { width: 1440, height: 900 }]] : []) {
    await page.setViewportSize(viewport);
    await screenshot(page, `notation-th-${name}.png`, { fullPage: true });
  }
  await page.setViewportSize({ width: 1024, height: 800 });
  await page.selectOption('#notation', 'standard');
  assert.deepEqual(await moveList(page, SAN), SAN);
  await page.reload();
  assert.deepEqual(await moveList(page, SAN), SAN, 'the choice is remembered');
  assert.equal(await page.inputValue('#notation'), 'standard');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('notation: an English reader sees SAN; notation=thai in a link shows Thai notation', async () => {
  const page = await openGame(env, null, { hash: LINE });
  assert.deepEqual(await moveList(page, SAN), SAN);
  assert.equal(await page.inputValue('#notation'), 'standard');
  await page.close();
  const linked = await openGame(env, null, { hash: LINE + '&notation=thai' });
  assert.deepEqual(await moveList(linked, THAI), THAI);
  assert.equal(await linked.inputValue('#notation'), 'thai');
  // a move played on the board joins the list in Thai notation
  await linked.click('[data-square=a6]');
  await linked.click('[data-square=a5]');
  await linked.waitForSelector('#moves button.move[data-ply="6"]');
  assert.equal(await linked.locator('#moves button.move[data-ply="6"]').innerText(), 'ก๕');
  assert.deepEqual(linked.errors, []);
  await linked.close();
});

test('notation: the embed with notation=thai says a move with its Thai squares', async () => {
  const context = await env.browser.newContext({ viewport: { width: 400, height: 400 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${env.base}/embed.html#notation=thai&interactive=1`);
  // ready, not only drawn: the squares are there from the first paint, before the rules module
  // (a move clicked then went unheard on a loaded machine)
  await page.waitForSelector('body[data-ready]');
  await page.click('[data-square=b1]');
  await page.click('[data-square=d2]');
  await page.waitForFunction(() => /ง๒/.test(document.querySelector('.board-live')?.textContent || ''));
  assert.deepEqual(errors, []);
  await context.close();
});
