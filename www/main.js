// The game page: wiring between the board, the wasm rules module, the engine client and
// the controls. Every question about legality and status goes to the wasm `Game`; this
// file keeps only the line of moves, the cursor in it and the players.
// Text from data (SAN, FEN, error messages, URL parameters) is only ever set with
// textContent, never parsed as HTML.

import { createBoard } from './board/index.js';
import { createI18n, LANGUAGES } from './i18n/index.js';

const START_FEN = 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1';
// Handicap starts of RULES.md: the side giving odds starts without a Met, a Khon (the one
// beside its Met), a Ma (on the Khun's far wing), or with a Ruea replaced by a Met.
const HANDICAPS = {
  white: {
    noMet: 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSK1SNR w - - 0 1',
    noKhon: 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKM1NR w - - 0 1',
    noMa: 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMS1R w - - 0 1',
    rueaMet: 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNM w - - 0 1',
  },
  black: {
    noMet: 'rns1ksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1',
    noKhon: 'rn1mksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1',
    noMa: 'r1smksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1',
    rueaMet: 'mnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1',
  },
};
const GAME_KEY = 'makruk.game';
const PREVIOUS_KEY = 'makruk.previousGame'; // the own game put aside when a shared link opens
const SETTINGS_KEY = 'makruk.settings';
const DEFAULT_LEVEL = 4;
const WATCH_PAUSE_MS = 350; // so that engine-vs-engine games can be followed
// The worker's search is one blocking call, stopped only by replacing the worker: analysis
// runs in slices that grow while the position stays (the worker keeps its hash table).
const ANALYSIS_SLICES_MS = [1500, 4000, 10000, 30000];
const HINT_LIMITS = { level: 8, movetime: 1000 };
const MOVE_TIME_MS = 1000; // the engine's time per move; lower levels stop earlier on their node cap

const $ = (id) => document.getElementById(id);

// ---------------------------------------------------------------- storage (may be blocked)

function load(key) {
  try {
    const v = localStorage.getItem(key);
    return v ? JSON.parse(v) : null;
  } catch {
    return null;
  }
}

function store(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // private window or full storage: the URL fragment still carries the game
  }
}

/** Piece placement of a FEN for the first paint, before the wasm module has loaded. */
function placementOf(fen) {
  const out = new Array(64).fill('');
  const rows = String(fen).split(' ')[0].split('/');
  if (rows.length !== 8) return out;
  rows.forEach((row, k) => {
    let f = 0;
    for (let j = 0; j < row.length && f < 8; j++) {
      const c = row[j];
      if (c >= '1' && c <= '8') f += Number(c);
      else if (c === '~') { const i = (7 - k) * 8 + f - 1; if (out[i]) out[i] += '~'; }
      else out[(7 - k) * 8 + f++] = c;
    }
  });
  return out;
}

// ---------------------------------------------------------------- state

const i18n = createI18n();
// Thai readers get Thai coordinates until they choose otherwise.
const settings = Object.assign({ theme: 'wood', coords: i18n.lang === 'th' ? 'thai' : 'latin' }, load(SETTINGS_KEY) || {});
const app = {
  Game: null, // wasm class
  engine: null,
  startFen: START_FEN,
  moves: [], // the whole line (UCI), including moves ahead of the cursor (redo)
  sans: [],
  ply: 0, // cursor: number of moves of the line played on the board
  game: null, // wasm Game at the cursor
  mode: 'engine', // engine | two | watch
  human: 'white', // in engine mode
  level: DEFAULT_LEVEL,
  orientation: 'white',
  resigned: null, // {color, ply}
  analysing: false,
  multipv: 3,
  shared: false,
  bannerShownFor: null,
  searchToken: 0,
  search: null, // {promise, kind, token}
  thinking: false,
  hint: null,
};

let board;

// ---------------------------------------------------------------- game model

function newWasmGame(fen) {
  return fen === START_FEN ? new app.Game() : new app.Game(fen);
}

/** Build the line from a start FEN and UCI moves; returns the index of a rejected move. */
function setLine(startFen, moves, ply) {
  const g = newWasmGame(startFen);
  const sans = [];
  let rejected = null;
  for (let k = 0; k < moves.length; k++) {
    try {
      sans.push(g.play(moves[k]).san);
    } catch (e) {
      rejected = { n: k + 1, move: moves[k], error: String(e && e.message || e) };
      break;
    }
  }
  const line = moves.slice(0, sans.length);
  if (app.game) app.game.free?.();
  app.game = g;
  app.startFen = startFen;
  app.moves = line;
  app.sans = sans;
  app.ply = line.length;
  app.resigned = null;
  goto(Math.min(Math.max(0, Number.isFinite(ply) ? ply : line.length), line.length), { quiet: true });
  return rejected;
}

/** Move the cursor: undo or replay moves of the line on the one wasm Game. */
function goto(ply, { quiet = false } = {}) {
  ply = Math.max(0, Math.min(app.moves.length, ply));
  if (ply === app.ply && !quiet) return;
  while (app.ply > ply) {
    app.game.undo();
    app.ply--;
  }
  while (app.ply < ply) {
    app.game.play(app.moves[app.ply]);
    app.ply++;
  }
  app.hint = null;
  cancelSearch();
  refresh();
  afterChange();
}

function status() {
  return app.game.status();
}

/** The result at the cursor, resignation included: {result, reason} or null. */
function outcome() {
  const st = status();
  if (st.result && st.result !== '*') return { result: st.result, reason: st.reason };
  if (app.resigned && app.ply === app.resigned.ply) {
    return { result: app.resigned.color === 'white' ? '0-1' : '1-0', reason: 'resign' };
  }
  return null;
}

function engineSide(color) {
  return app.mode === 'watch' || (app.mode === 'engine' && color !== app.human);
}

/** A move by a person (board, keyboard) or the engine, at the cursor. */
function playMove(uci, byEngine = false) {
  let res;
  try {
    res = app.game.play(uci);
  } catch (e) {
    showMessage(String(e && e.message || e));
    refresh();
    return false;
  }
  if (app.moves[app.ply] === res.uci) {
    app.ply++;
  } else {
    app.moves.length = app.ply;
    app.sans.length = app.ply;
    app.moves.push(res.uci);
    app.sans.push(res.san);
    app.ply++;
    app.resigned = null;
  }
  app.hint = null;
  const mover = colorAt(app.ply - 1);
  board.announce(i18n.t('moveAnnounce', { color: i18n.t(mover), san: res.san }));
  if (!byEngine) cancelSearch();
  refresh();
  afterChange();
  return true;
}

/** Side to move after `ply` moves of the line. */
function colorAt(ply) {
  const first = app.startFen.split(' ')[1] === 'b' ? 'black' : 'white';
  return ply % 2 === 0 ? first : first === 'white' ? 'black' : 'white';
}

function onBoardMove(from, to) {
  const legal = app.game.legalMoves().filter((m) => m.from === from && m.to === to);
  if (!legal.length) {
    refresh();
    return;
  }
  // promotion is compulsory and has no choice: at most one legal move per from/to
  playMove(legal[0].uci);
}

// ---------------------------------------------------------------- engine

async function loadEngine() {
  try {
    const mod = await import('./engine-client.js');
    app.engine = await mod.createEngine({
      onCrash: () => showMessage(i18n.t('engineCrashed')),
    });
  } catch (e) {
    app.engine = null;
    showMessage(i18n.t('engineMissing', { error: String(e && e.message || e) }));
  }
}

function cancelSearch() {
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

function afterChange() {
  save();
  const over = outcome();
  if (over) {
    if (app.bannerShownFor !== app.moves.length + ':' + over.result) {
      app.bannerShownFor = app.moves.length + ':' + over.result;
      showBanner(over);
      board.announce(resultText(over));
    }
    if (app.analysing) analyse();
    return;
  }
  hideBanner();
  const turn = status().turn;
  if (app.engine && app.ply === app.moves.length && engineSide(turn)) {
    engineMove();
  } else if (app.analysing) {
    analyse();
  }
}

async function engineMove() {
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

async function analyse() {
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

function renderLines() {
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

async function hint() {
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

// ---------------------------------------------------------------- rendering of the page

function kingSquare(pieces, color) {
  const k = pieces.indexOf(color === 'white' ? 'K' : 'k');
  return k < 0 ? null : 'abcdefgh'[k & 7] + ((k >> 3) + 1);
}

function refresh() {
  const st = status();
  const pieces = app.game.board();
  const over = outcome();
  const movable = !over && !engineSide(st.turn);
  const dests = new Map();
  if (movable) {
    for (const m of app.game.legalMoves()) {
      if (!dests.has(m.from)) dests.set(m.from, []);
      dests.get(m.from).push(m.to);
    }
  }
  const last = app.ply > 0 ? app.moves[app.ply - 1] : null;
  board.set({
    pieces,
    dests,
    lastMove: last ? [last.slice(0, 2), last.slice(2, 4)] : null,
    check: st.check ? kingSquare(pieces, st.turn) : null,
    hint: app.hint,
    orientation: app.orientation,
  });
  renderPlayers();
  renderMoves();
  renderStatus();
  renderControls();
  if (app.analysing) renderLines();
}

function resultText(over) {
  const r = over.result === '1-0' ? 'resultWhite' : over.result === '0-1' ? 'resultBlack' : 'resultDraw';
  const reason = over.reason ? 'reason' + over.reason[0].toUpperCase() + over.reason.slice(1) : null;
  return i18n.t(r) + (reason ? ' ' + i18n.t(reason) : '');
}

function setStatus(text) {
  $('status').textContent = text;
}

function renderStatus() {
  const over = outcome();
  if (over) return setStatus(over.result + ' · ' + resultText(over));
  const st = status();
  let text = app.mode === 'engine' && st.turn === app.human ? i18n.t('yourMove') : i18n.t('toMove', { color: i18n.t(st.turn) });
  if (st.check) text += ' · ' + i18n.t('check');
  setStatus(text);
}

function playerName(color) {
  if (app.mode === 'engine') return color === app.human ? i18n.t('you') : i18n.t('engine', { level: app.level });
  if (app.mode === 'watch') return i18n.t(color) + ' · ' + i18n.t('engine', { level: app.level });
  return i18n.t(color);
}

function renderPlayers() {
  const st = status();
  const top = app.orientation === 'white' ? 'black' : 'white';
  const over = outcome();
  for (const [id, color] of [['player-top', top], ['player-bottom', top === 'white' ? 'black' : 'white']]) {
    const el = $(id);
    el.dataset.color = color;
    el.classList.toggle('to-move', !over && st.turn === color);
    el.querySelector('.player-name').textContent = playerName(color);
    el.querySelector('.thinking').hidden = !(app.thinking && st.turn === color);
    const count = el.querySelector('.count');
    const c = st.count;
    if (c && c.side === color && !over) {
      const honour = i18n.t(c.kind === 'pieces' ? 'honourPieces' : 'honourBoard');
      count.textContent = i18n.t('counting', { honour, count: Math.ceil(c.ply / 2), limit: c.limit / 2 });
      count.hidden = false;
    } else {
      count.hidden = true;
      count.textContent = '';
    }
  }
}

function renderMoves() {
  const ol = $('moves');
  ol.replaceChildren();
  const firstBlack = colorAt(0) === 'black';
  const startNo = Number(app.startFen.split(' ')[5]) || 1;
  let li = null;
  for (let k = 0; k < app.sans.length; k++) {
    const white = colorAt(k) === 'white';
    if (white || k === 0) {
      li = document.createElement('li');
      const no = document.createElement('span');
      no.className = 'move-no';
      no.textContent = (startNo + Math.floor((k + (firstBlack ? 1 : 0)) / 2)) + '.';
      li.appendChild(no);
      if (!white) {
        const dots = document.createElement('span');
        dots.className = 'move';
        dots.textContent = '…';
        li.appendChild(dots);
      }
      ol.appendChild(li);
    }
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'move';
    b.dataset.ply = String(k + 1);
    b.textContent = app.sans[k];
    if (k + 1 === app.ply) {
      b.setAttribute('aria-current', 'step');
    }
    li.appendChild(b);
  }
  // keep the current move visible inside the list without scrolling the page
  const cur = ol.querySelector('[aria-current]');
  if (cur) {
    const top = cur.offsetTop - ol.offsetTop;
    if (top < ol.scrollTop) ol.scrollTop = top;
    else if (top + cur.offsetHeight > ol.scrollTop + ol.clientHeight) ol.scrollTop = top + cur.offsetHeight - ol.clientHeight;
  }
}

function renderControls() {
  const over = outcome();
  $('btn-undo').disabled = app.ply === 0;
  $('btn-redo').disabled = app.ply >= app.moves.length;
  $('btn-resign').disabled = !!over || app.mode === 'watch' || app.ply !== app.moves.length;
  $('btn-hint').disabled = !!over || !app.engine;
  $('btn-analysis').disabled = !app.engine;
  $('btn-analysis').setAttribute('aria-pressed', String(app.analysing));
  $('analysis').hidden = !app.analysing;
  $('evalbar').hidden = !app.analysing;
  $('evalbar').classList.toggle('flipped', app.orientation === 'black'); // White's share at White's side
  $('nav-first').disabled = $('nav-prev').disabled = app.ply === 0;
  $('nav-next').disabled = $('nav-last').disabled = app.ply >= app.moves.length;
  $('shared').hidden = !app.shared;
  $('shared-back').hidden = !app.shared || !load(PREVIOUS_KEY);
}

function showBanner(over) {
  const r = over.result === '1-0' ? 'resultWhite' : over.result === '0-1' ? 'resultBlack' : 'resultDraw';
  $('banner-result').textContent = over.result + ' · ' + i18n.t(r);
  const reason = 'reason' + over.reason[0].toUpperCase() + over.reason.slice(1);
  $('banner').querySelector('.banner-reason').textContent = i18n.t(reason);
  $('banner').dataset.result = over.result;
  $('banner').dataset.reason = over.reason;
  $('banner').hidden = false;
}

function hideBanner() {
  $('banner').hidden = true;
}

let messageTimer = 0;
function showMessage(text) {
  const el = $('message');
  el.textContent = text;
  el.hidden = false;
  clearTimeout(messageTimer);
  messageTimer = setTimeout(() => { el.hidden = true; }, 12000);
}

function applyLanguage() {
  document.documentElement.lang = i18n.lang;
  document.title = i18n.t('title');
  for (const el of document.querySelectorAll('[data-i18n]')) el.textContent = i18n.t(el.dataset.i18n);
  for (const el of document.querySelectorAll('[data-i18n-aria]')) el.setAttribute('aria-label', i18n.t(el.dataset.i18nAria));
  board.set({ label: i18n.t('boardLabel') });
  board.relabel();
  if (app.game) refresh();
}

// ---------------------------------------------------------------- persistence

function fragment() {
  const p = new URLSearchParams();
  p.set('fen', app.startFen);
  p.set('moves', app.moves.join(' '));
  p.set('ply', String(app.ply));
  p.set('orientation', app.orientation);
  return '#' + p.toString();
}

function save() {
  store(GAME_KEY, {
    startFen: app.startFen, moves: app.moves, ply: app.ply, fen: app.game.fen(), mode: app.mode, human: app.human,
    level: app.level, orientation: app.orientation, resigned: app.resigned, analysing: app.analysing,
    shared: app.shared,
  });
  try {
    history.replaceState(null, '', fragment());
  } catch {
    // sandboxed frames may refuse: the game still lives in storage
  }
  share?.refresh();
}

function readFragment() {
  const h = location.hash.replace(/^#/, '');
  if (!h) return null;
  const p = new URLSearchParams(h);
  if (!p.has('fen') && !p.has('moves')) return null;
  const fen = (p.get('fen') || START_FEN).replace(/_/g, ' ').trim();
  const moves = (p.get('moves') || '').trim().split(/\s+/).filter(Boolean);
  const ply = p.has('ply') ? parseInt(p.get('ply'), 10) : NaN;
  const orientation = p.get('orientation') === 'black' ? 'black' : 'white';
  return { fen, moves, ply, orientation };
}

function tryLine(fen, moves, ply) {
  try {
    const probe = newWasmGame(fen);
    probe.free?.();
  } catch (e) {
    showMessage(i18n.t('badFen', { error: String(e && e.message || e) }));
    return false;
  }
  const rejected = setLine(fen, moves, ply);
  if (rejected) showMessage(i18n.t('badMove', rejected));
  return true;
}

function restore() {
  const frag = readFragment();
  const saved = load(GAME_KEY);
  if (saved && typeof saved === 'object') {
    app.mode = ['engine', 'two', 'watch'].includes(saved.mode) ? saved.mode : 'engine';
    app.human = saved.human === 'black' ? 'black' : 'white';
    app.level = Math.min(8, Math.max(1, Number(saved.level) || DEFAULT_LEVEL));
    app.analysing = !!saved.analysing;
    app.shared = !!saved.shared;
  }
  const same = frag && saved && saved.startFen === frag.fen && Array.isArray(saved.moves)
    && saved.moves.join(' ') === frag.moves.join(' ');
  if (frag && !same) {
    // a shared link: analysis mode, nothing moves by itself; the own game is kept aside
    app.orientation = frag.orientation;
    if (saved && Array.isArray(saved.moves) && !saved.shared) store(PREVIOUS_KEY, saved);
    if (tryLine(frag.fen, frag.moves, frag.ply)) {
      app.mode = 'two';
      app.shared = true;
      app.analysing = true;
      return;
    }
  }
  if (saved && typeof saved.startFen === 'string' && Array.isArray(saved.moves)) {
    app.orientation = frag && same ? frag.orientation : saved.orientation === 'black' ? 'black' : 'white';
    const ply = frag && same && Number.isFinite(frag.ply) ? frag.ply : Number(saved.ply);
    if (tryLine(saved.startFen, saved.moves.map(String), ply)) {
      if (saved.resigned && typeof saved.resigned.ply === 'number') app.resigned = saved.resigned;
      return;
    }
  }
  app.mode = 'engine';
  app.human = 'white';
  app.level = DEFAULT_LEVEL;
  app.shared = false;
  app.orientation = 'white';
  setLine(START_FEN, [], 0);
}

// ---------------------------------------------------------------- controls

function newGame({ startFen, mode, human, level }) {
  cancelSearch();
  app.mode = mode;
  app.human = human;
  app.level = level;
  app.shared = false;
  app.bannerShownFor = null;
  app.orientation = mode === 'engine' ? human : 'white';
  lines = [];
  setLine(startFen, [], 0);
  board.announce(i18n.t('toMove', { color: i18n.t(status().turn) }));
}

function openNewGame() {
  const dlg = $('newgame');
  const form = $('ng-form');
  form.elements.level.value = String(app.level);
  form.elements.mode.value = app.mode; // start from the current choices
  form.elements.color.value = app.human;
  syncDialog();
  if (typeof dlg.showModal === 'function') dlg.showModal();
  else dlg.setAttribute('open', '');
}

function syncDialog() {
  const form = $('ng-form');
  const mode = form.elements.mode.value;
  $('ng-color').disabled = mode !== 'engine';
  $('ng-level-row').hidden = mode === 'two';
  const start = form.elements.start.value;
  $('ng-odds-row').hidden = !(start in HANDICAPS.white);
}

function submitNewGame(e) {
  e.preventDefault();
  const dlg = $('newgame');
  const ok = e.submitter && e.submitter.value === 'start';
  if (dlg.close) dlg.close(); else dlg.removeAttribute('open');
  if (!ok) return;
  const form = $('ng-form');
  const mode = form.elements.mode.value;
  let human = form.elements.color.value;
  if (human === 'random') human = Math.random() < 0.5 ? 'white' : 'black';
  const level = Number(form.elements.level.value) || DEFAULT_LEVEL;
  const start = form.elements.start.value;
  let startFen = START_FEN;
  if (start === 'current') startFen = app.game.fen();
  else if (start in HANDICAPS.white) startFen = HANDICAPS[form.elements.odds.value === 'black' ? 'black' : 'white'][start];
  newGame({ startFen, mode, human, level });
}

function undo() {
  cancelSearch();
  let target = app.ply - 1;
  if (app.mode === 'engine') {
    // take back the engine's reply too: return to the last position where the person moves
    while (target > 0 && colorAt(target) !== app.human) target--;
    if (target < 0 || colorAt(target) !== app.human) return;
  }
  goto(Math.max(0, target));
}

function redo() {
  let target = app.ply + 1;
  if (app.mode === 'engine') {
    while (target < app.moves.length && colorAt(target) !== app.human) target++;
  }
  goto(Math.min(app.moves.length, target));
}

function resign() {
  if (outcome()) return;
  const btn = $('btn-resign');
  if (btn.dataset.confirm !== '1') {
    btn.dataset.confirm = '1';
    btn.textContent = i18n.t('resignConfirm');
    setTimeout(() => { btn.dataset.confirm = ''; btn.textContent = i18n.t('resign'); }, 4000);
    return;
  }
  btn.dataset.confirm = '';
  btn.textContent = i18n.t('resign');
  cancelSearch();
  const loser = app.mode === 'engine' ? app.human : status().turn;
  app.moves.length = app.ply;
  app.sans.length = app.ply;
  app.resigned = { color: loser, ply: app.ply };
  refresh();
  afterChange();
}

function toggleAnalysis() {
  app.analysing = !app.analysing;
  lines = [];
  if (!app.analysing) cancelSearch();
  refresh();
  afterChange();
}

// ---------------------------------------------------------------- share, position panel, editor

let share = null; // www/share.js

/**
 * Loads a line from a link, a FEN, a PGN or the board editor. The FEN is checked first: a bad
 * one returns {error} and keeps the current game; else {rejected} names a refused move (the
 * moves before it are kept). mode: "shared" (analysis; the person chooses how to go on),
 * "analyse", "two", or "engine" (the person plays the side to move).
 */
function loadLine({ fen, moves = [], ply = NaN, orientation, mode = 'shared' }) {
  try {
    newWasmGame(fen).free?.();
  } catch (e) {
    return { error: String(e && e.message || e) };
  }
  cancelSearch();
  // the own game is put aside ("Back to my game") when another one opens for a look
  if (mode === 'shared' && !app.shared && app.moves.length) store(PREVIOUS_KEY, load(GAME_KEY));
  lines = [];
  app.bannerShownFor = null;
  app.shared = mode === 'shared';
  app.analysing = mode === 'shared' || mode === 'analyse';
  app.mode = mode === 'engine' ? 'engine' : 'two';
  if (mode === 'engine') app.human = fen.split(' ')[1] === 'b' ? 'black' : 'white';
  app.orientation = mode === 'engine' ? app.human : orientation || app.orientation;
  const rejected = setLine(fen, moves, ply);
  return { rejected };
}

function shareApi() {
  return {
    Game: app.Game,
    board,
    i18n,
    showMessage,
    load: loadLine,
    goto: (ply) => goto(ply),
    rewriteUrl: save,
    line: () => ({
      startFen: app.startFen, moves: app.moves.slice(), ply: app.ply, orientation: app.orientation,
      fen: app.game.fen(),
      // PGN player names: the engine by its level, people unknown ("?")
      white: engineSide('white') ? `Makruk engine, level ${app.level}` : '?',
      black: engineSide('black') ? `Makruk engine, level ${app.level}` : '?',
    }),
  };
}

function wireControls() {
  $('btn-new').addEventListener('click', openNewGame);
  $('banner-new').addEventListener('click', () => { hideBanner(); openNewGame(); });
  $('banner-close').addEventListener('click', hideBanner);
  $('btn-undo').addEventListener('click', undo);
  $('btn-redo').addEventListener('click', redo);
  $('btn-flip').addEventListener('click', () => {
    app.orientation = app.orientation === 'white' ? 'black' : 'white';
    refresh();
    save();
  });
  $('btn-resign').addEventListener('click', resign);
  $('btn-hint').addEventListener('click', hint);
  $('btn-analysis').addEventListener('click', toggleAnalysis);
  $('btn-share').addEventListener('click', () => share?.openShare());
  $('multipv').addEventListener('change', (e) => {
    app.multipv = Number(e.target.value) || 1;
    lines = [];
    if (app.analysing) analyse();
  });
  $('nav-first').addEventListener('click', () => goto(0));
  $('nav-prev').addEventListener('click', () => goto(app.ply - 1));
  $('nav-next').addEventListener('click', () => goto(app.ply + 1));
  $('nav-last').addEventListener('click', () => goto(app.moves.length));
  $('moves').addEventListener('click', (e) => {
    const b = e.target.closest('button[data-ply]');
    if (b) goto(Number(b.dataset.ply));
  });
  $('shared-engine').addEventListener('click', () => {
    app.shared = false;
    app.mode = 'engine';
    app.human = status().turn;
    app.orientation = app.human;
    app.analysing = false;
    cancelSearch();
    app.moves.length = app.ply;
    app.sans.length = app.ply;
    refresh();
    afterChange();
  });
  $('shared-back').addEventListener('click', () => {
    const prev = load(PREVIOUS_KEY);
    if (!prev || typeof prev.startFen !== 'string' || !Array.isArray(prev.moves)) return;
    cancelSearch();
    app.shared = false;
    app.mode = ['engine', 'two', 'watch'].includes(prev.mode) ? prev.mode : 'engine';
    app.human = prev.human === 'black' ? 'black' : 'white';
    app.level = Math.min(8, Math.max(1, Number(prev.level) || DEFAULT_LEVEL));
    app.orientation = prev.orientation === 'black' ? 'black' : 'white';
    app.analysing = !!prev.analysing;
    tryLine(prev.startFen, prev.moves.map(String), Number(prev.ply));
  });
  $('shared-friend').addEventListener('click', () => {
    app.shared = false;
    app.mode = 'two';
    app.analysing = false;
    cancelSearch();
    refresh();
    afterChange();
  });
  const form = $('ng-form');
  form.addEventListener('change', syncDialog);
  form.addEventListener('submit', submitNewGame);
  document.addEventListener('keydown', (e) => {
    if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
    const tag = e.target && e.target.tagName;
    if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA' || $('newgame').open) return;
    const nav = { ArrowLeft: app.ply - 1, ArrowRight: app.ply + 1, Home: 0, End: app.moves.length }[e.key];
    if (nav !== undefined && app.game) {
      goto(nav);
      e.preventDefault();
    }
  });

  const lang = $('lang');
  for (const l of LANGUAGES) {
    const o = document.createElement('option');
    o.value = l.code;
    o.textContent = l.name;
    lang.appendChild(o);
  }
  lang.value = i18n.lang;
  lang.addEventListener('change', () => {
    i18n.setLanguage(lang.value);
    applyLanguage();
  });
  $('theme').value = settings.theme;
  $('coords').value = settings.coords;
  $('theme').addEventListener('change', (e) => {
    settings.theme = e.target.value;
    store(SETTINGS_KEY, settings);
    board.set({ theme: settings.theme });
  });
  $('coords').addEventListener('change', (e) => {
    settings.coords = e.target.value;
    store(SETTINGS_KEY, settings);
    board.set({ coords: settings.coords });
  });
}

// ---------------------------------------------------------------- start

async function main() {
  // Draw the board at once from the URL or the saved game; the rules module follows.
  const frag = readFragment();
  const saved = load(GAME_KEY);
  const same = frag && saved && saved.startFen === frag.fen && Array.isArray(saved.moves)
    && saved.moves.join(' ') === frag.moves.join(' ') && saved.ply === frag.ply;
  let firstFen = START_FEN;
  if (frag && !same) firstFen = frag.fen;
  else if (saved && typeof saved.fen === 'string') firstFen = saved.fen;
  const firstPieces = placementOf(firstFen);
  board = createBoard(document.querySelector('#board canvas'), {
    pieces: firstPieces,
    orientation: frag ? frag.orientation : (saved && saved.orientation) || 'white',
    theme: settings.theme,
    coords: settings.coords,
    viewOnly: false,
    describe: (sq, p) => i18n.describe(sq, p),
    onMove: onBoardMove,
    onSelect: (sq) => {
      if (!sq || !app.game) return;
      const n = app.game.legalMoves().filter((m) => m.from === sq).length;
      board.announce(i18n.t('pickedUp', { square: sq, n }));
    },
    label: i18n.t('boardLabel'),
    describedBy: 'board-help',
  });
  requestAnimationFrame(() => performance.mark('board-drawn'));
  window.makrukBoard = board;
  wireControls();
  applyLanguage();
  setStatus(i18n.t('loading'));

  try {
    const mod = await import('./pkg/makruk_wasm.js');
    if (typeof mod.default === 'function') await mod.default();
    app.Game = mod.Game;
  } catch (e) {
    setStatus(i18n.t('wasmMissing', { error: String(e && e.message || e) }));
    return;
  }
  restore();
  refresh();
  // share.js (link, PNG, QR, FEN/PGN panel, editor) loads after the board is up, and a
  // failure there cannot take the game down with it
  try {
    const { initShare } = await import('./share.js');
    share = initShare(shareApi());
  } catch (e) {
    console.warn('share.js:', e);
  }
  document.body.dataset.ready = 'game';
  await loadEngine();
  refresh();
  afterChange();
  document.body.dataset.ready = app.engine ? 'engine' : 'game';
}

main();
