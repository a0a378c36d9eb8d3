// Why a move is refused (issue 44, item 3; issue 56, item 3): on the game page and in the embed,
// every piece sent where it may not go, by click or drag, is answered with the rules module's
// reason (Game.whyIllegal) in the player's language, one test a reason; the next legal move
// takes the sentence away. A piece with no legal move may still be picked up, so that its
// refusal can be told.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser } from './helpers.mjs';
import { openPlayLink } from './ui.support.mjs';

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
  await openPlayLink(page, two('4k3/8/8/8/8/8/1s6/3KM3 w E - 0 1', 'cambodian'));
  assert.match(await tryMove(page, 'd1', 'b2'), /can no longer leap/);
  await openPlayLink(page, two('4k3/8/8/8/8/4n3/8/K3M3 w E - 0 1', 'cambodian'));
  assert.match(await tryMove(page, 'e1', 'e3'), /double step never captures/);
  await openPlayLink(page, two('4r3/8/8/8/8/8/4N3/4K2k w - - 0 1'));
  assert.match(await tryMove(page, 'e2', 'c3'), /open a line to your Khun/);
  assert.match(await tryMove(page, 'e2', 'e5'), /The Ma does not move that way/, 'a square the Ma never reaches');
  await page.close();
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
  assert.match(await tryMove(page, 'd1', 'd4'), /Khun: so zieht er nicht/, 'the Khun never goes three squares');
  await page.close();
});

/** Drags the piece on `from` to `to` with the mouse; resolves to the message shown (or ''). */
async function dragMove(page, from, to) {
  await page.evaluate(() => { document.getElementById('message').textContent = ''; });
  const a = await page.locator(`[data-square=${from}]`).boundingBox();
  const b = await page.locator(`[data-square=${to}]`).boundingBox();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
  await page.mouse.up();
  try {
    await page.waitForFunction(() => document.getElementById('message').textContent.trim() !== '', null, { timeout: 3000 });
  } catch {
    return '';
  }
  return page.$eval('#message', (el) => el.textContent.trim());
}

// one position a reason the core gives for a selected piece (crate/makruk/src/explain.rs):
// [reason, variant, FEN, from, to, the English sentence]
const START = 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1';
const REASONS = [
  ['notThatWay (Met)', 'makruk', START, 'e1', 'e2', /The Met does not move that way/],
  ['notThatWay (Ma)', 'makruk', START, 'g1', 'g2', /The Ma does not move that way/],
  ['biaOneStep', 'makruk', START, 'e3', 'e5', /one square at a time/],
  ['biaCapturesDiagonally', 'makruk', '4k3/8/8/8/p7/P7/8/4K2R w - - 0 1', 'a3', 'a4', /cannot capture straight ahead/],
  ['biaDiagonalOnlyToCapture', 'makruk', '4k3/8/8/8/p7/P7/8/4K2R w - - 0 1', 'a3', 'b4', /diagonally only to capture/],
  ['blocked', 'makruk', '4k3/8/8/8/p7/8/8/R3K3 w - - 0 1', 'a1', 'a6', /Ruea cannot jump/],
  ['firstMoveGone (Khun: a second leap)', 'cambodian', 'r3k3/8/8/8/8/8/5K2/7R w - - 0 1', 'f2', 'e4', /Khun can no longer leap/],
  ['firstMoveGone (Met)', 'cambodian', '4k3/8/8/8/8/8/4M3/3K3R w - - 0 1', 'e2', 'e4', /Met can no longer step two squares/],
  ['firstMoveNoCapture (Khun)', 'cambodian', '4k3/8/8/8/8/8/1s6/3K3R w D - 0 1', 'd1', 'b2', /leap goes only to an empty square/],
  ['leapOutOfCheck', 'cambodian', '4k3/8/8/8/8/8/8/r2K4 w D - 0 1', 'd1', 'f2', /may not leap out of check/],
  ['intoCheck', 'makruk', '4k3/8/8/8/8/8/3r4/4K3 w - - 0 1', 'e1', 'd1', /square that is attacked/],
  ['stillInCheck', 'makruk', '4r3/8/8/8/8/8/N7/4K2k w - - 0 1', 'a2', 'c3', /does not end it/],
  ['khunMustCapture', 'makpong', '4k3/8/8/8/8/8/8/2rK4 w - - 0 1', 'd1', 'd2', /only capture the piece/],
];

test('game page: every reason a selected piece is refused is said, by click', async () => {
  // one page: each position a link opened in it (a refused move leaves the position as it was)
  const page = await open(two(START));
  let shown = two(START);
  for (const [reason, variant, fen, from, to, said] of REASONS) {
    if (two(fen, variant) !== shown) await openPlayLink(page, shown = two(fen, variant));
    assert.match(await tryMove(page, from, to), said, reason);
  }
  await page.close();
});

test('game page: a drag onto an own piece and a drag nowhere it goes are said; the next legal move takes the sentence away', async () => {
  const page = await open(two(START));
  assert.match(await dragMove(page, 'a1', 'b1'), /Your own piece stands there/);
  assert.match(await dragMove(page, 'g1', 'g2'), /The Ma does not move that way/);
  assert.equal(await page.isVisible('#message'), true);
  await page.click('[data-square=e3]');
  await page.click('[data-square=e4]');
  await page.waitForSelector('[data-square=e4][data-piece=P]');
  await page.waitForFunction(() => document.getElementById('message').hidden);
  await page.close();
});
