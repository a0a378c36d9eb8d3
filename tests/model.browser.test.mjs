// The model-based test of the game page in npm test (tests/model.support.mjs: the commands, a
// player's, and the invariants checked after each): fixed seeds, about 20 s. Longer runs
// from any seed: `npm run soak -- --runs N --seed S` (scripts/soak.mjs); what they found is in
// docs/testing.md, each shrunk counterexample a named test in tests/paths.browser.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser } from './helpers.mjs';
import { runModel } from './model.support.mjs';

// the engine's moves at 2,000 nodes whatever the level (the invariants ask that it moves, not
// how well): the engine games the paths start go at a fixed, quick pace
const env = useBrowser({ nodes: 2000 });

// seeds and runs that walk across the features in few steps (65 in all): every command, each
// button, the four modes, the four rule sets, a clock, counting on request, a match, each
// language, Thai notation, a draw offered and accepted and declined, a PGN and a FEN imported
// whole and damaged (found among seeds 1-600 for the command kinds and choices they cover per
// step; seeds 56, 2026 and 7, three runs each, walked the same in 137 steps, twice the time)
const SEEDS = [[188, 1], [96, 2], [187, 1]];

for (const [seed, runs] of SEEDS) {
  test(`model: a player's random paths across the game page keep every invariant (seed ${seed})`, { timeout: 300_000 }, async () => {
    const res = await runModel(env, { seed, runs, maxCommands: 25 });
    assert.ok(!res.failed, res.failed ? `${res.errorInstance?.message ?? res.error}\n(seed ${seed}, path ${res.counterexamplePath})` : '');
    assert.ok(res.figures.commands > 0, 'commands were run and checked');
  });
}
