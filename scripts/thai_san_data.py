#!/usr/bin/env python3
"""Writes the Thai notation test data (crate/makruk/testdata/thai_san.txt) from the reference:
random games of the four rule sets played with pyffish 0.0.90, each move written by
`pyffish.get_san(..., pyffish.NOTATION_THAI_SAN)`. Run once; the output is committed with a
header naming its source and what it holds.

    python3 scripts/thai_san_data.py > crate/makruk/testdata/thai_san.txt

One game a line: `variant ; start FEN ; uci thai uci thai ... ; final FEN` (the final FEN as
pyffish writes it, with the promoted Bia marked `~`). The Rust test (crate/makruk/tests/
thai_san.rs) replays each game and checks every move's Thai notation and the final FEN.
Games are cut at a random length so that openings, middle games and endings all appear; a
few games start from positions with many pieces of a kind, where disambiguation is common.
"""

import random
import sys

import pyffish

VARIANTS = ["makruk", "cambodian", "makpong", "karouk"]
MOVES_PER_VARIANT = 1600
# positions rich in same-kind pieces (two Ruea, three Ma, promoted Bia next to Mets)
CROWDED = [
    "r3k2r/1n3n2/2m~1m3/pp4pp/PP4PP/2M1M~3/1N3N2/R2K3R w - - 0 1",
    "1r2k1r1/3n4/1n3n2/2ss4/4SS2/1N3N2/4N3/1R1K2R1 w - - 0 1",
    "4k3/8/1M~3M~2/1R3R2/8/2m~1m~3/1r3r2/3K4 b - - 0 1",
]


def thai(variant, fen, move):
    return pyffish.get_san(variant, fen, move, False, pyffish.NOTATION_THAI_SAN)


def kinds(san):
    """What a move's Thai notation shows, for the counts in the header."""
    body = san.rstrip("+#")
    out = []
    if "x" in body:
        out.append("capture")
    if san.endswith("+"):
        out.append("check")
    if san.endswith("#"):
        out.append("mate")
    if body.endswith("=M"):
        out.append("promotion")
    if body.startswith("ง") and ("-" in body or "x" in body):
        out.append("promoted-bia-moves")
    head = body.split("-")[0].split("x")[0] if ("-" in body or "x" in body) else ""
    letter = "ม็" if head.startswith("ม็") else head[:1]
    rest = head[len(letter):]
    if letter and rest:
        digits = sum(c in "๑๒๓๔๕๖๗๘" for c in rest)
        files = len(rest) - digits
        out.append("disambiguation-" + ("square" if digits and files else
                                         "rank" if digits else "file"))
    return out


def game(variant, start, rng, plies):
    """A random game from `start`: its moves as (uci, thai) and the final FEN."""
    fen, moves = start, []
    while len(moves) < plies:
        legal = pyffish.legal_moves(variant, fen, [])
        ended, _ = pyffish.is_immediate_game_end(variant, fen, [])
        if not legal or ended:
            break
        move = rng.choice(legal)
        moves.append((move, thai(variant, fen, move)))
        fen = pyffish.get_fen(variant, fen, [move], False, False, True)
    return moves, fen


def main():
    rng = random.Random(45)
    counts, total, lines = {}, 0, []
    for variant in VARIANTS:
        made = 0
        while made < MOVES_PER_VARIANT:
            crowded = rng.random() < 0.15 and variant in ("makruk", "makpong")
            start = rng.choice(CROWDED) if crowded else pyffish.start_fen(variant)
            moves, final = game(variant, start, rng, rng.choice([30, 60, 120, 250, 400]))
            if not moves:
                continue
            made += len(moves)
            for _, san in moves:
                for k in kinds(san):
                    counts[k] = counts.get(k, 0) + 1
            pairs = " ".join(f"{u} {t}" for u, t in moves)
            lines.append(f"{variant} ; {start} ; {pairs} ; {final}")
        total += made
        print(f"{variant}: {made} moves", file=sys.stderr, flush=True)
    print(f"# Thai notation from pyffish 0.0.90 (get_san with NOTATION_THAI_SAN), made by "
          f"scripts/thai_san_data.py (seed 45): {len(lines)} random games, {total} moves.")
    print("# Moves by kind: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())) + ".")
    print("# variant ; start FEN ; uci thai ... ; final FEN (pyffish's, promoted Bia as ~)")
    for line in lines:
        print(line)


if __name__ == "__main__":
    main()
