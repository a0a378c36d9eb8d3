// Every page (game, learn, puzzles, trainer, embed; the embed also with its engine on) at a
// phone's width (360x740) and a desktop's (1440x900) in each of the five languages (each page
// opened once a size, its languages chosen in the header; the embed's in one tab), checked twice
// in each state:
// - the layout: nothing overflows the viewport or its container horizontally, and no control's
//   text is cut;
// - accessibility as the web's own tool audits it: axe-core (the engine of Lighthouse's and the
//   browsers' accessibility audits), no violation of WCAG 2.0 and 2.1, levels A and AA, nor of
//   WCAG 2.2's target size.
// The game page also with its settings (behind the gear on a phone), New game, Share (audited)
// and result dialogs open, and in a match (its score line and result: the layout). The last
// test checks that the audit sees a violation. Screenshots in tests/artifacts/ (npm run
// screenshots).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { LANGS, PAGES as SITE } from './ui.support.mjs';
import { screenshot, useBrowser } from './helpers.mjs';

const env = useBrowser();
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
// and WCAG 2.2's target size (24 px; Lighthouse's accessibility score counts it)
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

// the pages; the embed's layout as it opens, its audit with its engine on (level 3, its language
// by its link)
const PAGES = SITE.map((p) => (p.name === 'embed' ? { ...p, checks: { axe: false } } : p))
  .concat({ name: 'embed', what: '-engine', url: 'embed.html#engine=3', ready: 'body[data-ready]', langInLink: true, checks: { layout: false } });
const SIZES = [{ width: 360, height: 740, phone: true }, { width: 1440, height: 900, phone: false }];

/**
 * In the page: what sticks out. The page wider than the viewport; every shown element whose box
 * leaves the viewport sideways; a box that scrolls sideways; every control or heading
 * whose content is wider than its box (a cut text, an ellipsis), a select narrower than its
 * chosen option.
 */
function overflows() {
  const out = [];
  const width = document.documentElement.clientWidth;
  const name = (el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''} "${(el.innerText || el.value || '').trim().slice(0, 30)}"`;
  const shown = (el) => {
    if (!el.getClientRects().length) return false;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || Number(style.opacity) === 0) return false;
    // a screen reader's text, clipped to nothing on purpose
    const r = el.getBoundingClientRect();
    return r.width > 1 && r.height > 1;
  };
  if (document.documentElement.scrollWidth > width + 1) out.push(`the page is ${document.documentElement.scrollWidth} px wide`);
  for (const el of document.body.querySelectorAll('*')) {
    if (!shown(el) || el.closest('[hidden], dialog:not([open])')) continue;
    const r = el.getBoundingClientRect();
    if (r.left < -1 || r.right > width + 1) out.push(`${name(el)} spans ${Math.round(r.left)}..${Math.round(r.right)} px`);
    // a box that scrolls sideways because its content is too wide
    const x = getComputedStyle(el).overflowX;
    if ((x === 'auto' || x === 'scroll') && el.scrollWidth > el.clientWidth + 1) out.push(`${name(el)} scrolls sideways: ${el.scrollWidth} px in ${el.clientWidth} px`);
    if (el.matches('button, select, a, label, h1, h2, summary, input[type=button], .player-name, .status')) {
      if (el.tagName === 'SELECT') {
        // the width the chosen option needs (the others show in the browser's own list)
        const probe = el.cloneNode(true);
        for (const o of [...probe.options]) if (o.index !== el.selectedIndex) o.remove();
        probe.style.cssText = 'position:absolute;visibility:hidden;width:auto;max-width:none;min-width:0;flex:none';
        el.parentElement.append(probe);
        const need = probe.getBoundingClientRect().width;
        probe.remove();
        if (need > r.width + 1) out.push(`${name(el)} is ${Math.round(r.width)} px for options of ${Math.round(need)} px`);
      } else if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0) {
        out.push(`${name(el)}: text of ${el.scrollWidth} px in ${el.clientWidth} px`);
      }
    }
  }
  return out;
}

/** In the page: axe-core's violations of `tags`, as "rule: target (summary)" lines. */
async function audit(page, what) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE); // not a script tag: embed.html's CSP allows none
  const violations = await page.evaluate((tags) => window.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
    .then((r) => r.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} (${n.failureSummary.replace(/\s+/g, ' ').slice(0, 200)})`))), TAGS);
  return violations.map((v) => `${what}: ${v}`);
}

/**
 * Opens `page` in `lang` at a size on a fresh context, or in the tab `again` (one `open` made) of
 * the last language: the language then stored as the header's choice does, the page loaded anew.
 */
async function open(page, lang, { width, height, phone }, again = null) {
  let p = again;
  if (p) {
    await p.evaluate((l) => localStorage.setItem('makruk.lang', l), lang);
    await p.goto('about:blank');
  } else {
    const context = await env.browser.newContext({ viewport: { width, height }, locale: lang, hasTouch: phone, isMobile: phone });
    await context.addInitScript((l) => {
      if (location.protocol === 'about:') return; // between two loads: no storage
      if (!localStorage.getItem('makruk.lang')) localStorage.setItem('makruk.lang', l);
    }, lang);
    p = await context.newPage();
    p.errors = [];
    p.on('pageerror', (e) => p.errors.push(e.message));
    p.done = () => context.close();
  }
  await p.goto(`${env.base}/${page.url}${page.langInLink ? `&lang=${lang}` : ''}`);
  await p.waitForSelector(page.ready);
  await shown(p, lang);
  return p;
}

/** Waits until the page shows `lang` (its file has arrived); in Thai, checks the font. */
async function shown(p, lang) {
  await p.waitForFunction((l) => document.documentElement.lang === l, lang);
  if (lang === 'th') {
    // measured in Thai glyphs, not in the boxes of a missing font (scripts/setup.sh installs
    // one): a box is as wide as a noncharacter's
    const glyphs = await p.evaluate(() => {
      const c = document.createElement('canvas').getContext('2d');
      c.font = getComputedStyle(document.body).font;
      return c.measureText('กขค').width !== c.measureText('\uFFFE\uFFFE\uFFFE').width;
    });
    assert.ok(glyphs, 'a font with Thai glyphs (fonts-tlwg-garuda-otf)');
  }
}

/** The page's layout (`layout`) and axe's audit (`axe`) in its present state, `what`: the
 * problems found, each named by `what`. */
async function check(p, what, { layout = true, axe = true } = {}) {
  const found = layout ? (await p.evaluate(overflows)).map((o) => `layout, ${what}: ${o}`) : [];
  if (axe) found.push(...(await audit(p, `axe, ${what}`)));
  return found;
}

for (const page of PAGES) for (const size of SIZES) {
  const layout = page.checks?.layout !== false ? 'nothing overflows, no control\'s text is cut' : '';
  const axe = page.checks?.axe !== false ? 'no WCAG 2.1 A or AA violation, no target under 24 px' : '';
  test(`pages: the ${page.name} page${page.what ? ' with its engine on' : ''} at ${size.width} px in every language${page.name === 'game' ? ', its dialogs open' : ''}: ${[layout, axe].filter(Boolean).join('; ')}`, async () => {
    const found = [];
    // each page opened once a size, each further language chosen in the header, as a person
    // does (tests/ui.browser.test.mjs, the trainer's and the puzzles' files check that a choice
    // rewrites the page's texts); the game page's next game from its result's New game first;
    // the embed (no choice: its language by its link or the stored one) loaded anew in each, in
    // the same tab
    const switched = page.name !== 'embed';
    let p = null;
    for (const lang of LANGS) {
      const fresh = !switched || !p;
      if (fresh) p = await open(page, lang, size, p);
      else if (page.name === 'game') {
        await p.click('#banner-new');
        await p.waitForSelector('#newgame[open]');
        await p.click('#ng-start-btn');
        await p.waitForSelector('#banner', { state: 'hidden' });
        await p.waitForSelector('#newgame:not([open])', { state: 'attached' });
      }
      const shot = (what) => screenshot(p, `layout-${page.name}${page.what ?? ''}${what}-${lang}-${size.width}.png`, { fullPage: true });
      const main = async () => {
        found.push(...await check(p, lang, page.checks));
        await shot('');
      };
      if (fresh) await main();
      if (page.name !== 'embed' && size.phone) {
        // the settings, behind their gear on a phone (the language chosen there)
        await p.click('#btn-settings');
        assert.equal(await p.getAttribute('#btn-settings', 'aria-expanded'), 'true');
        if (page.name === 'game') await p.waitForSelector('#settings.open');
        if (!fresh) {
          await p.selectOption('#lang', lang);
          await shown(p, lang);
        }
        found.push(...await check(p, `${lang}, settings open`, { axe: page.name === 'game' }));
        await shot('-settings');
        await p.keyboard.press('Escape');
        assert.equal(await p.isVisible('#settings'), false, 'Escape closes them');
      } else if (!fresh) {
        await p.selectOption('#lang', lang);
        await shown(p, lang);
      }
      if (!fresh) await main();
      if (page.name === 'game') {
        await p.click('#btn-new');
        await p.waitForSelector('#newgame[open]'); // made on its first opening, with its texts
        found.push(...await check(p, `${lang}, new-game dialog`));
        await shot('-new-game');
        await p.keyboard.press('Escape');
        await p.click('#btn-share');
        await p.waitForSelector('#share-dialog[open]');
        found.push(...await check(p, `${lang}, share`, { layout: false }));
        await p.keyboard.press('Escape');
        // the result over the board, after a resignation: each of its buttons on one line
        await p.click('#btn-resign');
        await p.click('#btn-resign');
        await p.waitForSelector('#banner:not([hidden])');
        found.push(...await check(p, `${lang}, result`));
        const broken = await p.$$eval('#banner button', (bs) => bs.filter((b) => {
          const range = document.createRange();
          range.selectNodeContents(b);
          return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1;
        }).map((b) => b.textContent));
        found.push(...broken.map((t) => `${lang}, result: "${t}" broken over two lines`));
        await shot('-result');
      }
      assert.deepEqual(p.errors, [], lang);
    }
    await p.done();
    assert.deepEqual(found, []);
  });
}

for (const size of SIZES) {
  test(`layout: a match's score line and its result dialog at ${size.width} px in every language`, async () => {
    const found = [];
    // opened once; each next match from the last one's result (New game), in the next
    // language chosen in the header (on a phone behind the gear)
    let p = null;
    for (const lang of LANGS) {
      if (!p) p = await open({ url: 'index.html#play=engine&match=2&level=1', ready: 'body[data-ready]' }, lang, size);
      else {
        await p.click('#banner-new');
        await p.waitForSelector('#newgame[open]');
        await p.selectOption('#ng-match', '2');
        await p.click('#ng-start-btn');
        await p.waitForSelector('#banner', { state: 'hidden' });
        if (size.phone) await p.click('#btn-settings');
        await p.selectOption('#lang', lang);
        await shown(p, lang);
        if (size.phone) await p.keyboard.press('Escape');
      }
      const shot = (what) => screenshot(p, `layout-match${what}-${lang}-${size.width}.png`, { fullPage: true });
      await p.waitForSelector('#match:not([hidden])');
      found.push(...(await p.evaluate(overflows)).map((o) => `${lang}, match: ${o}`));
      // the score line beside the board: a line of its own, above the status, as wide as the side
      const [line, side] = await Promise.all(['#match', '.side'].map((sel) => p.locator(sel).boundingBox()));
      if (line.height > 2 * 24 || line.width > side.width) found.push(`${lang}: the score line is ${Math.round(line.width)}x${Math.round(line.height)} px`);
      await shot('');
      await p.click('#btn-resign');
      await p.click('#btn-resign');
      await p.waitForSelector('#banner-next:not([hidden])');
      found.push(...(await p.evaluate(overflows)).map((o) => `${lang}, match result: ${o}`));
      await shot('-result');
      await p.click('#banner-close');
      found.push(...(await p.evaluate(overflows)).map((o) => `${lang}, match over a game: ${o}`));
      // the second game resigned too: the match's result, its longest line
      await p.click('#match-next');
      await p.waitForSelector('#banner', { state: 'hidden' });
      await p.click('#btn-resign');
      await p.click('#btn-resign');
      await p.waitForSelector('#banner:not([hidden]) #banner-match:not([hidden])');
      found.push(...(await p.evaluate(overflows)).map((o) => `${lang}, match's result: ${o}`));
      await shot('-over');
      assert.deepEqual(p.errors, [], lang);
    }
    await p.done();
    assert.deepEqual(found, []);
  });
}

test('axe: the audit sees a violation (the checks above are not vacuous)', async () => {
  const p = await open(PAGES.at(-1), 'en', SIZES[0]);
  await p.evaluate(() => document.body.append(document.createElement('button'))); // a button with no name
  const found = await audit(p, 'en');
  assert.ok(found.some((f) => f.includes('button-name')), found.join('\n'));
  await p.done();
});
