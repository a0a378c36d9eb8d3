// The count (its actions are count.js): the counting side's count beside its player, and
// the buttons of counting on request.

import { $ } from '../../common/dom.js';
import { personMoves } from '../../common/game/store.js';

/** Counting on request: its text where counting is in reach, the side to move's buttons, each
 * shown only when allowed (`v`: {i18n}). */
export function renderCountRequest(s, { i18n }) {
  const box = $('count-request');
  const may = s.counting === 'request' && !s.outcome && personMoves(s);
  // where counting is in reach (the core's: a count runs, or a side may start one at its turn)
  box.hidden = s.counting !== 'request' || !!s.outcome || !s.status.countInReach;
  const help = box.querySelector('p');
  i18n.label(help, s.status.cambodianCounting ? 'countHelpCambodian' : 'countHelp');
  box.querySelector('[data-action="count-start"]').hidden = !(may && s.countActions.start);
  box.querySelector('[data-action="count-stop"]').hidden = !(may && s.countActions.stop);
}

/** The count of `color` in its element `el` beside the player (`v`: {i18n}). */
export function renderCount(el, s, color, { i18n }) {
  const c = s.status.count;
  // the same fields as the UCI engine's `Count:` line
  el.dataset.count = c ? `${c.kind} ${c.ply} ${c.limit}` : 'none 0 0';
  if (c && c.side === color && !s.outcome) {
    el.textContent = i18n.countLine(s.status);
    el.hidden = false;
  } else {
    el.hidden = true;
    el.textContent = '';
  }
}

/**
 * Wires the buttons of counting on request to the store's count action; a refusal is shown
 * in the page's language, from its code (www/common/codes.js).
 */
export function wireCountRequest({ store, view, i18n }) {
  $('count-request').addEventListener('click', (e) => {
    const b = e.target.closest('button[data-action]');
    const kind = b?.dataset.action === 'count-start' ? 'start' : 'stop';
    const s = store.getState();
    const res = b ? store.count(kind) : {};
    if (res.error) import('../../common/codes.js').then((m) => m.errorWords(i18n, m.countAttempt(s, kind)))
      .then((words) => view.showMessage(words ?? res.error));
  });
}
