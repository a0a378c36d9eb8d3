// The evaluation network in the site's form (www/network.js): it unpacks to the engine's
// file byte for byte, it is smaller by gzip -9, and neither form passes for the other.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { packNetwork, unpackNetwork } from '../www/network.js';

const NETWORK = readFileSync(new URL('../crate/makruk/src/eval.nnue', import.meta.url));

test('network: the packed file unpacks to the engine\'s file, byte for byte', () => {
  const packed = packNetwork(NETWORK);
  assert.equal(packed.length, NETWORK.length);
  assert.equal(String.fromCharCode(...packed.subarray(0, 4)), 'MKP8', 'a tag the engine refuses');
  assert.ok(Buffer.from(unpackNetwork(packed.slice().buffer)).equals(NETWORK));
  // the first visit downloads it: the form is only worth its code if gzip takes it better
  const gz = (bytes) => gzipSync(bytes, { level: 9 }).length;
  assert.ok(gz(packed) < gz(NETWORK) - 3500, `${gz(packed)} bytes gzip, the file ${gz(NETWORK)}`);
});

test('network: a file in the wrong form is refused, not read as weights', () => {
  assert.throws(() => unpackNetwork(NETWORK.slice()), /MKP8/);
  assert.throws(() => packNetwork(packNetwork(NETWORK)), /MKN8/);
});
