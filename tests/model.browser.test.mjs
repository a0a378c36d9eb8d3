// The model-based test of the game page in npm test (tests/model.support.mjs: the commands, a
// player's, and the invariants checked after each): fixed seeds, about a minute. Longer runs
// from any seed: `npm run soak -- --runs N --seed S` (scripts/soak.mjs); what they found is in
// docs/testing.md, each shrunk counterexample a named test in tests/paths.browser.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser } from './helpers.mjs';
import { runModel } from './model.support.mjs';

// the engine's moves at 2,000 nodes whatever the level (the invariants ask that it moves, not
// how well): the engine games the paths start go at a fixed, quick pace
const env = useBrowser({ nodes: 2000 });

// seeds that walk across the features: three runs each of up to 25 commands (about 20 s a seed)
const SEEDS = [56, 2026, 7];

for (const seed of SEEDS) {
  test(`model: a player's random paths across the game page keep every invariant (seed ${seed})`, { timeout: 300_000 }, async () => {
    const res = await runModel(env, { seed, runs: 3, maxCommands: 25 });
    assert.ok(!res.failed, res.failed ? `${res.errorInstance?.message ?? res.error}\n(seed ${seed}, path ${res.counterexamplePath})` : '');
    assert.ok(res.figures.commands > 0, 'commands were run and checked');
  });
}
