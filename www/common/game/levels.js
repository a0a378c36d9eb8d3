// The engine's levels as the page uses them: how many there are (the core's, crate/makruk/
// src/search/levels.rs; tests/ui-i18n.node.test.mjs asks the core), the level a new player
// meets, and the levels whose replies keep a person's pace. Each level's measured strength,
// which the level texts show as `{elo}` and `{skill}`, is the core's (Game.rules(): the New
// game dialog asks it).

/** The strongest level (the weakest is 1). */
export const MAX_LEVEL = 8;
/** The level of a first game and of a link or saved game that names none. */
export const DEFAULT_LEVEL = 4;
/** Levels 1 to this one answer at a person's pace (www/pages/game/pace.js). */
export const PACED_LEVELS = 6;

/** Whether `n` is a level (a whole number from 1 to MAX_LEVEL). */
export const isLevel = (n) => Number.isInteger(n) && n >= 1 && n <= MAX_LEVEL;

/** A level of untrusted origin (storage) made valid: rounded into 1..MAX_LEVEL, else the default. */
export const clampLevel = (level) => Math.min(MAX_LEVEL, Math.max(1, Math.round(Number(level)) || DEFAULT_LEVEL));

