// The review of a game (its state and actions are review.js): its button, its place, its
// actions; the panel's drawing is review-panel.js, loaded with the first review.

import { $ } from '../../common/dom.js';
import { chartPly, markAt } from '../../common/game/review.js';

export { markAt };

/** review-panel.js, once the first review has loaded it. */
let panel = null;

/** Draws the review of state `s` (`v`: {i18n, store}): the button and the panel's place here,
 * the panel itself (review-panel.js) loaded with the first review. */
export function renderReview(s, v) {
  const r = s.review;
  $('btn-review').disabled = !s.moves.length || !!r?.running || s.engine === 'missing' || s.mode === 'correspondence';
  $('review').hidden = !r;
  if (!r) return;
  // once loaded, the panel is drawn at once, with the rest of the page (a test or a player
  // reading it right after a move sees this state, not the one before)
  if (panel) panel.renderPanel(s, v);
  else import('./review-panel.js').then((m) => { panel = m; m.renderPanel(v.store.getState(), v); });
}

/** Wires the review's buttons and its chart (a click goes to the position under it). */
export function wireReview({ store }) {
  const on = (id, fn) => $(id).addEventListener('click', fn);
  on('btn-review', () => store.reviewStart());
  on('review-cancel', () => store.reviewCancel());
  on('review-retry', () => store.retry());
  // the result dialog and a finished game opened by link offer the review
  const review = () => {
    $('banner').hidden = true;
    store.reviewStart();
    $('review-cancel').focus();
  };
  on('banner-review', review);
  on('shared-review', review);
  on('review-chart', (e) => {
    const r = store.getState().review;
    if (r) store.goto(chartPly(e.offsetX, e.currentTarget.clientWidth, r.total));
  });
}
