// Browser tests of the two builds of the wasm module (www/wasm.js): Chromium has wasm SIMD, so
// the page and its worker load the SIMD build, and only it; a browser without SIMD (here
// www/wasm.js served with its probe answering no) gets the plain build, which plays the same.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, nativeBenchNodes } from './helpers.mjs';

const env = useBrowser({ dev: true }); // the wasm builds by their names

/** The game page with the engine ready, in a fresh context: the wasm and network files it loaded. */
async function openGame({ simd }) {
  // the service worker, which precaches the build its own probe picks (tests/offline.browser.test.mjs),
  // would fetch the SIMD build beside a page that pretends to have no SIMD
  const context = await env.browser.newContext();
  if (!simd) {
    await context.route('**/www/wasm.js', async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace('WebAssembly.validate(SIMD_PROBE)', 'false');
      assert.notEqual(body, await response.text(), 'the probe is where the test expects it');
      await route.fulfill({ response, body });
    });
  }
  const page = await context.newPage();
  const files = [];
  context.on('request', (r) => files.push(new URL(r.url()).pathname.split('/').pop()));
  await page.goto(`${env.server.url}index.html`);
  await page.waitForSelector('body[data-ready=engine]');
  const nodes = await page.evaluate(async () => {
    const { createEngine } = await import('/www/engine-client.js');
    const engine = createEngine({});
    const count = await engine.bench();
    engine.terminate();
    return count;
  });
  await context.close();
  return { files: files.filter((f) => /\.(wasm|nnue)$/.test(f)), nodes };
}

test('with wasm SIMD the page and its worker load the SIMD build only', async () => {
  const { files, nodes } = await openGame({ simd: true });
  assert.ok(files.includes('makruk_wasm_simd_bg.wasm'), files.join());
  assert.ok(files.includes('eval.nnue'), files.join());
  assert.ok(!files.includes('makruk_wasm_bg.wasm'), files.join());
  assert.ok(!files.includes('makruk_wasm_full_bg.wasm'), `the full module (PGN, trainer) waits for its use: ${files.join()}`);
  assert.equal(nodes, await nativeBenchNodes());
});

test('without wasm SIMD the plain build plays, and searches the same nodes', async () => {
  const { files, nodes } = await openGame({ simd: false });
  assert.ok(files.includes('makruk_wasm_bg.wasm'), files.join());
  assert.ok(!files.includes('makruk_wasm_simd_bg.wasm'), files.join());
  assert.equal(nodes, await nativeBenchNodes());
});

test('each wasm module is loaded once: every loadWasm() call shares one promise', async () => {
  const page = await env.browser.newPage();
  await page.goto(`${env.server.url}index.html`);
  const same = await page.evaluate(async () => {
    const out = [];
    for (const file of ['/www/wasm.js', '/www/wasm-full.js']) {
      const mod = await import(file);
      const [a, b] = [mod.loadWasm(), mod.loadWasm()];
      out.push(a === b && (await a) === (await mod.loadWasm()));
    }
    return out;
  });
  await page.close();
  assert.deepEqual(same, [true, true]);
});
