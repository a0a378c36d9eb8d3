// The ends of a game in the store (issue 34, item 3; issue 35, item 3): the rules module's
// `Game` judges every end, a resignation and a fallen flag included; a game that ended by a
// resignation or on time is over at every cursor: no undo, no move, no count, no retry, no
// second resignation (its review and a new game only). And the count record, which the core
// writes and reads.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createStore, personMoves, pgnName } from '../www/common/game/store.js';
import { parseTimeControl } from '../www/common/game/clock.js';
import { writePgn } from '../www/pages/game/share/pgn.js';
import { Game, full, wasm } from './store.support.mjs';

const NO_BIA = '4k3/8/8/3r4/8/8/R7/4K3 w - - 0 1';

/** An engine game on a 1+0 clock with a hand-moved wall clock, after `moves`. */
function timedGame(moves, players = {}) {
  const t = { now: 1_000_000 };
  const store = createStore(Game, { now: () => t.now });
  store.newGame({ timeControl: parseTimeControl('1+0'), mode: 'engine', human: 'white', ...players });
  for (const m of moves) store.play(m, players.mode === 'two' ? 'person' : (store.getState().status.turn === 'white' ? 'person' : 'engine'));
  return { store, t };
}

/** Everything a person could do to play on in `store`: each must be refused. */
function assertOver(store, reason) {
  const before = store.getState();
  store.undo();
  assert.equal(store.getState(), before, 'Undo is refused');
  store.goto(before.ply - 2);
  const s = store.getState();
  assert.equal(s.ply, before.ply - 2, 'the cursor moves through the game (review)');
  assert.equal(s.outcome, null);
  assert.ok(s.ended, 'the line is over at every cursor');
  assert.equal(personMoves(s), false, 'no piece moves earlier in the line');
  assert.match(store.play(s.legal[0].uci).error, new RegExp(`the game is over \\(${reason}\\)`));
  assert.match(store.count('start').error, /the game is over/);
  store.resign();
  assert.equal(store.getState().resigned, before.resigned, 'no second resignation');
  store.goto(before.ply);
  const back = store.getState();
  assert.deepEqual([back.moves, back.outcome], [before.moves, before.outcome], 'the end is there again');
}

test('store: after a loss on time, Undo does not let the player move on at 0:00.0', () => {
  const { store, t } = timedGame(['e3e4', 'd6d5']);
  t.now += 60001;
  store.tick();
  const s = store.getState();
  assert.deepEqual(s.outcome, { result: '0-1', reason: 'time' });
  assert.deepEqual([s.clock.white, s.clock.running, s.ended.color], [0, null, 'white']);
  assertOver(store, 'on time');
  // the clock stays stopped wherever the cursor is
  store.goto(0);
  t.now += 5000;
  store.goto(2);
  assert.equal(store.getState().clock.running, null);
  // a reload of the saved game: still over, judged again by the rules module
  const saved = store.getState();
  const again = createStore(Game, { now: () => t.now });
  again.load({ fen: saved.startFen, moves: saved.moves, clock: saved.clock, mode: 'keep' });
  assert.deepEqual(again.getState().outcome, { result: '0-1', reason: 'time' });
  again.undo();
  assert.equal(again.getState().ply, 2);
});

test('store: a flag that falls while the cursor is back in the line ends the game at its end', () => {
  const { store, t } = timedGame(['e3e4', 'd6d5']);
  t.now += 61000;
  store.goto(1); // the clock ran out before this: the flag fell at the end of the line
  assert.ok(store.getState().ended, 'the game is over');
  assert.equal(personMoves(store.getState()), false);
  store.goto(2);
  assert.deepEqual(store.getState().outcome, { result: '0-1', reason: 'time' });
});

test('store: a resignation is the end of the game: no undo, no move on earlier in the line', () => {
  const store = createStore(Game);
  for (const m of ['e3e4', 'd6d5', 'a3a4', 'a6a5']) store.play(m);
  store.resign();
  assert.deepEqual(store.getState().outcome, { result: '0-1', reason: 'resign' });
  assertOver(store, 'by resignation');
});

test('store: Retry at a marked move of a game resigned is refused', async () => {
  const store = createStore(Game);
  store.load({ fen: '4k3/7r/p2p4/8/8/7P/8/2R1K3 w - - 0 1', moves: ['Kd2', 'Kd8', 'Rc5', 'dxc5'], mode: 'engine' });
  store.resign();
  store.reviewStart();
  for (const cp of [-100, 90, -110, 600, -650]) store.reviewProgress({ cp }, []);
  await store.reviewDone();
  store.goto(3);
  assert.equal(store.getState().review.marks[2].nag, 4);
  const before = store.getState();
  store.retry();
  assert.equal(store.getState(), before);
});

test('PGN: a resignation and a loss on time give the Result and Termination; the players are named', () => {
  const store = createStore(Game);
  store.newGame({ mode: 'engine', human: 'black', level: 3 });
  store.play('e3e4', 'engine');
  store.resign();
  const s = store.getState();
  const t = (key, p) => ({ you: 'You', white: 'White', black: 'Black' }[key] ?? `${key} ${JSON.stringify(p)}`);
  assert.deepEqual([pgnName(s, 'white', t), pgnName(s, 'black', t)], ['Makruk engine, level 3', 'You']);
  const line = { fen: s.startFen, moves: s.moves, ended: { color: 'black', by: 'resign' } };
  const pgn = writePgn(full.Game, line, { white: pgnName(s, 'white', t), black: pgnName(s, 'black', t) });
  assert.match(pgn, /\[White "Makruk engine, level 3"\]\n\[Black "You"\]/);
  assert.match(pgn, /\[Result "1-0"\]\n\[Termination "normal"\]/);
  assert.match(pgn, /1\. e4 1-0\n$/);
  const late = writePgn(full.Game, { ...line, ended: { color: 'white', by: 'time' } });
  assert.match(late, /\[Result "0-1"\]\n\[Termination "time forfeit"\]/);
  // two people on one device have no names
  store.setPlayers({ mode: 'two' });
  assert.equal(pgnName(store.getState(), 'white', t), '?');
});

test('wasm: the rules module judges a resignation and a loss on time, and refuses moves after them', () => {
  const g = new Game();
  g.play('e3e4');
  g.end('white', 'resign');
  assert.deepEqual([g.status().result, g.status().reason, g.legalMoves()], ['0-1', 'resign', []]);
  assert.throws(() => g.play('d6d5'), /the game is over \(0-1 by resign\)/);
  assert.throws(() => g.end('black', 'time'), /the game is over/);
  assert.throws(() => g.end('red', 'resign'), /'white' or 'black'/);
  assert.throws(() => g.end('white', 'draw'), /'resign', 'time' or 'agree'/);
  g.undo();
  assert.equal(g.status().result, '*', 'undo takes the resignation back with the move');
  // a draw agreed (issue 56 item 5): Black accepts White's offer
  g.play('e3e4');
  g.end('black', 'agree');
  assert.deepEqual([g.status().result, g.status().reason, g.legalMoves()], ['1/2-1/2', 'agreement', []]);
  g.undo();
  const bare = new Game('4k3/8/8/8/8/8/R7/4K3 w - - 0 1');
  bare.end('white', 'time');
  assert.deepEqual([bare.status().result, bare.status().reason], ['1/2-1/2', 'timeNoMate']);
  g.free();
  bare.free();
});

test('wasm: the game record is the core\'s: written (the full module), read back at a ply, refusals named', () => {
  const g = new full.Game(NO_BIA, 'makruk', 'request');
  g.startCount();
  g.play('a2a3');
  g.play('d5d4');
  g.stopCount();
  const record = g.record();
  assert.equal(record, '1.makruk.request.4k3/8/8/3r4/8/8/R7/4K3_w_-_-_0_1.s-a2a3-d5d4-x');
  const back = Game.fromRecord(record);
  assert.equal(back.dropped, undefined);
  assert.deepEqual([back.game.countRecord(), back.game.countActions()], [['0s', '2x'], { start: true, stop: false }]);
  const at1 = Game.fromRecord(record, 1).game;
  assert.deepEqual([at1.played().map((m) => m.uci), at1.countRecord(), at1.status().count.ply], [['a2a3'], ['0s'], 1]);
  const auto = Game.fromRecord('1.makruk.auto..e3e4-s');
  assert.deepEqual([auto.game.played().map((m) => m.uci), auto.dropped], [['e3e4'], { ply: 1, part: 'start', message: "the record's ply 2: count start: no count may be asked for: this game counts by itself" }]);
  assert.throws(() => Game.fromRecord('2.makruk.auto..'), /version '2'/);
  assert.throws(() => Game.fromRecord(7), /the record must be a string/);
  for (const x of [g, back.game, at1, auto.game]) x.free();
});

test('a move refused carries what the page words it by (www/pages/game/main.js: codes.js\'s moveAttempt), never only the core\'s English', async () => {
  const { codeWords, moveAttempt } = await import('../www/common/codes.js');
  const { createI18n } = await import('../www/common/i18n/index.js');
  const { loadFeatures } = await import('../www/common/i18n/features.js');
  const i18n = createI18n('de');
  await i18n.ready;
  const tt = await loadFeatures(i18n, 'errors');
  const store = createStore(Game);
  store.newGame({ mode: 'two' });
  store.play('e3e4');
  // a move the rules refuse: the record of the line with it, whose refusal the full module codes
  assert.ok(store.playFromTo('e6', 'e4').error);
  const ref = moveAttempt(store.getState(), 'e6e4');
  const { game, dropped } = full.Game.fromRecord(ref.record);
  game.free();
  assert.equal(dropped.code.kind, 'record.move');
  assert.equal(codeWords(tt, i18n, dropped.code.cause), 'Bia auf e6 kann nicht nach e4');
  // a move in a line ended by a resignation: the game is over, its result said
  store.resign();
  store.goto(0);
  assert.ok(store.play('a3a4').error);
  const over = moveAttempt(store.getState(), 'a3a4');
  assert.deepEqual(over, { code: { kind: 'game.over', result: '1-0' } });
  assert.equal(codeWords(tt, i18n, over.code), 'die Partie ist vorbei (1-0): keine Züge mehr');
});

test('wasm: the engine\'s turn is the core\'s: on request it starts a count where it hopes for a draw, stops its own to mate, then mates', () => {
  const engine = new wasm.Engine();
  engine.reply = (game, limits) => engine.search(game, { ...limits, reply: 1 });
  const limits = { depth: 3 };
  // Black, a bare Khun against a Ruea, starts the count
  const bare = new Game('7k/8/6K1/8/8/8/8/1R6 b - - 0 1', 'makruk', 'request');
  assert.deepEqual(engine.reply(bare, limits), { count: 'start' });
  // White mates with Rb8 and hopes to win: no count (Black's Met would let it count)
  const game = new Game('7k/8/6K1/8/8/8/8/mR6 w - - 0 1', 'makruk', 'request');
  assert.equal(engine.reply(game, limits).move, 'b1b8');
  // in a count of its own it stops it first (its mate would draw), then mates
  game.startCount();
  assert.deepEqual(engine.reply(game, limits), { count: 'stop' });
  game.stopCount();
  assert.equal(engine.reply(game, limits).move, 'b1b8');
  // automatic counting: the move at once, and `search` never counts
  assert.equal(engine.reply(new Game('7k/8/6K1/8/8/8/8/1R6 b - - 0 1'), limits).move.slice(0, 2), 'h8');
  assert.equal(engine.search(new Game('7k/8/6K1/8/8/8/8/1R6 b - - 0 1', 'makruk', 'request'), limits).move.slice(0, 2), 'h8');
  for (const g of [bare, game]) g.free();
  engine.free();
});

test('store: a draw agreed is its own action over the core\'s agreement: acceptDraw(color) ends the game drawn, once', () => {
  const store = createStore(Game);
  store.newGame({ mode: 'two' });
  store.play('e3e4');
  store.acceptDraw('white');
  const s = store.getState();
  assert.deepEqual([s.outcome, s.resigned], [{ result: '1/2-1/2', reason: 'agreement' }, { color: 'white', ply: 1, how: 'agree' }]);
  store.resign('black');
  assert.equal(store.getState(), s, 'a game over takes no second end');
});
