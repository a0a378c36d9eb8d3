// The counting-mates trainer (trainer.html) in Chromium: a drill mated with the tables' moves,
// one failed by dawdling until the count runs out, the message after a slower move, and bad
// drill links. The tables' answers come from the page's own wasm probe.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { featureCatalogues } from './i18n.support.mjs';
import { SCREENSHOTS, screenshot, useBrowser } from './helpers.mjs';

const env = useBrowser();

async function openTrainer(hash, viewport = { width: 1440, height: 900 }, locale = 'en-US') {
  const context = await env.browser.newContext({ viewport, locale });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  const close = page.close.bind(page);
  page.close = async () => { await close(); await context.close(); };
  await page.goto(`${env.base}/trainer.html${hash}`);
  await page.waitForSelector('body[data-ready=trainer]');
  return page;
}

/** Every legal move of the person with the tables' word on the position it makes. */
function choices(page) {
  return page.evaluate(() => {
    const { Game, probe, fen } = window.makrukTrainer;
    const start = fen();
    return Promise.all(new Game(start).legalMoves().map(async (m) => {
      const g = new Game(start);
      g.play(m.uci);
      return { uci: m.uci, fen: g.fen(), probe: await probe(g.fen()) };
    }));
  });
}

/** The tables' word on the position on the board. */
const probeHere = (page) => page.evaluate(() => window.makrukTrainer.probe(window.makrukTrainer.fen()));

/** Plays `uci` on the board by two clicks and waits for the defender's answer or the end. */
async function play(page, uci) {
  const ply = Number(await page.getAttribute('body', 'data-ply'));
  await page.click(`[data-square=${uci.slice(0, 2)}]`);
  await page.click(`[data-square=${uci.slice(2, 4)}]`);
  await page.waitForFunction((p) => document.body.dataset.result
    || (Number(document.body.dataset.ply) >= p + 2 && document.body.dataset.yourMove === 'true'), ply);
}

test('trainer: one Ruea mated with the tables\' best moves; success and progress shown', async () => {
  const page = await openTrainer('#trainer=R');
  const prepareMs = Number(await page.getAttribute('body', 'data-prepare-ms'));
  console.log(`# trainer: random start of R prepared in ${prepareMs} ms`);
  assert.match(await page.locator('#count').innerText(), /count starts after your first move, at 3 of 16/);
  assert.match(await page.locator('#limit-line').innerText(), /Limit 16 moves, counted from 3/);
  for (const [name, viewport] of SCREENSHOTS ? [['360x740', { width: 360, height: 740 }], ['1440x900', { width: 1440, height: 900 }]] : []) {
    await page.setViewportSize(viewport);
    await screenshot(page, `trainer-${name}.png`, { fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  for (let i = 0; i < 40 && !(await page.getAttribute('body', 'data-result')); i++) {
    const { best } = await probeHere(page);
    await play(page, best);
    if (i === 0) assert.match(await page.locator('#count').innerText(), /Count: [34] \/ 16 \(pieces' honour, black counts\)/);
    assert.equal(await page.locator('#message').isHidden(), true, 'no mistake message after a best move');
  }
  assert.equal(await page.getAttribute('body', 'data-result'), 'success');
  assert.match(await page.locator('#result').innerText(), /Mate within the count \(\d+ \/ 16\)/);
  assert.match(await page.locator('[data-ending=R] + .progress').innerText(), /solved 1 of 1/);
  await screenshot(page, 'trainer-mate-1440x900.png');
  assert.deepEqual(page.errors, []);
  await page.close();
});

// Rh1 mates; Rg7, guarded by the Khun, leaves the Khun on h8 no move and no check
const NEAR_MATE = `#trainer=fen:${encodeURIComponent('7k/5K2/8/8/8/8/8/6R1 w - - 0 1')}`;

test('trainer: a slower move is named, with how much longer the mate takes; Show distance', async () => {
  // a fixed start: a random one may leave no slower move that still wins within the count
  const page = await openTrainer(NEAR_MATE);
  await page.click('#btn-distance');
  const before = await probeHere(page);
  assert.equal(before.dtmPlies, 1);
  assert.match(await page.locator('#distance').innerText(), /Mate in 1 move with best defence; the count allows 14 moves/);
  const slower = (await choices(page)).find((c) => c.probe?.wonWithinCount && c.probe.dtmPlies > before.dtmPlies - 1);
  assert.ok(slower, 'a slower move that still wins');
  const more = (slower.probe.dtmPlies - (before.dtmPlies - 1)) / 2;
  await play(page, slower.uci);
  const message = await page.locator('#message').innerText();
  assert.match(message, new RegExp(`A slower move: mate now takes ${more} moves? longer`));
  // the moves still to play, as the distance beside it says them (not "in all": issue 44)
  const left = Math.ceil(slower.probe.dtmPlies / 2);
  assert.match(message, new RegExp(`\\(${left} moves? still to play\\)`));
  assert.match(await page.locator('#distance').innerText(), new RegExp(`^Mate in ${left} moves? `));
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('trainer: dawdling with two Ruea lets the count run out; the trainer says so', async () => {
  const page = await openTrainer('#trainer=RR');
  const seen = new Set();
  const messages = [];
  for (let i = 0; i < 40 && !(await page.getAttribute('body', 'data-result')); i++) {
    // a move that keeps the win on the board (no Ruea left to the Khun) but mates as late as
    // possible, new positions first (no repetition)
    const all = (await choices(page)).filter((c) => c.probe?.won);
    all.sort((a, b) => (seen.has(a.fen.split(' ')[0]) - seen.has(b.fen.split(' ')[0])) || b.probe.dtmPlies - a.probe.dtmPlies);
    seen.add(all[0].fen.split(' ')[0]);
    await play(page, all[0].uci);
    messages.push(await page.locator('#message').innerText());
  }
  assert.ok(messages.some((m) => /This move lets the count run out: mate now takes \d+ moves?, the count allows only \d+/.test(m)), messages.join('|'));
  assert.equal(await page.getAttribute('body', 'data-result'), 'fail');
  assert.match(await page.locator('#result').innerText(), /The count ran out: a draw\. Not solved this time\./);
  assert.match(await page.locator('[data-ending=RR] + .progress').innerText(), /solved 0 of 1/);
  await screenshot(page, 'trainer-count-out-1440x900.png');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('trainer: bad drill links say why and offer the list; the game page hands drill links over', async () => {
  const page = await openTrainer('#trainer=M');
  assert.match(await page.locator('#message').innerText(), /Met is not a drill: it is never won within the count/);
  assert.equal(await page.locator('#endings a').count(), 9);
  assert.equal(await page.locator('#endings a').first().innerText(), 'Ruea + Ruea');
  await page.goto(`${env.base}/trainer.html#trainer=XYZ`);
  await page.waitForFunction(() => /not an ending of the trainer/.test(document.getElementById('message').textContent));
  // Khun and Ma against Khun: a legal position, but nothing to train
  await page.goto(`${env.base}/trainer.html#trainer=fen:4k3/8/8/8/8/8/8/3NK3_w_-_-_0_1`);
  await page.waitForFunction(() => /This position is not for the trainer/.test(document.getElementById('message').textContent));
  await screenshot(page, 'trainer-bad-360x740.png');
  // a drill link by FEN starts that position
  const fen = '8/8/8/4k3/8/8/R7/4K3 w - - 0 1';
  await page.goto(`${env.base}/trainer.html#trainer=fen:${encodeURIComponent(fen)}`);
  await page.waitForFunction((f) => window.makrukTrainer?.fen() === f, fen);
  // ... of a two-piece ending too: the core names it as the drills do (Ruea + Khon is "RS")
  const rs = '4k3/8/4K3/8/8/8/R7/3S4 w - - 0 1';
  await page.goto(`${env.base}/trainer.html#trainer=fen:${encodeURIComponent(rs)}`);
  await page.waitForFunction((f) => window.makrukTrainer?.fen() === f, rs);
  assert.equal(await page.locator('#endings a[aria-current]').getAttribute('data-ending'), 'RS');
  await page.goto(`${env.base}/index.html#trainer=RR`);
  await page.waitForURL(/trainer\.html#trainer=RR$/);
  await page.waitForSelector('body[data-ready=trainer]');
  assert.equal(await page.locator('#endings a[aria-current]').getAttribute('data-ending'), 'RR');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('trainer: a stalemate is explained as the drill\'s failure', async () => {
  const page = await openTrainer(NEAR_MATE);
  assert.match(await page.locator('#count').innerText(), /count starts after your first move, at 3 of 16/);
  await play(page, 'g1g7');
  assert.equal(await page.getAttribute('body', 'data-result'), 'fail');
  assert.match(await page.locator('#result').innerText(), /Stalemate: the bare Khun cannot move and is not in check\. A draw\. Not solved this time\./);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('trainer: a Ruea left to the Khun is a draw by material, said once; the distance goes at the end', async () => {
  // Rg8+ leaves the Ruea to the Khun: what is left cannot mate (the core's reason `material`)
  const page = await openTrainer(`#trainer=fen:${encodeURIComponent('7k/8/5K2/8/8/8/8/6R1 w - - 0 1')}`);
  await play(page, 'g1g8');
  assert.equal(await page.getAttribute('body', 'data-result'), 'fail');
  assert.equal(await page.locator('#result').innerText(), 'What is left cannot mate: a draw. Not solved this time.');
  // a mate with the distance shown: the result alone says how it ended
  await page.goto(`${env.base}/trainer.html${NEAR_MATE}`);
  await page.waitForFunction(() => document.body.dataset.yourMove === 'true');
  await page.click('#btn-distance');
  assert.match(await page.locator('#distance').innerText(), /Mate in 1 move/);
  await play(page, 'g1h1');
  assert.equal(await page.getAttribute('body', 'data-result'), 'success');
  assert.equal(await page.locator('#distance').isHidden(), true, 'no "No mate can be forced any more." under "Well done!"');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('trainer: Khon + Met, the slowest table, is built in the worker while the page answers', async () => {
  const page = await openTrainer('#trainer=R');
  await page.evaluate(() => { location.hash = '#trainer=SM'; });
  await page.waitForFunction(() => document.getElementById('status').textContent === 'Preparing the table…');
  // the page's own thread draws meanwhile (how long it takes is scripts/timing-bench.mjs's figure;
  // that the tables are built only in their worker, tests/structure.node.test.mjs)
  assert.equal(await page.evaluate(() => new Promise((resolve) => {
    let n = 0;
    const frame = () => (++n === 10 ? resolve(n) : requestAnimationFrame(frame));
    requestAnimationFrame(frame);
  })), 10);
  await page.waitForFunction(() => /at 4 of 44/.test(document.getElementById('count').textContent), null, { timeout: 60_000 });
  console.log(`# trainer: random start of SM (table built) in ${await page.getAttribute('body', 'data-prepare-ms')} ms`);
  assert.match(await page.locator('#technique').innerText(), /Khon and Met walk beside your Khun/);
  // the table is kept: a second start of the ending asks the same worker (whose Tablebase keeps
  // what it builds: crate/makruk's tablebase tests)
  const workers = await page.evaluate(() => performance.getEntriesByType('resource').filter((e) => e.name.includes('tables-worker')).length);
  await page.click('#btn-new');
  await page.waitForFunction(() => document.getElementById('status').textContent !== 'Preparing the table…');
  assert.equal(await page.evaluate(() => performance.getEntriesByType('resource').filter((e) => e.name.includes('tables-worker')).length), workers, 'no new worker');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('trainer: every language has every English message, with the same placeholders', async () => {
  const STRINGS = await featureCatalogues('trainer');
  const holes = (s) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort().join();
  for (const [lang, messages] of Object.entries(STRINGS)) {
    for (const [key, text] of Object.entries(STRINGS.en)) {
      // plural forms differ by language: each has at least "other"
      if (key.startsWith('moves_') && key !== 'moves_other') continue;
      assert.equal(typeof messages[key], 'string', `${lang}: ${key}`);
      assert.equal(holes(messages[key]), holes(text), `${lang}: ${key}`);
    }
  }
});

test('trainer: the browser\'s language and a language chosen later are spoken once they have arrived', async () => {
  const page = await openTrainer('#trainer=R', undefined, 'de-DE');
  assert.equal(await page.locator('h1').innerText(), 'Mattsetzen mit Zählung');
  await page.selectOption('#lang', 'uk');
  await page.waitForFunction(() => document.querySelector('h1').textContent === 'Мат із рахунком');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'uk');
  assert.deepEqual(page.errors, []);
  await page.close();
});
