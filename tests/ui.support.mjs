// Shared by the game page's browser tests: the game page opened with a saved game (the
// server and the browser are tests/helpers.mjs's useBrowser).
import { LANGUAGES } from '../www/common/i18n/index.js';

const START_FEN = 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1';

/** The interface's languages (www/common/i18n/index.js's), each page looked at in every one. */
export const LANGS = LANGUAGES.map((l) => l.code);

/** Every page of the site, as the layout and accessibility tests open them: its `name`, `url`
 * and the selector of its `ready` state. */
export const PAGES = [
  { name: 'game', url: 'index.html', ready: 'body[data-ready]' },
  { name: 'learn', url: 'learn.html', ready: 'body[data-ready=learn]' },
  { name: 'puzzles', url: 'puzzles.html', ready: 'body[data-ready=puzzles]' },
  { name: 'trainer', url: 'trainer.html#trainer=R', ready: 'body[data-ready=trainer]' },
  { name: 'embed', url: 'embed.html', ready: 'body[data-ready]' },
];

/**
 * Open the game page on a fresh context. `preset` seeds the saved game (mode, startFen,
 * moves, level, human) once, before the first load; later reloads keep the page's state.
 * `init` is a function run in the page before its scripts (an init script), or a list of
 * them; `clock` installs Playwright's clock (the page's time then runs as the test says),
 * `clock: 'paused'` with the time standing still from before the page loads.
 */
export async function openGame(env, preset = null, { viewport = { width: 1024, height: 800 }, locale = 'en-US', hash = '', ready = 'game', hasTouch = false, init = null, pace = false, clock = false } = {}) {
  // pace: the engine's person's pace left on (tests/helpers.mjs gives every other context fast replies)
  const context = await env.browser.newContext({ viewport, locale, hasTouch, isMobile: hasTouch, ...(pace ? { pace } : {}) });
  for (const fn of [init].flat()) if (fn) await context.addInitScript(fn);
  if (clock) await context.clock.install();
  if (clock === 'paused') await context.clock.pauseAt(Date.now() + 1000);
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
  await pageReady(page, ready === 'engine' ? 'body[data-ready=engine]' : 'body[data-ready]', clock === 'paused');
  return page;
}

/**
 * Waits for `selector` on the page. `paused`: the page's time stands still (Playwright's clock),
 * so it gets no frame, and the page waits for its first one (the board drawn) before it goes
 * on: its time then moves a frame at a time until the selector is there.
 */
export async function pageReady(page, selector, paused = false) {
  if (paused) while (!(await page.$(selector))) await page.clock.runFor(16);
  await page.waitForSelector(selector);
}

/** Number of moves in the move list. */
export function moveCount(page) {
  return page.locator('#moves button.move').count();
}

/** Starts a game by link with a friend from the New game dialog, playing White. */
export async function startGameByLink(page) {
  await page.click('#btn-new');
  await page.check('input[name=mode][value=correspondence]');
  await page.check('input[name=color][value=white]');
  await page.click('#ng-start-btn');
  await page.waitForSelector('#corr:not([hidden])');
}

/**
 * share.js's parts of the game page (the position panel, the board editor), there now: the page
 * loads them on first use or a moment after the engine is ready (3 s, www/pages/game/main.js),
 * which a test does not wait for; its test hook `makrukGame.share` loads them as a first use does.
 */
export async function shareParts(page) {
  await page.waitForFunction(() => window.makrukGame?.share);
  await page.evaluate(async () => { await window.makrukGame.share(); });
  await page.waitForSelector('#position summary');
}

/** The position panel (the FEN box, PGN) opened, without the page's wait for share.js. */
export async function openPositionPanel(page) {
  await shareParts(page);
  if (!(await page.$eval('#position', (d) => d.open))) await page.click('#position summary');
}

/** The PGN export of the page's game (the position panel opened, the PGN module loaded). */
export async function exportPgn(page) {
  await openPositionPanel(page);
  await page.fill('#pgn-text', ''); // an earlier export gone: what the box holds next is this one
  await page.click('#pgn-export');
  await page.waitForFunction(() => document.querySelector('#pgn-text').value !== '');
  return page.inputValue('#pgn-text');
}

/**
 * Opens `hash`, a game to play (play=), in the open page as a link pasted into its address bar:
 * once the page has taken it (its own address written back, without play=). A page opened for
 * it loads the same link the same way (www/pages/game/persist.js restore), for a second of CPU
 * more.
 */
export async function openPlayLink(page, hash) {
  await page.evaluate((h) => { location.hash = h; }, hash);
  await page.waitForFunction(() => !new URLSearchParams(location.hash.slice(1)).has('play'));
}
