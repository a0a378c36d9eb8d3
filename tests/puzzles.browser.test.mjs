// The puzzle page (puzzles.html) and the embedded puzzle in Chromium: a puzzle solved by its
// moves (the replies play themselves), one failed and retried, a bad id, and embed.html with
// #puzzle= and #fen=...&solution= telling its host "solved" and "failed"; a solution that is
// not legal is refused with a message and a usable board.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SCREENSHOTS, screenshot, useBrowser, startServer } from './helpers.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PUZZLES = readFileSync(path.join(ROOT, 'www/pages/puzzles/puzzles.txt'), 'utf8').trim().split('\n')
  .map((l) => { const [id, fen, moves, rating, themes] = l.split(';'); return { id, fen, moves: moves.split(' '), rating: Number(rating), themes: themes.split(',') }; });
const LONG = PUZZLES.find((p) => p.moves.length >= 3 && !p.themes.includes('mate1'));
const SHORT = PUZZLES.find((p) => p.moves.length === 1 && p.id !== LONG.id);
const MATE_IN_ONE = 'k7/8/1K6/8/8/8/rn6/7R w - - 0 1'; // Rh8#

const env = useBrowser({ dev: true }); // its server: the website that embeds the board (tests/embed-host.html); www/wasm.js by its path
let boardServer;
before(async () => {
  boardServer = await startServer(ROOT); // a server of its own: another origin
});
after(async () => {
  await boardServer?.close();
});

async function openPuzzles(hash, viewport = { width: 1440, height: 900 }) {
  const context = await env.browser.newContext({ viewport, locale: 'en-US' });
  await context.clock.install(); // the replies' and the solution's pauses: see pause()
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  const close = page.close.bind(page);
  page.close = async () => { await close(); await context.close(); };
  await page.goto(`${boardServer.url.replace(/\/$/, '')}/puzzles.html${hash}`);
  await page.waitForSelector('body[data-ready=puzzles]');
  return page;
}

/** Plays `uci` by two clicks on the board (of `root`: a page or a frame). */
async function click(root, uci) {
  await root.locator(`[data-square=${uci.slice(0, 2)}]`).click();
  await root.locator(`[data-square=${uci.slice(2, 4)}]`).click();
}

/** Runs `ms` of the page's time at once (Playwright's clock, installed by openPuzzles and
 * hostPage): the pauses the pages make for a person (a reply 350 ms after the solver's move, a
 * solution's moves 650 ms apart, a wrong move in an embed taken back after 900 ms). */
const pause = (page, ms) => page.clock.runFor(ms);

/** Plays the solver's moves of `moves`, waiting for each reply. */
async function solve(page, moves) {
  for (let i = 0; i < moves.length; i += 2) {
    await click(page, moves[i]);
    if (i + 1 >= moves.length) continue;
    await pause(page, 1000);
    await page.waitForFunction((n) => Number(document.body.dataset.ply) === n, i + 2);
  }
  await page.waitForSelector('body[data-state=solved]');
}

const stored = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('makruk.puzzles')));

test('puzzles: a puzzle solved by its moves, the replies playing themselves; rating and list kept', async () => {
  const page = await openPuzzles(`#puzzle=${LONG.id}`);
  assert.equal(await page.getAttribute('body', 'data-puzzle'), LONG.id);
  const side = LONG.fen.split(' ')[1] === 'b' ? 'Black' : 'White';
  assert.match(await page.locator('#status').innerText(), new RegExp(`${side} to move`));
  assert.equal(await page.isHidden('#themes'), true, 'the themes would give it away');
  for (const [name, viewport] of SCREENSHOTS ? [['360x740', { width: 360, height: 740 }], ['1440x900', { width: 1440, height: 900 }]] : []) {
    await page.setViewportSize(viewport);
    await screenshot(page, `puzzles-${name}.png`, { fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await solve(page, LONG.moves);
  assert.match(await page.locator('#result').innerText(), /^Solved!/);
  assert.match(await page.locator('#rating').innerText(), /Your rating: \d+ \(\+\d+\)/);
  assert.equal(await page.isVisible('#themes'), true);
  const p = await stored(page);
  assert.equal(p.results[LONG.id], 'solved');
  assert.deepEqual(p.recent, [LONG.id]);
  assert.ok(p.rating > 1500);
  await screenshot(page, 'puzzles-solved-1440x900.png');
  // next: another puzzle, and the solved one is in the list
  await page.click('#btn-next');
  await page.waitForFunction((id) => document.body.dataset.puzzle !== id, LONG.id);
  assert.equal(await page.locator('#recent li').count(), 1);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('puzzles: a wrong move is shown, counted, and can be retried; hint and solution', async () => {
  const page = await openPuzzles(`#puzzle=${SHORT.id}`);
  const wrong = (await page.evaluate(() => window.makrukPuzzles.legal())).find((m) => m !== SHORT.moves[0]);
  await click(page, wrong);
  await page.waitForSelector('body[data-state=wrong]');
  assert.match(await page.locator('#message').innerText(), /is not the move/);
  assert.equal(await page.isVisible('#btn-retry'), true);
  assert.equal(await page.getAttribute('body', 'data-ply'), '1', 'the wrong move stays on the board');
  assert.equal((await stored(page)).results[SHORT.id], 'failed');
  await page.setViewportSize({ width: 360, height: 740 });
  await screenshot(page, 'puzzles-wrong-360x740.png', { fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.click('#btn-retry');
  await page.waitForSelector('body[data-state=solving][data-ply="0"]');
  await page.click('#btn-hint');
  assert.match(await page.locator('#message').innerText(), new RegExp(`Move the piece on ${SHORT.moves[0].slice(0, 2)}`));
  // the hint has picked the piece up: its destination is the one click left
  await page.locator(`[data-square=${SHORT.moves[0].slice(2, 4)}]`).click();
  await page.waitForSelector('body[data-state=solved]');
  assert.match(await page.locator('#result').innerText(), /with help/);
  assert.equal((await stored(page)).results[SHORT.id], 'failed', 'the first try counts');
  // the next puzzle's solution shown: played out on the board
  await page.click('#btn-next');
  await page.waitForFunction((id) => document.body.dataset.puzzle !== id, SHORT.id);
  await page.click('#btn-solution');
  await pause(page, 10_000);
  await page.waitForSelector('body[data-state=shown]');
  assert.match(await page.locator('#result').innerText(), /This was the solution/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('puzzles: a bad id says so and gives another puzzle; a theme filter; the main page links here', async () => {
  const page = await openPuzzles('#puzzle=nosuch');
  assert.match(await page.locator('#message').innerText(), /There is no puzzle “nosuch”\. Here is another one\./);
  const id = await page.getAttribute('body', 'data-puzzle');
  assert.ok(PUZZLES.some((p) => p.id === id), 'a puzzle of the file is on the board');
  assert.ok((await page.evaluate(() => window.makrukPuzzles.legal())).length > 0, 'and it can be played');
  // a theme: the next puzzle has it
  await page.selectOption('#theme', 'mate1');
  await page.waitForFunction((old) => document.body.dataset.puzzle !== old, id);
  const nextId = await page.getAttribute('body', 'data-puzzle');
  const next = PUZZLES.find((p) => p.id === nextId);
  assert.ok(next.themes.includes('mate1'));
  // Thai: the page's own texts too
  await page.selectOption('#lang', 'th');
  await page.waitForFunction(() => document.documentElement.lang === 'th');
  assert.equal(await page.locator('#btn-next').innerText(), 'โจทย์ถัดไป');
  // the game page sends puzzle links here
  await page.goto(`${boardServer.url.replace(/\/$/, '')}/index.html#puzzle=${LONG.id}`);
  await page.waitForSelector('body[data-ready=puzzles]');
  assert.equal(await page.getAttribute('body', 'data-puzzle'), LONG.id);
  assert.deepEqual(page.errors, []);
  await page.close();
});

/** The host page of tests/embed-host.html with `html` in its slot; messages in window.got. */
async function hostPage(html) {
  const context = await env.browser.newContext({ viewport: { width: 900, height: 800 } });
  await context.clock.install(); // pause()
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  const close = page.close.bind(page);
  page.close = async () => { await close(); await context.close(); };
  const board = boardServer.url.replace(/\/$/, '');
  await page.goto(`${env.base}/tests/embed-host.html?board=${encodeURIComponent(board)}`);
  await page.evaluate((content) => { document.getElementById('slot').innerHTML = content; }, html);
  return page;
}

const received = (page, type, n = 1) => page.waitForFunction(([t, k]) => window.got.filter((m) => m && m.type === t).length >= k, [type, n]);

const frameSrc = (params) => `${boardServer.url.replace(/\/$/, '')}/embed.html#${new URLSearchParams(params).toString()}`;

test('embed: #puzzle=<id> sends "failed" for a wrong move and "solved" at the end', async () => {
  const page = await hostPage(`<iframe id="frame" src="${frameSrc({ puzzle: LONG.id })}" width="400" height="400"></iframe>`);
  await received(page, 'ready');
  const frame = page.frameLocator('#frame');
  // a wrong move: a legal move other than the solution's, from the frame's own rules module
  const inFrame = page.frames().find((f) => f.url().includes('/embed.html'));
  const legal = await inFrame.evaluate(async (fen) => {
    const m = await import('/www/wasm.js');
    await m.loadWasm();
    return new m.Game(fen).legalMoves().map((x) => x.uci);
  }, LONG.fen);
  const wrong = legal.find((m) => m !== LONG.moves[0]);
  await click(frame, wrong);
  await received(page, 'failed');
  assert.deepEqual(await page.evaluate(() => window.got.find((m) => m.type === 'failed')), { type: 'failed', move: wrong });
  assert.match(await frame.locator('#message').innerText(), /is not the move/);
  // the wrong move is taken back: the solution's first move is legal again
  await page.waitForFunction(() => window.got.filter((m) => m.type === 'move').length === 1);
  await pause(page, 1000);
  await inFrame.waitForFunction(() => !window.makrukBoard.getState().lastMove);
  for (let i = 0; i < LONG.moves.length; i += 2) {
    await click(frame, LONG.moves[i]);
    // the move and its reply reach the host
    if (i + 1 >= LONG.moves.length) continue;
    await pause(page, 1000);
    await received(page, 'move', i + 3);
  }
  await received(page, 'solved');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('embed: #fen=...&solution=...; <makruk-board puzzle> emits solved; a bad solution or id is said, the board usable', async () => {
  let page = await hostPage(`<iframe id="frame" src="${frameSrc({ fen: MATE_IN_ONE, solution: 'h1h8' })}" width="400" height="400"></iframe>`);
  await received(page, 'ready');
  await click(page.frameLocator('#frame'), 'h1h8');
  await received(page, 'solved');
  // "Solved!" is a success, not shown as an error (issue 34, the class of "Link copied")
  assert.equal(await page.frameLocator('#frame').locator('#message').getAttribute('data-kind'), 'success');
  assert.equal(await page.frameLocator('#frame').locator('#message').evaluate((el) => getComputedStyle(el).backgroundColor), 'rgb(232, 243, 228)');
  await page.close();

  // the custom element: the same as DOM events
  page = await hostPage('<div id="el"></div>');
  const board = boardServer.url.replace(/\/$/, '');
  await page.evaluate(([src, fen]) => new Promise((resolve) => {
    const s = document.createElement('script');
    s.src = src;
    s.onload = () => {
      const el = document.createElement('makruk-board');
      el.setAttribute('fen', fen);
      el.setAttribute('solution', 'h1h2');
      window.events = [];
      for (const t of ['ready', 'solved', 'failed']) el.addEventListener(t, (e) => window.events.push({ type: t, ...e.detail }));
      document.getElementById('el').append(el);
      resolve();
    };
    document.head.append(s);
  }), [`${board}/www/embed.js`, MATE_IN_ONE]);
  await page.waitForFunction(() => window.events.some((e) => e.type === 'ready'));
  const frame = page.frameLocator('makruk-board iframe');
  await click(frame, 'h1h8'); // mates: also right, whatever the solution says
  await page.waitForFunction(() => window.events.some((e) => e.type === 'solved'));
  await page.close();

  // a solution that is not legal, and an id that does not exist: a message and a usable board
  const bad = [
    [{ puzzle: 'nosuch' }, /There is no puzzle “nosuch”/, 'e3e4'],
    [{ fen: MATE_IN_ONE, solution: 'h1h8 a8b8 h8h7' }, /not legal in the position: move 2 \(a8b8\)/, 'h1h2'],
    [{ fen: MATE_IN_ONE, solution: 'h1h2 a8b8' }, /an odd number of UCI moves/, 'h1h2'],
    [{ fen: 'k7/8/8 w', solution: 'h1h8' }, /This position cannot be read/, 'e3e4'],
  ];
  for (const [params, text, move] of bad) {
    page = await hostPage(`<iframe id="frame" src="${frameSrc(params)}" width="400" height="400"></iframe>`);
    await received(page, 'ready');
    const f = page.frameLocator('#frame');
    await f.locator('#message:not([hidden])').waitFor();
    assert.match(await f.locator('#message').innerText(), text);
    // the board is usable: a move is played, the message shown over the bottom rank (h1) or not
    // (a press on a square under the message reaches the board: the person does not wait 8 s
    // for the message to go)
    const under = await f.locator('#message').evaluate((msg, sq) => {
      const r = document.querySelector(`[data-square=${sq}]`).getBoundingClientRect();
      const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      return !msg.hidden && msg.contains(hit);
    }, move.slice(0, 2));
    assert.equal(under, false, `${move.slice(0, 2)} is not under the message`);
    await click(f, move);
    await received(page, 'move');
    assert.equal((await page.evaluate(() => window.got.find((m) => m.type === 'move'))).uci, move);
    assert.deepEqual(page.errors, []);
    await page.close();
  }
});
