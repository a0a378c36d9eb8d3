// Canvas drawing. Draws only inside requestAnimationFrame, at the device's pixel ratio, so
// the board stays crisp at any size and zoom.

import { layout, squareCenter, squareIndex, squareToCell, destsOf, isPremove } from './state.js';
import { pieceImage } from './pieces.js';

const THAI_DIGITS = '๑๒๓๔๕๖๗๘';
// Files as written on Thai Makruk boards (ก ข ค ง จ ฉ ช ญ).
const THAI_FILES = ['ก', 'ข', 'ค', 'ง', 'จ', 'ฉ', 'ช', 'ญ'];

const THEME = {
  wood: {
    frame: ['#6e4322', '#4a2a12'],
    surface: ['#e2b477', '#d09a5c', '#c48a4c'],
    grain: 'rgba(110,60,20,0.12)',
    grid: 'rgba(45,22,6,0.85)',
    coord: '#f3dfbf',
  },
  light: {
    frame: ['#d8ccb4', '#c2b49a'],
    surface: ['#f7f1e3', '#f1e8d4', '#ebe0c8'],
    grain: null,
    grid: 'rgba(60,45,25,0.7)',
    coord: '#3d2f1c',
  },
};

const FLIP_MS = 420;
const PREMOVE = 'rgba(40,70,160,0.42)';
const SHAPE = 'rgba(21,120,27,0.78)'; // chessground's green

/** The board's surface (frame, wood or plain, grid) at `dpr` device pixels a CSS px, as an
 * image to cache: it changes only with the theme, the size and the coordinates. */
function paintSurface(state, g, dpr) {
  const px = Math.round(g.size * dpr);
  const img = document.createElement('canvas');
  img.width = px;
  img.height = px;
  const c = img.getContext('2d');
  c.scale(dpr, dpr);
  const t = THEME[state.theme] || THEME.wood;
  const S = g.size;
  const fr = c.createLinearGradient(0, 0, S, S);
  fr.addColorStop(0, t.frame[0]);
  fr.addColorStop(1, t.frame[1]);
  c.fillStyle = fr;
  c.fillRect(0, 0, S, S);
  const b0 = g.margin;
  const bs = g.sq * 8;
  const sf = c.createLinearGradient(b0, b0, b0 + bs, b0 + bs);
  t.surface.forEach((col, i) => sf.addColorStop(i / (t.surface.length - 1), col));
  c.fillStyle = sf;
  c.fillRect(b0, b0, bs, bs);
  if (t.grain) {
    // deterministic wood grain: long wavy strokes
    let seed = 7;
    const rnd = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    c.save();
    c.beginPath();
    c.rect(b0, b0, bs, bs);
    c.clip();
    c.strokeStyle = t.grain;
    for (let i = 0; i < 70; i++) {
      const y = b0 + rnd() * bs;
      c.lineWidth = 0.5 + rnd() * 2.2;
      c.beginPath();
      c.moveTo(b0, y);
      const amp = 2 + rnd() * 6;
      for (let k = 0; k <= 16; k++) {
        const x = (bs * k) / 16;
        c.lineTo(b0 + x, y + Math.sin((x / bs) * 6 + i) * amp);
      }
      c.stroke();
    }
    c.restore();
  }
  // grid lines: thin, dark, snapped to device pixels
  c.strokeStyle = t.grid;
  const lw = Math.max(1, Math.round(dpr * Math.max(1, g.sq / 50))) / dpr;
  c.lineWidth = lw;
  c.beginPath();
  for (let k = 0; k <= 8; k++) {
    const p = Math.round((b0 + k * g.sq) * dpr) / dpr + (Math.round(lw * dpr) % 2 ? 0.5 / dpr : 0);
    c.moveTo(p, b0);
    c.lineTo(p, b0 + bs);
    c.moveTo(b0, p);
    c.lineTo(b0 + bs, p);
  }
  c.stroke();
  return img;
}


function drawCoords(ctx, state, g) {
  if (state.coords === 'none') return;
  const t = THEME[state.theme] || THEME.wood;
  const thai = state.coords === 'thai';
  ctx.fillStyle = t.coord;
  ctx.font = `600 ${Math.max(8, g.margin * 0.62)}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (let k = 0; k < 8; k++) {
    const file = state.orientation === 'white' ? k : 7 - k;
    const rank = state.orientation === 'white' ? 7 - k : k;
    const x = g.margin + (k + 0.5) * g.sq;
    const fl = thai ? THAI_FILES[file] : 'abcdefgh'[file];
    const rl = thai ? THAI_DIGITS[rank] : String(rank + 1);
    ctx.fillText(fl, x, g.size - g.margin / 2);
    ctx.fillText(fl, x, g.margin / 2);
    ctx.fillText(rl, g.margin / 2, x);
    ctx.fillText(rl, g.size - g.margin / 2, x);
  }
}

function fillSquare(ctx, state, g, name, color) {
  const { col, row } = squareToCell(squareIndex(name), state.orientation);
  ctx.fillStyle = color;
  ctx.fillRect(g.margin + col * g.sq, g.margin + row * g.sq, g.sq, g.sq);
}

function drawHighlights(ctx, state, g) {
  if (state.lastMove) {
    for (const s of state.lastMove) fillSquare(ctx, state, g, s, 'rgba(214,170,30,0.38)');
  }
  if (state.check) {
    const c = squareCenter(state, g, state.check);
    const rg = ctx.createRadialGradient(c.x, c.y, 0, c.x, c.y, g.sq * 0.62);
    rg.addColorStop(0, 'rgba(255,20,0,0.95)');
    rg.addColorStop(0.45, 'rgba(230,20,0,0.55)');
    rg.addColorStop(1, 'rgba(200,0,0,0)');
    ctx.fillStyle = rg;
    ctx.fillRect(c.x - g.sq / 2, c.y - g.sq / 2, g.sq, g.sq);
  }
  if (state.premove) {
    for (const s of state.premove) fillSquare(ctx, state, g, s, PREMOVE);
  }
  const from = state.drag ? state.drag.from : state.selected;
  // premove destinations may be every square: only the piece is marked, not a sea of dots
  if (from && isPremove(state, from)) {
    fillSquare(ctx, state, g, from, PREMOVE);
  } else if (from) {
    fillSquare(ctx, state, g, from, 'rgba(25,120,70,0.42)');
    for (const to of destsOf(state, from)) {
      const c = squareCenter(state, g, to);
      ctx.fillStyle = 'rgba(15,85,45,0.55)';
      ctx.strokeStyle = 'rgba(15,85,45,0.6)';
      ctx.beginPath();
      if (state.pieces[squareIndex(to)]) {
        ctx.lineWidth = g.sq * 0.08;
        ctx.arc(c.x, c.y, g.sq * 0.44, 0, Math.PI * 2);
        ctx.stroke();
      } else {
        ctx.arc(c.x, c.y, g.sq * 0.14, 0, Math.PI * 2);
        ctx.fill();
      }
    }
  }
  if (state.drag && state.drag.over && state.drag.over !== state.drag.from) {
    const { col, row } = squareToCell(squareIndex(state.drag.over), state.orientation);
    ctx.strokeStyle = 'rgba(15,85,45,0.8)';
    ctx.lineWidth = Math.max(2, g.sq * 0.05);
    ctx.strokeRect(g.margin + col * g.sq + ctx.lineWidth / 2, g.margin + row * g.sq + ctx.lineWidth / 2,
      g.sq - ctx.lineWidth, g.sq - ctx.lineWidth);
  }
}

/** The caller's arrows and circles (each in its colour), the person's, and the one being drawn (lighter). */
function drawShapes(ctx, state, g) {
  const all = [...state.marks.map((x) => [x, x.color || SHAPE]), ...state.shapes.map((x) => [x, SHAPE])];
  if (state.drawing) all.push([state.drawing, 'rgba(21,120,27,0.5)']);
  for (const [x, color] of all) {
    if (x.to && x.to !== x.from) {
      drawArrow(ctx, state, g, x.from, x.to, color);
      continue;
    }
    const c = squareCenter(state, g, x.from);
    ctx.strokeStyle = color;
    ctx.lineWidth = g.sq * 0.07;
    ctx.beginPath();
    ctx.arc(c.x, c.y, g.sq * 0.45, 0, Math.PI * 2);
    ctx.stroke();
  }
}

function drawArrow(ctx, state, g, from, to, color) {
  const a = squareCenter(state, g, from);
  const b = squareCenter(state, g, to);
  const ang = Math.atan2(b.y - a.y, b.x - a.x);
  const len = Math.hypot(b.x - a.x, b.y - a.y) - g.sq * 0.2;
  ctx.save();
  ctx.translate(a.x, a.y);
  ctx.rotate(ang);
  ctx.fillStyle = color;
  const w = g.sq * 0.09;
  const head = g.sq * 0.3;
  ctx.beginPath();
  ctx.moveTo(g.sq * 0.15, -w);
  ctx.lineTo(len - head, -w);
  ctx.lineTo(len - head, -head * 0.75);
  ctx.lineTo(len, 0);
  ctx.lineTo(len - head, head * 0.75);
  ctx.lineTo(len - head, w);
  ctx.lineTo(g.sq * 0.15, w);
  ctx.closePath();
  ctx.fill();
  ctx.restore();
}


/** The pieces standing and those moving (`active`: square -> animation at its moment), drawn
 * with `blit(code, x, y, sq, scaleX, scale)`; the dragged piece's square shows a shadow of it. */
function drawPieces(ctx, state, g, active, blit) {
  const dragFrom = state.drag && state.drag.moved ? state.drag.from : null;
  for (let i = 0; i < 64; i++) {
    const code = state.pieces[i];
    if (!code) continue;
    const name = 'abcdefgh'[i & 7] + ((i >> 3) + 1);
    if (active.has(name)) continue;
    const c = squareCenter(state, g, name);
    if (name === dragFrom) {
      ctx.globalAlpha = 0.3;
      blit(code, c.x, c.y, g.sq);
      ctx.globalAlpha = 1;
      continue;
    }
    blit(code, c.x, c.y, g.sq);
  }
  for (const a of active.values()) {
    const p = squareCenter(state, g, a.from);
    const q = squareCenter(state, g, a.to);
    const e = a.moveT < 0.5 ? 2 * a.moveT * a.moveT : 1 - Math.pow(-2 * a.moveT + 2, 2) / 2;
    const x = p.x + (q.x - p.x) * e;
    const y = p.y + (q.y - p.y) * e;
    if (a.flip) {
      // the shell turns over: squeeze to its edge, then open showing the other face
      const code = a.flipT < 0.5 ? a.before : a.piece;
      blit(code, x, y, g.sq, Math.abs(Math.cos(Math.PI * a.flipT)), 1 + 0.15 * Math.sin(Math.PI * a.flipT));
    } else {
      blit(a.piece, x, y, g.sq);
    }
  }
}

export function createRenderer(canvas, state) {
  const ctx = canvas.getContext('2d');
  let frame = 0;
  let cssW = 0;
  let cssH = 0;
  let dpr = 1;
  let anims = [];
  let surfaceCache = null;
  const listeners = new Set();

  // Sizes come from the ResizeObserver (or one layout read when none has arrived yet), so
  // that drawing a frame never forces a layout of the page.
  function measure(box) {
    const rect = box || canvas.getBoundingClientRect();
    const w = Math.max(1, rect.width || canvas.clientWidth || 320);
    const h = Math.max(1, rect.height || w);
    const ratio = window.devicePixelRatio || 1;
    if (w !== cssW || h !== cssH || ratio !== dpr) {
      cssW = w;
      cssH = h;
      dpr = ratio;
      const pw = Math.round(w * dpr);
      const ph = Math.round(h * dpr);
      if (canvas.width !== pw || canvas.height !== ph) {
        canvas.width = pw;
        canvas.height = ph;
      }
      surfaceCache = null;
      for (const fn of listeners) fn(geom());
    }
  }

  const ro = typeof ResizeObserver === 'function' ? new ResizeObserver((entries) => {
    const e = entries[entries.length - 1];
    measure(e && e.contentRect && e.contentRect.width ? e.contentRect : undefined);
    schedule();
  }) : null;
  if (ro) ro.observe(canvas);
  const mq = () => { measure(); schedule(); };
  window.addEventListener('resize', mq);
  // the first frame draws the board (the observer's first sizes come after it)
  schedule();

  /** Geometry in CSS px: the board is the largest square, centred in the canvas. */
  function geom() {
    if (!cssW) measure();
    return frame_(cssW, cssH);
  }

  function frame_(w, h) {
    const g = layout(Math.min(w, h), state.coords);
    return { ...g, w, h, ox: (w - g.size) / 2, oy: (h - g.size) / 2 };
  }

  function schedule() {
    if (!frame) frame = requestAnimationFrame(draw);
  }

  function animate(moves, { noMoveFor = null } = {}) {
    const now = performance.now();
    const dur = state.animation;
    anims = moves
      .filter((mv) => dur > 0 || mv.before !== mv.piece)
      .map((mv) => ({
        ...mv,
        start: now,
        dur: mv.to === noMoveFor ? 0 : dur,
        flip: mv.before !== mv.piece,
      }));
    schedule();
  }

  function drawSurface(g) {
    const key = state.theme + '|' + Math.round(g.size * dpr) + '|' + state.coords;
    if (!surfaceCache || surfaceCache.key !== key) surfaceCache = { key, img: paintSurface(state, g, dpr) };
    ctx.drawImage(surfaceCache.img, Math.round(g.ox * dpr), Math.round(g.oy * dpr));
  }

  // `exact` renders the piece at the scaled size (dragging); animations scale the cached
  // image instead, so that each frame does not create a new cache entry.
  function blit(code, x, y, sq, scaleX = 1, scale = 1, exact = false) {
    const img = pieceImage(code, sq * dpr * (exact ? scale : 1), state.pieceSet);
    const s = sq * scale;
    if (scaleX === 1) {
      ctx.drawImage(img, x - s / 2, y - s / 2, s, s);
    } else {
      ctx.save();
      ctx.translate(x, y);
      ctx.scale(Math.max(0.02, scaleX), 1);
      ctx.drawImage(img, -s / 2, -s / 2, s, s);
      ctx.restore();
    }
  }

  function draw(now) {
    frame = 0;
    if (!cssW || (window.devicePixelRatio || 1) !== dpr) measure();
    const g = frame_(cssW, cssH);
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    if (g.w !== g.h) ctx.clearRect(0, 0, canvas.width, canvas.height);
    drawSurface(g);
    // everything below in CSS px relative to the board's square
    ctx.setTransform(dpr, 0, 0, dpr, Math.round(g.ox * dpr), Math.round(g.oy * dpr));
    drawCoords(ctx, state, g);
    drawHighlights(ctx, state, g);

    const active = new Map();
    let running = false;
    for (const a of anims) {
      const moveT = a.dur ? Math.min(1, (now - a.start) / a.dur) : 1;
      const flipT = a.flip ? Math.min(1, Math.max(0, (now - a.start - a.dur * 0.6) / FLIP_MS)) : 1;
      if (moveT < 1 || flipT < 1) {
        running = true;
        active.set(a.to, { ...a, moveT, flipT });
      }
    }
    anims = anims.filter((a) => active.has(a.to));

    drawPieces(ctx, state, g, active, blit);
    if (state.hint) drawArrow(ctx, state, g, state.hint[0], state.hint[1], 'rgba(20,100,190,0.6)');
    drawShapes(ctx, state, g);
    if (state.drag && state.drag.moved) {
      blit(state.drag.piece, state.drag.x, state.drag.y, g.sq, 1, 1.12, true);
    }
    if (running) schedule();
  }

  return {
    schedule,
    geom,
    animate,
    onResize(fn) { listeners.add(fn); },
    destroy() {
      if (frame) cancelAnimationFrame(frame);
      if (ro) ro.disconnect();
      window.removeEventListener('resize', mq);
      listeners.clear();
    },
  };
}
