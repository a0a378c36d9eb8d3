// Browser tests of embedding: embed.html in an iframe served from a second origin, driven by
// postMessage both ways; the <makruk-board> custom element loaded by a plain script tag from
// that other origin; bad and hostile input.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, startServer, ROOT } from './helpers.mjs';

const EVIL = '<img src=x onerror="window.pwned=1">';
const MATE_IN_ONE = 'k7/8/1K6/8/8/8/8/7R w - - 0 1'; // Rh8#

const env = useBrowser({ dev: true }); // its server: the website that embeds the board (tests/embed-host.html)
let boardServer; // where the board is served (another origin: another port)
let BOARD;
before(async () => {
  boardServer = await startServer(ROOT); // a server of its own: another origin
  BOARD = boardServer.url.replace(/\/$/, '');
});
after(async () => {
  await boardServer?.close();
});

/**
 * Opens the host page (tests/embed-host.html, served from env.base) with `html` in its #slot;
 * the page collects the board's messages (from BOARD only) in window.got and the console
 * warnings in page.warnings. Scripts in `html` are run.
 */
async function hostPage(html) {
  const context = await env.browser.newContext({ viewport: { width: 900, height: 800 } });
  const page = await context.newPage();
  page.errors = [];
  page.warnings = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'warning') page.warnings.push(m.text());
    // embed.html runs under its Content-Security-Policy: a violation would be reported here
    if (/Content Security Policy/i.test(m.text())) page.errors.push(m.text());
  });
  const close = page.close.bind(page);
  page.close = async () => { await close(); await context.close(); };
  await page.goto(`${env.base}/tests/embed-host.html?board=${encodeURIComponent(BOARD)}`);
  await page.evaluate((content) => {
    const slot = document.getElementById('slot');
    const tpl = document.createElement('template');
    tpl.innerHTML = content; // the test's own markup
    for (const node of [...tpl.content.childNodes]) {
      if (node.nodeName === 'SCRIPT') {
        // scripts from a template do not run: recreate them, in order
        const s = document.createElement('script');
        if (node.src) s.src = node.src; else s.textContent = node.textContent;
        s.async = false;
        slot.appendChild(s);
      } else {
        slot.appendChild(node);
      }
    }
  }, html);
  return page;
}

const received = (page, type, count = 1) => page.waitForFunction(
  ([t, n]) => window.got.filter((m) => m && m.type === t).length >= n, [type, count]);
const lastOf = (page, type) => page.evaluate((t) => window.got.filter((m) => m.type === t).pop(), type);

function frameSrc(params) {
  return `${BOARD}/embed.html#${new URLSearchParams(params).toString()}`;
}

async function getState(page) {
  const n = await page.evaluate(() => window.got.filter((m) => m.type === 'state').length);
  await page.evaluate(() => window.send({ type: 'getState' }));
  await received(page, 'state', n + 1);
  return lastOf(page, 'state');
}

test('embed: an iframe from a second origin exchanges every message with its host', async () => {
  const src = frameSrc({ moves: 'e3e4', orientation: 'white', interactive: '1', origin: env.base });
  const page = await hostPage(`<iframe id="frame" src="${src}" width="400" height="400"></iframe>`);
  await received(page, 'ready');
  assert.notEqual(new URL(BOARD).origin, new URL(env.base).origin);

  let st = await getState(page);
  assert.deepEqual(st.moves, ['e3e4']);
  assert.deepEqual([st.mainLine, st.path], [['e3e4'], [0]], 'the main line and the cursor\'s path in the move tree');
  assert.equal(st.status.turn, 'black');
  assert.equal(st.status.result, '*');

  // host -> board: a move (SAN or UCI); board -> host: the move with its SAN and FEN
  await page.evaluate(() => window.send({ type: 'move', move: 'e5' }));
  await received(page, 'move');
  const mv = await lastOf(page, 'move');
  assert.deepEqual(mv, { type: 'move', uci: 'e6e5', san: 'e5', fen: 'rnsmksnr/8/pppp1ppp/4p3/4P3/PPPP1PPP/8/RNSKMSNR w - - 0 2' });

  // a person's move on the board reaches the host
  const frame = page.frameLocator('#frame');
  await frame.locator('[data-square=b1]').click();
  await frame.locator('[data-square=d2]').click();
  await received(page, 'move', 2);
  assert.equal((await lastOf(page, 'move')).san, 'Nd2');

  // flip
  await page.evaluate(() => window.send({ type: 'flip' }));
  st = await getState(page);
  assert.equal(st.orientation, 'black');

  // setPosition, then a mate: gameEnd
  await page.evaluate((fen) => window.send({ type: 'setPosition', fen, moves: [] }), MATE_IN_ONE);
  st = await getState(page);
  assert.equal(st.fen, MATE_IN_ONE);
  await page.evaluate(() => window.send({ type: 'move', move: 'h1h8' }));
  await received(page, 'gameEnd');
  assert.deepEqual(await lastOf(page, 'gameEnd'), { type: 'gameEnd', result: '1-0', reason: 'checkmate' });

  // an illegal move or a bad FEN is refused with a reason; the game is kept as it was
  await page.evaluate(() => window.send({ type: 'setPosition', fen: 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1', moves: 'e3e4 e6e5 e4e5' }));
  await received(page, 'error');
  assert.match((await lastOf(page, 'error')).message, /move 3 \(e4e5\)/);
  st = await getState(page);
  assert.deepEqual([st.startFen, st.moves], [MATE_IN_ONE, ['h1h8']], 'the game as it was');
  await page.evaluate(() => window.send({ type: 'setPosition', fen: '8/8/8/8/8/8/8/8 w - - 0 1' }));
  await received(page, 'error', 2);
  assert.match((await lastOf(page, 'error')).message, /Khun|king/i);
  assert.equal((await lastOf(page, 'error')).code, 'bad-fen');
  st = await getState(page);
  assert.deepEqual(st.moves, ['h1h8']);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('embed: every bad host command is answered with an error and a code, and leaves the game as it was', async () => {
  const page = await hostPage(`<iframe id="frame" src="${frameSrc({ origin: env.base })}" width="300" height="300"></iframe>`);
  await received(page, 'ready');
  await page.evaluate(() => window.send({ type: 'setPosition', moves: 'e4 e5 d4' }));
  const was = await getState(page);
  assert.deepEqual(was.moves, ['e3e4', 'e6e5', 'd3d4']);
  const BAD = [
    [{ type: 'setPosition', moves: ['a3a4', 'a3a4'] }, 'illegal-move', /move 2 \(a3a4\)/],
    [{ type: 'setPosition', moves: ['zz'] }, 'illegal-move', /move 1 \(zz\)/],
    [{ type: 'setPosition', moves: 'e3e4 e6e5 d3d4 zz c6c5' }, 'illegal-move', /move 4 \(zz\)/],
    [{ type: 'setPosition', fen: 'rnsmksnr/8/pppppppp w - - 0 1' }, 'bad-fen', /./],
    [{ type: 'setPosition', fen: 'x'.repeat(300) }, 'too-long', /FEN/],
    [{ type: 'setPosition', variant: 'chess', moves: [] }, 'bad-variant', /chess/],
    [{ type: 'setPosition', fen: 5 }, 'malformed', /fen/],
    [{ type: 'setPosition', moves: [1, 2] }, 'malformed', /moves/],
    [{ type: 'move' }, 'malformed', /move/],
    [{ type: 'move', move: 7 }, 'malformed', /move/],
    [{ type: 'move', move: 'e9' }, 'illegal-move', /e9/],
    [{ type: 'explode' }, 'unknown-type', /explode/],
    [{}, 'unknown-type', /undefined/],
    ['flip', 'malformed', /object/],
    [null, 'malformed', /object/],
    [42, 'malformed', /object/],
    [[], 'malformed', /object/],
  ];
  for (const [i, [msg, code, text]] of BAD.entries()) {
    await page.evaluate((m) => window.send(m), msg);
    await received(page, 'error', i + 1);
    const err = await lastOf(page, 'error');
    assert.equal(err.code, code, JSON.stringify(msg));
    assert.match(err.message, text, JSON.stringify(msg));
    const st = await getState(page);
    assert.deepEqual([st.fen, st.moves, st.startFen, st.variant], [was.fen, was.moves, was.startFen, was.variant], `${JSON.stringify(msg)}: the game as it was`);
  }
  // a good command with a rule set of its own
  await page.evaluate(() => window.send({ type: 'setPosition', variant: 'cambodian', moves: ['e3e4'] }));
  const st = await getState(page);
  assert.deepEqual([st.variant, st.moves], ['cambodian', ['e3e4']]);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('embed: a rules module that cannot be loaded is told to the host (load-failed), and so is every command after it', async () => {
  const context = await env.browser.newContext();
  await context.route('**/makruk_wasm*_bg.wasm', (route) => route.fulfill({ status: 404, body: 'not here' }));
  const page = await context.newPage();
  await page.goto(`${env.base}/tests/embed-host.html?board=${encodeURIComponent(BOARD)}`);
  await page.evaluate((src) => { document.getElementById('slot').innerHTML = `<iframe id="frame" src="${src}"></iframe>`; }, frameSrc({}));
  await received(page, 'error');
  assert.equal((await lastOf(page, 'error')).code, 'load-failed');
  await page.evaluate(() => window.send({ type: 'getState' }));
  await received(page, 'error', 2);
  assert.equal((await lastOf(page, 'error')).code, 'load-failed');
  assert.equal(await page.evaluate(() => window.got.some((m) => m.type === 'ready')), false);
  await context.close();
});

test('embed: origin= restricts who may command the board; interactive=0 ignores the pointer', async () => {
  const src = frameSrc({ interactive: '0', origin: 'https://example.invalid' });
  const page = await hostPage(`<iframe id="frame" src="${src}" width="300" height="300"></iframe>`);
  const frame = page.frameLocator('#frame');
  await frame.locator('body[data-ready=game]').waitFor({ state: 'attached' });
  const warned = new Promise((resolve) => {
    page.on('console', (m) => { if (/only https:\/\/example\.invalid/.test(m.text())) resolve(true); });
  });
  await page.evaluate(() => window.send({ type: 'move', move: 'e3e4' }));
  assert.equal(await Promise.race([warned, new Promise((r) => setTimeout(() => r(false), 3000))]), true, 'a warning names the allowed origin');
  await frame.locator('[data-square=a3]').click();
  await frame.locator('[data-square=a4]').click();
  assert.equal(await frame.locator('[data-square=e3]').getAttribute('data-piece'), 'P', 'the command was not obeyed');
  assert.equal(await frame.locator('[data-square=a3]').getAttribute('data-piece'), 'P', 'the view-only board did not move');
  const got = await page.evaluate(() => window.got);
  assert.deepEqual(got.map((m) => [m.type, m.code]), [['error', 'origin']], 'another origin hears its refusal, nothing else');
  await page.close();
});

test('embed: fragment options (coords, theme, lang, orientation) and a bad FEN in the fragment', async () => {
  const src = frameSrc({ fen: EVIL, coords: '0', theme: 'light', lang: 'th', orientation: 'black' });
  const page = await hostPage(`<iframe id="frame" src="${src}" width="320" height="200"></iframe>`);
  await received(page, 'ready');
  const frame = page.frameLocator('#frame');
  // the error's words, in the embed's language, come from its code (www/common/codes.js)
  await frame.locator('#message', { hasText: 'FEN' }).waitFor();
  const info = await frame.locator('body').evaluate(() => ({
    state: window.makrukBoard.getState(),
    message: document.getElementById('message').textContent,
    imgs: document.querySelectorAll('img').length,
    pwned: window.pwned,
    lang: document.documentElement.lang,
    board: document.getElementById('board').getBoundingClientRect().width,
  }));
  assert.equal(info.state.coords, 'none');
  assert.equal(info.state.theme, 'light');
  assert.equal(info.state.orientation, 'black');
  assert.equal(info.lang, 'th');
  assert.match(info.message, /ช่องข้อมูล FEN ที่ 1/, 'the bad FEN is named, in Thai');
  assert.equal(info.imgs, 0);
  assert.equal(info.pwned, undefined);
  assert.equal(Math.round(info.board), 200, 'the board fills the short side of its frame');
  assert.equal(info.state.pieces[3], 'K', 'the start position is shown instead');
  await page.close();
});

test('embed: a new fragment loads its position, even when the board rewrites its address meanwhile', async () => {
  const page = await hostPage(`<iframe id="frame" src="${frameSrc({})}" width="300" height="300"></iframe>`);
  await received(page, 'ready');
  const frame = page.frameLocator('#frame');
  // the board writes its game into its address (history.replaceState) after each move; one
  // such write between the navigation and the hashchange event must not lose the new fragment
  await frame.locator('body').evaluate((b, fen) => {
    const own = location.hash;
    location.hash = '#' + new URLSearchParams({ fen }).toString();
    history.replaceState(null, '', own);
  }, MATE_IN_ONE);
  await received(page, 'ready', 2);
  const pieces = await frame.locator('body').evaluate(() => window.makrukBoard.getState().pieces);
  assert.equal(pieces[7], 'R', 'the Ruea of the new fragment stands on h1');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('embed: hostile postMessage data never becomes HTML', async () => {
  const page = await hostPage(`<iframe id="frame" src="${frameSrc({})}" width="300" height="300"></iframe>`);
  await received(page, 'ready');
  await page.evaluate((evil) => {
    window.send({ type: 'setPosition', fen: evil, moves: [evil] });
    window.send({ type: 'setPosition', moves: ['e3e4', evil] });
    window.send({ type: 'move', move: evil.slice(0, 20) });
    window.send({ type: evil });
  }, EVIL);
  await received(page, 'error', 3);
  const frame = page.frameLocator('#frame');
  const info = await frame.locator('body').evaluate(() => ({ imgs: document.querySelectorAll('img').length, pwned: window.pwned }));
  assert.deepEqual(info, { imgs: 0, pwned: undefined });
  const st = await getState(page);
  assert.deepEqual(st.moves, [], 'every command refused whole: the game as it was');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('embed: <makruk-board> from a script tag renders, emits move and answers its methods', async () => {
  const page = await hostPage(`<script src="${BOARD}/www/embed.js"></script>
<div style="width:360px"><makruk-board id="mb" moves="e3e4 e6e5" interactive="1"></makruk-board></div>
<iframe id="frame" hidden></iframe>
<script>
window.events = [];
const mb = document.getElementById('mb');
for (const t of ['ready', 'move', 'gameEnd', 'state', 'error']) mb.addEventListener(t, (e) => window.events.push({ type: e.type, detail: e.detail }));
</script>`);
  await page.waitForFunction(() => window.events.some((e) => e.type === 'ready'));
  const box = await page.locator('#mb').boundingBox();
  assert.equal(Math.round(box.width), 360);
  assert.equal(Math.round(box.height), 360, 'the element is square');
  const frame = page.frameLocator('#mb iframe');
  assert.equal(await frame.locator('[data-square=e4]').getAttribute('data-piece'), 'P');
  // beforemove across the frame: cancelled, the piece goes back; allowed, it is played
  await page.evaluate(() => {
    window.asked = [];
    document.getElementById('mb').addEventListener('beforemove', (e) => {
      window.asked.push(e.detail.uci);
      if (window.asked.length === 1) e.preventDefault();
    });
  });
  await frame.locator('[data-square=b1]').click();
  await frame.locator('[data-square=d2]').click();
  await page.waitForFunction(() => window.asked.length === 1);
  assert.equal((await page.evaluate(() => document.getElementById('mb').getState())).moves.length, 2, 'cancelled: not played');
  await frame.locator('[data-square=b1]').click();
  await frame.locator('[data-square=d2]').click();
  await page.waitForFunction(() => window.events.some((e) => e.type === 'move'));
  assert.deepEqual(await page.evaluate(() => window.asked), ['b1d2', 'b1d2']);
  const mv = await page.evaluate(() => window.events.find((e) => e.type === 'move').detail);
  assert.equal(mv.san, 'Nd2');
  assert.equal(mv.uci, 'b1d2');

  await page.evaluate(() => document.getElementById('mb').move('Nd7'));
  await page.waitForFunction(() => window.events.filter((e) => e.type === 'move').length === 2);
  const st = await page.evaluate(() => document.getElementById('mb').getState());
  assert.deepEqual(st.moves, ['e3e4', 'e6e5', 'b1d2', 'b8d7']);
  // the moves attribute set again to its value: the board agrees with it again
  await page.evaluate(() => document.getElementById('mb').setAttribute('moves', 'e3e4 e6e5'));
  assert.deepEqual((await page.evaluate(() => document.getElementById('mb').getState())).moves, ['e3e4', 'e6e5']);
  await page.evaluate(() => document.getElementById('mb').setAttribute('moves', 'e3e4 e6e5 b1d2 b8d7'));

  // attributes: a new position, the other orientation
  await page.evaluate((fen) => {
    const el = document.getElementById('mb');
    el.setAttribute('fen', fen);
    el.setAttribute('moves', '');
    el.setAttribute('orientation', 'black');
  }, MATE_IN_ONE);
  const st2 = await page.evaluate(() => document.getElementById('mb').getState());
  assert.equal(st2.fen, MATE_IN_ONE);
  assert.equal(st2.orientation, 'black');
  assert.equal(await page.evaluate(() => window.events.filter((e) => e.type === 'error').length), 0, 'fen and moves changed together: one position');
  await page.evaluate(() => document.getElementById('mb').move('Rh8#'));
  await page.waitForFunction(() => window.events.some((e) => e.type === 'gameEnd'));
  assert.deepEqual(await page.evaluate(() => window.events.find((e) => e.type === 'gameEnd').detail), { result: '1-0', reason: 'checkmate' });

  // another option reloads the frame on the current game
  await page.evaluate(() => document.getElementById('mb').setAttribute('interactive', '0'));
  await page.waitForFunction(() => window.events.filter((e) => e.type === 'ready').length === 2);
  const st3 = await page.evaluate(() => document.getElementById('mb').getState());
  assert.deepEqual(st3.moves, ['h1h8']);
  assert.equal(st3.startFen, MATE_IN_ONE);
  assert.equal(st3.orientation, 'black');
  assert.match(await page.evaluate(() => document.querySelector('#mb').shadowRoot.querySelector('iframe').src), /interactive=0/);

  // flip() and the attribute agree: the attribute follows the board, and set back it turns the board back
  const mb = (f) => page.evaluate(f);
  await mb(() => document.getElementById('mb').flip());
  assert.equal(await mb(() => document.getElementById('mb').getAttribute('orientation')), 'white');
  assert.equal((await mb(() => document.getElementById('mb').getState())).orientation, 'white');
  await mb(() => document.getElementById('mb').setAttribute('orientation', 'black'));
  assert.equal((await mb(() => document.getElementById('mb').getState())).orientation, 'black');

  // a hostile attribute is refused as text (an `error` event), never run
  await page.evaluate((evil) => document.getElementById('mb').setAttribute('fen', evil), EVIL);
  await page.waitForFunction(() => window.events.some((e) => e.type === 'error' && /FEN field 1/.test(e.detail.message)));
  const inFrame = await frame.locator('body').evaluate(() => ({ imgs: document.querySelectorAll('img').length, pwned: window.pwned }));
  assert.deepEqual(inFrame, { imgs: 0, pwned: undefined });
  assert.equal(await page.evaluate(() => window.pwned), undefined);

  // a refused move: an error event on the element alone, never window.onerror
  const heard = await page.evaluate(() => new Promise((resolve) => {
    const out = { onerror: 0, document: 0 };
    window.onerror = () => { out.onerror++; };
    document.addEventListener('error', () => { out.document++; });
    const el = document.getElementById('mb');
    el.addEventListener('error', (e) => { out.code = e.detail.code; setTimeout(() => resolve(out), 100); }, { once: true });
    el.move('e9');
  }));
  assert.deepEqual(heard, { onerror: 0, document: 0, code: 'illegal-move' });
  // removed: its frame (and so its worker) goes; pending calls reject
  const gone = await page.evaluate(async () => {
    const el = document.getElementById('mb');
    const pending = el.getState();
    el.remove();
    const why = await pending.then(() => 'resolved', (e) => e.message);
    return { why, frame: el.shadowRoot.querySelector('iframe') };
  });
  assert.equal(gone.frame, null);
  assert.match(gone.why, /destroyed|resolved/); // the frame may have answered first
  assert.equal(page.frames().length, 1 + 1, 'the host page and #frame alone');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('embed: engine=1 answers the person\'s move', async () => {
  const page = await hostPage(`<iframe id="frame" src="${frameSrc({ engine: '1', origin: env.base })}" width="300" height="300"></iframe>`);
  await received(page, 'ready');
  await page.evaluate(() => window.send({ type: 'move', move: 'e3e4' }));
  await received(page, 'move', 2);
  const moves = await page.evaluate(() => window.got.filter((m) => m.type === 'move').map((m) => m.uci));
  assert.equal(moves[0], 'e3e4');
  assert.match(moves[1], /^[a-h][1-8][a-h][1-8]m?$/);
  const st = await getState(page);
  assert.equal(st.status.turn, 'white');
  await page.close();
});
