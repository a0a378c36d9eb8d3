// Every page loads the texts of the language it shows and no other (www/common/i18n/: a file per
// language, a feature's in its folder; docs/architecture.md, "Translations"): the lessons, the
// puzzles, the trainer, the embedded lesson and puzzle, and a refused move on the game page, in
// Thai; and a page whose language cannot be loaded shows English whole.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser } from './helpers.mjs';
import { loadFeature } from '../www/common/i18n/features.js';

const env = useBrowser({ dev: true }); // the language files by their names

/**
 * The page `path` in a Thai browser, once ready; `block` is a file of www/common/i18n/ that fails to
 * load. Resolves to {page, texts(): the files of www/common/i18n/ it asked for, done()}.
 */
async function open(path, { block = null } = {}) {
  const context = await env.browser.newContext({ locale: 'th-TH' });
  if (block) await context.route(`**/www/common/i18n/${block}`, (route) => route.abort());
  const asked = [];
  context.on('request', (r) => {
    const m = /\/www\/common\/i18n\/(.*)$/.exec(new URL(r.url()).pathname);
    if (m) asked.push(m[1]);
  });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${env.base}/${path}`);
  await page.waitForFunction(() => document.body.dataset.ready);
  return {
    page,
    texts: () => [...new Set(asked)].sort(),
    done: async () => {
      assert.deepEqual(errors, [], path);
      await context.close();
    },
  };
}

test('i18n: each page loads its own texts in the language it shows, no other language\'s', async () => {
  const pages = [
    ['learn.html#stage=ruea', ['learn/th.js', 'refusal/th.js'], 'h1', 'learn'],
    ['puzzles.html', ['puzzles/th.js'], 'h1', 'puzzles'],
    ['trainer.html#trainer=R', ['trainer/th.js'], 'h1', 'trainer'],
    ['embed.html#lesson=ruea&lang=th', ['learn/th.js', 'refusal/th.js'], '#btn-retry', 'learn', 'retry'],
    ['embed.html#puzzle=18g0kq&lang=th', ['puzzles/th.js'], null],
  ];
  for (const [path, own, selector, feature, key = 'title'] of pages) {
    const { page, texts, done } = await open(path);
    // (en.js: the English built in, the fallback of the game's texts on every page; format.js:
    // the placeholders and plural forms, code that index.js and features.js share)
    assert.deepEqual(texts(), ['en.js', 'features.js', 'format.js', 'index.js', 'th.js', ...own].sort(), path);
    if (selector) assert.equal((await page.locator(selector).innerText()).trim(), (await loadFeature(feature, 'th'))[key], path);
    await done();
  }
});

test('i18n: the game page loads no feature\'s texts until a move is refused, then the refusals in its language', async () => {
  const { page, texts, done } = await open('index.html#play=friend&variant=makpong&fen=4k3/8/8/8/8/8/8/2rK4_w_-_-_0_1');
  assert.deepEqual(texts().filter((f) => f.includes('/') || f === 'features.js'), [], 'none on the first visit');
  await page.click('[data-square=d1]');
  await page.click('[data-square=d2]');
  const said = (await loadFeature('refusal', 'th')).why_khunMustCapture;
  await page.waitForFunction((text) => document.getElementById('message').textContent.includes(text), said);
  assert.deepEqual(texts().filter((f) => f.includes('/') || f === 'features.js'), ['features.js', 'refusal/th.js']);
  await done();
});

test('i18n: a page whose language\'s texts cannot be loaded is in English, its own texts too', async () => {
  const { page, texts, done } = await open('learn.html#stage=ruea', { block: 'learn/th.js' });
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  assert.equal(await page.locator('h1').innerText(), (await loadFeature('learn', 'en')).title);
  assert.equal(await page.locator('#stage-title').innerText(), (await loadFeature('learn', 'en')).title_ruea);
  assert.ok(texts().includes('learn/en.js'));
  await done();
});
