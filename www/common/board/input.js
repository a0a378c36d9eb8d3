// Pointer and keyboard input. Click-click and drag-and-drop (mouse, pen, touch) on the
// board; arrow keys move the focus over the square elements, Enter/Space pick up and drop.
// Shapes (chessground's): the right button dragged from square to square draws an arrow,
// clicked on a square a circle; on touch a long press does the same; a left click clears.
// Input only selects and proposes moves; the caller decides whether a move is legal.

import { squareAt, canSelect, canMove, isRefused, squareIndex, squareToCell, cellToSquare, squareName, toggleShape } from './state.js';

const DRAG_THRESHOLD = 4; // CSS px before a press becomes a drag
const LONG_PRESS_MS = 500; // a finger held this long on a square draws a shape

/** A tap on `sq` with a piece picked up: its move there, or (`refusals`) its refusal, a tap
 * on another piece that may be picked up aside. Returns whether it was either. */
function putDown(state, actions, sq) {
  const from = state.selected;
  if (!from || from === sq) return false;
  if (canMove(state, from, sq)) actions.move(from, sq, false);
  else if (!canSelect(state, sq) && isRefused(state, from, sq)) actions.refuse(from, sq);
  else return false;
  return true;
}

/** The keyboard and assistive clicks: roving focus over the square elements, Enter/Space
 * pick up and drop (click-click). Returns {activate(square), keydown, click} (the handlers). */
function keyInput(state, a11y, actions) {
  /** The click-click logic shared by pointer taps, Enter/Space and assistive clicks. */
  function activate(sq) {
    if (!sq || putDown(state, actions, sq)) return;
    if (state.selected === sq) {
      actions.select(null);
    } else if (canSelect(state, sq)) {
      actions.select(sq);
    } else {
      actions.select(null);
    }
  }

  // Keyboard: roving focus over the square elements.
  function keydown(e) {
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
  function click(e) {
    if (e.detail !== 0) return;
    const sq = e.target && e.target.dataset ? e.target.dataset.square : null;
    if (sq && !state.viewOnly) activate(sq);
  }

  return { activate, keydown, click };
}

export function attachInput(wrap, canvas, state, renderer, a11y, actions) {
  let press = null; // {from, piece, x0, y0, wasSelected, pointerId}
  let drawer = null; // the pointer drawing a shape: {pointerId}
  let longPress = null; // a finger waiting to become a long press: {timer, pointerId, x0, y0}
  const keys = keyInput(state, a11y, actions);

  /** Pointer position in CSS px relative to the board's square (the canvas may be wider). */
  function local(e) {
    const r = canvas.getBoundingClientRect();
    const g = renderer.geom();
    return { x: e.clientX - r.left - g.ox, y: e.clientY - r.top - g.oy };
  }

  function startDrawing(sq, pointerId) {
    drawer = { pointerId };
    state.drawing = { from: sq, to: sq };
    try { wrap.setPointerCapture(pointerId); } catch { /* synthetic events have no capture */ }
    renderer.schedule();
  }

  /** Ends a finger's wait for a long press; a tap or a drag (`tap`) clears the shapes. */
  function endLongPress(tap) {
    if (!longPress) return;
    clearTimeout(longPress.timer);
    longPress = null;
    if (tap) actions.setShapes([]);
  }

  function onPointerDown(e) {
    const { x, y } = local(e);
    const sq = squareAt(state, renderer.geom(), x, y);
    if (e.pointerType === 'mouse' && e.button === 2) {
      actions.cancelPremove();
      if (sq) startDrawing(sq, e.pointerId);
      e.preventDefault();
      return;
    }
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    // a finger clears the shapes when it turns out not to be a long press
    if (e.pointerType !== 'touch') actions.setShapes([]);
    if (!sq) return;
    if (e.pointerType === 'touch') {
      endLongPress(false);
      const pointerId = e.pointerId;
      longPress = {
        pointerId, x0: x, y0: y,
        timer: setTimeout(() => {
          longPress = null;
          press = null;
          state.drag = null;
          actions.select(null);
          startDrawing(sq, pointerId);
        }, LONG_PRESS_MS),
      };
    }
    if (state.viewOnly) return;
    actions.cancelPremove();
    if (putDown(state, actions, sq)) {
      e.preventDefault();
      return;
    }
    if (canSelect(state, sq)) {
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
    const { x, y } = local(e);
    if (drawer && e.pointerId === drawer.pointerId) {
      const to = squareAt(state, renderer.geom(), x, y);
      if (to && to !== state.drawing.to) {
        state.drawing = { ...state.drawing, to };
        renderer.schedule();
      }
      return;
    }
    if (longPress && e.pointerId === longPress.pointerId && Math.hypot(x - longPress.x0, y - longPress.y0) >= DRAG_THRESHOLD) endLongPress(true);
    if (!press || e.pointerId !== press.pointerId) return;
    if (!state.drag && Math.hypot(x - press.x0, y - press.y0) < DRAG_THRESHOLD) return;
    state.drag = { from: press.from, piece: press.piece, x, y, moved: true, over: squareAt(state, renderer.geom(), x, y) };
    renderer.schedule();
    e.preventDefault();
  }

  function onPointerUp(e) {
    if (longPress && e.pointerId === longPress.pointerId) endLongPress(true);
    if (drawer && e.pointerId === drawer.pointerId) {
      const { from, to } = state.drawing;
      drawer = null;
      state.drawing = null;
      try { wrap.releasePointerCapture(e.pointerId); } catch { /* already released */ }
      actions.setShapes(toggleShape(state.shapes, to === from ? { from } : { from, to }));
      return;
    }
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
      } else if (to && isRefused(state, p.from, to)) {
        actions.refuse(p.from, to);
      } else if (to !== p.from) {
        actions.select(null);
      }
      renderer.schedule();
    } else if (p.wasSelected) {
      actions.select(null);
    }
  }

  function onPointerCancel() {
    endLongPress(false);
    press = null;
    drawer = null;
    if (state.drag || state.drawing) {
      state.drag = null;
      state.drawing = null;
      renderer.schedule();
    }
  }

  const listeners = Object.entries({
    pointerdown: onPointerDown,
    pointermove: onPointerMove,
    pointerup: onPointerUp,
    pointercancel: onPointerCancel,
    keydown: keys.keydown,
    click: keys.click,
    contextmenu: (e) => e.preventDefault(), // the right button draws
  });
  for (const [type, fn] of listeners) wrap.addEventListener(type, fn);
  return {
    activate: keys.activate,
    destroy() {
      endLongPress(false);
      for (const [type, fn] of listeners) wrap.removeEventListener(type, fn);
    },
  };
}
