// The link module (www/common/link.js) in Node: a link and a saved or open game compared, and the
// messages of a link's unknown values.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readLink, writeLink, sameLine, linkMessages, withRules } from '../www/common/link.js';
import { START_FEN } from '../www/common/fen.js';
import { restore } from '../www/pages/game/persist.js';
import { lineRecord } from '../www/common/record.js';
import { createStore } from '../www/common/game/store.js';
import { Game, full } from './store.support.mjs';

test('link: the same game whatever its cursor and orientation; older saved games are Makruk with automatic counts', () => {
  const line = { variant: 'makruk', startFen: START_FEN, moves: ['e3e4', 'd6d5'], counting: 'auto', counts: [] };
  const link = readLink(writeLink({ fen: START_FEN, moves: line.moves, ply: 1, orientation: 'black' }));
  assert.equal(sameLine(link, line), true);
  assert.equal(sameLine(link, { startFen: START_FEN, moves: line.moves }), true, 'a saved game from before variants and counting');
  assert.equal(sameLine(link, { ...line, moves: ['e3e4'] }), false);
  assert.equal(sameLine(link, { ...line, variant: 'cambodian' }), false);
  const counted = readLink(writeLink({ counting: 'request', counts: ['0s'], fen: START_FEN, moves: line.moves }));
  assert.equal(sameLine(counted, line), false);
  assert.equal(sameLine(counted, { ...line, counting: 'request', counts: ['0s'] }), true);
});

test('link: an unknown variant and counting each have their message; a good link none', () => {
  assert.deepEqual(linkMessages(readLink('#fen=x&moves=')), []);
  // (the variant is the core's to judge: withRules asks it through the store)
  const bad = withRules(readLink('#variant=chess&counting=sometimes'), createStore(Game).variantStart);
  assert.deepEqual(linkMessages(bad).map((m) => [m.key, m.values.name]), [['badParam', 'variant'], ['badParam', 'counting']]);
  // the value given, and the error as a code the page words (www/common/codes.js; issue 56: no English)
  assert.deepEqual(linkMessages(bad).map((m) => [m.values.error, m.values.ref.code]), [
    ['chess', { kind: 'variant', text: 'chess' }],
    ['sometimes', { kind: 'counting', text: 'sometimes' }],
  ]);
});

test('link: the side pages\' links are written and read in link.js alone', async () => {
  const { sideLink, readSideLink } = await import('../www/common/link.js');
  assert.equal(sideLink('trainer', 'RR'), '#trainer=RR');
  assert.equal(sideLink('trainer', 'fen:7k/8 w'), '#trainer=fen%3A7k%2F8+w');
  assert.equal(sideLink('puzzle', '12'), '#puzzle=12');
  assert.equal(sideLink('stage', 'ma'), '#stage=ma');
  assert.equal(sideLink('stage', 'ma', 2), '#stage=ma&exercise=2');
  assert.deepEqual(readSideLink('#stage=ma&exercise=2'), { trainer: null, puzzle: null, stage: 'ma', exercise: 2 });
  assert.equal(readSideLink(sideLink('trainer', 'fen:7k/8 w')).trainer, 'fen:7k/8 w');
  assert.equal(readSideLink('#stage=ma&exercise=x').exercise, 1);
  for (const f of ['pages/trainer/main.js', 'pages/puzzles/main.js', 'pages/learn/main.js', 'pages/game/main.js']) {
    const src = (await import('node:fs')).readFileSync(new URL(`../www/${f}`, import.meta.url), 'utf8');
    assert.doesNotMatch(src, /URLSearchParams|params\.has\('(trainer|puzzle)'\)/, f);
  }
});

test('link: a hand-written Kar Ouk link keeps its checks field (`1+1`, which a fragment reads as "1 1")', () => {
  const fen = 'rnsmksnr/8/ppppppp1/7p/2N5/PPPPPPPP/8/R1SKMSNR b DEde - 1+1 3 20';
  const link = readLink(`#play=engine&variant=karouk&fen=${fen.replace(/ /g, '_')}`);
  assert.equal(link.fen, fen);
  assert.equal(link.variant, 'karouk');
  assert.equal(readLink(writeLink({ variant: 'karouk', fen, moves: [] })).fen, fen, 'as the page writes it');
  assert.equal(readLink('#fen=8/8/8/8/8/8/8/8_w_-_-_0_1').fen, '8/8/8/8/8/8/8/8 w - - 0 1', 'other FENs as they are');
});

test('link: a game started by a link with a bad FEN keeps its rules, side and level, and says what it dropped', () => {
  const store = createStore(Game);
  const messages = restore(store, '#play=engine&variant=karouk&level=2&orientation=black&fen=8/8/8/8_w&moves=e3e4');
  const s = store.getState();
  assert.deepEqual([s.variant, s.mode, s.human, s.level, s.moves], ['karouk', 'engine', 'black', 2, []]);
  assert.equal(s.startFen, createStore(Game).variantStart('karouk').startFen);
  assert.deepEqual(messages.map((m) => [m.key, m.values.name]), [['badParam', 'fen'], ['badParam', 'moves']]);
});

test('link: the hand-written Kar Ouk link of issue 44 opens its game, its move numbers the core\'s', () => {
  const store = createStore(Game);
  const messages = restore(store, '#play=engine&variant=karouk&orientation=white&fen=rnsmksnr/8/ppppppp1/7p/2N5/PPPPPPPP/8/R1SKMSNR_b_DEde_-_1+1_3_20');
  const s = store.getState();
  assert.deepEqual(messages, []);
  assert.deepEqual([s.variant, s.mode, s.status.turn], ['karouk', 'engine', 'black']);
  assert.equal(store.moveNumber(0), 20);
});

test('record: a line in parts is written as the core\'s record, which the core reads back as it writes it', () => {
  const fen = '4k3/8/8/3r4/8/8/R7/4K3 w - - 0 1';
  const text = lineRecord({ counting: 'request', fen, moves: ['a2a3', 'Rd6'], counts: ['0s', 'junk', '2x'] });
  assert.equal(text, '1.makruk.request.4k3/8/8/3r4/8/8/R7/4K3_w_-_-_0_1.s-a2a3-Rd6-x');
  const { game, dropped } = full.Game.fromRecord(text);
  assert.equal(dropped, undefined);
  assert.equal(game.record(), '1.makruk.request.4k3/8/8/3r4/8/8/R7/4K3_w_-_-_0_1.s-a2a3-d5d6-x');
  const karOuk = 'rnsmksnr/8/ppppppp1/7p/2N5/PPPPPPPP/8/R1SKMSNR b DEde - 1+1 3 20';
  assert.equal(Game.fromRecord(lineRecord({ variant: 'karouk', fen: karOuk })).game.startFen(), karOuk);
  // a "move" the record reserves is refused at its place, never read as a count or an end
  const odd = Game.fromRecord(lineRecord({ moves: ['e3e4', 'rw', 'd6d5'] }));
  assert.deepEqual([odd.game.played().map((m) => m.uci), odd.dropped.ply], [['e3e4'], 1]);
  for (const g of [game, odd.game]) g.free();
});
