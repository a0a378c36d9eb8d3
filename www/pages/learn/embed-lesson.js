// A lesson stage in embed.html: `#lesson=<stage>` (a stage of www/pages/learn/exercises.js). Its
// exercises one after the other on the embed's board, the goal above it, a refused move
// explained below; after the last one the host hears {type: "lessonDone", stage, stars}, stars
// being the sum of the exercises' (3 each at par). Loaded by www/pages/embed/main.js only for such
// links, with the full wasm module (it explains refused moves).

import { h } from '../../common/dom.js';
import { loadFeatures } from '../../common/i18n/features.js';
import { STAGES, stageNamed } from './exercises.js';
import { createExercise } from './lesson.js';
import { boardConfig, showTargets, goalText, whyText, LESSON_TEXTS, describeTarget } from './view.js';
import { loadRules } from '../../load-rules.js';

const NEXT_MS = 1200;

/**
 * Runs the stage `name` on `board` (the embed's, whose moves it takes over). `send(msg)` tells
 * the host, `show(text)` the person. Resolves once the first exercise is on the board.
 */
export async function embedLesson({ board, i18n, name, send, show }) {
  const ft = await loadFeatures(i18n, ...LESSON_TEXTS);
  // (beside embed.html: in the bundled site this module is a chunk elsewhere)
  document.head.append(h('link', { rel: 'stylesheet', href: 'www/pages/learn/learn.css' }));
  const goal = h('p', { id: 'goal', class: 'embed-goal' });
  const retry = h('button', { type: 'button', id: 'btn-retry', text: ft('retry'), onclick: () => open(index) });
  document.body.classList.add('lesson');
  document.body.prepend(h('div', { class: 'embed-lesson' }, goal, retry));
  let stage = stageNamed(name);
  if (!stage) {
    show(ft('badStage', { name: String(name).slice(0, 24) }));
    stage = STAGES[0];
  }
  const rules = await loadRules(i18n, show, { full: true });
  if (!rules) return;
  const { Game } = rules;
  let index = 0;
  let exercise = null;
  let view = null;
  let timer = null;
  const stars = [];

  function render() {
    view = exercise.state();
    board.set(boardConfig(view));
    showTargets(view.targets);
    const n = ft('exercise', { n: index + 1, total: stage.exercises.length });
    goal.textContent = `${n} · ${goalText(ft, i18n, stage.exercises[index])}`;
    document.body.dataset.exercise = String(index);
  }

  function open(i) {
    clearTimeout(timer);
    index = i;
    exercise?.free();
    exercise = createExercise(Game, stage.exercises[i]);
    document.body.dataset.state = 'solving';
    render();
    board.announce(goal.textContent);
  }

  function onMove(from, to) {
    const r = exercise.attempt(from, to);
    if (r.result === 'illegal' || r.result === 'wrong') {
      show(whyText(ft, i18n, r.why));
      document.body.dataset.state = r.result;
    }
    render();
    if (r.result !== 'done') return;
    stars[index] = r.stars;
    const last = index === stage.exercises.length - 1;
    const total = stars.reduce((a, b) => a + b, 0);
    const text = ft('solved', { stars: r.stars }) +
      (last ? ` ${ft('stageDone', { stars: total, max: 3 * stage.exercises.length })}` : '');
    show(text, 'success');
    board.announce(text);
    document.body.dataset.state = 'done';
    if (last) send({ type: 'lessonDone', stage: stage.name, stars: total });
    else timer = setTimeout(() => open(index + 1), NEXT_MS);
  }

  board.set({ onMove, describe: describeTarget(i18n, ft, () => view?.targets || []) });
  open(0);
}
