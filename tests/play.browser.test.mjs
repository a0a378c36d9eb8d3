// Browser tests of playing comforts: a premove against the engine, arrows and circles drawn
// by the person, sound (Web Audio, observed by wrapping AudioContext) and its mute toggle,
// the embed's silence by default, and the Western piece set at 40 px squares.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openGame, moveCount } from './ui.support.mjs';
import { useBrowser, answerInterceptor, screenshot } from './helpers.mjs';

const env = useBrowser({ dev: true }); // tests/embed-host.html; pieces.js imported in the page by its path

const boardState = (page) => page.evaluate(() => window.makrukBoard.getState());
const thinking = (page) => page.waitForSelector('#player-top .thinking:not([hidden])');

async function clickMove(page, from, to) {
  await page.click(`[data-square=${from}]`);
  await page.click(`[data-square=${to}]`);
}

/** The centre of a square in page coordinates. */
async function centre(page, sq) {
  const b = await page.locator(`[data-square=${sq}]`).boundingBox();
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
}

async function rightDrag(page, from, to) {
  const a = await centre(page, from);
  const b = await centre(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down({ button: 'right' });
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.up({ button: 'right' });
}

/** In the page (after answerInterceptor): the engine's answers wait while `window.__holdEngine`
 * is set, and come when `window.__releaseEngine()` is called, so that a premove is surely made
 * while it thinks; `window.__held()` counts them. */
function holdEngineAnswers() {
  const Native = window.Worker;
  const held = [];
  window.__holdEngine = false;
  // `hold`: the answers that come after these wait too (the engine's next reply may be quicker
  // than the test's next step)
  window.__releaseEngine = (hold = false) => {
    window.__holdEngine = hold;
    for (const [fn, e] of held.splice(0)) fn(e);
  };
  window.__held = () => held.length;
  window.Worker = function (...args) {
    const w = new Native(...args);
    window.interceptAnswers(w, (e, fn) => {
      if (!window.__holdEngine || e.data?.type !== 'bestmove') return true;
      held.push([fn, e]);
      return false;
    });
    return w;
  };
  window.Worker.prototype = Native.prototype;
}

test('play: a premove made while the engine thinks is played when legal; an illegal one is dropped; a right click cancels one', async () => {
  const page = await openGame(env, { mode: 'engine', level: 8 }, { ready: 'engine', init: [answerInterceptor, holdEngineAnswers] });
  await page.evaluate(() => { window.__holdEngine = true; });
  await clickMove(page, 'e3', 'e4');
  await thinking(page);
  await clickMove(page, 'd3', 'd4');
  assert.deepEqual((await boardState(page)).premove, ['d3', 'd4'], 'shown on the board');
  await page.waitForFunction(() => document.querySelector('.board-live').textContent === 'Premove: d3-d4');
  assert.equal(await moveCount(page), 1, 'not played yet: the engine thinks');
  await page.waitForFunction(() => window.__held() > 0);
  await page.evaluate(() => window.__releaseEngine(true));
  await page.waitForFunction(() => document.querySelectorAll('#moves button.move').length === 3);
  assert.equal(await page.locator('#moves button.move').nth(2).innerText(), 'd4', 'played at once after the engine\'s move');
  assert.equal((await boardState(page)).premove, null);

  await thinking(page);
  await clickMove(page, 'b3', 'b4');
  assert.deepEqual((await boardState(page)).premove, ['b3', 'b4']);
  await page.click('[data-square=h5]', { button: 'right' });
  assert.equal((await boardState(page)).premove, null, 'a right click cancels it');
  await clickMove(page, 'a3', 'a6'); // no Bia goes there: the board offers it, the rules refuse it
  assert.deepEqual((await boardState(page)).premove, ['a3', 'a6']);
  await page.waitForFunction(() => window.__held() > 0);
  await page.evaluate(() => window.__releaseEngine());
  await page.waitForFunction(() => document.querySelectorAll('#moves button.move').length === 4);
  await page.waitForTimeout(300);
  assert.equal(await moveCount(page), 4, 'dropped, not played');
  assert.equal((await boardState(page)).premove, null);
  assert.equal(await page.locator('#status').innerText(), 'Your move');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('play: arrows by right-drag, circles by right-click or a long press, cleared by a left click', async () => {
  const page = await openGame(env, { mode: 'two' }, { clock: true });
  const shapes = () => page.getAttribute('#board', 'data-shapes');
  const canvas = page.locator('#board canvas');
  const plain = await canvas.screenshot();
  await rightDrag(page, 'e3', 'e5');
  assert.equal(await shapes(), '1');
  assert.deepEqual((await boardState(page)).shapes, [{ from: 'e3', to: 'e5' }]);
  assert.notDeepEqual(await canvas.screenshot(), plain, 'the arrow is drawn');
  await page.click('[data-square=d4]', { button: 'right' });
  assert.deepEqual((await boardState(page)).shapes, [{ from: 'e3', to: 'e5' }, { from: 'd4' }]);
  await rightDrag(page, 'e3', 'e5');
  assert.deepEqual((await boardState(page)).shapes, [{ from: 'd4' }], 'the same arrow again takes it away');
  await page.click('[data-square=d5]');
  assert.equal(await shapes(), '0', 'a left click clears them');
  assert.deepEqual(await canvas.screenshot(), plain);
  assert.equal(await moveCount(page), 0, 'no move was made');

  // touch: a long press draws; dragged on, an arrow. The page's time stands still from here
  // (Playwright's clock): a press is long or short by the test's word, not by the machine's pace
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
  const touch = async (type, sq) => {
    const c = await centre(page, sq);
    await page.evaluate(([t, x, y]) => {
      document.querySelector('#board canvas').dispatchEvent(new PointerEvent(t, { pointerType: 'touch', pointerId: 7, isPrimary: true, clientX: x, clientY: y, bubbles: true }));
    }, [type, c.x, c.y]);
  };
  await touch('pointerdown', 'b3');
  await page.clock.runFor(650);
  await touch('pointermove', 'b5');
  await touch('pointerup', 'b5');
  assert.deepEqual((await boardState(page)).shapes, [{ from: 'b3', to: 'b5' }]);
  await touch('pointerdown', 'g6');
  await page.clock.runFor(650);
  await touch('pointerup', 'g6');
  assert.deepEqual((await boardState(page)).shapes, [{ from: 'b3', to: 'b5' }, { from: 'g6' }]);
  assert.equal((await boardState(page)).selected, null, 'the long press picked nothing up');
  await touch('pointerdown', 'c3');
  await touch('pointerup', 'c3');
  assert.equal(await shapes(), '0', 'a short tap clears them');
  assert.deepEqual(page.errors, []);
  await page.close();
});

/**
 * A page whose AudioContext is wrapped: window.audio counts contexts, those made while an
 * event was handled (a gesture: the person's move waits for them) and oscillator starts.
 */
async function audioPage(url, viewport = { width: 1024, height: 800 }, ready = 'body[data-ready]') {
  const context = await env.browser.newContext({ viewport });
  await context.addInitScript(() => {
    window.audio = { contexts: 0, inEvents: [], starts: 0 };
    const Real = window.AudioContext;
    window.AudioContext = class extends Real {
      constructor(...args) {
        super(...args);
        window.audio.contexts++;
        if (window.event) window.audio.inEvents.push(window.event.type);
      }

      createOscillator() {
        const o = super.createOscillator();
        const start = o.start.bind(o);
        o.start = (...args) => {
          window.audio.starts++;
          return start(...args);
        };
        return o;
      }
    };
  });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  const close = page.close.bind(page);
  page.close = async () => { await close(); await context.close(); };
  await page.goto(url);
  await page.waitForSelector(ready, { state: 'attached' });
  return page;
}

const audio = (page) => page.evaluate(() => window.audio);

test('play: moves sound through Web Audio, its context made while the page is idle, never in a move\'s handler; the mute toggle silences them and is remembered', async () => {
  const page = await audioPage(`${env.base}/index.html#play=friend`);
  assert.equal(await page.getAttribute('#btn-sound', 'aria-pressed'), 'true', 'sound is on by default');
  // made after the page is ready, before any gesture: the first move does not wait for it
  await page.waitForFunction(() => window.audio.contexts === 1);
  await clickMove(page, 'e3', 'e4');
  const one = await audio(page);
  assert.deepEqual([one.contexts, one.inEvents], [1, []], 'one AudioContext, none made in an event handler');
  assert.ok(one.starts > 0, 'the move sounded');
  await page.click('#btn-sound');
  assert.equal(await page.getAttribute('#btn-sound', 'aria-pressed'), 'false');
  await clickMove(page, 'd6', 'd5');
  assert.equal((await audio(page)).starts, one.starts, 'muted: silent');
  await page.reload();
  await page.waitForSelector('body[data-ready]');
  assert.equal(await page.getAttribute('#btn-sound', 'aria-pressed'), 'false', 'remembered');
  await clickMove(page, 'e4', 'd5');
  assert.equal((await audio(page)).starts, 0);
  await page.click('#btn-sound');
  await page.waitForFunction(() => window.audio.contexts === 1);
  await clickMove(page, 'c6', 'c5');
  assert.ok((await audio(page)).starts > 0, 'on again');
  assert.deepEqual((await audio(page)).inEvents, [], 'made while idle after sound was turned on');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('play: the embed is silent unless sound=1; <makruk-board> passes its sound and pieces attributes', async () => {
  const quiet = await audioPage(`${env.base}/embed.html#moves=`);
  await clickMove(quiet, 'e3', 'e4');
  await quiet.waitForFunction(() => document.querySelector('[data-square=e4]').dataset.piece === 'P');
  assert.deepEqual(await audio(quiet), { contexts: 0, inEvents: [], starts: 0 });
  await quiet.close();
  const loud = await audioPage(`${env.base}/embed.html#moves=&sound=1`);
  await clickMove(loud, 'e3', 'e4');
  await loud.waitForFunction(() => document.querySelector('[data-square=e4]').dataset.piece === 'P');
  assert.ok((await audio(loud)).starts > 0);
  assert.deepEqual(loud.errors, []);
  await loud.close();

  const host = await audioPage(`${env.base}/tests/embed-host.html`, undefined, 'body');
  await host.evaluate((base) => {
    const s = document.createElement('script');
    s.src = `${base}/www/embed.js`;
    document.body.append(s);
    document.getElementById('slot').innerHTML = '<makruk-board sound pieces="western"></makruk-board>';
  }, env.base);
  const src = await host.waitForFunction(() => document.querySelector('makruk-board')?.shadowRoot?.querySelector('iframe')?.src);
  const params = new URLSearchParams(new URL(await src.jsonValue()).hash.slice(1));
  assert.equal(params.get('sound'), '1');
  assert.equal(params.get('pieces'), 'western');
  await host.close();
});

test('play: the Western piece set at 40 px squares, each piece its own shape; chosen in the settings and by links', async () => {
  // 40 px squares: the board is 8.84 squares wide with its coordinates
  const page = await audioPage(`${env.base}/embed.html#pieces=western&fen=rnsmksnr/8/ppp1pppp/3M~4/4m~3/PPPP1PPP/8/RNSKMSNR_w_-_-_0_1`, { width: 354, height: 354 });
  assert.equal((await boardState(page)).pieceSet, 'western');
  assert.equal(await page.getAttribute('[data-square=d5]', 'data-piece'), 'M~');
  await screenshot(page, 'western-40px.png');
  const distinct = await page.evaluate(async () => {
    const { pieceImage } = await import('/www/common/board/pieces.js');
    const codes = ['K', 'M', 'S', 'N', 'R', 'P', 'M~', 'k', 'm', 's', 'n', 'r', 'p', 'm~'];
    const pixels = (code, set) => {
      const c = document.createElement('canvas');
      c.width = c.height = 40;
      const ctx = c.getContext('2d');
      ctx.drawImage(pieceImage(code, 40, set), 0, 0);
      return ctx.getImageData(0, 0, 40, 40).data.join();
    };
    const western = codes.map((c) => pixels(c, 'western'));
    return {
      kinds: new Set(western).size,
      changed: codes.filter((c, k) => western[k] !== pixels(c, 'traditional')).length,
    };
  });
  assert.deepEqual(distinct, { kinds: 14, changed: 14 });
  await page.close();

  const game = await openGame(env, { mode: 'two' });
  assert.equal((await boardState(game)).pieceSet, 'traditional', 'the default');
  await game.selectOption('#piece-set', 'western');
  assert.equal((await boardState(game)).pieceSet, 'western');
  await game.reload();
  await game.waitForSelector('body[data-ready]');
  assert.equal(await game.inputValue('#piece-set'), 'western', 'remembered');
  await game.close();
  const linked = await openGame(env, null, { hash: '#pieces=western' });
  assert.equal((await boardState(linked)).pieceSet, 'western', 'a link may ask for it');
  await linked.close();
});
