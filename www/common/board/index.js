// createBoard(canvas, config) -> api. A board that knows no rules (chessground's lesson):
// the caller gives pieces, legal destinations and highlights; the board reports the
// user's moves through config.onMove(from, to) and offers only the destinations given.
// Premoves likewise: the caller offers premoveDests while the other side thinks, hears of
// the person's choice through onPremove(from, to) (null, null: cancelled) and shows it as
// `premove` until it is played or dropped.

import { defaultState, applyConfig, diffMoves, squareIndex, isPremove } from './state.js';
import { createRenderer } from './render.js';
import { createA11y, defaultDescribe } from './a11y.js';
import { attachInput } from './input.js';
import { loadPieceSet } from './pieces.js';

/**
 * config: pieces (64 FEN piece strings a1..h8, "M~"/"m~" promoted), orientation,
 * lastMove [from, to], check (square), dests (Map from -> [to]), hint [from, to],
 * theme ("wood" | "light"), pieceSet ("traditional" | "western"), coords ("latin" |
 * "thai" | "none"), animation (ms), viewOnly, premoveDests (Map from -> [to]), premove
 * [from, to], marks (the caller's arrows {from, to, color} and circles {from, color}), onMove(from, to), onPremove(from, to), onSelect(square|null),
 * describe(square, piece) -> label, label (the board's accessible name), describedBy (id of
 * an element with instructions), anyMove (a piece of `dests` may be dropped on any square,
 * legal or not: the caller judges and explains), onRefuse(from, to) (given, every piece of `dests`
 * may be picked up, one with no move too (an empty list), and a drop on a square that is not
 * one of its moves is reported here, so that the caller can say why). The person's arrows and circles are the board's own
 * (getState().shapes); the wrap's data-shapes attribute counts them.
 */
export function createBoard(canvas, config = {}) {
  const wrap = canvas.parentElement;
  if (getComputedStyle(wrap).position === 'static') wrap.style.position = 'relative';
  wrap.classList.add('board-wrap');
  const state = defaultState();
  const cb = { onMove: null, onPremove: null, onSelect: null, onRefuse: null, describe: defaultDescribe };
  let dropped = null;

  function takeCallbacks(c) {
    for (const k of Object.keys(cb)) if (typeof c[k] === 'function') cb[k] = c[k];
    state.refusals = !!cb.onRefuse;
  }
  takeCallbacks(config);
  applyConfig(state, config);

  /** Draws again once the chosen piece set has arrived (the Western one is fetched). */
  function usePieceSet() {
    const set = state.pieceSet;
    loadPieceSet(set).then(() => {
      if (state.pieceSet === set) renderer.schedule();
    }, (e) => console.warn('pieces:', e));
  }
  wrap.dataset.shapes = '0';

  const renderer = createRenderer(canvas, state);
  usePieceSet();
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
      const premove = isPremove(state, from);
      state.selected = null;
      dropped = wasDrop ? to : null;
      renderer.schedule();
      a11y.update();
      if (premove) cb.onPremove?.(from, to);
      else cb.onMove?.(from, to);
      dropped = null;
    },
    /** A piece put down where it may not go (`refusals`): dropped, and the caller told. */
    refuse(from, to) {
      state.selected = null;
      renderer.schedule();
      a11y.update();
      cb.onRefuse?.(from, to);
    },
    cancelPremove() {
      if (state.premove) cb.onPremove?.(null, null);
    },
    setShapes(shapes) {
      if (!shapes.length && !state.shapes.length) return;
      state.shapes = shapes;
      wrap.dataset.shapes = String(shapes.length);
      renderer.schedule();
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
      if (changed.includes('pieceSet')) usePieceSet();
      if (c.label) a11y.setLabel(c.label);
      // what the canvas shows that the squares do not say, for the page's tests and styles
      wrap.dataset.marks = String(state.marks.length);
      for (const [key, value] of [['lastMove', state.lastMove?.join(' ')], ['check', state.check]]) {
        if (value) wrap.dataset[key] = value;
        else delete wrap.dataset[key];
      }
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
        premove: state.premove,
        hint: state.hint,
        shapes: state.shapes.map((x) => ({ ...x })),
        theme: state.theme,
        pieceSet: state.pieceSet,
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
      for (const key of ['shapes', 'marks', 'lastMove', 'check']) delete wrap.dataset[key];
    },
  };
  return api;
}
