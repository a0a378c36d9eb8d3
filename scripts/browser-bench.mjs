// Measures the page in headless Chromium: every file it loads (raw and gzip -9 sizes), and the
// wasm builds' bench and the full module's perft speed in the browser, next to the native binary's figures.
// Usage: npm run build && cargo build --release -p makruk-uci && node scripts/browser-bench.mjs
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { launchBrowser } from '../tests/helpers.mjs';
import { serve } from './serve.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const server = await serve(0);
const browser = await launchBrowser({ full: true });
const page = await browser.newPage();
const loaded = new Set();
page.on('request', (request) => loaded.add(new URL(request.url()).pathname));
const wrk = new Set();
page.on('worker', (worker) => wrk.add(worker.url()));
await page.goto(`${server.url}index.html`);
await page.waitForSelector('body[data-ready=engine]');
await page.waitForTimeout(500);

console.log('Files the game page loads (bytes; gzip -9):');
let raw = 0;
let gz = 0;
for (const path of [...loaded].sort()) {
  let body;
  try {
    body = readFileSync(ROOT + decodeURIComponent(path.slice(1)) + (path.endsWith('/') ? 'index.html' : ''));
  } catch {
    continue; // data: URLs and the like
  }
  const zipped = gzipSync(body, { level: 9 }).length;
  raw += body.length;
  gz += zipped;
  console.log(`  ${path.padEnd(36)} ${String(body.length).padStart(8)} ${String(zipped).padStart(8)}`);
}
console.log(`  ${'total'.padEnd(36)} ${String(raw).padStart(8)} ${String(gz).padStart(8)}`);

// Both builds of the module, each in a fresh instance of the glue (the query makes it one).
const measure = (file) => page.evaluate(async (file) => {
  const m = await import(`/www/pkg/makruk_wasm.js?${file}`);
  await m.default({ module_or_path: `/www/pkg/${file}` });
  const engine = new m.Engine();
  const { unpackNetwork } = await import('/www/network.js');
  engine.setNetwork(unpackNetwork(await (await fetch('/www/pkg/eval.nnue')).arrayBuffer()));
  const t = performance.now();
  const nodes = engine.bench();
  const benchMs = performance.now() - t;
  return { file, nodes, benchMs };
}, file);
const builds = [await measure('makruk_wasm_bg.wasm'), await measure('makruk_wasm_simd_bg.wasm')];
// perft is the full module's (www/wasm-full.js, one plain build)
const perftRun = await page.evaluate(async () => {
  const m = await import('/www/pkg/makruk_wasm_full.js');
  await m.default({ module_or_path: '/www/pkg/makruk_wasm_full_bg.wasm' });
  const t = performance.now();
  const leaves = m.perft(undefined, 6);
  return { leaves, perftMs: performance.now() - t };
});
const native = execFileSync(`${ROOT}target/release/makruk-uci`, { input: 'bench\nposition startpos\ngo perft 6\nquit\n' }).toString();
const nativeNodes = Number(/Nodes searched: (\d+)\n/.exec(native)[1]);
const nativeNps = Number(/Nodes\/second: (\d+)/.exec(native)[1]);
const t = performance.now();
execFileSync(`${ROOT}target/release/makruk-uci`, { input: 'position startpos\ngo perft 6\nquit\n' });
const nativePerftMs = performance.now() - t;

console.log(`native: bench ${nativeNodes} nodes, ${nativeNps} nodes/s; perft 6 ${Math.round(nativePerftMs)} ms (process included)`);
for (const wasm of builds) {
  const wasmNps = Math.round((wasm.nodes * 1000) / wasm.benchMs);
  console.log(`${wasm.file} in Chromium: bench ${wasm.nodes} nodes, ${wasmNps} nodes/s, ratio ${(wasmNps / nativeNps).toFixed(2)}`);
}
console.log(`makruk_wasm_full_bg.wasm in Chromium: perft 6 (${perftRun.leaves} leaves) ${Math.round(perftRun.perftMs)} ms, ratio ${(nativePerftMs / perftRun.perftMs).toFixed(2)}`);
await browser.close();
await server.close();
