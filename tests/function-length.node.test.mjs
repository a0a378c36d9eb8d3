// No function of the front end is longer than 150 lines, a function counted with everything
// inside it (a factory's closure with all it holds): scripts/function-lengths.mjs measures
// them (`node scripts/function-lengths.mjs` lists the longest).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { functionLengths, sourceFiles } from '../scripts/function-lengths.mjs';

const WWW = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../www');
const LIMIT = 150;

test('function length: no function under www/ is over 150 lines', () => {
  const files = sourceFiles(WWW);
  assert.ok(files.length > 20, 'the modules were found');
  const long = files.flatMap((f) => functionLengths(fs.readFileSync(path.join(WWW, f), 'utf8'))
    .filter((fn) => fn.lines > LIMIT).map((fn) => `www/${f}:${fn.line} ${fn.name} (${fn.lines} lines)`));
  assert.deepEqual(long, []);
});

test('function length: the measure sees functions, methods, arrows and classes, with their closures', () => {
  const src = [
    'export function outer(a) {',
    '  const re = /[{]/g; // a brace in a regular expression, {',
    '  const s = `${a} }`;',
    '  const inner = (x) => {',
    "    if (x) { return '}'; }",
    '  };',
    '  return inner;',
    '}',
    'class Box extends Object {',
    '  method() {',
    '    return {};',
    '  }',
    '}',
  ].join('\n');
  assert.deepEqual(functionLengths(src).map(({ name, line, lines }) => [name, line, lines]).sort(),
    [['class Box', 9, 5], ['inner', 4, 3], ['method', 10, 3], ['outer', 1, 8]]);
});
