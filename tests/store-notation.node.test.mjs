// The store's notation (www/common/game/store.js `names`): SAN, or the rules module's Thai notation
// (thaiLine) when the setting says so, for the move list, a line from any position (the
// analysis, the hint, the review's better line), and the link's notation=.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as wasm from '../www/pkg/makruk_wasm_full.js'; // thaiLine: the full module's
import { createStore } from '../www/common/game/store.js';
import { readLink } from '../www/common/link.js';
import { Game } from './store.support.mjs';

const LINE = ['e3e4', 'd6d5', 'e4d5', 'd8c7', 'b1d2'];

test('store notation: SAN by default, Thai notation when chosen, the SAN where a move is not legal', () => {
  const store = createStore(Game, { thaiLine: wasm.thaiLine });
  for (const m of LINE) store.play(m);
  const s = store.getState();
  assert.deepEqual(store.names(s.startFen, s.moves, s.sans), ['e4', 'd5', 'exd5', 'Mc7', 'Nd2']);
  store.setSettings({ notation: 'thai' });
  assert.deepEqual(store.names(s.startFen, s.moves, s.sans), ['จ๔', 'ง๕', 'จxง๕', 'ม็-ค๗', 'ม-ง๒']);
  // a line from the cursor, a promotion written without its `m` (the review's lines)
  const promo = '4k3/8/8/1P6/8/8/8/R2K4 w - - 0 1';
  assert.deepEqual(store.names(promo, ['b5b6', 'e8e7'], ['b6=M', 'Ke7']), ['ข๖=M', 'ข-จ๗']);
  // a stale line: what the rules module does not take stays in SAN
  assert.deepEqual(store.names(s.startFen, ['e3e4', 'e4e6'], ['e4', 'e6?']), ['จ๔', 'e6?']);
  assert.deepEqual(createStore(Game, { settings: { notation: 'thai' } }).names(s.startFen, ['e3e4'], ['e4']), ['e4'], 'no thaiLine: SAN');
});

test('store notation: the Thai notation loaded when first needed (outside the first visit), then a redraw', async () => {
  let loads = 0;
  const loadThaiLine = async () => (loads++, wasm.thaiLine);
  const store = createStore(Game, { loadThaiLine });
  store.play('e3e4');
  const s = store.getState();
  assert.deepEqual(store.names(s.startFen, s.moves, s.sans), ['e4']);
  assert.equal(loads, 0, 'SAN needs no load');
  store.setSettings({ notation: 'thai' });
  const redrawn = new Promise((resolve) => store.subscribe((_, a) => a.type === 'settings' && resolve()));
  assert.deepEqual(store.names(s.startFen, s.moves, s.sans), ['e4'], 'SAN until it is loaded');
  await redrawn;
  assert.deepEqual(store.names(s.startFen, s.moves, s.sans), ['จ๔']);
  assert.equal(loads, 1);
  const thai = createStore(Game, { settings: { notation: 'thai' }, loadThaiLine });
  assert.equal(loads, 2, 'a Thai setting loads it at once');
  thai.getState();
});

test('store notation: thaiLine reads every variant and refuses bad input with an error', () => {
  assert.deepEqual(wasm.thaiLine('rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1', 'cambodian', 'd1b2 e8g7'), ['ข-ข๒', 'ข-ช๗']);
  assert.deepEqual(wasm.thaiLine('rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1', undefined, ''), []);
  assert.throws(() => wasm.thaiLine('no fen', 'makruk', 'e3e4'), /FEN|fen/);
  assert.throws(() => wasm.thaiLine(null, 'makruk', 'e3e4'), /must be a string/);
  assert.throws(() => wasm.thaiLine('8/8/8/8/8/8/8/8 w - - 0 1', 'chess', ''), /variant/);
});

test('store notation: notation=thai and notation=standard in a link; anything else is no choice', () => {
  assert.equal(readLink('#moves=e3e4&notation=thai').notation, 'thai');
  assert.equal(readLink('#notation=standard').notation, 'standard');
  assert.equal(readLink('#notation=klingon').notation, null);
  assert.equal(readLink('').notation, null);
});
