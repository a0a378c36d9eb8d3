// QR codes of links for the Share dialog: encoding (by lean-qr) and drawing on a canvas.

// The encoder is lean-qr from npm (package-lock.json), which scripts/build.sh copies into
// www/vendor/: loaded when the Share dialog first opens, not on the page's first visit.
let qrEncoder = null;

/** Resolves to the QR encoder (lean-qr's exports), loaded once; a failure is tried again later. */
export function loadQrEncoder() {
  qrEncoder ??= import('../../../vendor/lean-qr.js').catch((e) => {
    qrEncoder = null; // another opening tries again
    throw e;
  });
  return qrEncoder;
}

/** Error-correction levels tried for the whole game, most robust first. */
export const QR_LEVELS = ['M', 'L'];
/** The standard's quiet zone around a code, in modules. */
export const QR_QUIET = 4;

/** A QR code of `text` (versions 1 to 40, the smallest that holds it, at `level` or a higher
 * level that fits the same version), or null when even version 40 cannot hold it. */
export function encodeQR({ generate, correction }, text, level) {
  try {
    return generate(text, { minCorrectionLevel: correction[level] });
  } catch {
    return null;
  }
}

/** Draws `code` and its quiet zone on `canvas`, `scale` canvas pixels a module. */
export function drawQR(code, canvas, scale) {
  const px = (code.size + 2 * QR_QUIET) * scale;
  canvas.width = px;
  canvas.height = px;
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, px, px);
  ctx.fillStyle = '#000';
  for (let y = 0; y < code.size; y++) {
    for (let x = 0; x < code.size; x++) {
      if (code.get(x, y)) ctx.fillRect((x + QR_QUIET) * scale, (y + QR_QUIET) * scale, scale, scale);
    }
  }
}
