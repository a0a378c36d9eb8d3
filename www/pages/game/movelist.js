// The move list of a tree with variations or notes (view.js draws a plain line itself and
// loads this when a tree has more): the tree of moves (tree.js) as lichess shows it. The main line in numbered
// rows; after a move that has alternatives, each of them on a row of its own, inline, with
// the variations inside it in parentheses. Every move is a button named by its path
// (`data-path`, "0.0.1"; `data-ply` too when it is on the current line); its NAGs and the
// review's marks follow it, its comment after it, as text (never markup). Screen readers
// hear each move in words, and at a fork "variation 1 of 2".

import { $, keepInView } from '../../common/dom.js';
import { markOfNag } from '../../common/game/review.js';
import { nodeAt, common, extend } from '../../common/game/tree.js';
import { moveRow } from './move-row.js';

/** The list's styles for variations and comments (a first visit's style.css has none of
 * them): a fork's alternatives on rows of their own, the variations inside them in
 * parentheses, comments as text that wraps anywhere. Adopted, not a <style> element (the
 * page's CSP allows none). */
const STYLES = `
.moves li.variations { display: block; padding: 0 0 4px 3em; font-size: 14px; overflow-wrap: anywhere; }
.moves div.variation { border-left: 2px solid var(--muted); padding-left: 6px; margin: 2px 0; }
.moves span.variation::before { content: '('; color: var(--muted); }
.moves span.variation::after { content: ')'; color: var(--muted); }
.variation button.move { min-height: 24px; padding: 1px 3px; }
.variation .move-no { margin: 0 2px 0 4px; }
.moves span.variation > .move-no:first-child { margin-left: 0; }
.moves .comment { color: var(--muted); margin: 0 4px; white-space: pre-wrap; }
`;
if (typeof CSSStyleSheet === 'function' && document.adoptedStyleSheets) {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(STYLES);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}

/** The signs of NAGs 1 to 6. */
const NAG_SIGNS = ['', '!', '?', '!!', '??', '!?', '?!'];

/** A move's number as written before it: "12." for White, "12…" for Black (or "12." in a
 * row of the main line, which shows Black's place); the core's number (`store.moveNumber`). */
function moveNo(s, ply, { store }) {
  const no = store.moveNumber(ply);
  const span = document.createElement('span');
  span.className = 'move-no';
  span.textContent = store.turnAt(ply) === 'white' ? `${no}.` : `${no}…`;
  return span;
}

/** The names of the moves of the line through `path` (to its end) in the chosen notation. */
function namesOf(s, path, { store }) {
  const nodes = [];
  for (let n = s.tree, k = 0, full = extend(s.tree, path); k < full.length; k++) nodes.push(n = n.children[full[k]]);
  return store.names(s.startFen, nodes.map((n) => n.uci), nodes.map((n) => n.san));
}

/** The button of the move at `path`, shown as `name`. */
function moveButton(s, path, node, { i18n }, name = node.san) {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = 'move';
  b.dataset.path = path.join('.');
  const ply = path.length;
  if (common(s.path, path) === ply) b.dataset.ply = String(ply);
  b.textContent = name;
  const onMain = path.every((i) => i === 0);
  const mark = onMain ? markOfNag(s.review?.marks?.[ply - 1]?.nag) : null;
  const spoken = [i18n.spokenMove(node.facts, node.uci, name)];
  if (mark) spoken.push(i18n.t(mark.name));
  const signs = node.nags.filter((n) => NAG_SIGNS[n] && !(mark && mark.nag === n)).map((n) => NAG_SIGNS[n]);
  if (mark) signs.unshift(mark.sign);
  if (signs.length) {
    const sign = document.createElement('span');
    sign.className = mark ? `mark mark-${mark.name}` : 'mark';
    sign.textContent = signs.join('');
    b.append(sign);
    if (!mark) spoken.push(signs.join(''));
  }
  const siblings = nodeAt(s.tree, path.slice(0, -1)).children.length;
  if (siblings > 1) spoken.push(i18n.t('variationOf', { n: path[ply - 1] + 1, count: siblings }));
  b.setAttribute('aria-label', spoken.join(', '));
  if (ply === s.ply && common(s.path, path) === ply) b.setAttribute('aria-current', 'step');
  return b;
}

/**
 * What a screen reader hears at a fork: "variation 2 of 3, Ma to d7" for the move at the
 * cursor when it has alternatives, else for the next move of the line when it has; else null.
 */
export function forkText(s, { i18n, store }) {
  for (const ply of [s.ply, s.ply + 1]) {
    if (ply < 1 || ply > s.path.length) continue;
    const count = nodeAt(s.tree, s.path.slice(0, ply - 1)).children.length;
    if (count > 1) {
      const n = s.path[ply - 1] + 1;
      const name = store.names(s.startFen, s.moves.slice(0, ply), s.sans.slice(0, ply))[ply - 1];
      return `${i18n.t('variationOf', { n, count })}, ${i18n.spokenMove(s.facts[ply - 1], s.moves[ply - 1], name)}`;
    }
  }
  return null;
}

/** A move's comment, as text. */
function commentOf(node) {
  const span = document.createElement('span');
  span.className = 'comment';
  span.textContent = node.comment;
  return span;
}

/** Appends to `el` the line that starts with child `index` of the node at `parent`: its moves
 * inline, the alternatives of each later move in parentheses after it. */
function appendLine(el, s, parent, index, v) {
  const names = namesOf(s, [...parent, index], v);
  let numbered = true;
  for (let at = parent, i = index, first = true; ; first = false) {
    const atNode = nodeAt(s.tree, at);
    const path = [...at, i];
    const node = atNode.children[i];
    if (numbered || v.store.turnAt(path.length - 1) === 'white') el.append(moveNo(s, path.length - 1, v));
    el.append(moveButton(s, path, node, v, names[path.length - 1]));
    numbered = !!node.comment;
    if (node.comment) el.append(commentOf(node));
    if (!first) {
      for (let a = 1; a < atNode.children.length; a++) {
        const sub = document.createElement('span');
        sub.className = 'variation';
        appendLine(sub, s, at, a, v);
        el.append(sub);
        numbered = true;
      }
    }
    if (!node.children.length) return;
    at = path;
    i = 0;
  }
}

/** The row of the alternatives of the main line's move at ply `ply` (its siblings). */
function variationsRow(s, parent, v) {
  const li = document.createElement('li');
  li.className = 'variations';
  const siblings = nodeAt(s.tree, parent).children;
  for (let a = 1; a < siblings.length; a++) {
    const div = document.createElement('div');
    div.className = 'variation';
    appendLine(div, s, parent, a, v);
    li.append(div);
  }
  return li;
}

/** The move list of state `s` (`v`: {i18n}), the cursor's move kept in view. */
export function renderMoves(s, v) {
  const ol = $('moves');
  ol.replaceChildren();
  if (s.tree.comment) {
    const li = document.createElement('li');
    li.className = 'variations';
    li.append(commentOf(s.tree));
    ol.append(li);
  }
  const names = namesOf(s, [], v);
  let li = null;
  let open = false; // the row has room for Black's move
  for (let path = [], node = s.tree; node.children.length; ) {
    const parent = path;
    path = [...path, 0];
    node = node.children[0];
    const ply = path.length - 1;
    const white = v.store.turnAt(ply) === 'white';
    if (white || !open) {
      li = moveRow(v.store, ply, white);
      ol.append(li);
    }
    li.append(moveButton(s, path, node, v, names[ply]));
    open = white;
    const forked = nodeAt(s.tree, parent).children.length > 1;
    if (node.comment || forked) {
      if (node.comment) {
        const row = document.createElement('li');
        row.className = 'variations';
        row.append(commentOf(node));
        ol.append(row);
      }
      if (forked) ol.append(variationsRow(s, parent, v));
      open = false;
    }
  }
  keepInView(ol);
}

/**
 * Goes to the move at `prefix` (a path of the tree that ends at a move): along the current
 * line when the move is on it, else along its main continuation.
 */
export function gotoNode(store, prefix) {
  const s = store.getState();
  if (!nodeAt(s.tree, prefix)) return;
  store.gotoLine(common(s.path, prefix) === prefix.length ? s.path : prefix, prefix.length);
}

/**
 * Up/Down among the branches of a fork (`delta` -1 or 1): the move at the cursor is changed
 * for its previous or next alternative when it has any, else the line ahead follows the
 * next move's previous or next alternative (the cursor stays). Returns {index, count} of
 * the branch now followed, or null when there is no fork.
 */
export function chooseBranch(store, delta) {
  const s = store.getState();
  const at = s.ply > 0 && nodeAt(s.tree, s.path.slice(0, s.ply - 1)).children.length > 1 ? s.ply - 1 : s.ply;
  const n = nodeAt(s.tree, s.path.slice(0, at)).children.length;
  if (n < 2) return null;
  const index = ((at < s.path.length ? s.path[at] : 0) + delta + n) % n;
  store.gotoLine(extend(s.tree, [...s.path.slice(0, at), index]), s.ply, { type: 'branch' });
  return { index, count: n };
}
