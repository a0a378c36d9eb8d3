// The model-based test of the game page for long runs (tests/model.support.mjs):
//   npm run soak -- --runs N --seed S [--commands C] [--shrink] [--path P] [--start HASH]
// runs N runs of at most C commands (default 40) from seed S, on the repository's server and a
// headless Chromium, and prints the figures: runs, commands checked, the failure (shrunk with
// --shrink: each step replays in the browser) with its seed and path to replay it: `--path P`
// (with the same seed, runs and commands) starts at that run, the failing one first, and goes on
// with the runs after it. `--start` is the link each run opens first (default: a game against
// the engine at level 1), `#play=correspondence&id=s1` for one, a game with a friend by link.
import { parseArgs } from 'node:util';
import { launchBrowser, startServer } from '../tests/helpers.mjs';
import { runModel } from '../tests/model.support.mjs';

const { values } = parseArgs({ options: {
  runs: { type: 'string', default: '10' },
  seed: { type: 'string', default: String(Date.now() % 1e9) },
  commands: { type: 'string', default: '40' },
  shrink: { type: 'boolean', default: false },
  path: { type: 'string' },
  start: { type: 'string', default: '#play=engine&level=1' },
} });
const [runs, seed, maxCommands] = [values.runs, values.seed, values.commands].map(Number);

const server = await startServer();
const env = { base: server.url.replace(/\/$/, ''), browser: await launchBrowser() };
const started = Date.now();
const res = await runModel(env, {
  seed, runs, maxCommands, shrink: values.shrink, path: values.path, start: values.start,
  onRun: (f) => console.log(`run ${f.runs}: ${f.commands} commands checked so far`),
});
const f = res.figures;
console.log(JSON.stringify({
  seed, start: values.start, runs: f.runs, commands: f.commands, failed: res.failed, minutes: Math.round((Date.now() - started) / 6000) / 10,
}, null, 1));
if (res.failed) console.log(`FAILURE (seed ${seed}, path "${res.counterexamplePath}"):\n${res.errorInstance?.message ?? res.error}\ncounterexample: ${res.counterexample?.[0]}`);
await env.browser.close();
await server.close();
process.exit(res.failed ? 1 : 0);
