// The match's texts (www/game/match-view.js), every language of www/i18n/ (same codes and
// placeholder rules; tests/ui-i18n.node.test.mjs checks them), looked up through featureTexts:
// they load with the match, not on a first visit.

const en = {
  matchGame: 'Game {n} of {total}',
  matchTieBreak: 'Tie-break {n}',
  matchScore: '{a} {scoreA} – {scoreB} {b}',
  matchTieBreakScore: 'tie-break {scoreA} – {scoreB}',
  matchYou: 'You',
  matchEngine: 'Engine',
  matchPlayer1: 'Player 1',
  matchPlayer2: 'Player 2',
  matchYouWin: 'You win the match',
  matchEngineWins: 'The engine wins the match',
  matchPlayer1Wins: 'Player 1 wins the match',
  matchPlayer2Wins: 'Player 2 wins the match',
  matchDrawn: 'The match is drawn',
  matchTied: 'The match is tied: a tie-break game in {variant} decides it.',
  matchNext: 'Next game',
  matchNextTieBreak: 'Tie-break game',
  matchEndDrawn: 'End as a draw',
};

const th = {
  matchGame: 'เกมที่ {n} จาก {total}',
  matchTieBreak: 'เกมตัดสิน {n}',
  matchScore: '{a} {scoreA} – {scoreB} {b}',
  matchTieBreakScore: 'เกมตัดสิน {scoreA} – {scoreB}',
  matchYou: 'คุณ',
  matchEngine: 'คอมพิวเตอร์',
  matchPlayer1: 'ผู้เล่น 1',
  matchPlayer2: 'ผู้เล่น 2',
  matchYouWin: 'คุณชนะการแข่งขัน',
  matchEngineWins: 'คอมพิวเตอร์ชนะการแข่งขัน',
  matchPlayer1Wins: 'ผู้เล่น 1 ชนะการแข่งขัน',
  matchPlayer2Wins: 'ผู้เล่น 2 ชนะการแข่งขัน',
  matchDrawn: 'การแข่งขันเสมอ',
  matchTied: 'คะแนนเท่ากัน: ตัดสินด้วยเกม {variant}',
  matchNext: 'เกมถัดไป',
  matchNextTieBreak: 'เกมตัดสิน',
  matchEndDrawn: 'จบเสมอ',
};

const tr = {
  matchGame: 'Oyun {n} / {total}',
  matchTieBreak: 'Eşitlik oyunu {n}',
  matchScore: '{a} {scoreA} – {scoreB} {b}',
  matchTieBreakScore: 'eşitlik bozma {scoreA} – {scoreB}',
  matchYou: 'Sen',
  matchEngine: 'Motor',
  matchPlayer1: 'Oyuncu 1',
  matchPlayer2: 'Oyuncu 2',
  matchYouWin: 'Maçı kazandın',
  matchEngineWins: 'Maçı motor kazandı',
  matchPlayer1Wins: 'Maçı Oyuncu 1 kazandı',
  matchPlayer2Wins: 'Maçı Oyuncu 2 kazandı',
  matchDrawn: 'Maç berabere',
  matchTied: 'Maçta eşitlik var: kararı {variant} ile bir eşitlik oyunu verecek.',
  matchNext: 'Sonraki oyun',
  matchNextTieBreak: 'Eşitlik oyunu',
  matchEndDrawn: 'Berabere bitir',
};

const de = {
  matchGame: 'Partie {n} von {total}',
  matchTieBreak: 'Stichkampf {n}',
  matchScore: '{a} {scoreA} – {scoreB} {b}',
  matchTieBreakScore: 'Stichkampf {scoreA} – {scoreB}',
  matchYou: 'Du',
  matchEngine: 'Engine',
  matchPlayer1: 'Spieler 1',
  matchPlayer2: 'Spieler 2',
  matchYouWin: 'Du gewinnst den Wettkampf',
  matchEngineWins: 'Die Engine gewinnt den Wettkampf',
  matchPlayer1Wins: 'Spieler 1 gewinnt den Wettkampf',
  matchPlayer2Wins: 'Spieler 2 gewinnt den Wettkampf',
  matchDrawn: 'Der Wettkampf endet remis',
  matchTied: 'Gleichstand: eine Stichkampfpartie in {variant} entscheidet.',
  matchNext: 'Nächste Partie',
  matchNextTieBreak: 'Stichkampfpartie',
  matchEndDrawn: 'Als Remis beenden',
};

const uk = {
  matchGame: 'Партія {n} з {total}',
  matchTieBreak: 'Тай-брейк {n}',
  matchScore: '{a} {scoreA} – {scoreB} {b}',
  matchTieBreakScore: 'тай-брейк {scoreA} – {scoreB}',
  matchYou: 'Ви',
  matchEngine: 'Рушій',
  matchPlayer1: 'Гравець 1',
  matchPlayer2: 'Гравець 2',
  matchYouWin: 'Ви виграли матч',
  matchEngineWins: 'Рушій виграв матч',
  matchPlayer1Wins: 'Гравець 1 виграв матч',
  matchPlayer2Wins: 'Гравець 2 виграв матч',
  matchDrawn: 'Матч завершився внічию',
  matchTied: 'Рахунок рівний: вирішить тай-брейк у {variant}.',
  matchNext: 'Наступна партія',
  matchNextTieBreak: 'Тай-брейк',
  matchEndDrawn: 'Завершити внічию',
};

/** The match's texts by language code. */
export const STRINGS = { en, th, tr, de, uk };
