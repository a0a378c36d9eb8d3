// The game page: wiring between the board, the wasm rules module, the engine client and
// the controls. Every question about legality and status goes to the wasm `Game`; the
// modules of www/game/ keep only the line of moves, the cursor in it and the players:
//   state.js     the state, settings, storage and the questions about the position
//   line.js      the line and the cursor: playing, taking back, loading, resigning
//   engine.js    the engine's moves, analysis and the hint
//   view.js      rendering around the board: players, moves, status, banner, messages
//   persist.js   local storage, the URL fragment and restoring the game on load
//   controls.js  buttons, keyboard, settings and the new-game dialog
// Text from data (SAN, FEN, error messages, URL parameters) is only ever set with
// textContent, never parsed as HTML.

import { createBoard } from './board/index.js';
import {
  app, board, i18n, settings, load, engineSide, setBoard, setShare, GAME_KEY,
} from './game/state.js';
import { goto, onBoardMove, afterChange, loadLine } from './game/line.js';
import { loadEngine } from './game/engine.js';
import { refresh, setStatus, showMessage, applyLanguage } from './game/view.js';
import { placementOf, readFragment, restore, save } from './game/persist.js';
import { wireControls } from './game/controls.js';
import { errorText } from './dom.js';
import { START_FEN } from './link.js';

/** What www/share.js may see and do of the page. */
function shareApi() {
  return {
    Game: app.Game,
    board,
    i18n,
    showMessage,
    load: loadLine,
    goto: (ply) => goto(ply),
    rewriteUrl: save,
    line: () => ({
      startFen: app.startFen, moves: app.moves.slice(), ply: app.ply, orientation: app.orientation,
      fen: app.game.fen(),
      // PGN player names: the engine by its level, people unknown ("?")
      white: engineSide('white') ? `Makruk engine, level ${app.level}` : '?',
      black: engineSide('black') ? `Makruk engine, level ${app.level}` : '?',
    }),
  };
}

async function main() {
  // Draw the board at once from the URL or the saved game; the rules module follows.
  const frag = readFragment();
  const saved = load(GAME_KEY);
  const same = frag && saved && saved.startFen === frag.fen && Array.isArray(saved.moves)
    && saved.moves.join(' ') === frag.moves.join(' ') && saved.ply === frag.ply;
  let firstFen = START_FEN;
  if (frag && !same) firstFen = frag.fen;
  else if (saved && typeof saved.fen === 'string') firstFen = saved.fen;
  const firstPieces = placementOf(firstFen);
  setBoard(createBoard(document.querySelector('#board canvas'), {
    pieces: firstPieces,
    orientation: frag ? frag.orientation : (saved && saved.orientation) || 'white',
    theme: settings.theme,
    coords: settings.coords,
    viewOnly: false,
    describe: (sq, p) => i18n.describe(sq, p),
    onMove: onBoardMove,
    onSelect: (sq) => {
      if (!sq || !app.game) return;
      const n = app.game.legalMoves().filter((m) => m.from === sq).length;
      board.announce(i18n.t('pickedUp', { square: sq, n }));
    },
    label: i18n.t('boardLabel'),
    describedBy: 'board-help',
  }));
  requestAnimationFrame(() => performance.mark('board-drawn'));
  window.makrukBoard = board;
  wireControls();
  applyLanguage();
  setStatus(i18n.t('loading'));

  try {
    const mod = await import('./wasm.js');
    await mod.loadWasm();
    app.Game = mod.Game;
  } catch (e) {
    setStatus(i18n.t('wasmMissing', { error: errorText(e) }));
    return;
  }
  restore();
  refresh();
  // share.js (link, PNG, QR, FEN/PGN panel, editor) loads after the board is up, and a
  // failure there cannot take the game down with it
  try {
    const { initShare } = await import('./share.js');
    setShare(initShare(shareApi()));
  } catch (e) {
    console.warn('share.js:', e);
  }
  document.body.dataset.ready = 'game';
  await loadEngine();
  refresh();
  afterChange();
  document.body.dataset.ready = app.engine ? 'engine' : 'game';
}

main();
