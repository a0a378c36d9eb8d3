// The menu of the move at the cursor (loaded when it first opens: the "⋯" button under the
// move list, or a right click or long press on a move): promote its variation, make its line
// the main one, delete from it, copy its line as PGN; its marks (NAGs) and its comment,
// written, edited and deleted. Each change is a pure edit of the tree (tree-edit.js) that
// the store makes (store.editTree). Comments are text: written into the tree and shown with
// textContent, never as markup.

import { $, h, openDialog, errorText } from '../../common/dom.js';
import { nodeAt } from '../../common/game/tree.js';
import { promote, makeMain, deleteNode, withNotes } from './tree-edit.js';

/** The marks a move may have: NAG, sign, and its name's text key. */
const MARKS = [[1, '!', 'nagGood'], [2, '?', 'mistake'], [3, '!!', 'nagBrilliant'], [4, '??', 'blunder'], [5, '!?', 'nagInteresting'], [6, '?!', 'inaccuracy']];

/** Longest comment kept (characters). */
const MAX_COMMENT = 2000;

let menu = null; // the dialog, built once

/** The menu's styles (not in a first visit's style.css), adopted when it first opens (the
 * page's CSP allows no <style> element). */
const STYLES = `
.move-menu-actions { display: flex; flex-wrap: wrap; gap: 6px; margin: 8px 0; }
.move-menu-marks { display: flex; gap: 4px; margin: 8px 0; }
.move-menu-marks button { min-width: 2.6em; font-weight: 700; }
.move-menu-marks button[aria-pressed="true"] { background: var(--accent); color: var(--accent-ink); }
.move-menu textarea { display: block; box-sizing: border-box; width: 100%; font: inherit; }
`;

function adoptStyles() {
  if (typeof CSSStyleSheet !== 'function' || !document.adoptedStyleSheets) return;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(STYLES);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}

/** The path of the move at the cursor, or null at the start. */
function cursorPath(s) {
  return s.ply > 0 ? s.path.slice(0, s.ply) : null;
}

/** The menu's edits of the tree: each returns what store.editTree takes. */
const EDITS = {
  promote: (s, at) => {
    const res = promote(s.tree, at);
    return { tree: res.tree, path: [...res.path, ...s.path.slice(s.ply)], ply: s.ply };
  },
  main: (s) => ({ tree: makeMain(s.tree, s.path), path: s.path.map(() => 0), ply: s.ply }),
  delete: (s, at) => ({ tree: deleteNode(s.tree, at), path: at.slice(0, -1), ply: at.length - 1 }),
};

/** Builds the dialog (once): its parts are filled for each move when it opens. */
function build({ store, i18n }) {
  const t = i18n.t;
  const status = h('p', { class: 'move-menu-status', role: 'status' });
  const say = (text) => { status.textContent = text; };
  const act = (name) => () => {
    const s = store.getState();
    const at = cursorPath(s);
    if (at) store.editTree((st) => EDITS[name](st, at));
    close();
  };
  const button = (id, key, onclick) => h('button', { type: 'button', id, 'data-i18n': key, text: t(key), onclick });
  const marks = h('div', { class: 'move-menu-marks', role: 'group', 'aria-label': t('nagMarks') },
    MARKS.map(([nag, sign, key]) => h('button', {
      type: 'button', 'data-nag': String(nag), text: sign, 'aria-label': t(key), 'aria-pressed': 'false',
      onclick: () => note((n) => ({ nags: n.nags.includes(nag) ? n.nags.filter((x) => x !== nag) : [...n.nags.filter((x) => x > 6), nag] })),
    })));
  const text = h('textarea', { id: 'move-comment', rows: 3, maxlength: MAX_COMMENT });
  /** Changes the notes of the move at the cursor. */
  function note(change) {
    const s = store.getState();
    const at = cursorPath(s);
    if (!at) return;
    store.editTree((st) => ({ tree: withNotes(st.tree, at, change(nodeAt(st.tree, at))), path: st.path, ply: st.ply }));
    fill(store.getState(), i18n);
  }
  const dlg = h('dialog', { id: 'move-menu', class: 'move-menu', 'aria-labelledby': 'move-menu-title' },
    h('h2', { id: 'move-menu-title' }),
    h('div', { class: 'move-menu-actions' },
      button('move-promote', 'promoteVariation', act('promote')),
      button('move-main', 'makeMainLine', act('main')),
      button('move-delete', 'deleteFromHere', act('delete')),
      button('move-copy', 'copyLinePgn', () => copyLine(store, i18n).then(say))),
    marks,
    h('label', { for: 'move-comment', 'data-i18n': 'commentLabel', text: t('commentLabel') }),
    text,
    h('div', { class: 'move-menu-actions' },
      button('move-comment-save', 'commentSave', () => note(() => ({ comment: text.value.slice(0, MAX_COMMENT) }))),
      button('move-comment-delete', 'commentDelete', () => {
        text.value = '';
        note(() => ({ comment: '' }));
      }),
      button('move-menu-close', 'close', close)),
    status);
  function close() {
    dlg.close?.();
    dlg.removeAttribute('open');
    $('nav-menu')?.focus();
  }
  document.body.append(dlg);
  return dlg;
}

/** The dialog's parts for the move at the cursor of `s`. */
function fill(s, i18n) {
  const at = cursorPath(s);
  const node = at && nodeAt(s.tree, at);
  if (!node) return;
  $('move-menu-title').textContent = i18n.t('moveMenuTitle', { move: node.san });
  $('move-promote').hidden = at.every((i) => i === 0);
  $('move-main').hidden = s.path.every((i) => i === 0);
  for (const b of menu.querySelectorAll('[data-nag]')) b.setAttribute('aria-pressed', String(node.nags.includes(Number(b.dataset.nag))));
  $('move-comment').value = node.comment;
  menu.querySelector('.move-menu-status').textContent = '';
}

/** The current line as PGN, copied: the text said after it. */
async function copyLine(store, i18n) {
  const s = store.getState();
  try {
    const [{ loadPgn, writePgn }, { copyText }] = await Promise.all([import('./share/pgn.js'), import('./share/clipboard.js')]);
    const Game = await loadPgn();
    const text = writePgn(Game, { variant: s.variant, fen: s.startFen, moves: s.moves });
    return i18n.t(await copyText(text, null) ? 'linePgnCopied' : 'linePgnFailed');
  } catch (e) {
    return i18n.t('wasmMissing', { error: errorText(e) });
  }
}

/** Opens the menu of the move at the cursor (nothing at the start of the line). */
export function openMoveMenu({ store, i18n }) {
  if (!cursorPath(store.getState())) return;
  if (!menu) {
    adoptStyles();
    menu = build({ store, i18n });
  }
  fill(store.getState(), i18n);
  openDialog(menu);
}
