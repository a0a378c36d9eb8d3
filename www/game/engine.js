// The engine's part of the game page: loading the engine client, one search at a time,
// the engine's moves, analysis (best lines and the evaluation bar) and the hint.

import { app, board, i18n, $, status, outcome, engineSide } from './state.js';
import { playMove } from './line.js';
import { renderPlayers, showMessage, setStatus } from './view.js';
import { errorText } from '../dom.js';

const WATCH_PAUSE_MS = 350; // so that engine-vs-engine games can be followed
// The worker's search is one blocking call, stopped only by replacing the worker: analysis
// runs in slices that grow while the position stays (the worker keeps its hash table).
const ANALYSIS_SLICES_MS = [1500, 4000, 10000, 30000];
const HINT_LIMITS = { level: 8, movetime: 1000 };
const MOVE_TIME_MS = 1000; // the engine's time per move; lower levels stop earlier on their node cap

export async function loadEngine() {
  try {
    const mod = await import('../engine-client.js');
    app.engine = await mod.createEngine({
      onCrash: () => showMessage(i18n.t('engineCrashed')),
    });
  } catch (e) {
    app.engine = null;
    showMessage(i18n.t('engineMissing', { error: errorText(e) }));
  }
}

export function cancelSearch() {
  app.searchToken++;
  if (app.search && !app.search.stopped && app.engine) {
    app.search.stopped = true; // stopping replaces the worker: do it once
    try { app.engine.stop(); } catch { /* the worker may already be gone */ }
  }
  if (app.thinking) {
    app.thinking = false;
    renderPlayers();
  }
}

/** Run one search at a time: stop the running one and wait for it before starting. */
async function runSearch(kind, limits, onInfo) {
  const token = ++app.searchToken;
  if (app.search) {
    if (!app.search.stopped) {
      app.search.stopped = true;
      try { app.engine.stop(); } catch { /* ignore */ }
    }
    await app.search.promise.catch(() => {});
  }
  if (token !== app.searchToken || !app.engine) return null;
  const line = app.moves.slice(0, app.ply);
  const promise = app.engine.search(app.startFen, line, limits, (info) => {
    if (token === app.searchToken && onInfo) onInfo(info);
  });
  const entry = { promise, kind, token };
  app.search = entry;
  try {
    const res = await promise;
    return token === app.searchToken ? res : null;
  } catch (e) {
    // 'cancelled' comes from our own stop(); a crash is reported by onCrash
    if (token === app.searchToken) console.warn('engine search failed:', e && e.message);
    return null;
  } finally {
    if (app.search === entry) app.search = null;
  }
}

export async function engineMove() {
  const token = app.searchToken + 1;
  app.thinking = true;
  renderPlayers();
  if (app.mode === 'watch') await new Promise((r) => setTimeout(r, WATCH_PAUSE_MS));
  if (token !== app.searchToken + 1) return;
  let res = await runSearch('move', { level: app.level, movetime: MOVE_TIME_MS }, app.analysing ? showInfo : null);
  if (!res && token === app.searchToken && app.engine) {
    // the worker failed (the message is shown); the client has a fresh one: try once more
    res = await runSearch('move', { level: app.level, movetime: MOVE_TIME_MS }, null);
    if (res === null && app.searchToken === token + 1) {
      app.thinking = false;
      renderPlayers();
      return;
    }
    if (!res) return;
  } else if (!res || token !== app.searchToken) {
    return;
  }
  app.thinking = false;
  if (res.move) playMove(res.move, true);
  else renderPlayers();
}

// ---------------------------------------------------------------- analysis and hint

let lines = [];
let linesTimer = 0;

/** Forgets the analysis lines (a new position or a new number of lines follows). */
export function clearLines() {
  lines = [];
}

export async function analyse() {
  lines = [];
  if (!app.engine || outcome()) {
    renderLines();
    return;
  }
  for (const movetime of ANALYSIS_SLICES_MS) {
    const token = app.searchToken + 1;
    const res = await runSearch('analysis', { movetime, multipv: app.multipv }, showInfo);
    if (!res || token !== app.searchToken || !app.analysing) return;
  }
}

function showInfo(info) {
  if (!info || !info.pv || !info.pv.length) return;
  const k = Math.max(1, info.multipv || 1) - 1;
  lines[k] = info;
  if (!linesTimer) linesTimer = setTimeout(() => { linesTimer = 0; renderLines(); }, 150);
}

/** Score from White's point of view: {cp} or {mate}. */
function whiteScore(score) {
  const sign = status().turn === 'white' ? 1 : -1;
  if (score && score.mate !== undefined && score.mate !== null) return { mate: sign * score.mate };
  return { cp: sign * ((score && score.cp) || 0) };
}

function scoreText(s) {
  if (s.mate !== undefined) return (s.mate > 0 ? '+' : '-') + 'M' + Math.abs(s.mate);
  return (s.cp > 0 ? '+' : '') + (s.cp / 100).toFixed(2);
}

function pvSan(pv) {
  const g = app.game;
  const played = [];
  const out = [];
  try {
    for (const uci of pv.slice(0, 12)) {
      out.push(g.play(uci).san);
      played.push(uci);
    }
  } catch {
    // a stale line from an earlier position: show what fits
  }
  for (let k = 0; k < played.length; k++) g.undo();
  return out;
}

/** SAN moves from the current position with move numbers: "12… e5 13. Nd2". */
function numbered(sans) {
  const fields = app.game.fen().split(' ');
  let no = Number(fields[5]) || 1;
  let white = fields[1] !== 'b';
  const out = [];
  sans.forEach((san, k) => {
    if (white) out.push(`${no}.`);
    else if (k === 0) out.push(`${no}…`);
    out.push(san);
    if (!white) no++;
    white = !white;
  });
  return out.join(' ');
}

export function renderLines() {
  const ol = $('lines');
  ol.replaceChildren();
  const bar = $('evalbar');
  if (!app.analysing) return;
  for (const info of lines) {
    if (!info) continue;
    const s = whiteScore(info.score);
    const li = document.createElement('li');
    const b = document.createElement('b');
    b.textContent = scoreText(s);
    const span = document.createElement('span');
    span.textContent = ' ' + numbered(pvSan(info.pv));
    const d = document.createElement('small');
    d.textContent = ' ' + i18n.t('depth', { depth: info.depth });
    li.append(b, span, d);
    ol.appendChild(li);
  }
  const best = lines[0];
  if (best) {
    const s = whiteScore(best.score);
    const pct = s.mate !== undefined ? (s.mate > 0 ? 100 : 0) : 50 + 50 * Math.tanh(s.cp / 500);
    bar.querySelector('.evalbar-white').style.height = pct.toFixed(1) + '%';
    bar.querySelector('.evalbar-text').textContent = scoreText(s);
    bar.setAttribute('aria-valuenow', pct.toFixed(0));
    bar.setAttribute('aria-valuetext', scoreText(s));
    // the best move as an arrow, unless a hint is showing
    const mv = best.pv[0];
    if (!app.hint && typeof mv === 'string' && mv.length >= 4) board.set({ hint: [mv.slice(0, 2), mv.slice(2, 4)] });
  }
}

export async function hint() {
  if (outcome() || engineSide(status().turn)) return;
  let move = lines[0] && lines[0].pv && lines[0].pv[0];
  if (!move) {
    if (!app.engine) return;
    const res = await runSearch('hint', HINT_LIMITS, null);
    move = res && res.move;
    if (app.analysing) analyse();
  }
  const m = move && app.game.legalMoves().find((x) => x.uci === move);
  if (!m) {
    showMessage(i18n.t('hintNone'));
    return;
  }
  app.hint = [m.from, m.to];
  board.set({ hint: app.hint });
  setStatus(i18n.t('hintText', { san: m.san }));
  board.announce(i18n.t('hintText', { san: m.san }));
}
