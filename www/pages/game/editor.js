// The board editor: place and remove pieces from a palette, choose the side to move; the
// core's FEN reader decides whether the position is valid (two Khun, the side not to move
// not in check, no Bia on its promotion rank, ...), and its message says why not. Then
// play the engine, a friend, or analyse from there.

import { createBoard } from '../../common/board/index.js';
import { pieceImage } from '../../common/board/pieces.js';
import { START_FEN, boardToFen, fenToBoard } from '../../common/fen.js';
import { h, errorText, openDialog, closeDialog } from '../../common/dom.js';

const PALETTE = ['K', 'M', 'S', 'N', 'R', 'P', 'M~', 'k', 'm', 's', 'n', 'r', 'p', 'm~'];
const EMPTY_FEN = '8/8/8/8/8/8/8/8 w - - 0 1';

let editor = null;

/** The side to move in `fen` (the core's), White for a position the core refuses (an empty
 * board). */
function turnOf(Game, fen) {
  try {
    const g = new Game(fen);
    const turn = g.turnAt(0);
    g.free?.();
    return turn;
  } catch {
    return 'white';
  }
}

/** Opens the editor on the page's current position (api: see share.js initShare). */
export function openEditor(api) {
  if (!editor) editor = buildEditor(api);
  editor.open();
  return editor;
}

/** The editor's dialog, its board's canvas, palette (a press calls `onChoose(piece)`), side to
 * move and buttons. */
function editorDialog(i18n, onChoose) {
  const canvas = h('canvas');
  const boardBox = h('div', { class: 'editor-board', id: 'editor-board' }, canvas);
  const message = h('p', { class: 'editor-message', id: 'editor-message', role: 'status' });
  const fenOut = h('output', { id: 'editor-fen', class: 'editor-fen' });
  const paletteButtons = [];
  const palette = h('div', { class: 'editor-palette', role: 'toolbar', 'aria-labelledby': 'editor-pieces' });
  for (const code of [...PALETTE, 'erase']) {
    const b = h('button', { type: 'button', class: 'palette-piece', 'data-piece': code, 'aria-pressed': 'false' });
    if (code === 'erase') {
      b.append(h('span', { 'data-i18n': 'edErase', text: i18n.t('edErase') }));
    } else {
      b.append(h('canvas', { width: 64, height: 64, 'aria-hidden': 'true' }));
    }
    b.addEventListener('click', () => onChoose(code));
    paletteButtons.push(b);
    palette.append(b);
  }
  const turnBox = h('fieldset', { class: 'editor-turn' },
    h('legend', { 'data-i18n': 'edToMove', text: i18n.t('edToMove') }),
    ...['white', 'black'].map((c) => h('label', {},
      h('input', { type: 'radio', name: 'editor-turn', value: c, id: `editor-turn-${c}` }),
      ' ', h('span', { 'data-i18n': c, text: i18n.t(c) }))));
  const btn = (id, key) => h('button', { type: 'button', id, 'data-i18n': key, text: i18n.t(key) });
  const startBtn = btn('editor-start', 'edStart');
  const clearBtn = btn('editor-clear', 'edClear');
  const currentBtn = btn('editor-current', 'edCurrent');
  const engineBtn = btn('editor-engine', 'edPlayEngine');
  const friendBtn = btn('editor-friend', 'edPlayFriend');
  const analyseBtn = btn('editor-analyse', 'edAnalyse');
  const cancelBtn = btn('editor-cancel', 'cancel');
  const el = h('dialog', { id: 'editor', class: 'editor-dialog', 'aria-labelledby': 'editor-title' },
    h('h2', { id: 'editor-title', 'data-i18n': 'editor', text: i18n.t('editor') }),
    h('div', { class: 'editor-main' },
      boardBox,
      h('div', { class: 'editor-tools' },
        h('h3', { id: 'editor-pieces', 'data-i18n': 'edPieces', text: i18n.t('edPieces') }),
        palette,
        h('p', { class: 'editor-help', 'data-i18n': 'edHelp', text: i18n.t('edHelp') }),
        turnBox,
        h('div', { class: 'share-row' }, startBtn, clearBtn, currentBtn),
        fenOut,
        message)),
    h('div', { class: 'dialog-buttons' }, engineBtn, friendBtn, analyseBtn, cancelBtn));
  return { canvas, el, boardBox, message, fenOut, paletteButtons, turnBox, startBtn, clearBtn, currentBtn, engineBtn,
    friendBtn, analyseBtn, cancelBtn };
}

function buildEditor(api) {
  const { i18n } = api;
  let pieces = new Array(64).fill('');
  let turn = 'white';
  let tool = 'K';
  let valid = false;

  const { canvas, el, boardBox, message, fenOut, paletteButtons, turnBox, startBtn, clearBtn, currentBtn, engineBtn,
    friendBtn, analyseBtn, cancelBtn } = editorDialog(i18n, (code) => choose(code));
  document.body.append(el);

  const board = createBoard(canvas, {
    pieces,
    animation: 0,
    dests: new Map(),
    describe: (sq, p) => i18n.describe(sq, p),
    label: i18n.t('editor'),
  });

  function choose(code) {
    tool = code;
    for (const b of paletteButtons) {
      b.setAttribute('aria-pressed', String(b.dataset.piece === tool));
      b.setAttribute('aria-label', b.dataset.piece === 'erase' ? i18n.t('edErase') : label(b.dataset.piece));
    }
  }

  function label(code) {
    const color = code[0] === code[0].toUpperCase() ? 'white' : 'black';
    return `${i18n.colorWord(color)} ${i18n.pieceName(code)}`;
  }

  function place(sq) {
    const i = (Number(sq[1]) - 1) * 8 + 'abcdefgh'.indexOf(sq[0]);
    if (i < 0 || i > 63) return;
    pieces = pieces.slice();
    pieces[i] = tool === 'erase' || pieces[i] === tool ? '' : tool;
    update();
  }

  /** Asks the core whether the position is valid; shows its message when not. */
  function update() {
    board.set({ pieces });
    const fen = boardToFen(pieces, turn);
    fenOut.textContent = fen;
    try {
      new api.Game(fen).free?.();
      valid = true;
      message.textContent = i18n.t('edValid');
      message.dataset.kind = 'ok';
    } catch (e) {
      valid = false;
      message.textContent = i18n.t('edInvalid', { error: errorText(e) });
      message.dataset.kind = 'error';
    }
    for (const b of [engineBtn, friendBtn, analyseBtn]) b.disabled = !valid;
  }

  /** The editor on `fen`'s placement with `side` to move (the core's reading of `fen`). */
  function setPosition(fen, side = turnOf(api.Game, fen)) {
    pieces = fenToBoard(fen);
    turn = side;
    el.querySelector(`#editor-turn-${turn}`).checked = true;
    update();
  }

  function finish(mode) {
    if (!valid) return;
    const res = api.load({ fen: boardToFen(pieces, turn), moves: [], ply: 0, mode,
      orientation: board.getState().orientation });
    if (res.error) {
      import('../../common/codes.js').then((c) => c.worded(i18n, 'edInvalid', res))
        .then((text) => { message.textContent = text; });
      return;
    }
    closeDialog(el);
  }

  boardBox.addEventListener('click', (e) => {
    const sq = e.target.closest && e.target.closest('[data-square]');
    if (sq) place(sq.dataset.square);
  });
  boardBox.addEventListener('keydown', (e) => {
    const sq = e.target.dataset && e.target.dataset.square;
    if (sq && (e.key === 'Enter' || e.key === ' ')) place(sq);
  });
  turnBox.addEventListener('change', (e) => {
    turn = e.target.value === 'black' ? 'black' : 'white';
    update();
  });
  startBtn.addEventListener('click', () => setPosition(START_FEN));
  clearBtn.addEventListener('click', () => setPosition(EMPTY_FEN, turn));
  currentBtn.addEventListener('click', () => setPosition(api.line().fen));
  engineBtn.addEventListener('click', () => finish('engine'));
  friendBtn.addEventListener('click', () => finish('two'));
  analyseBtn.addEventListener('click', () => finish('analyse'));
  cancelBtn.addEventListener('click', () => closeDialog(el));

  choose(tool);
  return {
    el,
    open() {
      const cur = api.line();
      // the page's piece set, on the editor's board and its palette
      const { pieceSet } = api.board.getState();
      board.set({ orientation: cur.orientation, pieceSet });
      for (const b of paletteButtons) {
        const icon = b.querySelector('canvas');
        if (!icon) continue;
        const c = icon.getContext('2d');
        c.clearRect(0, 0, 64, 64);
        c.drawImage(pieceImage(b.dataset.piece, 64, pieceSet), 0, 0);
      }
      setPosition(cur.fen);
      openDialog(el);
      board.redraw();
    },
  };
}
