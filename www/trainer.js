// The counting-mates trainer (trainer.html): a bare Khun to mate before the count runs out.
// The rules are the wasm `Game`'s; the endgame tables (the wasm `Trainer`, in a worker: a
// table takes a second or more to build) give the start, the defence (the table's move: the
// longest resistance) and the judgement of every move.
// Drill links: #trainer=RR (an ending by its FEN letters) or #trainer=fen:<FEN>.

import { createPageBoard, chooseLanguage, translatePage } from './page.js';
import { createI18n, fill } from './i18n/index.js';
import { STRINGS } from './trainer/strings.js';
import { errorText, exposeForTests } from './dom.js';
import { onLinkChange } from './link.js';
import { destinations, moveSquares, checkedKhun } from './game/board-view.js';

/** The drills, from the easiest to the hardest. */
const ENDINGS = ['RR', 'R', 'RS', 'RN', 'RM', 'SN', 'SM', 'SS', 'NM'];
/** Endings of the tables that are no drill: never won within the count (Ma, Met), or only in a
 * handful of positions with the mate at hand (Khon, two Ma, two Met). */
const NO_DRILL = ['N', 'M', 'S', 'NN', 'MM'];
const PROGRESS_KEY = 'makruk.trainer';
const LETTER_KEYS = { R: 'ruea', S: 'khon', N: 'ma', M: 'met' };
const $ = (id) => document.getElementById(id);

const i18n = createI18n();
const tt = (key, params = {}) => fill(STRINGS[i18n.lang]?.[key] ?? STRINGS.en[key] ?? key, params);
/** "5 moves", in the language's plural form. */
const movesText = (n) => {
  const kind = new Intl.PluralRules(i18n.lang).select(n);
  const key = STRINGS[i18n.lang]?.[`moves_${kind}`] ? `moves_${kind}` : 'moves_other';
  return tt(key, { n });
};
/** The strong side's moves in a mate of `plies` plies, its own move first. */
const strongMoves = (plies) => Math.ceil(plies / 2);
const endingName = (letters) => [...letters].map((c) => i18n.t(LETTER_KEYS[c])).join(' + ');

function loadProgress() {
  try {
    return JSON.parse(localStorage.getItem(PROGRESS_KEY)) || {};
  } catch {
    return {};
  }
}

function record(ending, solved) {
  const all = loadProgress();
  const p = all[ending] || { tried: 0, solved: 0 };
  all[ending] = { tried: p.tried + 1, solved: p.solved + (solved ? 1 : 0) };
  try { localStorage.setItem(PROGRESS_KEY, JSON.stringify(all)); } catch { /* storage blocked: not kept */ }
}

/** What a drill link asks for: {ending} | {fen} | {bad: text} | {} (none). */
function readDrill(hash) {
  const value = new URLSearchParams(String(hash).replace(/^#/, '')).get('trainer');
  if (value === null) return {};
  if (value.startsWith('fen:')) return { fen: value.slice(4).replace(/_/g, ' ').trim() };
  const letters = value.trim().toUpperCase();
  return ENDINGS.includes(letters) ? { ending: letters } : { bad: value.slice(0, 20) };
}

const drillHash = (value) => '#' + new URLSearchParams({ trainer: value }).toString();

/** The tables' worker as promises: `probe(fen)`, `randomStart(ending, seed)`. */
function tablesWorker() {
  const worker = new Worker(new URL('./trainer/tables-worker.js', import.meta.url), { type: 'module' });
  const waiting = new Map();
  let next = 0;
  worker.onmessage = ({ data }) => {
    const w = waiting.get(data.id);
    waiting.delete(data.id);
    if ('error' in data) w.reject(new Error(data.error));
    else w.resolve(data.result);
  };
  worker.onerror = (e) => {
    for (const w of waiting.values()) w.reject(new Error(e.message || 'the tables worker failed'));
    waiting.clear();
  };
  const call = (op, ...args) => new Promise((resolve, reject) => {
    waiting.set(++next, { resolve, reject });
    worker.postMessage({ id: next, op, args });
  });
  return { probe: (fen) => call('probe', fen), randomStart: (ending, seed) => call('randomStart', ending, seed) };
}

let Game;
let tables;
let board;
// the drill: its ending and start, the game, the table's word on the position, the outcome
let drill = null;

/** `{count, limit}` in moves as docs/rules.md shows them, or null before the count starts. */
function countOf(game) {
  const c = game.status().count;
  return c ? { count: Math.ceil(c.ply / 2), limit: c.limit / 2, side: c.side } : null;
}

const men = (game) => game.board().filter(Boolean).length;

/** The strong side's moves the count still leaves for the mate. */
function movesLeft(game) {
  const s = game.status();
  const strongToMove = s.turn === drill.human;
  // a mate in d plies comes in time when d <= l - c + 1 (docs/endgames.md); with no count
  // yet, it starts after the strong side's next move at 2N
  const plies = s.count ? s.count.limit - s.count.ply + 1 : 2 * drill.limitMoves - 2 * men(game) + (strongToMove ? 2 : 3);
  // the strong side mates on odd plies when it is to move, else on even ones
  return strongToMove ? Math.ceil(plies / 2) : Math.floor(plies / 2);
}

function setMessage(text) {
  $('message').textContent = text || '';
  $('message').hidden = !text;
}

function render() {
  const { game } = drill;
  const s = game.status();
  const mine = s.turn === drill.human && !drill.over && !drill.busy;
  const moves = game.moves();
  const pieces = game.board();
  board.set({
    pieces,
    dests: destinations(mine ? game.legalMoves() : []),
    orientation: drill.human,
    lastMove: moveSquares(moves[moves.length - 1]),
    check: checkedKhun(pieces, s.turn, s.check),
  });
  const c = countOf(game);
  $('count').textContent = c
    ? tt('countLine', { count: c.count, limit: c.limit, color: i18n.colorWord(c.side) })
    : tt('countNotStarted', { start: men(game), limit: drill.limitMoves });
  $('count').hidden = false;
  $('status').textContent = drill.over ? '' : mine ? tt('yourMove') : '';
  $('btn-distance').disabled = !!drill.over;
  if (!$('distance').hidden && !drill.busy) showDistance();
  document.body.dataset.ply = String(moves.length);
  document.body.dataset.yourMove = String(mine);
}

function showDistance() {
  const p = drill.probe;
  const left = movesLeft(drill.game);
  let text;
  if (!p || !p.won) text = tt('distanceNone');
  else if (p.wonWithinCount) text = tt('distance', { moves: movesText(strongMoves(p.dtmPlies)), left: movesText(left) });
  else text = tt('distanceLost', { moves: movesText(strongMoves(p.dtmPlies)), left: movesText(left) });
  $('distance').textContent = text;
  $('distance').hidden = false;
}

/** Ends the drill: success on mate, else the reason of the draw. */
function finish() {
  const s = drill.game.status();
  const solved = s.reason === 'checkmate';
  const keys = { counting: 'endCount', stalemate: 'endStalemate', insufficient: 'endMaterial', repetition: 'endRepetition' };
  const c = countOf(drill.game);
  const text = solved ? tt('success', c || { count: '-', limit: drill.limitMoves }) : `${tt(keys[s.reason] || 'failed')} ${tt('failed')}`;
  drill.over = true;
  $('result').textContent = text;
  $('result').dataset.kind = solved ? 'success' : 'fail';
  $('result').hidden = false;
  if (!drill.recorded) record(drill.ending, solved);
  drill.recorded = true;
  document.body.dataset.result = solved ? 'success' : 'fail';
  renderEndings();
}

/** The judgement of the person's move: `before` the table's word on the position it was
 * played in (the person to move), `after` on the one it made (the defender to move). */
function judge(before, after) {
  if (!before?.wonWithinCount) return '';
  if (!after || !after.won) return tt('mistakeDraw');
  if (!after.wonWithinCount) {
    return tt('mistakeCount', { moves: movesText(strongMoves(after.dtmPlies)), left: movesText(movesLeft(drill.game)) });
  }
  const more = (after.dtmPlies - (before.dtmPlies - 1)) / 2;
  return more > 0 ? tt('mistakeSlower', { more: movesText(more), moves: movesText(strongMoves(after.dtmPlies)) }) : '';
}

/** The tables' word on the position after a move, or the end; false when another drill has
 * started meanwhile. */
async function afterMove(d) {
  d.busy = true;
  render();
  const over = d.game.status().result !== '*';
  const probe = over ? null : await tables.probe(d.game.fen());
  if (drill !== d) return false;
  d.probe = probe;
  d.busy = false;
  if (over) finish();
  render();
  return true;
}

async function playPerson(from, to) {
  const d = drill;
  const m = d?.game.legalMoves().find((x) => x.from === from && x.to === to);
  if (!m || d.over || d.busy) return d && render();
  const before = d.probe;
  d.game.play(m.uci);
  if (!(await afterMove(d))) return;
  if (d.over) return setMessage('');
  setMessage(judge(before, d.probe));
  // the first move that loses the win within the count fails the drill; play may go on
  if (!d.recorded && before?.wonWithinCount && !d.probe?.wonWithinCount) {
    record(d.ending, false);
    d.recorded = true;
    renderEndings();
  }
  setTimeout(() => playDefender(d), 250);
}

async function playDefender(d) {
  if (drill !== d || d.over) return;
  const best = d.probe?.best || d.game.legalMoves()[0]?.uci;
  if (!best) return;
  const pieces = d.game.board();
  const played = d.game.play(best);
  const taken = pieces['abcdefgh'.indexOf(played.to[0]) + 8 * (Number(played.to[1]) - 1)];
  if (!(await afterMove(d))) return;
  if (taken) setMessage(`${tt('pieceLost', { piece: i18n.pieceName(taken) })} ${$('message').textContent}`.trim());
}

/** Starts a drill from `fen` (already checked: one of the endings, won within the count). */
function start(ending, fen, probe) {
  const game = new Game(fen);
  drill = { ending, fen, game, probe, human: probe.strong, limitMoves: probe.limitMoves, over: false, recorded: false, busy: false };
  delete document.body.dataset.result;
  showDrill(true);
  $('result').hidden = true;
  $('distance').hidden = true;
  setMessage('');
  renderAbout();
  $('drill-link').href = drillHash(ending);
  $('position-link').href = drillHash(`fen:${fen}`);
  renderEndings();
  render();
  if (game.status().turn !== drill.human) setTimeout(() => playDefender(drill), 250);
}

/** A new random start of `ending`; the first one of an ending builds its table (a second
 * or more for four men): the page says so meanwhile. */
async function newDrill(ending) {
  if (drill) drill.busy = true;
  $('status').textContent = tt('preparing');
  const t0 = performance.now();
  try {
    const fen = await tables.randomStart(ending, Math.floor(Math.random() * 2 ** 52));
    const probe = await tables.probe(fen);
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
      $('status').textContent = tt('preparing');
      probe = await tables.probe(d.fen);
    } catch { /* not a FEN: said below */ }
    if (probe && probe.wonWithinCount && ENDINGS.includes(probe.ending)) return start(probe.ending, d.fen, probe);
    return refuse(tt('badFen'));
  }
  if (d.bad !== undefined) {
    const letters = d.bad.trim().toUpperCase();
    return refuse(NO_DRILL.includes(letters) ? tt('neverWon', { ending: endingName(letters) }) : tt('badEnding', { text: d.bad }));
  }
  return newDrill(drill?.ending || ENDINGS[0]);
}

function refuse(text) {
  drill = null;
  $('status').textContent = '';
  showDrill(false);
  setMessage(text);
  document.body.dataset.result = 'refused';
  renderEndings();
}

/** The drill's buttons and its ending's text, or none (a refused link). */
function showDrill(shown) {
  for (const id of ['btn-distance', 'btn-retry']) $(id).disabled = !shown;
  document.querySelector('.about').hidden = !shown;
}

/** The ending's name, its limit and where the count starts, its technique. */
function renderAbout() {
  const { ending, limitMoves } = drill;
  const start = ending.length + 2;
  $('ending-name').textContent = endingName(ending);
  $('limit-line').textContent = tt('limitLine', { limit: limitMoves, start, moves: limitMoves - start + 1 });
  $('technique').textContent = tt(`tech_${ending}`);
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
    if (drill?.ending === e) a.setAttribute('aria-current', 'true');
    li.append(a);
    const p = progress[e];
    if (p) {
      const span = document.createElement('span');
      span.className = 'progress';
      span.textContent = tt('progress', p);
      li.append(span);
    }
    return li;
  }));
}

function translate() {
  translatePage(i18n, tt, board);
  renderEndings();
  if (drill) {
    renderAbout();
    render();
  }
}

async function main() {
  board = createPageBoard(i18n, playPerson);
  await chooseLanguage(i18n, translate);
  $('status').textContent = i18n.t('loading');
  try {
    const mod = await import('./wasm-full.js');
    await mod.loadWasm();
    Game = mod.Game;
    tables = tablesWorker();
  } catch (e) {
    $('status').textContent = i18n.t('wasmMissing', { error: errorText(e) });
    return;
  }
  // for the tests: what the tables say of a FEN
  exposeForTests('makrukTrainer', { Game, probe: (fen) => tables.probe(fen), fen: () => drill?.game.fen() });
  $('btn-distance').addEventListener('click', () => drill && showDistance());
  $('btn-retry').addEventListener('click', async () => drill && start(drill.ending, drill.fen, await tables.probe(drill.fen)));
  $('btn-new').addEventListener('click', () => newDrill(drill?.ending || ENDINGS[0]));
  onLinkChange(() => openLink());
  await openLink();
  document.body.dataset.ready = 'trainer';
}

main();
