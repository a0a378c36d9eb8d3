// The deployed pages hold still while they load: the board is square from the first paint and
// the texts and parts the scripts add later (the game page's board editor button and FEN/PGN
// panel, some 3 s after the engine is ready) have their room kept, so that the layout shift (the
// browser's Cumulative Layout Shift entries, Lighthouse's CLS) of a first visit (no storage)
// stays under 0.05 on every page (game, learn, puzzles, trainer, embed), on a small phone
// (360 px wide) and on a desktop (1440 px), the scripts arriving after the first paint, counted
// until 6 s after the page's load event, when the late parts are in (docs/testing.md).
import { describe, test, after } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, distBuild, holdRequests } from './helpers.mjs';

let dist;
const env = useBrowser({ root: () => (dist = distBuild()).dir });
after(() => dist?.done());

const PAGES = [
  { name: 'game', url: 'index.html', ready: 'body[data-ready=engine]' }, // its share parts 3 s later
  { name: 'learn', url: 'learn.html', ready: 'body[data-ready=learn]' },
  { name: 'puzzles', url: 'puzzles.html', ready: 'body[data-ready=puzzles]' },
  { name: 'trainer', url: 'trainer.html', ready: 'body[data-ready=trainer]' },
  { name: 'embed', url: 'embed.html', ready: 'body[data-ready]' },
];
const SIZES = [{ width: 360, height: 740, phone: true }, { width: 1440, height: 900, phone: false }];
// what a page still adds after its load event (the game page's share parts: 3 s after the
// engine is ready, www/pages/game/main.js)
const SETTLE_MS = 6000;

/** In the page, before its scripts: every layout shift not caused by input, in window.shifts. */
function recordShifts() {
  window.shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.hadRecentInput) continue;
      const sources = e.sources.map((s) => (s.node ? `${s.node.nodeName.toLowerCase()}${s.node.id ? `#${s.node.id}` : ''}${typeof s.node.className === 'string' && s.node.className ? `.${s.node.className.split(' ')[0]}` : ''}` : '?'));
      window.shifts.push({ value: e.value, sources, at: e.startTime });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** The page loaded at one size in a fresh context: its layout shifts until SETTLE_MS after its
 * load event, and those after it said it was ready. */
async function shiftsOf(page, { width, height, phone }) {
  const context = await env.browser.newContext({ viewport: { width, height }, locale: 'en', hasTouch: phone, isMobile: phone });
  await context.addInitScript(recordShifts);
  // the scripts arrive after the first paint, as on a slow link (Lighthouse's)
  const release = await holdRequests(context, '**/*.js');
  const p = await context.newPage();
  await p.goto(`${env.base}/${page.url}`, { waitUntil: 'commit' });
  await p.waitForFunction(() => performance.getEntriesByType('paint').length > 0);
  await p.waitForTimeout(500); // a frame or two shown without them
  release();
  await p.waitForSelector(page.ready);
  const readyAt = await p.evaluate(() => performance.now());
  await p.waitForFunction(() => document.readyState === 'complete');
  await p.waitForTimeout(SETTLE_MS); // the window watched, not a wait for something
  const shifts = await p.evaluate(() => window.shifts);
  await context.close();
  return { width, shifts, readyAt };
}

const sum = (list) => list.reduce((total, s) => total + s.value, 0);
const said = (list) => `${sum(list).toFixed(4)}: ${list.map((s) => `${s.value.toFixed(4)} at ${Math.round(s.at)} ms ${s.sources.join(' ')}`).join('; ')}`;

// the pages side by side (each test's time is mostly the window watched)
describe('layout shift', { concurrency: true }, () => {
  for (const page of PAGES) {
    test(`layout shift: the ${page.name} page loads with a shift under 0.05 on a phone and a desktop`, async () => {
      // both sizes at once, each in its own context: most of the time is the window watched
      for (const { width, shifts, readyAt } of await Promise.all(SIZES.map((size) => shiftsOf(page, size)))) {
        assert.ok(sum(shifts) < 0.05, `${width} px: ${said(shifts)}`);
        // and once the page is ready, nothing moves (the parts that arrive later have their room:
        // the game page's board editor button, which moved what is below it by 0.007, unseen by
        // the 0.05 above as it is mostly below the fold, the jump a person sees)
        const late = shifts.filter((s) => s.at > readyAt);
        assert.ok(sum(late) < 0.001, `${width} px, after the page was ready at ${Math.round(readyAt)} ms: ${said(late)}`);
      }
    });
  }
});
