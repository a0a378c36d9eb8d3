// The match's arithmetic (www/pages/game/match.js) in Node: the score, colours alternating, the
// family's tie-break, the match's result, what storage may hold, and its games as one PGN.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  matchParam, matchOfCorrLink, newMatch, checkedMatch, standing, withResult, drawnMatch, gameSetup, scoreText, matchPgn, currentGame,
} from '../www/pages/game/match.js';
import { createStore } from '../www/common/game/store.js';
import { Game } from './store.support.mjs';

/** The tie-break variant of `variant`'s family, the core's (`Game.tieBreak()`). */
const tieBreakOf = (variant) => {
  const g = new Game(undefined, variant);
  const v = g.tieBreak();
  g.free();
  return v;
};
/** A match as the store holds it: with the core's tie-break for its games (store.js sets it). */
const held = (match) => ({ ...match, tieBreak: tieBreakOf(match.variant) });

/** The match after games of these results (from White's side, as the rules give them). */
const after = (match, ...results) => results.reduce((m, r, k) => withResult(m, r, { variant: 'makruk', counting: 'auto', counts: [], fen: 'f', moves: [String(k)], ended: null }), match);

test('match: colours alternate from game to game, tie-breaks on; a 1-1 tie goes to Makpong with colours swapped', () => {
  const m = held(newMatch({ length: 2, variant: 'makruk', first: 'white', level: 2 }));
  assert.deepEqual(currentGame(m), { k: 0, variant: 'makruk', aWhite: true, tieBreak: false });
  const m1 = after(m, '1-0'); // a won with White
  assert.deepEqual(standing(m1).score, [1, 0]);
  assert.equal(standing(m1).over, false);
  assert.deepEqual(standing(m1).next, { k: 1, variant: 'makruk', aWhite: false, tieBreak: false });
  const m2 = after(m1, '1-0'); // b won with White
  const s2 = standing(m2);
  assert.deepEqual(s2.score, [1, 1]);
  assert.equal(s2.tieBreakDue, true);
  assert.deepEqual(s2.next, { k: 2, variant: 'makpong', aWhite: true, tieBreak: true });
  assert.deepEqual(gameSetup(m2, 2), { variant: 'makpong', counting: 'auto', startFen: undefined, mode: 'engine', human: 'white', level: 2, timeControl: null, corr: null });
  const drawnTieBreak = after(m2, '1/2-1/2');
  assert.deepEqual(standing(drawnTieBreak).tieBreak, [0.5, 0.5]);
  assert.deepEqual(standing(drawnTieBreak).next, { k: 3, variant: 'makpong', aWhite: false, tieBreak: true }, 'a drawn tie-break: another');
  const won = standing(after(drawnTieBreak, '1-0')); // b with White
  assert.deepEqual([won.winner, won.over, won.next, won.tieBreak], ['b', true, null, [0.5, 1.5]]);
});

test('match: the current game\'s result counts before it is put among the games; a lead that cannot be made up ends it', () => {
  const m = after(newMatch({ length: 4, first: 'black' }), '0-1', '1-0'); // a won both
  assert.deepEqual(standing(m).score, [2, 0]);
  assert.equal(standing(m).over, false, '2 of 4: b can still draw level');
  const s = standing(m, '0-1'); // a wins game 3 with Black
  assert.deepEqual([s.score, s.winner, s.over, s.played], [[3, 0], 'a', true, 3]);
  const draws = standing(after(newMatch({ length: 2 }), '1/2-1/2', '1/2-1/2'));
  assert.deepEqual([draws.score, draws.tieBreakDue], [[1, 1], true]);
  assert.deepEqual(scoreText(1.5) + ' ' + scoreText(0.5) + ' ' + scoreText(0) + ' ' + scoreText(2), '1½ ½ 0 2');
});

test('match: the family\'s tie-break, the core\'s, set by the store; a tied match may end as a draw, a decided one not', () => {
  assert.deepEqual(['makruk', 'makpong', 'cambodian', 'karouk'].map(tieBreakOf), ['makpong', 'makpong', 'karouk', 'karouk']);
  // a match that comes with a game has the core's tie-break for that game's family
  const store = createStore(Game);
  store.newGame({ variant: 'cambodian', match: newMatch({ length: 2, variant: 'cambodian' }) });
  assert.equal(store.getState().match.tieBreak, 'karouk');
  store.newGame({ variant: 'makpong', match: newMatch({ length: 4, variant: 'makruk', tieBreak: 'karouk' }) });
  assert.equal(store.getState().match.tieBreak, 'makpong', 'the core\'s, whatever the match held');
  assert.equal(checkedMatch(store.getState().match).tieBreak, 'makpong', 'kept as storage reads it back');
  // the rule sets are the core's: a match of rules it does not know (storage may hold anything) is none
  store.newGame({ variant: 'makruk', match: newMatch({ length: 2, variant: 'chess' }) });
  assert.deepEqual([store.getState().variant, store.getState().match], ['makruk', null]);
  const ouk = after(held(newMatch({ length: 2, variant: 'cambodian', startFen: 'x' })), '1-0', '1-0');
  assert.equal(standing(ouk).next.variant, 'karouk');
  assert.equal(gameSetup(ouk, 1).startFen, 'x', 'the regular games start from the match\'s position');
  assert.equal(gameSetup(ouk, 2).startFen, undefined, 'a tie-break from its variant\'s start');
  const drawn = standing(drawnMatch(ouk));
  assert.deepEqual([drawn.over, drawn.winner, drawn.next], [true, null, null]);
  const decided = after(newMatch({ length: 2 }), '1-0', '0-1');
  assert.equal(drawnMatch(decided), decided);
  // the current game's result counts: 1-0 then 0-1 (a with White, then b with White) is tied
  const tiedNow = after(newMatch({ length: 2 }), '1-0');
  assert.equal(drawnMatch(tiedNow, '0-1'), tiedNow, 'a won both: decided');
  assert.equal(drawnMatch(tiedNow, '1-0').drawn, true);
  assert.deepEqual(standing(drawnMatch(tiedNow, '1-0'), '1-0').over, true);
});

test('match: storage may hold anything; a match read back is checked', () => {
  assert.equal(newMatch({ length: 3 }), null);
  for (const bad of [null, 'x', {}, { v: 1, length: 2, games: 'x' }, { v: 1, length: 5, games: [] }, { v: 1, length: 2, games: [{ variant: 'chess', result: '1-0' }] }, { v: 1, length: 2, games: [{ variant: 'makruk', result: '2-0' }] }]) {
    assert.equal(checkedMatch(bad), null, JSON.stringify(bad));
  }
  const m = after(newMatch({ length: 6, variant: 'makpong', level: 7, timeControl: { initial: 300000, increment: 3000 } }), '1-0');
  assert.deepEqual(checkedMatch(JSON.parse(JSON.stringify(m))), m);
  assert.equal(checkedMatch({ ...m, level: 99 }).level, 8);
  assert.equal(checkedMatch({ ...m, timeControl: { initial: -1, increment: 0 } }).timeControl, null);
  // a game's line: only its fields, of their types (the PGN is written from it)
  const junk = { ...m, games: [{ ...m.games[0], line: { fen: 'f', moves: 'e3e4', counts: [1], ended: { color: 'x' }, extra: '<b>' } }] };
  assert.deepEqual(checkedMatch(junk).games[0].line, { variant: 'makruk', counting: 'auto', counts: ['1'], fen: 'f', moves: [], ended: null });
  assert.equal(checkedMatch({ ...m, games: [{ ...m.games[0], line: 'x' }] }).games[0].line, null);
  // a game's variant is the one the match plays then (its regular games: the match's)
  assert.equal(checkedMatch({ ...m, games: [{ ...m.games[0], variant: 'makruk' }] }), null);
});

test('match: one PGN, a round a game, the current game last, the score in the Event', () => {
  const m = after(newMatch({ length: 2, first: 'black' }), '0-1');
  const written = [];
  const text = matchPgn(m, {
    current: { moves: ['cur'] }, result: '0-1', names: ['You', 'Engine'],
    write: (line, tags) => { written.push({ line, ...tags }); return `[Round "${tags.round}"]`; },
    eventOf: (st) => `Match ${st.score.join('-')}`,
  });
  assert.equal(text, '[Round "1"]\n\n[Round "2"]\n');
  const unseen = { ...m, games: [{ ...m.games[0], line: null }] };
  assert.equal(matchPgn(unseen, { current: { moves: [] }, names: ['a', 'b'], write: (line, tags) => tags.round, eventOf: () => '' }), '2\n', 'a game not kept here keeps its round');
  assert.deepEqual(written, [
    { line: { variant: 'makruk', counting: 'auto', counts: [], fen: 'f', moves: ['0'], ended: null }, white: 'Engine', black: 'You', round: '1', event: 'Match 1-1' },
    { line: { moves: ['cur'] }, white: 'You', black: 'Engine', round: '2', event: 'Match 1-1' },
  ]);
});

test('match: the store carries the match with its game: a new game of it, a saved game opened, a tied match drawn; any other load leaves it', async () => {
  const { storeWithLog } = await import('./store.support.mjs');
  const { openSaved } = await import('../www/pages/game/persist.js');
  const { store } = storeWithLog();
  const m = newMatch({ length: 2, level: 2 });
  store.newGame({ ...gameSetup(m, 0), match: m });
  assert.deepEqual(store.getState().match, held(m), 'with the core\'s tie-break');
  store.play('e3e4');
  const saved = JSON.parse(JSON.stringify({ ...store.getState(), moves: store.getState().moves }));
  store.newGame({ mode: 'engine' });
  assert.equal(store.getState().match, null, 'a game of no match');
  openSaved(store, saved);
  assert.deepEqual(checkedMatch(store.getState().match), held(m), 'a saved game of a match opens with it');
  store.setMatch(drawnMatch(m, '1/2-1/2'));
  assert.equal(store.getState().match.drawn, false, 'a match not yet tied is not drawn');
  store.load({ fen: undefined, moves: [], mode: 'shared' });
  assert.equal(store.getState().match, null, 'a position opened to look at');
});

test('match: by link, each game\'s link carries the match and the results before it; the friend\'s page builds it from their side; both name the next game alike', () => {
  const alice = newMatch({ length: 2, mode: 'correspondence', corrId: 'm1', first: 'white', startFen: 'F' });
  assert.equal(matchParam(alice), '2');
  assert.equal(matchParam(null), null);
  const bob = matchOfCorrLink('2', { id: 'm1', side: 'black', variant: 'makruk', fen: 'F' });
  assert.deepEqual([bob.first, bob.corrId, bob.startFen, bob.games], ['black', 'm1', 'F', []]);
  // Alice won game 1 with White; each page goes on to game 2, the same id, colours swapped
  const alice2 = withResult(alice, '1-0', null);
  const bob2 = withResult(bob, '1-0', null);
  assert.deepEqual([gameSetup(alice2, 1).corr, gameSetup(alice2, 1).human], [{ id: 'm1-2', base: 0 }, 'black']);
  assert.deepEqual([gameSetup(bob2, 1).corr, gameSetup(bob2, 1).human], [{ id: 'm1-2', base: 0 }, 'white']);
  assert.equal(matchParam(bob2), '2.w');
  // a page that did not follow (a new browser) reads game 2's link: the same standing
  const fresh = matchOfCorrLink('2.w', { id: 'm1-2', side: 'black', variant: 'makruk', fen: 'F' });
  assert.deepEqual([fresh.first, fresh.corrId, standing(fresh).score], ['white', 'm1', [1, 0]]);
  assert.deepEqual(standing(held(fresh), '1-0').next, { k: 2, variant: 'makpong', aWhite: true, tieBreak: true });
  // a link of a tie-break game: its variant is the tie-break's
  assert.equal(matchOfCorrLink('2.wb', { id: 'm1-3', side: 'white', variant: 'makpong', fen: 'F' }).tieBreak, 'makpong');
  assert.equal(gameSetup(withResult(fresh, '1-0', null), 2).corr.id, 'm1-3');
  for (const bad of ['3', '2.x', '2.', 'x', '']) assert.equal(matchOfCorrLink(bad, { id: 'm1', side: 'white', variant: 'makruk', fen: 'F' }), null, bad);
  assert.equal(newMatch({ length: 2, mode: 'correspondence', corrId: 'a'.repeat(24) }).corrId.length, 20, 'room for "-12"');
  assert.equal(newMatch({ length: 2, mode: 'correspondence', corrId: '<b>' }).corrId, null);
});
