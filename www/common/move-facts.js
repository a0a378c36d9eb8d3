// A move's facts as the rules module gives them beside its SAN, one number a move (the `facts`
// of a legal or played move: `Game.legalMoves()`, `play()`, `played()`; the core's
// `move_facts`, its bits set by crate/makruk-wasm/src/game.rs `facts`): the words and the pace
// of a move are made of these, never of the SAN's letters.

/** It captures. */
export const CAPTURE = 0x100;
/** It gives check (mate included). */
export const CHECK = 0x200;
/** It mates. */
export const MATE = 0x400;
/** A Bia is promoted. */
export const PROMOTION = 0x800;
/** Its SAN names the square it comes from (a Bia's capture, a piece told apart from another). */
export const FROM_NAMED = 0x1000;

/** The FEN letter (uppercase) of the piece that moves. */
export const pieceOf = (facts) => String.fromCharCode(facts & 0xff);
