// The clocks beside the players (their state and actions are clock.js): time left, which one
// runs, low time.

import { $ } from '../../common/dom.js';
import { timeLeft, formatClock, isLow } from '../../common/game/clock.js';

/** Draws the clocks of state `s` at `now` (`v`: {i18n}). */
export function renderClocks(s, { i18n }, now = Date.now()) {
  for (const el of document.querySelectorAll('.player .clock')) {
    const color = el.parentElement.dataset.color;
    el.hidden = !s.clock;
    el.dataset.running = String(!!s.clock && s.clock.running === color);
    if (!s.clock) continue;
    const left = timeLeft(s.clock, color, now);
    el.dataset.clock = color;
    el.classList.toggle('low', isLow(s.clock, left));
    el.textContent = formatClock(left);
    el.setAttribute('aria-label', `${i18n.t(color)}: ${formatClock(left)}`);
  }
}

/** The pause button of two people's clocks. */
export function renderPause(s, { i18n }) {
  const pause = $('btn-pause');
  pause.hidden = !s.clock || s.mode !== 'two' || !!s.outcome;
  pause.setAttribute('aria-pressed', String(!!(s.clock && s.clock.paused)));
  pause.textContent = i18n.t(s.clock && s.clock.paused ? 'resumeClock' : 'pauseClock');
}
