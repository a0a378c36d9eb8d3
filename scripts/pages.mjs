// Writes the site's pages (index.html, learn.html, puzzles.html, trainer.html, embed.html: in
// git, at the top so that their URLs stay; the structure test fails while one differs) from the one shell, www/common/shell.html
// (the <head> and the header), and each page's own part, www/pages/<page>/page.html: its
// <head> lines (title, description, its stylesheets and script), its <body> tag, its
// <header> (the h1, then its settings, {{language}} where the shell's language choice goes) and the
// rest of its body ({{board}} where the shell's board of the side pages goes). A part without
// <header> is a frame (embed.html). Written only when they differ. Run it after editing the
// shell or a part.
// Usage: node scripts/pages.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The pages the site serves -> the folder of their part under www/pages/. */
export const PAGES = { 'index.html': 'game', 'learn.html': 'learn', 'puzzles.html': 'puzzles', 'trainer.html': 'trainer', 'embed.html': 'embed' };
export const SHELL = 'www/common/shell.html';

const read = (file) => readFileSync(`${ROOT}${file}`, 'utf8');
const withoutComment = (text) => text.replace(/^<!--[^]*?-->\n/, '');
/** `text` with `{{#name}}...{{/name}}` kept where `on[name]`, dropped elsewhere. */
const sections = (text, on) => text.replace(/\{\{#(\w+)\}\}\n([^]*?)\{\{\/\1\}\}\n/g, (m, name, inner) => (on[name] ? inner : ''));
/** `text` with each `{{name}}` replaced by `values[name]` (all of them must be there). */
function fill(text, values) {
  return text.replace(/\{\{(\w+)\}\}/g, (m, name) => {
    if (!(name in values)) throw new Error(`[pages] ${name} has no value`);
    return values[name];
  });
}

/** The page `file` (a key of PAGES) as the site serves it. */
export function renderPage(file) {
  const part = `www/pages/${PAGES[file]}/page.html`;
  const text = withoutComment(read(part));
  const grab = (re, what) => {
    const m = re.exec(text);
    if (!m) throw new Error(`[pages] ${part} has no ${what}`);
    return m;
  };
  const head = grab(/^<head>\n([^]*?)<\/head>\n/m, '<head>')[1].trimEnd();
  const body = grab(/^<body[^>]*>\n/m, '<body>');
  const header = /^<header>\n {2}(<h1[^]*?<\/h1>)\n([^]*?)<\/header>\n/m.exec(text);
  const main = text.slice(header ? header.index + header[0].length : body.index + body[0].length, grab(/^<\/body>\n/m, '</body>').index);
  /** The shell's section `name` (its lines, without the last line end). */
  const shellSection = (name) => new RegExp(`\\{\\{#${name}\\}\\}\\n([^]*?)\\n\\{\\{/${name}\\}\\}\\n`).exec(read(SHELL))[1];
  const language = shellSection('language');
  const settings = header ? fill(header[2].trimEnd().replace(/^ {2}/gm, ''), { language }).replace(/\n/g, '\n    ') : '';
  const shell = sections(withoutComment(read(SHELL)), { site: !!header, frame: !header, language: false, board: false });
  return fill(shell, { head, body: body[0].trimEnd(), title: header?.[1] ?? '', settings,
    main: fill(main.trimEnd(), { board: shellSection('board') }) });
}

/** Writes every page that differs from what renderPage makes; resolves to those written. */
export function writePages() {
  const written = [];
  for (const file of Object.keys(PAGES)) {
    const html = renderPage(file);
    let old = null;
    try { old = read(file); } catch { /* not made yet */ }
    if (old !== html) {
      writeFileSync(`${ROOT}${file}`, html);
      written.push(file);
    }
  }
  return written;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const written = writePages();
  console.log(`[pages] ${written.length ? written.join(', ') : 'no page'} written`);
}
