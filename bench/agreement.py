"""How often a level chooses the move a world-championship player chose (a proxy for strength we track).

    python bench/agreement.py --levels 3 5 [--positions 300] [--time-scale 1.0] [--weights FILE]

Positions 16-44 plies into the games of the World Championship of the
held-out year (2023: never trained on, by the evaluation or the book), an
evenly spaced sample of ``--positions``. Each level thinks as in a game
(its time per move times ``--time-scale``); the figure is the share of
positions where it plays the champion's move (book moves included: the book
reaches ply 24). ``--weights`` runs the same levels with another weights file
(for example ``bench/weights/patterns-v1.bin``, the self-play weights the
WTHOR-trained ones replaced) and ``--no-book`` without the opening book.
Data: the FFO's WTHOR database.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import LEVELS, think  # noqa: E402
from game.ai.lab import (  # noqa: E402
    Evaluator,
    Level,  # noqa: E402
    WeightsFile,
)
from game.engine import Position  # noqa: E402
from game.records.wthor import read_games, replay  # noqa: E402

YEAR = 2023
FIRST_PLY, LAST_PLY = 16, 44


def sample(n: int) -> list[tuple[Position, int]]:
    """Evenly spaced (position, champion's move) pairs from the held-out world championship."""
    pairs = []
    for game in read_games():
        if game.year == YEAR and "World" in game.event:
            for ply in replay(game.squares)[FIRST_PLY : LAST_PLY + 1]:
                position = Position.from_player_opponent(ply.player, ply.opponent, "X" if ply.black_to_move else "O")
                if len(position.legal_squares()) > 1:
                    pairs.append((position, ply.move))
    step = max(1, len(pairs) // n)
    return pairs[::step][:n]


def variant(level: Level, time_scale: float, weights: str | None, book: bool = True) -> Level:
    """The level with its time scaled and, if given, another weights file or no opening book."""
    seconds = level.limits.seconds
    if seconds is not None:
        level = dataclasses.replace(level, limits=level.limits.per_move(seconds * time_scale))
    if weights is not None and level.evaluation is Evaluator.PATTERN:
        level = dataclasses.replace(level, evaluation=WeightsFile(str(weights)))
    if not book:
        level = dataclasses.replace(level, book=None)
    return level


def main(argv: list[str] | None = None) -> int:
    """Print each level's agreement with the champions."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", type=int, nargs="+", default=[3, len(LEVELS) - 1])
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--time-scale", type=float, default=1.0)
    parser.add_argument("--weights", default=None)
    parser.add_argument("--no-book", action="store_true", help="without the opening book (as the first ladder)")
    args = parser.parse_args(argv)
    pairs = sample(args.positions)
    for index in args.levels:
        level = variant(LEVELS[index], args.time_scale, args.weights, not args.no_book)
        started = time.perf_counter()
        agreed = sum(think(position, level, seed=i).run() == move for i, (position, move) in enumerate(pairs))
        print(
            f"{level.name} ({level.evaluation}, {level.limits.seconds} s a move, book {level.book}): "
            f"{agreed}/{len(pairs)} = "
            f"{100 * agreed / len(pairs):.1f}% agree with the champion ({time.perf_counter() - started:.0f} s)",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
