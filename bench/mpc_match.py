"""Multi-ProbCut's worth: the top level with it against the top level without, at equal time per move.

    python bench/mpc_match.py [--games 20] [--seconds 0.2] [--threshold 1.5]

Each XOT opening is played twice, colours swapped; no opening book (the
openings give the variety). Prints the score of the side with Multi-ProbCut
(wins + draws/2), its disc margin per game and the Elo difference that score means.
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import random
from pathlib import Path

from game.ai.lab import LEVELS, Engine, Job, choose_move, mpc, new_engine
from game.engine import BLACK, PASS, WHITE, Color, GameRecord

OPENINGS = Path("/work/shared/reference/openings/xot-50.txt")


def play(engines: dict[Color, Engine], opening: str, seconds: float) -> int:
    """One game from ``opening``; the final disc difference for Black (empties to the winner)."""
    level = dataclasses.replace(LEVELS[-1], book=None)
    limits = level.limits.per_move(seconds)
    record = GameRecord.from_transcript(opening)
    while not record.is_over():
        position = record.position
        if not position.legal_moves():
            record.play(PASS)
            continue
        engine = engines[position.to_move]
        steps = choose_move(engine, level, position, random.Random(record.ply), engine.budget.clock(), limits)
        record.play(Job(steps, engine.budget).run())
    result = record.result
    assert result is not None
    return result.margin(BLACK)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=0.2)
    parser.add_argument("--threshold", type=float, default=mpc.THRESHOLD, help="standard deviations a cut needs")
    args = parser.parse_args()
    mpc.THRESHOLD = args.threshold
    openings = [ln.split()[0] for ln in OPENINGS.read_text().splitlines() if ln.strip() and not ln.startswith("#")]
    points = margin = 0.0
    for game in range(args.games):
        with_mpc, without = new_engine(mpc=True), new_engine(mpc=False)
        mpc_black = game % 2 == 0
        black, white = (with_mpc, without) if mpc_black else (without, with_mpc)
        engines: dict[Color, Engine] = {BLACK: black, WHITE: white}
        diff = play(engines, openings[game // 2 % len(openings)], args.seconds)
        mine = diff if mpc_black else -diff
        points += 1.0 if mine > 0 else 0.5 if mine == 0 else 0.0
        margin += mine
        print(f"game {game + 1}: Multi-ProbCut {'Black' if mpc_black else 'White'}, {mine:+d} discs", flush=True)
    share = points / args.games
    elo = 400 * math.log10(share / (1 - share)) if 0 < share < 1 else float("inf") * (1 if share else -1)
    print(f"Multi-ProbCut (threshold {args.threshold:g}) at {args.seconds:g} s a move:"
          f" {points:g}/{args.games} ({100 * share:.0f} %),"
          f" {margin / args.games:+.1f} discs a game, about {elo:+.0f} Elo")


if __name__ == "__main__":
    main()
