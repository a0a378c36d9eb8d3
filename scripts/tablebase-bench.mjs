// Builds bare-Khun endgame tables inside the wasm build, in Node, and prints the CPU time of
// each (each in a fresh table, its smaller tables included), for comparison with the native
// `cargo run --release -p makruk --example tables`.
// `tablebaseStats` is in the full module (www/wasm-full.js), which has one build, plain.
// Usage: node scripts/tablebase-bench.mjs [pieces ...]   (after `npm run build`)
import { readFile } from 'node:fs/promises';
import init, { tablebaseStats } from '../www/pkg/makruk_wasm_full.js';

const wanted = process.argv.slice(2);
await init({ module_or_path: await readFile(new URL('../www/pkg/makruk_wasm_full_bg.wasm', import.meta.url)) });

const all = ['R', 'S', 'N', 'M', 'RR', 'SR', 'NR', 'RM', 'SS', 'NS', 'SM', 'NN', 'NM', 'MM'];
for (const pieces of wanted.length ? wanted : all) {
  const start = process.cpuUsage();
  const s = tablebaseStats(pieces);
  const used = process.cpuUsage(start);
  const ms = Math.round((used.user + used.system) / 1000);
  console.log(`${s.ending}: ${ms} ms of CPU, ${s.bytes} bytes, longest ${s.longestPlies} plies`);
}
