// What the lesson page and the embedded lesson show alike: the board of an exercise's state
// (www/pages/learn/lesson.js), its goal, and the sentence that says why a move was refused.

import { destinations, checkedKhun } from '../../common/game/board-view.js';

/** The lessons' texts: their own (www/common/i18n/learn/) and the rules' reasons (www/common/i18n/refusal/),
 * as on the game page; the features of createI18n and loadFeatures. */
export const LESSON_TEXTS = ['learn', 'refusal'];

/**
 * The board's config for an exercise state: the legal moves' dots, and every piece of the
 * person's side offered to go anywhere (`anyMove`), so that a move that is not legal reaches
 * the lesson, which explains it. (The targets are drawn by `showTargets`.)
 */
export function boardConfig(s) {
  const dests = destinations(s.legal, s.pieces, s.done ? null : s.player);
  return {
    pieces: s.pieces,
    dests,
    anyMove: !s.done,
    lastMove: s.last ? [s.last.from, s.last.to] : null,
    check: checkedKhun(s.pieces, s.status.turn, s.status.check),
    orientation: s.player,
  };
}

/** The exercise's goal in one sentence. */
export function goalText(ft, i18n, ex) {
  const [key, values = {}] = ex.goal;
  return ft(`goal_${key}`, { ...values, piece: values.piece ? i18n.t(values.piece) : '' });
}

/** Why a move was refused ({reason, piece?, square?} from www/pages/learn/lesson.js), in a sentence. */
export function whyText(ft, i18n, why) {
  const own = `why_${why.reason}_${why.piece}`;
  return ft(ft.has(own) ? own : `why_${why.reason}`,
    { piece: why.piece ? i18n.t(why.piece) : '', square: why.square || '' });
}

/** A square's accessible label, with "target" where a star is. */
export const describeTarget = (i18n, ft, targets) => (sq, p) => (targets().includes(sq) ?
  `${i18n.describe(sq, p)}, ${ft('target')}` : i18n.describe(sq, p));

/**
 * The targets as stars (rings around pieces): a `data-target` on the board's square elements
 * (its accessibility layer over the canvas, www/common/board/a11y.js), drawn by www/pages/learn/learn.css,
 * so that the game page's board carries no lesson code.
 */
export function showTargets(targets) {
  for (const el of document.querySelectorAll('#board [data-square]')) {
    el.toggleAttribute('data-target', targets.includes(/** @type {HTMLElement} */ (el).dataset.square));
  }
}
