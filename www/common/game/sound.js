// Sound: a subscriber of the store that hears its changes (a move, a capture, check, a
// promotion, the end of the game, the person's clock running low) and plays a short tone
// synthesized with the Web Audio API: no sound files. Silent while settings.sound is off.
// Browsers let audio start only after a gesture: nothing sounds before the first pointer or
// key press after which sound is on, which resumes the AudioContext. The context itself is
// made while the page is idle (making it blocks the main thread 80-280 ms in Chromium: in the
// handler of the person's first move, it held that move's frame).

import { engineSide } from './store.js';
import { timeLeft, lowTime } from './clock.js';

const VOLUME = 0.5;
// a touch's pointerdown does not yet allow audio in every browser; its pointerup does
const GESTURES = ['pointerdown', 'pointerup', 'keydown'];

/** The notes of each sound: tones {at, freq, to (a glide), type, dur, gain} and noise bursts {at, noise (band centre), dur, gain}. */
const SOUNDS = {
  // a wooden tock
  move: [{ noise: 1800, dur: 0.05, gain: 0.35 }, { freq: 440, to: 300, dur: 0.08, gain: 0.35 }],
  // a heavier knock
  capture: [{ noise: 900, dur: 0.1, gain: 0.6 }, { freq: 300, to: 150, dur: 0.15, gain: 0.5 }, { at: 0.02, freq: 600, to: 420, dur: 0.08, gain: 0.15 }],
  check: [{ freq: 880, type: 'triangle', dur: 0.12, gain: 0.3 }, { at: 0.1, freq: 1320, type: 'triangle', dur: 0.18, gain: 0.28 }],
  // the shell turns over: a quick rising run
  promote: [660, 880, 1100, 1320].map((freq, k) => ({ at: k * 0.06, freq, dur: 0.16, gain: 0.22 })),
  // a soft major chord
  end: [523.25, 659.25, 783.99].map((freq, k) => ({ at: k * 0.05, freq, dur: 1.1, gain: 0.16, attack: 0.02 })),
  low: [{ freq: 1046, type: 'triangle', dur: 0.1, gain: 0.26 }, { at: 0.16, freq: 1046, type: 'triangle', dur: 0.1, gain: 0.26 }],
};

/** Which sound a change of the store makes, if any. */
export function soundOf(s, action, prev) {
  if (action.type === 'play') {
    if (s.outcome) return 'end';
    if (s.status.check) return 'check';
    if (s.last.promotion) return 'promote';
    const to = s.last.to;
    return prev.pieces['abcdefgh'.indexOf(to[0]) + 8 * (Number(to[1]) - 1)] ? 'capture' : 'move';
  }
  // a resignation, or time out
  if (s.outcome && !prev.outcome && s.epoch === prev.epoch && s.ply === prev.ply) return 'end';
  return null;
}

/**
 * Plays the store's sounds. `target` receives the gestures that allow audio (the document);
 * `AudioCtx` is the AudioContext class. Returns {play(name), destroy()}.
 */
export function createSound(store, { target = globalThis.document, AudioCtx = globalThis.AudioContext || globalThis.webkitAudioContext } = {}) {
  let ctx = null;
  let out = null;
  let allowed = false; // a gesture has let audio start
  let closed = false;
  let noiseBuffer = null;
  let lowTimer = 0;
  const warned = new Set(); // `${epoch}:${color}`: the low-time warning sounds once per side and game

  const on = () => !!store.getState().settings.sound;

  function make() {
    if (ctx || closed || !AudioCtx || !on()) return;
    ctx = new AudioCtx();
    out = ctx.createGain();
    out.gain.value = VOLUME;
    out.connect(ctx.destination);
  }

  /** Makes the context once the page is idle (a second at most with no idle callbacks). */
  function prepare() {
    if (globalThis.requestIdleCallback) requestIdleCallback(make, { timeout: 2000 });
    else setTimeout(make, 1000);
  }

  function unlock() {
    if (!AudioCtx || !on()) return;
    allowed = true;
    make(); // only if the page was never idle since sound was turned on
    if (ctx.state === 'suspended') ctx.resume().catch(() => {});
  }

  function envelope(t0, { dur, gain, attack = 0.004 }) {
    const g = ctx.createGain();
    g.gain.setValueAtTime(0.0001, t0);
    g.gain.exponentialRampToValueAtTime(gain, t0 + attack);
    g.gain.exponentialRampToValueAtTime(0.0001, t0 + dur);
    g.connect(out);
    return g;
  }

  function noise() {
    if (!noiseBuffer) {
      noiseBuffer = ctx.createBuffer(1, Math.round(ctx.sampleRate * 0.2), ctx.sampleRate);
      const data = noiseBuffer.getChannelData(0);
      for (let i = 0; i < data.length; i++) data[i] = Math.random() * 2 - 1;
    }
    return noiseBuffer;
  }

  function play(name) {
    if (!allowed || !ctx || !on() || !SOUNDS[name]) return;
    const t = ctx.currentTime + 0.01;
    for (const n of SOUNDS[name]) {
      const t0 = t + (n.at || 0);
      const g = envelope(t0, n);
      let src;
      if (n.noise) {
        src = ctx.createBufferSource();
        src.buffer = noise();
        const band = ctx.createBiquadFilter();
        band.type = 'bandpass';
        band.frequency.value = n.noise;
        band.Q.value = 1.2;
        src.connect(band).connect(g);
      } else {
        src = ctx.createOscillator();
        src.type = n.type || 'sine';
        src.frequency.setValueAtTime(n.freq, t0);
        if (n.to) src.frequency.exponentialRampToValueAtTime(n.to, t0 + n.dur);
        src.connect(g);
      }
      src.start(t0);
      src.stop(t0 + n.dur + 0.02);
    }
  }

  /** Sounds once when a person's running clock goes below its low mark. */
  function watchClock(s) {
    clearTimeout(lowTimer);
    const c = s.clock;
    if (!c || !c.running || s.outcome || engineSide(s, c.running)) return;
    const key = `${s.epoch}:${c.running}`;
    const wait = timeLeft(c, c.running, Date.now()) - lowTime(c);
    if (wait <= 0 || warned.has(key)) return; // already low when seen first: no crossing heard
    lowTimer = setTimeout(() => {
      warned.add(key);
      if (store.getState().clock?.running === c.running) play('low');
    }, wait);
  }

  const unsubscribe = store.subscribe((s, action, prev) => {
    const name = soundOf(s, action, prev);
    if (name) play(name);
    if (s.clock !== prev.clock || s.outcome !== prev.outcome) watchClock(s);
    if (s.settings.sound && !prev.settings.sound) prepare();
  });
  watchClock(store.getState());
  prepare();
  for (const type of GESTURES) target?.addEventListener(type, unlock, { capture: true, passive: true });

  return {
    play,
    destroy() {
      unsubscribe();
      closed = true;
      clearTimeout(lowTimer);
      for (const type of GESTURES) target?.removeEventListener(type, unlock, { capture: true });
      ctx?.close();
    },
  };
}
