import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { tmpdir } from 'node:os';
import { launchBrowser } from '../tests/helpers.mjs';
import { serve } from './serve.mjs';
const dist = mkdtempSync(join(tmpdir(), 'makruk-trace-')) + sep;
execFileSync(process.execPath, ['scripts/dist.mjs', dist]);
const site = await serve(0, '127.0.0.1', dist);
const browser = await launchBrowser({ full: !process.env.SHELL_ONLY });
for (let k = 0; k < 3; k++) {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  if (k === 2) await browser.startTracing(page, { path: '/work/data/prof/trace.json', screenshots: false, categories: ['devtools.timeline', 'blink.user_timing', 'loading', 'toplevel', 'disabled-by-default-devtools.timeline', 'v8', 'blink', 'cc', 'gpu', 'viz', 'benchmark', 'disabled-by-default-devtools.timeline.frame'] });
  await page.goto(`${site.url}index.html`);
  await page.waitForFunction(() => performance.getEntriesByName('board-drawn').length);
  await page.waitForTimeout(300);
  const t = await page.evaluate(() => ({
    drawn: performance.getEntriesByName('board-drawn')[0]?.startTime,
    labelled: performance.getEntriesByName('board-labelled')[0]?.startTime,
    res: performance.getEntriesByType('resource').map((r) => `${r.name.split('/').pop()} ${Math.round(r.startTime)}-${Math.round(r.responseEnd)}`),
    fcp: performance.getEntriesByType('paint').map((p) => `${p.name} ${Math.round(p.startTime)}`),
    nav: (({ responseEnd, domInteractive, domContentLoadedEventEnd }) => ({ responseEnd, domInteractive, domContentLoadedEventEnd }))(performance.getEntriesByType('navigation')[0]),
  }));
  if (k === 2) await browser.stopTracing();
  console.log(JSON.stringify(t));
  await context.close();
}
await browser.close(); await site.close();
