// Editing the move tree (tree.js): promoting a variation, making it the main line,
// deleting from a move, and the PGN form. Pure functions, loaded on demand (the move menu,
// PGN): a first visit needs none of them.
//
// PGN (and the full module's `readPgn`/`Game.pgnTree`) writes a tree the other way round:
// a line of moves, each with `variations`, the lines played instead of it. `fromPgn` and
// `toPgn` turn one into the other.

import { editNode, nodeAt, extend, mainMoves, addMove } from '../../common/game/tree.js';

/** The tree with the line through `path` made the main one at each fork along it (its path
 * becomes all zeros). */
export function makeMain(tree, path) {
  let out = tree;
  for (let d = 0; d < path.length; d++) {
    if (path[d]) out = editNode(out, path.slice(0, d), (n) => moveChild(n, path[d], 0));
  }
  return out;
}

/** The tree with the variation through `path` moved one place up at its deepest fork (the
 * main line when it was the first variation). Returns {tree, path} (the same line's path). */
export function promote(tree, path) {
  const d = path.findLastIndex((i) => i > 0);
  if (d < 0) return { tree, path };
  const to = path[d] - 1;
  const next = [...path];
  next[d] = to;
  return { tree: editNode(tree, path.slice(0, d), (n) => moveChild(n, path[d], to)), path: next };
}

function moveChild(node, from, to) {
  const children = [...node.children];
  const [child] = children.splice(from, 1);
  children.splice(to, 0, child);
  return { ...node, children };
}

/** The tree with `patch` ({nags, comment}: either) on the notes of the node at `path`. */
export function withNotes(tree, path, patch) {
  return editNode(tree, path, (n) => ({ ...n, ...patch }));
}

/** The tree without the node at the end of `path` and what follows it. */
export function deleteNode(tree, path) {
  const parent = path.slice(0, -1);
  const i = path[path.length - 1];
  return editNode(tree, parent, (n) => ({ ...n, children: n.children.filter((_, k) => k !== i) }));
}

/** A tree from the PGN form ([{uci, san, nags, comment, variations: [[node, ...]]}]). */
export function fromPgn(line, comment = '') {
  const children = (nodes) => {
    if (!nodes.length) return [];
    const [first, ...rest] = nodes;
    const main = { uci: first.uci, san: first.san, nags: [...(first.nags || [])], comment: first.comment || '',
      children: children(rest) };
    return [main, ...(first.variations || []).flatMap(children)];
  };
  return { comment, children: children(line) };
}

/** The PGN form of a tree (see fromPgn), the moves without their SAN. */
export function toPgn(tree) {
  const line = (children) => {
    const out = [];
    for (let at = children; at.length; at = at[0].children) {
      const [main, ...alts] = at;
      out.push({ uci: main.uci, nags: main.nags, comment: main.comment, variations: alts.map((a) => line([a])) });
    }
    return out;
  };
  return { comment: tree.comment || '', moves: line(tree.children) };
}

/** Most moves of a tree read from storage. */
const MAX_TREE = 4000;

/**
 * The nodes of `children` (untrusted: storage) that the wasm game `g` takes, each checked
 * from its position (`g` is left as it was), SAN from the rules module, notes as text.
 */
function checkedChildren(g, children, budget) {
  const out = [];
  for (const c of Array.isArray(children) ? children : []) {
    if (budget.left-- <= 0 || !c || typeof c.uci !== 'string' || out.some((o) => o.uci === c.uci)) continue;
    let res;
    try {
      res = g.play(c.uci);
    } catch {
      continue;
    }
    const nags = Array.isArray(c.nags) ? c.nags.filter((n) => Number.isInteger(n) && n > 0 && n < 256).slice(0, 8) : [];
    const comment = typeof c.comment === 'string' ? c.comment.slice(0, 2000) : '';
    const children = checkedChildren(g, c.children, budget);
    out.push({ uci: res.uci, san: res.san, facts: res.facts, nags, comment, children });
    g.undo();
  }
  return out;
}

/**
 * A saved tree (untrusted) for state `s`, whose main line the store has loaded, as
 * store.editTree takes it: {tree, path, ply} with the tree checked move by move by a new
 * `Game` of the rules module, `path` cut to its moves; null when its main line is not the
 * game's (the game read first, with its count actions, leads).
 */
export function restoredTree(Game, s, saved, path, ply) {
  const g = new Game(s.startFen, s.variant);
  let tree;
  try {
    tree = { comment: typeof saved?.comment === 'string' ? saved.comment.slice(0, 2000) : '',
      children: checkedChildren(g, saved?.children, { left: MAX_TREE }) };
  } finally {
    g.free?.();
  }
  if (mainMoves({ tree }).join(' ') !== mainMoves(s).join(' ')) return null;
  const valid = [];
  for (const i of Array.isArray(path) ? path : []) {
    if (!Number.isInteger(i) || !nodeAt(tree, [...valid, i])) break;
    valid.push(i);
  }
  const line = extend(tree, valid);
  return { tree, path: line, ply: Math.min(Math.max(0, Number(ply) || 0), line.length) };
}

/**
 * The line of a link's `variation` ({fork, moves}: after the main line's first `fork` moves
 * of state `s`, these; untrusted) as store.editTree takes it: {tree (with the line as a
 * variation, or the branch it is already), path, ply}, the moves checked by a new `Game` up to
 * the first refused; null when none is taken.
 */
export function linkLine(Game, s, variation, ply) {
  const main = mainMoves(s);
  const fork = Math.min(variation.fork, main.length);
  const g = new Game(s.startFen, s.variant);
  let tree = s.tree;
  const path = main.slice(0, fork).map(() => 0);
  try {
    for (const m of main.slice(0, fork)) g.play(m);
    for (const m of variation.moves.slice(0, 1000)) {
      const res = g.play(m);
      const added = addMove(tree, path, res);
      tree = added.tree;
      path.push(added.index);
    }
  } catch {
    // the moves before the refused one
  } finally {
    g.free?.();
  }
  if (path.length === fork) return null;
  return { tree, path: extend(tree, path), ply: Number.isFinite(ply) ?
    Math.min(Math.max(0, ply), path.length) : path.length };
}
