// The deployed pages hold still while they load: the board is square from the first paint and
// the texts the scripts write later have their room kept, so that the layout shift (the
// browser's Cumulative Layout Shift entries, Lighthouse's CLS) stays under 0.05 on the game,
// learn, puzzles and trainer pages, on Lighthouse's phone (412x823) and on a desktop, the
// scripts arriving after the first paint.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, distBuild, holdRequests } from './helpers.mjs';

let dist;
const env = useBrowser({ root: () => (dist = distBuild()).dir });
after(() => dist?.done());

const PAGES = [
  { name: 'game', url: 'index.html', ready: 'body[data-ready]' },
  { name: 'learn', url: 'learn.html', ready: 'body[data-ready=learn]' },
  { name: 'puzzles', url: 'puzzles.html', ready: 'body[data-ready=puzzles]' },
  { name: 'trainer', url: 'trainer.html', ready: 'body[data-ready=trainer]' },
];
const SIZES = [{ width: 412, height: 823, phone: true }, { width: 1440, height: 900, phone: false }];
const SETTLE_MS = 1500; // what a page still writes after it says it is ready

/** In the page, before its scripts: every layout shift not caused by input, in window.shifts. */
function recordShifts() {
  window.shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.hadRecentInput) continue;
      const sources = e.sources.map((s) => (s.node ? `${s.node.nodeName.toLowerCase()}${s.node.id ? `#${s.node.id}` : ''}${typeof s.node.className === 'string' && s.node.className ? `.${s.node.className.split(' ')[0]}` : ''}` : '?'));
      window.shifts.push({ value: e.value, sources });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

for (const page of PAGES) {
  test(`layout shift: the ${page.name} page loads with a shift under 0.05 on a phone and a desktop`, async () => {
    for (const { width, height, phone } of SIZES) {
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
      await p.waitForTimeout(SETTLE_MS);
      const shifts = await p.evaluate(() => window.shifts);
      const total = shifts.reduce((sum, s) => sum + s.value, 0);
      assert.ok(total < 0.05, `${width} px: ${total.toFixed(3)}: ${shifts.map((s) => `${s.value.toFixed(3)} ${s.sources.join(' ')}`).join('; ')}`);
      await context.close();
    }
  });
}
