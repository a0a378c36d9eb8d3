// Pure board state: no DOM, no canvas. Everything the renderer and the input layer need,
// derived from the caller's config. The board knows no rules: legal destinations come in.

const FILES = 'abcdefgh';

/** Square index (a1 = 0 .. h8 = 63) -> name "e3". */
export function squareName(i) {
  return FILES[i & 7] + String((i >> 3) + 1);
}

/** Square name "e3" -> index, or -1 when it is not a square. */
export function squareIndex(name) {
  if (typeof name !== 'string' || name.length !== 2) return -1;
  const f = FILES.indexOf(name[0]);
  const r = name.charCodeAt(1) - 49;
  return f < 0 || r < 0 || r > 7 ? -1 : r * 8 + f;
}

const PIECE_CODES = ['K', 'M', 'S', 'N', 'R', 'P', 'M~', 'k', 'm', 's', 'n', 'r', 'p', 'm~'];

/** Normalise one piece code: anything unknown becomes empty. */
function normalisePiece(p) {
  return PIECE_CODES.includes(p) ? p : '';
}

/** "wood" or "light" themes; other names fall back to wood. */
export const THEMES = ['wood', 'light'];
/** Coordinate styles on the board's edge. */
const COORDS = ['latin', 'thai', 'none'];
/** Piece sets (pieces.js). */
const PIECE_SETS = ['traditional', 'western'];

export function defaultState() {
  return {
    pieces: new Array(64).fill(''),
    orientation: 'white',
    selected: null, // square name
    lastMove: null, // [from, to]
    check: null, // square name of the checked Khun
    dests: new Map(), // from -> [to]
    premoveDests: new Map(), // from -> [to]: a move to make while the other side thinks
    premove: null, // [from, to], shown until the caller plays or drops it
    shapes: [], // drawn by the person: {from, to} arrows and {from} circles
    marks: [], // drawn by the caller (an embed's host): shapes with a `color`
    hint: null, // [from, to], drawn as an arrow
    anyMove: false, // a piece in `dests` may be moved to any square: the caller judges the move
    refusals: false, // a piece in `dests` may be picked up even with no move: a drop elsewhere is refused
    theme: 'wood',
    pieceSet: 'traditional',
    coords: 'latin',
    animation: 200, // ms; 0 disables
    viewOnly: false,
    focus: null, // square with the keyboard focus ring
    drag: null, // {from, piece, x, y} in CSS px relative to the canvas while dragging
    drawing: null, // {from, to}: the shape being drawn (right button or long press)
  };
}

/**
 * Merge a (partial) config into the state. Returns the list of changed keys so the
 * caller can decide what to redraw or re-label.
 */
export function applyConfig(state, config) {
  const changed = [];
  if (config.pieces !== undefined) {
    const next = Array.from({ length: 64 }, (_, i) => normalisePiece(config.pieces[i]));
    if (next.some((p, i) => p !== state.pieces[i])) {
      state.pieces = next;
      changed.push('pieces');
    }
  }
  if (config.orientation !== undefined) {
    const o = config.orientation === 'black' ? 'black' : 'white';
    if (o !== state.orientation) {
      state.orientation = o;
      changed.push('orientation');
    }
  }
  if (config.lastMove !== undefined) {
    const lm = validPair(config.lastMove);
    state.lastMove = lm;
    changed.push('lastMove');
  }
  if (config.hint !== undefined) {
    state.hint = validPair(config.hint);
    changed.push('hint');
  }
  if (config.anyMove !== undefined) {
    state.anyMove = !!config.anyMove;
    changed.push('anyMove');
  }
  if (config.check !== undefined) {
    state.check = squareIndex(config.check) >= 0 ? config.check : null;
    changed.push('check');
  }
  for (const key of ['dests', 'premoveDests']) {
    if (config[key] === undefined) continue;
    state[key] = destsMap(config[key]);
    changed.push(key);
  }
  if (changed.includes('dests') || changed.includes('premoveDests')) {
    if (state.selected && !canSelect(state, state.selected)) state.selected = null;
  }
  if (config.premove !== undefined) {
    state.premove = validPair(config.premove);
    changed.push('premove');
  }
  if (config.selected !== undefined) {
    state.selected = squareIndex(config.selected) >= 0 ? config.selected : null;
    changed.push('selected');
  }
  if (config.theme !== undefined) {
    state.theme = THEMES.includes(config.theme) ? config.theme : 'wood';
    changed.push('theme');
  }
  if (config.pieceSet !== undefined) {
    state.pieceSet = PIECE_SETS.includes(config.pieceSet) ? config.pieceSet : 'traditional';
    changed.push('pieceSet');
  }
  if (config.coords !== undefined) {
    state.coords = COORDS.includes(config.coords) ? config.coords : 'latin';
    changed.push('coords');
  }
  if (config.marks !== undefined) {
    state.marks = (config.marks || []).filter((x) => squareIndex(x.from) >= 0 && (x.to === undefined || squareIndex(x.to) >= 0));
    changed.push('marks');
  }
  if (config.animation !== undefined) {
    state.animation = Math.max(0, Number(config.animation) || 0);
  }
  if (config.viewOnly !== undefined) {
    state.viewOnly = !!config.viewOnly;
    if (state.viewOnly) state.selected = null;
    changed.push('viewOnly');
  }
  return changed;
}

function destsMap(dests) {
  const m = new Map();
  for (const [from, tos] of dests || []) {
    if (squareIndex(from) >= 0) m.set(from, [...tos].filter((t) => squareIndex(t) >= 0));
  }
  return m;
}

/** The shapes with `shape` added, or taken away when it is there already (drawn twice). */
export function toggleShape(shapes, shape) {
  const same = (x) => x.from === shape.from && x.to === shape.to;
  return shapes.some(same) ? shapes.filter((x) => !same(x)) : [...shapes, shape];
}

function validPair(p) {
  if (!Array.isArray(p) || p.length !== 2) return null;
  return squareIndex(p[0]) >= 0 && squareIndex(p[1]) >= 0 ? [p[0], p[1]] : null;
}

/** Destinations offered for a square: its moves, else its premoves (none when view-only). */
export function destsOf(state, from) {
  if (state.viewOnly || !from) return [];
  return state.dests.get(from) || state.premoveDests.get(from) || [];
}

/** Whether a move from `from` would be a premove (the square has premoves, no moves). */
export function isPremove(state, from) {
  return !state.dests.has(from) && state.premoveDests.has(from);
}

/** Whether the piece on `sq` may be picked up: it has destinations, or it is offered at all
 * under `anyMove` or `refusals`. */
export function canSelect(state, sq) {
  return destsOf(state, sq).length > 0 || ((state.anyMove || state.refusals) && !state.viewOnly && state.dests.has(sq));
}

/** Whether putting the piece on `from` down on `to` is a move the caller refuses (and hears of):
 * with `refusals`, a piece of `dests` dropped on another square that is not one of its moves. */
export function isRefused(state, from, to) {
  return state.refusals && !state.viewOnly && state.dests.has(from) && to !== from && squareIndex(to) >= 0 && !canMove(state, from, to);
}

export function canMove(state, from, to) {
  return destsOf(state, from).includes(to) || (canSelect(state, from) && state.anyMove && to !== from && squareIndex(to) >= 0);
}

/**
 * Geometry of the board inside a drawing area of `size` CSS px (the canvas is square).
 * A margin holds the coordinates; without coordinates a thin frame remains.
 */
export function layout(size, coords) {
  const marginSq = coords === 'none' ? 0.14 : 0.42;
  const sq = size / (8 + 2 * marginSq);
  const margin = sq * marginSq;
  return { size, sq, margin, marginFrac: margin / size };
}

/** Screen column/row (0..7 from the top-left) of a square index for the orientation. */
export function squareToCell(i, orientation) {
  const f = i & 7;
  const r = i >> 3;
  return orientation === 'black' ? { col: 7 - f, row: r } : { col: f, row: 7 - r };
}

export function cellToSquare(col, row, orientation) {
  if (col < 0 || col > 7 || row < 0 || row > 7) return -1;
  return orientation === 'black' ? row * 8 + (7 - col) : (7 - row) * 8 + col;
}

/** Square under a point given in CSS px relative to the canvas' top-left, or null. */
export function squareAt(state, geom, x, y) {
  const col = Math.floor((x - geom.margin) / geom.sq);
  const row = Math.floor((y - geom.margin) / geom.sq);
  const i = cellToSquare(col, row, state.orientation);
  return i < 0 ? null : squareName(i);
}

/** Centre of a square in CSS px. */
export function squareCenter(state, geom, name) {
  const { col, row } = squareToCell(squareIndex(name), state.orientation);
  return { x: geom.margin + (col + 0.5) * geom.sq, y: geom.margin + (row + 0.5) * geom.sq };
}

/**
 * Pieces that moved between two placements, for animation: each new piece is matched to
 * the nearest vanished piece of the same kind (a Bia may turn into a promoted Bia).
 * Returns [{from, to, piece, before}] where `before` differs from `piece` on promotion.
 */
export function diffMoves(prev, next) {
  const vanished = [];
  const appeared = [];
  for (let i = 0; i < 64; i++) {
    if (prev[i] === next[i]) continue;
    if (prev[i]) vanished.push(i);
    if (next[i]) appeared.push(i);
  }
  const out = [];
  const used = new Set();
  const kind = (p) => (p === 'M~' ? 'P' : p === 'm~' ? 'p' : p);
  for (const to of appeared) {
    let best = -1;
    let bestD = Infinity;
    for (const from of vanished) {
      if (used.has(from) || kind(prev[from]) !== kind(next[to])) continue;
      const d = Math.hypot((from & 7) - (to & 7), (from >> 3) - (to >> 3));
      if (d < bestD) {
        bestD = d;
        best = from;
      }
    }
    if (best >= 0) {
      used.add(best);
      out.push({ from: squareName(best), to: squareName(to), piece: next[to], before: prev[best] });
    }
  }
  return out;
}
