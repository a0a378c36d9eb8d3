// The game kept across visits: local storage and the URL fragment (`#fen=..&moves=..&ply=..
// &orientation=..`), the first paint before the rules module has loaded, and restoring the
// game on load (a shared link, the saved game, or a new one).

import {
  app, share, i18n, load, store, newWasmGame, GAME_KEY, PREVIOUS_KEY, DEFAULT_LEVEL,
} from './state.js';
import { setLine } from './line.js';
import { showMessage } from './view.js';
import { errorText } from '../dom.js';
import { START_FEN, writeLink } from '../link.js';

/** Piece placement of a FEN for the first paint, before the wasm module has loaded. */
export function placementOf(fen) {
  const out = new Array(64).fill('');
  const rows = String(fen).split(' ')[0].split('/');
  if (rows.length !== 8) return out;
  rows.forEach((row, k) => {
    let f = 0;
    for (let j = 0; j < row.length && f < 8; j++) {
      const c = row[j];
      if (c >= '1' && c <= '8') f += Number(c);
      else if (c === '~') { const i = (7 - k) * 8 + f - 1; if (out[i]) out[i] += '~'; }
      else out[(7 - k) * 8 + f++] = c;
    }
  });
  return out;
}

export function save() {
  store(GAME_KEY, {
    startFen: app.startFen, moves: app.moves, ply: app.ply, fen: app.game.fen(), mode: app.mode, human: app.human,
    level: app.level, orientation: app.orientation, resigned: app.resigned, analysing: app.analysing,
    shared: app.shared,
  });
  try {
    history.replaceState(null, '', writeLink({ fen: app.startFen, moves: app.moves, ply: app.ply, orientation: app.orientation }));
  } catch {
    // sandboxed frames may refuse: the game still lives in storage
  }
  share?.refresh();
}

export function readFragment() {
  const h = location.hash.replace(/^#/, '');
  if (!h) return null;
  const p = new URLSearchParams(h);
  if (!p.has('fen') && !p.has('moves')) return null;
  const fen = (p.get('fen') || START_FEN).replace(/_/g, ' ').trim();
  const moves = (p.get('moves') || '').trim().split(/\s+/).filter(Boolean);
  const ply = p.has('ply') ? parseInt(p.get('ply'), 10) : NaN;
  const orientation = p.get('orientation') === 'black' ? 'black' : 'white';
  return { fen, moves, ply, orientation };
}

/** Sets a saved or linked line; a bad FEN gives its message and sets nothing. */
export function tryLine(fen, moves, ply) {
  try {
    const probe = newWasmGame(fen);
    probe.free?.();
  } catch (e) {
    showMessage(i18n.t('badFen', { error: errorText(e) }));
    return false;
  }
  const rejected = setLine(fen, moves, ply);
  if (rejected) showMessage(i18n.t('badMove', rejected));
  return true;
}

/** The players of a saved game, each checked (storage may hold anything). */
export function restorePlayers(saved) {
  app.mode = ['engine', 'two', 'watch'].includes(saved.mode) ? saved.mode : 'engine';
  app.human = saved.human === 'black' ? 'black' : 'white';
  app.level = Math.min(8, Math.max(1, Number(saved.level) || DEFAULT_LEVEL));
  app.analysing = !!saved.analysing;
}

export function restore() {
  const frag = readFragment();
  const saved = load(GAME_KEY);
  if (saved && typeof saved === 'object') {
    restorePlayers(saved);
    app.shared = !!saved.shared;
  }
  const same = frag && saved && saved.startFen === frag.fen && Array.isArray(saved.moves)
    && saved.moves.join(' ') === frag.moves.join(' ');
  if (frag && !same) {
    // a shared link: analysis mode, nothing moves by itself; the own game is kept aside
    app.orientation = frag.orientation;
    if (saved && Array.isArray(saved.moves) && !saved.shared) store(PREVIOUS_KEY, saved);
    if (tryLine(frag.fen, frag.moves, frag.ply)) {
      app.mode = 'two';
      app.shared = true;
      app.analysing = true;
      return;
    }
  }
  if (saved && typeof saved.startFen === 'string' && Array.isArray(saved.moves)) {
    app.orientation = frag && same ? frag.orientation : saved.orientation === 'black' ? 'black' : 'white';
    const ply = frag && same && Number.isFinite(frag.ply) ? frag.ply : Number(saved.ply);
    if (tryLine(saved.startFen, saved.moves.map(String), ply)) {
      if (saved.resigned && typeof saved.resigned.ply === 'number') app.resigned = saved.resigned;
      return;
    }
  }
  app.mode = 'engine';
  app.human = 'white';
  app.level = DEFAULT_LEVEL;
  app.shared = false;
  app.orientation = 'white';
  setLine(START_FEN, [], 0);
}
