// Writes the npm package makruk-board (package/) into target/npm/: its own files (package/), the
// repository's LICENSE, custom-elements.json (@custom-elements-manifest/analyzer) and
// the site's modules they reach (www/, with the wasm modules and the evaluation network of
// www/pkg/, so run scripts/build.sh first; `npm run package` does), packed by `npm pack`.
// The modules are copied as they are, with their folders: every `new URL(..., import.meta.url)`
// of them (the worker, the wasm files, the network) still names its file.
// Prints the tarball's path on its last line.
// Usage: node scripts/package.mjs
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = join(ROOT, 'target/npm');
const STAGE = join(OUT, 'makruk-board');
// the package's own files; its modules import the site's as ./www/...
const OWN = ['index.js', 'element.js', 'index.d.ts', 'README.md', 'package.json'];
// what a module names: imports, dynamic imports, and URLs of files beside it
const REFERENCES = [
  /\bfrom\s+'([^']+)'/g,
  /\bimport\s+'([^']+)'/g,
  /\bimport\(\s*'([^']+)'\s*\)/g,
  /new URL\(\s*'([^']+)',\s*import\.meta\.url\s*\)/g,
];

/**
 * The site's files (paths under www/) that `start` (package paths, './www/...' for the site's)
 * reach through imports and `new URL(..., import.meta.url)`.
 */
export function reachedFiles(start) {
  const seen = new Set();
  const todo = [...start];
  for (const f of start) seen.add(f);
  while (todo.length) {
    const file = todo.pop();
    if (!file.endsWith('.js')) continue;
    const source = file.startsWith('www/') ? join(ROOT, file) : join(ROOT, 'package', file);
    const text = readFileSync(source, 'utf8');
    for (const pattern of REFERENCES) {
      for (const [, ref] of text.matchAll(pattern)) {
        if (/^[a-z]+:/.test(ref)) continue; // data: URLs and the like
        const target = normalize(join(dirname(file), ref));
        if (OWN.includes(target)) continue;
        if (!target.startsWith('www/')) throw new Error(`[package] ${file} names ${ref}, outside the package`);
        if (!seen.has(target)) todo.push(seen.add(target) && target);
      }
    }
  }
  return [...seen].filter((f) => f.startsWith('www/')).sort();
}

function main() {
  if (!existsSync(join(ROOT, 'www/pkg/makruk_wasm_bg.wasm'))) throw new Error('[package] no www/pkg/: run scripts/build.sh first');
  rmSync(STAGE, { recursive: true, force: true });
  mkdirSync(STAGE, { recursive: true });
  for (const f of OWN) copyFileSync(join(ROOT, 'package', f), join(STAGE, f));
  copyFileSync(join(ROOT, 'LICENSE'), join(STAGE, 'LICENSE')); // the repository's (MIT)
  const site = reachedFiles(OWN.filter((f) => f.endsWith('.js')));
  for (const f of site) {
    mkdirSync(dirname(join(STAGE, f)), { recursive: true });
    copyFileSync(join(ROOT, f), join(STAGE, f));
  }
  // custom-elements.json, for editors and documentation tools: the element's attributes,
  // properties, events, parts and custom properties, read from its JSDoc by the analyzer
  const cem = join(ROOT, 'node_modules/@custom-elements-manifest/analyzer/cem.js');
  execFileSync(process.execPath, [cem, 'analyze', '--globs', 'www/element/board-element.js', '--outdir', '.'], { cwd: STAGE, stdio: 'pipe' });
  const [packed] = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', OUT], { cwd: STAGE, encoding: 'utf8' }));
  console.log(`[package] ${packed.name} ${packed.version}: ${packed.entryCount} files, ${packed.size} bytes packed, ${packed.unpackedSize} unpacked`);
  console.log(join(OUT, packed.filename));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
