#!/usr/bin/env python3
"""Writes test data from the reference rules for a variant (makpong, karouk): perft counts
(EPD, as `perft/public.epd`) and game-end cases (as `results/public.txt`), from
Fairy-Stockfish's UCI binary and pyffish. Run once; the output is committed under
crate/makruk/testdata with a header naming its source.

    python3 scripts/reference_data.py makpong perft > crate/makruk/testdata/makpong.epd
    python3 scripts/reference_data.py makpong cases > crate/makruk/testdata/makpong_results.txt
"""

import random
import sys

import pyffish

from differential import Reference, Uci

FSF = "/work/ext/fsf-master/src/stockfish"
MAX_LEAVES = 3_000_000


def perft(fsf, fen, depth):
    fsf.send(f"position fen {fen}")
    fsf.send(f"go perft {depth}")
    line = fsf.until(lambda l: l.startswith("Nodes searched"))[-1]
    return int(line.split(":")[1])


def random_game(fsf, variant, rng, stop=None):
    """A random game by the reference: its Reference after the last ply (ended, or `stop`
    plies)."""
    ref = Reference(fsf, variant, pyffish.start_fen(variant))
    ref.fen = ref.shown = ref.start = fsf.state(f"position fen {ref.start}")[0]
    while ref.verdict() is None and (stop is None or len(ref.moves) < stop):
        ref.play(rng.choice(ref.legal))
    return ref


def epd(fsf, variant, rng):
    positions = [fsf.state(f"position fen {pyffish.start_fen(variant)}")[0]]
    while len(positions) < 25:
        ref = random_game(fsf, variant, rng, stop=rng.randrange(8, 90))
        # Makpong: positions in check are where its rule bites
        if ref.verdict() is None and (variant != "makpong" or ref.checkers or len(positions) > 15):
            positions.append(ref.fen)
    for fen in positions:
        counts, depth = [], 1
        while depth <= (5 if fen == positions[0] else 4):
            n = perft(fsf, fen, depth)
            if n > MAX_LEAVES and depth > 3:
                break
            counts.append(f";D{depth} {n}")
            depth += 1
        print(fen, " ".join(counts))


def case_line(ident, category, start, moves, ref, final, verdict, note):
    """One case; the final FEN as pyffish writes it with the promoted Bia marked (`~`)."""
    started = ref.board_start + 1 if ref.board_start is not None else 0
    final = pyffish.get_fen(ref.variant, start, moves, False, False, True, started)
    assert final.replace("~", "") == ref.shown, (final, ref.shown)
    result, reason = verdict or ("*", "not over")
    # the reason words of results.txt
    reason = {"check": "check: the first check wins", "material": "insufficient material",
              "repetition": "threefold repetition"}.get(reason, reason)
    return (f"{ident} ; {category} ; {start} ; moves {' '.join(moves) or '-'} ; result {result} ; "
            f"{reason} ; final {final} ; note {note}")


def cases(fsf, variant, rng, crafted):
    n = 0
    for start, moves, category, note in crafted:
        ref = Reference(fsf, variant, start)
        for m in moves.split():
            assert m in ref.legal, (start, m)
            ref.play(m)
        n += 1
        print(case_line(f"{variant[:2].upper()}{n:02d}", category, start, ref.moves, ref,
                        ref.shown, ref.verdict(), note))
    seen = set()
    while n < 30:
        ref = random_game(fsf, variant, rng)
        verdict = ref.verdict()
        if verdict is None or (verdict[1] in seen and rng.random() < 0.7):
            continue
        seen.add(verdict[1])
        assert ref.confirm(verdict), (verdict, ref.moves)
        n += 1
        print(case_line(f"{variant[:2].upper()}{n:02d}", f"random-{verdict[1]}", ref.start,
                        ref.moves, ref, ref.shown, verdict, "a random game to its end"))
        # the same game one ply before its end: not over
        before = Reference(fsf, variant, ref.start)
        for m in ref.moves[:-1]:
            before.play(m)
        n += 1
        print(case_line(f"{variant[:2].upper()}{n:02d}", f"random-{verdict[1]}-control",
                        ref.start, before.moves, before, before.shown, before.verdict(),
                        "one ply before the end"))


CRAFTED = {
    "makpong": [
        ("3k4/8/8/8/8/8/r7/3K4 b - - 0 1", "a2a1", "khun-may-not-flee",
         "the Ruea's check on d1: in Makruk the Khun steps away, in Makpong it is mate"),
        ("4k3/8/8/8/8/8/r7/3K4 b - - 0 1", "a2d2", "khun-captures-checker",
         "the Khun in check may only take the unprotected Ruea on d2: the game goes on"),
    ],
    "karouk": [
        ("4k3/8/8/8/3p4/8/4K3/8 b - - 1+1 0 1", "d4d3m", "first-check",
         "a Bia promoting with check wins at once (a count had started too)"),
        ("4k3/8/8/8/8/8/8/R2K4 w - - 1+1 0 1", "a1a8", "first-check",
         "the Ruea's check wins at once"),
        ("4k3/8/8/8/8/8/8/R2K4 w - - 1+1 0 1", "a1a7", "no-check",
         "no check, no end"),
    ],
}


def main():
    variant, what = sys.argv[1], sys.argv[2]
    fsf = Uci([FSF], variant)
    rng = random.Random(31)
    if what == "perft":
        print(f"# {variant}: perft counts from Fairy-Stockfish master (its UCI binary, "
              f"`go perft`), made by scripts/reference_data.py: the start position and random "
              f"positions of random games.")
        epd(fsf, variant, rng)
    else:
        print(f"# {variant} game-end cases from the reference rules (Fairy-Stockfish master's "
              f"'{variant}', pyffish 0.0.90 confirming each end), made by "
              f"scripts/reference_data.py. Format as results.txt.")
        cases(fsf, variant, rng, CRAFTED[variant])
    fsf.close()


if __name__ == "__main__":
    main()
