// createBoard(canvas, config) -> api. A board that knows no rules (chessground's lesson):
// the caller gives pieces, legal destinations and highlights; the board reports the
// user's moves through config.onMove(from, to) and offers only the destinations given.

import { defaultState, applyConfig, diffMoves, squareIndex } from './state.js';
import { createRenderer } from './render.js';
import { createA11y, defaultDescribe } from './a11y.js';
import { attachInput } from './input.js';

/**
 * config: pieces (64 FEN piece strings a1..h8, "M~"/"m~" promoted), orientation,
 * lastMove [from, to], check (square), dests (Map from -> [to]), hint [from, to],
 * theme ("wood" | "light"), coords ("latin" | "thai" | "none"), animation (ms),
 * viewOnly, onMove(from, to), onSelect(square|null), describe(square, piece) -> label,
 * label (the board's accessible name), describedBy (id of an element with instructions).
 */
export function createBoard(canvas, config = {}) {
  const wrap = canvas.parentElement;
  if (getComputedStyle(wrap).position === 'static') wrap.style.position = 'relative';
  wrap.classList.add('board-wrap');
  const state = defaultState();
  const cb = { onMove: null, onSelect: null, describe: defaultDescribe };
  let dropped = null;

  function takeCallbacks(c) {
    if (typeof c.onMove === 'function') cb.onMove = c.onMove;
    if (typeof c.onSelect === 'function') cb.onSelect = c.onSelect;
    if (typeof c.describe === 'function') cb.describe = c.describe;
  }
  takeCallbacks(config);
  applyConfig(state, config);

  const renderer = createRenderer(canvas, state);
  const a11y = createA11y(wrap, state, {
    describe: (s, p) => cb.describe(s, p), label: config.label, describedBy: config.describedBy,
  });
  renderer.onResize((g) => a11y.place(g));

  const actions = {
    select(sq) {
      if (state.selected === sq) return;
      state.selected = sq;
      a11y.update();
      renderer.schedule();
      if (cb.onSelect) cb.onSelect(sq);
    },
    move(from, to, wasDrop) {
      state.selected = null;
      dropped = wasDrop ? to : null;
      renderer.schedule();
      a11y.update();
      if (cb.onMove) cb.onMove(from, to);
      dropped = null;
    },
  };
  const input = attachInput(wrap, canvas, state, renderer, a11y, actions);

  const api = {
    /** Apply a partial config; pieces that moved are animated. */
    set(c = {}) {
      takeCallbacks(c);
      const prev = state.pieces;
      const changed = applyConfig(state, c);
      if (changed.includes('pieces')) {
        renderer.animate(diffMoves(prev, state.pieces), { noMoveFor: dropped });
      }
      if (changed.includes('orientation')) a11y.order();
      if (changed.includes('coords')) a11y.place(renderer.geom());
      if (c.label) a11y.setLabel(c.label);
      a11y.update();
      renderer.schedule();
    },
    /** Re-label every square (after a language change). */
    relabel() { a11y.update(); },
    flip() { api.set({ orientation: state.orientation === 'white' ? 'black' : 'white' }); },
    select(sq) { actions.select(squareIndex(sq) >= 0 ? sq : null); },
    focus(sq) { a11y.focus(sq); },
    announce(text) { a11y.announce(text); },
    /** A copy of the visible state (for tests and the page). */
    getState() {
      return {
        pieces: state.pieces.slice(),
        orientation: state.orientation,
        selected: state.selected,
        lastMove: state.lastMove,
        check: state.check,
        theme: state.theme,
        coords: state.coords,
      };
    },
    /** The canvas as it is drawn now (for PNG export). */
    canvas,
    redraw() { renderer.schedule(); },
    destroy() {
      input.destroy();
      renderer.destroy();
      a11y.destroy();
      wrap.classList.remove('board-wrap');
    },
  };
  return api;
}
