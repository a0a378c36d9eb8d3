// The engine's levels, the one place the page knows them: 1 to 8 (the engine's, crate/makruk/
// src/search/levels.rs), the level a new player meets, the levels whose replies keep a
// person's pace, and each level's measured strength (LEVEL_ELO and LEVEL_FS_SKILL of
// levels.rs; tests/ui-i18n.node.test.mjs keeps them equal), which the level texts show as
// `{elo}` and `{skill}`.

/** The strongest level (the weakest is 1). */
export const MAX_LEVEL = 8;
/** The level of a first game and of a link or saved game that names none. */
export const DEFAULT_LEVEL = 4;
/** Levels 1 to this one answer at a person's pace (www/pages/game/pace.js). */
export const PACED_LEVELS = 6;
/** Each level's Elo as measured (levels.rs `LEVEL_ELO`), level 1 first. */
export const LEVEL_ELO = [800, 1040, 1280, 1520, 1760, 2050, 2280, 2510];
/** Each level's Fairy-Stockfish Skill Level equivalent (levels.rs `LEVEL_FS_SKILL`). */
export const LEVEL_FS_SKILL = [3, 4, 6, 8, 9, 11, 17, 20];

/** Whether `n` is a level (a whole number from 1 to MAX_LEVEL). */
export const isLevel = (n) => Number.isInteger(n) && n >= 1 && n <= MAX_LEVEL;

/** A level of untrusted origin (storage) made valid: rounded into 1..MAX_LEVEL, else the default. */
export const clampLevel = (level) => Math.min(MAX_LEVEL, Math.max(1, Math.round(Number(level)) || DEFAULT_LEVEL));

