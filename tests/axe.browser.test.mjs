// Accessibility as the web's own tool audits it: axe-core (the engine of Lighthouse's and the
// browsers' accessibility audits) on every page (game, learn, puzzles, trainer, embed) in each
// of the five languages at a phone's width (360x740) and a desktop's (1440x900), and on the
// game page with its settings (behind the gear on a phone), New game, Share and result
// dialogs open: no violation of WCAG 2.0 and 2.1, levels A and AA, nor of WCAG 2.2's target
// size.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { useBrowser } from './helpers.mjs';
import { LANGS, PAGES as SITE } from './ui.support.mjs';

const env = useBrowser();
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
// and WCAG 2.2's target size (24 px; Lighthouse's accessibility score counts it)
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

// the embed with its engine on (level 3)
const PAGES = SITE.map((p) => (p.name === 'embed' ? { ...p, url: `${p.url}#engine=3` } : p));
const SIZES = [{ width: 360, height: 740, phone: true }, { width: 1440, height: 900, phone: false }];

/** In the page: axe-core's violations of `tags`, as "rule: target (summary)" lines. */
async function audit(page, what) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE); // not a script tag: embed.html's CSP allows none
  const violations = await page.evaluate((tags) => window.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
    .then((r) => r.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} (${n.failureSummary.replace(/\s+/g, ' ').slice(0, 200)})`))), TAGS);
  return violations.map((v) => `${what}: ${v}`);
}

async function open(page, lang, { width, height, phone }) {
  const context = await env.browser.newContext({ viewport: { width, height }, locale: lang, hasTouch: phone, isMobile: phone });
  await context.addInitScript((l) => localStorage.setItem('makruk.lang', l), lang);
  const p = await context.newPage();
  p.errors = [];
  p.on('pageerror', (e) => p.errors.push(e.message));
  await p.goto(`${env.base}/${page.url}${page.name === 'embed' ? `&lang=${lang}` : ''}`);
  await p.waitForSelector(page.ready);
  await p.waitForFunction((l) => document.documentElement.lang === l, lang);
  p.done = () => context.close();
  return p;
}

/** The game page's settings, New game, Share and result dialogs, each audited open. */
async function dialogs(p, lang, phone) {
  const found = [];
  if (phone) {
    await p.click('#btn-settings');
    await p.waitForSelector('#settings.open');
    found.push(...await audit(p, `${lang}, settings`));
    await p.keyboard.press('Escape');
  }
  await p.click('#btn-new');
  await p.waitForSelector('#newgame[open]');
  found.push(...await audit(p, `${lang}, new game`));
  await p.keyboard.press('Escape');
  await p.click('#btn-share');
  await p.waitForSelector('#share-dialog[open]');
  found.push(...await audit(p, `${lang}, share`));
  await p.keyboard.press('Escape');
  await p.click('#btn-resign');
  await p.click('#btn-resign');
  await p.waitForSelector('#banner:not([hidden])');
  found.push(...await audit(p, `${lang}, result`));
  return found;
}

for (const page of PAGES) for (const size of SIZES) {
  test(`axe: the ${page.name} page at ${size.width} px in every language${page.name === 'game' ? ', its dialogs open' : ''}: no WCAG 2.1 A or AA violation, no target under 24 px`, async () => {
    const found = [];
    for (const lang of LANGS) {
      const p = await open(page, lang, size);
      found.push(...await audit(p, lang));
      if (page.name === 'game') found.push(...await dialogs(p, lang, size.phone));
      assert.deepEqual(p.errors, [], lang);
      await p.done();
    }
    assert.deepEqual(found, []);
  });
}

test('axe: the audit sees a violation (the checks above are not vacuous)', async () => {
  const p = await open(PAGES.find((pg) => pg.name === 'embed'), 'en', SIZES[0]);
  await p.evaluate(() => document.body.append(document.createElement('button'))); // a button with no name
  const found = await audit(p, 'en');
  assert.ok(found.some((f) => f.includes('button-name')), found.join('\n'));
  await p.done();
});
