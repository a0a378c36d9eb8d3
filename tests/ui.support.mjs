// Shared set-up for the UI browser tests (board*.test.mjs, ui*.test.mjs): a static server
// and a headless Chromium, from tests/helpers.mjs when it provides them.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ARTIFACTS = path.join(ROOT, 'tests', 'artifacts');
const START_FEN = 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1';

const TYPES = {
  '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css',
  '.wasm': 'application/wasm', '.json': 'application/json', '.png': 'image/png', '.svg': 'image/svg+xml',
};

function fallbackServer() {
  return new Promise((resolve) => {
    const server = http.createServer((req, res) => {
      let p = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      if (p.endsWith('/')) p += 'index.html';
      const f = path.join(ROOT, path.normalize(p));
      if (!f.startsWith(ROOT)) { res.writeHead(403); res.end(); return; }
      fs.readFile(f, (e, d) => {
        if (e) { res.writeHead(404); res.end('not found'); return; }
        res.writeHead(200, { 'content-type': TYPES[path.extname(f)] || 'application/octet-stream', 'cache-control': 'no-store' });
        res.end(d);
      });
    });
    server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${server.address().port}`, close: () => server.close() }));
  });
}

async function fallbackBrowser() {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** {base, browser, close()} using the lead's helpers when present. */
export async function setup() {
  let helpers = null;
  try { helpers = await import('./helpers.mjs'); } catch { /* not provided: use our own */ }
  // UI_BASE points the tests at an already running server (e.g. `npm start`).
  const server = process.env.UI_BASE ? { url: process.env.UI_BASE, close() {} }
    : helpers?.startServer ? await helpers.startServer() : await fallbackServer();
  const base = String(typeof server === 'string' ? server : server.url || server.origin || server.baseURL).replace(/\/$/, '');
  const browser = helpers?.launchBrowser ? await helpers.launchBrowser() : await fallbackBrowser();
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  return {
    base,
    browser,
    async close() {
      await browser.close().catch(() => {});
      await (server.close?.() ?? server.stop?.());
    },
  };
}

/**
 * Open the game page on a fresh context. `preset` seeds the saved game (mode, startFen,
 * moves, level, human) once, before the first load; later reloads keep the page's state.
 * `init` is a function run in the page before its scripts (an init script).
 */
export async function openGame(env, preset = null, { viewport = { width: 1024, height: 800 }, locale = 'en-US', hash = '', ready = 'game', hasTouch = false, init = null, pace = false } = {}) {
  // pace: the engine's person's pace left on (tests/helpers.mjs gives every other context fast replies)
  const context = await env.browser.newContext({ viewport, locale, hasTouch, isMobile: hasTouch, ...(pace ? { pace } : {}) });
  if (init) await context.addInitScript(init);
  await context.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  if (preset) {
    const saved = {
      startFen: preset.startFen || START_FEN, moves: preset.moves || [], ply: (preset.moves || []).length,
      mode: preset.mode || 'engine', human: preset.human || 'white', level: preset.level || 4,
      orientation: preset.orientation || 'white',
    };
    await context.addInitScript((s) => {
      if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('makruk.game', s);
      }
    }, JSON.stringify(saved));
  }
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  const close = page.close.bind(page);
  page.close = async () => { await close(); await context.close(); };
  await page.goto(`${env.base}/index.html${hash}`);
  await page.waitForSelector(ready === 'engine' ? 'body[data-ready=engine]' : 'body[data-ready]');
  return page;
}

/** Number of moves in the move list. */
export function moveCount(page) {
  return page.locator('#moves button.move').count();
}
