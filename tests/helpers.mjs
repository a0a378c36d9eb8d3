// Shared set-up for the browser tests: the project's own static server on a free port and
// Debian's Chromium driven by playwright-core.
import { chromium } from 'playwright-core';
import { serve } from '../scripts/serve.mjs';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Starts the static server on a free port: {url, close()}; of the repository, or of `root`
 * (a folder path ending in a separator, such as a dist/ build). */
export function startServer(root) {
  return serve(0, '127.0.0.1', root);
}

/** Launches headless Chromium (CHROMIUM overrides the path). */
export function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

/** Opens `path` on a fresh page and collects uncaught page errors in `page.errors`. */
export async function openPage(browser, url) {
  const page = await browser.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.goto(url);
  return page;
}
