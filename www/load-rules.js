// The rules module for a page (the game page, the side pages, the embed): www/wasm.js, or
// www/wasm-full.js where PGN or the trainer's tables are needed, fetched when first asked for
// and loaded once (each module's own promise); a failure is said in one sentence of the
// page's language (`wasmMissing`). The workers load their module themselves.

import { errorText } from './common/dom.js';

/** Resolves to the rules module's exports (`full`: the module with PGN and the trainer's
 * tables), or rejects with the reason it could not be loaded. */
export async function rulesModule(full = false) {
  const mod = await (full ? import('./wasm-full.js') : import('./wasm.js'));
  await mod.loadWasm();
  return mod;
}

/** Why the move `from`-`to` is refused at `ply` of the game `record` ({reason, piece}: the
 * full module's Game.whyIllegal, which loads on the first refusal), or null. */
export async function whyIllegal(record, ply, from, to) {
  try {
    const { Game } = await rulesModule(true);
    const { game } = Game.fromRecord(record, ply);
    try {
      return game.whyIllegal(from, to) ?? null;
    } finally {
      game.free?.();
    }
  } catch {
    return null;
  }
}

/**
 * Resolves to the rules module's exports (`{Game, ...}`), or to null after `show(text)` has
 * said why it could not be loaded (in `i18n`'s language). `full`: the module with PGN and the
 * trainer's tables.
 */
export async function loadRules(i18n, show, { full = false } = {}) {
  try {
    return await rulesModule(full);
  } catch (e) {
    show(i18n.t('wasmMissing', { error: errorText(e) }));
    return null;
  }
}

/** Resolves to the full module's `thaiLine` (moves in Thai notation), which the first visit
 * does without: loaded when the Thai notation is first shown. */
export const thaiNotation = async () => (await rulesModule(true)).thaiLine;
