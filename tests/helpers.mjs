// Shared set-up for the browser tests: the project's own static server on a free port and
// Debian's Chromium driven by playwright-core. Under the test runner (tests/run.mjs) every
// test file shares one server and one browser, which the runner names in MAKRUK_BASE and
// MAKRUK_BROWSER; a file run alone (`node --test tests/x.browser.test.mjs`) starts its own.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { before, after } from 'node:test';
import { serve } from '../scripts/serve.mjs';

/**
 * Playwright's `chromium`, for the runner and every browser test file. playwright-core is
 * CommonJS: required, not imported. Node 20 imports a CommonJS module by first scanning its
 * source for its exports (cjs-module-lexer), here 7 MB of bundles: a third of the 0.55
 * CPU-seconds its import took in each of the 40 processes that load it.
 */
export const { chromium } = createRequire(import.meta.url)('playwright-core');

/** The repository's folder, ending in a separator. */
export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The folder of the screenshots (git-ignored). */
export const ARTIFACTS = join(ROOT, 'tests', 'artifacts');

/**
 * Whether the tests save their screenshots for a person to look at: `npm run screenshots`
 * (`node tests/run.mjs --screenshots`) sets MAKRUK_SCREENSHOTS; `npm test` saves none (a
 * third of a second each, some 150 of them).
 */
export const SCREENSHOTS = process.env.MAKRUK_SCREENSHOTS === '1';

/** The options of a test that only takes screenshots: it runs in `npm run screenshots` alone. */
export const SCREENSHOTS_ONLY = { skip: !SCREENSHOTS && 'screenshots only: npm run screenshots' };

/** Saves a screenshot of `target` (a page or a locator) as ARTIFACTS/`file`, with Playwright's
 * `options` (fullPage...), when the run saves screenshots (SCREENSHOTS). */
export async function screenshot(target, file, options = {}) {
  if (!SCREENSHOTS) return;
  mkdirSync(ARTIFACTS, { recursive: true });
  await target.screenshot({ ...options, path: join(ARTIFACTS, file) });
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The site as deployed: a dist/ build (scripts/dist.mjs) in a folder of its own, {dir (ending in
 * a separator), done()}; the runner's one (MAKRUK_DIST), made once for every test file, or else
 * one made here. Tests only read it.
 */
export function distBuild() {
  if (process.env.MAKRUK_DIST) return { dir: process.env.MAKRUK_DIST, done() {} };
  const dir = mkdtempSync(join(tmpdir(), 'makruk-dist-')) + sep;
  execFileSync(process.execPath, [`${ROOT}scripts/dist.mjs`, dir]);
  return { dir, done: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Starts the static server on a free port: {url, close()}; of the repository, or of `root`
 * (a folder path ending in a separator, such as a dist/ build). */
export function startServer(root) {
  if (!root && process.env.MAKRUK_BASE) return { url: process.env.MAKRUK_BASE, close: async () => {} };
  return serve(0, '127.0.0.1', root);
}

/** The static server of the site as deployed (distBuild): {url, dir (the build's folder),
 * close()}; the runner's (MAKRUK_DIST_BASE), or one of a build made here. */
export async function startDistServer() {
  const dist = distBuild();
  const own = process.env.MAKRUK_DIST_BASE ? null : await startServer(dist.dir);
  return { url: own?.url ?? process.env.MAKRUK_DIST_BASE, dir: dist.dir, close: async () => { await own?.close(); dist.done(); } };
}

/**
 * In the page, before its scripts: the "fast replies" setting on unless the test chose it
 * (engine replies at levels 1-6 otherwise wait a person's time, www/pages/game/pace.js).
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

/**
 * In the page, before its scripts: each search for a level's move (the engine's move, a hint;
 * not the analysis, nor a review's fixed nodes) also limited to `nodes` (the level's other
 * limits stay: www/engine-worker.js's limits are each a bound), so that the games a test plays
 * go at a fixed pace whatever the levels and the machine: the model-based test's engine games.
 */
export function engineNodes(nodes) {
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function postMessage(message, ...rest) {
    const limits = message?.type === 'search' && message.limits?.level ? { ...message.limits, nodes: Math.min(message.limits.nodes ?? nodes, nodes) } : null;
    return post.call(this, limits ? { ...message, limits } : message, ...rest);
  };
}

/**
 * In the page, before its scripts: each search of the analysis (its lines, no level: the slices of
 * www/common/game/engine-driver.js, up to 45 s of a core each time the position changes) also
 * limited to `nodes`: its lines come at once and the engine then rests, where a page a test has
 * opened by link (in analysis) searched the whole time the test looked at other things.
 */
export function analysisNodes(nodes) {
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function postMessage(message, ...rest) {
    const l = message?.type === 'search' ? message.limits : null;
    const bounded = l && 'multipv' in l && !l.level && !l.nodes ? { ...message, limits: { ...l, nodes } } : message;
    return post.call(this, bounded, ...rest);
  };
}

/** The analysis' bound in the tests' pages (analysisNodes): lines of some depth, in well
 * under a second a slice. */
export const ANALYSIS_NODES = 30_000;

/** In the page and its frames, before their scripts: the pages' test hooks on `window`
 * (makrukBoard, makrukPuzzles, makrukTrainer: www/common/dom.js exposeForTests) are asked for. */
export function testHooks() {
  globalThis.MAKRUK_TEST = true;
}

/**
 * In the page, before its scripts: `window.interceptAnswers(worker, through)`, with which a test
 * decides which of a worker's messages the page's `onmessage` handler hears: those for which
 * `through(event, handler)` is true (the engine's answers held back, or dropped).
 */
export function answerInterceptor() {
  window.interceptAnswers = (w, through) => {
    const proto = Object.getPrototypeOf(w);
    const desc = Object.getOwnPropertyDescriptor(proto, 'onmessage')
      || Object.getOwnPropertyDescriptor(Object.getPrototypeOf(proto), 'onmessage');
    Object.defineProperty(w, 'onmessage', {
      configurable: true,
      get: () => desc.get.call(w),
      set: (fn) => desc.set.call(w, fn && ((e) => (through(e, fn) ? fn(e) : undefined))),
    });
  };
}

/**
 * Debian's Chromium builds. The tests run its headless shell (Chromium's own headless build,
 * the one Playwright runs by default: the same Blink and V8 of the same version, without the
 * full browser around them), where a fresh context opens a page in about a third of the CPU
 * time; the benchmarks, which time what a person's browser does, the full browser.
 */
const BUILDS = { tests: '/usr/bin/chromium-headless-shell', full: '/usr/bin/chromium' };

/** The options of headless Chromium; `full` for the full browser (CHROMIUM overrides the path). */
export const launchOptions = ({ full = false } = {}) => ({
  executablePath: process.env.CHROMIUM || BUILDS[full ? 'full' : 'tests'],
  args: CHROMIUM_ARGS,
});

/**
 * Launches headless Chromium (`full`: the full browser, for benchmarks), or connects to the
 * runner's (its `close()` then only disconnects). Every context it opens (and so every
 * `newPage`) gets fast replies, so that tests do not wait a person's time, and the pages'
 * test hooks; `{ pace: true }` leaves the pace on, `{ hooks: false }` opens the pages as a
 * visitor gets them; the analysis searches ANALYSIS_NODES a slice (analysisNodes; `{ analysis:
 * true }`: as long as a visitor's); `nodes`: the engine's moves in every context at that many
 * nodes at most (engineNodes). The service worker is blocked unless a test asks for it
 * (`{ serviceWorkers: 'allow'}`, the offline tests): installing it downloads and keeps the whole
 * site, about a CPU-second for each fresh context, which the other tests and the benchmarks
 * do not look at.
 */
export async function launchBrowser({ full = false, nodes = 0 } = {}) {
  const shared = !full && process.env.MAKRUK_BROWSER;
  const browser = shared ? await chromium.connect(shared) : await chromium.launch(launchOptions({ full }));
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async ({ pace = false, hooks = true, analysis = false, serviceWorkers = 'block', ...options } = {}) => {
    const context = await newContext({ serviceWorkers, ...options });
    if (!pace) await context.addInitScript(fastReplies);
    if (hooks) await context.addInitScript(testHooks);
    if (nodes) await context.addInitScript(engineNodes, nodes);
    if (!analysis && !full) await context.addInitScript(analysisNodes, ANALYSIS_NODES);
    return context;
  };
  return browser;
}

/**
 * A browser test file's set-up, made before its tests and closed after them: the static server
 * and the browser (launchBrowser). The server is the site as deployed (startDistServer: the
 * dist/ build, bundled, which a page loads in a quarter of the requests and three fifths of
 * the CPU), or with `dev` the repository as `npm start` serves it (startServer: www/'s modules one
 * by one, and tests/' own pages), for tests that reach into www/'s files by their paths; or
 * one of `root`, a folder or a function giving one when the tests start. Returns the object
 * that holds them once the tests run: `server` (of the dist/ build: its folder in `dir` too),
 * `base` (its URL without the final slash) and
 * `browser`; with `server: false`, the browser alone; `nodes`: launchBrowser's. `prepare(env)`,
 * if given, runs once they are there (a file's own before() hooks run alongside this one, not
 * after it).
 */
export function useBrowser({ root, dev = false, server = true, prepare = null, nodes = 0 } = {}) {
  const env = {};
  before(async () => {
    if (server) {
      env.server = await (root || dev ? startServer(typeof root === 'function' ? root() : root) : startDistServer());
      env.base = env.server.url.replace(/\/$/, '');
    }
    env.browser = await launchBrowser({ nodes });
    await prepare?.(env);
  });
  after(async () => {
    await env.browser?.close().catch(() => {});
    await env.server?.close();
  });
  return env;
}

/**
 * Holds back the context's requests that match `pattern` (a Playwright URL glob) until the
 * returned function is called: a file that is late on the network.
 */
export async function holdRequests(context, pattern) {
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  await context.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Opens `path` on a fresh page and collects uncaught page errors in `page.errors`. */
export async function openPage(browser, url) {
  const page = await browser.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.goto(url);
  return page;
}

/**
 * The native binary's `bench` node count, to compare the wasm builds with: of the makruk-uci
 * that `cargo test` (target/debug) or `cargo build --release` made, whichever is newer; under
 * npm test once `cargo test` has built it (MAKRUK_NATIVE_BUILT names the file made then).
 */
export async function nativeBenchNodes() {
  const built = process.env.MAKRUK_NATIVE_BUILT;
  while (built && !existsSync(built)) await new Promise((r) => setTimeout(r, 500));
  const [bin] = ['release', 'debug'].map((p) => `${ROOT}target/${p}/makruk-uci`).filter(existsSync)
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  if (!bin) throw new Error('no native makruk-uci: run cargo test or cargo build --release -p makruk-uci');
  return Number(/Nodes searched: (\d+)/.exec(execFileSync(bin, { input: 'bench\nquit\n' }).toString())[1]);
}
