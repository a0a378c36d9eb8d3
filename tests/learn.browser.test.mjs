// The lessons in Chromium (learn.html, embed.html#lesson=): every stage played through from
// its link at phone and desktop size, each exercise first refused a move that is not legal
// (explained in a sentence) and then solved by its par solution; the progress kept; played by
// keyboard; the page and an embedded lesson offline after one visit; the embedded lesson's
// "lessonDone" to its host; the game page's links to the lessons; screenshots in English and
// Thai (tests/artifacts/learn-*.png, by `npm run screenshots`).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { SCREENSHOTS_ONLY, screenshot, useBrowser, startServer } from './helpers.mjs';
import { STAGES } from '../www/pages/learn/exercises.js';

const SIZES = [['360x740', { width: 360, height: 740 }], ['1440x900', { width: 1440, height: 900 }]];

const env = useBrowser();
let hostServer;
before(async () => {
  hostServer = await startServer();
});
after(async () => {
  await hostServer?.close();
});

const base = () => env.base;
/** The stage that teaches counting: before it no count is shown. */
const COUNTING = STAGES.findIndex((s) => s.name === 'counting');

async function newPage(viewport, locale = 'en-US', serviceWorkers) { // serviceWorkers: blocked unless 'allow'
  const context = await env.browser.newContext({ viewport, locale, serviceWorkers });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  const close = page.close.bind(page);
  page.close = async () => { await close(); await context.close(); };
  return page;
}

/** Plays `uci` by two clicks on the board (of `root`: a page or a frame). */
async function click(root, uci) {
  await root.locator(`[data-square=${uci.slice(0, 2)}]`).click();
  await root.locator(`[data-square=${uci.slice(2, 4)}]`).click();
}

/**
 * Plays `uci` on the page by two mouse clicks at the centres of its squares, where a person's
 * mouse clicks them (the board's square elements lie over the board: www/common/board/a11y.js):
 * the clicks of `click` without Playwright's waits for each element (a fifth of a play-through's
 * CPU, 270 clicks); what covered a square would take the click, and the move would not be made.
 */
async function mouseMove(page, uci) {
  const at = await page.evaluate((squares) => squares.map((sq) => {
    const r = document.querySelector(`[data-square=${sq}]`).getBoundingClientRect();
    return [r.x + r.width / 2, r.y + r.height / 2];
  }), [uci.slice(0, 2), uci.slice(2, 4)]);
  for (const xy of at) await page.mouse.click(...xy);
}

/** A move of the solution's first piece two files and three ranks away: no piece's move. */
function illegalMove(ex) {
  const from = ex.solution[0].slice(0, 2);
  const f = from.charCodeAt(0) - 97;
  const r = Number(from[1]) - 1;
  return from + String.fromCharCode(97 + (f < 4 ? f + 2 : f - 2)) + (r < 4 ? r + 4 : r - 2);
}

/** Solves the exercise on the page: a refused move first (unless `refuse` is false), then the
 * solution; its moves by `play` (`click` unless told). */
async function solveExercise(root, body, ex, label, refuse = true, play = click) {
  if (refuse) {
    await play(root, illegalMove(ex));
    await root.locator('body[data-state=illegal]').waitFor();
    const message = await root.locator(body.message).innerText();
    assert.ok(message.trim().length > 10, `${label}: the refusal is explained (${message})`);
  }
  for (const uci of ex.solution) await play(root, uci);
  await root.locator('body[data-state=done]').waitFor();
}

/** In the page: what the lesson shows of the exercise solved, read at once (one round trip an
 * exercise instead of five): the goal, the count (false when hidden), the result, the stars. */
function shown() {
  const text = (id) => document.getElementById(id).innerText;
  const count = document.getElementById('count');
  return { goal: text('goal'), count: count.checkVisibility() && count.innerText, result: text('result'), stars: text('stars') };
}

// Every exercise at desktop size; at phone size each stage's first (the rules of an exercise
// do not depend on the size: tests/learn.node.test.mjs solves each; the page at 360 px is
// also measured by tests/pages.browser.test.mjs). A move that is not legal is refused on each
// stage's first exercise (tests/learn.node.test.mjs checks each exercise's reason; the page
// shows every refusal by the same path). The board's pieces do not glide here (its `animation`
// 0, through the test hook: a third of the play-through's CPU was the frames of 200 ms
// glides); the moves by mouse at the squares' centres (mouseMove).
for (const [size, viewport] of SIZES) {
  const phone = viewport.width < 400;
  test(`learn ${size}: every stage plays through from its link, refusals explained${phone ? ' (its first exercise)' : ''}`, { timeout: 300_000 }, async () => {
    const page = await newPage(viewport);
    for (const [s, stage] of STAGES.entries()) {
      await page.goto(`${base()}/learn.html#stage=${stage.name}`);
      await page.waitForSelector(`body[data-ready=learn][data-stage=${stage.name}]`);
      if (s === 0) await page.evaluate(() => window.makrukBoard.set({ animation: 0 }));
      const exercises = phone ? stage.exercises.slice(0, 1) : stage.exercises;
      let seen = null;
      for (const [i, ex] of exercises.entries()) {
        await page.waitForSelector(`body[data-exercise="${i}"][data-state=solving]`);
        await solveExercise(page, { message: '#message' }, ex, `${stage.name} ${i + 1}`, i === 0, mouseMove);
        seen = await page.evaluate(shown);
        assert.ok(seen.goal.trim(), `${stage.name} ${i + 1}: a goal`);
        // no count before the stage that teaches it (a lesson's bare Khun would count); there, the count
        if (s < COUNTING) assert.equal(seen.count, false, `${stage.name} ${i + 1}: no count yet`);
        if (stage.name === 'counting' && ex.win === 'count') assert.match(seen.count, /^Counting \((board's|pieces') honour\): \d+ \/ \d+$/, `${stage.name} ${i + 1}`);
        assert.match(seen.result, /Well done! 3 of 3 stars\./);
        assert.equal(seen.stars, '★★★');
        if (i < exercises.length - 1) await page.click('#btn-next');
      }
      const all = 3 * stage.exercises.length;
      if (!phone) assert.match(seen.result, new RegExp(`Stage complete: ${all} of ${all} stars`));
    }
    // every stage kept with its stars, after a reload too
    await page.reload();
    await page.waitForSelector('body[data-ready=learn]');
    const marks = await page.locator('#stages .progress').allInnerTexts();
    assert.deepEqual(marks, STAGES.map((s) => `★ ${phone ? 3 : 3 * s.exercises.length}/${3 * s.exercises.length}`));
    assert.deepEqual(page.errors, []);
    await page.close();
  });
}

test('learn: more moves than par give fewer stars; a wrong move is explained; keyboard play; a bad stage', async () => {
  const page = await newPage({ width: 1440, height: 900 });
  await page.goto(`${base()}/learn.html#stage=ma&exercise=2`);
  await page.waitForSelector('body[data-ready=learn][data-stage=ma][data-exercise="1"]');
  // b1-a3-b5-d4?-... the long way round: c3 by a detour, then the stars
  for (const uci of ['b1a3', 'a3b1', 'b1c3', 'c3d5', 'd5f6']) await click(page, uci);
  await page.waitForSelector('body[data-state=done]');
  assert.match(await page.locator('#result').innerText(), /2 of 3 stars/);
  assert.equal(await page.locator('#stars').innerText(), '★★☆');
  await page.click('#btn-retry');
  await page.waitForSelector('body[data-state=solving][data-moves="0"]');
  // protection: a legal move onto an attacked square is refused with its attacker named
  await page.goto(`${base()}/learn.html#stage=protection`);
  await page.waitForSelector('body[data-stage=protection][data-exercise="0"]');
  await click(page, 'a1a6');
  await page.waitForSelector('body[data-state=wrong]');
  assert.equal(await page.locator('#message').innerText(), 'Not there: the Ma on b8 could take it.');
  assert.equal(await page.getAttribute('body', 'data-moves'), '0');
  // by keyboard: the Ruea of the first stage to its star
  await page.goto(`${base()}/learn.html#stage=ruea`);
  await page.waitForSelector('body[data-stage=ruea][data-exercise="0"]');
  // par 1: "move", not "moves" (the plural form of the par, in every language)
  assert.match(await page.locator('#moves').innerText(), /solved in 1 move: three stars/);
  await page.locator('[data-square=a1]').focus();
  await page.keyboard.press('Enter');
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await page.waitForSelector('body[data-state=done]');
  // a stage that does not exist: the first one, and a word about it
  await page.goto(`${base()}/learn.html#stage=nonsense`);
  await page.waitForSelector('body[data-stage=ruea]');
  assert.match(await page.locator('#message').innerText(), /There is no stage “nonsense”/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('learn: screenshots of a few stages in English and Thai, at phone and desktop size', { ...SCREENSHOTS_ONLY, timeout: 120_000 }, async () => {
  for (const [lang, locale] of [['en', 'en-US'], ['th', 'th-TH']]) {
    for (const [size, viewport] of SIZES) {
      const page = await newPage(viewport, locale);
      for (const [stage, n] of [['ruea', 1], ['bia', 0], ['capture', 2], ['check', 2], ['counting', 2], ['ouk', 0]]) {
        await page.goto(`${base()}/learn.html#stage=${stage}${n ? `&exercise=${n + 1}` : ''}`);
        await page.waitForSelector(`body[data-ready=learn][data-stage=${stage}][data-exercise="${n}"]`);
        if (stage === 'bia') {
          await click(page, 'e3e5');
          await page.waitForSelector('body[data-state=illegal]');
        }
        assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
        await page.waitForTimeout(400); // the pieces' animation from the stage before
        await screenshot(page, `learn-${stage}-${lang}-${size}.png`, { fullPage: true });
      }
      assert.deepEqual(page.errors, []);
      await page.close();
    }
  }
});

test('embed: #lesson=<stage> plays the stage and tells its host "lessonDone" with the stars', async () => {
  const page = await newPage({ width: 900, height: 800 });
  await page.clock.install(); // the embedded lesson's 1.2 s before the next exercise, run at once below
  const board = base();
  await page.goto(`${hostServer.url.replace(/\/$/, '')}/tests/embed-host.html?board=${encodeURIComponent(board)}`);
  await page.evaluate((src) => { document.getElementById('slot').innerHTML = `<iframe id="frame" src="${src}" width="360" height="420"></iframe>`; }, `${board}/embed.html#lesson=mate`);
  await page.waitForFunction(() => window.got.some((m) => m.type === 'ready'));
  const frame = page.frameLocator('#frame');
  const stage = STAGES.find((s) => s.name === 'mate');
  for (const [i, ex] of stage.exercises.entries()) {
    await frame.locator(`body[data-exercise="${i}"][data-state=solving]`).waitFor();
    await solveExercise(frame, { message: '#message' }, ex, `embedded mate ${i + 1}`);
    await page.clock.runFor(1200);
  }
  await page.waitForFunction(() => window.got.some((m) => m.type === 'lessonDone'));
  const done = await page.evaluate(() => window.got.find((m) => m.type === 'lessonDone'));
  assert.deepEqual(done, { type: 'lessonDone', stage: 'mate', stars: 9 });
  await screenshot(page, 'learn-embed.png');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('offline: after one visit the lessons and an embedded lesson open and play without the network', { timeout: 120_000 }, async () => {
  const page = await newPage({ width: 1440, height: 900 }, 'en-US', 'allow');
  await page.goto(`${base()}/learn.html`);
  await page.waitForSelector('body[data-ready=learn]');
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 60_000 });
  // the service worker has its whole list before it takes control
  await page.context().setOffline(true);
  const mate = STAGES.find((s) => s.name === 'mate').exercises[0];
  await page.goto(`${base()}/learn.html#stage=mate`);
  await page.waitForSelector('body[data-ready=learn][data-stage=mate]');
  await click(page, mate.solution[0]);
  await page.waitForSelector('body[data-state=done]');
  await page.goto(`${base()}/embed.html#lesson=mate`);
  await page.waitForSelector('body[data-ready=lesson]');
  await click(page, mate.solution[0]);
  await page.waitForSelector('body[data-state=done]');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('the game page links the lessons, and its New game dialog does on a first visit only', async () => {
  const page = await newPage({ width: 1440, height: 900 });
  await page.goto(`${base()}/index.html`);
  await page.waitForSelector('body[data-ready]');
  assert.equal(await page.locator('.trainer-link a[href="learn.html"]').innerText(), 'Learn to play');
  await page.click('#btn-new');
  await page.waitForSelector('#newgame[open]'); // made on its first opening, with its texts
  assert.equal(await page.isVisible('#ng-learn a[href="learn.html"]'), true, 'a first visit');
  await page.reload();
  await page.waitForSelector('body[data-ready]');
  await page.click('#btn-new');
  await page.waitForSelector('#newgame[open]');
  assert.equal(await page.isHidden('#ng-learn'), true, 'a game is kept: no longer a first visit');
  assert.deepEqual(page.errors, []);
  await page.close();
});
