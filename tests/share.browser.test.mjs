// Browser tests of sharing on the game page: links in and out, bad links, the Share dialog
// (link, PNG, QR), the position panel (FEN, PGN export/import), the board editor, and
// hostile strings in every input.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import jsQR from 'jsqr';
import { useBrowser } from './helpers.mjs';
import { exportPgn, openPositionPanel, shareParts } from './ui.support.mjs';

const START = 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1';
const EVIL = '<img src=x onerror="window.pwned=1">';

const env = useBrowser({ dev: true }); // the wasm module and pgn.js imported in the page by their paths

function link({ fen = START, moves = [], ply, orientation = 'white' } = {}) {
  const p = new URLSearchParams();
  p.set('fen', fen);
  p.set('moves', moves.join(' '));
  if (ply !== undefined) p.set('ply', String(ply));
  p.set('orientation', orientation);
  return '#' + p.toString();
}

/** A fresh context (empty storage) on the game page; waits for the rules module. */
async function open(hash = '') {
  const context = await env.browser.newContext({ viewport: { width: 1100, height: 900 }, locale: 'en-US' });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  // the page runs under its Content-Security-Policy: a violation would be reported here
  page.on('console', (m) => { if (/Content Security Policy/i.test(m.text())) page.errors.push(m.text()); });
  page.on('dialog', (d) => d.dismiss());
  const close = page.close.bind(page);
  page.close = async () => { await close(); await context.close(); };
  await page.goto(`${env.base}/index.html${hash}`);
  await page.waitForSelector('body[data-ready]');
  return page;
}

const sans = (page) => page.locator('#moves button.move').allInnerTexts();
const piece = (page, sq) => page.getAttribute(`[data-square=${sq}]`, 'data-piece');
const hashParams = (page) => page.evaluate(() => Object.fromEntries(new URLSearchParams(location.hash.slice(1))));
/** The page's message, once there is one (an error's words come with www/common/codes.js). */
async function message(page, id = 'message') {
  await page.waitForFunction((i) => document.getElementById(i)?.textContent.trim(), id);
  return page.locator(`#${id}`).innerText();
}

async function clickMove(page, from, to) {
  await page.click(`[data-square=${from}]`);
  await page.click(`[data-square=${to}]`);
}

/** `n` plies of a game that goes on (no capture unless forced, no repetition, no mate), played
 * by the page's own rules module from the start. */
function longGame(page, n) {
  return page.evaluate(async (n) => {
    const { Game } = await import('/www/pkg/makruk_wasm.js');
    const g = new Game();
    const out = [];
    for (let k = 0; out.length < n; k++) {
      const legal = g.legalMoves();
      const quiet = legal.filter((m) => !m.san.includes('x'));
      const pick = quiet.length ? quiet : legal;
      let played = null;
      for (let j = 0; j < pick.length && !played; j++) {
        const m = pick[(k * 7 + j) % pick.length].uci;
        g.play(m);
        if (g.legalMoves().length) played = m;
        else g.undo();
      }
      if (!played) throw new Error(`no move goes on after ${out.length} plies`);
      out.push(played);
    }
    g.free();
    return out;
  }, n);
}

/** jsQR's reading (an independent decoder, from npm) of an image taken from the page as
 * {width, height, rgba (base64)}: {data, version}, or null when it finds no code. */
function readQr({ width, height, rgba }) {
  return jsQR(new Uint8ClampedArray(Buffer.from(rgba, 'base64')), width, height);
}

/** The pixels of the canvas `c` in the page, for readQr (runs in the page). */
function pagePixels(c) {
  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  let bin = '';
  for (let i = 0; i < d.length; i += 0x8000) bin += String.fromCharCode(...d.subarray(i, i + 0x8000));
  return { width: c.width, height: c.height, rgba: btoa(bin) };
}

/** The Share dialog's QR code once drawn: {text (what the page says it holds), scanned (the
 * canvas as read by jsQR; null when it finds no code), version}. */
async function scanQr(page) {
  await page.waitForFunction(() => document.getElementById('share-qr').dataset.text !== undefined);
  const text = await page.evaluate(() => document.getElementById('share-qr').dataset.text);
  const found = readQr(await page.evaluate(`(${pagePixels})(document.getElementById('share-qr'))`));
  return { text, scanned: found ? found.data : null, version: found?.version };
}

/** The QR code as the screen shows it (a screenshot of the canvas: its CSS size and the pixel
 * ratio), as read by jsQR: what a phone held to the screen would read. */
async function scanQrOnScreen(page) {
  const png = (await page.locator('#share-qr').screenshot()).toString('base64');
  const found = readQr(await page.evaluate(`(async () => {
    const bytes = Uint8Array.from(atob('${png}'), (ch) => ch.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const c = new OffscreenCanvas(bitmap.width, bitmap.height);
    c.getContext('2d').drawImage(bitmap, 0, 0);
    return (${pagePixels})(c);
  })()`));
  return found ? found.data : null;
}

async function noHtmlInjected(page) {
  const imgs = await page.evaluate(() => [...document.querySelectorAll('img')].filter((i) => i.id !== 'share-png').length);
  assert.equal(imgs, 0, 'no <img> element was created from data');
  assert.equal(await page.evaluate(() => window.pwned), undefined);
}

/** Waits for the position panel's message to match `re` (PGN is read by a module that loads
 * on first use, so the message follows the click a moment later). */
function positionMessage(page, re) {
  return page.waitForFunction(([source, flags]) => new RegExp(source, flags).test(document.querySelector('#position-message').textContent), [re.source, re.flags]);
}

test('share: a link opens the same position and moves, in analysis mode, and nothing moves by itself', async () => {
  const page = await open(link({ moves: ['e3e4', 'e6e5', 'b1d2'], ply: 3, orientation: 'black' }));
  assert.deepEqual(await sans(page), ['e4', 'e5', 'Nd2']);
  assert.equal(await piece(page, 'd2'), 'N');
  assert.equal(await piece(page, 'e5'), 'p');
  assert.equal(await page.evaluate(() => window.makrukBoard.getState().orientation), 'black');
  assert.ok(await page.isVisible('#shared'), 'the page offers to continue against the engine or a friend');
  // the engine, asked about the position, analyses it (its lines shown) instead of moving
  // (www/common/game/engine-driver.js decides one or the other)
  await page.locator('#lines li button[data-pv]').first().waitFor();
  assert.equal((await sans(page)).length, 3, 'no move was played by the engine');
  const p = await hashParams(page);
  assert.equal(p.fen, START);
  assert.equal(p.moves, 'e3e4 e6e5 b1d2');
  assert.equal(p.ply, '3');
  assert.equal(p.orientation, 'black');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('share: `_` stands for a space in the FEN and ply places the cursor', async () => {
  const fen = '8/8/8/4k3/8/8/R6R/3NK3_b_-_16_10_40';
  const page = await open(`#fen=${fen}&moves=e5e6&ply=0&orientation=white`);
  assert.equal(await piece(page, 'e5'), 'k', 'ply=0 shows the start position of the link');
  assert.deepEqual(await sans(page), ['Ke6']);
  await shareParts(page);
  assert.equal(await page.inputValue('#fen-input'), fen.replace(/_/g, ' '));
  // the same game with another ply (back/forward, an edited address): only the cursor moves
  await page.evaluate(() => { location.hash = location.hash.replace('ply=0', 'ply=1'); });
  await page.waitForFunction(() => document.querySelector('[data-square=e6]').dataset.piece === 'k');
  assert.equal((await hashParams(page)).ply, '1');
  await page.close();
});

test('share: moves update the URL and a reload keeps the game', async () => {
  const page = await open(link({ moves: ['e3e4'] }));
  await page.click('#shared-friend');
  await clickMove(page, 'e6', 'e5');
  await page.waitForFunction(() => document.querySelectorAll('#moves button.move').length === 2);
  let p = await hashParams(page);
  assert.equal(p.moves, 'e3e4 e6e5');
  assert.equal(p.ply, '2');
  await clickMove(page, 'b1', 'd2');
  p = await hashParams(page);
  assert.equal(p.moves, 'e3e4 e6e5 b1d2');
  await page.reload();
  await page.waitForSelector('body[data-ready]');
  assert.deepEqual(await sans(page), ['e4', 'e5', 'Nd2']);
  assert.equal(await piece(page, 'd2'), 'N');
  await page.close();
});

test('share: a link with a bad FEN names the field and why; the page keeps its game and stays usable', async () => {
  // on a fresh page: the message, and the start position
  let page = await open(link({ fen: 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR x - - 0 1' }));
  assert.match(await message(page), /field 2/i);
  assert.equal(await piece(page, 'd1'), 'K');
  await page.close();

  // on a page with a game: a new link in the address bar (hashchange) keeps that game
  page = await open(link({ moves: ['e3e4', 'e6e5'] }));
  await page.evaluate((h) => { location.hash = h; }, link({ fen: 'rnsmksnr/8/pppppppp/9/8/PPPPPPPP/8/RNSKMSNR w - - 0 1', moves: ['a3a4'] }));
  await page.waitForFunction(() => !document.getElementById('message').hidden);
  assert.match(await message(page), /field 1/i);
  assert.deepEqual(await sans(page), ['e4', 'e5'], 'the game on the page is kept');
  assert.equal((await hashParams(page)).moves, 'e3e4 e6e5', 'the address bar shows the kept game again');
  await page.click('#shared-friend');
  await clickMove(page, 'b1', 'd2');
  assert.deepEqual(await sans(page), ['e4', 'e5', 'Nd2'], 'the page is still usable');

  // two Khun of one side (a rule the FEN reader checks)
  await page.evaluate((h) => { location.hash = h; }, link({ fen: 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKKSNR w - - 0 1' }));
  await page.waitForFunction(() => /Khun|king/i.test(document.getElementById('message').textContent));
  assert.deepEqual(await sans(page), ['e4', 'e5', 'Nd2']);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('share: a link pasted while the page rewrites its address bar is still opened', async () => {
  // the page writes its own game into the address bar (history.replaceState) after each
  // change; one such write between the navigation and the hashchange event must not lose
  // the pasted link
  const page = await open(link({ moves: ['e3e4'] }));
  await page.evaluate((h) => {
    const own = location.hash;
    location.hash = h;
    history.replaceState(null, '', own);
  }, link({ moves: ['a3a4', 'h6h5'] }));
  await page.waitForFunction(() => document.querySelector('#moves button.move')?.textContent === 'a4');
  assert.deepEqual(await sans(page), ['a4', 'h5']);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('share: a link opened over an own game keeps that game aside ("Back to my game")', async () => {
  const page = await open();
  await page.waitForSelector('body[data-ready=engine]');
  await clickMove(page, 'e3', 'e4');
  await page.waitForFunction(() => document.querySelectorAll('#moves button.move').length === 2, null, { timeout: 20000 });
  await page.waitForFunction(() => [...document.querySelectorAll('.thinking')].every((e) => e.hidden));
  const own = await sans(page);
  await page.evaluate((h) => { location.hash = h; }, link({ moves: ['a3a4', 'h6h5'] }));
  await page.waitForFunction(() => document.querySelectorAll('#moves button.move').length === 2
    && document.querySelector('#moves button.move').textContent === 'a4');
  assert.ok(await page.isVisible('#shared-back'));
  await page.click('#shared-back');
  await page.waitForFunction((first) => document.querySelector('#moves button.move')?.textContent === first, own[0]);
  assert.deepEqual(await sans(page), own);
  await page.close();
});

test('share: an illegal move in a link keeps the legal prefix and names the rejected move', async () => {
  const page = await open(link({ moves: ['e3e4', 'e6e5', 'e4e5', 'b1d2'] }));
  assert.deepEqual(await sans(page), ['e4', 'e5']);
  const text = await message(page);
  assert.match(text, /Move 3/);
  assert.match(text, /e4e5/);
  assert.equal((await hashParams(page)).moves, 'e3e4 e6e5');
  // and the same through hashchange on an open page
  await page.evaluate((h) => { location.hash = h; }, link({ moves: ['b1d2', 'zz99'] }));
  await page.waitForFunction(() => document.querySelectorAll('#moves button.move').length === 1);
  // the new link's words replace the first link's message once worded (www/common/codes.js)
  await page.waitForFunction(() => document.getElementById('message').textContent.includes('zz99'));
  assert.match(await message(page), /Move 2.*zz99/);
  await page.close();
});

test('share: the Share dialog gives the link, a PNG of the board and a QR code of the link', async () => {
  const page = await open(link({ moves: ['e3e4', 'e6e5'] }));
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.base });
  await page.click('#btn-share');
  await page.waitForSelector('#share-dialog[open]');
  const url = await page.inputValue('#share-link');
  assert.equal(url, await page.evaluate(() => location.href));
  await page.waitForFunction(() => /copied/i.test(document.getElementById('share-note').textContent));
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), url, 'Share copies the link');
  await page.waitForFunction(() => document.getElementById('share-png').src.startsWith('blob:'));
  const png = await page.evaluate(async () => {
    const img = document.getElementById('share-png');
    await img.decode();
    return { w: img.naturalWidth, h: img.naturalHeight, href: document.getElementById('share-png-link').href };
  });
  assert.ok(png.w >= 100 && png.w === png.h, `PNG is square (${png.w}x${png.h})`);
  assert.match(png.href, /^blob:/);
  const scan = await scanQr(page);
  assert.equal(scan.text, url, 'the QR code holds the link');
  assert.equal(scan.scanned, url, 'the QR code reads back as the link');
  const qr = await page.evaluate(() => {
    const c = document.getElementById('share-qr');
    const ctx = c.getContext('2d');
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    let dark = 0;
    for (let i = 0; i < d.length; i += 4) if (d[i] < 128) dark++;
    return { text: c.dataset.text, dark, total: d.length / 4 };
  });
  assert.equal(qr.text, url, 'the QR code holds the link');
  assert.ok(qr.dark > qr.total * 0.2 && qr.dark < qr.total * 0.6, 'the QR code is drawn');
  await page.click('#share-close');
  assert.equal(await page.isVisible('#share-dialog'), false);

  // a game too long for a QR code (more than version 40 holds at level L): the code opens
  // its current position
  const long = await longGame(page, 640);
  await page.evaluate((h) => { location.hash = h; }, link({ moves: long }));
  await page.waitForFunction((n) => document.querySelectorAll('#moves button.move').length === n, long.length, { timeout: 30_000 });
  await page.click('#btn-share');
  await page.waitForSelector('#share-dialog[open]');
  const fallback = await scanQr(page);
  assert.match(await page.locator('#share-qr-note').innerText(), /current position/);
  const code = await page.evaluate(() => document.getElementById('share-qr').dataset.text);
  assert.equal(fallback.scanned, code, 'the code reads back as the position\'s link');
  const p = new URLSearchParams(new URL(code).hash.slice(1));
  assert.equal(p.get('moves'), '');
  assert.equal(p.get('fen'), await page.evaluate(() => document.getElementById('fen-input').value));
  assert.equal(await page.inputValue('#share-link'), await page.evaluate(() => location.href), 'the link still holds the whole game');
  assert.ok((await page.inputValue('#share-link')).length > 2953, 'longer than version 40 holds at level L');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('share: the whole link of a game of 150 moves (300 plies) fits in the QR code and reads back', { timeout: 90_000 }, async () => {
  const page = await open();
  const moves = await longGame(page, 300);
  await page.evaluate((h) => { location.hash = h; }, link({ moves }));
  await page.waitForFunction((n) => document.querySelectorAll('#moves button.move').length === n, moves.length, { timeout: 30_000 });
  await page.click('#btn-share');
  await page.waitForSelector('#share-dialog[open]');
  const url = await page.inputValue('#share-link');
  assert.equal(new URLSearchParams(new URL(url).hash.slice(1)).get('moves'), moves.join(' '), 'the link holds the whole game');
  assert.ok(url.length > 1500, `a long link (${url.length} characters; version 10 held at most 271 bytes)`);
  const scan = await scanQr(page);
  assert.equal(scan.text, url, 'the code holds the whole link');
  assert.equal(scan.scanned, url, 'the code reads back as the whole link');
  assert.equal(await page.locator('#share-qr-note').innerText(), '', 'no note: the whole game is in the code');
  assert.equal(await scanQrOnScreen(page), url, 'the code on the screen reads back too');
  // sharp: whole device pixels a module, and the standard's quiet zone of 4 light modules
  const modules = 4 * scan.version + 17 + 8;
  assert.ok(scan.version > 10, `version ${scan.version}`);
  const drawn = await page.evaluate((modules) => {
    const c = document.getElementById('share-qr');
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    const q = 4 * (c.width / modules);
    let quietDark = 0;
    for (let y = 0; y < c.height; y++) {
      for (let x = 0; x < c.width; x++) {
        const edge = x < q || y < q || x >= c.width - q || y >= c.height - q;
        if (edge && d[(y * c.width + x) * 4] < 128) quietDark++;
      }
    }
    return { width: c.width, css: c.getBoundingClientRect().width - 2, ratio: devicePixelRatio, quietDark };
  }, modules);
  assert.ok(Number.isInteger(drawn.width / modules), `whole pixels a module (${drawn.width} px, ${modules} modules)`);
  assert.equal(drawn.css * drawn.ratio, drawn.width, 'one canvas pixel a device pixel');
  assert.equal(drawn.quietDark, 0, 'the quiet zone is light');
  await page.click('#share-close');

  // longer than version 40 holds at level M: level L is tried
  const longer = await longGame(page, 520);
  await page.evaluate((h) => { location.hash = h; }, link({ moves: longer }));
  await page.waitForFunction((n) => document.querySelectorAll('#moves button.move').length === n, longer.length, { timeout: 30_000 });
  await page.click('#btn-share');
  await page.waitForSelector('#share-dialog[open]');
  const url2 = await page.inputValue('#share-link');
  assert.ok(url2.length > 2331 && url2.length <= 2953, `between what version 40 holds at M and at L (${url2.length})`);
  const scan2 = await scanQr(page);
  assert.equal(scan2.scanned, url2, 'the code reads back as the whole link');
  assert.equal(await page.locator('#share-qr-note').innerText(), '');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('share: PGN export and import round trip (pychess / Fairy-Stockfish tags)', async () => {
  const fen = 'rnsmksnr/8/1ppppppp/p7/8/PPPPPPPP/8/RNSKMSNR w - - 0 2';
  const page = await open(link({ fen, moves: ['e3e4', 'e6e5', 'b1d2', 'b8d7'] }));
  const pgn = await exportPgn(page);
  assert.match(pgn, /\[Variant "makruk"\]/i);
  assert.match(pgn, new RegExp(`\\[FEN "${fen.replace(/\//g, '\\/')}"\\]`));
  assert.match(pgn, /\[Date "\d{4}\.\d\d\.\d\d"\]/);
  assert.match(pgn, /2\. e4 e5 3\. Nd2 Nd7/);

  // another game on the page, then the PGN back
  await page.evaluate((h) => { location.hash = h; }, link({ moves: ['a3a4'] }));
  await page.waitForFunction(() => document.querySelectorAll('#moves button.move').length === 1);
  await page.fill('#pgn-text', pgn);
  await page.click('#pgn-import');
  await page.waitForFunction(() => document.querySelectorAll('#moves button.move').length === 4);
  assert.deepEqual(await sans(page), ['e4', 'e5', 'Nd2', 'Nd7']);
  const p = await hashParams(page);
  assert.equal(p.fen, fen);
  assert.equal(p.moves, 'e3e4 e6e5 b1d2 b8d7');

  // a PGN as another program writes it: comments, variations, NAGs, glued move numbers
  await page.fill('#pgn-text', '[Event "Casual"]\n[Site "pychess"]\n[Variant "makruk"]\n[Result "*"]\n\n'
    + '1. e4 {book} e5 (1... d5) 2.Nd2 $1 Nd7?! 3. Sc2 *\n');
  await page.click('#pgn-import');
  await page.waitForFunction(() => document.querySelectorAll('#moves button.move').length === 6);
  // the file's variation, comment and NAGs are kept (?! is also the review's mark, $1 a good move)
  assert.deepEqual(await sans(page), ['e4', 'e5', 'd5', 'Nd2!', 'Nd7?!', 'Sc2']);
  assert.equal(await page.locator('#moves .comment').innerText(), 'book');

  // a PGN with an illegal move is refused as a whole and the game is kept
  await page.fill('#pgn-text', '[Variant "makruk"]\n\n1. e4 e5 2. e5 *');
  await page.click('#pgn-import');
  await positionMessage(page, /2\. e5 was rejected/); // the move as the text numbers it
  assert.equal((await sans(page)).length, 6);
  // not a Makruk game
  await page.fill('#pgn-text', '[Variant "chess"]\n\n1. e4 *');
  await page.click('#pgn-import');
  await positionMessage(page, /not a Makruk game/);
  assert.equal((await sans(page)).length, 6);
  await page.close();
});

test('share: a PlayOK file of two games (chess letters, no Variant tag): the page asks which to load', async () => {
  const page = await open();
  await openPositionPanel(page);
  const playok = (white, moves) => `[Event "Makruk"]\n[Site "PlayOK"]\n[Date "2026.11.30"]\n[White "${white}"]\n`
    + `[Black "anan"]\n[Result "1-0"]\n[TimeControl "300+5"]\n[WhiteElo "1650"]\n[BlackElo "1580"]\n\n${moves} 1-0\n`;
  // Q is the Met and B the Khon in chess letters
  await page.fill('#pgn-text', playok('somchai', '1. e4 e5 2. Bf2 Qe7') + '\n' + playok('nok', '1.c4 c5 2.Qd2'));
  await page.click('#pgn-import');
  await page.waitForSelector('#pgn-game:not([hidden])');
  assert.match(await page.locator('#position-message').innerText(), /2 games/);
  const options = await page.locator('#pgn-game option').allInnerTexts();
  assert.deepEqual(options.slice(1), ['1. somchai – anan, 1-0 (2026.11.30)', '2. nok – anan, 1-0 (2026.11.30)']);
  assert.equal((await sans(page)).length, 0, 'nothing loaded until the person chooses');
  await page.selectOption('#pgn-game', '1');
  await page.waitForFunction(() => document.querySelectorAll('#moves button.move').length === 3);
  assert.deepEqual(await sans(page), ['c4', 'c5', 'Md2']);
  await page.selectOption('#pgn-game', '0');
  await page.waitForFunction(() => document.querySelectorAll('#moves button.move').length === 4);
  assert.deepEqual(await sans(page), ['e4', 'e5', 'Sf2', 'Me7']);
  assert.deepEqual(page.errors ?? [], []);
  await page.close();
});

test('share: PGN of Fairy-Stockfish games reads to the same moves and writes the same SAN', async () => {
  const { games } = JSON.parse(fs.readFileSync(new URL('./share-pgn-vectors.json', import.meta.url)));
  const page = await open();
  const results = await page.evaluate(async (list) => {
    const { readPgn, writePgn, loadPgn } = await import('/www/pages/game/share/pgn.js');
    const Game = await loadPgn();
    return list.map((g) => {
      // the PGN as pychess-variants writes it: tags, numbered SAN from Fairy-Stockfish
      const black = g.fen.split(' ')[1] === 'b';
      let no = Number(g.fen.split(' ')[5]) || 1;
      const words = [];
      g.san.forEach((s, k) => {
        const white = (k % 2 === 0) !== black;
        if (white) words.push(`${no}.`);
        else if (k === 0) words.push(`${no}...`);
        if (!white) no++;
        words.push(s);
      });
      const pgn = `[Event "Casual game"]\n[Site "https://example.org/abcd"]\n[White "a"]\n[Black "b"]\n[Result "*"]\n`
        + `[Variant "Makruk"]\n[FEN "${g.fen}"]\n[SetUp "1"]\n\n${words.join(' ')} *\n`;
      try {
        const read = readPgn(pgn);
        const written = writePgn(Game, { fen: read.fen, moves: read.moves });
        const gm = new Game(read.fen);
        for (const m of read.moves) gm.play(m);
        // the SAN of the written movetext: its words but the move numbers and the result
        const san = written.split('\n\n')[1].split(/\s+/).filter((w) => w && !/^(\d+\.+|1-0|0-1|1\/2-1\/2|\*)$/.test(w));
        return { uci: read.moves, san, final: gm.fen() };
      } catch (e) {
        return { error: String(e.message || e) };
      }
    });
  }, games);
  games.forEach((g, k) => {
    const r = results[k];
    assert.equal(r.error, undefined, `game ${k + 1}: ${r.error}`);
    assert.deepEqual(r.uci, g.uci, `game ${k + 1}: UCI moves`);
    assert.deepEqual(r.san, g.san, `game ${k + 1}: our SAN equals Fairy-Stockfish's`);
    // Fairy-Stockfish writes a promoted Bia without its "~"
    assert.equal(r.final.replace(/~/g, '').split(' ').slice(0, 2).join(' '), g.final.split(' ').slice(0, 2).join(' '), `game ${k + 1}: final position`);
  });
  await page.close();
});

test('share: the FEN field loads a valid FEN and keeps the game on a bad one', async () => {
  const page = await open(link({ moves: ['e3e4'] }));
  await openPositionPanel(page);
  assert.equal(await page.inputValue('#fen-input'), 'rnsmksnr/8/pppppppp/8/4P3/PPPP1PPP/8/RNSKMSNR b - - 0 1');
  const bad = 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - zero 1';
  await page.fill('#fen-input', bad);
  // the page changes (a setting) between the field losing focus and Load: what was typed stays
  await page.click('#btn-sound');
  await page.click('#fen-load');
  assert.match(await message(page, 'position-message'), /field 5/i);
  assert.deepEqual(await sans(page), ['e4'], 'the game is kept');
  assert.equal(await page.inputValue('#fen-input'), bad, 'the FEN typed stays, to be mended');
  const fen = '4k3/8/8/8/8/8/3R4/3K4 w - - 0 1';
  await page.fill('#fen-input', fen);
  await page.press('#fen-input', 'Enter');
  await page.waitForFunction(() => document.querySelectorAll('#moves button.move').length === 0);
  assert.equal(await piece(page, 'd2'), 'R');
  assert.equal((await hashParams(page)).fen, fen);
  await page.close();
});

test('share: the board editor validates with the core and plays from the new position', async () => {
  const page = await open();
  await page.click('#btn-editor');
  await page.waitForSelector('#editor[open]');
  await page.click('#editor-clear');
  const msg = () => page.locator('#editor-message').innerText();
  assert.match(await msg(), /Khun/i, 'an empty board has no Khun');
  assert.ok(await page.isDisabled('#editor-analyse'));
  const put = async (code, sq) => {
    await page.click(`#editor .palette-piece[data-piece="${code}"]`);
    await page.click(`#editor [data-square=${sq}]`);
  };
  await put('K', 'e1');
  await put('k', 'e8');
  assert.match(await msg(), /valid/i);
  assert.ok(await page.isEnabled('#editor-analyse'));
  await put('P', 'a6'); // a Bia on its promotion rank
  assert.match(await msg(), /Not a valid position/);
  await put('P', 'a6'); // clicking again removes it
  await put('M~', 'a6'); // a promoted Bia may stand there
  await put('R', 'e4'); // gives check to the black Khun on e8
  await page.check('#editor-turn-black');
  assert.match(await msg(), /valid/i, 'Black to move in check is fine');
  await page.check('#editor-turn-white');
  assert.match(await msg(), /check/i, 'the side not to move may not be in check');
  await page.click('#editor .palette-piece[data-piece="erase"]');
  await page.click('#editor [data-square=e4]');
  assert.equal(await page.locator('#editor-fen').innerText(), '4k3/8/M~7/8/8/8/8/4K3 w - - 0 1');
  await page.click('#editor-analyse');
  await page.waitForSelector('#editor', { state: 'hidden' });
  assert.equal(await piece(page, 'a6'), 'M~');
  assert.equal((await hashParams(page)).fen, '4k3/8/M~7/8/8/8/8/4K3 w - - 0 1');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('share: from the editor, "Play the engine" gives the person the side to move', async () => {
  const page = await open();
  await page.waitForSelector('body[data-ready=engine]');
  await page.click('#btn-editor');
  await page.waitForSelector('#editor[open]');
  await page.click('#editor-start');
  await page.check('#editor-turn-black');
  await page.click('#editor-engine');
  await page.waitForSelector('#editor', { state: 'hidden' });
  assert.equal(await page.evaluate(() => window.makrukBoard.getState().orientation), 'black');
  assert.match(await page.locator('#player-bottom .player-name').innerText(), /You/);
  assert.equal((await hashParams(page)).fen, 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR b - - 0 1');
  // the engine's turn would have it thinking at once (www/common/game/engine-driver.js)
  assert.ok(await page.evaluate(() => [...document.querySelectorAll('.thinking')].every((e) => e.hidden)), 'the engine is not thinking');
  assert.equal((await sans(page)).length, 0, 'the engine waits for the person, who is to move');
  await clickMove(page, 'e6', 'e5');
  await page.waitForFunction(() => document.querySelectorAll('#moves button.move').length === 2, null, { timeout: 20000 });
  assert.equal((await sans(page))[0], 'e5', 'the person\'s move came first: the engine had not moved by itself');
  await page.close();
});

test('share: hostile strings in links, FEN, PGN tags and moves never become HTML', async () => {
  const page = await open(`#fen=${encodeURIComponent(EVIL)}&moves=${encodeURIComponent(EVIL)}`);
  assert.match(await message(page), /FEN field 1/, 'the bad FEN is named');
  await noHtmlInjected(page);
  await page.evaluate((h) => { location.hash = h; }, link({ moves: ['e3e4', EVIL] }));
  await page.waitForFunction(() => /<img/.test(document.getElementById('message').textContent));
  await noHtmlInjected(page);
  await page.click('#position summary');
  await page.fill('#fen-input', EVIL);
  await page.click('#fen-load');
  await positionMessage(page, /FEN field 1/);
  await page.fill('#pgn-text', `[Event "${EVIL.replace(/"/g, '\\"')}"]\n[White "${EVIL.replace(/"/g, '\\"')}"]\n[Variant "makruk"]\n\n1. e4 ${EVIL} *`);
  await page.click('#pgn-import');
  await positionMessage(page, /1\.\.\. \S+ was rejected/); // the move as the text numbers it
  await page.fill('#pgn-text', `[FEN "${EVIL.replace(/"/g, '\\"')}"]\n\n1. e4 *`);
  await page.click('#pgn-import');
  await positionMessage(page, /FEN/);
  await page.click('#btn-share');
  await page.waitForSelector('#share-dialog[open]');
  await noHtmlInjected(page);
  assert.deepEqual(page.errors, []);
  await page.close();
});
