// The line of moves and the cursor in it: building a line, moving the cursor, playing a
// move (a person's or the engine's), and what follows every change (saving, the result
// banner, the engine's turn, analysis).

import {
  $, app, board, i18n, status, outcome, engineSide, colorAt, newWasmGame, load, store,
  GAME_KEY, PREVIOUS_KEY,
} from './state.js';
import { save } from './persist.js';
import { cancelSearch, engineMove, analyse, clearLines } from './engine.js';
import { refresh, showBanner, hideBanner, resultText, showMessage } from './view.js';
import { errorText } from '../dom.js';

/** Build the line from a start FEN and UCI moves; returns the index of a rejected move. */
export function setLine(startFen, moves, ply) {
  const g = newWasmGame(startFen);
  const sans = [];
  let rejected = null;
  for (let k = 0; k < moves.length; k++) {
    try {
      sans.push(g.play(moves[k]).san);
    } catch (e) {
      rejected = { n: k + 1, move: moves[k], error: errorText(e) };
      break;
    }
  }
  const line = moves.slice(0, sans.length);
  if (app.game) app.game.free?.();
  app.game = g;
  app.startFen = startFen;
  app.moves = line;
  app.sans = sans;
  app.ply = line.length;
  app.resigned = null;
  goto(Math.min(Math.max(0, Number.isFinite(ply) ? ply : line.length), line.length), { quiet: true });
  return rejected;
}

/** Move the cursor: undo or replay moves of the line on the one wasm Game. */
export function goto(ply, { quiet = false } = {}) {
  ply = Math.max(0, Math.min(app.moves.length, ply));
  if (ply === app.ply && !quiet) return;
  while (app.ply > ply) {
    app.game.undo();
    app.ply--;
  }
  while (app.ply < ply) {
    app.game.play(app.moves[app.ply]);
    app.ply++;
  }
  app.hint = null;
  cancelSearch();
  refresh();
  afterChange();
}

/** A move by a person (board, keyboard) or the engine, at the cursor. */
export function playMove(uci, byEngine = false) {
  let res;
  try {
    res = app.game.play(uci);
  } catch (e) {
    showMessage(errorText(e));
    refresh();
    return false;
  }
  if (app.moves[app.ply] === res.uci) {
    app.ply++;
  } else {
    app.moves.length = app.ply;
    app.sans.length = app.ply;
    app.moves.push(res.uci);
    app.sans.push(res.san);
    app.ply++;
    app.resigned = null;
  }
  app.hint = null;
  const mover = colorAt(app.ply - 1);
  board.announce(i18n.t('moveAnnounce', { color: i18n.t(mover), san: res.san }));
  if (!byEngine) cancelSearch();
  refresh();
  afterChange();
  return true;
}

export function onBoardMove(from, to) {
  const legal = app.game.legalMoves().filter((m) => m.from === from && m.to === to);
  if (!legal.length) {
    refresh();
    return;
  }
  // promotion is compulsory and has no choice: at most one legal move per from/to
  playMove(legal[0].uci);
}

export function afterChange() {
  save();
  const over = outcome();
  if (over) {
    if (app.bannerShownFor !== app.moves.length + ':' + over.result) {
      app.bannerShownFor = app.moves.length + ':' + over.result;
      showBanner(over);
      board.announce(resultText(over));
    }
    if (app.analysing) analyse();
    return;
  }
  hideBanner();
  const turn = status().turn;
  if (app.engine && app.ply === app.moves.length && engineSide(turn)) {
    engineMove();
  } else if (app.analysing) {
    analyse();
  }
}

// ---------------------------------------------------------------- starting and loading lines

export function newGame({ startFen, mode, human, level }) {
  cancelSearch();
  app.mode = mode;
  app.human = human;
  app.level = level;
  app.shared = false;
  app.bannerShownFor = null;
  app.orientation = mode === 'engine' ? human : 'white';
  clearLines();
  setLine(startFen, [], 0);
  board.announce(i18n.t('toMove', { color: i18n.t(status().turn) }));
}

/**
 * Loads a line from a link, a FEN, a PGN or the board editor. The FEN is checked first: a bad
 * one returns {error} and keeps the current game; else {rejected} names a refused move (the
 * moves before it are kept). mode: "shared" (analysis; the person chooses how to go on),
 * "analyse", "two", or "engine" (the person plays the side to move).
 */
export function loadLine({ fen, moves = [], ply = NaN, orientation, mode = 'shared' }) {
  try {
    newWasmGame(fen).free?.();
  } catch (e) {
    return { error: errorText(e) };
  }
  cancelSearch();
  // the own game is put aside ("Back to my game") when another one opens for a look
  if (mode === 'shared' && !app.shared && app.moves.length) store(PREVIOUS_KEY, load(GAME_KEY));
  clearLines();
  app.bannerShownFor = null;
  app.shared = mode === 'shared';
  app.analysing = mode === 'shared' || mode === 'analyse';
  app.mode = mode === 'engine' ? 'engine' : 'two';
  if (mode === 'engine') app.human = fen.split(' ')[1] === 'b' ? 'black' : 'white';
  app.orientation = mode === 'engine' ? app.human : orientation || app.orientation;
  const rejected = setLine(fen, moves, ply);
  return { rejected };
}

// ---------------------------------------------------------------- taking back, resigning

export function undo() {
  cancelSearch();
  let target = app.ply - 1;
  if (app.mode === 'engine') {
    // take back the engine's reply too: return to the last position where the person moves
    while (target > 0 && colorAt(target) !== app.human) target--;
    if (target < 0 || colorAt(target) !== app.human) return;
  }
  goto(Math.max(0, target));
}

export function redo() {
  let target = app.ply + 1;
  if (app.mode === 'engine') {
    while (target < app.moves.length && colorAt(target) !== app.human) target++;
  }
  goto(Math.min(app.moves.length, target));
}

export function resign() {
  if (outcome()) return;
  const btn = $('btn-resign');
  if (btn.dataset.confirm !== '1') {
    btn.dataset.confirm = '1';
    btn.textContent = i18n.t('resignConfirm');
    setTimeout(() => { btn.dataset.confirm = ''; btn.textContent = i18n.t('resign'); }, 4000);
    return;
  }
  btn.dataset.confirm = '';
  btn.textContent = i18n.t('resign');
  cancelSearch();
  const loser = app.mode === 'engine' ? app.human : status().turn;
  app.moves.length = app.ply;
  app.sans.length = app.ply;
  app.resigned = { color: loser, ply: app.ply };
  refresh();
  afterChange();
}
