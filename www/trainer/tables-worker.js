// The trainer's endgame tables in a module worker: building a four-man table takes about a
// second of CPU (measured 2.9 s of wall time for Khon + Met in Chromium on a busy machine),
// which must not freeze the page. Requests {id, op: "probe" | "randomStart", args}; answers
// {id, result} or {id, error}.
import { loadWasm, Trainer } from '../wasm-full.js';

const ready = loadWasm().then(() => new Trainer());

self.onmessage = async ({ data: { id, op, args } }) => {
  try {
    const tables = await ready;
    if (op !== 'probe' && op !== 'randomStart') throw new Error(`unknown request ${op}`);
    self.postMessage({ id, result: tables[op](...args) });
  } catch (e) {
    self.postMessage({ id, error: String((e && e.message) || e) });
  }
};
