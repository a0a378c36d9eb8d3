// The page's store (www/game/store.js) in Node, without a browser: the real wasm rules module
// through its wasm-bindgen glue, no DOM, no engine, no storage.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as wasm from '../www/pkg/makruk_wasm.js';
import * as full from '../www/pkg/makruk_wasm_full.js';
import { createStore, engineSide, colorAt, boardView, personMoves } from '../www/game/store.js';
import { START_FEN, VARIANTS } from '../www/fen.js';
import { readLink, writeLink } from '../www/link.js';
import { parseTimeControl, timeControlText, timeLeft, formatClock } from '../www/game/clock.js';
import { soundOf, createSound } from '../www/game/sound.js';
import { winChance, whiteEval, drop, markOf, moveAccuracy, summarize, chartPly, pgnNotes } from '../www/game/review.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
wasm.initSync({ module: fs.readFileSync(path.join(ROOT, 'www/pkg/makruk_wasm_bg.wasm')) });
// the full module (www/wasm-full.js): PGN
full.initSync({ module: fs.readFileSync(path.join(ROOT, 'www/pkg/makruk_wasm_full_bg.wasm')) });
const { Game } = wasm;

const MATE_IN_ONE = 'k7/8/1K6/8/8/8/8/7R w - - 0 1'; // Rh8#

/** A store and the actions its subscribers saw. */
function storeWithLog() {
  const store = createStore(Game);
  const log = [];
  store.subscribe((s, action, prev) => log.push({ s, action, prev }));
  return { store, log };
}

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
  assert.deepEqual(s.last, { uci: 'd6d5', san: 'd5', from: 'd6', to: 'd5', promotion: false, color: 'black', by: 'engine' });
  assert.deepEqual(log.map((e) => [e.action.type, e.action.by]), [['play', 'person'], ['play', 'engine']]);
  assert.equal(log[1].prev.ply, 1, 'subscribers get the state before the action too');
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

test('store: goto walks the line; a new move cuts it, the same move follows it', () => {
  const store = createStore(Game);
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
  assert.deepEqual(res.rejected, { n: 3, move: 'zz', error: res.rejected.error });
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
  assert.equal(s.outcome, null, 'taking a move back leaves the resignation behind');
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
  assert.deepEqual(store.sanLine(['e3e4', 'd6d5', 'zz']), ['e4', 'd5'], 'SAN of the legal part of a line');
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

test('link: variant=cambodian is read with its start; an unknown one is named and Makruk used; Makruk is not written', () => {
  const ouk = readLink('#variant=cambodian');
  assert.deepEqual([ouk.hasGame, ouk.variant, ouk.badVariant, ouk.fen], [true, 'cambodian', null, OUK_START]);
  const bad = readLink('#variant=chess&moves=e3e4');
  assert.deepEqual([bad.variant, bad.badVariant, bad.fen], ['makruk', 'chess', START_FEN]);
  assert.equal(readLink('#moves=e3e4').variant, 'makruk');
  assert.match(writeLink({ variant: 'cambodian', fen: OUK_START, moves: ['d1f2'] }), /^#variant=cambodian&fen=/);
  assert.doesNotMatch(writeLink({ variant: 'makruk', fen: START_FEN }), /variant/);
  assert.doesNotMatch(writeLink({ fen: START_FEN }), /variant/);
});

test('link: each variant of the page opens at the start the core gives it', () => {
  for (const variant of VARIANTS) {
    const link = readLink(`#variant=${variant}`);
    assert.deepEqual([link.variant, link.badVariant], [variant, null]);
    const g = new Game(undefined, variant);
    assert.deepEqual([link.fen, g.variant()], [g.startFen(), variant]);
    g.free();
  }
  assert.deepEqual(VARIANTS, ['makruk', 'cambodian']);
});

test('store: colorAt follows the start FEN\'s side to move', () => {
  assert.equal(colorAt(START_FEN, 0), 'white');
  assert.equal(colorAt(START_FEN.replace(' w ', ' b '), 0), 'black');
  assert.equal(colorAt(START_FEN.replace(' w ', ' b '), 1), 'white');
});

// ---------------------------------------------------------------- clocks

/** A store with a hand-moved wall clock. */
function clockedStore(timeControl, players = {}) {
  const t = { now: 1_000_000 };
  const store = createStore(Game, { now: () => t.now });
  store.newGame({ timeControl, mode: 'two', ...players });
  return { store, t };
}

test('clock: the side to move runs; a move takes its time off and adds the increment', () => {
  const { store, t } = clockedStore(parseTimeControl('3+2'));
  let c = store.getState().clock;
  assert.deepEqual([c.white, c.black, c.running], [180000, 180000, 'white']);
  t.now += 5000;
  store.play('e3e4');
  c = store.getState().clock;
  assert.deepEqual([c.white, c.black, c.running], [177000, 180000, 'black']);
  t.now += 1500;
  assert.equal(timeLeft(store.getState().clock, 'black', t.now), 178500);
  store.play('d6d5');
  c = store.getState().clock;
  assert.deepEqual([c.white, c.black, c.running], [177000, 180500, 'white']);
});

test('clock: out of time loses, at the tick or at a late move', () => {
  const { store, t } = clockedStore(parseTimeControl('0.1+0'));
  t.now += 5999;
  store.tick();
  assert.equal(store.getState().outcome, null);
  t.now += 1;
  assert.match(store.play('e3e4').error, /time/);
  assert.deepEqual(store.getState().outcome, { result: '0-1', reason: 'time' });
  assert.equal(store.getState().clock.running, null, 'the clocks stop');
});

test('clock: out of time against a side that could not mate is a draw', () => {
  // Black's only piece is its Khun: it could never mate, so White's flag is a draw
  const t2 = { now: 0 };
  const s2 = createStore(Game, { now: () => t2.now });
  s2.newGame({ startFen: '4k3/8/8/8/8/8/8/R3K3 w - - 0 1', mode: 'two', timeControl: parseTimeControl('0.1+0') });
  t2.now += 7000;
  s2.tick();
  assert.deepEqual(s2.getState().outcome, { result: '1/2-1/2', reason: 'timeNoMate' });
});

test('clock: paused clocks and a cursor away from the end do not run', () => {
  const { store, t } = clockedStore(parseTimeControl('1+0'));
  store.play('e3e4');
  store.pauseClock(true);
  t.now += 30000;
  assert.equal(timeLeft(store.getState().clock, 'black', t.now), 60000);
  store.pauseClock(false);
  store.goto(0);
  t.now += 30000;
  assert.equal(store.getState().clock.running, null);
  store.goto(1);
  assert.equal(store.getState().clock.running, 'black');
});

test('clock: a saved clock counts the time the page was closed; storage junk is no clock', () => {
  const { store, t } = clockedStore(parseTimeControl('5+0'));
  store.play('e3e4');
  const saved = JSON.parse(JSON.stringify(store.getState().clock));
  t.now += 60000; // the page was closed for a minute
  store.load({ fen: START_FEN, moves: ['e3e4'], mode: 'keep', clock: saved });
  assert.equal(store.getState().clock.black, 240000);
  store.load({ fen: START_FEN, mode: 'keep', clock: { initial: 'x' } });
  assert.equal(store.getState().clock, null);
});

test('clock: time controls read and written, bad ones refused with the reason', () => {
  assert.deepEqual(parseTimeControl('15+10'), { initial: 900000, increment: 10000 });
  assert.deepEqual(parseTimeControl(' 0.5 + 0 '), { initial: 30000, increment: 0 });
  for (const bad of ['', '5', '0+3', '-1+0', '5+999', '601+0', 'a+b', '5+3<img>']) assert.ok(parseTimeControl(bad).error, bad);
  assert.equal(timeControlText(parseTimeControl('3+2')), '3+2');
  assert.deepEqual(['0:00.0', '0:09.9', '0:10', '0:11', '1:05', '1:00:00', '1:00:01'],
    [0, 9999, 10000, 10001, 65000, 3599999, 3600001].map(formatClock));
});

test('store: two people may have the board turn to the side to move after each move', () => {
  const store = createStore(Game);
  store.newGame({ mode: 'two', turnBoard: true });
  store.play('e3e4');
  assert.equal(store.getState().orientation, 'black');
  store.play('d6d5');
  assert.equal(store.getState().orientation, 'white');
});

test('store: a game by link lets its player make exactly one move, taken back until sent', () => {
  const store = createStore(Game);
  store.newGame({ mode: 'correspondence', human: 'white', corr: { id: 'abc123', base: 0 } });
  assert.equal(personMoves(store.getState()), true);
  store.play('e3e4');
  let s = store.getState();
  assert.equal(personMoves(s), false, 'one move, then the friend');
  assert.equal(boardView(s).dests.size, 0);
  store.undo();
  assert.equal(store.getState().ply, 0, 'the unsent move is taken back');
  store.play('a3a4');
  store.sent();
  s = store.getState();
  assert.deepEqual([s.corr, s.moves], [{ id: 'abc123', base: 1 }, ['a3a4']]);
  store.undo();
  assert.equal(store.getState().ply, 1, 'a sent move stays');
  store.resign();
  assert.equal(store.getState().outcome, null, 'no resigning by link (the friend would not know)');
  store.load({ fen: START_FEN, moves: ['a3a4'], mode: 'keep', corr: { id: '<bad>' }, players: { mode: 'correspondence', human: 'black' } });
  assert.equal(store.getState().corr, null, 'a bad id from a link or storage is no game by link');
  assert.equal(personMoves(store.getState()), false);
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

test('sound: a move, a capture, check, a promotion and the end each have their sound', () => {
  const hear = (fen, moves) => {
    const store = createStore(Game);
    const heard = [];
    store.load({ fen, mode: 'two' });
    store.subscribe((s, action, prev) => heard.push(soundOf(s, action, prev)));
    for (const m of moves) assert.ok(store.play(m).move, m);
    return heard;
  };
  assert.deepEqual(hear(START_FEN, ['e3e4', 'd6d5', 'e4d5']), ['move', 'move', 'capture']);
  assert.deepEqual(hear(MATE_IN_ONE, ['h1h8']), ['end']);
  assert.deepEqual(hear('k7/8/8/8/8/8/8/K6R w - - 0 1', ['h1h8']), ['check']);
  assert.deepEqual(hear('7k/8/8/2P5/8/8/8/KR6 w - - 0 1', ['c5c6']), ['promote']);
  const store = createStore(Game);
  let last = null;
  store.subscribe((s, action, prev) => { last = soundOf(s, action, prev); });
  store.play('e3e4');
  store.goto(0);
  assert.equal(last, null, 'going through the moves is silent');
  store.goto(1);
  store.resign();
  assert.equal(last, 'end', 'a resignation ends the game');
});

/** A stand-in for the Web Audio API that logs what starts: 'osc' or 'noise'. */
function fakeAudio() {
  const log = { contexts: 0, started: [] };
  const param = { value: 0, setValueAtTime() {}, exponentialRampToValueAtTime() {} };
  const node = (extra) => ({ connect: (x) => x, ...extra });
  class AudioCtx {
    constructor() { log.contexts++; this.currentTime = 0; this.sampleRate = 8000; this.state = 'running'; this.destination = node(); }
    createGain() { return node({ gain: param }); }
    createBiquadFilter() { return node({ frequency: param, Q: param }); }
    createBuffer() { return { getChannelData: () => new Float32Array(4) }; }
    createOscillator() { return node({ frequency: param, start: () => log.started.push('osc'), stop() {} }); }
    createBufferSource() { return node({ start: () => log.started.push('noise'), stop() {} }); }
    close() {}
  }
  const handlers = {};
  const target = { addEventListener: (t, fn) => { handlers[t] = fn; }, removeEventListener() {} };
  return { log, AudioCtx, target, gesture: () => handlers.pointerdown() };
}

test('sound: nothing before a gesture; then moves sound, muted nothing; the person\'s clock going low beeps once', async () => {
  const store = createStore(Game);
  store.newGame({ mode: 'two', timeControl: { initial: 10_400, increment: 0 } }); // low below 10 s
  const audio = fakeAudio();
  const sound = createSound(store, { target: audio.target, AudioCtx: audio.AudioCtx });
  store.play('e3e4');
  assert.deepEqual([audio.log.contexts, audio.log.started.length], [0, 0], 'no AudioContext without a gesture');
  audio.gesture();
  store.play('d6d5');
  assert.equal(audio.log.contexts, 1);
  assert.deepEqual(audio.log.started, ['noise', 'osc'], 'a move: a noise burst and a tone');
  store.setSettings({ sound: false });
  store.play('e4d5');
  assert.equal(audio.log.started.length, 2, 'muted');
  store.setSettings({ sound: true });
  await new Promise((r) => setTimeout(r, 900)); // Black's clock passes 10 s left
  assert.deepEqual(audio.log.started.slice(2), ['osc', 'osc'], 'the low-time warning');
  store.tick();
  await new Promise((r) => setTimeout(r, 100));
  assert.equal(audio.log.started.length, 4, 'once');
  sound.destroy();
});

test('review: win chance, drops, marks and accuracy as lichess computes them', () => {
  assert.equal(winChance({ cp: 0 }), 0);
  assert.ok(Math.abs(winChance({ cp: 300 }) - (2 / (1 + Math.exp(-0.00368208 * 300)) - 1)) < 1e-12);
  assert.ok(Math.abs(winChance({ cp: 300 }) + winChance({ cp: -300 })) < 1e-12);
  assert.ok(winChance({ mate: 3 }) > 0.999 && winChance({ mate: -2 }) < -0.999);
  assert.deepEqual([winChance({ mate: 0 }, 'white'), winChance({ mate: 0 }, 'black')], [-1, 1]);
  assert.deepEqual(whiteEval({ cp: 50 }, 'black'), { cp: -50 });
  assert.deepEqual(whiteEval({ mate: 2 }, 'black'), { mate: -2 });
  // the drop is the mover's: White falling from 0.2 to -0.2 is Black's gain
  assert.ok(Math.abs(drop(0.2, -0.2, 'white') - 0.4) < 1e-12);
  assert.ok(Math.abs(drop(0.2, -0.2, 'black') + 0.4) < 1e-12);
  assert.deepEqual([0.05, 0.1, 0.2, 0.3, 0.9].map((d) => markOf(d)?.sign ?? null), [null, '?!', '?', '??', '??']);
  assert.ok(Math.abs(moveAccuracy(0) - 99.9999) < 1e-9);
  assert.equal(moveAccuracy(-0.5), moveAccuracy(0), 'a move that gains loses nothing');
  // 10 points of win percent lost: 103.1668 * exp(-0.4354) - 3.1669
  assert.ok(Math.abs(moveAccuracy(0.2) - (103.1668 * Math.exp(-0.4354) - 3.1669)) < 1e-9);
  assert.equal(moveAccuracy(2), 0);
  const r = summarize([0, 0, 0.15, 0.1], ['white', 'black', 'white']);
  assert.deepEqual(r.nags, [0, 6, 0]);
  assert.ok(Math.abs(r.accuracy.white - (moveAccuracy(0) + moveAccuracy(0.05)) / 2) < 1e-9);
  assert.ok(Math.abs(r.accuracy.black - moveAccuracy(0.15)) < 1e-9);
  assert.deepEqual(summarize([0], []).accuracy, { white: null, black: null });
  assert.deepEqual([chartPly(0, 100, 5), chartPly(49, 100, 5), chartPly(100, 100, 5), chartPly(500, 100, 5)], [0, 2, 4, 4]);
  assert.deepEqual(pgnNotes([null, { nag: 4, better: 'Nd2' }, { nag: 6, better: null }]), [null, [4, 'Better: Nd2'], [6, null]]);
  assert.equal(pgnNotes(null), null);
});

test('store: a review runs through its actions, marks the blunder and names the better move', () => {
  // 2. Rc5?? dxc5: the review's scores are given here as the engine would report them
  const { store, log } = storeWithLog();
  store.load({ fen: '4k3/7r/p2p4/8/8/7P/8/2R1K3 w - - 0 1', moves: ['Kd2', 'Kd8', 'Rc5', 'dxc5'], mode: 'analyse' });
  store.reviewStart();
  let r = store.getState().review;
  assert.deepEqual([r.running, r.total, r.chances, r.marks], [true, 5, [], null]);
  const answers = [[{ cp: -100 }, ['c1c3']], [{ cp: 90 }, ['d8e7']], [{ cp: -110 }, ['c1c3', 'd6d5']], [{ cp: 600 }, ['d6c5']], [{ cp: -650 }, []]];
  for (const [score, pv] of answers) store.reviewProgress(score, pv);
  store.reviewProgress({ cp: 0 }, []); // one too many: ignored
  assert.equal(store.getState().review.chances.length, 5);
  store.reviewDone();
  r = store.getState().review;
  assert.equal(r.running, false);
  assert.deepEqual(r.marks.map((m) => m && m.nag), [null, null, 4, null]);
  assert.deepEqual(r.marks[2], { nag: 4, better: 'Rc3', line: ['Rc3', 'd5'], from: 'c1', to: 'c3' });
  assert.ok(r.accuracy.white < 70 && r.accuracy.black > 90, JSON.stringify(r.accuracy));
  assert.deepEqual(log.map((e) => e.action.type).filter((t) => t.startsWith('review')),
    ['reviewStart', 'reviewProgress', 'reviewProgress', 'reviewProgress', 'reviewProgress', 'reviewProgress', 'reviewDone']);
  // the cursor moves within the line: the review stays; the line cut: it goes
  store.goto(3);
  assert.equal(store.getState().review, r);
  store.retry();
  let s = store.getState();
  assert.deepEqual([s.moves.length, s.mode, s.human, s.review], [2, 'engine', 'white', null]);
  // cancelled, nothing is kept
  store.load({ moves: ['e4', 'e5'] });
  store.reviewStart();
  store.reviewProgress({ cp: 0 }, []);
  store.reviewCancel();
  assert.equal(store.getState().review, null);
  // marks from PGN notes, with the better move's squares
  store.load({ fen: '4k3/7r/p2p4/8/8/7P/8/2R1K3 w - - 0 1', moves: ['Kd2', 'Kd8', 'Rc5'], notes: [null, [0, ''], [4, 'Better: Rc3']] });
  s = store.getState();
  assert.deepEqual(s.review.marks, [null, null, { nag: 4, better: 'Rc3', line: ['Rc3'], from: 'c1', to: 'c3' }]);
  assert.equal(s.review.accuracy, null);
  store.load({ moves: ['e4'], notes: [[0, 'a comment']] });
  assert.equal(store.getState().review, null, 'no marks, no review');
});

const NO_BIA = '4k3/8/8/3r4/8/8/R7/4K3 w - - 0 1';

test('store: counting on request starts, stops, is undone and replayed from its record', () => {
  const store = createStore(Game);
  store.newGame({ startFen: NO_BIA, mode: 'two', counting: 'request' });
  let s = store.getState();
  assert.deepEqual([s.counting, s.status.count, s.countActions], ['request', null, { start: true, stop: false }]);
  assert.deepEqual(store.count('stop'), { error: 'no count may stop now: no count is running' });
  assert.deepEqual(store.count('start'), {});
  s = store.getState();
  assert.deepEqual([s.counts, s.status.count.kind, s.status.count.side], [['0s'], 'board', 'white']);
  store.play('a2a3');
  assert.equal(store.getState().countActions.stop, false); // Black's turn: White counts
  store.play('d5d4');
  assert.deepEqual(store.count('stop'), {});
  s = store.getState();
  assert.deepEqual([s.counts, s.status.count], [['0s', '2x'], null]);
  // back and forth: the record is replayed
  store.undo();
  assert.equal(store.getState().status.count.ply, 1);
  store.redo();
  assert.equal(store.getState().status.count, null);
  store.goto(0);
  assert.equal(store.getState().status.count.ply, 0);
  // a reload: the line with its record
  const other = createStore(Game);
  other.load({ fen: NO_BIA, moves: s.moves, counting: 'request', counts: s.counts, mode: 'two' });
  assert.equal(other.getState().startFen, NO_BIA, 'the start FEN is before the count actions');
  assert.deepEqual([other.getState().counts, other.getState().status.count], [['0s', '2x'], null]);
  other.goto(1);
  assert.equal(other.getState().status.count.ply, 1);
});

test('store: a count action where none is allowed changes nothing; automatic games refuse them', () => {
  const store = createStore(Game);
  store.newGame({ mode: 'two', counting: 'request' });
  const before = store.getState();
  assert.deepEqual(store.count('start'), { error: 'no count may start now: an unpromoted Bia is on the board' });
  assert.equal(store.getState(), before);
  const res = store.load({ fen: NO_BIA, moves: ['a2a3'], counting: 'request', counts: ['0s', '1x'] });
  assert.equal(res.rejected.move, 'count stop');
  assert.deepEqual(store.getState().counts, ['0s']);
  store.newGame({ startFen: NO_BIA, mode: 'two' });
  assert.equal(store.getState().counting, 'auto');
  assert.match(store.count('start').error, /counts by itself/);
  const link = readLink(writeLink({ counting: 'request', counts: ['0s'], fen: NO_BIA, moves: [] }));
  assert.deepEqual([link.counting, link.counts, link.badCounting], ['request', ['0s'], null]);
  const bad = readLink('#fen=x&counting=sometimes');
  assert.deepEqual([bad.counting, bad.badCounting], ['auto', 'sometimes']);
});

test('wasm: counting on request through PGN: the tag and the comments, read back as the record', () => {
  const g = new full.Game(NO_BIA, 'makruk', 'request');
  assert.deepEqual(g.countActions(), { start: true, stop: false });
  g.startCount();
  g.play('a2a3');
  assert.throws(() => g.stopCount(), /belongs to the other side/);
  const pgn = g.pgn();
  assert.match(pgn, /\[Counting "request"\]/);
  assert.match(pgn, /\{count: start\} 1\. Ra3/);
  const [back] = full.readPgn(pgn);
  assert.deepEqual([back.counting, back.counts, back.moves], ['request', ['0s'], ['a2a3']]);
  assert.throws(() => new Game(NO_BIA, 'makruk', 'often'), /unknown counting "often"/);
  assert.equal(new Game(NO_BIA).counting(), 'auto');
  g.free();
});

test('store: a review of an Ouk Chatrang game replays it in its rules, and Retry keeps them', () => {
  const { store } = storeWithLog();
  // 2. Kf2 is the Khun's leap, a move only Ouk Chatrang has
  store.load({ variant: 'cambodian', moves: ['e4', 'd5', 'Kf2', 'dxe4'], mode: 'analyse' });
  store.reviewStart();
  const r = store.getState().review;
  assert.equal(r.variant, 'cambodian', 'the review searches in the game\'s rules');
  // the scores of the side to move: Black is 4 Bia up once the leap has let its Bia go
  for (const cp of [0, 0, 0, 400, -400]) store.reviewProgress({ cp }, []);
  store.reviewDone();
  const done = store.getState().review;
  assert.equal(done.running, false);
  assert.ok(done.marks[2], 'the leap that lost the Bia is marked');
  store.goto(3);
  store.retry();
  const s = store.getState();
  assert.deepEqual([s.variant, s.moves.length, s.mode], ['cambodian', 2, 'engine']);
});
