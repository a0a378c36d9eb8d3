// Browser tests of a draw offered (issue 56 item 5): to the engine, which accepts by the core's
// rule only (docs/engine-worker.md: it cannot win, or after move 20 a score within ±0.3 Bia),
// in positions whose score is clear; to the other person on this device, who accepts or
// declines. An accepted draw is the game's end in the banner and the PGN.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openGame, exportPgn } from './ui.support.mjs';
import { useBrowser } from './helpers.mjs';

// the engine's score of an offer (a level 8 search of up to 1 s: www/common/game/engine-driver.js)
// at a fixed number of nodes: the positions' scores are clear at any depth
const env = useBrowser({ nodes: 20_000 });

/** The page against the engine (level 1, the person White to move) from `fen`. */
const againstEngine = (fen) => openGame(env, null, { hash: `#play=engine&level=1&fen=${encodeURIComponent(fen)}`, ready: 'engine' });

/** Offers a draw and waits for the page's answer (its message). */
async function offer(page) {
  await page.click('#btn-draw');
  await page.waitForSelector('#message:not([hidden])', { timeout: 60_000 });
  return page.locator('#message').innerText();
}

async function drawnByAgreement(page) {
  await page.waitForSelector('#banner:not([hidden])');
  assert.match(await page.locator('#banner').innerText(), /Draw[\s\S]*by agreement/);
  assert.equal(await page.locator('#btn-draw').isDisabled(), true, 'no offer in a finished game');
  const pgn = await exportPgn(page);
  assert.match(pgn, /\[Result "1\/2-1\/2"\]\n\[Termination "normal"\]/);
  assert.match(pgn.trim(), /1\/2-1\/2$/);
}

test('draw: the engine with a bare Khun accepts (it cannot win), at any move', async () => {
  const page = await againstEngine('4k3/8/8/8/8/8/PPP5/R3K3 w - - 0 3');
  assert.equal(await offer(page), 'The engine accepts the draw.');
  await drawnByAgreement(page);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('draw: after move 20 the engine accepts an even position (blocked Bia) and declines a Ruea up', async () => {
  const even = await againstEngine('4k3/8/p7/P7/8/8/8/3K4 w - - 0 30');
  assert.equal(await offer(even), 'The engine accepts the draw.');
  await drawnByAgreement(even);
  await even.close();
  const ahead = await againstEngine('r3k3/8/p7/8/8/P7/8/4K3 w - - 0 30');
  assert.equal(await offer(ahead), 'The engine declines the draw: play on.');
  assert.equal(await ahead.locator('#banner').isHidden(), true, 'the game goes on');
  assert.equal(await ahead.locator('#btn-draw').isDisabled(), false);
  assert.deepEqual(ahead.errors, []);
  await ahead.close();
});

test('draw: before move 21 the engine declines even the start position', async () => {
  const page = await againstEngine('rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1');
  assert.equal(await offer(page), 'The engine declines the draw: play on.');
  // and the engine still answers the person's move
  await page.click('[data-square=e3]');
  await page.click('[data-square=e4]');
  await page.waitForFunction(() => document.querySelectorAll('#moves button.move').length >= 2, null, { timeout: 60_000 });
  await page.close();
});

test('draw: two people on one device, the offer declined, then accepted; a reload keeps the end', async () => {
  const page = await openGame(env, { mode: 'two', moves: ['e3e4', 'e6e5'] });
  await page.click('#btn-draw');
  await page.waitForSelector('#draw-offer[open]');
  assert.equal(await page.locator('#draw-offer-text').innerText(), 'White offers a draw. Black: accept?');
  await page.click('#draw-decline');
  await page.waitForSelector('#message:not([hidden])');
  assert.equal(await page.locator('#message').innerText(), 'Black declines the draw: play on.');
  assert.equal(await page.locator('#banner').isHidden(), true);
  await page.click('#btn-draw');
  await page.waitForSelector('#draw-offer[open]');
  await page.click('#draw-accept');
  await drawnByAgreement(page);
  await page.reload();
  await page.waitForSelector('body[data-ready]');
  await page.waitForFunction(() => document.querySelector('#btn-draw').disabled);
  assert.deepEqual(page.errors, []);
  await page.close();
});
