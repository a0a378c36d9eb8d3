// The game page's English comes in two parts (www/common/i18n/en.js, en-rest.js; docs/size.md): a
// first visit shows only texts of the first before the engine's first move, and the New game
// dialog opened before the rest has come waits for it; in the other languages, which come
// whole, the dialog opens with its texts at once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { holdRequests, useBrowser } from './helpers.mjs';
import { LANGUAGES, fill } from '../www/common/i18n/index.js';

const env = useBrowser();
const catalogue = async (code) => LANGUAGES.find((l) => l.code === code).load();

/** The [data-i18n] texts and [data-i18n-aria] labels of the page's elements, as [key, text,
 * the element's data- attributes, which fill its placeholders]: of those in `selector` (the
 * parts that show at first: outside dialogs and hidden parts). */
function texts(page, selector) {
  return page.evaluate((selector) => [...document.querySelectorAll(selector)].flatMap((el) => [
    ...(el.dataset.i18n ? [[el.dataset.i18n, el.textContent.trim(), { ...el.dataset }]] : []),
    ...(el.dataset.i18nAria ? [[el.dataset.i18nAria, el.getAttribute('aria-label'), {}]] : []),
  ]), selector);
}
const SHOWN = ':is([data-i18n], [data-i18n-aria]):not(dialog *, [hidden], [hidden] *)';
const DIALOG = '#newgame :is([data-i18n], [data-i18n-aria])';
const wrong = (texts, messages) =>
  texts.filter(([key, text, params]) => messages[key] === undefined || text !== fill(messages[key], params));

test('texts: a first visit in English, the New game dialog opened before the rest of English has come', async () => {
  const en = await catalogue('en');
  const context = await env.browser.newContext({ locale: 'en-US' });
  const release = await holdRequests(context, '**/www/common/i18n/en-rest.js');
  const page = await context.newPage();
  await page.goto(`${env.base}/index.html`);
  await page.waitForSelector('body[data-ready]');
  assert.deepEqual(wrong(await texts(page, SHOWN), en), [], 'what shows is English');
  await page.click('#btn-new');
  assert.equal(await page.evaluate(() => !!document.querySelector('#newgame[open]')), false, 'the dialog waits for its texts');
  release();
  await page.waitForSelector('#newgame[open]');
  assert.deepEqual(wrong(await texts(page, DIALOG), en), [], 'the dialog opens in English');
  const level4 = await page.textContent('#ng-level-desc');
  assert.equal(level4, fill(en.levelDesc4, { skill: level4.match(/(\d+)\.$/)?.[1] }), 'level 4, with its Skill Level');
  await context.close();
});

test('texts: in every other language the New game dialog opens with its texts at once', async () => {
  for (const { code } of LANGUAGES.filter((l) => l.code !== 'en')) {
    const messages = await catalogue(code);
    const context = await env.browser.newContext({ locale: code });
    const page = await context.newPage();
    await page.goto(`${env.base}/index.html`);
    await page.waitForFunction((code) => document.body.dataset.ready && document.documentElement.lang === code, code);
    assert.deepEqual(wrong(await texts(page, SHOWN), messages), [], code);
    await page.click('#btn-new');
    await page.waitForSelector('#newgame[open]');
    assert.deepEqual(wrong(await texts(page, DIALOG), messages), [], `${code}: the dialog`);
    await context.close();
  }
});
