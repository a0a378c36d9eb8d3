// Pointer and keyboard input. Click-click and drag-and-drop (mouse, pen, touch) on the
// board; arrow keys move the focus over the square elements, Enter/Space pick up and drop.
// Input only selects and proposes moves; the caller decides whether a move is legal.

import { squareAt, destsOf, canMove, squareIndex, squareToCell, cellToSquare, squareName } from './state.js';

const DRAG_THRESHOLD = 4; // CSS px before a press becomes a drag

export function attachInput(wrap, canvas, state, renderer, a11y, actions) {
  let press = null; // {from, piece, x0, y0, wasSelected, pointerId}

  /** Pointer position in CSS px relative to the board's square (the canvas may be wider). */
  function local(e) {
    const r = canvas.getBoundingClientRect();
    const g = renderer.geom();
    return { x: e.clientX - r.left - g.ox, y: e.clientY - r.top - g.oy };
  }

  /** The click-click logic shared by pointer taps, Enter/Space and assistive clicks. */
  function activate(sq) {
    if (!sq) return;
    if (state.selected && canMove(state, state.selected, sq)) {
      actions.move(state.selected, sq, false);
    } else if (state.selected === sq) {
      actions.select(null);
    } else if (destsOf(state, sq).length) {
      actions.select(sq);
    } else {
      actions.select(null);
    }
  }

  function onPointerDown(e) {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    if (state.viewOnly) return;
    const { x, y } = local(e);
    const sq = squareAt(state, renderer.geom(), x, y);
    if (!sq) return;
    if (state.selected && canMove(state, state.selected, sq)) {
      actions.move(state.selected, sq, false);
      e.preventDefault();
      return;
    }
    if (destsOf(state, sq).length) {
      const wasSelected = state.selected === sq;
      actions.select(sq);
      press = { from: sq, piece: state.pieces[squareIndex(sq)], x0: x, y0: y, wasSelected, pointerId: e.pointerId };
      try { wrap.setPointerCapture(e.pointerId); } catch { /* synthetic events have no capture */ }
      e.preventDefault();
    } else {
      actions.select(null);
    }
  }

  function onPointerMove(e) {
    if (!press || e.pointerId !== press.pointerId) return;
    const { x, y } = local(e);
    if (!state.drag && Math.hypot(x - press.x0, y - press.y0) < DRAG_THRESHOLD) return;
    state.drag = { from: press.from, piece: press.piece, x, y, moved: true, over: squareAt(state, renderer.geom(), x, y) };
    renderer.schedule();
    e.preventDefault();
  }

  function onPointerUp(e) {
    if (!press || e.pointerId !== press.pointerId) return;
    const p = press;
    press = null;
    try { wrap.releasePointerCapture(e.pointerId); } catch { /* already released */ }
    if (state.drag) {
      const { x, y } = local(e);
      const to = squareAt(state, renderer.geom(), x, y);
      state.drag = null;
      if (to && to !== p.from && canMove(state, p.from, to)) {
        actions.move(p.from, to, true);
      } else if (to !== p.from) {
        actions.select(null);
      }
      renderer.schedule();
    } else if (p.wasSelected) {
      actions.select(null);
    }
  }

  function onPointerCancel() {
    press = null;
    if (state.drag) {
      state.drag = null;
      renderer.schedule();
    }
  }

  // Keyboard: roving focus over the square elements.
  function onKeyDown(e) {
    const sq = e.target && e.target.dataset ? e.target.dataset.square : null;
    if (!sq) return;
    const { col, row } = squareToCell(squareIndex(sq), state.orientation);
    const step = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[e.key];
    if (step) {
      const i = cellToSquare(col + step[0], row + step[1], state.orientation);
      if (i >= 0) a11y.focus(squareName(i));
      e.preventDefault();
      e.stopPropagation();
    } else if (e.key === 'Enter' || e.key === ' ') {
      activate(sq);
      e.preventDefault();
      e.stopPropagation();
    } else if (e.key === 'Escape' && state.selected) {
      actions.select(null);
      e.preventDefault();
    }
  }

  // Clicks from assistive technology (or element.click()) carry no pointer: detail is 0.
  function onClick(e) {
    if (e.detail !== 0) return;
    const sq = e.target && e.target.dataset ? e.target.dataset.square : null;
    if (sq && !state.viewOnly) activate(sq);
  }

  const listeners = Object.entries({
    pointerdown: onPointerDown,
    pointermove: onPointerMove,
    pointerup: onPointerUp,
    pointercancel: onPointerCancel,
    keydown: onKeyDown,
    click: onClick,
  });
  for (const [type, fn] of listeners) wrap.addEventListener(type, fn);
  return {
    activate,
    destroy() {
      for (const [type, fn] of listeners) wrap.removeEventListener(type, fn);
    },
  };
}
