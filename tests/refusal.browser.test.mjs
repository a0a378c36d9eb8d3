// Why a move is refused (issue 44, item 3): on the game page and in the embed, a move that the
// piece's pattern allows and the rules forbid is answered with the rules module's reason
// (Game.whyIllegal) in the player's language; a plain mis-click is not. A piece with no legal
// move may still be picked up, so that its refusal can be told.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser } from './helpers.mjs';

const env = useBrowser();

/** The page `path#hash` in a browser whose language is `locale`, ready for a move. */
async function open(hash, locale = 'en-US', path = 'index.html') {
  const context = await env.browser.newContext({ locale });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.goto(`${env.base}/${path}#${hash}`);
  await page.waitForFunction(() => document.body.dataset.ready);
  const close = page.close.bind(page);
  page.close = async () => {
    assert.deepEqual(page.errors, []);
    await close();
    await context.close();
  };
  return page;
}

/** Clicks `from` then `to`; resolves to the message shown (or '' after a while). */
async function tryMove(page, from, to) {
  await page.evaluate(() => { document.getElementById('message').textContent = ''; });
  await page.click(`[data-square=${from}]`);
  await page.click(`[data-square=${to}]`);
  try {
    await page.waitForFunction(() => document.getElementById('message').textContent.trim() !== '', null, { timeout: 1500 });
  } catch {
    return '';
  }
  return page.$eval('#message', (el) => el.textContent.trim());
}

const two = (fen, variant = 'makruk') => `play=friend&variant=${variant}&fen=${fen.replaceAll(' ', '_')}`;

test('game page: Makpong\'s Khun in check, the lost leap, the Met\'s double step, a pin, in English', async () => {
  const page = await open(two('4k3/8/8/8/8/8/8/2rK4 w - - 0 1', 'makpong'));
  assert.match(await tryMove(page, 'd1', 'd2'), /Makpong.*capture/);
  await page.close();
  const ouk = await open(two('4k3/8/8/8/8/8/1s6/3KM3 w E - 0 1', 'cambodian'));
  assert.match(await tryMove(ouk, 'd1', 'b2'), /can no longer leap/);
  await ouk.close();
  const met = await open(two('4k3/8/8/8/8/4n3/8/K3M3 w E - 0 1', 'cambodian'));
  assert.match(await tryMove(met, 'e1', 'e3'), /double step never captures/);
  await met.close();
  const pin = await open(two('4r3/8/8/8/8/8/4N3/4K2k w - - 0 1'));
  assert.match(await tryMove(pin, 'e2', 'c3'), /open a line to your Khun/);
  assert.equal(await tryMove(pin, 'e2', 'e5'), '', 'a square the Ma never reaches: quiet');
  await pin.close();
});

test('game page: a piece with no legal move is picked up and its refusal said, in Thai', async () => {
  // the pinned Ma has no move at all; the Khun may not step onto the d-file's Ruea's line
  const page = await open(two('3rr3/8/8/8/8/8/4N3/4K2k w - - 0 1'), 'th-TH');
  assert.match(await tryMove(page, 'e2', 'c3'), /เปิดทางให้ขุน/);
  assert.match(await tryMove(page, 'e1', 'd2'), /ขุนเดินเข้าช่องที่ถูกโจมตีไม่ได้/);
  await page.close();
});

test('embed: the refusal is said in the embed\'s language', async () => {
  const page = await open('lang=de&fen=4k3/8/8/8/8/8/8/2rK4_w_-_-_0_1&variant=makpong', 'en-US', 'embed.html');
  assert.match(await tryMove(page, 'd1', 'd2'), /Makpong/);
  assert.equal(await tryMove(page, 'd1', 'd4'), '', 'the Khun never goes three squares: quiet');
  await page.close();
});
