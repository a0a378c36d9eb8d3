// The link module (www/link.js) in Node: a link and a saved or open game compared, and the
// messages of a link's unknown values.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readLink, writeLink, sameLine, linkMessages } from '../www/link.js';
import { START_FEN } from '../www/fen.js';

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
  const bad = readLink('#variant=chess&counting=sometimes');
  assert.deepEqual(linkMessages(bad).map((m) => [m.key, m.values.name]), [['badParam', 'variant'], ['badParam', 'counting']]);
  assert.match(linkMessages(bad)[0].values.error, /"chess" is none of makruk, cambodian/);
  assert.match(linkMessages(bad)[1].values.error, /"sometimes" is not auto or request/);
});

test('link: the side pages\' links are written and read in link.js alone', async () => {
  const { sideLink, readSideLink } = await import('../www/link.js');
  assert.equal(sideLink('trainer', 'RR'), '#trainer=RR');
  assert.equal(sideLink('trainer', 'fen:7k/8 w'), '#trainer=fen%3A7k%2F8+w');
  assert.equal(sideLink('puzzle', '12'), '#puzzle=12');
  assert.equal(sideLink('stage', 'ma'), '#stage=ma');
  assert.equal(sideLink('stage', 'ma', 2), '#stage=ma&exercise=2');
  assert.deepEqual(readSideLink('#stage=ma&exercise=2'), { trainer: null, puzzle: null, stage: 'ma', exercise: 2 });
  assert.equal(readSideLink(sideLink('trainer', 'fen:7k/8 w')).trainer, 'fen:7k/8 w');
  assert.equal(readSideLink('#stage=ma&exercise=x').exercise, 1);
  for (const f of ['trainer.js', 'puzzles.js', 'learn.js', 'main.js']) {
    const src = (await import('node:fs')).readFileSync(new URL(`../www/${f}`, import.meta.url), 'utf8');
    assert.doesNotMatch(src, /URLSearchParams|params\.has\('(trainer|puzzle)'\)/, f);
  }
});
