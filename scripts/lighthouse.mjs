// Lighthouse (its mobile preset: a mid-range phone on a slow 4G link, simulated) on the site as
// deployed: a dist/ build (scripts/dist.mjs) served as a static host serves it, the .br and .gz
// twins as Content-Encoding and long caching (a year for the hash-named files, a day for the
// rest, no-cache for the pages, sw.js and www/pkg/precache.js, as the README advises).
// Prints each page's four scores, its layout shift and paint times as a Markdown table, and
// what kept a score under 100. A benchmark, not a test: the timings vary from run to run.
// Lighthouse is a measuring tool, never a page dependency: it is installed (pinned; 13 wants
// Node 22) into target/lighthouse/, outside the site and its package.json. Needs www/pkg/
// (scripts/build.sh) and Chromium (CHROMIUM, else /usr/bin/chromium).
// Usage: node scripts/lighthouse.mjs [runs per page, default 1: the median of the performance]
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TOOL = join(ROOT, 'target/lighthouse');
const VERSION = '12.2.3';
// (embed.html is a frame's document, not a page of its own: a canvas, nothing Lighthouse counts as content)
const PAGES = ['index.html', 'learn.html', 'puzzles.html', 'trainer.html'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.json': 'application/json', '.wasm': 'application/wasm', '.png': 'image/png', '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json', '.nnue': 'application/octet-stream',
};
const YEAR = 'public, max-age=31536000, immutable';

/** Lighthouse at VERSION in target/lighthouse/, installed when it is not there. */
function install() {
  const pkg = join(TOOL, 'node_modules/lighthouse/package.json');
  if (existsSync(pkg) && JSON.parse(readFileSync(pkg, 'utf8')).version === VERSION) return;
  mkdirSync(TOOL, { recursive: true });
  writeFileSync(join(TOOL, 'package.json'), '{"private": true}\n');
  execFileSync('npm', ['install', '--no-audit', '--no-fund', `lighthouse@${VERSION}`], { cwd: TOOL, stdio: 'inherit' });
}

/** The Cache-Control of a file of the site. */
function caching(file) {
  if (/\.html$|(^|\/)sw\.js$|precache\.js$/.test(file)) return 'no-cache';
  if (/chunk-\w+\.js$|\.[0-9a-f]{10}\.png$/.test(file)) return YEAR;
  return 'public, max-age=86400';
}

/** A static host of `root`: precompressed twins as Content-Encoding, caching by caching(). */
export function host(root) {
  const server = createServer((req, res) => {
    let path = normalize(join(root, decodeURIComponent(new URL(req.url, 'http://x').pathname)));
    if (!path.startsWith(root)) return res.writeHead(400).end();
    if (existsSync(path) && statSync(path).isDirectory()) path = join(path, 'index.html');
    if (!existsSync(path)) return res.writeHead(404).end();
    const accept = String(req.headers['accept-encoding'] || '');
    const encoding = ['br', 'gzip'].find((e) => accept.includes(e) && existsSync(`${path}.${e === 'br' ? 'br' : 'gz'}`));
    const headers = { 'Content-Type': TYPES[extname(path)] || 'application/octet-stream', 'Cache-Control': caching(path.slice(root.length)), Vary: 'Accept-Encoding' };
    if (encoding) headers['Content-Encoding'] = encoding;
    res.writeHead(200, headers);
    res.end(readFileSync(encoding ? `${path}.${encoding === 'br' ? 'br' : 'gz'}` : path));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** What kept category `id` of report `lhr` under 100: its failed audits with a weight. */
function losses(lhr, id) {
  return lhr.categories[id].auditRefs
    .filter((r) => r.weight > 0 && lhr.audits[r.id].score !== null && lhr.audits[r.id].score < 1)
    .map((r) => `${r.id} ${Math.round(lhr.audits[r.id].score * 100)}`);
}

async function main() {
  const runs = Math.max(1, Number(process.argv[2]) || 1);
  install();
  const { default: lighthouse } = await import(pathToFileURL(join(TOOL, 'node_modules/lighthouse/core/index.js')));
  const launcher = await import(pathToFileURL(join(TOOL, 'node_modules/chrome-launcher/dist/index.js')));
  const dist = mkdtempSync(join(tmpdir(), 'makruk-lighthouse-')) + sep;
  execFileSync(process.execPath, [join(ROOT, 'scripts/dist.mjs'), dist], { stdio: 'inherit' });
  const server = await host(dist);
  const base = `http://127.0.0.1:${server.address().port}/`;
  const chrome = await launcher.launch({ chromePath: process.env.CHROMIUM || '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  const rows = [];
  const notes = [];
  let speed = 0;
  try {
    for (const page of PAGES) {
      const reports = [];
      for (let k = 0; k < runs; k++) reports.push((await lighthouse(base + page, { port: chrome.port, logLevel: 'error', onlyCategories: CATEGORIES })).lhr);
      reports.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
      const lhr = reports[Math.floor(reports.length / 2)];
      speed = lhr.environment.benchmarkIndex;
      rows.push(row(page, lhr));
      for (const id of CATEGORIES) if (lhr.categories[id].score < 1) notes.push(`${page} ${id}: ${losses(lhr, id).join(', ')}`);
    }
  } finally {
    chrome.kill();
    server.close();
    rmSync(dist, { recursive: true, force: true });
  }
  console.log(`Lighthouse ${VERSION}, mobile preset, the median of ${runs} run(s) a page by performance; CPU benchmark index ${Math.round(speed)}, load average ${loadavg()[0].toFixed(1)}\n`);
  console.log('| page | performance | accessibility | best practices | SEO | CLS | LCP (s) | TBT (ms) |\n|---|---|---|---|---|---|---|---|');
  console.log(rows.join('\n'));
  if (notes.length) console.log(`\nUnder 100:\n${notes.map((n) => `- ${n}`).join('\n')}`);
}

/** The table row of report `lhr` of `page`. */
function row(page, lhr) {
  const a = lhr.audits;
  const scores = CATEGORIES.map((id) => Math.round(lhr.categories[id].score * 100));
  return `| ${page} | ${scores.join(' | ')} | ${a['cumulative-layout-shift'].numericValue.toFixed(3)} | ${(a['largest-contentful-paint'].numericValue / 1000).toFixed(1)} | ${Math.round(a['total-blocking-time'].numericValue)} |`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
