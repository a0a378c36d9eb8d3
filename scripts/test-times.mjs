// A node:test reporter that prints, after the run, where its time went: each test file's
// time (its tests' times summed, the longest first) and the slowest single tests.
// tests/run.mjs adds it beside the usual reporter; `node --test
// --test-reporter=./scripts/test-times.mjs FILES` alone works too.
// TEST_TIMES sets how many lines each list has (default 15).
import { relative } from 'node:path';

const SHOWN = Number(process.env.TEST_TIMES) || 15;

const name = (file) => relative(process.cwd(), file ?? '?');
const seconds = (ms) => `${(ms / 1000).toFixed(1).padStart(6)} s`;

export default async function* testTimes(source) {
  const files = new Map(); // file -> the sum of its top-level tests' times (ms)
  const tests = []; // [ms, file, test name]
  for await (const { type, data } of source) {
    // the files' events come in the files' order, each file's when the files before it are
    // done: the times are the tests' own (a file's tests run one after the other)
    if ((type !== 'test:pass' && type !== 'test:fail') || data.nesting !== 0 || data.name === data.file) continue;
    const ms = data.details?.duration_ms ?? 0;
    tests.push([ms, data.file, data.name]);
    files.set(data.file, (files.get(data.file) ?? 0) + ms);
  }
  const byFile = [...files].sort((a, b) => b[1] - a[1]);
  const total = byFile.reduce((sum, [, ms]) => sum + ms, 0);
  yield `\n# test times: ${tests.length} tests in ${files.size} files, ${seconds(total).trim()} in all\n`;
  for (const [file, ms] of byFile.slice(0, SHOWN)) yield `# ${seconds(ms)}  ${name(file)}\n`;
  yield '# the slowest tests:\n';
  for (const [ms, file, test] of tests.sort((a, b) => b[0] - a[0]).slice(0, SHOWN)) {
    yield `# ${seconds(ms)}  ${name(file)}: ${test.length > 90 ? `${test.slice(0, 89)}…` : test}\n`;
  }
}
