import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { launchOptions, startServer, fastReplies } from '../tests/helpers.mjs';
const cpu = () => { const f = readFileSync('/proc/stat','utf8').split('\n')[0].split(/\s+/).slice(1).map(Number); return { busy: f[0]+f[2]+f[5]+f[6], all: f.reduce((a,b)=>a+b) }; };
const server = await startServer();
const browser = await chromium.launch(launchOptions());
const path = process.argv[2] || 'index.html';
for (let i = 0; i < 4; i++) {
  const c0 = cpu(); const t0 = Date.now();
  const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 }, serviceWorkers: process.env.SW || 'allow' });
  await ctx.addInitScript(fastReplies);
  const page = await ctx.newPage();
  await page.goto(server.url + path);
  await page.waitForSelector('[data-ready]', { timeout: 30000 }).catch(() => {});
  const c1 = cpu(); const t1 = Date.now();
  await page.waitForTimeout(4000);
  const c2 = cpu();
  await ctx.close();
  console.log(`load ${t1-t0} ms, cpu during load ${(c1.busy-c0.busy)/100}s, idle 4 s after: ${(c2.busy-c1.busy)/100}s`);
}
await browser.close(); await server.close();
