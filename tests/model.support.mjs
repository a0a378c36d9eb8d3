// The model-based test of the game page (issue 56): fast-check's commands are what a player
// does, done as a person does them (clicks on squares and buttons, the New game dialog, the
// FEN/PGN panel, the settings, the address bar: reloaded, opened in a new page, edited), and
// after each one the page is checked
// against invariants that hold on every path:
//   (a) where the engine is to move at the end of the line being played and the game goes
//       on, it moves (a generous timeout, no time bound beyond it); where it is to move short
//       of the line's end, the status says how the game goes on
//   (b) no page error, no console error
//   (c) the address bar, reloaded or opened in a new page, gives the same rule set, counting
//       mode, start, line and cursor
//   (d) no English text on a page in another language (the catalogues' English, and the
//       core's English messages)
//   (e) the move list holds the moves of the core's record of the line
//   (f) a running clock is the side to move's, in a live game at the end of its line
// The page's state is read through its test hook `makrukGame` (www/pages/game/main.js); the core's
// record is read by the core itself, here in Node. Used by tests/model.browser.test.mjs
// (fixed seeds, in npm test) and scripts/soak.mjs (`npm run soak -- --runs N --seed S`).
import fc from 'fast-check';
import { Game } from './store.support.mjs';
import { openPositionPanel } from './ui.support.mjs';
import en from '../www/common/i18n/en.js';
import enRest from '../www/common/i18n/en-rest.js';
import th from '../www/common/i18n/th.js';
import tr from '../www/common/i18n/tr.js';
import de from '../www/common/i18n/de.js';
import uk from '../www/common/i18n/uk.js';

export { fc };

const CATALOGUES = { en: { ...en, ...enRest }, th, tr, de, uk };
export const LANG_CODES = Object.keys(CATALOGUES);
const LOCALES = { en: 'en-US', th: 'th-TH', tr: 'tr-TR', de: 'de-DE', uk: 'uk-UA' };
const VARIANTS = ['makruk', 'cambodian', 'makpong', 'karouk'];
const ENGINE_WAIT_MS = 60_000; // generous: a loaded machine; the engine's moves take about a second

/** English as the core's messages word it (crate/makruk's Display texts: "FEN: expected at
 * most 6 fields, found 7", "UCI move 'e3e4': there is no piece on e3"), found on a page in
 * another language. */
const CORE_ENGLISH = /\b(expected|found \d|there is no|was rejected|is not|are not|must be|at most|at least|cannot|illegal|no legal move|the game is over|invalid|unknown|missing|too many|too few|fields?|squares?|piece|moves?|count)\b/;


/** English fragments of the catalogue whose text in `lang` differs: what an English text left
 * on that page is made of (its literal parts of two words or more). */
function englishFragments(lang) {
  const own = CATALOGUES[lang];
  const ownTexts = new Set(Object.values(own));
  const out = new Set();
  for (const [key, text] of Object.entries(CATALOGUES.en)) {
    if (typeof text !== 'string' || own[key] === text || ownTexts.has(text)) continue;
    for (const part of text.split(/\{\w+\}/)) {
      const p = part.trim().replace(/^[\s,.:;·()–-]+|[\s,.:;·()–-]+$/g, '');
      if (p.length >= 10 && /\s/.test(p) && /^[\x20-\x7e’…]+$/.test(p)) out.add(p);
    }
  }
  return [...out];
}
const FRAGMENTS = Object.fromEntries(LANG_CODES.filter((l) => l !== 'en').map((l) => [l, englishFragments(l)]));

/** The status text that says how the game goes on short of the line's end, in `lang`. */
const goesOnText = (lang) => CATALOGUES[lang].goesOnAtEnd;

/** In the page, before its scripts: `window.makrukState()`, the plain fields of the game page's
 * state read through its test hook `makrukGame` (www/pages/game/main.js): the line's record (which the
 * core reads), the moves a person may play now. */
function stateReader() {
  window.makrukState = () => {
    const { store, recordOf, personMoves } = window.makrukGame;
    const s = store.getState();
    const { variant, counting, startFen, fen, moves, ply, mode, human, outcome, ended, shared, analysing, thinking, engine, status, countActions } = s;
    return {
      variant, counting, startFen, fen, moves, ply, mode, human, outcome, ended, shared, analysing, thinking, engine, status, countActions,
      review: !!s.review, record: recordOf(s), playable: personMoves(s) ? s.legal.map((m) => m.from + m.to) : [],
    };
  };
}

/** The page's state (the test hook) and what it shows, read at one moment. */
function snapshot(page) {
  return page.evaluate(() => {
    const s = window.makrukState();
    const list = [...document.querySelectorAll('#moves button.move[data-ply]')]
      .map((b) => [Number(b.dataset.ply), (b.firstChild?.textContent ?? '').trim()])
      .sort((a, b) => a[0] - b[0]);
    const running = [...document.querySelectorAll('.player .clock[data-running=true]')].filter((e) => !e.hidden).map((e) => e.dataset.clock);
    return {
      s, list, running,
      status: document.querySelector('#status').textContent,
      text: document.body.innerText,
      lang: document.documentElement.lang,
      url: location.href,
    };
  });
}

/** Whether the engine is to move at the end of the line, in a game that goes on. */
function engineDue(s) {
  const engineTurn = s.mode === 'watch' || (s.mode === 'engine' && s.status.turn !== s.human);
  return engineTurn && !s.outcome && !s.ended && s.ply === s.moves.length;
}

class Broken extends Error {}
const fail = (what, detail) => { throw new Broken(`${what}: ${typeof detail === 'string' ? detail : JSON.stringify(detail)}`); };

/** (a): the engine, due to move, moves (or the game ends), within ENGINE_WAIT_MS. */
async function engineMoves(page) {
  const s = await page.evaluate(() => window.makrukState());
  if (!engineDue(s)) return;
  const before = `${s.record}|${s.ply}`;
  try {
    await page.waitForFunction((k) => {
      const t = window.makrukState();
      return t.outcome || t.ended || `${t.record}|${t.ply}` !== k;
    }, before, { timeout: ENGINE_WAIT_MS, polling: 100 });
  } catch {
    const t = await page.evaluate(() => window.makrukState());
    fail('(a) the engine is to move at the end of the line and does not', { mode: t.mode, ply: t.ply, moves: t.moves.length, turn: t.status.turn, thinking: t.thinking, engine: t.engine, record: t.record });
  }
}

/** (e): the line of the core's record, and the move list's line. */
function checkMoveList({ s, list }, notation) {
  const { game } = Game.fromRecord(s.record);
  const sans = game.played().map((m) => m.san);
  game.free?.();
  if (sans.length !== s.moves.length) fail('(e) the core reads a line of another length than the page holds', { core: sans.length, page: s.moves.length, record: s.record });
  if (list.length !== sans.length) fail('(e) the move list does not hold the line', { list: list.map((x) => x[1]), core: sans });
  if (list.some(([ply], k) => ply !== k + 1)) fail('(e) the move list skips a ply', list);
  if (notation === 'standard' && list.some(([, name], k) => name !== sans[k])) fail('(e) the move list names other moves', { list: list.map((x) => x[1]), core: sans });
}

/** (f): a running clock is the side to move's in a live game at the end of its line. */
function checkClock({ s, running }) {
  if (!running.length) return;
  const live = !s.outcome && !s.ended && s.ply === s.moves.length;
  if (running.length > 1 || !live || running[0] !== s.status.turn) fail('(f) a clock runs that is not the side to move\'s of a live game', { running, turn: s.status.turn, outcome: s.outcome, ply: s.ply, moves: s.moves.length });
}

/** (d): no English on a page in another language, line by line: neither the catalogue's nor
 * the core's. */
function checkLanguage(snap, lang) {
  if (snap.lang !== lang) fail('(d) the page is not in the language chosen', { page: snap.lang, chosen: lang });
  if (lang === 'en') return;
  for (const line of snap.text.split('\n')) {
    const found = FRAGMENTS[lang].filter((f) => line.includes(f));
    if (found.length) fail(`(d) English on the ${lang} page`, { found, line });
    const m = CORE_ENGLISH.exec(line);
    if (m) fail(`(d) English ("${m[0]}") on the ${lang} page`, line);
  }
}

/** (a), second half: short of the line's end with the engine to move, the page says how on. */
function checkWayOn({ s, status }, lang) {
  const engineTurn = s.mode === 'watch' || (s.mode === 'engine' && s.status.turn !== s.human);
  if (engineTurn && !s.outcome && !s.ended && s.ply < s.moves.length && !status.includes(goesOnText(lang))) {
    fail('(a) the engine is to move short of the line\'s end and the page does not say how the game goes on', { status, ply: s.ply, moves: s.moves.length });
  }
}

/** Every invariant, after a command. */
async function verify(model, real) {
  await engineMoves(real.page);
  if (real.errors.length) fail('(b) page or console errors', real.errors.splice(0));
  const snap = await snapshot(real.page);
  checkMoveList(snap, model.notation);
  checkClock(snap);
  checkLanguage(snap, model.lang);
  checkWayOn(snap, model.lang);
  real.commands++;
}

/** The fields a link keeps: (c) compares them. */
const kept = (s) => ({ variant: s.variant, counting: s.counting, startFen: s.startFen, moves: s.moves.join(' '), ply: s.ply, record: s.record });

/** (c): the page reopened gives what the link held; in a game of two engines, the line may
 * have gone on (the engines play while it loads). */
function sameLine(before, after, what) {
  const a = kept(before);
  const b = kept(after);
  if (before.mode === 'watch' || after.mode === 'watch') {
    if (a.variant !== b.variant || a.counting !== b.counting || a.startFen !== b.startFen || !b.moves.startsWith(a.moves)) fail(`(c) ${what} loses the game`, { before: a, after: b });
    return;
  }
  for (const k of Object.keys(a)) if (a[k] !== b[k]) fail(`(c) ${what} changes the ${k}`, { before: a[k], after: b[k] });
}

/** Opens the game page in a new context of the browser in `lang`, on `url`; errors collected in `real.errors`. */
export async function openReal(env, real, url, lang) {
  const context = await env.browser.newContext({ viewport: { width: 1024, height: 800 }, locale: LOCALES[lang] });
  await context.addInitScript(stateReader);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  page.on('pageerror', (e) => real.errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') real.errors.push(`console: ${m.text()}`); });
  await page.goto(url);
  await page.waitForSelector('body[data-ready=engine]', { timeout: ENGINE_WAIT_MS });
  await page.waitForFunction(() => typeof window.makrukGame === 'object');
  const old = real.context;
  real.context = context;
  real.page = page;
  await old?.close();
  return page;
}

// ---- the commands: what a player does

const state = (page) => page.evaluate(() => window.makrukState());
const enabled = async (page, sel) => !!(await page.$(sel)) && (await page.isVisible(sel)) && (await page.isEnabled(sel));

/** A random legal move of the person to move, the `k`-th in order, played by two clicks. */
async function playMove(page, k) {
  const { playable } = await state(page);
  if (!playable.length) return false;
  const mv = [...playable].sort()[k % playable.length];
  await page.keyboard.press('Escape');
  await page.click(`[data-square=${mv.slice(0, 2)}]`);
  await page.click(`[data-square=${mv.slice(2, 4)}]`);
  return true;
}

/** A move of the list, the `k`-th, clicked (in the page: in a game of two engines the list is
 * drawn again at every move, too often for Playwright's wait for a still element). */
function clickListMove(page, k) {
  return page.evaluate((i) => {
    const buttons = document.querySelectorAll('#moves button.move');
    buttons[i % buttons.length]?.click();
    return buttons.length > 0;
  }, k);
}

class Command {
  check() { return true; }
  async run(model, real) {
    real.log.push(this.toString());
    await this.act(model, real);
    await verify(model, real);
  }
}

class PlayMove extends Command {
  constructor(k) { super(); this.k = k; }
  act(m, r) { return playMove(r.page, this.k); }
  toString() { return `PlayMove(${this.k})`; }
}

/** The line's next move played again (after an Undo, say: the same move once more). */
class ReplayNext extends Command {
  async act(m, r) {
    const s = await state(r.page);
    const next = s.moves[s.ply];
    if (!next || !s.playable.includes(next.slice(0, 4))) return;
    await r.page.keyboard.press('Escape');
    await r.page.click(`[data-square=${next.slice(0, 2)}]`);
    await r.page.click(`[data-square=${next.slice(2, 4)}]`);
  }
  toString() { return 'ReplayNext'; }
}

class Button extends Command {
  constructor(id) { super(); this.id = id; }
  async act(m, r) { if (await enabled(r.page, `#${this.id}`)) await r.page.click(`#${this.id}`); }
  toString() { return `Button(${this.id})`; }
}

class Resign extends Command {
  async act(m, r) {
    if (!(await enabled(r.page, '#btn-resign'))) return;
    await r.page.click('#btn-resign');
    await r.page.click('#btn-resign');
    if (await r.page.isVisible('#banner-close')) await r.page.click('#banner-close');
  }
  toString() { return 'Resign'; }
}

/** The engine's answers to a draw offer, in every language. */
const DRAW_ANSWERS = Object.values(CATALOGUES).flatMap((c) => [c.drawAccepted, c.drawDeclined]);

/** A draw offered (issue 56 item 5): to the engine, its answer awaited; to the other person on
 * this device, who accepts or declines; by link, with the move not sent: the friend opens the
 * link (a new page, no storage: the player goes on there) and accepts or declines. */
class OfferDraw extends Command {
  constructor(accept) { super(); this.accept = accept; }
  async act(m, r) {
    if (!(await enabled(r.page, '#btn-draw'))) return;
    const { mode } = await state(r.page);
    await r.page.click('#btn-draw');
    if (mode === 'two') {
      await r.page.waitForSelector('#draw-offer[open]');
      await r.page.click(this.accept ? '#draw-accept' : '#draw-decline');
    } else if (mode === 'correspondence') {
      await r.page.waitForFunction(() => /[#&]offer=[wb]/.test(document.getElementById('corr-link').value));
      await openReal(r.env, r, await r.page.inputValue('#corr-link'), m.lang);
      m.notation = await r.page.inputValue('#notation'); // a new visitor's
      await r.page.waitForSelector('#corr-offer:not([hidden])');
      await r.page.click(this.accept ? '#corr-accept' : '#corr-decline');
    } else {
      await r.page.waitForFunction((answers) => answers.includes(document.querySelector('#message').innerText.trim()), DRAW_ANSWERS, { timeout: ENGINE_WAIT_MS });
    }
    if (await r.page.isVisible('#banner-close')) await r.page.click('#banner-close');
  }
  toString() { return `OfferDraw(${this.accept})`; }
}

class GotoMove extends Command {
  constructor(k) { super(); this.k = k; }
  act(m, r) { return clickListMove(r.page, this.k); }
  toString() { return `GotoMove(${this.k})`; }
}

/** A move played at an earlier point: a move of the list clicked, then a move played. */
class MoveEarlier extends Command {
  constructor(k, j) { super(); this.k = k; this.j = j; }
  async act(m, r) { if (await clickListMove(r.page, this.k)) await playMove(r.page, this.j); }
  toString() { return `MoveEarlier(${this.k}, ${this.j})`; }
}

class NewGame extends Command {
  constructor(o) { super(); this.o = o; }
  async act(m, r) {
    const { page } = r;
    const o = this.o;
    if (await page.isVisible('#banner-close')) await page.click('#banner-close');
    await page.click('#btn-new');
    await page.waitForSelector('#newgame[open]');
    await page.check(`input[name=mode][value=${o.mode}]`);
    if (o.mode === 'engine' || o.mode === 'correspondence') await page.check(`input[name=color][value=${o.color}]`);
    if (await page.isVisible('#ng-level')) await page.selectOption('#ng-level', String(o.level));
    await page.selectOption('#ng-clock', o.clock);
    await page.selectOption('#ng-variant', o.variant);
    if (await page.isVisible('#ng-counting')) await page.selectOption('#ng-counting', o.counting);
    if (await page.isVisible('#ng-match')) await page.selectOption('#ng-match', o.match);
    await page.click('#ng-start-btn');
    await page.waitForSelector('#newgame:not([open])', { state: 'attached' });
  }
  toString() { return `NewGame(${JSON.stringify(this.o)})`; }
}

class Reload extends Command {
  async act(m, r) {
    const before = await state(r.page);
    await r.page.reload();
    await r.page.waitForSelector('body[data-ready=engine]', { timeout: ENGINE_WAIT_MS });
    sameLine(before, await state(r.page), 'a reload');
  }
  toString() { return 'Reload'; }
}

/** The address bar's link opened in a new page (no storage: the link alone); the player goes
 * on there, with the settings of a new visitor (Thai notation on a Thai page). */
class OpenLink extends Command {
  async act(m, r) {
    const before = await state(r.page);
    await openReal(r.env, r, r.page.url(), m.lang);
    m.notation = await r.page.inputValue('#notation'); // a new visitor's: the language's default
    sameLine(before, await state(r.page), 'the link opened in a new page');
  }
  toString() { return 'OpenLink'; }
}

/** Damages `text` at a random point: a character replaced, dropped or doubled. */
function damaged(text, k, c) {
  const i = k % Math.max(1, text.length);
  const ch = ' x9/?.-*Q'[c % 9];
  return [text.slice(0, i) + ch + text.slice(i + 1), text.slice(0, i) + text.slice(i + 1), text.slice(0, i) + ch + text.slice(i)][c % 3];
}

/** A random line of `n` moves of `variant` from its start, played by the core: {fen, sans}. */
function randomLine(variant, n, seed) {
  const g = new Game(undefined, variant);
  const sans = [];
  let x = seed;
  for (let k = 0; k < n; k++) {
    const legal = g.legalMoves();
    if (!legal.length || g.status().result !== '*') break;
    x = (x * 1103515245 + 12345) >>> 0;
    sans.push(g.play(legal[x % legal.length].uci).san);
  }
  const fen = g.fen();
  g.free?.();
  return { fen, sans };
}

const pgnOf = (sans) => `[Event "?"]\n[Result "*"]\n\n${sans.map((s, k) => (k % 2 ? s : `${k / 2 + 1}. ${s}`)).join(' ')} *\n`;

/** Opens the position panel (FEN/PGN), its PGN box there. */
async function openPanel(page) {
  await openPositionPanel(page);
  await page.waitForSelector('#pgn-text');
}

class ImportPgn extends Command {
  constructor(n, seed, damage) { super(); Object.assign(this, { n, seed, damage }); }
  async act(m, r) {
    let text = pgnOf(randomLine('makruk', this.n, this.seed).sans);
    if (this.damage) text = damaged(text, this.damage[0], this.damage[1]);
    await openPanel(r.page);
    await r.page.fill('#pgn-text', text);
    await r.page.click('#pgn-import');
    await r.page.waitForFunction(() => document.querySelector('#pgn-text')?.closest('details')?.querySelector('[data-kind]'), null, { timeout: 20_000 }).catch(() => {});
    await r.page.waitForTimeout(200);
  }
  toString() { return `ImportPgn(${this.n}, ${this.seed}, ${JSON.stringify(this.damage)})`; }
}

class ImportFen extends Command {
  constructor(n, seed, damage) { super(); Object.assign(this, { n, seed, damage }); }
  async act(m, r) {
    const s = await state(r.page);
    let fen = randomLine(s.variant, this.n, this.seed).fen;
    if (this.damage) fen = damaged(fen, this.damage[0], this.damage[1]);
    await openPanel(r.page);
    await r.page.fill('#fen-input', fen);
    await r.page.click('#fen-load');
    await r.page.waitForTimeout(200);
  }
  toString() { return `ImportFen(${this.n}, ${this.seed}, ${JSON.stringify(this.damage)})`; }
}

/** The address bar's link edited, damaged at a random point, and entered (a hash change). */
class EditLink extends Command {
  constructor(k, c) { super(); Object.assign(this, { k, c }); }
  async act(m, r) {
    const url = r.page.url();
    const at = url.indexOf('#');
    if (at < 0) return;
    await r.page.goto(url.slice(0, at + 1) + damaged(url.slice(at + 1), this.k, this.c));
    await r.page.waitForTimeout(500); // the link read (share.js's, loaded on demand)
  }
  toString() { return `EditLink(${this.k}, ${this.c})`; }
}

class Language extends Command {
  constructor(lang) { super(); this.lang = lang; }
  async act(m, r) {
    await r.page.selectOption('#lang', this.lang);
    m.lang = this.lang;
    await r.page.waitForFunction((l) => document.documentElement.lang === l, this.lang);
    await r.page.waitForTimeout(300); // the catalogue's texts written in
  }
  toString() { return `Language(${this.lang})`; }
}

class Notation extends Command {
  constructor(n) { super(); this.n = n; }
  async act(m, r) {
    await r.page.selectOption('#notation', this.n);
    m.notation = this.n;
    await r.page.waitForTimeout(300); // the Thai notation's module
  }
  toString() { return `Notation(${this.n})`; }
}

class Count extends Command {
  async act(m, r) {
    const b = r.page.locator('#count-request button[data-action]:visible');
    if (await b.count()) await b.first().click();
  }
  toString() { return 'Count'; }
}

const nat = fc.nat({ max: 999 });

/** Every command, with the weights of a player's day. */
export function commandArbitraries() {
  const newGame = fc.record({
    mode: fc.constantFrom('engine', 'engine', 'two', 'watch', 'correspondence'),
    color: fc.constantFrom('white', 'black', 'random'),
    level: fc.integer({ min: 1, max: 8 }),
    clock: fc.constantFrom('', '', '1+0', '3+2', '5+3'),
    variant: fc.constantFrom(...VARIANTS),
    counting: fc.constantFrom('auto', 'request'),
    match: fc.constantFrom('', '', '2'),
  }).map((o) => new NewGame(o));
  const damage = fc.option(fc.tuple(nat, nat), { nil: null });
  return [
    ...Array(6).fill(nat.map((k) => new PlayMove(k))),
    fc.constant(new Button('btn-undo')),
    fc.constant(new Button('btn-undo')),
    fc.constant(new ReplayNext()),
    fc.constant(new Button('btn-redo')),
    nat.map((k) => new GotoMove(k)),
    fc.tuple(nat, nat).map(([k, j]) => new MoveEarlier(k, j)),
    newGame,
    newGame,
    fc.constant(new Resign()),
    fc.boolean().map((accept) => new OfferDraw(accept)),
    fc.constant(new Button('btn-flip')),
    fc.constant(new Reload()),
    fc.constant(new OpenLink()),
    fc.tuple(fc.integer({ min: 0, max: 40 }), nat, damage).map(([n, s, d]) => new ImportPgn(n, s, d)),
    fc.tuple(fc.integer({ min: 0, max: 40 }), nat, damage).map(([n, s, d]) => new ImportFen(n, s, d)),
    fc.tuple(nat, nat).map(([k, c]) => new EditLink(k, c)),
    fc.constantFrom(...LANG_CODES).map((l) => new Language(l)),
    fc.constantFrom(...LANG_CODES).map((l) => new Language(l)),
    fc.constantFrom('standard', 'thai').map((n) => new Notation(n)),
    fc.constant(new Count()),
  ];
}

/**
 * Runs the model-based test: `runs` runs of at most `maxCommands` commands from `seed`, on the
 * browser and server of `env` (tests/helpers.mjs useBrowser). `shrink`: a failure is shrunk
 * (slow: each step replays in the browser); `path`: fast-check's path of a run (a failure's),
 * where the runs start. Returns fast-check's details with our figures:
 * {commands (run and checked), runs}.
 */
export async function runModel(env, { seed, runs, maxCommands, shrink = false, path, start = '#play=engine&level=1', onRun = null }) {
  const figures = { commands: 0, runs: 0 };
  const property = fc.asyncProperty(fc.commands(commandArbitraries(), { maxCommands, size: 'max' }), async (cmds) => {
    const real = { env, errors: [], log: [], commands: 0, page: null, context: null };
    const model = { lang: 'en', notation: 'standard' };
    try {
      await openReal(env, real, `${env.base}/index.html${start}`, 'en');
      await verify(model, real);
      await fc.asyncModelRun(() => ({ model, real }), cmds);
    } catch (e) {
      e.message = `${e.message}\n  after: ${real.log.join(', ')}`;
      throw e;
    } finally {
      figures.commands += real.commands;
      figures.runs++;
      onRun?.(figures);
      await real.context?.close().catch(() => {});
    }
  });
  const details = await fc.check(property, { seed, numRuns: runs, endOnFailure: !shrink, verbose: 1, ...(path ? { path } : {}) });
  return { ...details, figures };
}
