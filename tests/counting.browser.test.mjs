// Browser test of counting on request: a two-player game from a link with no Bia left starts
// board's honour, shows it (data-count, the UCI `Count:` fields), stops it; undo, a link and a
// reload replay the count actions.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openGame } from './ui.support.mjs';
import { useBrowser } from './helpers.mjs';

const env = useBrowser();

const NO_BIA = '4k3/8/8/3r4/8/8/R7/4K3 w - - 0 1';
const count = (page) => page.getAttribute('#player-bottom .count', 'data-count');
const shown = (page, action) => page.locator(`[data-action=${action}]`).isVisible();
const move = async (page, from, to) => {
  await page.click(`[data-square=${from}]`);
  await page.click(`[data-square=${to}]`);
};

test('counting on request: start, show, stop; undo, a link and a reload replay it', async () => {
  const hash = `#fen=${encodeURIComponent(NO_BIA)}&counting=request&play=friend`;
  const page = await openGame(env, null, { hash });
  assert.equal(await count(page), 'none 0 0');
  assert.equal(await shown(page, 'count-stop'), false);
  await page.click('[data-action=count-start]');
  assert.equal(await count(page), 'board 0 128');
  assert.equal(await shown(page, 'count-start'), false);
  await move(page, 'a2', 'a3');
  assert.equal(await count(page), 'board 1 128');
  assert.equal(await shown(page, 'count-stop'), false, 'Black does not count');
  await move(page, 'd5', 'd4');
  await page.click('[data-action=count-stop]');
  assert.equal(await count(page), 'none 0 0');
  await page.waitForFunction(() => /counts=0s%2C2x/.test(location.hash));
  // undo and redo replay the record
  await page.click('#btn-undo');
  assert.equal(await count(page), 'board 1 128');
  await page.click('#btn-redo');
  assert.equal(await count(page), 'none 0 0');
  // the link carries it into another page
  const link = await page.evaluate(() => location.hash);
  const other = await openGame(env, null, { hash: link });
  assert.equal(await count(other), 'none 0 0');
  await other.click('#nav-prev');
  assert.equal(await count(other), 'board 1 128');
  await other.close();
  // a reload keeps it
  await page.reload();
  await page.waitForSelector('body[data-ready]');
  assert.equal(await count(page), 'none 0 0');
  await page.click('#btn-undo');
  assert.equal(await count(page), 'board 1 128');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('counting on request against the engine: the engine starts a count before its move', async () => {
  const fen = NO_BIA.replace(' w ', ' b ');
  const page = await openGame(env, null, { hash: `#fen=${encodeURIComponent(fen)}&counting=request&play=engine&orientation=white&level=1`, ready: 'engine' });
  await page.waitForFunction(() => /counts=0s/.test(location.hash) && /moves=\w/.test(location.hash), null, { timeout: 30000 });
  assert.equal(await count(page), 'board 1 128');
  assert.equal(await shown(page, 'count-start'), false, 'the engine counts: White may not start one');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('counting on request: set in the new-game dialog; no count while a Bia is left; a bad value is named', async () => {
  const page = await openGame(env, null, { hash: '#counting=sometimes' });
  assert.match(await page.locator('#message').innerText(), /counting.*"sometimes"/);
  await page.click('#btn-new');
  await page.check('input[name=mode][value=two]');
  await page.selectOption('#ng-counting', 'request');
  await page.click('#ng-start-btn');
  assert.equal(await page.locator('#count-request').isVisible(), true);
  assert.equal(await shown(page, 'count-start'), false);
  await page.waitForFunction(() => /counting=request/.test(location.hash));
  assert.deepEqual(page.errors, []);
  await page.close();
});
