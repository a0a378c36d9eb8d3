// Local storage for every page, as JSON; it may be blocked (a private window, a sandboxed
// frame) or full: reading then gives null and writing does nothing.

/** The value kept under `key`, or null (none, unreadable, or storage blocked). */
export function readStored(key) {
  try {
    const v = localStorage.getItem(key);
    return v ? JSON.parse(v) : null;
  } catch {
    return null;
  }
}

/** Where the game page keeps its settings, which every page's board follows. */
export const SETTINGS_KEY = 'makruk.settings';

/**
 * The settings chosen on the game page (the board's theme, coordinates and piece set, the
 * moves' notation, ...) for a reader of `lang`: Thai readers get Thai coordinates and Thai
 * notation until they choose otherwise.
 */
export function savedSettings(lang) {
  const thai = lang === 'th';
  return { theme: 'wood', coords: thai ? 'thai' : 'latin', notation: thai ? 'thai' : 'standard', ...(readStored(SETTINGS_KEY) || {}) };
}

/** Keeps `value` under `key` when storage allows it. */
export function writeStored(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // private window or full storage: not kept
  }
}
