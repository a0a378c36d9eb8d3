// The counting-mates trainer (trainer.html): a bare Khun to mate before the count runs out.
// The rules are the wasm `Game`'s; the endgame tables (the wasm `Trainer`, in a worker: a
// table takes a second or more to build) give the start, the defence (the table's move: the
// longest resistance) and the judgement of every move. The drill is the trainer's store's
// (www/pages/trainer/store.js); this page asks the tables, plays the defence and renders the
// state, a subscriber of the store.
// Drill links: #trainer=RR (an ending by its FEN letters) or #trainer=fen:<FEN>.

import { startSidePage, translateSidePage } from '../../common/page.js';
import { createI18n, reasonKey } from '../../common/i18n/index.js';
import { featureTexts } from '../../common/i18n/features.js';
import { $, errorText, exposeForTests, showMessage } from '../../common/dom.js';
import { readStored, writeStored } from '../../common/storage.js';
import { createRequests } from '../../worker-rpc.js';
import { createTrainerStore } from './store.js';
import { onLinkChange, sideLink, readSideLink } from '../../common/link.js';
import { destinations, moveSquares, checkedKhun } from '../../common/game/board-view.js';

/** The drills, from the easiest to the hardest. */
const ENDINGS = ['RR', 'R', 'RS', 'RN', 'RM', 'SN', 'SM', 'SS', 'NM'];
/** Endings of the tables that are no drill: never won within the count (Ma, Met), or only in a
 * handful of positions with the mate at hand (Khon, two Ma, two Met). */
const NO_DRILL = ['N', 'M', 'S', 'NN', 'MM'];
const PROGRESS_KEY = 'makruk.trainer';
const LETTER_KEYS = { R: 'ruea', S: 'khon', N: 'ma', M: 'met' };

const i18n = createI18n(undefined, { features: ['trainer'] });
const ft = featureTexts(i18n, 'trainer');
/** "5 moves", in the language's plural form. */
const movesText = (n) => ft.count('moves', n);
const endingName = (letters) => [...letters].map((c) => i18n.t(LETTER_KEYS[c])).join(' + ');

const loadProgress = () => readStored(PROGRESS_KEY) || {};

function record(ending, solved) {
  const all = loadProgress();
  const p = all[ending] || { tried: 0, solved: 0 };
  all[ending] = { tried: p.tried + 1, solved: p.solved + (solved ? 1 : 0) };
  writeStored(PROGRESS_KEY, all);
}

/** What a drill link asks for: {ending} | {fen} | {bad: text} | {} (none). */
function readDrill(hash) {
  const value = readSideLink(hash).trainer;
  if (value === null) return {};
  if (value.startsWith('fen:')) return { fen: value.slice(4).replace(/_/g, ' ').trim() };
  const letters = value.trim().toUpperCase();
  return ENDINGS.includes(letters) ? { ending: letters } : { bad: value.slice(0, 20) };
}

const drillHash = (value) => sideLink('trainer', value);

/** The tables' worker as promises: `probe(fen)`, `randomStart(ending, seed)`. */
function tablesWorker() {
  const worker = new Worker(new URL('./tables-worker.js', import.meta.url), { type: 'module' });
  const requests = createRequests();
  worker.onmessage = ({ data }) => {
    const w = requests.take(data.id);
    if (data.type === 'error') w?.reject(new Error(data.message));
    else w?.resolve(data.value);
  };
  worker.onerror = (e) => requests.rejectAll(e.message || 'the tables worker failed');
  const call = (type, ...args) => new Promise((resolve, reject) => {
    worker.postMessage({ id: requests.add({ resolve, reject }), type, args });
  });
  return { probe: (fen) => call('probe', fen), randomStart: (ending, seed) => call('randomStart', ending, seed) };
}

/** The page's state: the tables' worker, the board, the trainer's store (the drill). */
const page = { tables: null, board: null, store: null };

/** `{count, limit}` in moves as docs/rules.md shows them, or null before the count starts. */
function countOf(s) {
  const c = s.status.count;
  return c ? { count: c.moves, limit: c.limitMoves, side: c.side } : null;
}


/** The distance to mate the tables give, against the moves the count leaves. */
function distanceText(s) {
  const p = s.probe;
  // the strong side's moves the count leaves, as the core counts them (Probe::moves_left)
  const left = p?.movesLeft;
  if (!p || !p.won) return ft('distanceNone');
  if (p.wonWithinCount) return ft('distance', { moves: movesText(p.dtmMoves), left: movesText(left) });
  return ft('distanceLost', { moves: movesText(p.dtmMoves), left: movesText(left) });
}

/** The board, the count, whose move, the distance when shown. */
function renderPosition(s, action) {
  const mine = s.status.turn === s.drill.human && !s.over && !s.busy;
  page.board.set({
    pieces: s.pieces,
    dests: destinations(mine ? s.legal : []),
    orientation: s.drill.human,
    lastMove: moveSquares(s.moves[s.moves.length - 1]),
    check: checkedKhun(s.pieces, s.status.turn, s.status.check),
  });
  const c = countOf(s);
  $('count').textContent = c
    ? ft('countLine', { count: c.count, limit: c.limit, color: i18n.colorWord(c.side) })
    : ft('countNotStarted', { start: s.drill.countStart, limit: s.drill.limitMoves });
  $('count').hidden = false;
  $('status').textContent = s.preparing ? ft('preparing') : s.over ? '' : mine ? ft('yourMove') : '';
  $('btn-distance').disabled = s.over;
  $('distance').hidden = !s.distance || s.over; // the result says how it ended
  if (s.distance && (!s.busy || action.type === 'distance')) $('distance').textContent = distanceText(s);
  document.body.dataset.ply = String(s.moves.length);
  document.body.dataset.yourMove = String(mine);
}

/** The end of the drill: success on mate, else the reason of the draw. */
function renderResult(s) {
  $('result').hidden = !s.over;
  if (!s.over) return;
  const solved = s.status.reason === 'checkmate';
  // a draw by the core's reason (endCounting, endMaterial, ...), then the verdict
  $('result').textContent = solved ? ft('success', countOf(s) || { count: '-', limit: s.drill.limitMoves })
    : `${ft(reasonKey(s.status.reason, 'end'))} ${ft('failed')}`;
  $('result').dataset.kind = solved ? 'success' : 'fail';
  document.body.dataset.result = solved ? 'success' : 'fail';
}

/** A subscriber of the store: each part drawn again when the state it shows changed. */
function render(s, action = {}, p = null) {
  const changed = (...keys) => !p || keys.some((k) => s[k] !== p[k]);
  if (changed('message')) showMessage(s.message);
  if (changed('drill')) {
    showDrill(!!s.drill);
    if (s.drill) renderAbout(s.drill);
    if (s.refused !== null) document.body.dataset.result = 'refused';
    else delete document.body.dataset.result;
  }
  if (changed('drill', 'recorded')) renderEndings();
  if (!s.drill) {
    $('status').textContent = s.preparing ? ft('preparing') : '';
    return;
  }
  renderPosition(s, action);
  if (changed('drill', 'over')) renderResult(s);
}

/** The tables' word on the position after a move, or the end; false when another drill has
 * started meanwhile. */
async function afterMove(d) {
  const s = page.store.getState();
  const over = s.status.result !== '*';
  const probe = over ? null : await page.tables.probe(s.fen);
  if (page.store.getState().drill !== d) return false;
  page.store.probed(probe);
  if (over) {
    if (!page.store.getState().recorded) record(d.ending, page.store.getState().status.reason === 'checkmate');
    page.store.recorded();
  }
  return true;
}

/** The judgement of the person's move: `before` the table's word on the position it was
 * played in (the person to move), `after` on the one it made (the defender to move). */
function judge(before, after) {
  if (!before?.wonWithinCount) return '';
  if (!after || !after.won) return ft('mistakeDraw');
  if (!after.wonWithinCount) {
    return ft('mistakeCount', { moves: movesText(after.dtmMoves), left: movesText(after.movesLeft) });
  }
  // the moves the person's move added to the mate (the best keeps it: one move fewer)
  const more = after.dtmMoves - (before.dtmMoves - 1);
  return more > 0 ? ft('mistakeSlower', { more: movesText(more), moves: movesText(after.dtmMoves) }) : '';
}

async function playPerson(from, to) {
  const s = page.store.getState();
  const d = s.drill;
  const m = d && s.legal.find((x) => x.from === from && x.to === to);
  if (!m || s.over || s.busy) return d && render(s);
  const before = s.probe;
  page.store.play(m.uci, 'person');
  if (!(await afterMove(d))) return;
  const after = page.store.getState();
  if (after.over) return page.store.setMessage('');
  page.store.setMessage(judge(before, after.probe));
  // the first move that loses the win within the count fails the drill; play may go on
  if (!after.recorded && before?.wonWithinCount && !after.probe?.wonWithinCount) {
    record(d.ending, false);
    page.store.recorded();
  }
  setTimeout(() => playDefender(d), 250);
}

async function playDefender(d) {
  const s = page.store.getState();
  if (s.drill !== d || s.over) return;
  const best = s.probe?.best || s.legal[0]?.uci;
  if (!best) return;
  page.store.play(best, 'defender');
  if (!(await afterMove(d))) return;
  const { last, message } = page.store.getState();
  if (last.taken) page.store.setMessage(`${ft('pieceLost', { piece: i18n.pieceName(last.taken) })} ${message}`.trim());
}

/** Starts a drill from `fen` (already checked: one of the endings, won within the count). */
function start(ending, fen, probe) {
  page.store.start(ending, fen, probe);
  const s = page.store.getState();
  if (s.status.turn !== s.drill.human) setTimeout(() => playDefender(s.drill), 250);
}

/** A new random start of `ending`; the first one of an ending builds its table (a second
 * or more for four men): the page says so meanwhile. */
async function newDrill(ending) {
  page.store.preparing();
  const t0 = performance.now();
  try {
    const fen = await page.tables.randomStart(ending, Math.floor(Math.random() * 2 ** 52));
    const probe = await page.tables.probe(fen);
    document.body.dataset.prepareMs = String(Math.round(performance.now() - t0));
    start(ending, fen, probe);
  } catch (e) {
    refuse(errorText(e));
  }
}

/** The drill a link asks for; a bad one is explained and the list offered. */
async function openLink() {
  const d = readDrill(location.hash);
  if (d.ending) return newDrill(d.ending);
  if (d.fen) {
    let probe = null;
    try {
      page.store.preparing();
      probe = await page.tables.probe(d.fen);
    } catch { /* not a FEN: said below */ }
    if (probe && probe.wonWithinCount && ENDINGS.includes(probe.ending)) return start(probe.ending, d.fen, probe);
    return refuse(ft('badFen'));
  }
  if (d.bad !== undefined) {
    const letters = d.bad.trim().toUpperCase();
    return refuse(NO_DRILL.includes(letters) ? ft('neverWon', { ending: endingName(letters) })
      : ft('badEnding', { text: d.bad }));
  }
  return newDrill(page.store.getState().drill?.ending || ENDINGS[0]);
}

const refuse = (text) => page.store.refuse(text);

/** The drill's buttons and its ending's text, or none (a refused link). */
function showDrill(shown) {
  for (const id of ['btn-distance', 'btn-retry']) $(id).disabled = !shown;
  /** @type {HTMLElement} */ (document.querySelector('.about')).hidden = !shown;
}

/** The ending's name, its limit and where the count starts, its technique. */
function renderAbout({ ending, limitMoves, countStart: start }) {
  $('ending-name').textContent = endingName(ending);
  $('limit-line').textContent = ft('limitLine', { limit: limitMoves, start, moves: limitMoves - start + 1 });
  $('technique').textContent = ft(`tech_${ending}`);
  $('drill-link').href = drillHash(ending);
  $('position-link').href = drillHash(`fen:${page.store.getState().drill.fen}`);
}

function renderEndings() {
  const progress = loadProgress();
  const list = $('endings');
  list.replaceChildren(...ENDINGS.map((e) => {
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.href = drillHash(e);
    a.textContent = endingName(e);
    a.dataset.ending = e;
    if (page.store?.getState().drill?.ending === e) a.setAttribute('aria-current', 'true');
    li.append(a);
    const p = progress[e];
    if (p) {
      const span = document.createElement('span');
      span.className = 'progress';
      span.textContent = ft('progress', p);
      li.append(span);
    }
    return li;
  }));
}

function translate() {
  translateSidePage(i18n, ft, page.board);
  if (page.store) render(page.store.getState());
  else renderEndings();
}

startSidePage(page, {
  name: 'trainer',
  i18n,
  onMove: playPerson,
  translate,
  full: true,
  start: async ({ Game }) => {
    page.tables = tablesWorker();
    page.store = createTrainerStore(Game);
    page.store.subscribe(render);
    // for the tests: what the tables say of a FEN
    exposeForTests('makrukTrainer',
      { Game, probe: (fen) => page.tables.probe(fen), fen: () => page.store.getState().fen ?? undefined });
    const drill = () => page.store.getState().drill;
    $('btn-distance').addEventListener('click', () => drill() && page.store.showDistance());
    $('btn-retry').addEventListener('click',
      async () => drill() && start(drill().ending, drill().fen, await page.tables.probe(drill().fen)));
    $('btn-new').addEventListener('click', () => newDrill(drill()?.ending || ENDINGS[0]));
    onLinkChange(() => openLink());
    await openLink();
  },
});
