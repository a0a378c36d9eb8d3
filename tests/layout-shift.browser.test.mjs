// The deployed pages hold still while they load: the board is square from the first paint and
// the texts and parts the scripts add later (the game page's board editor button and FEN/PGN
// panel, some 3 s after the engine is ready) have their room kept, so that the layout shift (the
// browser's Cumulative Layout Shift entries, Lighthouse's CLS) of a first visit (no storage)
// stays under 0.05 on every page (game, learn, puzzles, trainer, embed), on a small phone
// (360 px wide) and on a desktop (1440 px), the scripts arriving after the first paint, counted
// until 6 s of the page's time after its load event, when the late parts are in (docs/testing.md);
// the page's timers run those 6 s at once (Playwright's clock), and what they started (share.js's
// download) is waited for.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, holdRequests } from './helpers.mjs';

const env = useBrowser(); // the dist/ build

const PAGES = [
  // its share parts 3 s later (the position panel, the last of them)
  { name: 'game', url: 'index.html', ready: 'body[data-ready=engine]', late: '#position summary' },
  { name: 'learn', url: 'learn.html', ready: 'body[data-ready=learn]' },
  { name: 'puzzles', url: 'puzzles.html', ready: 'body[data-ready=puzzles]' },
  { name: 'trainer', url: 'trainer.html', ready: 'body[data-ready=trainer]' },
  { name: 'embed', url: 'embed.html', ready: 'body[data-ready]' },
];
const SIZES = [{ width: 360, height: 740, phone: true }, { width: 1440, height: 900, phone: false }];
// what a page still adds after its load event (the game page's share parts: 3 s after the
// engine is ready, www/pages/game/main.js): the page's time run this far
const SETTLE_MS = 6000;
// and then, in real time, what the page's timers started (a download, its parts drawn)
const AFTER_MS = 1000;

/** In the page, before its scripts: every layout shift not caused by input, in window.shifts;
 * `window.shiftsNow()` adds those not yet handed to the observer and counts them. */
function recordShifts() {
  window.shifts = [];
  const record = (entries) => {
    for (const e of entries) {
      if (e.hadRecentInput) continue;
      const sources = e.sources.map((s) => (s.node ? `${s.node.nodeName.toLowerCase()}${s.node.id ? `#${s.node.id}` : ''}${typeof s.node.className === 'string' && s.node.className ? `.${s.node.className.split(' ')[0]}` : ''}` : '?'));
      window.shifts.push({ value: e.value, sources, at: e.startTime });
    }
  };
  const observer = new PerformanceObserver((list) => record(list.getEntries()));
  observer.observe({ type: 'layout-shift', buffered: true });
  window.shiftsNow = () => {
    record(observer.takeRecords());
    return window.shifts.length;
  };
}

/** The page loaded at one size in a fresh context: its layout shifts until SETTLE_MS of its
 * time after its load event, and those after it said it was ready. */
async function shiftsOf(page, { width, height, phone }) {
  const context = await env.browser.newContext({ viewport: { width, height }, locale: 'en', hasTouch: phone, isMobile: phone });
  await context.addInitScript(recordShifts);
  // the scripts arrive after the first paint, as on a slow link (Lighthouse's)
  const release = await holdRequests(context, '**/*.js');
  const p = await context.newPage();
  await p.goto(`${env.base}/${page.url}`, { waitUntil: 'commit' });
  await p.waitForFunction(() => performance.getEntriesByType('paint').length > 0);
  await p.waitForTimeout(500); // a frame or two shown without them
  await p.clock.install(); // before the page's scripts: their timers on Playwright's clock
  release();
  await p.waitForSelector(page.ready);
  const atReady = await p.evaluate(() => window.shiftsNow());
  // (polled by a real timer: the page's frames now come on Playwright's clock)
  await p.waitForFunction(() => document.readyState === 'complete', null, { polling: 50 });
  await p.clock.runFor(SETTLE_MS); // the window watched: the page's time, run at once
  if (page.late) await p.waitForSelector(page.late);
  await p.waitForTimeout(AFTER_MS);
  await p.evaluate(() => window.shiftsNow());
  const shifts = await p.evaluate(() => window.shifts);
  await context.close();
  return { width, shifts, late: shifts.slice(atReady) };
}

const sum = (list) => list.reduce((total, s) => total + s.value, 0);
const said = (list) => `${sum(list).toFixed(4)}: ${list.map((s) => `${s.value.toFixed(4)} at ${Math.round(s.at)} ms ${s.sources.join(' ')}`).join('; ')}`;

// the pages side by side (each test's time is mostly the window watched)
describe('layout shift', { concurrency: true }, () => {
  for (const page of PAGES) {
    test(`layout shift: the ${page.name} page loads with a shift under 0.05 on a phone and a desktop`, async () => {
      // both sizes at once, each in its own context
      for (const { width, shifts, late } of await Promise.all(SIZES.map((size) => shiftsOf(page, size)))) {
        assert.ok(sum(shifts) < 0.05, `${width} px: ${said(shifts)}`);
        // and once the page is ready, nothing moves (the parts that arrive later have their room:
        // the game page's board editor button, which moved what is below it by 0.007, unseen by
        // the 0.05 above as it is mostly below the fold, the jump a person sees)
        assert.ok(sum(late) < 0.001, `${width} px, after the page was ready: ${said(late)}`);
      }
    });
  }
});
