// Why a move is refused, in a sentence of each language of www/i18n/ (same codes): the
// reasons of the rules module (`Game.whyIllegal`, crate/makruk/src/explain.rs) as
// `why_<reason>`, or `why_<reason>_<piece>` where the piece changes the sentence. The game page
// and the embed load this module on the first refusal (www/refusal.js); the lessons with
// their texts (www/learn/strings.js).

const en = {
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
};

const th = {
  why_noPiece: 'ไม่มีหมากอยู่ในช่องนั้น',
  why_notYourTurn: 'หมากตัวนั้นเป็นของอีกฝ่าย',
  why_ownPiece: 'มีหมากของคุณเองอยู่ในช่องนั้น',
  why_notThatWay: '{piece}เดินแบบนั้นไม่ได้',
  why_biaOneStep: 'เบี้ยเดินทีละหนึ่งช่อง เดินสองช่องไม่ได้',
  why_biaCapturesDiagonally: 'เบี้ยกินตรงไปข้างหน้าไม่ได้ กินได้แต่ทแยงไปข้างหน้า',
  why_biaDiagonalOnlyToCapture: 'เบี้ยเดินทแยงได้เฉพาะตอนกิน',
  why_blocked: 'มีหมากขวางทางอยู่ เรือกระโดดข้ามไม่ได้',
  why_firstMoveGone_khun: 'ขุนกระโดดไม่ได้แล้ว เพราะขุนเคยเดิน หรือเรือฝ่ายตรงข้ามเข้ามาในแถวหรือแนวตั้งของขุน',
  why_firstMoveGone_met: 'เม็ดเดินสองช่องไม่ได้แล้ว เพราะเม็ดเคยเดิน',
  why_firstMoveNoCapture_khun: 'ขุนกระโดดได้เฉพาะไปช่องว่าง',
  why_firstMoveNoCapture_met: 'การเดินสองช่องของเม็ดกินไม่ได้',
  why_leapOutOfCheck: 'ขุนกระโดดหนีรุกไม่ได้',
  why_intoCheck: 'ขุนเดินเข้าช่องที่ถูกโจมตีไม่ได้',
  why_stillInCheck: 'ขุนของคุณถูกรุกอยู่ และตานี้ไม่ได้แก้รุก',
  why_exposesKhun: 'ตานี้จะเปิดทางให้ขุนของคุณถูกรุก',
  why_other: 'เดินแบบนี้ไม่ได้',
  why_khunMustCapture: 'ใน Makpong ขุนที่ถูกรุกหนีไม่ได้ กินได้เฉพาะตัวที่รุก',
};

const tr = {
  why_noPiece: 'O karede taş yok.',
  why_notYourTurn: 'O taş diğer tarafın.',
  why_ownPiece: 'Orada kendi taşın duruyor.',
  why_notThatWay: '{piece} öyle gitmez.',
  why_biaOneStep: 'Bia bir seferde bir kare gider: çift adımı yoktur.',
  why_biaCapturesDiagonally: 'Bia düz ileri alamaz, yalnızca çapraz ileri alır.',
  why_biaDiagonalOnlyToCapture: 'Bia çapraz yalnızca taş alırken gider.',
  why_blocked: 'Yolda bir taş var: Ruea atlayamaz.',
  why_firstMoveGone_khun: 'Khun artık sıçrayamaz: ya oynadı ya da rakip bir Ruea onun sırasına veya sütununa geldi.',
  why_firstMoveGone_met: 'Met artık iki kare gidemez: oynadı.',
  why_firstMoveNoCapture_khun: 'Khun’un sıçrayışı yalnızca boş kareye olur.',
  why_firstMoveNoCapture_met: 'Met’in çift adımı asla taş almaz.',
  why_leapOutOfCheck: 'Khun şahtan sıçrayarak kaçamaz.',
  why_intoCheck: 'Khun saldırı altındaki bir kareye gidemez.',
  why_stillInCheck: 'Khun’un şahta ve bu hamle şahı kaldırmıyor.',
  why_exposesKhun: 'Bu hamle Khun’una giden yolu açar.',
  why_other: 'Bu hamle yapılamaz.',
  why_khunMustCapture: 'Makpong’da şah çekilen Khun kaçamaz: yalnızca şah çeken taşı alabilir.',
};

const de = {
  why_noPiece: 'Auf diesem Feld steht kein Stein.',
  why_notYourTurn: 'Dieser Stein gehört der anderen Seite.',
  why_ownPiece: 'Dort steht dein eigener Stein.',
  why_notThatWay: '{piece}: so zieht er nicht.',
  why_biaOneStep: 'Ein Bia zieht nur ein Feld: einen Doppelschritt hat er nicht.',
  why_biaCapturesDiagonally: 'Ein Bia schlägt nicht gerade vorwärts, nur diagonal vorwärts.',
  why_biaDiagonalOnlyToCapture: 'Ein Bia zieht nur diagonal, wenn er schlägt.',
  why_blocked: 'Ein Stein steht im Weg: der Ruea kann nicht springen.',
  why_firstMoveGone_khun: 'Der Khun darf nicht mehr springen: er hat gezogen, oder ein gegnerischer Ruea kam auf seine Reihe oder Linie.',
  why_firstMoveGone_met: 'Der Met darf nicht mehr zwei Felder ziehen: er hat gezogen.',
  why_firstMoveNoCapture_khun: 'Der Sprung des Khun geht nur auf ein leeres Feld.',
  why_firstMoveNoCapture_met: 'Der Doppelschritt des Met schlägt nie.',
  why_leapOutOfCheck: 'Der Khun darf nicht aus dem Schach springen.',
  why_intoCheck: 'Der Khun darf nicht auf ein angegriffenes Feld ziehen.',
  why_stillInCheck: 'Dein Khun steht im Schach, und dieser Zug hebt es nicht auf.',
  why_exposesKhun: 'Dieser Zug würde eine Linie zu deinem Khun öffnen.',
  why_other: 'Dieser Zug ist nicht erlaubt.',
  why_khunMustCapture: 'Im Makpong darf ein Khun im Schach nicht ausweichen: Er darf nur die Figur schlagen, die Schach bietet.',
};

const uk = {
  why_noPiece: 'На цій клітинці немає фігури.',
  why_notYourTurn: 'Ця фігура належить іншій стороні.',
  why_ownPiece: 'Там стоїть ваша власна фігура.',
  why_notThatWay: '{piece}: так не ходить.',
  why_biaOneStep: 'Бія ходить лише на одну клітинку: подвійного кроку в неї немає.',
  why_biaCapturesDiagonally: 'Бія не б’є прямо вперед, лише по діагоналі вперед.',
  why_biaDiagonalOnlyToCapture: 'Бія ходить по діагоналі лише тоді, коли б’є.',
  why_blocked: 'На шляху стоїть фігура: Руа не перестрибує.',
  why_firstMoveGone_khun: 'Кхун більше не може стрибати: він уже ходив, або ворожа Руа стала на його горизонталь чи вертикаль.',
  why_firstMoveGone_met: 'Мет більше не може піти на дві клітинки: він уже ходив.',
  why_firstMoveNoCapture_khun: 'Стрибок Кхуна — лише на порожню клітинку.',
  why_firstMoveNoCapture_met: 'Подвійний крок Мета ніколи не б’є.',
  why_leapOutOfCheck: 'Кхун не може вистрибнути з-під шаху.',
  why_intoCheck: 'Кхун не може стати на клітинку під ударом.',
  why_stillInCheck: 'Ваш Кхун під шахом, і цей хід його не знімає.',
  why_exposesKhun: 'Цей хід відкрив би лінію на вашого Кхуна.',
  why_other: 'Такий хід не дозволено.',
  why_khunMustCapture: 'У макпонгу Кхун під шахом не може відступити: він може лише взяти фігуру, що дає шах.',
};

/** The reasons' sentences by language code. */
export const REFUSALS = { en, th, tr, de, uk };
