#!/usr/bin/env python3
"""Differential play against the reference rules (not part of `npm test`).

Plays random games and compares, at every ply, our rules (the UCI binary `makruk-uci`: `d`
and `go perft 1`) with Fairy-Stockfish's (its UCI binary for the legal moves and the FEN,
pyffish for the material verdict and to confirm each game's end): the legal moves, the FEN
(counting fields and Kar Ouk's checks included), whether and how the game has ended, and the
move just played in Thai notation (our `d`'s `Last:` line against pyffish's `get_san` with
`NOTATION_THAI_SAN`, in pyffish's own position with the promoted Bia marked). It stops at the first difference, printing the position and the move
list.

    nice -n 15 python3 scripts/differential.py --variant cambodian --games 10000 \\
        --ours target/release/makruk-uci --fsf /work/ext/fsf-master/src/stockfish

pyffish (0.0.90 or later) and a Fairy-Stockfish binary are outside the repository.

How the reference's end is read, ply by ply: Kar Ouk's check from the FEN's checks field, mate
and stalemate from its legal moves and checkers, counting from the FEN's counting fields,
threefold repetition from its FENs so far, material from pyffish.has_insufficient_material.
At each game's end pyffish itself (game_result, is_immediate_game_end, is_optional_game_end)
confirms that verdict on the whole move list. Cambodian counting's rule 3 (the board's honour
count kept when it ends sooner than a pieces' honour count replacing it) shows in the
reference only when told the ply the board's count began (`countStarted`): the tool takes that
ply from the reference's own FENs and asks pyffish for the FEN wherever it applies.
"""

import argparse
import random
import subprocess
import sys

import pyffish

CAMBODIAN_BOARD_LIMIT = 126


class Uci:
    """A UCI engine process spoken to line by line."""

    def __init__(self, command, variant):
        self.p = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.send("uci")
        self.until(lambda l: l == "uciok")
        self.send(f"setoption name UCI_Variant value {variant}")
        self.send("isready")
        self.until(lambda l: l == "readyok")

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, done):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("engine ended")
            line = line.rstrip("\n")
            lines.append(line)
            if done(line):
                return lines

    def state(self, position):
        """`position ...`, then the FEN, the legal moves and the rest of `d`'s lines."""
        self.send(position)
        self.send("d")
        self.send("go perft 1")
        lines = self.until(lambda l: l.startswith("Nodes searched"))
        fen = next(l[5:] for l in lines if l.startswith("Fen: "))
        moves = sorted(l.split(":")[0] for l in lines
                       if len(l.split(":")[0]) in (4, 5) and l.endswith(": 1"))
        return fen, moves, lines

    def close(self):
        self.send("quit")
        self.p.wait(timeout=10)


def key(fen):
    """What repetition compares: placement, side to move, rights."""
    f = fen.split()
    return " ".join(f[:3])


def fields(fen, karouk):
    """(limit, ply) of a running count, or None; (checks) for Kar Ouk."""
    f = fen.split()
    checks = None
    if karouk:
        checks = f.pop(4)
    if f[3] == "-":
        return None, checks
    return (int(f[3]), int(f[4])), checks


def set_fields(fen, karouk, limit, ply):
    f = fen.split()
    f[3] = str(limit)
    f[5 if karouk else 4] = str(ply)
    return " ".join(f)


class Reference:
    """The reference's game: its FEN after each ply, its legal moves and its verdict."""

    def __init__(self, fsf, variant, start):
        self.fsf, self.variant, self.start = fsf, variant, start
        self.cambodian = variant in ("cambodian", "karouk")
        self.karouk = variant == "karouk"
        self.fen = start
        self.shown = start  # the FEN as written with countStarted (rule 3)
        self.moves = []
        self.keys = [key(start)]
        self.board_start = None  # the game ply at which a board's honour count began
        self.material = {}
        self.pyffish_fens = 0
        _, self.legal, lines = fsf.state(f"position fen {start}")
        self.checkers = self.read_checkers(lines)

    @staticmethod
    def read_checkers(lines):
        line = next(l for l in lines if l.startswith("Checkers:"))
        return bool(line[len("Checkers:"):].strip())

    def play(self, move):
        fen, self.legal, lines = self.fsf.state(f"position fen {self.fen} moves {move}")
        self.checkers = self.read_checkers(lines)
        self.fen = fen
        self.moves.append(move)
        self.keys.append(key(fen))
        self.shown = fen
        count, _ = fields(fen, self.karouk)
        ply = len(self.moves)
        if self.cambodian and count and self.board_start is None and count[1] == 0:
            self.board_start = ply
        if self.cambodian and count and self.board_start is not None:
            board = ply - self.board_start
            limit, counted = count
            if CAMBODIAN_BOARD_LIMIT - board < limit - counted:
                # the board's honour count applies: the reference writes it when told
                self.shown = pyffish.get_fen(self.variant, self.start, self.moves, False, False,
                                             False, self.board_start + 1)
                self.pyffish_fens += 1
                expected = set_fields(fen, self.karouk, CAMBODIAN_BOARD_LIMIT, board)
                if self.shown != expected:
                    raise RuntimeError(f"rule 3 read wrongly: {self.shown} vs {expected}")

    def insufficient(self):
        placement = self.fen.split()[0]
        sig, sq = [], 0
        for rank_text in placement.split("/"):
            for c in rank_text:
                if c.isdigit():
                    sq += int(c)
                elif c != "~":
                    rank, file = 7 - sq // 8, sq % 8
                    sig.append(c + (str((rank + file) % 2) if c in "Mm" else ""))
                    sq += 1
        sig = "".join(sorted(sig))
        if sig not in self.material:
            w, b = pyffish.has_insufficient_material(self.variant, self.fen, [])
            self.material[sig] = w and b
        return self.material[sig]

    def verdict(self):
        """(result, reason) if the game has ended, else None. The side that just moved is
        `mover`."""
        count, checks = fields(self.shown, self.karouk)
        turn = self.fen.split()[1]
        mover_wins = "1-0" if turn == "b" else "0-1"
        if self.karouk and checks.split("+")[0 if turn == "b" else 1] == "0":
            return mover_wins, "check"
        if not self.legal:
            return (mover_wins, "checkmate") if self.checkers else ("1/2-1/2", "stalemate")
        if count and count[1] > count[0]:
            return "1/2-1/2", "counting"
        if self.keys.count(self.keys[-1]) >= 3:
            return "1/2-1/2", "repetition"
        if self.insufficient():
            return "1/2-1/2", "material"
        return None

    def confirm(self, verdict):
        """pyffish's own word on the end, on the whole move list."""
        v, start, moves = self.variant, self.start, self.moves
        result, reason = verdict
        if reason == "check":
            ended, value = pyffish.is_immediate_game_end(v, start, moves)
            return ended and value < 0
        if reason in ("checkmate", "stalemate"):
            value = pyffish.game_result(v, start, moves)
            return (value < 0) if reason == "checkmate" else value == 0
        if reason in ("counting", "repetition"):
            started = self.board_start + 1 if self.board_start is not None else 0
            ended, value = pyffish.is_optional_game_end(v, start, moves, False, started)
            return ended and value == 0
        w, b = pyffish.has_insufficient_material(v, start, moves)
        return w and b


def ours_state(ours, start, moves):
    """Our FEN (promoted Bia marked `~`), legal moves, verdict and the last move in Thai
    notation (or None)."""
    position = f"position fen {start}" + (" moves " + " ".join(moves) if moves else "")
    fen, legal, lines = ours.state(position)
    result = next(l for l in lines if l.startswith("Result: ")).split()
    verdict = None if result[1] == "*" else (result[1], result[2])
    last = next(l for l in lines if l.startswith("Last: ")).split()
    return fen, legal, verdict, (last[3] if len(last) == 4 else None)


def thai_difference(variant, before, move, ours):
    """The problem if our Thai notation of `move` (played in FEN `before`) is not pyffish's."""
    theirs = pyffish.get_san(variant, before, move, False, pyffish.NOTATION_THAI_SAN)
    if ours != theirs:
        return f"Thai notation of {move} in {before} differs: ours {ours}, reference {theirs}"
    return None


def play_game(ours, fsf, variant, rng, max_plies):
    """Plays one random game; returns (plies compared, verdict) or raises Difference."""
    start = pyffish.start_fen(variant)
    ref = Reference(fsf, variant, start)
    start = ref.fen = ref.shown = fsf.state(f"position fen {start}")[0]
    # the reference's position with its promoted Bia marked (`~`), which the binary's FEN does
    # not show and Thai notation writes apart (ง): pyffish's, ply by ply
    marked, before = start, None
    plies = 0
    while True:
        marked_fen, legal, verdict, thai = ours_state(ours, start, ref.moves)
        fen = marked_fen.replace("~", "")
        plies += 1
        ref_verdict = ref.verdict()
        problem = thai_difference(variant, before, ref.moves[-1], thai) if before else None
        if problem:
            pass  # the move just played was written wrongly
        elif marked.split()[0].replace("~", "") != ref.shown.split()[0]:
            problem = f"pyffish's placement {marked} is not the binary's"
        elif marked.split()[0] != marked_fen.split()[0]:
            problem = f"promoted Bia differ: ours {marked_fen}, pyffish {marked}"
        elif legal != ref.legal:
            problem = (f"legal moves differ: ours only {sorted(set(legal) - set(ref.legal))}, "
                       f"reference only {sorted(set(ref.legal) - set(legal))}")
        elif fen != ref.shown:
            problem = f"FEN differs: ours {fen}, reference {ref.shown}"
        elif verdict != ref_verdict:
            problem = f"game end differs: ours {verdict}, reference {ref_verdict}"
        elif ref_verdict and not ref.confirm(ref_verdict):
            problem = f"pyffish does not confirm the reference's end {ref_verdict}"
        if problem:
            raise Difference(variant, start, ref.moves, ref.shown, problem)
        if ref_verdict or len(ref.moves) >= max_plies:
            return plies, ref_verdict, ref.pyffish_fens
        before, move = marked, rng.choice(legal)
        ref.play(move)
        marked = pyffish.get_fen(variant, marked, [move], False, False, True)


class Difference(Exception):
    def __init__(self, variant, start, moves, fen, problem):
        super().__init__(f"{variant}: {problem}\n  position {fen}\n  start {start}\n"
                         f"  moves {' '.join(moves) or '-'}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", default="makruk",
                    choices=["makruk", "cambodian", "makpong", "karouk"])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-plies", type=int, default=3000)
    ap.add_argument("--ours", default="target/release/makruk-uci")
    ap.add_argument("--fsf", default="/work/ext/fsf-master/src/stockfish")
    ap.add_argument("--progress", type=int, default=500, help="report every N games")
    args = ap.parse_args()
    ours, fsf = Uci([args.ours], args.variant), Uci([args.fsf], args.variant)
    rng = random.Random(args.seed)
    plies = games = unfinished = asked = 0
    ends = {}
    try:
        for games in range(1, args.games + 1):
            n, verdict, fens = play_game(ours, fsf, args.variant, rng, args.max_plies)
            plies += n
            asked += fens
            if verdict is None:
                unfinished += 1
            else:
                ends[verdict[1]] = ends.get(verdict[1], 0) + 1
            if games % args.progress == 0:
                print(f"{games} games, {plies} plies", file=sys.stderr, flush=True)
    except Difference as d:
        print(f"DIFFERENCE in game {games} (seed {args.seed}): {d}")
        print(f"{games - 1} games and {plies} plies compared before it")
        sys.exit(1)
    finally:
        ours.close()
        fsf.close()
    print(f"{args.variant}: {games} games, {plies} plies compared ({plies - games} moves' Thai "
          f"notation), 0 differences "
          f"(ends: {dict(sorted(ends.items()))}; stopped at {args.max_plies} plies: "
          f"{unfinished}; rule-3 FENs asked of pyffish: {asked})")


if __name__ == "__main__":
    main()
