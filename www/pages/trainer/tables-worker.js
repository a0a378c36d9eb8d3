// The trainer's endgame tables in a module worker: building a four-man table takes about a
// second of CPU (measured 2.9 s of wall time for Khon + Met in Chromium on a busy machine),
// which must not freeze the page. Requests {id, type: "probe" | "randomStart", args};
// answers {id, type: "result", value} or {id, type: "error", message} (www/worker-rpc.js).
import { loadWasm, Trainer } from '../../wasm-full.js';
import { answerer } from '../../worker-rpc.js';

let tables = null;
const ready = loadWasm().then(() => {
  tables = new Trainer();
});

const answer = answerer({
  probe: ({ args }) => ({ type: 'result', value: tables.probe(...args) }),
  randomStart: ({ args }) => ({ type: 'result', value: tables.randomStart(...args) }),
}, ready);

self.onmessage = (event) => answer(event.data);
