// The README's embedding routes on the site as deployed: the dist/ build (scripts/dist.mjs,
// tests/helpers.mjs distBuild) served from one origin, and a host page (tests/embed-host.html)
// from another, as a site owner's page would be. Each route gets ready, plays a move against the
// engine and answers getState: the iframe of embed.html and the script tag's <makruk-board>
// (www/embed.js). The npm element's route is tests/package.browser.test.mjs (a bundle of the
// page that imports it, served from its own origin).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, startServer, distBuild } from './helpers.mjs';

const env = useBrowser({ dev: true }); // the development server: the host page, at another origin
let dist;
let site; // dist/ served: the deployed board
let BOARD;
before(async () => {
  dist = distBuild();
  site = await startServer(dist.dir);
  BOARD = site.url.replace(/\/$/, '');
});
after(async () => {
  await site?.close();
  dist?.done();
});

/** The host page with `html` in its #slot (scripts run); page.failed collects the board's 404s. */
async function hostPage(html) {
  const page = await env.browser.newPage();
  page.errors = [];
  page.failed = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('response', (r) => { if (r.status() >= 400) page.failed.push(`${r.status()} ${r.url()}`); });
  await page.goto(`${env.base}/tests/embed-host.html?board=${encodeURIComponent(BOARD)}`);
  assert.notEqual(new URL(BOARD).origin, new URL(page.url()).origin, 'the host is another origin');
  await page.evaluate((content) => {
    const slot = document.getElementById('slot');
    const tpl = document.createElement('template');
    tpl.innerHTML = content;
    for (const node of [...tpl.content.childNodes]) {
      if (node.nodeName !== 'SCRIPT') slot.appendChild(node);
      else {
        const s = document.createElement('script');
        if (node.src) s.src = node.src; else s.textContent = node.textContent;
        s.async = false;
        slot.appendChild(s);
      }
    }
  }, html);
  return page;
}

test('routes: the iframe of the deployed embed.html plays against the engine for a host of another origin', async () => {
  const src = `${BOARD}/embed.html#${new URLSearchParams({ engine: '1', origin: env.base })}`;
  const page = await hostPage(`<iframe id="frame" src="${src}" width="360" height="360"></iframe>`);
  await page.waitForFunction(() => window.got.some((m) => m.type === 'ready'));
  await page.evaluate(() => window.send({ type: 'move', move: 'e4' }));
  await page.waitForFunction(() => window.got.filter((m) => m.type === 'move').length >= 2, null, { timeout: 60_000 });
  const moves = await page.evaluate(() => window.got.filter((m) => m.type === 'move').map((m) => m.uci));
  assert.equal(moves[0], 'e3e4');
  assert.match(moves[1], /^[a-h][1-8][a-h][1-8]m?$/, 'the engine replied');
  await page.evaluate(() => window.send({ type: 'getState' }));
  await page.waitForFunction(() => window.got.some((m) => m.type === 'state'));
  const st = await page.evaluate(() => window.got.find((m) => m.type === 'state'));
  assert.deepEqual(st.moves, moves);
  assert.deepEqual([page.errors, page.failed], [[], []]);
  await page.close();
});

test('routes: the deployed www/embed.js script tag gives a <makruk-board> that plays against the engine', async () => {
  const page = await hostPage(`<script src="${BOARD}/www/embed.js"></script>
<makruk-board id="mb" engine="1"></makruk-board>
<script>
window.events = [];
const mb = document.getElementById('mb');
for (const t of ['ready', 'move', 'error']) mb.addEventListener(t, (e) => window.events.push({ type: e.type, detail: e.detail }));
</script>`);
  await page.waitForFunction(() => window.events.some((e) => e.type === 'ready'));
  assert.match(await page.evaluate(() => document.getElementById('mb').shadowRoot.querySelector('iframe').src), new RegExp(`^${BOARD}/embed\\.html#`));
  await page.evaluate(() => document.getElementById('mb').move('e3e4'));
  await page.waitForFunction(() => window.events.filter((e) => e.type === 'move').length >= 2, null, { timeout: 60_000 });
  const st = await page.evaluate(() => document.getElementById('mb').getState());
  assert.equal(st.moves.length, 2);
  assert.equal(st.moves[0], 'e3e4');
  assert.equal(st.status.turn, 'white');
  assert.deepEqual(await page.evaluate(() => window.events.filter((e) => e.type === 'error')), []);
  assert.deepEqual([page.errors, page.failed], [[], []]);
  await page.close();
});
