// Writes dist/: exactly the files the site serves, each with precompressed .gz (gzip -9) and
// .br (Brotli 11) twins for servers that send them as they are. Run after scripts/build.sh
// (npm run dist does both). The JavaScript is bundled and minified by esbuild: one file per
// page and per worker, shared code and what loads later (languages, share, editor, ...) in
// chunks named by their content; the stylesheet is minified. The development tree keeps its
// plain modules. The service worker versions everything it keeps by content (dist's own
// www/pkg/precache.js, made from dist's files); the icons, which it leaves to the browser,
// get names with their hash.
// Usage: node scripts/dist.mjs [output folder, default dist/]
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { siteFiles, precacheScript, PRECACHE } from './precache.mjs';
import { EMBED_SCRIPT } from './embed-script.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = process.argv[2] || join(ROOT, 'dist');
const ICONS = ['www/icons/khun-32.png', 'www/icons/khun-192.png', 'www/icons/khun-512.png', 'www/icons/khun-maskable-512.png', 'www/icons/apple-touch-icon.png'];
const COMPRESS = /\.(html|js|css|json|txt|webmanifest|wasm|nnue)$/;
// the pages' scripts and the workers; every other module is reached from them
// the mark of a path under www/ in the bundles' URLs (the plugin `urls`)
const WWW_MARK = '@www/';
const ENTRIES = ['www/pages/game/main.js', 'www/pages/embed/main.js', 'www/pages/trainer/main.js', 'www/pages/puzzles/main.js', 'www/pages/learn/main.js', 'www/engine-worker.js', 'www/pages/trainer/tables-worker.js'];
const PAGES = { 'index.html': 'www/pages/game/main.js', 'embed.html': 'www/pages/embed/main.js', 'trainer.html': 'www/pages/trainer/main.js', 'puzzles.html': 'www/pages/puzzles/main.js', 'learn.html': 'www/pages/learn/main.js' };

rmSync(DIST, { recursive: true, force: true });
const renamed = new Map();
for (const icon of ICONS) {
  const hash = createHash('sha256').update(readFileSync(join(ROOT, icon))).digest('hex').slice(0, 10);
  renamed.set(icon, icon.replace(/\.png$/, `.${hash}.png`));
}

// Chunks sit in www/. The URLs the code makes from its import.meta.url (../../pkg/...,
// ../../sw.js, the workers) name files relative to their module, which a bundle in another
// folder does not share: the plugin `urls` writes each as a path under www/ behind a mark, and
// each output file gets the mark replaced by its own way to www/ (WWW_MARK below). The other pages
// are one build, with chunks; the game page and its engine worker are bundles without chunks
// (gameBuilds below). A page never loads the other build's files, so each module still has
// one instance per page. A chunk both builds make is the same file.
const options = {
  absWorkingDir: ROOT,
  outbase: 'www',
  outdir: 'www',
  chunkNames: 'chunk-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  target: 'es2022',
  minify: true,
  legalComments: 'none',
  write: false,
  metafile: true,
  logLevel: 'warning',
  plugins: [urls()],
};
const GAME = ['www/pages/game/main.js', 'www/engine-worker.js'];
// modules the game page imports dynamically and loads before the engine's first move anyway:
// bundled into the page's script
const GAME_INLINE = ['www/engine-client.js', 'www/common/offline.js'];
const gameBundles = new Set(GAME); // grows as the builds find dynamic imports
const builds = await Promise.all([
  ...await gameBuilds(),
  // the script tag's <makruk-board> (README "A script tag"; scripts/embed-script.mjs): a
  // classic script, so that a page of another origin loads it without CORS headers
  build({ ...options, splitting: false, format: 'iife', entryPoints: [{ in: EMBED_SCRIPT.entry, out: 'embed' }] }),
  build({ ...options, entryPoints: [...ENTRIES.filter((e) => !GAME.includes(e)), 'www/common/style.css', 'www/pages/game/share.css', 'www/common/pages.css', 'www/pages/learn/learn.css', 'www/pages/game/match.css'] }),
]);
const site = new Map(); // path in dist -> content
const outputs = {}; // the builds' metafile outputs
for (const bundle of builds) {
  for (const out of bundle.outputFiles) {
    const file = relative(ROOT, out.path);
    const body = file.endsWith('.js') ? withWwwPath(out.contents, file) : Buffer.from(out.contents);
    if (site.has(file) && !site.get(file).equals(body)) throw new Error(`[dist] two builds made ${file}`);
    site.set(file, body);
  }
  Object.assign(outputs, bundle.metafile.outputs);
}
// what each page's script imports at once: preloaded beside it, as the development pages
// preload their modules
const staticImports = (file, seen = new Set()) => {
  for (const i of outputs[file]?.imports ?? []) {
    if (i.kind === 'import-statement' && !seen.has(i.path)) staticImports(i.path, seen.add(i.path));
  }
  return seen;
};
for (const file of siteFiles()) {
  if (/^www\/.*\.(js|css)$/.test(file)) continue; // bundled (the wasm glue too); precache.js is made below
  let body = readFileSync(join(ROOT, file));
  if (file.endsWith('.html') || file === 'manifest.webmanifest') {
    let text = String(body);
    for (const [from, to] of renamed) text = text.replaceAll(from, to);
    if (PAGES[file]) {
      // indentation only (a newline stays, so the spacing between words and inline tags is
      // kept); the pages have no <pre> or <textarea> whose content it would change
      text = text.replace(/\n[ \t]+/g, '\n');
      // the English texts in the dialogs and in the parts hidden at first, which the page's
      // script writes (every [data-i18n] element, in the language shown) before they can show
      text = text.replace(/<dialog[^]*?<\/dialog>/g, (d) => d.replace(/( data-i18n="\w+"[^>]*>)[^<]+</g, '$1<'));
      text = withoutHiddenTexts(text);
      text = text.replace(/<link rel="modulepreload" href="[^"]*">\n/g, '');
      const preload = [...staticImports(PAGES[file])].map((p) => `<link rel="modulepreload" href="${p}">\n`).join('');
      text = text.replace(/(<script type="module" src=")/, `${preload}$1`);
    }
    body = Buffer.from(text);
  }
  site.set(renamed.get(file) || file, body); // the favicon under its hashed name
}
for (const [file] of site) {
  if (file.endsWith('.js') && !ENTRIES.includes(file) && file !== EMBED_SCRIPT.out && !/^www\/chunk-\w+\.js$/.test(file) && !gameBundles.has(file)) {
    throw new Error(`[dist] unexpected output ${file}`);
  }
}
site.set('sw.js', readFileSync(join(ROOT, 'sw.js')));
site.set(PRECACHE, Buffer.from(precacheScript([...site.keys()].filter((f) => f !== 'sw.js').sort(), (f) => site.get(f))));

let bytes = 0;
for (const [file, body] of site) write(file, body);
const icons = [...renamed].filter(([, to]) => !site.has(to)); // the favicon is among the site's files
for (const [from, to] of icons) write(to, readFileSync(join(ROOT, from)));
console.log(`[dist] ${DIST}: ${site.size + icons.length} files, ${bytes} bytes`);

/**
 * The game page's builds: its script and its engine worker, each one file with every module it
 * imports (Node's zlib compresses one file 2,500 bytes better than the eight chunks a build
 * with splitting made of them: docs/size.md, 2026-12-02), and each module imported dynamically
 * (the languages, share.js, the correspondence view, the wasm glue, ...) a bundle of its own
 * under its own name, found as the builds go. A module the page and the worker both import
 * (the wasm glue) is one file; a module that two bundles import (dom.js) is in both.
 */
async function gameBuilds() {
  for (;;) {
    const before = gameBundles.size;
    const results = await Promise.all([...gameBundles].map((entry) => build({
      ...options, splitting: false, entryPoints: [entry], plugins: [apart(entry), urls()],
    })));
    if (gameBundles.size === before) return results;
  }
}

/** An esbuild plugin: the modules of gameBundles that `entry` imports are left to their own file. */
function apart(entry) {
  return {
    name: 'apart',
    setup(b) {
      b.onResolve({ filter: /^\./ }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        const file = relative(ROOT, join(args.resolveDir, args.path));
        if (args.kind === 'dynamic-import' && !GAME_INLINE.includes(file)) gameBundles.add(file);
        if (!gameBundles.has(file) || file === entry) return undefined;
        return { path: `./${relative(dirname(entry), file)}`.replace(/^\.\/\.\./, '..'), external: true };
      });
    },
  };
}

/**
 * An esbuild plugin: in every module under www/, `new URL('<relative>', import.meta.url)` names
 * its file as WWW_MARK + the path under www/, which withWwwPath makes relative to the output.
 */
function urls() {
  return {
    name: 'urls',
    setup(b) {
      b.onLoad({ filter: /[\\/]www[\\/].*\.js$/ }, (args) => {
        const text = readFileSync(args.path, 'utf8');
        const contents = text.replace(/new URL\((['"])([^'"]+)\1(\s*,\s*import\.meta\.url\))/g, (m, q, spec, rest) =>
          `new URL(${q}${WWW_MARK}${relative(join(ROOT, 'www'), join(dirname(args.path), spec))}${q}${rest}`);
        return { contents, loader: 'js' };
      });
    },
  };
}

/** An output file's JavaScript with WWW_MARK replaced by the way from `file` to www/. */
function withWwwPath(contents, file) {
  const up = relative(dirname(file), 'www');
  return Buffer.from(String(Buffer.from(contents)).replaceAll(WWW_MARK, up ? `${up}/` : './'));
}

/** `html` without the texts of its [data-i18n] elements inside an element with `hidden`. */
function withoutHiddenTexts(html) {
  const VOID = /^(area|base|br|col|embed|hr|img|input|link|meta|source|track|wbr)$/i;
  const open = []; // the open elements: whether each is hidden
  const tags = /<(\/?)([a-zA-Z][\w-]*)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>([^<]*)/g;
  const out = html.replace(tags, (tag, close, name, attrs, selfClosing, text) => {
    if (close) {
      if (!open.pop()) throw new Error(`[dist] </${name}> closes nothing`);
      return tag;
    }
    const hidden = /\shidden(?=[\s=]|$)/.test(attrs) || open.some((o) => o.hidden);
    if (!selfClosing && !VOID.test(name)) open.push({ hidden });
    return hidden && /\sdata-i18n="\w+"/.test(attrs) ? tag.slice(0, tag.length - text.length) : tag;
  });
  if (open.length) throw new Error(`[dist] ${open.length} elements not closed`);
  return out;
}

function write(file, body) {
  const out = join(DIST, file);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, body);
  bytes += body.length;
  if (!COMPRESS.test(file)) return;
  writeFileSync(`${out}.gz`, gzipSync(body, { level: 9 }));
  writeFileSync(`${out}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
}
