"""Is Novice beatable by someone who has just read the rules? Novice against simple scripted players.

    python bench/novice.py [--games 60] [--level novice]

The scripted players stand for a newcomer: one plays at random, one always
flips the most discs, one takes any corner (the rules say corners can never
be flipped) and otherwise flips the most. Colours alternate; prints the
level's wins, draws and losses against each.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import level_by_name_or_index, think  # noqa: E402
from game.ai.lab import Level  # noqa: E402
from game.engine import BLACK, WHITE, GameRecord, Position  # noqa: E402
from game.engine.bitboard import FLIPPERS  # noqa: E402

CORNERS = (0, 7, 56, 63)
Script = Callable[[Position, random.Random], int]


def flips_most(position: Position, rng: random.Random) -> int:
    """A move flipping the most discs (ties at random)."""
    counts = {sq: FLIPPERS[sq](position.player, position.opponent).bit_count() for sq in position.legal_squares()}
    best = max(counts.values())
    return rng.choice([sq for sq, n in counts.items() if n == best])


def corners_then_flips(position: Position, rng: random.Random) -> int:
    """Any corner if there is one, otherwise the move flipping the most."""
    corners = [sq for sq in position.legal_squares() if sq in CORNERS]
    return rng.choice(corners) if corners else flips_most(position, rng)


def at_random(position: Position, rng: random.Random) -> int:
    """Any legal move."""
    return rng.choice(position.legal_squares())


def match(level: Level, script: Script, games: int) -> tuple[int, int, int]:
    """(wins, draws, losses) of ``level`` against ``script``."""
    wins = draws = losses = 0
    for game in range(games):
        rng = random.Random(game)
        record = GameRecord()
        level_colour = BLACK if game % 2 == 0 else WHITE
        while not record.is_over():
            position = record.position
            if position.to_move == level_colour:
                move = think(position, level, seed=game * 100 + record.ply).run()
            else:
                move = script(position, rng)
            record.play(move)
        result = record.result
        assert result is not None
        margin = result.margin(level_colour)
        wins += margin > 0
        draws += margin == 0
        losses += margin < 0
    return wins, draws, losses


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--level", type=level_by_name_or_index, default="novice", help="a name or an index")
    args = parser.parse_args()
    for name, script in (("random mover", at_random), ("flips the most", flips_most),
                         ("corners, then flips the most", corners_then_flips)):
        wins, draws, losses = match(args.level, script, args.games)
        print(f"{args.level.name} vs {name}: {wins}-{draws}-{losses}")


if __name__ == "__main__":
    main()
