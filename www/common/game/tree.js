// The move tree: pure functions over the store's tree of moves. No DOM, no rules: the store
// checks every move with the rules module before it enters the tree.
//
// A tree is {children: [node, ...]}; a node is {uci, san, facts, nags: [n, ...], comment,
// children} (`facts`: the core's, ../move-facts.js).
// The first child is the main continuation, the others its variations, in their order. A
// line is named by its path: the index of the child taken at each ply from the root, one a
// move (the main line's path is all zeros). Trees are never changed in place: an edit copies
// the nodes along its path.
//
// Editing a tree (promote, delete, the PGN form) is tree-edit.js's, loaded on demand.

/** A tree of one line: its moves as the rules module gives them ({uci, san, facts, ...}). */
export function treeOfLine(moves) {
  let children = [];
  for (let k = moves.length - 1; k >= 0; k--) {
    const { uci, san, facts } = moves[k];
    children = [{ uci, san, facts, nags: [], comment: '', children }];
  }
  return { children };
}

/** The node at the end of `path` (the root for an empty path), or null when there is none. */
export function nodeAt(tree, path) {
  let node = tree;
  for (const i of path) {
    node = node.children[i];
    if (!node) return null;
  }
  return node;
}

/** `prefix` followed by the main continuation to the end of its line: a whole path. */
export function extend(tree, prefix) {
  const path = [...prefix];
  let node = nodeAt(tree, prefix);
  while (node && node.children.length) {
    path.push(0);
    node = node.children[0];
  }
  return path;
}

/** The nodes along `path`. */
function nodesOf(tree, path) {
  const out = [];
  let node = tree;
  for (const i of path) {
    node = node.children[i];
    out.push(node);
  }
  return out;
}

/** The main line's path. */
const mainPath = (tree) => extend(tree, []);

/** How many leading entries two paths share. */
export function common(a, b) {
  let k = 0;
  while (k < a.length && k < b.length && a[k] === b[k]) k++;
  return k;
}

/** The tree with the node at `path` replaced by `edit(node)` (the nodes above it copied). */
export function editNode(tree, path, edit) {
  if (!path.length) return edit(tree);
  const [i, ...rest] = path;
  const children = [...tree.children];
  children[i] = editNode(children[i], rest, edit);
  return { ...tree, children };
}

/**
 * The tree with move {uci, san, facts} after `prefix`: the child that is this move already, or a new
 * last child (a new variation, or the line's continuation at its end). Returns {tree, index}.
 */
export function addMove(tree, prefix, { uci, san, facts }) {
  const at = nodeAt(tree, prefix);
  const found = at.children.findIndex((c) => c.uci === uci);
  if (found >= 0) return { tree, index: found };
  const index = at.children.length;
  const node = { uci, san, facts, nags: [], comment: '', children: [] };
  return { tree: editNode(tree, prefix, (n) => ({ ...n, children: [...n.children, node] })), index };
}

/** The fields of the line `path` through `tree`: the tree, the path, the line's moves, SAN and facts. */
export function lineFields(tree, path) {
  const nodes = nodesOf(tree, path);
  const of = (key) => nodes.map((n) => n[key]);
  return { tree, path, moves: of('uci'), sans: of('san'), facts: of('facts') };
}

/** The main line's moves (UCI) of state `s`. */
export const mainMoves = (s) => nodesOf(s.tree, mainPath(s.tree)).map((n) => n.uci);

/** The line fields with the line cut at the cursor: what followed it on this line is dropped
 * (the variations there stay). */
export function cutFields(s) {
  const prefix = s.path.slice(0, s.ply);
  const tree = s.ply < s.path.length
    ? editNode(s.tree, prefix, (n) => ({ ...n, children: n.children.filter((_, k) => k !== s.path[s.ply]) }))
    : s.tree;
  return lineFields(tree, prefix);
}

/** Whether the tree is one line without notes: no variation, comment or NAG anywhere. */
export function plain(tree) {
  if (tree.comment) return false;
  for (let n = tree; n.children.length; n = n.children[0]) {
    const c = n.children[0];
    if (n.children.length > 1 || c.comment || c.nags.length) return false;
  }
  return true;
}
