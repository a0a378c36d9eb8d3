// The page's store (www/common/game/store.js) in Node: the line and its cursor, the players, the
// premove. The features' slices have their own files: store-clock, store-review, store-count,
// store-correspondence (.node.test.mjs); the sounds, sound.node.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createStore, engineSide, boardView } from '../www/common/game/store.js';
import { START_FEN, colorAt, fenToBoard } from '../www/common/fen.js';
import { readLink, writeLink, withRules } from '../www/common/link.js';
import { CAPTURE, FROM_NAMED, PROMOTION } from '../www/common/move-facts.js';
import { Game, MATE_IN_ONE, storeWithLog, full } from './store.support.mjs';

test('store: a new store is the start position, the engine to answer White', () => {
  const store = createStore(Game);
  const s = store.getState();
  assert.equal(s.fen, START_FEN);
  assert.equal(s.startFen, START_FEN);
  assert.deepEqual([s.moves, s.ply, s.status.turn, s.outcome], [[], 0, 'white', null]);
  assert.equal(s.legal.length, 23);
  assert.equal(s.pieces.length, 64);
  assert.ok(Object.isFrozen(s));
  assert.equal(engineSide(s, 'black'), true);
  assert.equal(engineSide(s, 'white'), false);
});

test('store: play records UCI and SAN, moves the cursor, tells subscribers who moved', () => {
  const { store, log } = storeWithLog();
  assert.deepEqual(store.play('e4').move.uci, 'e3e4');
  assert.ok(store.play('d6d5', 'engine').move);
  const s = store.getState();
  assert.deepEqual(s.moves, ['e3e4', 'd6d5']);
  assert.deepEqual(s.sans, ['e4', 'd5']);
  assert.equal(s.ply, 2);
  // (the facts: a Bia's move, 'P', nothing more: www/common/move-facts.js)
  assert.deepEqual(s.last, { uci: 'd6d5', san: 'd5', from: 'd6', to: 'd5', promotion: false, facts: 0x50, color: 'black',
    by: 'engine' });
  assert.deepEqual(s.facts, [0x50, 0x50]);
  assert.deepEqual(log.map((e) => [e.action.type, e.action.by]), [['play', 'person'], ['play', 'engine']]);
  assert.equal(log[1].prev.ply, 1, 'subscribers get the state before the action too');
});

test('store: a loaded line has its moves\' facts from the core, as the moves played have them', () => {
  const { store } = storeWithLog();
  store.load({ moves: ['e3e4', 'd6d5', 'e4d5', 'c6c5', 'd5d6'] });
  const loaded = store.getState().facts;
  const played = createStore(Game);
  for (const m of ['e3e4', 'd6d5', 'e4d5', 'c6c5', 'd5d6']) played.play(m);
  assert.deepEqual(loaded, played.getState().facts);
  // exd5, a Bia's capture that names its file; d6 a promotion (White's sixth rank)
  assert.deepEqual(loaded.slice(2).map((f) => [f & CAPTURE, f & FROM_NAMED, f & PROMOTION]),
    [[CAPTURE, FROM_NAMED, 0], [0, 0, 0], [0, 0, PROMOTION]]);
  assert.deepEqual(store.getState().tree.children[0].children[0].children[0].facts, loaded[2], 'the tree\'s node keeps them');
});

test('store: an illegal move is refused with the rules module\'s reason and changes nothing', () => {
  const { store, log } = storeWithLog();
  const before = store.getState();
  const res = store.play('e3e5');
  assert.match(res.error, /e3e5/);
  assert.equal(store.getState(), before);
  assert.equal(log.length, 0);
  assert.match(store.playFromTo('a1', 'a8').error, /no legal move/);
});

test('store: goto walks the line; a new move cuts it, the same move follows it (two people: against the engine the game goes on from it, store-tree.node.test.mjs)', () => {
  const store = createStore(Game);
  store.setPlayers({ mode: 'two' });
  for (const m of ['e3e4', 'd6d5', 'e4d5', 'c6c5']) store.play(m);
  store.goto(1);
  let s = store.getState();
  assert.equal(s.ply, 1);
  assert.equal(s.moves.length, 4, 'the moves ahead stay for redo');
  assert.notEqual(s.fen, START_FEN);
  store.play('d6d5');
  assert.deepEqual(store.getState().moves, ['e3e4', 'd6d5', 'e4d5', 'c6c5'], 'following the line keeps it');
  store.play('a3a4');
  s = store.getState();
  assert.deepEqual(s.moves, ['e3e4', 'd6d5', 'a3a4'], 'another move cuts it');
  store.goto(-5);
  assert.equal(store.getState().ply, 0);
  store.goto(99);
  assert.equal(store.getState().ply, 3);
  const g = new Game();
  for (const m of ['e3e4', 'd6d5', 'a3a4']) g.play(m);
  assert.equal(store.getState().fen, g.fen(), 'the position at the cursor is the rules module\'s');
});

test('store: undo against the engine returns to the person\'s move; redo comes back', () => {
  const store = createStore(Game);
  for (const m of ['e3e4', 'd6d5', 'a3a4', 'a6a5']) store.play(m);
  store.undo();
  assert.equal(store.getState().ply, 2);
  store.undo();
  assert.equal(store.getState().ply, 0);
  store.undo();
  assert.equal(store.getState().ply, 0);
  store.redo();
  assert.equal(store.getState().ply, 2);
  store.setPlayers({ mode: 'two' });
  store.undo();
  assert.equal(store.getState().ply, 1, 'two people: one move back');
});

test('store: load checks the FEN first, keeps the legal prefix of the moves, places the cursor', () => {
  const { store, log } = storeWithLog();
  store.play('e3e4');
  const bad = store.load({ fen: '8/8/8/8/8/8/8/8 w - - 0 1' });
  assert.match(bad.error, /Khun|king/i);
  assert.deepEqual(store.getState().moves, ['e3e4'], 'a bad FEN keeps the game');
  const res = store.load({ fen: START_FEN, moves: ['e4', 'd6d5', 'zz', 'a3a4'], ply: 1 });
  // the error's words come from its code, asked of the full module for the line's record
  assert.deepEqual(res.rejected, { n: 3, move: 'zz', error: res.rejected.error, ref: { record: res.rejected.ref.record } });
  assert.match(res.rejected.ref.record, /^1\.makruk\.auto\..*\.e4-d6d5-zz-a3a4$/);
  assert.ok(bad.ref.record.startsWith('1.makruk.auto.8/8/8/8'), 'a bad FEN: its record');
  const s = store.getState();
  assert.deepEqual([s.moves, s.sans, s.ply], [['e3e4', 'd6d5'], ['e4', 'd5'], 1]);
  assert.deepEqual([s.mode, s.shared, s.analysing], ['two', true, true], 'a shared position: analysis, nothing moves');
  assert.equal(log.at(-1).action.type, 'load');
  assert.equal(s.epoch, 1);
});

test('store: load as "engine" gives the person the side to move and turns the board to it', () => {
  const store = createStore(Game);
  store.load({ fen: 'rnsmksnr/8/pppppppp/8/4P3/PPPP1PPP/8/RNSKMSNR b - - 0 1', mode: 'engine' });
  const s = store.getState();
  assert.deepEqual([s.mode, s.human, s.orientation, s.shared], ['engine', 'black', 'black', false]);
});

test('store: players from storage or links are made valid', () => {
  const store = createStore(Game);
  store.setPlayers({ mode: '<img>', human: 'red', level: 99, orientation: 5 });
  const s = store.getState();
  assert.deepEqual([s.mode, s.human, s.level, s.orientation], ['engine', 'white', 8, 'white']);
  store.setPlayers({ level: 'x' });
  assert.equal(store.getState().level, 4);
});

test('store: checkmate is the outcome; the rules module refuses further moves', () => {
  const store = createStore(Game);
  store.load({ fen: MATE_IN_ONE, mode: 'two' });
  store.play('Rh8#');
  const s = store.getState();
  assert.deepEqual(s.outcome, { result: '1-0', reason: 'checkmate' });
  assert.equal(s.legal.length, 0);
  assert.match(store.play('Kb8').error, /over/);
  assert.equal(boardView(s).dests.size, 0, 'no destinations once the game is over');
});

test('store: resigning ends the game at the cursor and drops the moves ahead', () => {
  const store = createStore(Game);
  for (const m of ['e3e4', 'd6d5', 'a3a4']) store.play(m);
  store.goto(2);
  store.resign();
  let s = store.getState();
  assert.deepEqual(s.outcome, { result: '0-1', reason: 'resign' });
  assert.deepEqual(s.moves, ['e3e4', 'd6d5']);
  assert.match(store.play('a3a4').error, /resignation/);
  store.setPlayers({ mode: 'two' });
  store.undo();
  s = store.getState();
  // issue 34: a resigned game is over, Undo does not take the resignation back
  assert.deepEqual(s.outcome, { result: '0-1', reason: 'resign' }, 'Undo leaves the resignation');
  store.newGame({ mode: 'two', moves: ['e3e4'] });
  store.resign();
  assert.deepEqual(store.getState().outcome, { result: '1-0', reason: 'resign' }, 'two people: the side to move (Black) resigns');
});

test('store: continuing a shared position against the engine drops the moves ahead of the cursor', () => {
  const store = createStore(Game);
  store.load({ fen: START_FEN, moves: ['e3e4', 'd6d5', 'a3a4'], ply: 1 });
  store.continueAs('engine');
  const s = store.getState();
  assert.deepEqual([s.shared, s.mode, s.human, s.orientation, s.analysing], [false, 'engine', 'black', 'black', false]);
  assert.deepEqual(s.moves, ['e3e4']);
});

test('store: newGame starts afresh with its players, even from an equal position', () => {
  const { store, log } = storeWithLog();
  const epoch = store.getState().epoch;
  store.newGame({ mode: 'engine', human: 'black', level: 6 });
  const s = store.getState();
  assert.deepEqual([s.mode, s.human, s.level, s.orientation, s.moves], ['engine', 'black', 6, 'black', []]);
  assert.equal(s.epoch, epoch + 1);
  assert.deepEqual(log.map((e) => e.action.type), ['newGame']);
});

test('store: an action dispatched by a subscriber reaches every subscriber after the current one', () => {
  const store = createStore(Game);
  const seen = [];
  store.subscribe((s, a) => {
    seen.push(['first', a.type, s.ply]);
    if (a.type === 'play') store.setThinking(true);
  });
  store.subscribe((s, a) => seen.push(['second', a.type, s.ply]));
  store.play('e3e4');
  assert.deepEqual(seen, [['first', 'play', 1], ['second', 'play', 1], ['first', 'thinking', 1], ['second', 'thinking', 1]]);
});

test('store: the engine\'s advice belongs to its position: a move or goto clears lines and hint', () => {
  const store = createStore(Game);
  store.setLines([{ multipv: 1, depth: 5, score: { cp: 10 }, pv: ['e3e4', 'd6d5'] }]);
  store.setHint({ from: 'e3', to: 'e4', san: 'e4' });
  assert.deepEqual(store.playedLine(['e3e4', 'd6d5', 'zz']).map((m) => m.san), ['e4', 'd5'], 'the legal part of a line');
  assert.equal(store.getState().fen, START_FEN, 'reading a line leaves the position as it was');
  store.play('e3e4');
  assert.deepEqual([store.getState().lines, store.getState().hint], [[], null]);
});

const OUK_START = 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1';

test('store: the rules variant is part of the line: newGame and load take it, the start follows it', () => {
  const { store, log } = storeWithLog();
  assert.equal(store.getState().variant, 'makruk');
  store.newGame({ variant: 'cambodian', mode: 'two' });
  let s = store.getState();
  assert.deepEqual([s.variant, s.startFen, s.fen], ['cambodian', OUK_START, OUK_START]);
  // the Khun's leap (b2, f2) beside its steps; the Met's double step waits for e3 to empty
  assert.deepEqual(s.legal.filter((m) => m.from === 'd1').map((m) => m.to).sort(), ['b2', 'c2', 'd2', 'e2', 'f2']);
  assert.ok(!s.legal.some((m) => m.uci === 'e1e3'));
  assert.equal(store.play('d1f2').move.san, 'Kf2');
  assert.equal(store.getState().fen.split(' ')[2], 'Ede');
  // a FEN is read in the line's variant: its rights field counts only in Ouk Chatrang
  assert.equal(store.load({ variant: 'cambodian', fen: OUK_START, moves: ['e3e4', 'e6e5', 'e1e3'] }).rejected, null);
  s = store.getState();
  assert.deepEqual([s.variant, s.sans], ['cambodian', ['e4', 'e5', 'Me3']]);
  assert.match(store.load({ fen: OUK_START }).error, /cambodian/); // no variant: Makruk, which has no rights
  store.load({ moves: ['e3e4'] }); // Makruk's start
  s = store.getState();
  assert.deepEqual([s.variant, s.startFen], ['makruk', START_FEN]);
  assert.ok(!s.legal.some((m) => m.uci === 'd1f2'));
  const before = log.length;
  assert.match(store.load({ variant: 'chess' }).error, /chess/);
  assert.equal(log.length, before, 'an unknown variant changes nothing');
  assert.equal(store.checkFen(OUK_START, 'cambodian'), null);
});

test('link: variant=cambodian is read with its start (the core\'s); an unknown one is named and Makruk used; Makruk is not written', () => {
  const store = createStore(Game);
  const read = (hash) => withRules(readLink(hash), store.variantStart);
  // the link as read: its rules as asked, no FEN of a table; the core's word comes with withRules
  assert.deepEqual([readLink('#variant=chess').variant, readLink('#variant=cambodian').fen], ['chess', null]);
  const ouk = read('#variant=cambodian');
  assert.deepEqual([ouk.hasGame, ouk.variant, ouk.badVariant, ouk.fen], [true, 'cambodian', null, OUK_START]);
  const bad = read('#variant=chess&moves=e3e4');
  assert.deepEqual([bad.variant, bad.badVariant, bad.fen], ['makruk', 'chess', START_FEN]);
  assert.equal(read('#moves=e3e4').variant, 'makruk');
  assert.equal(read('#variant=karouk&fen=8/8/8/8/8/8/8/8_w_-_-_0_1').fen, '8/8/8/8/8/8/8/8 w - - 0 1', 'a link\'s FEN as it is');
  assert.match(writeLink({ variant: 'cambodian', fen: OUK_START, moves: ['d1f2'] }), /^#variant=cambodian&fen=/);
  assert.doesNotMatch(writeLink({ variant: 'makruk', fen: START_FEN }), /variant/);
  assert.doesNotMatch(writeLink({ fen: START_FEN }), /variant/);
});

test('link: each rule set of the core opens at the start the core gives it', () => {
  const store = createStore(Game);
  const names = full.Game.rules().variants.map((v) => v.name);
  assert.deepEqual(names, ['makruk', 'cambodian', 'makpong', 'karouk']);
  for (const variant of names) {
    const link = withRules(readLink(`#variant=${variant}`), store.variantStart);
    assert.deepEqual([link.variant, link.badVariant], [variant, null]);
    const g = new Game(undefined, variant);
    assert.deepEqual([link.fen, g.variant()], [g.startFen(), variant]);
    g.free();
  }
  assert.equal(store.variantStart('chess'), null);
  assert.equal(store.variantStart('Makruk'), null, 'the names as the core writes them');
});

test('store: whose turn it is at a ply is the core\'s, from the start FEN\'s side to move', () => {
  const store = createStore(Game);
  const black = START_FEN.replace(' w ', ' b ');
  assert.deepEqual([0, 1, 2].map((k) => store.turnAt(k)), ['white', 'black', 'white']);
  assert.deepEqual([0, 1].map((k) => store.turnAt(k, black, 'makruk')), ['black', 'white']);
  assert.equal(store.turnAt(0, 'not a fen', 'makruk'), null);
  store.load({ fen: black, mode: 'two' });
  assert.deepEqual([0, 1].map((k) => store.turnAt(k)), ['black', 'white']);
  // the first drawing's guess, before the core has loaded, agrees
  assert.deepEqual([0, 1].map((k) => colorAt(black, k)), ['black', 'white']);
});

test('store: two people may have the board turn to the side to move after each move', () => {
  const store = createStore(Game);
  store.newGame({ mode: 'two', turnBoard: true });
  store.play('e3e4');
  assert.equal(store.getState().orientation, 'black');
  store.play('d6d5');
  assert.equal(store.getState().orientation, 'white');
});

test('store: a premove made while the engine thinks is played when the engine has moved, if legal', () => {
  const { store, log } = storeWithLog();
  assert.ok(store.setPremove('d3', 'd4').error, 'no premove on the person\'s own turn');
  store.play('e3e4');
  let view = boardView(store.getState());
  assert.equal(view.dests.size, 0, 'the engine is to move');
  assert.equal(view.premoveDests.get('d3').length, 63, 'every square is offered: the board knows no rules');
  assert.equal(view.premoveDests.has('d6'), false, 'only the person\'s pieces');
  assert.deepEqual(store.setPremove('d3', 'd4'), {});
  assert.deepEqual(boardView(store.getState()).premove, ['d3', 'd4']);
  store.play('d6d5', 'engine');
  const s = store.getState();
  assert.deepEqual(s.moves, ['e3e4', 'd6d5', 'd3d4']);
  assert.equal(s.premove, null);
  assert.deepEqual(log.slice(-2).map((e) => [e.action.type, e.action.by]), [['play', 'engine'], ['play', 'person']]);
  view = boardView(s);
  assert.equal(view.premoveDests.size, 16, 'the engine thinks again: premoves again');
});

test('store: an illegal premove is dropped; a premove is cancelled, and cleared by going back', () => {
  const store = createStore(Game);
  store.play('e3e4');
  store.setPremove('a3', 'a6'); // a Bia cannot go there
  store.play('d6d5', 'engine');
  assert.deepEqual(store.getState().moves, ['e3e4', 'd6d5'], 'dropped, not played');
  assert.equal(store.getState().premove, null);
  store.play('a3a4');
  store.setPremove('b3', 'b4');
  store.setPremove(null);
  assert.equal(store.getState().premove, null, 'cancelled');
  store.setPremove('b3', 'b4');
  store.goto(1);
  assert.equal(store.getState().premove, null, 'not at the end of the line: gone');
  store.goto(3);
  store.setPremove('b3', 'b4');
  store.setPlayers({ mode: 'two' });
  assert.equal(store.getState().premove, null, 'no engine, no premove');
});

test('store: the rule sets and levels are the core\'s (Game.rules(), the full module): each starts from the placement the first paint draws', () => {
  const { variants, levels } = full.Game.rules();
  assert.deepEqual(variants.map((v) => v.name), ['makruk', 'cambodian', 'makpong', 'karouk']);
  for (const v of variants) {
    // the first paint draws a link without a FEN from START_FEN's placement (www/common/fen.js)
    assert.deepEqual(fenToBoard(v.startFen), fenToBoard(START_FEN), v.name);
    assert.equal(v.promotionRank, 6);
  }
  assert.deepEqual(variants.map((v) => v.tieBreak), ['makpong', 'karouk', 'makpong', 'karouk']);
  const makruk = variants[0];
  assert.deepEqual(makruk.handicaps.map((h) => h.name), ['noMet', 'noKhon', 'noMa', 'rueaMet']);
  assert.equal(makruk.handicaps[0].white, 'rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSK1SNR w - - 0 1');
  // every handicap start is a position the game module plays
  for (const h of makruk.handicaps) for (const fen of [h.white, h.black]) new Game(fen).free();
  assert.deepEqual(variants.map((v) => v.handicaps.length), [4, 0, 4, 0]);
  assert.equal(levels.elo.length, 8);
});
