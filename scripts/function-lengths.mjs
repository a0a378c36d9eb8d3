#!/usr/bin/env node
// The length in lines of every function in the front end's JavaScript, a function counted
// with everything inside it (a factory's closure is as long as all it holds): function
// declarations and expressions, methods, arrow functions with a body, and class bodies.
// `node scripts/function-lengths.mjs [limit]` lists those over the limit (default 150), longest
// first, for every .js file under www/ but the generated and third-party folders (pkg/, vendor/).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const KEYWORDS_BEFORE_PAREN = new Set(['if', 'for', 'while', 'switch', 'catch', 'with', 'return', 'typeof', 'await', 'new', 'in', 'of']);
// after these a `/` starts a regular expression, not a division
const REGEX_AFTER = new Set(['(', ',', '=', ':', '[', '!', '&', '|', '?', '{', '}', ';', '+', '-', '*', '%', '<', '>', '~', '^', '=>', 'return', 'typeof', 'case', 'of', 'in', 'else', '&&', '||', '??']);

/** The tokens of `src` that matter here: brackets, identifiers, `=>`, with their line. */
function tokens(src) {
  const out = [];
  let line = 1;
  let i = 0;
  const templates = []; // brace depth inside each open `${`
  const push = (t) => out.push({ t, line });
  const last = () => (out.length ? out[out.length - 1].t : ';');
  while (i < src.length) {
    const c = src[i];
    if (c === '\n') { line++; i++; continue; }
    if (/\s/.test(c)) { i++; continue; }
    if (c === '/' && src[i + 1] === '/') { while (i < src.length && src[i] !== '\n') i++; continue; }
    if (c === '/' && src[i + 1] === '*') {
      const end = src.indexOf('*/', i + 2);
      const stop = end < 0 ? src.length : end + 2;
      line += (src.slice(i, stop).match(/\n/g) || []).length;
      i = stop;
      continue;
    }
    if (c === '"' || c === "'") {
      i++;
      while (i < src.length && src[i] !== c) i += src[i] === '\\' ? 2 : 1;
      i++;
      push('str');
      continue;
    }
    if (c === '`' || (c === '}' && templates.length && templates[templates.length - 1] === 0)) {
      if (c === '}') templates.pop();
      i++;
      while (i < src.length && src[i] !== '`') {
        if (src[i] === '\\') { i += 2; continue; }
        if (src[i] === '$' && src[i + 1] === '{') break;
        if (src[i] === '\n') line++;
        i++;
      }
      if (src[i] === '$') { templates.push(0); i += 2; } else i++;
      push('str');
      continue;
    }
    if (c === '/' && REGEX_AFTER.has(last())) {
      let inClass = false;
      i++;
      while (i < src.length && (inClass || src[i] !== '/')) {
        if (src[i] === '\\') i++;
        else if (src[i] === '[') inClass = true;
        else if (src[i] === ']') inClass = false;
        i++;
      }
      i++;
      while (/[a-z]/.test(src[i] || '')) i++;
      push('re');
      continue;
    }
    const word = /^[A-Za-z_$][\w$]*/.exec(src.slice(i, i + 100));
    if (word) { push(word[0]); i += word[0].length; continue; }
    const num = /^\d[\w.]*/.exec(src.slice(i, i + 40));
    if (num) { push('num'); i += num[0].length; continue; }
    if (src.startsWith('=>', i)) { push('=>'); i += 2; continue; }
    const op = ['&&', '||', '??'].find((o) => src.startsWith(o, i));
    if (op) { push(op); i += 2; continue; }
    if (templates.length && c === '{') templates[templates.length - 1]++;
    if (templates.length && c === '}') templates[templates.length - 1]--;
    push(c);
    i++;
  }
  return out;
}

/** Every function of `src` with its name (as far as the text tells it) and its length in lines. */
export function functionLengths(src) {
  const toks = tokens(src);
  const found = [];
  const open = []; // for each open bracket: {t, index, fn}
  let classPending = null; // a `class` keyword waiting for its body
  for (let k = 0; k < toks.length; k++) {
    const { t, line } = toks[k];
    if (t === 'class') classPending = { name: /^[A-Za-z_$]/.test(toks[k + 1]?.t || '') && toks[k + 1].t !== 'extends' ? toks[k + 1].t : 'class', line };
    if (t === '(' || t === '[') open.push({ t, index: k });
    else if (t === '{') {
      let fn = null;
      const prev = toks[k - 1]?.t;
      if (classPending) {
        fn = { name: `class ${classPending.name}`, line: classPending.line };
        classPending = null;
      } else if (prev === '=>') fn = { name: nameBefore(toks, k - 1), line: toks[k - 1].line };
      else if (prev === ')') {
        const start = toks[k - 1].match;
        const before = toks[start - 1]?.t;
        if (before && !KEYWORDS_BEFORE_PAREN.has(before) && (/^[A-Za-z_$]/.test(before) || before === ']')) {
          fn = { name: before === 'function' ? nameBefore(toks, start - 1) : before, line: toks[start - 1].line };
        }
      }
      open.push({ t, index: k, fn });
    } else if (t === ')' || t === ']' || t === '}') {
      const o = open.pop();
      if (t === ')' && o) toks[k].match = o.index;
      if (o && o.fn) found.push({ name: o.fn.name, line: o.fn.line, lines: line - o.fn.line + 1 });
    }
  }
  return found;
}

/** The name a function expression or arrow is given: `const x = ...`, `x: ...`, `x(...)`. */
function nameBefore(toks, k) {
  for (let j = k; j > Math.max(0, k - 40); j--) {
    const t = toks[j].t;
    if ((t === '=' || t === ':') && /^[A-Za-z_$]/.test(toks[j - 1]?.t || '')) return toks[j - 1].t;
    if (t === 'function' && /^[A-Za-z_$]/.test(toks[j + 1]?.t || '') && toks[j + 1].t !== '(') return toks[j + 1].t;
    if (t === ';' || t === '{' || t === '}') break;
  }
  return '(anonymous)';
}

/** The .js files under `dir` but pkg/ and vendor/, as paths relative to it. */
export function sourceFiles(dir) {
  return fs.readdirSync(dir, { recursive: true }).filter((f) => f.endsWith('.js') && !/^(pkg|vendor)[\\/]/.test(f)).sort();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const limit = Number(process.argv[2]) || 150;
  const www = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../www');
  const all = sourceFiles(www).flatMap((f) => functionLengths(fs.readFileSync(path.join(www, f), 'utf8')).map((fn) => ({ file: f, ...fn })));
  all.sort((a, b) => b.lines - a.lines);
  for (const fn of all.filter((x) => x.lines > limit)) console.log(`${String(fn.lines).padStart(4)}  www/${fn.file}:${fn.line}  ${fn.name}`);
  console.log(`${all.length} functions, ${all.filter((x) => x.lines > limit).length} over ${limit} lines; the longest: ${all[0].lines}`);
}
