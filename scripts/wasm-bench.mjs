// Runs the search's `bench` and a perft inside the wasm build, in Node, for comparison with
// the native binary (`echo bench | target/release/makruk-uci`).
// Usage: node scripts/wasm-bench.mjs [bench depth] [perft depth]   (after `npm run build`)
import { readFile } from 'node:fs/promises';
import init, { bench, perft } from '../www/pkg/makruk_wasm.js';

const benchDepth = process.argv[2] ? Number(process.argv[2]) : undefined;
const perftDepth = Number(process.argv[3] ?? 6);
await init({ module_or_path: await readFile(new URL('../www/pkg/makruk_wasm_bg.wasm', import.meta.url)) });

let start = performance.now();
const nodes = bench(benchDepth);
let ms = Math.max(1, performance.now() - start);
console.log(`Nodes searched: ${nodes}`);
console.log(`Nodes/second: ${Math.round((nodes * 1000) / ms)}`);

start = performance.now();
const leaves = perft(undefined, perftDepth);
ms = Math.max(1, performance.now() - start);
console.log(`Perft ${perftDepth}: ${leaves} leaves in ${Math.round(ms)} ms`);
