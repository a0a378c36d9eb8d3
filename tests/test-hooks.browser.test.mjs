// The pages' test hooks on `window` (www/common/dom.js exposeForTests) exist only when a test asks
// for them (tests/helpers.mjs): a visitor's game page and puzzle page have none.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser } from './helpers.mjs';

const env = useBrowser();

/** The hooks a page of `path` has once it is ready, opened with the hooks asked for or not.
 * Any ready state: the game page goes from `game` to `engine` at once when its engine is
 * ready first, too quickly for a wait on `game` to see (a loaded machine timed out on it). */
async function hooksOf(path, hooks) {
  const context = await env.browser.newContext({ hooks });
  const page = await context.newPage();
  await page.goto(`${env.server.url}/${path}`);
  await page.waitForSelector('body[data-ready]');
  const found = await page.evaluate(() => ['makrukBoard', 'makrukGame', 'makrukPuzzles', 'makrukTrainer'].filter((name) => name in window));
  await context.close();
  return found;
}

test('test hooks: a visitor\'s pages have none; a test that asks gets them', { timeout: 60_000 }, async () => {
  assert.deepEqual(await hooksOf('index.html', false), []);
  assert.deepEqual(await hooksOf('puzzles.html', false), []);
  assert.deepEqual(await hooksOf('index.html', true), ['makrukBoard', 'makrukGame']);
  assert.deepEqual(await hooksOf('puzzles.html', true), ['makrukBoard', 'makrukPuzzles']);
});
