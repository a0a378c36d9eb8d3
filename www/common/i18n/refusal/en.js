// Why a move is refused (the game page, the embed, the lessons) in English; www/common/i18n/features.js loads them.
// The reference: every other language has these keys (tests/ui-i18n.node.test.mjs).
export default {
  why_noPiece: 'There is no piece on that square.',
  why_notYourTurn: 'That piece belongs to the other side.',
  why_ownPiece: 'Your own piece stands there.',
  why_notThatWay: 'The {piece} does not move that way.',
  why_biaOneStep: 'A Bia steps one square at a time: it has no double step.',
  why_biaCapturesDiagonally: 'A Bia cannot capture straight ahead, only diagonally forward.',
  why_biaDiagonalOnlyToCapture: 'A Bia moves diagonally only to capture.',
  why_blocked: 'A piece stands in the way: the Ruea cannot jump.',
  why_firstMoveGone_khun: 'The Khun can no longer leap: it has moved, or an enemy Ruea came onto its rank or file.',
  why_firstMoveGone_met: 'The Met can no longer step two squares: it has moved.',
  why_firstMoveNoCapture_khun: 'The Khun’s leap goes only to an empty square.',
  why_firstMoveNoCapture_met: 'The Met’s double step never captures.',
  why_leapOutOfCheck: 'The Khun may not leap out of check.',
  why_intoCheck: 'The Khun may not step onto a square that is attacked.',
  why_stillInCheck: 'Your Khun is in check, and this move does not end it.',
  why_exposesKhun: 'That move would open a line to your Khun.',
  why_other: 'That move is not allowed.',
  why_khunMustCapture: 'In Makpong a Khun in check may not step away: it may only capture the piece that gives check.',
  why_gameOver: 'The game is over: no more moves.',
};
