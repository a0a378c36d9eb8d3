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

/**
 * In the page, before its scripts: the "fast replies" setting on unless the test chose it
 * (engine replies at levels 1-6 otherwise wait a person's time, www/game/pace.js).
 */
export function fastReplies() {
  try {
    const key = 'makruk.settings';
    const settings = JSON.parse(localStorage.getItem(key) || '{}') || {};
    if (!('fastReplies' in settings)) localStorage.setItem(key, JSON.stringify({ ...settings, fastReplies: true }));
  } catch {
    // storage blocked: the test gets the person's pace
  }
}

/** In the page and its frames, before their scripts: the pages' test hooks on `window`
 * (makrukBoard, makrukPuzzles, makrukTrainer: www/dom.js exposeForTests) are asked for. */
export function testHooks() {
  globalThis.MAKRUK_TEST = true;
}

/**
 * Launches headless Chromium (CHROMIUM overrides the path). Every context it opens (and so
 * every `newPage`) gets fast replies, so that tests do not wait a person's time, and the
 * pages' test hooks; `{ pace: true }` leaves the pace on, `{ hooks: false }` opens the pages
 * as a visitor gets them.
 */
export async function launchBrowser() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async ({ pace = false, hooks = true, ...options } = {}) => {
    const context = await newContext(options);
    if (!pace) await context.addInitScript(fastReplies);
    if (hooks) await context.addInitScript(testHooks);
    return context;
  };
  return browser;
}

/** Opens `path` on a fresh page and collects uncaught page errors in `page.errors`. */
export async function openPage(browser, url) {
  const page = await browser.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.goto(url);
  return page;
}
