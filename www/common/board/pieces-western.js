// The Western set, for people who come from chess: Staunton-like silhouettes in the same
// materials as the traditional set. The Ruea is a rook, the Ma a knight, the Khon a bishop's
// mitre, the Met a small queen, the Khun a king, the Bia a pawn; a promoted Bia is a pawn
// crowned like the Met, with a red band. Square units, as in material.js.

import { part, cylinderPath, ellipsePath, base, LINE } from './material.js';

/**
 * A turned body from its half-widths, bottom to top: [[y, halfWidth, sharp?], ...]. Points
 * are joined by smooth curves through their midpoints, or by a corner when `sharp`.
 */
function lathe(pts) {
  const p = new Path2D();
  const side = (sign, list) => {
    for (let i = 1; i < list.length; i++) {
      const [y, w, sharp] = list[i];
      const next = list[i + 1];
      if (sharp || !next) p.lineTo(sign * w, y);
      else p.quadraticCurveTo(sign * w, y, sign * (w + next[1]) / 2, (y + next[0]) / 2);
    }
  };
  p.moveTo(-pts[0][1], pts[0][0]);
  side(-1, pts);
  const back = pts.slice().reverse();
  p.lineTo(back[0][1], back[0][0]);
  side(1, back);
  p.closePath();
  return p;
}

/** A body on the base and a collar on it; returns the y of the collar's top. */
function bodyAndCollar(ctx, m, top, pts, collarW) {
  const all = [[top + 0.01, pts[0][1]], ...pts];
  const ys = all.map((q) => q[0]);
  const w = Math.max(...all.map((q) => q[1]));
  part(ctx, lathe(all), m, [-w, Math.min(...ys), w, Math.max(...ys)], { specY: 0.35 });
  const y = Math.min(...ys) + 0.01;
  part(ctx, cylinderPath(collarW, y - 0.04, y, 0.018), m, [-collarW / 2, y - 0.06, collarW / 2, y], { spec: false });
  return y - 0.04;
}

function ball(ctx, m, y, r) {
  part(ctx, ellipsePath(0, y, r, r), m, [-r, y - r, r, y + r], { specR: 0.5, specY: 0.3 });
}

/** A crown of `n` points with balls, from `y` up to `y - h`. */
function coronet(ctx, m, y, w, h, n) {
  const p = new Path2D();
  p.moveTo(-w * 0.7, y);
  const tips = [];
  for (let k = 0; k < n; k++) {
    const x = -w + (2 * w * k) / (n - 1);
    const xv = x + w / (n - 1);
    tips.push(x);
    p.lineTo(x, y - h);
    if (k < n - 1) p.lineTo(xv, y - h * 0.45);
  }
  p.lineTo(w * 0.7, y);
  p.closePath();
  part(ctx, p, m, [-w, y - h, w, y], { spec: false });
  for (const x of tips) {
    const r = 0.03;
    part(ctx, ellipsePath(x, y - h - r * 0.6, r, r), m, [x - r, y - h - 2 * r, x + r, y - h], { spec: false });
  }
}

function drawKing(ctx, m) {
  const top = base(ctx, m, 0.62);
  const y = bodyAndCollar(ctx, m, top, [[0.2, 0.18], [0.02, 0.12], [-0.12, 0.125, true], [-0.14, 0.145, true]], 0.34);
  // the crown: a flared cup with a cross on top
  const cup = lathe([[y + 0.01, 0.12], [y - 0.08, 0.19], [y - 0.13, 0.195, true], [y - 0.15, 0.17, true]]);
  part(ctx, cup, m, [-0.195, y - 0.15, 0.195, y], { spec: false });
  const c = new Path2D();
  const cy = y - 0.15;
  const a = 0.034;
  c.moveTo(-a, cy);
  c.lineTo(-a, cy - 0.07);
  c.lineTo(-0.075, cy - 0.07);
  c.lineTo(-0.075, cy - 0.12);
  c.lineTo(-a, cy - 0.12);
  c.lineTo(-a, cy - 0.19);
  c.lineTo(a, cy - 0.19);
  c.lineTo(a, cy - 0.12);
  c.lineTo(0.075, cy - 0.12);
  c.lineTo(0.075, cy - 0.07);
  c.lineTo(a, cy - 0.07);
  c.lineTo(a, cy);
  c.closePath();
  part(ctx, c, m, [-0.075, cy - 0.19, 0.075, cy], { spec: false });
}

function drawQueen(ctx, m) {
  const top = base(ctx, m, 0.54);
  const y = bodyAndCollar(ctx, m, top, [[0.2, 0.16], [0.04, 0.1], [-0.06, 0.095, true], [-0.08, 0.13, true]], 0.3);
  coronet(ctx, m, y + 0.01, 0.18, 0.17, 5);
}

function drawBishop(ctx, m) {
  const top = base(ctx, m, 0.56);
  const y = bodyAndCollar(ctx, m, top, [[0.2, 0.16], [0.02, 0.1], [-0.07, 0.09, true], [-0.09, 0.12, true]], 0.28);
  // the mitre: a pointed bud with a slanting cut
  const p = new Path2D();
  p.moveTo(-0.09, y + 0.01);
  p.bezierCurveTo(-0.23, y - 0.08, -0.14, y - 0.22, 0, y - 0.3);
  p.bezierCurveTo(0.14, y - 0.22, 0.23, y - 0.08, 0.09, y + 0.01);
  p.closePath();
  part(ctx, p, m, [-0.19, y - 0.3, 0.19, y], { specY: 0.35, specR: 0.35 });
  ctx.strokeStyle = m.outline;
  ctx.lineWidth = LINE * 1.6;
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.moveTo(0.02, y - 0.2);
  ctx.lineTo(0.1, y - 0.1);
  ctx.stroke();
  ball(ctx, m, y - 0.335, 0.045);
}

function drawKnight(ctx, m, facing) {
  const top = base(ctx, m, 0.62);
  ctx.save();
  if (facing > 0) ctx.scale(-1, 1);
  // a Staunton knight's head, facing left before mirroring: straight back, one ear, a blunt muzzle
  const yb = top + 0.01;
  const p = new Path2D();
  p.moveTo(0.21, yb);
  p.bezierCurveTo(0.25, 0.08, 0.25, -0.14, 0.13, -0.27);
  p.lineTo(0.07, -0.42); // the ear
  p.lineTo(0.0, -0.31);
  p.bezierCurveTo(-0.12, -0.28, -0.24, -0.14, -0.3, -0.02); // brow and face
  p.bezierCurveTo(-0.33, 0.03, -0.3, 0.08, -0.24, 0.07); // muzzle
  p.bezierCurveTo(-0.17, 0.05, -0.12, 0.0, -0.06, 0.01); // under the jaw
  p.bezierCurveTo(-0.12, 0.1, -0.19, 0.2, -0.19, yb); // chest
  p.closePath();
  part(ctx, p, m, [-0.32, -0.42, 0.25, yb], { specY: 0.3, specR: 0.3 });
  ctx.strokeStyle = m.detail;
  ctx.lineWidth = 0.03;
  ctx.lineCap = 'round';
  ctx.beginPath(); // the mane, one bold line
  ctx.moveTo(0.12, -0.24);
  ctx.bezierCurveTo(0.2, -0.12, 0.21, 0.02, 0.19, 0.2);
  ctx.stroke();
  ctx.fillStyle = m.detail;
  ctx.beginPath();
  ctx.arc(-0.08, -0.17, 0.03, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
}

function drawRook(ctx, m) {
  const top = base(ctx, m, 0.64);
  const y = bodyAndCollar(ctx, m, top, [[0.2, 0.19], [0.0, 0.17, true], [-0.08, 0.17, true], [-0.09, 0.21, true]], 0.44);
  // the battlements: three merlons
  const p = new Path2D();
  const w = 0.22;
  const t = y - 0.16;
  const d = 0.065;
  p.moveTo(-w, y + 0.01);
  p.lineTo(-w, t);
  p.lineTo(-w + 0.12, t);
  p.lineTo(-w + 0.12, t + d);
  p.lineTo(-0.05, t + d);
  p.lineTo(-0.05, t);
  p.lineTo(0.05, t);
  p.lineTo(0.05, t + d);
  p.lineTo(w - 0.12, t + d);
  p.lineTo(w - 0.12, t);
  p.lineTo(w, t);
  p.lineTo(w, y + 0.01);
  p.closePath();
  part(ctx, p, m, [-w, t, w, y], { spec: false });
}

/** A pawn; promoted, its head becomes a small crown above a red band. */
function drawPawn(ctx, m, promoted) {
  const top = base(ctx, m, 0.5);
  const y = bodyAndCollar(ctx, m, top, [[0.2, 0.15], [0.06, 0.075], [0.0, 0.07, true]], 0.24);
  if (!promoted) {
    ball(ctx, m, y - 0.105, 0.12);
    return;
  }
  ctx.fillStyle = '#c4262a';
  ctx.strokeStyle = m.outline;
  ctx.lineWidth = LINE;
  const band = cylinderPath(0.26, y - 0.05, y + 0.02, 0.02);
  ctx.fill(band);
  ctx.stroke(band);
  coronet(ctx, m, y - 0.04, 0.14, 0.16, 3);
}

/** Draws `code` (a FEN piece, "M~" a promoted Bia) of the Western set in square units. */
export function drawWesternUnit(ctx, code, m) {
  const white = code[0] === code[0].toUpperCase();
  switch (code.toLowerCase()) {
    case 'k': return drawKing(ctx, m);
    case 'm': return drawQueen(ctx, m);
    case 's': return drawBishop(ctx, m);
    case 'n': return drawKnight(ctx, m, white ? -1 : 1);
    case 'r': return drawRook(ctx, m);
    case 'p': return drawPawn(ctx, m, false);
    case 'm~': return drawPawn(ctx, m, true);
    default: return undefined;
  }
}
