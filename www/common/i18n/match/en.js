// A match's texts (www/pages/game/match-view.js) in English; www/common/i18n/features.js loads them.
// The reference: every other language has these keys (tests/ui-i18n.node.test.mjs).
export default {
  matchGame: 'Game {n} of {total}',
  matchTieBreak: 'Tie-break {n}',
  matchScore: '{a} {scoreA} – {scoreB} {b}',
  matchTieBreakScore: 'tie-break {scoreA} – {scoreB}',
  matchYou: 'You',
  matchEngine: 'Engine',
  matchPlayer1: 'Player 1',
  matchPlayer2: 'Player 2',
  matchFriend: 'Your friend',
  matchYouWin: 'You win the match',
  matchEngineWins: 'The engine wins the match',
  matchPlayer1Wins: 'Player 1 wins the match',
  matchPlayer2Wins: 'Player 2 wins the match',
  matchFriendWins: 'Your friend wins the match',
  matchDrawn: 'The match is drawn',
  matchTied: 'The match is tied: a tie-break game in {variant} decides it.',
  matchNext: 'Next game',
  matchNextTieBreak: 'Tie-break game',
  matchEndDrawn: 'End as a draw',
};
