// The lessons page (learn.html): stages of exercises (www/pages/learn/exercises.js), each judged by
// www/pages/learn/lesson.js over the full wasm module's rules (it explains a refused move); the best
// stars of each exercise are kept in localStorage. Links: #stage=<name> (and &exercise=<n>,
// from 1).

import { startSidePage, translateSidePage } from '../../common/page.js';
import { createI18n } from '../../common/i18n/index.js';
import { featureTexts } from '../../common/i18n/features.js';
import { $, showMessage } from '../../common/dom.js';
import { readStored, writeStored } from '../../common/storage.js';
import { onLinkChange, sideLink, readSideLink } from '../../common/link.js';
import { STAGES, stageNamed } from './exercises.js';
import { createExercise } from './lesson.js';
import { boardConfig, showTargets, goalText, whyText, LESSON_TEXTS, describeTarget } from './view.js';

const PROGRESS_KEY = 'makruk.learn';

const i18n = createI18n(undefined, { features: LESSON_TEXTS });
const ft = featureTexts(i18n, ...LESSON_TEXTS);

/** The page's state: the rules' Game, the board, the stage and the index of its exercise on the
 * board, that exercise (www/pages/learn/lesson.js) and its state as last shown, the person's
 * stars. */
const page = {
  Game: null, board: null, stage: STAGES[0], index: 0, exercise: null, view: null, progress: loadProgress(),
};

/** {stars: {"<stage>/<exercise>": best stars}}: the person's. */
function loadProgress() {
  const p = readStored(PROGRESS_KEY);
  const stars = p && typeof p.stars === 'object' && p.stars ? p.stars : {};
  return { stars: Object.fromEntries(Object.entries(stars).filter(([, v]) => [1, 2, 3].includes(v))) };
}

const best = (st, i) => page.progress.stars[`${st.name}/${i}`] || 0;
const stageStars = (st) => st.exercises.reduce((sum, _, i) => sum + best(st, i), 0);
const starRow = (n) => '★'.repeat(n) + '☆'.repeat(3 - n);
const stageHash = (st, i = 0) => sideLink('stage', st.name, i + 1);


function renderStages() {
  $('stages').replaceChildren(...STAGES.map((st) => {
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.href = stageHash(st);
    a.textContent = ft(`title_${st.name}`);
    if (st === page.stage) a.setAttribute('aria-current', 'step');
    const stars = document.createElement('span');
    stars.className = 'progress';
    const got = stageStars(st);
    stars.textContent = got ? `★ ${got}/${3 * st.exercises.length}` : '';
    li.append(a, stars);
    return li;
  }));
}

/** The exercise's board, texts and buttons from its state. */
function render() {
  if (!page.exercise) return;
  const s = page.exercise.state();
  page.view = s;
  const ex = page.stage.exercises[page.index];
  page.board.set(boardConfig(s));
  showTargets(s.targets);
  $('goal').textContent = goalText(ft, i18n, ex);
  $('stage-title').textContent = ft(`title_${page.stage.name}`);
  $('stage-intro').textContent = ft(`intro_${page.stage.name}`);
  $('exercise').textContent = ft('exercise', { n: page.index + 1, total: page.stage.exercises.length });
  $('moves').textContent = ft.count('movesPar', ex.par, { moves: s.moves, par: ex.par });
  // the count from the stage that teaches it on, not before (a lesson's bare Khun counts too)
  const counts = STAGES.indexOf(page.stage) >= STAGES.findIndex((st) => st.name === 'counting') && s.status.count;
  $('count').textContent = counts ? i18n.countLine(s.status) : '';
  $('count').hidden = !counts;
  $('stars').textContent = starRow(s.done ? s.stars : best(page.stage, page.index));
  $('stars').dataset.kind = s.done ? 'done' : 'best';
  const last = page.index === page.stage.exercises.length - 1;
  $('btn-next').textContent = ft(last ? 'nextStage' : 'next');
  $('btn-next').hidden = last && page.stage === STAGES[STAGES.length - 1];
  $('next-step').hidden = !(page.stage.name === 'counting' && last && s.done);
  document.body.dataset.stage = page.stage.name;
  document.body.dataset.exercise = String(page.index);
  document.body.dataset.moves = String(s.moves);
}

function announceGoal() {
  const goal = goalText(ft, i18n, page.stage.exercises[page.index]);
  page.board.announce(ft('goalAnnounce', { stage: ft(`title_${page.stage.name}`), n: page.index + 1, goal }));
}

/** Puts exercise `i` of stage `st` on the board. */
function open(st, i, message = '') {
  page.stage = st;
  page.index = Math.max(0, Math.min(i, st.exercises.length - 1));
  page.exercise?.free();
  page.exercise = createExercise(page.Game, st.exercises[page.index]);
  $('result').hidden = true;
  showMessage(message, 'error');
  page.board.select(null);
  document.body.dataset.state = 'solving';
  try {
    history.replaceState(null, '', stageHash(st, page.index));
  } catch { /* a sandboxed frame may refuse */ }
  renderStages();
  render();
  announceGoal();
}

function finish(stars) {
  const key = `${page.stage.name}/${page.index}`;
  page.progress.stars[key] = Math.max(page.progress.stars[key] || 0, stars);
  writeStored(PROGRESS_KEY, page.progress);
  const last = page.index === page.stage.exercises.length - 1;
  const max = 3 * page.stage.exercises.length;
  const text = ft('solved', { stars }) + (last ? ` ${ft('stageDone', { stars: stageStars(page.stage), max })}` : '')
    + (last && page.stage === STAGES[STAGES.length - 1] ? ` ${ft('allDone')}` : '');
  $('result').textContent = text;
  $('result').dataset.kind = stars === 3 ? 'success' : 'error';
  $('result').hidden = false;
  showMessage('');
  document.body.dataset.state = 'done';
  renderStages();
  render();
  (last && page.stage === STAGES[STAGES.length - 1] ? $('btn-retry') : $('btn-next')).focus();
}

function onMove(from, to) {
  if (!page.exercise) return;
  const r = page.exercise.attempt(from, to);
  if (r.result === 'illegal' || r.result === 'wrong') {
    showMessage(whyText(ft, i18n, r.why), 'error');
    document.body.dataset.state = r.result;
  } else if (r.result === 'moved') {
    showMessage('');
    document.body.dataset.state = 'solving';
  }
  render();
  if (r.result === 'done') finish(r.stars);
}

function next() {
  const i = STAGES.indexOf(page.stage);
  if (page.index < page.stage.exercises.length - 1) open(page.stage, page.index + 1);
  else if (i < STAGES.length - 1) open(STAGES[i + 1], 0);
}

/** The stage of the link; without one, the first stage not yet solved in full. */
function openLink(hash = location.hash) {
  const link = readSideLink(hash);
  const name = link.stage;
  const st = name !== null && stageNamed(name);
  const i = link.exercise - 1;
  if (st) {
    if (st !== page.stage || i !== page.index || !page.exercise) open(st, i);
    return;
  }
  const first = STAGES.find((s) => s.exercises.some((_, j) => !best(s, j))) || STAGES[0];
  open(first, 0, name !== null ? ft('badStage', { name: name.slice(0, 24) }) : '');
}

function translate() {
  translateSidePage(i18n, ft, page.board);
  renderStages();
  render();
}

startSidePage(page, {
  name: 'learn',
  i18n,
  onMove,
  translate,
  full: true,
  start: (rules) => {
    page.Game = rules.Game;
    page.board.set({ describe: describeTarget(i18n, ft, () => page.view?.targets || []) });
    $('btn-retry').addEventListener('click', () => open(page.stage, page.index));
    $('btn-next').addEventListener('click', next);
    onLinkChange(openLink);
    openLink();
  },
});
