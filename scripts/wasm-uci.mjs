#!/usr/bin/env node
// The page's wasm engine as a UCI engine under Node, so that the match tool
// (crate/makruk-match) can play what a player's browser runs against other engines:
//
//   node scripts/wasm-uci.mjs [--plain]        (after scripts/build.sh)
//
// It loads the build the browser would run (as www/wasm.js chooses: the wasm SIMD build wherever
// the runtime has SIMD, as Chromium, Firefox, Safari 16.4+ and Node do; `--plain` forces the
// build without it) and the network the worker fetches (www/pkg/eval.nnue), as the page's worker
// does, with its limits (`go movetime` keeps back the browser's overhead, as in the page).
//
// Commands: uci, isready, ucinewgame, setoption name UCI_Variant value makruk|cambodian|
// makpong|karouk, position startpos|fen FEN [moves ...], go [movetime MS] [nodes N] [depth D]
// [wtime MS btime MS winc MS binc MS] [multipv N], stop, bench [depth], quit. A bad command
// gets an `info string error: ...` line and changes nothing. The search runs on this thread,
// so `stop` cannot cut one short: every `go` must carry a limit (`go infinite` is refused), and
// a `stop` that arrives after its `bestmove` is ignored, as UCI asks.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import init, { Engine, Game } from '../www/pkg/makruk_wasm.js';
import { initSync as initFull, Game as FullGame } from '../www/pkg/makruk_wasm_full.js';
import { unpackNetwork } from '../www/network.js';

let names = null;
/** The rule sets' names, asked of the core once (the full module's `Game.rules()`). */
function variants() {
  if (!names) {
    initFull({ module: readFileSync(new URL('../www/pkg/makruk_wasm_full_bg.wasm', import.meta.url)) });
    names = FullGame.rules().variants.map((v) => v.name);
  }
  return names;
}
// the numeric arguments of `go`, as the wasm engine's limits read them
const GO_NUMBERS = ['movetime', 'nodes', 'depth', 'wtime', 'btime', 'winc', 'binc', 'multipv'];

/** The `info` line of one progress report of the wasm engine. */
export function infoLine(info) {
  const score = 'mate' in info.score ? `mate ${info.score.mate}` : `cp ${info.score.cp}`;
  const pv = info.pv.length ? ` pv ${info.pv.join(' ')}` : '';
  return `info depth ${info.depth} seldepth ${info.seldepth} multipv ${info.multipv} score ${score}`
    + ` nodes ${info.nodes} nps ${info.nps} time ${info.time}${pv}`;
}

/** The limits of `go ARGS` (an object for `Engine.search`), or throws why they are bad. */
export function goLimits(args) {
  const limits = {};
  for (let i = 0; i < args.length; i++) {
    const word = args[i];
    if (word === 'infinite' || word === 'ponder') {
      throw new Error(`go ${word}: the search runs on one thread and cannot be stopped; give a limit`);
    }
    if (!GO_NUMBERS.includes(word)) throw new Error(`go: unknown argument "${word}"`);
    const value = args[++i];
    if (!/^\d{1,12}$/.test(value ?? '')) throw new Error(`go ${word}: expected a number, found "${value ?? ''}"`);
    limits[word] = Number(value);
  }
  if (!Object.keys(limits).length) throw new Error('go: give movetime, nodes, depth or a clock');
  return limits;
}

/**
 * A UCI session on the wasm `engine`: `handle(line)` runs one command, writing its answers
 * with `write(line)`; it returns false after `quit`.
 */
export function uciSession(engine, write) {
  let variant = 'makruk';
  let game = new Game(undefined, variant);

  /** The game of `position ARGS` in the current variant (throws why it is bad). */
  function positionOf(args) {
    const at = args.indexOf('moves');
    const setup = at < 0 ? args : args.slice(0, at);
    const moves = at < 0 ? [] : args.slice(at + 1);
    let next;
    if (setup[0] === 'startpos' && setup.length === 1) next = new Game(undefined, variant);
    else if (setup[0] === 'fen' && setup.length > 1) next = new Game(setup.slice(1).join(' '), variant);
    else throw new Error('position: expected "startpos" or "fen FEN", then "moves ..."');
    for (const move of moves) {
      try {
        next.play(move);
      } catch (error) {
        next.free();
        throw new Error(`position: move ${move}: ${error.message}`);
      }
    }
    return next;
  }

  function setOption(args) {
    const text = args.join(' ');
    const match = /^name (.+?) value (.+)$/.exec(text);
    if (!match) throw new Error(`setoption: expected "name NAME value VALUE", found "${text}"`);
    const [, name, value] = match;
    if (name === 'UCI_Variant') {
      if (!variants().includes(value)) throw new Error(`UCI_Variant: unknown variant "${value}"`);
      variant = value;
      replaceGame(new Game(undefined, variant));
    } else if (name === 'Threads') {
      if (value !== '1') throw new Error('Threads: the wasm engine has one thread');
    } else {
      throw new Error(`setoption: unknown option "${name}"`);
    }
  }

  function replaceGame(next) {
    game.free();
    game = next;
  }

  function go(args) {
    const limits = goLimits(args);
    const start = performance.now();
    const result = engine.search(game, limits, (info) => write(infoLine(info)));
    // the whole search's nodes (the last progress line came before its last iterations)
    const ms = Math.max(1, Math.round(performance.now() - start));
    write(`info nodes ${result.nodes} nps ${Math.round((result.nodes * 1000) / ms)} time ${ms}`);
    write(`bestmove ${result.move ?? '(none)'}${result.ponder ? ` ponder ${result.ponder}` : ''}`);
  }

  const commands = {
    uci() {
      write('id name Makruk wasm');
      write('id author the Makruk project');
      write(`option name UCI_Variant type combo default makruk ${variants().map((v) => `var ${v}`).join(' ')}`);
      write('option name Threads type spin default 1 min 1 max 1');
      write('uciok');
    },
    isready: () => write('readyok'),
    ucinewgame() {
      engine.clear();
      replaceGame(new Game(undefined, variant));
    },
    setoption: setOption,
    position: (args) => replaceGame(positionOf(args)),
    go,
    stop() {},
    bench: (args) => write(`Nodes searched: ${engine.bench(args.length ? Number(args[0]) : undefined)}`),
  };

  return function handle(line) {
    const [command, ...args] = line.trim().split(/\s+/);
    if (!command) return true;
    if (command === 'quit') return false;
    try {
      if (!Object.hasOwn(commands, command)) throw new Error(`unknown command "${command}"`);
      commands[command](args);
    } catch (error) {
      write(`info string error: ${error.message}`);
    }
    return true;
  };
}

/** Loads the module (the SIMD build unless `plain`) and its network: a ready engine. */
export async function loadEngine({ plain = false } = {}) {
  const bytes = (file) => readFile(new URL(`../www/pkg/${file}`, import.meta.url));
  const simd = plain ? null : await bytes('makruk_wasm_simd_bg.wasm');
  const file = simd && WebAssembly.validate(simd) ? 'makruk_wasm_simd_bg.wasm' : 'makruk_wasm_bg.wasm';
  await init({ module_or_path: file === 'makruk_wasm_bg.wasm' ? await bytes(file) : simd });
  const engine = new Engine();
  engine.setNetwork(unpackNetwork(await readFile(new URL('../www/pkg/eval.nnue', import.meta.url))));
  return { engine, file };
}

async function main() {
  const plain = process.argv.includes('--plain');
  const { engine, file } = await loadEngine({ plain });
  const write = (line) => process.stdout.write(`${line}\n`);
  write(`info string Makruk wasm engine, ${file}`);
  const handle = uciSession(engine, write);
  const lines = createInterface({ input: process.stdin });
  lines.on('line', (line) => {
    if (!handle(line)) lines.close();
  });
  lines.on('close', () => process.exit(0));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
