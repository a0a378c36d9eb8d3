// Runs the search's `bench` and a perft inside the wasm build, in Node, for comparison with
// the native binary (`echo bench | target/release/makruk-uci`). Speeds are per CPU second
// of this process, so that a busy machine disturbs them less than wall time would.
// Usage: node scripts/wasm-bench.mjs [bench depth] [perft depth]   (after `npm run build`)
import { readFile } from 'node:fs/promises';
import init, { Engine } from '../www/pkg/makruk_wasm.js';
import initFull, { perft } from '../www/pkg/makruk_wasm_full.js'; // perft: the full module's
import { unpackNetwork } from '../www/network.js';

const benchDepth = process.argv[2] ? Number(process.argv[2]) : undefined;
const perftDepth = Number(process.argv[3] ?? 6);
await init({ module_or_path: await readFile(new URL('../www/pkg/makruk_wasm_bg.wasm', import.meta.url)) });
await initFull({ module_or_path: await readFile(new URL('../www/pkg/makruk_wasm_full_bg.wasm', import.meta.url)) });
const engine = new Engine();
engine.setNetwork(unpackNetwork(await readFile(new URL('../www/pkg/eval.nnue', import.meta.url))));

/** Runs `f` and returns [its value, CPU milliseconds used]. */
function cpu(f) {
  const start = process.cpuUsage();
  const value = f();
  const used = process.cpuUsage(start);
  return [value, Math.max(1, (used.user + used.system) / 1000)];
}

const [nodes, benchMs] = cpu(() => engine.bench(benchDepth));
console.log(`Nodes searched: ${nodes}`);
console.log(`Nodes/second: ${Math.round((nodes * 1000) / benchMs)}`);
const [leaves, perftMs] = cpu(() => perft(undefined, perftDepth));
console.log(`Perft ${perftDepth}: ${leaves} leaves in ${Math.round(perftMs)} ms of CPU`);
