// The sounds of the game (www/common/game/sound.js), a subscriber of the store, in Node with a
// stand-in for the Web Audio API.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createStore } from '../www/common/game/store.js';
import { START_FEN } from '../www/common/fen.js';
import { soundOf, createSound } from '../www/common/game/sound.js';
import { Game, MATE_IN_ONE } from './store.support.mjs';

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
  assert.deepEqual([audio.log.contexts, audio.log.started.length], [0, 0], 'nothing sounds without a gesture');
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
