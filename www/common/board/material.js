// What every drawn piece set shares: the two materials (ivory and horn), shading with
// light from the upper left, the outline, the contact shadow and the turned base. Square
// units: the square is 1x1 with its centre at (0, 0), y pointing down.

export const MATERIALS = {
  white: {
    stops: ['#fffdf4', '#f3e6c6', '#d9c08e', '#a8844d'],
    outline: '#2a1b0c',
    rim: null,
    detail: 'rgba(70,45,15,0.75)',
    spec: 'rgba(255,255,255,0.85)',
    shade: 'rgba(80,50,10,0.42)',
    face: '#f8ecd0',
  },
  black: {
    stops: ['#7a6f66', '#3b322d', '#1b1513', '#060404'],
    outline: '#000000',
    rim: 'rgba(255,228,190,0.55)',
    detail: 'rgba(255,226,180,0.7)',
    spec: 'rgba(255,255,255,0.55)',
    shade: 'rgba(0,0,0,0.55)',
    face: '#4a3f38',
  },
};

export const LINE = 0.03; // outline width in square units (1.2 px at 40 px squares)

/** Fill one part with the material: base gradient, cylinder shading, highlight, outline. */
export function part(ctx, path, m, box, opts = {}) {
  const [x0, y0, x1, y1] = box;
  const g = ctx.createLinearGradient(x0 - 0.05, y0 - 0.05, x1 + 0.05, y1 + 0.05);
  m.stops.forEach((c, i) => g.addColorStop(i / (m.stops.length - 1), c));
  ctx.fillStyle = g;
  ctx.fill(path);
  ctx.save();
  ctx.clip(path);
  // cylinder: light band left of centre, dark towards the right edge
  const w = x1 - x0;
  const c = ctx.createLinearGradient(x0, 0, x1, 0);
  c.addColorStop(0, 'rgba(0,0,0,0.10)');
  c.addColorStop(0.28, 'rgba(255,255,255,0.30)');
  c.addColorStop(0.55, 'rgba(255,255,255,0)');
  c.addColorStop(1, m.shade);
  ctx.fillStyle = c;
  ctx.fillRect(x0, y0, w, y1 - y0);
  if (opts.spec !== false) {
    const sx = x0 + w * 0.32;
    const sy = y0 + (y1 - y0) * (opts.specY ?? 0.3);
    const r = Math.max(w, y1 - y0) * (opts.specR ?? 0.28);
    const s = ctx.createRadialGradient(sx, sy, 0, sx, sy, r);
    s.addColorStop(0, m.spec);
    s.addColorStop(1, 'rgba(255,255,255,0)');
    ctx.fillStyle = s;
    ctx.fillRect(x0, y0, w, y1 - y0);
  }
  ctx.restore();
  ctx.lineJoin = 'round';
  ctx.strokeStyle = m.outline;
  ctx.lineWidth = LINE;
  ctx.stroke(path);
  if (m.rim) {
    ctx.save();
    ctx.clip(path);
    ctx.strokeStyle = m.rim;
    ctx.lineWidth = LINE * 0.9;
    ctx.translate(0.012, 0.012);
    ctx.stroke(path);
    ctx.restore();
  }
}

export function cylinderPath(w, yTop, yBot, ry) {
  const p = new Path2D();
  p.moveTo(-w / 2, yTop);
  p.lineTo(-w / 2, yBot - ry);
  p.ellipse(0, yBot - ry, w / 2, ry, 0, Math.PI, 0, true);
  p.lineTo(w / 2, yTop);
  p.ellipse(0, yTop, w / 2, ry, 0, 0, Math.PI, true);
  p.closePath();
  return p;
}

export function ellipsePath(x, y, rx, ry) {
  const p = new Path2D();
  p.ellipse(x, y, rx, ry, 0, 0, Math.PI * 2);
  return p;
}

export function shadow(ctx, w, y) {
  const g = ctx.createRadialGradient(0, y, 0, 0, y, w / 2);
  g.addColorStop(0, 'rgba(0,0,0,0.38)');
  g.addColorStop(1, 'rgba(0,0,0,0)');
  ctx.fillStyle = g;
  ctx.save();
  ctx.scale(1, 0.32);
  ctx.beginPath();
  ctx.arc(0, y / 0.32, w / 2, 0, Math.PI * 2);
  ctx.restore();
  ctx.fill();
}

/** The turned base shared by every piece but the Bia: a wide disc and a narrower collar. */
export function base(ctx, m, w) {
  const yb = 0.42;
  shadow(ctx, w * 1.2, yb - 0.01);
  const disc = cylinderPath(w, yb - 0.075, yb, 0.04);
  part(ctx, disc, m, [-w / 2, yb - 0.12, w / 2, yb], { spec: false });
  ctx.fillStyle = 'rgba(255,255,255,0.18)';
  ctx.fill(ellipsePath(0, yb - 0.075, w / 2 - LINE, 0.032));
  const cw = w * 0.68;
  const collar = cylinderPath(cw, yb - 0.125, yb - 0.07, 0.03);
  part(ctx, collar, m, [-cw / 2, yb - 0.16, cw / 2, yb - 0.07], { spec: false });
  return yb - 0.125; // top of the collar
}
