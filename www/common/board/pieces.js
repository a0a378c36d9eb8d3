// Makruk pieces drawn by code (docs/pieces.md): turned-wood forms seen from the side, the Bia a
// cowrie shell seen from above. Everything is in square units: the square is 1x1 with its
// centre at (0, 0), y pointing down; light comes from the upper left.
// Pieces are rendered once per (code, pixel size) into an offscreen canvas and blitted.

import { MATERIALS, LINE, part, cylinderPath, ellipsePath, shadow, base } from './material.js';
// The Western set is a module of its own, fetched the first time it is chosen
// (loadPieceSet); until it has arrived, the traditional pieces stand in.
let drawWesternUnit = null;

/** Loads the drawing of piece set `set`; resolves when it can be drawn. */
export async function loadPieceSet(set) {
  if (set === 'western' && !drawWesternUnit) {
    ({ drawWesternUnit } = await import('./pieces-western.js'));
  }
}

/**
 * The onion bulb of the Khun, Khon and Met: a neck, a bulb widest low down, and an
 * ogee tip. `s` scales the whole form; returns the y of the tip.
 */
function onion(ctx, m, s, top) {
  const neckW = 0.085 * s;
  const neckTop = top - 0.07 * s;
  const neck = cylinderPath(neckW * 2, neckTop, top + 0.01, 0.018);
  part(ctx, neck, m, [-neckW, neckTop, neckW, top], { spec: false });
  const r = 0.27 * s;
  const yb = neckTop + 0.01;
  const cy = yb - 0.16 * s;
  const yt = cy - 0.29 * s;
  const p = new Path2D();
  p.moveTo(-neckW * 0.9, yb);
  p.bezierCurveTo(-r * 0.8, yb + 0.005, -r, cy + 0.09 * s, -r, cy);
  p.bezierCurveTo(-r, cy - 0.13 * s, -r * 0.18, yt + 0.1 * s, 0, yt);
  p.bezierCurveTo(r * 0.18, yt + 0.1 * s, r, cy - 0.13 * s, r, cy);
  p.bezierCurveTo(r, cy + 0.09 * s, r * 0.8, yb + 0.005, neckW * 0.9, yb);
  p.closePath();
  part(ctx, p, m, [-r, yt, r, yb], { specY: 0.42, specR: 0.3 });
  return { yt, cy, r };
}

function drawKhun(ctx, m) {
  const top = base(ctx, m, 0.64);
  const { yt } = onion(ctx, m, 1.02, top);
  // tiered spire: three stacked rings narrowing to a point (a temple finial)
  let y = yt + 0.04;
  const rings = [0.1, 0.078, 0.056];
  for (const rw of rings) {
    const ring = cylinderPath(rw * 2, y - 0.035, y, 0.016);
    part(ctx, ring, m, [-rw, y - 0.05, rw, y], { spec: false });
    y -= 0.045;
  }
  const spike = new Path2D();
  spike.moveTo(-0.035, y + 0.012);
  spike.quadraticCurveTo(-0.01, y - 0.03, 0, y - 0.075);
  spike.quadraticCurveTo(0.01, y - 0.03, 0.035, y + 0.012);
  spike.closePath();
  part(ctx, spike, m, [-0.035, y - 0.075, 0.035, y + 0.012], { spec: false });
}

function drawKhon(ctx, m) {
  const top = base(ctx, m, 0.56);
  const { yt, cy, r } = onion(ctx, m, 0.88, top);
  // a carved groove round the bulb: the Khon's mark
  ctx.strokeStyle = m.detail;
  ctx.lineWidth = 0.022;
  ctx.beginPath();
  ctx.ellipse(0, cy - 0.015, r * 0.93, 0.03, 0, 0.15, Math.PI - 0.15);
  ctx.stroke();
  // crown: a collar and a bud cloven by a deep notch (two points, unlike the Khun's spire)
  const y = yt + 0.035;
  const collar = cylinderPath(0.15, y - 0.032, y, 0.016);
  part(ctx, collar, m, [-0.075, y - 0.05, 0.075, y], { spec: false });
  const b = new Path2D();
  const by = y - 0.03;
  b.moveTo(-0.06, by);
  b.bezierCurveTo(-0.1, by - 0.05, -0.085, by - 0.1, -0.065, by - 0.15);
  b.quadraticCurveTo(-0.02, by - 0.1, 0, by - 0.07);
  b.quadraticCurveTo(0.02, by - 0.1, 0.065, by - 0.15);
  b.bezierCurveTo(0.085, by - 0.1, 0.1, by - 0.05, 0.06, by);
  b.closePath();
  part(ctx, b, m, [-0.09, by - 0.15, 0.09, by], { spec: false });
}

function drawMet(ctx, m) {
  const top = base(ctx, m, 0.5);
  const { yt } = onion(ctx, m, 0.72, top);
  // a single round knob
  const knob = ellipsePath(0, yt - 0.025, 0.05, 0.05);
  part(ctx, knob, m, [-0.05, yt - 0.075, 0.05, yt + 0.025], { specR: 0.5, specY: 0.35 });
}

function drawMa(ctx, m, facing) {
  const top = base(ctx, m, 0.66);
  ctx.save();
  if (facing > 0) ctx.scale(-1, 1);
  // a horse's head and neck, facing left (negative x) before mirroring
  const p = new Path2D();
  const yb = top + 0.01;
  p.moveTo(0.22, yb);
  p.bezierCurveTo(0.27, 0.1, 0.26, -0.12, 0.16, -0.27); // back of the neck
  p.bezierCurveTo(0.12, -0.33, 0.09, -0.37, 0.08, -0.45); // to the ear
  p.lineTo(0.03, -0.37);
  p.lineTo(0.0, -0.44); // second ear
  p.bezierCurveTo(-0.03, -0.38, -0.06, -0.35, -0.1, -0.32); // forehead
  p.bezierCurveTo(-0.18, -0.26, -0.27, -0.14, -0.33, -0.05); // face to the nose
  p.bezierCurveTo(-0.36, 0.0, -0.34, 0.06, -0.28, 0.07); // muzzle
  p.bezierCurveTo(-0.22, 0.08, -0.17, 0.06, -0.12, 0.03); // chin
  p.bezierCurveTo(-0.08, 0.02, -0.06, 0.03, -0.08, 0.08); // jaw
  p.bezierCurveTo(-0.14, 0.16, -0.2, 0.24, -0.2, yb); // throat and chest
  p.closePath();
  part(ctx, p, m, [-0.35, -0.45, 0.27, yb], { specY: 0.3, specR: 0.32 });
  // mane, eye, nostril and mouth
  ctx.strokeStyle = m.detail;
  ctx.lineCap = 'round';
  ctx.lineWidth = 0.022;
  ctx.beginPath();
  ctx.moveTo(0.06, -0.33);
  ctx.bezierCurveTo(0.16, -0.22, 0.2, -0.05, 0.18, 0.14);
  ctx.stroke();
  ctx.lineWidth = 0.016;
  for (let i = 0; i < 4; i++) {
    const t = -0.22 + i * 0.09;
    ctx.beginPath();
    ctx.moveTo(0.14 + i * 0.012, t);
    ctx.lineTo(0.2 + i * 0.012, t + 0.04);
    ctx.stroke();
  }
  ctx.fillStyle = m.outline === '#000000' ? '#f3dcb2' : '#20140a';
  ctx.beginPath();
  ctx.ellipse(-0.1, -0.2, 0.028, 0.02, -0.5, 0, Math.PI * 2);
  ctx.fill();
  ctx.strokeStyle = m.detail;
  ctx.lineWidth = 0.016;
  ctx.beginPath();
  ctx.arc(-0.27, -0.02, 0.022, 0, Math.PI * 2);
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(-0.3, 0.045);
  ctx.quadraticCurveTo(-0.24, 0.04, -0.2, 0.05);
  ctx.stroke();
  ctx.restore();
}

function drawRuea(ctx, m) {
  const top = base(ctx, m, 0.72);
  const yb = top + 0.01;
  const w = 0.3;
  const yt = yb - 0.33;
  const r = 0.12;
  // a squat solid block, wider than tall, with generously rounded top corners and a
  // slightly domed top; the sides flare a little towards the base
  const p = new Path2D();
  p.moveTo(-w * 1.05, yb);
  p.bezierCurveTo(-w, yb - 0.08, -w, yt + r + 0.04, -w, yt + r);
  p.quadraticCurveTo(-w, yt, -w + r, yt);
  p.quadraticCurveTo(0, yt - 0.035, w - r, yt);
  p.quadraticCurveTo(w, yt, w, yt + r);
  p.bezierCurveTo(w, yt + r + 0.04, w, yb - 0.08, w * 1.05, yb);
  p.closePath();
  part(ctx, p, m, [-w, yt - 0.03, w, yb], { specY: 0.22, specR: 0.25 });
  // a carved band round the middle and a rim above the base
  ctx.strokeStyle = m.detail;
  ctx.lineWidth = 0.022;
  ctx.beginPath();
  ctx.moveTo(-w + 0.012, yt + 0.15);
  ctx.quadraticCurveTo(0, yt + 0.17, w - 0.012, yt + 0.15);
  ctx.moveTo(-w + 0.012, yt + 0.2);
  ctx.quadraticCurveTo(0, yt + 0.22, w - 0.012, yt + 0.2);
  ctx.stroke();
}

/** The Bia: a cowrie shell from above. Face down (back) or face up (promoted, slit shown). */
function drawBia(ctx, m, faceUp) {
  const rx = 0.235;
  const ry = 0.3;
  const cy = 0.03;
  shadow(ctx, 0.6, cy + ry - 0.02);
  const p = ellipsePath(0, cy, rx, ry);
  const g = ctx.createRadialGradient(-rx * 0.35, cy - ry * 0.4, 0.02, 0, cy, ry * 1.15);
  if (faceUp) {
    // the flat underside: lighter, matte, with the long toothed slit
    g.addColorStop(0, m.face);
    g.addColorStop(1, m.stops[2]);
  } else {
    g.addColorStop(0, m.stops[0]);
    g.addColorStop(0.45, m.stops[1]);
    g.addColorStop(1, m.stops[3]);
  }
  ctx.fillStyle = g;
  ctx.fill(p);
  ctx.save();
  ctx.clip(p);
  if (!faceUp) {
    const s = ctx.createRadialGradient(-0.08, cy - 0.13, 0, -0.08, cy - 0.13, 0.13);
    s.addColorStop(0, m.spec);
    s.addColorStop(1, 'rgba(255,255,255,0)');
    ctx.fillStyle = s;
    ctx.fillRect(-rx, cy - ry, 2 * rx, 2 * ry);
    // a faint dorsal line
    ctx.strokeStyle = m.detail;
    ctx.globalAlpha = 0.35;
    ctx.lineWidth = 0.014;
    ctx.beginPath();
    ctx.moveTo(0.07, cy - ry * 0.8);
    ctx.quadraticCurveTo(0.12, cy, 0.06, cy + ry * 0.8);
    ctx.stroke();
    ctx.globalAlpha = 1;
  } else {
    // inner lip rings
    ctx.strokeStyle = m.detail;
    ctx.globalAlpha = 0.45;
    ctx.lineWidth = 0.016;
    ctx.stroke(ellipsePath(0, cy, rx * 0.72, ry * 0.84));
    ctx.globalAlpha = 1;
  }
  ctx.restore();
  ctx.strokeStyle = m.outline;
  ctx.lineWidth = LINE;
  ctx.stroke(p);
  if (m.rim) {
    ctx.strokeStyle = m.rim;
    ctx.lineWidth = LINE * 0.6;
    ctx.stroke(ellipsePath(0, cy, rx - LINE * 0.8, ry - LINE * 0.8));
  }
  if (faceUp) {
    // the slit: dark opening with teeth on both lips
    const slit = new Path2D();
    slit.moveTo(0.01, cy - ry * 0.82);
    slit.bezierCurveTo(-0.045, cy - ry * 0.3, 0.045, cy + ry * 0.3, -0.01, cy + ry * 0.82);
    slit.bezierCurveTo(0.07, cy + ry * 0.3, -0.02, cy - ry * 0.3, 0.01, cy - ry * 0.82);
    ctx.fillStyle = m === MATERIALS.white ? '#3a2410' : '#000';
    ctx.fill(slit);
    ctx.strokeStyle = m === MATERIALS.white ? '#3a2410' : '#f0d8b0';
    ctx.lineWidth = 0.014;
    ctx.lineCap = 'round';
    for (let i = -4; i <= 4; i++) {
      const y = cy + i * ry * 0.17;
      const x = 0.012 * Math.sin(i);
      ctx.beginPath();
      ctx.moveTo(x - 0.03, y);
      ctx.lineTo(x - 0.075, y);
      ctx.moveTo(x + 0.04, y);
      ctx.lineTo(x + 0.085, y);
      ctx.stroke();
    }
  }
}

/**
 * Draw one piece in square units onto `ctx` (already translated to the square's centre
 * and scaled so that 1 = one square). `code` is a FEN piece: K M S N R P, lowercase for
 * Black, "M~"/"m~" for a promoted Bia; `set` is "traditional" or "western".
 */
function drawPieceUnit(ctx, code, set = 'traditional') {
  const white = code[0] === code[0].toUpperCase();
  const m = white ? MATERIALS.white : MATERIALS.black;
  if (set === 'western' && drawWesternUnit) return drawWesternUnit(ctx, code, m);
  switch (code) {
    case 'K': case 'k': return drawKhun(ctx, m);
    case 'S': case 's': return drawKhon(ctx, m);
    case 'M': case 'm': return drawMet(ctx, m);
    case 'N': case 'n': return drawMa(ctx, m, white ? -1 : 1);
    case 'R': case 'r': return drawRuea(ctx, m);
    case 'P': case 'p': return drawBia(ctx, m, false);
    case 'M~': case 'm~': return drawBia(ctx, m, true);
    default: return undefined;
  }
}

const cache = new Map();

/** A canvas holding `code` of `set` drawn at `px` device pixels per square (cached). */
export function pieceImage(code, px, set = 'traditional') {
  if (set === 'western' && !drawWesternUnit) set = 'traditional'; // not yet arrived
  const size = Math.max(8, Math.round(px));
  const key = code + '|' + size + '|' + set;
  let img = cache.get(key);
  if (!img) {
    if (cache.size > 200) cache.clear();
    img = typeof OffscreenCanvas === 'function'
      ? new OffscreenCanvas(size, size)
      : Object.assign(document.createElement('canvas'), { width: size, height: size });
    const ctx = img.getContext('2d');
    ctx.translate(size / 2, size / 2);
    ctx.scale(size, size);
    drawPieceUnit(ctx, code, set);
    cache.set(key, img);
  }
  return img;
}
