// The puzzle page (puzzles.html): positions from the engine's own games where one move wins
// (www/pages/puzzles/puzzles.txt, made by makruk-puzzles: docs/puzzles.md). The position and every
// move's legality are the game store's (www/common/game/store.js, over the wasm rules); the solving
// is www/pages/puzzles/puzzle.js; the player's rating, results and recent puzzles are kept in
// local storage (www/common/storage.js). Links: #puzzle=<id>.

import { startSidePage, translateSidePage } from '../../common/page.js';
import { createI18n } from '../../common/i18n/index.js';
import { featureTexts } from '../../common/i18n/features.js';
import { $, errorText, exposeForTests, showMessage } from '../../common/dom.js';
import { readStored, writeStored, savedSettings } from '../../common/storage.js';
import { onLinkChange, sideLink, readSideLink } from '../../common/link.js';
import { createStore, boardView } from '../../common/game/store.js';
import { THEMES, START_RATING, parsePuzzles, pickPuzzle, createSolver, rate } from './puzzle.js';
import { thaiNotation } from '../../load-rules.js';

const PROGRESS_KEY = 'makruk.puzzles';
const RECENT = 12;
const REPLY_MS = 350;
const STEP_MS = 650;

const i18n = createI18n(undefined, { features: ['puzzles'] });
const ft = featureTexts(i18n, 'puzzles');

/** {rating, played, results: {id: "solved" | "failed"}, recent: [id, ...]}: the player's. */
function loadProgress() {
  const p = readStored(PROGRESS_KEY); // unreadable or blocked: null, a fresh start
  const ok = p && typeof p === 'object';
  return {
    rating: ok && Number.isFinite(p.rating) ? p.rating : START_RATING,
    played: ok && Number.isInteger(p.played) ? p.played : 0,
    results: ok && p.results && typeof p.results === 'object' ? p.results : {},
    recent: ok && Array.isArray(p.recent) ? p.recent.filter((id) => typeof id === 'string').slice(0, RECENT) : [],
  };
}

const saveProgress = (p) => writeStored(PROGRESS_KEY, p);

/** The page's state: the board, the game's store (the position and its moves), the puzzles,
 * the player's progress, the puzzle on the board (its solver, whether it is over, whether its
 * result is recorded) and the timer of the reply or the solution's next step. */
const page = { board: null, store: null, puzzles: [], progress: loadProgress(), current: null, timer: null };

const puzzleHash = (id) => sideLink('puzzle', id);
const readId = (hash) => readSideLink(hash).puzzle;


function render() {
  if (!page.store) return;
  const s = page.store.getState();
  page.board.set(boardView(s));
  // (its bar is there, empty when no count runs, so that the board does not move: layout-shift test)
  $('count').textContent = i18n.countLine(s.status);
  document.body.dataset.ply = String(s.ply);
  renderSolution(s);
}

/** The solution's moves once it is shown, in the chosen notation (the game page's setting),
 * each a button that steps to its position; the cursor's move marked. */
function renderSolution(s) {
  const box = $('solution');
  box.hidden = !page.current?.solver.progress().shown;
  if (box.hidden) return;
  page.current.shownTo = Math.max(page.current.shownTo ?? 0, s.ply);
  const shown = page.current.shownTo;
  const names = page.store.names(s.startFen, s.moves.slice(0, shown), s.sans.slice(0, shown));
  box.replaceChildren(`${ft('showSolution')}:`, ...names.map((name, k) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'move';
    b.textContent = name;
    if (k + 1 === s.ply) b.setAttribute('aria-current', 'step');
    b.addEventListener('click', () => page.store.goto(k + 1));
    return b;
  }));
}

/** The status line, the buttons and the puzzle's facts, from the solver's progress. */
function renderPuzzle() {
  if (!page.current) return;
  const { solver, over } = page.current;
  const p = solver.progress();
  const { puzzle } = solver;
  $('status').textContent = over ? '' : ft(`find_${solver.solver}`);
  $('btn-retry').hidden = !p.wrong;
  $('btn-hint').disabled = over || p.wrong;
  $('btn-solution').disabled = over;
  $('about').textContent = ft('about', { id: puzzle.id, rating: puzzle.rating });
  $('themes').textContent = ft('themesOf', { themes: puzzle.themes.map((t) => ft(`theme_${t}`)).join(', ') });
  $('themes').hidden = !over; // the themes would give the answer away
  $('puzzle-link').href = puzzleHash(puzzle.id);
  document.body.dataset.puzzle = puzzle.id;
  document.body.dataset.state = over ? (p.solved ? 'solved' : 'shown') : p.wrong ? 'wrong' : 'solving';
}

function renderProgress(change = null) {
  const tried = Object.keys(page.progress.results).length;
  const solved = Object.values(page.progress.results).filter((r) => r === 'solved').length;
  $('rating').textContent = change === null
    ? ft('yourRating', { rating: page.progress.rating })
    : ft('ratingChange', { rating: page.progress.rating, change: change >= 0 ? `+${change}` : String(change) });
  $('stats').textContent = ft.count('stats', tried, { solved, tried });
  $('recent-box').hidden = !page.progress.recent.length;
  $('recent').replaceChildren(...page.progress.recent.map((id) => {
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.href = puzzleHash(id);
    a.textContent = id;
    li.dataset.result = page.progress.results[id] || '';
    li.append(a, ` ${page.progress.results[id] === 'solved' ? '✓' : '✗'}`);
    return li;
  }));
}

function renderThemes() {
  const select = $('theme');
  const chosen = select.value;
  const count = (t) => page.puzzles.filter((p) => !t || p.themes.includes(t)).length;
  select.replaceChildren(new Option(`${ft('allThemes')} (${count(null)})`, ''),
    ...THEMES.filter(count).map((t) => new Option(`${ft(`theme_${t}`)} (${count(t)})`, t)));
  select.value = chosen;
}

/** The puzzle's result for the player, once: the first try counts, later ones do not. */
function record(solved) {
  const { puzzle } = page.current.solver;
  let change = null;
  if (!(puzzle.id in page.progress.results)) {
    const before = page.progress.rating;
    page.progress.rating = rate(before, puzzle.rating, solved, page.progress.played);
    page.progress.played += 1;
    page.progress.results[puzzle.id] = solved ? 'solved' : 'failed';
    change = page.progress.rating - before;
  }
  page.progress.recent = [puzzle.id, ...page.progress.recent.filter((id) => id !== puzzle.id)].slice(0, RECENT);
  saveProgress(page.progress);
  renderProgress(change);
}

/** The puzzle is over: solved by the player, or its solution shown. */
function finish() {
  const p = page.current.solver.progress();
  const clean = p.solved && !p.mistakes && !p.hints && !p.shown;
  page.current.over = true;
  if (!page.current.recorded) record(clean);
  page.current.recorded = true;
  $('result').textContent = p.solved ? ft(clean ? 'solved' : 'solvedHelped') : ft('shown');
  $('result').dataset.kind = clean ? 'success' : 'error';
  $('result').hidden = false;
  showMessage('');
  renderPuzzle();
  $('btn-next').focus();
}

function onMove(from, to) {
  if (!page.current || page.current.over) return render();
  const c = page.current;
  const r = c.solver.attempt(from, to);
  if (r.result === 'none') return render();
  if (r.result === 'solved') return finish();
  if (r.result === 'wrong') {
    showMessage(ft('wrong', { san: page.store.getState().last.san }), 'error');
    // a wrong first try counts as not solved at once: a reload does not undo it
    if (!c.recorded) record(false);
    c.recorded = true;
    renderPuzzle();
    return $('btn-retry').focus();
  }
  showMessage(ft('right'), 'success');
  renderPuzzle();
  clearTimeout(page.timer);
  page.timer = setTimeout(() => {
    if (page.current !== c) return;
    c.solver.reply();
    renderPuzzle();
  }, REPLY_MS);
}

function showSolution() {
  const c = page.current;
  if (!c || c.over) return;
  clearTimeout(page.timer);
  page.board.set({ hint: null });
  showMessage(''); // "… is not the move" is over: the solution follows
  const more = c.solver.step();
  renderPuzzle();
  if (more) page.timer = setTimeout(showSolution, STEP_MS);
  else finish();
}

function hint() {
  const square = page.current && !page.current.over && page.current.solver.hint();
  if (!square) return;
  page.board.select(square);
  showMessage(ft('hintText', { square }), 'info');
  renderPuzzle();
}

/** Puts `puzzle` on the board; `message` says why it is this one (a bad link). */
function start(puzzle, message = '') {
  clearTimeout(page.timer);
  const solver = createSolver(page.store, puzzle);
  page.current = { solver, over: false, recorded: false };
  const res = solver.load();
  $('result').hidden = true;
  showMessage(res.error ? errorText(res.error) : message, 'error');
  page.board.set({ hint: null });
  page.board.select(null);
  try {
    history.replaceState(null, '', puzzleHash(puzzle.id));
  } catch { /* a sandboxed frame may refuse: the link below still works */ }
  renderPuzzle();
  render();
}

function next(message = '') {
  const done = new Set(Object.keys(page.progress.results));
  const puzzle = pickPuzzle(page.puzzles,
    { theme: $('theme').value || null, rating: page.progress.rating, done, not: page.current?.solver.puzzle.id })
    || pickPuzzle(page.puzzles, { rating: page.progress.rating, done });
  if (puzzle) start(puzzle, message);
}

/** The puzzle of the link, or the next one for the player (a bad id is said so). */
function openLink() {
  const id = readId(location.hash);
  if (id !== null && id === page.current?.solver.puzzle.id) return;
  const puzzle = id !== null && page.puzzles.find((p) => p.id === id);
  if (puzzle) return start(puzzle);
  next(id !== null ? ft('badId', { id: id.slice(0, 24) }) : '');
}

function translate() {
  translateSidePage(i18n, ft, page.board);
  renderThemes();
  renderProgress();
  renderPuzzle();
  render();
}

startSidePage(page, {
  name: 'puzzles',
  i18n,
  onMove,
  translate,
  load: (say) => fetch(new URL('./puzzles.txt', import.meta.url)).then((r) => {
    if (!r.ok) throw new Error(`${r.status} ${r.statusText}`);
    return r.text();
  }).catch((e) => say(ft('loadFailed', { error: errorText(e) }))),
  start: (rules, text) => {
    if (typeof text !== 'string') return false;
    page.store = createStore(rules.Game,
      { settings: { sound: false, notation: savedSettings(i18n.lang).notation }, loadThaiLine: thaiNotation });
    page.puzzles = parsePuzzles(text);
    page.store.subscribe(render);
    // for the tests: the legal moves on the board
    exposeForTests('makrukPuzzles', { legal: () => page.store.getState().legal.map((m) => m.uci) });
    renderThemes();
    $('btn-retry').addEventListener('click', () => {
      page.current?.solver.retry();
      showMessage('');
      renderPuzzle();
    });
    $('btn-hint').addEventListener('click', hint);
    $('btn-solution').addEventListener('click', showSolution);
    $('btn-next').addEventListener('click', () => next());
    $('theme').addEventListener('change', () => next());
    onLinkChange(() => openLink());
    openLink();
  },
});
