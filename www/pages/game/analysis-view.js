// The engine's analysis: its lines (score, moves, depth) and the evaluation bar.

import { $, h } from '../../common/dom.js';

/** Score from White's point of view: {cp} or {mate}. */
function whiteScore(score, turn) {
  const sign = turn === 'white' ? 1 : -1;
  if (score && score.mate !== undefined && score.mate !== null) return { mate: sign * score.mate };
  return { cp: sign * ((score && score.cp) || 0) };
}

/** "+0.35", "-1.20", "+M3": with its sign, `digits` decimals. */
function scoreText(s, digits = 2) {
  if (s.mate !== undefined) return (s.mate > 0 ? '+' : '-') + 'M' + Math.abs(s.mate);
  return (s.cp > 0 ? '+' : '') + (s.cp / 100).toFixed(digits);
}

/** Appends to `span` the moves of line `pv` (as the rules module plays them: `played`, shown
 * as `shown`) with their numbers ("12… e5 13. Nd2"; `no` the first move's, the core's; `white`
 * whether White makes it), each a button that enters the line up to it into the tree
 * (controls.js), said in words to screen readers. */
function lineButtons(span, { no, white }, played, shown, pv, i18n) {
  played.forEach((m, k) => {
    if (white) span.append(` ${no}.`);
    else if (k === 0) span.append(` ${no}…`);
    span.append(' ', h('button', { type: 'button', 'data-pv': pv.slice(0, k + 1).join(' '),
      'aria-label': i18n.spokenMove(m.facts, pv[k], shown[k]), text: shown[k] }));
    if (!white) no++;
    white = !white;
  });
}

/** Draws the analysis of state `s` (`v`: {i18n, store}: the store gives the lines' SAN and
 * their names in the chosen notation). */
export function renderLines(s, { i18n, store }) {
  const ol = $('lines');
  ol.replaceChildren();
  if (!s.analysing) return;
  for (const info of s.lines) {
    const sc = whiteScore(info.score, s.status.turn);
    const li = document.createElement('li');
    const b = document.createElement('b');
    b.textContent = scoreText(sc);
    const span = document.createElement('span');
    const played = store.playedLine(info.pv);
    const shown = store.names(s.fen, info.pv.slice(0, played.length), played.map((m) => m.san));
    lineButtons(span, { no: store.moveNumber(s.ply), white: s.status.turn === 'white' }, played, shown, info.pv, i18n);
    const d = document.createElement('small');
    d.textContent = ' ' + i18n.t('depth', { depth: info.depth });
    li.append(b, span, d);
    ol.appendChild(li);
  }
  const best = s.lines[0];
  if (best) {
    const sc = whiteScore(best.score, s.status.turn);
    const pct = sc.mate !== undefined ? (sc.mate > 0 ? 100 : 0) : 50 + 50 * Math.tanh(sc.cp / 500);
    const bar = $('evalbar');
    bar.querySelector('.evalbar-white').style.height = pct.toFixed(1) + '%';
    // four characters at most in the narrow bar: "+0.4", "-12", "+M3"
    bar.querySelector('.evalbar-text').textContent = scoreText(sc, Math.abs(sc.cp) < 995 ? 1 : 0);
    bar.setAttribute('aria-valuenow', pct.toFixed(0));
    bar.setAttribute('aria-valuetext', scoreText(sc));
  }
}
