// scripts/wasm-uci.mjs: the page's wasm engine as a UCI engine under Node (what the match tool
// plays against other engines). Run as the match tool runs it, in a child process: it answers
// the handshake, searches with a legal best move, and a bad command gets an error line while
// the engine keeps its state. Needs the wasm build (scripts/build.sh).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import init, { Game } from '../www/pkg/makruk_wasm.js';
import { goLimits, infoLine } from '../scripts/wasm-uci.mjs';

const SCRIPT = fileURLToPath(new URL('../scripts/wasm-uci.mjs', import.meta.url));

/** The engine in a child process: `send(line)`, `until(pattern)` (the lines up to the first
 * matching one), `exit` (its exit code). */
function start(t, args = []) {
  const child = spawn(process.execPath, [SCRIPT, ...args], { stdio: ['pipe', 'pipe', 'inherit'] });
  // a failed assertion must not leave the engine running (and the test file waiting for it)
  t.after(() => child.kill());
  const lines = [];
  let waiting = null;
  createInterface({ input: child.stdout }).on('line', (line) => {
    lines.push(line);
    if (waiting && waiting.pattern.test(line)) {
      const { resolve } = waiting;
      waiting = null;
      resolve(lines.splice(0));
    }
  });
  const exit = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    send: (line) => child.stdin.write(`${line}\n`),
    until(pattern) {
      const at = lines.findIndex((line) => pattern.test(line));
      if (at >= 0) return Promise.resolve(lines.splice(0, at + 1));
      return new Promise((resolve) => { waiting = { pattern, resolve }; });
    },
    exit,
  };
}

await init({ module_or_path: await readFile(new URL('../www/pkg/makruk_wasm_bg.wasm', import.meta.url)) });

test('wasm-uci: the handshake, then a depth search answers a legal best move with its info lines', { timeout: 60_000 }, async (t) => {
  const engine = start(t);
  engine.send('uci');
  const hello = await engine.until(/^uciok$/);
  assert.ok(hello.some((l) => l.startsWith('option name UCI_Variant type combo default makruk')), hello.join('\n'));
  assert.ok(hello.some((l) => /^info string .*makruk_wasm_simd_bg\.wasm/.test(l)), 'the SIMD build, as browsers run');
  engine.send('setoption name UCI_Variant value makruk');
  engine.send('ucinewgame');
  engine.send('isready');
  await engine.until(/^readyok$/);
  engine.send('position startpos moves c3c4 f6f5');
  engine.send('go depth 5');
  const answer = await engine.until(/^bestmove /);
  const best = answer.at(-1).split(' ')[1];
  const game = new Game(undefined, 'makruk');
  game.play('c3c4');
  game.play('f6f5');
  assert.ok(game.legalMoves().map((m) => m.uci).includes(best), `${best} is legal`);
  assert.match(answer.at(-3), /^info depth 5 seldepth \d+ multipv 1 score (cp|mate) -?\d+ nodes \d+ nps \d+ time \d+ pv /);
  // the whole search's nodes last, for the match tool's nodes per second
  assert.match(answer.at(-2), /^info nodes \d+ nps \d+ time \d+$/);
  engine.send('quit');
  assert.equal(await engine.exit, 0);
});

test('wasm-uci: a bad command, position, option or limit gets an error line and the engine goes on', { timeout: 60_000 }, async (t) => {
  const engine = start(t, ['--plain']);
  const errors = [
    ['hello', /unknown command "hello"/],
    ['position fen not-a-fen', /^info string error: /],
    ['position startpos moves e3e4 zz', /move zz/],
    ['setoption name UCI_Variant value xiangqi', /unknown variant "xiangqi"/],
    ['setoption name Threads value 2', /one thread/],
    ['go infinite', /give a limit/],
    ['go depth', /expected a number/],
  ];
  const first = await engine.until(/^info string /);
  assert.match(first.at(-1), /makruk_wasm_bg\.wasm/, 'the plain build when asked for');
  engine.send('position startpos moves c3c4');
  for (const [command, pattern] of errors) {
    engine.send(command);
    const lines = await engine.until(/^info string error: /);
    assert.match(lines.at(-1), pattern, command);
  }
  // the position before the bad ones still stands: Black to move after c3c4
  engine.send('go depth 2');
  const best = (await engine.until(/^bestmove /)).at(-1).split(' ')[1];
  const game = new Game(undefined, 'makruk');
  game.play('c3c4');
  assert.ok(game.legalMoves().map((m) => m.uci).includes(best), `${best} is a move of Black after c3c4`);
  engine.send('stop');
  engine.send('quit');
  assert.equal(await engine.exit, 0);
});

test('wasm-uci: the limits of go and the info line', () => {
  assert.deepEqual(goLimits(['movetime', '100']), { movetime: 100 });
  assert.deepEqual(goLimits(['wtime', '1000', 'btime', '900', 'winc', '10', 'binc', '10']),
    { wtime: 1000, btime: 900, winc: 10, binc: 10 });
  assert.throws(() => goLimits([]), /give movetime/);
  assert.throws(() => goLimits(['nodes', '-5']), /expected a number/);
  assert.throws(() => goLimits(['mate', '3']), /unknown argument "mate"/);
  const info = { depth: 3, seldepth: 5, multipv: 1, score: { mate: -2 }, nodes: 900, nps: 9000, time: 100, pv: ['a3a4'] };
  assert.equal(infoLine(info), 'info depth 3 seldepth 5 multipv 1 score mate -2 nodes 900 nps 9000 time 100 pv a3a4');
  assert.equal(infoLine({ ...info, score: { cp: 12 }, pv: [] }), 'info depth 3 seldepth 5 multipv 1 score cp 12 nodes 900 nps 9000 time 100');
});
