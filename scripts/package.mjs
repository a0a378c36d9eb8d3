// Writes the npm package makruk-board (package/) into target/npm/: its own files (package/), the
// repository's LICENSE, custom-elements.json (@custom-elements-manifest/analyzer) and
// the site's modules they reach (www/, with the wasm modules and the evaluation network of
// www/pkg/, so run scripts/build.sh first; `npm run package` does), packed by `npm pack`.
// The modules are copied as they are, with their folders: every `new URL(..., import.meta.url)`
// of them (the worker, the wasm files, the network) still names its file. One exception:
// www/common/i18n/features.js loses the side pages' features (SIDE_FEATURES), whose language files
// the element never loads but bundlers would follow.
// Prints the tarball's path on its last line.
// Usage: node scripts/package.mjs
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
// the features of www/common/i18n/features.js that only the side pages and the game page's match
// load: the package's copy names none of their files (packageText)
const FEATURES_FILE = 'www/common/i18n/features.js';
const SIDE_FEATURES = ['learn', 'puzzles', 'trainer', 'match'];
// a module's loadFeatures(i18n, 'name', ...) or featureTexts(...): the features it shows
const FEATURE_USE = /\b(?:loadFeatures|featureTexts)\(\s*[\w.]+\s*,([^)]*)\)/g;

/** The text of `file` (a package path) as the package holds it: FEATURES_FILE without the
 * entries of SIDE_FEATURES (each `  name: {...},` block of its FEATURES table). */
function packageText(file) {
  const text = readFileSync(file.startsWith('www/') ? join(ROOT, file) : join(ROOT, 'package', file), 'utf8');
  if (file !== FEATURES_FILE) return text;
  return SIDE_FEATURES.reduce((out, name) => {
    const entry = new RegExp(`^  ${name}: \\{\\n[^}]*^  \\},\\n`, 'm');
    if (!entry.test(out)) throw new Error(`[package] ${FEATURES_FILE} has no entry ${name} to leave out`);
    return out.replace(entry, '');
  }, text);
}

/** Throws when a module of `files` (package paths) shows a feature left out (SIDE_FEATURES). */
function checkFeatures(files) {
  for (const file of files.filter((f) => f.endsWith('.js'))) {
    for (const [, args] of packageText(file).matchAll(FEATURE_USE)) {
      const side = SIDE_FEATURES.find((name) => args.includes(`'${name}'`));
      if (side) throw new Error(`[package] ${file} loads the texts of ${side}, left out of ${FEATURES_FILE}`);
    }
  }
}

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
    const text = packageText(file);
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
  checkFeatures([...OWN, ...site]);
  for (const f of site) {
    mkdirSync(dirname(join(STAGE, f)), { recursive: true });
    if (f === FEATURES_FILE) writeFileSync(join(STAGE, f), packageText(f));
    else copyFileSync(join(ROOT, f), join(STAGE, f));
  }
  // custom-elements.json, for editors and documentation tools: the element's attributes,
  // properties, events, parts and custom properties, read from its JSDoc by the analyzer
  const cem = join(ROOT, 'node_modules/@custom-elements-manifest/analyzer/cem.js');
  execFileSync(process.execPath, [cem, 'analyze', '--globs', 'www/pages/embed/element/board-element.js', '--outdir', '.'], { cwd: STAGE, stdio: 'pipe' });
  const [packed] = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', OUT], { cwd: STAGE, encoding: 'utf8' }));
  console.log(`[package] ${packed.name} ${packed.version}: ${packed.entryCount} files, ${packed.size} bytes packed, ${packed.unpackedSize} unpacked`);
  console.log(join(OUT, packed.filename));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
