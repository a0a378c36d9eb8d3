// The page's tests (npm test's last step): every tests/*.node.test.mjs and
// tests/*.browser.test.mjs, as many files at a time as the machine has cores, the browser tests
// sharing one headless Chromium, one dist/ build and two static servers, of the dist/ build and
// of the repository (tests/helpers.mjs connects to them). After the usual report, the files'
// and the slowest tests' times (scripts/test-times.mjs).
// Usage: node tests/run.mjs [--screenshots] [test files]   (all of them by default; TEST_JOBS
// sets how many at a time). --screenshots (npm run screenshots): the files that save screenshots
// (tests/helpers.mjs `screenshot`), saving them into tests/artifacts/, their screenshot-only
// tests included.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { chromium, distBuild, launchOptions, startServer } from './helpers.mjs';

const args = process.argv.slice(2);
const shots = args[0] === '--screenshots';
if (shots) args.shift();
const found = readdirSync(new URL('.', import.meta.url)).filter((f) => /\.(node|browser)\.test\.mjs$/.test(f));
const all = found.filter((f) => !shots || /(?<!\.)\bscreenshot\(/.test(readFileSync(new URL(f, import.meta.url), 'utf8')));
// the longest files first (the figures that scripts/test-times.mjs prints) and the Node files,
// short, last: the run then does not end with one long file on one core (docs/testing.md)
const LONGEST = ['pages', 'ui', 'variant', 'share', 'friend', 'paths', 'robust', 'model', 'learn', 'trainer', 'counting'];
const rank = (f) => {
  if (f.endsWith('.node.test.mjs')) return LONGEST.length + 1;
  const i = LONGEST.indexOf(f.replace('.browser.test.mjs', ''));
  return i < 0 ? LONGEST.length : i;
};
for (const name of LONGEST) if (!found.includes(`${name}.browser.test.mjs`)) throw new Error(`tests/run.mjs: no tests/${name}.browser.test.mjs`);
const files = args.length ? args : all.sort((a, b) => rank(a) - rank(b)).map((f) => `tests/${f}`);

const server = await startServer();
const browser = await chromium.launchServer(launchOptions());
const dist = distBuild();
const distServer = await startServer(dist.dir);
const jobs = Number(process.env.TEST_JOBS) || availableParallelism();
// the usual reporter (spec on a terminal, else TAP) and the times
const reporters = [process.stdout.isTTY ? 'spec' : 'tap', new URL('../scripts/test-times.mjs', import.meta.url).href]
  .flatMap((r) => [`--test-reporter=${r}`, '--test-reporter-destination=stdout']);
const child = spawn(process.execPath, ['--test', `--test-concurrency=${jobs}`, ...reporters, ...files], {
  stdio: 'inherit',
  env: { ...process.env, ...(shots ? { MAKRUK_SCREENSHOTS: '1' } : {}), MAKRUK_BASE: server.url, MAKRUK_BROWSER: browser.wsEndpoint(), MAKRUK_DIST: dist.dir, MAKRUK_DIST_BASE: distServer.url },
});
// stopped (Ctrl-C, a timeout): the tests stop too, and the browser and the server close below
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
const code = await new Promise((resolve) => child.on('exit', (c) => resolve(c ?? 1)));
await browser.close();
await server.close();
await distServer.close();
dist.done();
process.exit(code);
