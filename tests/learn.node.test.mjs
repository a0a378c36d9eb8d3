// The lessons' exercises (www/pages/learn/exercises.js) in Node, on the real full wasm module (the
// one learn.html loads): the stages in their teaching order; each exercise solved by its
// solution in exactly its par, with three stars, and by nothing shorter (a search over the
// legal moves through the lesson's own judging, www/pages/learn/lesson.js); every target on the
// board; every text in all five languages; and the refusals explained by the rules module.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as full from '../www/pkg/makruk_wasm_full.js';
import { STAGES } from '../www/pages/learn/exercises.js';
import { createExercise, fewestMoves, starsFor } from '../www/pages/learn/lesson.js';
import { featureCatalogues } from './i18n.support.mjs';
import en from '../www/common/i18n/en.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
full.initSync({ module: fs.readFileSync(path.join(ROOT, 'www/pkg/makruk_wasm_full_bg.wasm')) });
const { Game } = full;

const ORDER = ['ruea', 'ma', 'khon', 'met', 'khun', 'bia', 'promotion', 'capture', 'protection', 'check', 'mate', 'stalemate', 'material', 'counting', 'ouk'];
const PIECES = ['khun', 'met', 'khon', 'ma', 'ruea', 'bia'];
const play = (e, uci) => e.attempt(uci.slice(0, 2), uci.slice(2, 4));

test('the stages come in the teaching order, each of several exercises', () => {
  assert.deepEqual(STAGES.map((s) => s.name), ORDER);
  for (const s of STAGES) assert.ok(s.exercises.length >= 2, s.name);
});

for (const stage of STAGES) {
  test(`${stage.name}: each exercise solved by its solution in its par, and by nothing shorter`, () => {
    stage.exercises.forEach((ex, i) => {
      const name = `${stage.name} ${i + 1}`;
      assert.equal(ex.solution.length, ex.par, name);
      const e = createExercise(Game, ex);
      const s0 = e.state();
      for (const t of ex.targets || []) assert.match(t, /^[a-h][1-8]$/, name);
      assert.equal(new Set(ex.targets || []).size, (ex.targets || []).length, `${name}: a target twice`);
      assert.ok(s0.legal.length > 0, `${name}: no legal move`);
      ex.solution.forEach((uci, n) => {
        const r = play(e, uci);
        assert.equal(r.result, n === ex.par - 1 ? 'done' : 'moved', `${name}: ${uci}: ${JSON.stringify(r.why)}`);
      });
      assert.equal(e.state().stars, 3, name);
      e.free();
      assert.equal(fewestMoves(Game, ex, ex.par), ex.par, `${name}: solvable in fewer moves than its par`);
    });
  });
}

test('stars: 3 at par, 2 up to two moves above, else 1', () => {
  assert.deepEqual([1, 2, 3, 4, 5].map((m) => starsFor(m, 2)), [3, 3, 2, 2, 1]);
});

test('a move that is not legal is refused with the rules module\'s reason, and not played', () => {
  const cases = [
    ['ruea', 0, 'a1b2', { reason: 'notThatWay', piece: 'ruea' }],
    ['ruea', 2, 'd1d6', { reason: 'blocked', piece: undefined }],
    ['ma', 0, 'b1b3', { reason: 'notThatWay', piece: 'ma' }],
    ['bia', 0, 'e3e5', { reason: 'biaOneStep', piece: undefined }],
    ['bia', 2, 'd4d5', { reason: 'biaCapturesDiagonally', piece: undefined }],
    ['khun', 1, 'e3d4', { reason: 'intoCheck', piece: undefined }],
    ['check', 1, 'd3c5', { reason: 'stillInCheck', piece: undefined }],
    ['ouk', 2, 'd1f2', { reason: 'leapOutOfCheck', piece: undefined }],
  ];
  for (const [name, i, uci, why] of cases) {
    const e = createExercise(Game, STAGES.find((s) => s.name === name).exercises[i]);
    const before = e.state().fen;
    assert.deepEqual(play(e, uci), { result: 'illegal', why }, `${name} ${i + 1} ${uci}`);
    assert.equal(e.state().fen, before);
    assert.equal(e.state().moves, 0);
    e.free();
  }
});

test('a legal move that misses the goal is refused with the lesson\'s reason', () => {
  const cases = [
    ['protection', 0, 'a1a6', { reason: 'attacked', square: 'b8', piece: 'ma' }],
    ['protection', 1, 'b1d1', null],
    ['check', 0, 'e1d1', null],
    ['check', 2, 'a1b1', { reason: 'escape_block' }],
    ['mate', 0, 'h1h7', { reason: 'noCheck' }],
    ['stalemate', 0, 'g1g7', { reason: 'stalemate' }],
    ['stalemate', 1, 'c1c8', { reason: 'mateNotStalemate' }],
    ['material', 0, 'd4e3', { reason: 'notDraw' }],
    ['counting', 0, 'e2e3', { reason: 'noCount' }],
  ];
  for (const [name, i, uci, why] of cases) {
    const e = createExercise(Game, STAGES.find((s) => s.name === name).exercises[i]);
    const r = play(e, uci);
    if (why) assert.deepEqual({ result: r.result, why: r.why }, { result: 'wrong', why }, `${name} ${i + 1} ${uci}`);
    else assert.notEqual(r.result, 'wrong', `${name} ${i + 1} ${uci}`);
    e.free();
  }
});

test('every text of the lessons exists in all five languages, each goal and reason included', async () => {
  const STRINGS = await featureCatalogues('learn', 'refusal');
  const keys = Object.keys(STRINGS.en);
  // a plural text's forms are its language's own (`movesPar_one`, `_few`, ...): its `_other` stands for them
  const PLURAL = /_(zero|one|two|few|many)$/;
  const base = (k) => k.replace(PLURAL, '_other');
  for (const [lang, texts] of Object.entries(STRINGS)) {
    const own = (list) => [...new Set(list.map(base))].sort();
    assert.deepEqual(own(Object.keys(texts)), own(keys), `${lang}: other keys than English`);
    for (const [k, v] of Object.entries(texts)) {
      assert.ok(typeof v === 'string' && v.trim(), `${lang}.${k} is empty`);
      const holes = (t) => (t.match(/\{\w+\}/g) || []).sort().join();
      assert.equal(holes(v), holes(STRINGS.en[base(k)]), `${lang}.${k}: other placeholders than English`);
    }
  }
  assert.deepEqual(Object.keys(STRINGS).sort(), ['de', 'en', 'th', 'tr', 'uk']);
  for (const stage of STAGES) {
    assert.ok(keys.includes(`title_${stage.name}`) && keys.includes(`intro_${stage.name}`), stage.name);
    for (const ex of stage.exercises) {
      const [goal, values = {}] = ex.goal;
      assert.ok(keys.includes(`goal_${goal}`), goal);
      if (values.piece) assert.ok(PIECES.includes(values.piece) && en[values.piece], values.piece);
    }
  }
  // every reason the core gives has its sentence (asked of the core: its reasons, with the piece
  // where the words differ by piece, "firstMoveGone.Khun")
  const reasons = [...new Set(full.errorKinds()[1].map((r) => r.split('.')[0]))];
  assert.ok(reasons.length >= 15, reasons.join());
  for (const r of [...reasons, 'gameOver']) {
    assert.ok(keys.includes(`why_${r}`) || keys.includes(`why_${r}_khun`), `no sentence for ${r}`);
  }
  // and every reason of the lesson's own
  const lesson = fs.readFileSync(path.join(ROOT, 'www/pages/learn/lesson.js'), 'utf8');
  for (const m of lesson.matchAll(/reason: '(\w+)'/g)) assert.ok(keys.includes(`why_${m[1]}`), m[1]);
  for (const way of ['khun', 'capture', 'block']) assert.ok(keys.includes(`why_escape_${way}`) && keys.includes(`goal_escape_${way}`), way);
});

test('no word before the lesson that teaches it: a stage\'s texts name no piece of a later stage (issue 56)', async () => {
  const { default: texts } = await import('../www/common/i18n/learn/en.js');
  const name = (piece) => texts[`title_${piece}`].replace(/^The /, '');
  STAGES.forEach((stage, k) => {
    const later = STAGES.slice(k + 1).map((s) => s.name).filter((n) => PIECES.includes(n)).map(name);
    const words = [texts[`intro_${stage.name}`], ...stage.exercises.map((e) => texts[`goal_${e.goal[0]}`])].join(' ');
    for (const w of later) assert.doesNotMatch(words, new RegExp(`\\b${w}\\b`), `stage ${stage.name} speaks of the ${w}, taught later`);
  });
});
