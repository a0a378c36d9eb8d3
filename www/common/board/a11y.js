// The accessibility layer over the canvas: one focusable element per square (also what the
// tests drive), in visual order, with data-square, data-piece, data-dest (a destination of the
// selected piece, drawn as a mark) and a spoken label; and an
// aria-live region for announcements.

import { squareName, squareIndex, squareToCell, layout, destsOf } from './state.js';

export function defaultDescribe(square, piece) {
  if (!piece) return `${square}, empty`;
  const names = { k: 'Khun', m: 'Met', s: 'Khon', n: 'Ma', r: 'Ruea', p: 'Bia' };
  const color = piece[0] === piece[0].toUpperCase() ? 'white' : 'black';
  const name = piece.length > 1 ? 'promoted Bia' : names[piece.toLowerCase()];
  return `${square}, ${color} ${name}`;
}

export function createA11y(wrap, state, opts) {
  const grid = document.createElement('div');
  grid.className = 'board-squares';
  grid.setAttribute('role', 'grid');
  const live = document.createElement('div');
  live.className = 'board-live';
  live.setAttribute('aria-live', 'polite');
  live.setAttribute('role', 'status');
  const rows = [];
  const cells = new Map();
  for (let r = 0; r < 8; r++) {
    const row = document.createElement('div');
    row.setAttribute('role', 'row');
    row.className = 'board-row';
    rows.push(row);
    grid.appendChild(row);
  }
  for (let i = 0; i < 64; i++) {
    const el = document.createElement('div');
    const name = squareName(i);
    el.setAttribute('role', 'gridcell');
    el.dataset.square = name;
    el.dataset.piece = '';
    el.tabIndex = -1;
    el.className = 'board-square';
    el.addEventListener('focus', () => setFocus(name));
    cells.set(name, el);
  }
  wrap.appendChild(grid);
  wrap.appendChild(live);
  let focusSq = 'e3';

  function setFocus(name) {
    if (focusSq === name) return;
    const old = cells.get(focusSq);
    if (old) old.tabIndex = -1;
    focusSq = name;
    cells.get(name).tabIndex = 0;
  }

  /** Put cells into visual order (top-left first) for the orientation. */
  function order() {
    for (let i = 0; i < 64; i++) {
      const { col, row } = squareToCell(i, state.orientation);
      const el = cells.get(squareName(i));
      el.style.gridColumn = String(col + 1);
      el.style.gridRow = String(row + 1);
    }
    for (let row = 0; row < 8; row++) {
      for (let col = 0; col < 8; col++) {
        const i = state.orientation === 'black' ? row * 8 + (7 - col) : (7 - row) * 8 + col;
        rows[row].appendChild(cells.get(squareName(i)));
      }
    }
  }

  /** Lay the square elements over the board: `g` is the renderer's geometry. */
  function place(g) {
    if (!g) {
      const w = wrap.clientWidth || 1;
      const h = wrap.clientHeight || w;
      const b = layout(Math.min(w, h), state.coords);
      g = { ...b, w, h, ox: (w - b.size) / 2, oy: (h - b.size) / 2 };
    }
    const pct = (v, of) => (100 * v / of).toFixed(4) + '%';
    grid.style.left = pct(g.ox + g.margin, g.w);
    grid.style.top = pct(g.oy + g.margin, g.h);
    grid.style.width = pct(g.sq * 8, g.w);
    grid.style.height = pct(g.sq * 8, g.h);
  }

  function update() {
    const dests = state.selected ? destsOf(state, state.selected) : [];
    for (let i = 0; i < 64; i++) {
      const name = squareName(i);
      const el = cells.get(name);
      const piece = state.pieces[i];
      if (el.dataset.piece !== piece) el.dataset.piece = piece;
      const label = opts.describe(name, piece);
      if (el.getAttribute('aria-label') !== label) el.setAttribute('aria-label', label);
      const sel = state.selected === name ? 'true' : 'false';
      if (el.getAttribute('aria-selected') !== sel) el.setAttribute('aria-selected', sel);
      el.toggleAttribute('data-dest', dests.includes(name));
    }
  }

  order();
  place();
  update();
  cells.get(focusSq).tabIndex = 0;
  grid.setAttribute('aria-label', opts.label || 'Board');
  if (opts.describedBy) grid.setAttribute('aria-describedby', opts.describedBy);

  return {
    update,
    order,
    place,
    setLabel(text) { grid.setAttribute('aria-label', text); },
    focus(name) {
      if (squareIndex(name) < 0) return;
      setFocus(name);
      cells.get(name).focus();
    },
    cell: (name) => cells.get(name),
    announce(text) {
      // clear first so that repeating the same text is still announced
      live.textContent = '';
      requestAnimationFrame(() => { live.textContent = text; });
    },
    destroy() {
      grid.remove();
      live.remove();
    },
  };
}
