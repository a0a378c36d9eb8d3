// The core's errors in the page's language (issue 56 item 2): a link's refused move, a link's
// bad value and a damaged PGN are said from the error's code (www/common/codes.js, the full module
// asked for the game module's), never with the core's English.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser } from './helpers.mjs';

const env = useBrowser();

/** The game page `#hash` in a browser of `locale`, ready; page errors fail the test at close. */
async function open(hash, locale) {
  const context = await env.browser.newContext({ locale });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.goto(`${env.base}/index.html#${hash}`);
  await page.waitForFunction(() => document.body.dataset.ready);
  page.done = async () => {
    assert.deepEqual(page.errors, []);
    await context.close();
  };
  return page;
}

/** The page's message once it holds `pattern`. */
async function message(page, pattern) {
  await page.waitForFunction((p) => new RegExp(p).test(document.getElementById('message').textContent), pattern.source, { timeout: 20_000 });
  return page.$eval('#message', (el) => el.textContent);
}

const ENGLISH = /UCI move|there is no piece|expected|was rejected|1 to 8|is not/;

test('a link\'s refused move, in Ukrainian: the square named in the page\'s words', async () => {
  const page = await open('moves=e3e4+e3e4', 'uk-UA');
  const text = await message(page, /немає фігури/);
  assert.match(text, /Хід 2 з посилання \(e3e4\) відхилено: на e3 немає фігури/);
  assert.doesNotMatch(text, ENGLISH);
  await page.done();
});

test('a link\'s level out of range, in German: the range from the page\'s levels, in German', async () => {
  const page = await open('play=engine&level=9', 'de-DE');
  const text = await message(page, /level/);
  assert.match(text, /eine Zahl von 1 bis 8/);
  assert.doesNotMatch(text, ENGLISH);
  await page.done();
});

test('a damaged PGN imported, in Thai: the move and why, in Thai', async () => {
  const page = await open('', 'th-TH');
  await page.click('#position summary');
  await page.fill('#pgn-text', '1. e4 c5 2. Qxx9');
  await page.click('#pgn-import');
  await page.waitForFunction(() => /Qxx9/.test(document.getElementById('position-message')?.textContent ?? ''), null, { timeout: 20_000 });
  const text = await page.$eval('#position-message', (el) => el.textContent);
  assert.match(text, /2\. Qxx9 ถูกปฏิเสธ: “Mxx9” ไม่ได้ลงท้ายด้วยช่องอย่าง e4/);
  assert.doesNotMatch(text, ENGLISH);
  await page.done();
});
