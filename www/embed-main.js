// embed.html: a minimal board for an <iframe>. Driven by the fragment (the game page's
// fen, moves, ply, orientation, plus interactive, engine, coords, theme, lang, origin) and by
// postMessage from the host page:
//   host -> board: {type: "setPosition", fen, moves}, {type: "flip"}, {type: "move", move},
//                  {type: "getState"}
//   board -> host: {type: "ready"}, {type: "move", uci, san, fen}, {type: "gameEnd", result,
//                  reason}, {type: "state", fen, moves, status, startFen, orientation},
//                  {type: "error", message} (a command that could not be carried out)
// Malformed messages are ignored with a console warning; with `origin=` only that origin may
// command the board (and only it receives the board's messages). The rules are the wasm
// module's; the board component knows none.

import { createBoard } from './board/index.js';
import { createI18n } from './i18n/index.js';
import { readLink, writeLink, START_FEN } from './link.js';
import { errorText, flashMessage } from './dom.js';

const MAX_MOVES = 1000;
const MAX_FEN = 256; // a FEN is under 100 characters
const COMMANDS = ['setPosition', 'flip', 'move', 'getState'];

const $ = (id) => document.getElementById(id);

/** Options of the fragment. */
function readOptions(hash) {
  const link = readLink(hash);
  const p = link.params;
  const level = Number(p.get('engine'));
  return {
    link,
    interactive: p.get('interactive') !== '0',
    engine: Number.isInteger(level) && level >= 1 && level <= 8 ? level : null,
    coords: p.get('coords') === '0' ? 'none' : p.get('coords') === 'thai' ? 'thai' : 'latin',
    theme: p.get('theme') || 'wood',
    lang: p.get('lang') || undefined,
    origin: p.get('origin') || null,
  };
}

let opts = readOptions(location.hash);
const i18n = createI18n(opts.lang);
const state = {
  Game: null,
  game: null,
  startFen: START_FEN,
  orientation: opts.link.orientation,
  engine: null,
  token: 0,
  thinking: false,
  ended: false,
};

const board = createBoard(document.querySelector('#board canvas'), {
  orientation: state.orientation,
  theme: opts.theme,
  coords: opts.coords,
  viewOnly: !opts.interactive,
  describe: (sq, p) => i18n.describe(sq, p),
  label: i18n.t('boardLabel'),
  onMove: onBoardMove,
});
window.makrukBoard = board;
document.documentElement.lang = i18n.lang;

// ---------------------------------------------------------------- messages to the host

function send(msg) {
  if (window.parent === window) return;
  try {
    window.parent.postMessage(msg, opts.origin || '*');
  } catch (e) {
    console.warn('makruk embed: could not post to the host:', errorText(e));
  }
}

function showMessage(text) {
  flashMessage($('message'), text, 8000);
}

/** A command that could not be carried out: the host hears why, the page keeps its game. */
function refuse(text) {
  console.warn('makruk embed:', text);
  send({ type: 'error', message: text });
}

// ---------------------------------------------------------------- the game

/** Sets the game from a FEN and UCI/SAN moves. A bad FEN keeps the game; a bad move keeps the prefix. */
function setPosition(fen, moves, ply = NaN) {
  let g;
  try {
    g = fen ? new state.Game(fen) : new state.Game();
  } catch (e) {
    return { error: errorText(e) };
  }
  let rejected = null;
  const n = Number.isFinite(ply) ? Math.max(0, Math.min(ply, moves.length)) : moves.length;
  for (let k = 0; k < n; k++) {
    try {
      g.play(moves[k]);
    } catch (e) {
      rejected = { n: k + 1, move: String(moves[k]), error: errorText(e) };
      break;
    }
  }
  state.game?.free?.();
  state.game = g;
  state.startFen = g.startFen();
  state.ended = false;
  cancelEngine();
  render();
  writeUrl();
  maybeEngine();
  return { rejected };
}

function status() {
  return state.game.status();
}

function render() {
  const st = status();
  const pieces = state.game.board();
  const moves = state.game.moves();
  const last = moves[moves.length - 1];
  const dests = new Map();
  const over = st.result !== '*';
  if (!over && !engineTurn(st.turn)) {
    for (const m of state.game.legalMoves()) {
      if (!dests.has(m.from)) dests.set(m.from, []);
      dests.get(m.from).push(m.to);
    }
  }
  const k = pieces.indexOf(st.turn === 'white' ? 'K' : 'k');
  board.set({
    pieces,
    dests,
    orientation: state.orientation,
    lastMove: last ? [last.slice(0, 2), last.slice(2, 4)] : null,
    check: st.check && k >= 0 ? 'abcdefgh'[k & 7] + ((k >> 3) + 1) : null,
  });
}

function writeUrl() {
  try {
    const link = writeLink({ fen: state.startFen, moves: state.game.moves(), orientation: state.orientation });
    const keep = new URLSearchParams(location.hash.slice(1));
    const p = new URLSearchParams(link.slice(1));
    for (const k of ['interactive', 'engine', 'coords', 'theme', 'lang', 'origin']) if (keep.has(k)) p.set(k, keep.get(k));
    lastHash = '#' + p.toString();
    history.replaceState(null, '', lastHash);
  } catch {
    // a sandboxed frame may refuse; the game goes on
  }
}

function engineTurn(turn) {
  // the person plays the side at the bottom; the engine the other one
  return opts.engine !== null && turn !== state.orientation;
}

/** Plays a move (UCI or SAN) and tells the host; returns false when it is not legal. */
function play(move, { quiet = false } = {}) {
  let res;
  try {
    res = state.game.play(move);
  } catch (e) {
    if (!quiet) refuse(`move ${JSON.stringify(String(move).slice(0, 20))} rejected: ${errorText(e)}`);
    render();
    return false;
  }
  render();
  writeUrl();
  const st = status();
  board.announce(i18n.t('moveAnnounce', { color: i18n.t(st.turn === 'white' ? 'black' : 'white'), san: res.san }));
  send({ type: 'move', uci: res.uci, san: res.san, fen: state.game.fen() });
  if (st.result !== '*' && !state.ended) {
    state.ended = true;
    send({ type: 'gameEnd', result: st.result, reason: st.reason });
  }
  maybeEngine();
  return true;
}

function onBoardMove(from, to) {
  const m = state.game.legalMoves().find((x) => x.from === from && x.to === to);
  if (m) play(m.uci);
  else render();
}

async function maybeEngine() {
  const st = status();
  if (st.result !== '*' || !engineTurn(st.turn)) return;
  if (!state.engine) {
    try {
      const mod = await import('./engine-client.js');
      state.engine = await mod.createEngine({ onCrash: (m) => console.warn('makruk embed: engine:', m) });
    } catch (e) {
      showMessage(i18n.t('engineMissing', { error: errorText(e) }));
      opts.engine = null;
      render();
      return;
    }
  }
  const token = ++state.token;
  state.thinking = true;
  try {
    const res = await state.engine.search(state.startFen, state.game.moves(), { level: opts.engine });
    if (token === state.token) {
      state.thinking = false;
      if (res && res.move) play(res.move);
    }
  } catch (e) {
    if (token === state.token) {
      state.thinking = false;
      console.warn('makruk embed: engine search failed:', errorText(e));
    }
  }
}

/** Drops the engine's search (a new position or a commanded move came first). */
function cancelEngine() {
  state.token++;
  if (state.thinking) {
    state.thinking = false;
    state.engine?.stop?.();
  }
}

// ---------------------------------------------------------------- commands from the host

function stateMessage() {
  return {
    type: 'state',
    fen: state.game.fen(),
    moves: state.game.moves(),
    status: status(),
    startFen: state.startFen,
    orientation: state.orientation,
  };
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
  if (!state.game) return;
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
    case 'flip':
      state.orientation = state.orientation === 'white' ? 'black' : 'white';
      render();
      writeUrl();
      maybeEngine();
      break;
    case 'move':
      if (typeof msg.move !== 'string' || !msg.move || msg.move.length > 20) {
        console.warn('makruk embed: ignored a malformed move (move must be a UCI or SAN string)');
        return;
      }
      cancelEngine();
      play(msg.move);
      break;
    case 'getState':
      send(stateMessage());
      break;
    default:
      break;
  }
}

// ---------------------------------------------------------------- start

let lastHash = location.hash;

function applyFragment(first) {
  const link = opts.link;
  board.set({ theme: opts.theme, coords: opts.coords, viewOnly: !opts.interactive });
  state.orientation = link.orientation;
  const res = setPosition(link.fen, link.moves, link.ply);
  if (res.error) {
    showMessage(i18n.t('badFen', { error: res.error }));
    if (first) setPosition(null, []);
    else writeUrl();
  } else if (res.rejected) {
    showMessage(i18n.t('badMove', res.rejected));
  }
}

async function main() {
  window.addEventListener('message', onMessage);
  try {
    const mod = await import('./wasm.js');
    await mod.loadWasm();
    state.Game = mod.Game;
  } catch (e) {
    showMessage(i18n.t('wasmMissing', { error: errorText(e) }));
    return;
  }
  applyFragment(true);
  window.addEventListener('hashchange', (e) => {
    const hash = new URL(e.newURL).hash; // the address bar may have been rewritten since
    if (hash === lastHash) return;
    opts = readOptions(hash);
    applyFragment(false);
    send({ type: 'ready' }); // a new fragment is a fresh start for the host too
  });
  document.body.dataset.ready = 'game';
  send({ type: 'ready' });
}

main();
