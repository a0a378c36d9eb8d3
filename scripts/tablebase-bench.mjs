// Builds bare-Khun endgame tables inside the wasm build, in Node, and prints the CPU time of
// each (each in a fresh table, its smaller tables included), for comparison with the native
// `cargo run --release -p makruk --example tables`.
// Usage: node scripts/tablebase-bench.mjs [simd] [pieces ...]   (after `npm run build`)
import { readFile } from 'node:fs/promises';
import init, { tablebaseStats } from '../www/pkg/makruk_wasm.js';

const args = process.argv.slice(2);
const simd = args[0] === 'simd';
const wanted = simd ? args.slice(1) : args;
const file = simd ? 'makruk_wasm_simd_bg.wasm' : 'makruk_wasm_bg.wasm';
await init({ module_or_path: await readFile(new URL(`../www/pkg/${file}`, import.meta.url)) });

const all = ['R', 'S', 'N', 'M', 'RR', 'SR', 'NR', 'RM', 'SS', 'NS', 'SM', 'NN', 'NM', 'MM'];
for (const pieces of wanted.length ? wanted : all) {
  const start = process.cpuUsage();
  const s = tablebaseStats(pieces);
  const used = process.cpuUsage(start);
  const ms = Math.round((used.user + used.system) / 1000);
  console.log(`${s.ending}: ${ms} ms of CPU, ${s.bytes} bytes, longest ${s.longestPlies} plies`);
}
