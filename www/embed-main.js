// embed.html: a minimal board for an <iframe>, on the game page's store and engine driver
// (www/game/). Its adapters: the fragment (the game page's fen, moves, ply, orientation,
// variant, plus interactive, engine, coords, theme, pieces, sound, lang, origin; or a puzzle:
// puzzle=<id>, or fen with solution=<UCI moves>, see www/puzzles/embed-puzzle.js; or a lesson
// stage: lesson=<stage>, see www/learn/embed-lesson.js) and
// postMessage from the host page (silent unless sound=1):
//   host -> board: {type: "setPosition", fen, moves} (in the fragment's variant), {type: "flip"}, {type: "move", move},
//                  {type: "getState"}
//   board -> host: {type: "ready"}, {type: "move", uci, san, fen}, {type: "gameEnd", result,
//                  reason}, {type: "state", fen, moves, status, startFen, variant, orientation},
//                  {type: "error", message} (a command that could not be carried out),
//                  {type: "solved"}, {type: "failed", move} (a puzzle's; move in UCI),
//                  {type: "lessonDone", stage, stars} (a lesson's)
// Malformed messages are ignored with a console warning; with `origin=` only that origin may
// command the board (and only it receives the board's messages). The rules are the wasm
// module's; the board component knows none.

import { createBoard } from './board/index.js';
import { createI18n } from './i18n/index.js';
import { readLink, writeLink, badVariantMessage, onLinkChange } from './link.js';
import { $, errorText, showMessage, exposeForTests } from './dom.js';
import { createStore, boardView } from './game/store.js';
import { createEngineDriver } from './game/engine-driver.js';
import { createSound } from './game/sound.js';
import { sayRefusal } from './refusal.js';
import { loadRules } from './load-rules.js';
import { isLevel } from './game/levels.js';

const MAX_MOVES = 1000;
const MAX_FEN = 256; // a FEN is under 100 characters
const COMMANDS = ['setPosition', 'flip', 'move', 'getState'];
const OPTIONS = ['interactive', 'engine', 'coords', 'theme', 'pieces', 'sound', 'lang', 'origin'];
const MAX_SOLUTION = 200; // UCI moves of a puzzle's solution: a handful

/** Options of the fragment. */
function readOptions(hash) {
  const link = readLink(hash);
  const p = link.params;
  const level = Number(p.get('engine'));
  const puzzle = p.has('puzzle') || p.has('solution');
  return {
    link,
    interactive: p.get('interactive') !== '0',
    engine: !puzzle && isLevel(level) ? level : null,
    coords: p.get('coords') === '0' ? 'none' : p.get('coords') === 'thai' ? 'thai' : 'latin',
    theme: p.get('theme') || 'wood',
    pieceSet: p.get('pieces') === 'western' ? 'western' : 'traditional',
    sound: p.get('sound') === '1',
    lang: p.get('lang') || undefined,
    origin: p.get('origin') || null,
    puzzle,
    lesson: p.get('lesson'),
  };
}

let opts = readOptions(location.hash);
let lastHash = location.hash;
let store = null;
let puzzle = null; // the puzzle being solved: {onMove}
const i18n = createI18n(opts.lang);

const board = createBoard(document.querySelector('#board canvas'), {
  orientation: opts.link.orientation,
  theme: opts.theme,
  coords: opts.coords,
  pieceSet: opts.pieceSet,
  viewOnly: !opts.interactive,
  describe: (sq, p) => i18n.describe(sq, p),
  label: i18n.t('boardLabel'),
  onMove: (from, to) => {
    if (puzzle ? puzzle.onMove(from, to) === 'none' : store.playFromTo(from, to).error) render(store.getState());
  },
  onPremove: (from, to) => store?.setPremove(from, to),
  onRefuse: (from, to) => store && sayRefusal(i18n, store.whyIllegal(from, to), say),
});
exposeForTests('makrukBoard', board);
// the board and its labelled squares come first, in the page's language until the chosen one
// has arrived
await i18n.ready;
board.set({ label: i18n.t('boardLabel') });
board.relabel();
document.documentElement.lang = i18n.lang;

// ---------------------------------------------------------------- the view and messages to the host

function render(s) {
  board.set(boardView(s));
}

function send(msg) {
  if (window.parent === window) return;
  try {
    window.parent.postMessage(msg, opts.origin || '*');
  } catch (e) {
    console.warn('makruk embed: could not post to the host:', errorText(e));
  }
}

/** A message in the embed's box, for 8 s. */
const say = (text, kind) => showMessage(text, kind, 8000);

/** A command that could not be carried out: the host hears why, the page keeps its game. */
function refuse(text) {
  console.warn('makruk embed:', text);
  send({ type: 'error', message: text });
}

/** The moves up to the cursor: what the host sees of the line. */
const played = (s) => s.moves.slice(0, s.ply);

function writeUrl(s) {
  try {
    const keep = new URLSearchParams(location.hash.slice(1));
    const options = Object.fromEntries(OPTIONS.filter((k) => keep.has(k)).map((k) => [k, keep.get(k)]));
    lastHash = writeLink({ variant: s.variant, fen: s.startFen, moves: played(s), orientation: s.orientation }, options);
    history.replaceState(null, '', lastHash);
  } catch {
    // a sandboxed frame may refuse; the game goes on
  }
}

/** The subscriber that draws, keeps the fragment and tells the host of moves and the end. */
function onChange(s, action, prev) {
  render(s);
  // (a puzzle's fragment stays as it is)
  if (!opts.puzzle && (s.variant !== prev.variant || s.startFen !== prev.startFen || s.moves !== prev.moves || s.ply !== prev.ply || s.orientation !== prev.orientation)) writeUrl(s);
  if (action.type !== 'play') return;
  board.announce(i18n.t('moveAnnounce', { color: i18n.t(s.last.color), san: i18n.spokenMove(s.last.san, s.last.uci) }));
  send({ type: 'move', uci: s.last.uci, san: s.last.san, fen: s.fen });
  if (s.outcome) send({ type: 'gameEnd', result: s.outcome.result, reason: s.outcome.reason });
}

// ---------------------------------------------------------------- the game

/** The players of the fragment: the person plays the side at the bottom, the engine the other. */
function players(orientation) {
  return { mode: opts.engine ? 'engine' : 'two', level: opts.engine || undefined, human: orientation, orientation };
}

/** Sets the game from a FEN (read in the fragment's variant) and UCI/SAN moves (the first `ply` of them). */
function setPosition(fen, moves, ply = NaN, orientation = store.getState().orientation) {
  const n = Number.isFinite(ply) ? Math.max(0, Math.min(ply, moves.length)) : moves.length;
  return store.load({ variant: opts.link.variant, fen: fen || undefined, moves: moves.slice(0, n), mode: 'keep', players: players(orientation) });
}

// ---------------------------------------------------------------- commands from the host

function stateMessage() {
  const s = store.getState();
  return { type: 'state', fen: s.fen, moves: played(s), status: s.status, startFen: s.startFen, variant: s.variant, orientation: s.orientation };
}

function movesOf(value) {
  if (value === undefined || value === null) return [];
  if (typeof value === 'string') return value.trim().split(/[\s,]+/).filter(Boolean);
  if (Array.isArray(value) && value.length <= MAX_MOVES && value.every((m) => typeof m === 'string')) return value;
  return null;
}

function onMessage(event) {
  if (window.parent !== window && event.source !== window.parent) return; // only the host page
  if (opts.origin && event.origin !== opts.origin) {
    console.warn(`makruk embed: ignored a message from ${event.origin} (only ${opts.origin} may command this board)`);
    return;
  }
  const msg = event.data;
  if (!msg || typeof msg !== 'object' || Array.isArray(msg) || !COMMANDS.includes(msg.type)) {
    console.warn('makruk embed: ignored a malformed message (expected {type: "setPosition" | "flip" | "move" | "getState"})');
    return;
  }
  if (!store) return;
  switch (msg.type) {
    case 'setPosition': {
      const moves = movesOf(msg.moves);
      if ((msg.fen !== undefined && msg.fen !== null && typeof msg.fen !== 'string') || !moves) {
        console.warn('makruk embed: ignored a malformed setPosition (fen must be a string, moves a string or an array of strings)');
        return;
      }
      if (msg.fen && msg.fen.length > MAX_FEN) {
        refuse(`setPosition: the FEN is too long (${msg.fen.length} characters; at most ${MAX_FEN})`);
        return;
      }
      const res = setPosition(msg.fen || null, moves);
      if (res.error) refuse(`setPosition: ${res.error}`);
      else if (res.rejected) refuse(`setPosition: move ${res.rejected.n} (${res.rejected.move.slice(0, 20)}) rejected: ${res.rejected.error}`);
      break;
    }
    case 'flip': {
      const o = store.getState().orientation === 'white' ? 'black' : 'white';
      store.setPlayers({ orientation: o, human: o });
      break;
    }
    case 'move': {
      if (typeof msg.move !== 'string' || !msg.move || msg.move.length > 20) {
        console.warn('makruk embed: ignored a malformed move (move must be a UCI or SAN string)');
        return;
      }
      const res = store.play(msg.move);
      if (res.error) refuse(`move ${JSON.stringify(String(msg.move).slice(0, 20))} rejected: ${res.error}`);
      break;
    }
    case 'getState':
      send(stateMessage());
      break;
    default:
      break;
  }
}

// ---------------------------------------------------------------- start

/** The puzzle of the fragment; a bad one is said, and the board left usable on its position. */
async function applyPuzzle() {
  const { link } = opts;
  board.set({ theme: opts.theme, coords: opts.coords, pieceSet: opts.pieceSet, viewOnly: !opts.interactive });
  const { embedPuzzle } = await import('./puzzles/embed-puzzle.js');
  const params = new URLSearchParams(link.params);
  if ((params.get('solution') || '').length > MAX_SOLUTION * 6) params.set('solution', '');
  const res = await embedPuzzle({ store, params, fen: link.fen, lang: i18n.lang, send, show: say });
  if (!res.error) {
    puzzle = res;
    return;
  }
  puzzle = null;
  say(res.error);
  if (setPosition(link.fen, []).error) setPosition(null, []);
}

function applyFragment(first) {
  const { link } = opts;
  puzzle = null;
  board.set({ theme: opts.theme, coords: opts.coords, pieceSet: opts.pieceSet, viewOnly: !opts.interactive });
  const res = setPosition(link.fen, link.moves, link.ply, link.orientation);
  store.setSettings({ sound: opts.sound });
  if (link.badVariant) {
    const m = badVariantMessage(link);
    say(i18n.t(m.key, m.values));
  }
  if (res.error) {
    say(i18n.t('badFen', { error: res.error }));
    if (first) setPosition(null, [], NaN, link.orientation);
    else writeUrl(store.getState());
  } else if (res.rejected) {
    say(i18n.t('badMove', res.rejected));
  }
}

async function main() {
  if (opts.lesson !== null) {
    // a lesson has its own exercises and rules module (the full one): no game, no commands
    onLinkChange(() => location.reload());
    const { embedLesson } = await import('./learn/embed-lesson.js');
    await embedLesson({ board, i18n, name: opts.lesson, send, show: say });
    document.body.dataset.ready = 'lesson';
    send({ type: 'ready' });
    return;
  }
  window.addEventListener('message', onMessage);
  const rules = await loadRules(i18n, say);
  if (!rules) return;
  store = createStore(rules.Game);
  store.subscribe(onChange);
  createSound(store);
  const wasPuzzle = opts.puzzle;
  onLinkChange((hash) => {
    if (hash === lastHash) return;
    opts = readOptions(hash);
    // to or from a puzzle: another kind of board, started afresh
    if (wasPuzzle || opts.puzzle) return location.reload();
    applyFragment(false);
    send({ type: 'ready' }); // a new fragment is a fresh start for the host too
  });
  // a puzzle's replies are its solution's, never the engine's
  if (opts.puzzle) {
    await applyPuzzle();
    document.body.dataset.ready = 'puzzle';
    send({ type: 'ready' });
    return;
  }
  createEngineDriver(store, {
    eager: false, // only a board that plays the engine loads it
    connect: async () => {
      try {
        const mod = await import('./engine-client.js');
        return await mod.createEngine({ onCrash: (m) => console.warn('makruk embed: engine:', m) });
      } catch (e) {
        say(i18n.t('engineMissing', { error: errorText(e) }));
        opts.engine = null;
        store.setPlayers({ mode: 'two' });
        throw e;
      }
    },
    moveLimits: (s) => ({ level: s.level }),
  });
  applyFragment(true);
  document.body.dataset.ready = 'game';
  send({ type: 'ready' });
}

main();
