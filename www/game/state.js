// The game page's state: the line of moves, the cursor in it and the players (`app`), the
// page settings, local storage, and the questions every part asks about the position.
// Legality and status always come from the wasm `Game` at the cursor.

import { createI18n } from '../i18n/index.js';
import { START_FEN } from '../link.js';

export const GAME_KEY = 'makruk.game';
export const PREVIOUS_KEY = 'makruk.previousGame'; // the own game put aside when a shared link opens
export const SETTINGS_KEY = 'makruk.settings';
export const DEFAULT_LEVEL = 4;

export const $ = (id) => document.getElementById(id);

// ---------------------------------------------------------------- storage (may be blocked)

export function load(key) {
  try {
    const v = localStorage.getItem(key);
    return v ? JSON.parse(v) : null;
  } catch {
    return null;
  }
}

export function store(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // private window or full storage: the URL fragment still carries the game
  }
}

// ---------------------------------------------------------------- state

export const i18n = createI18n();
// Thai readers get Thai coordinates until they choose otherwise.
export const settings = Object.assign({ theme: 'wood', coords: i18n.lang === 'th' ? 'thai' : 'latin' }, load(SETTINGS_KEY) || {});
export const app = {
  Game: null, // wasm class
  engine: null,
  startFen: START_FEN,
  moves: [], // the whole line (UCI), including moves ahead of the cursor (redo)
  sans: [],
  ply: 0, // cursor: number of moves of the line played on the board
  game: null, // wasm Game at the cursor
  mode: 'engine', // engine | two | watch
  human: 'white', // in engine mode
  level: DEFAULT_LEVEL,
  orientation: 'white',
  resigned: null, // {color, ply}
  analysing: false,
  multipv: 3,
  shared: false,
  bannerShownFor: null,
  searchToken: 0,
  search: null, // {promise, kind, token}
  thinking: false,
  hint: null,
};

// The board component and the share features (www/share.js), set once by main.js.
export let board = null;
export let share = null;

export function setBoard(b) {
  board = b;
}

export function setShare(s) {
  share = s;
}

// ---------------------------------------------------------------- questions about the game

export function newWasmGame(fen) {
  return fen === START_FEN ? new app.Game() : new app.Game(fen);
}

export function status() {
  return app.game.status();
}

/** The result at the cursor, resignation included: {result, reason} or null. */
export function outcome() {
  const st = status();
  if (st.result && st.result !== '*') return { result: st.result, reason: st.reason };
  if (app.resigned && app.ply === app.resigned.ply) {
    return { result: app.resigned.color === 'white' ? '0-1' : '1-0', reason: 'resign' };
  }
  return null;
}

export function engineSide(color) {
  return app.mode === 'watch' || (app.mode === 'engine' && color !== app.human);
}

/** Side to move after `ply` moves of the line. */
export function colorAt(ply) {
  const first = app.startFen.split(' ')[1] === 'b' ? 'black' : 'white';
  return ply % 2 === 0 ? first : first === 'white' ? 'black' : 'white';
}
