// The review panel (review-view.js loads it with the first review): the progress, the
// accuracy, the mark of the move at the cursor with the better line, and the chart of White's
// chances.

import { $, spokenText } from '../../common/dom.js';
import { markOfNag, markAt } from '../../common/game/review.js';

// the review chart's colours: White's share, the marks (as in the move list)
const CHART = { back: '#3b3b3b', white: '#eeeeee', mid: '#888888', cursor: '#e0a030' };
const MARK_COLORS = { 6: '#56b4d3', 2: '#e69f00', 4: '#d73027' };

/** The better line of `mark` (at the cursor) in the chosen notation. */
function betterLine(s, store, mark) {
  const k = s.ply - 1; // the line is played from before the marked move
  return store.names(s.startFen, [...s.moves.slice(0, k), ...(mark.uci || [])],
    [...s.sans.slice(0, k), ...mark.line]).slice(k);
}

/** Draws the review panel of state `s` (`v`: {i18n, store}), a review under way or done. */
export function renderPanel(s, { i18n, store }) {
  const r = s.review;
  if (!r) return;
  $('review-run').hidden = !r.running;
  $('review-progress').max = r.total;
  $('review-progress').value = r.chances.length;
  const acc = r.accuracy;
  const pct = (a) => (a === null ? '–' : `${Math.round(a)}%`);
  $('review-accuracy').textContent = acc ? i18n.t('reviewAccuracy',
    { white: pct(acc.white), black: pct(acc.black) }) : '';
  const mark = markAt(s);
  const kind = mark && markOfNag(mark.nag);
  // the better line said in words to screen readers (the paragraph is announced as it changes)
  const better = (line) => (mark?.line.length ? ' · ' + i18n.t('reviewBetter', { line }) : '');
  const shown = kind && betterLine(s, store, mark);
  if (kind) spokenText($('review-better'), `${kind.sign} ${i18n.t(kind.name)}${better(shown.join(' '))}`,
    i18n.t(kind.name) + better(i18n.spokenLine(mark.facts, mark.uci, shown)));
  else $('review-better').textContent = '';
  $('review-retry').hidden = !mark || !!s.ended; // a game lost on time or resigned is over
  drawChart(s, i18n);
}

/** White's win chance at each reviewed position, the marked moves as dots, the cursor. */
function drawChart(s, i18n) {
  const r = s.review;
  const canvas = $('review-chart');
  canvas.hidden = r.chances.length < 2;
  if (canvas.hidden) return;
  const dpr = window.devicePixelRatio || 1;
  const w = Math.max(1, Math.round(canvas.clientWidth * dpr));
  const h = Math.max(1, Math.round(canvas.clientHeight * dpr));
  if (canvas.width !== w) canvas.width = w;
  if (canvas.height !== h) canvas.height = h;
  const ctx = canvas.getContext('2d');
  const x = (k) => (k / (r.total - 1)) * w; // as chartPly reads a click
  const pad = 5 * dpr; // room for the dots at the edges
  const y = (c) => pad + ((1 - c) / 2) * (h - 2 * pad);
  ctx.fillStyle = CHART.back;
  ctx.fillRect(0, 0, w, h);
  ctx.beginPath();
  ctx.moveTo(0, h);
  r.chances.forEach((c, k) => ctx.lineTo(x(k), y(c)));
  ctx.lineTo(x(r.chances.length - 1), h);
  ctx.closePath();
  ctx.fillStyle = CHART.white;
  ctx.fill();
  ctx.fillStyle = CHART.mid;
  ctx.fillRect(0, Math.round(h / 2), w, Math.max(1, dpr));
  ctx.fillStyle = CHART.cursor;
  ctx.fillRect(Math.round(x(s.ply) - dpr), 0, Math.max(2, 2 * dpr), h);
  (r.marks || []).forEach((m, k) => {
    if (!m || r.chances[k + 1] === undefined) return;
    ctx.beginPath();
    ctx.arc(x(k + 1), y(r.chances[k + 1]), 4 * dpr, 0, 2 * Math.PI);
    ctx.fillStyle = MARK_COLORS[m.nag];
    ctx.fill();
  });
  canvas.setAttribute('aria-label', i18n.t('reviewChart'));
}
