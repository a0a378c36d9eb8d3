// The analysis' lines as the engine's reports come in: a multi-PV search reports each depth's
// lines one by one, so the lines of two depths would mix (the new best line beside the old
// second line, which may be the same move: one line shown twice). Kept by depth, the lines
// shown are the deepest depth's whose every line is in, else the deepest so far.

/** A collector: `add(info)` ({depth, multipv, pv, ...}) and resolves to the lines to show,
 * best first, all of one depth. */
export function createLines() {
  let byDepth = new Map(); // depth -> [info by multipv slot]
  let width = 0; // the most lines one depth has had: a depth with as many is complete
  return {
    add(info) {
      const depth = info.depth || 0;
      const row = byDepth.get(depth) || [];
      row[Math.max(1, info.multipv || 1) - 1] = info;
      byDepth.set(depth, row);
      const count = (r) => r.filter(Boolean).length;
      width = Math.max(width, count(row));
      const depths = [...byDepth.keys()].sort((a, b) => b - a);
      const full = depths.find((d) => count(byDepth.get(d)) >= width) ?? depths[0];
      // what is shallower than the complete depth is never shown again
      byDepth = new Map(depths.filter((d) => d >= full).map((d) => [d, byDepth.get(d)]));
      return byDepth.get(full).filter(Boolean);
    },
  };
}
