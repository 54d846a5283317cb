"""How far a weights file's search is from the exact score, on master games it never saw.

The yardstick of the evaluation's training (issue 36): for each game of the
held-out year (``HELD_OUT_YEAR``, never trained on), the position when it
reaches E empty squares, searched to a fixed depth by plain alpha-beta with
the evaluation (``tools.evaluation_bench.alphabeta``), against its exact
score under the FFO rule (empties to the winner) from ``tools/wthor_exact.py``'s
cache of that many empties or more. Prints the mean and median absolute error
in discs, a Markdown row per (empties, depth).

Usage (from the repository root; the held-out chunks of the exact cache first)::

    nice python -m tools.wthor_exact --empties 16 --workers 2 --chunks 6
    python -m tools.eval_error --weights game/ai/weights/patterns.bin build/other.bin --empties 12 14 16 --depths 0 2
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from game.ai.lab import DISC, WEIGHTS_PATH, load
from game.records.wthor import read_games, replay
from tools.evaluation_bench import alphabeta
from tools.wthor_exact import HELD_OUT_YEAR, exact_games


@dataclass(frozen=True)
class Solved:
    """A held-out position with its exact score for the side to move."""

    game: int
    empties: int
    player: int
    opponent: int
    score: int


def held_out_positions(empties: list[int], limit: int | None = None) -> list[Solved]:
    """The first position at each of ``empties`` of each held-out game whose exact score is cached."""
    solved = exact_games()
    out: list[Solved] = []
    games = [g for g in read_games() if g.year == HELD_OUT_YEAR]
    for game in games[:limit]:
        if game.index not in solved:
            continue
        first, scores = solved[game.index]
        plies = replay(game.squares)
        for wanted in empties:
            at = next((i for i, ply in enumerate(plies) if ply.empties == wanted), None)
            if at is not None and first <= at < first + len(scores):
                ply = plies[at]
                out.append(Solved(game.index, wanted, ply.player, ply.opponent, scores[at - first]))
    return out


def errors(weights: Path, positions: list[Solved], depth: int) -> list[float]:
    """|search value - exact score| in discs for each position, by ``depth``-ply alpha-beta with ``weights``."""
    evaluate = load(weights).evaluate
    return [
        abs(alphabeta(evaluate, s.player, s.opponent, depth, -(10**9), 10**9) / DISC - s.score) for s in positions
    ]


def main(argv: list[str] | None = None) -> int:
    """Print a Markdown table: per weights file, empties and depth, the mean and median error in discs."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--weights", type=Path, nargs="+", default=[WEIGHTS_PATH])
    parser.add_argument("--empties", type=int, nargs="+", default=[12, 14, 16])
    parser.add_argument("--depths", type=int, nargs="+", default=[2])
    parser.add_argument("--games", type=int, default=None, help="only the first N held-out games")
    args = parser.parse_args(argv)
    if any(not 1 <= e <= 60 for e in args.empties) or any(not 0 <= d <= 6 for d in args.depths):
        parser.error("--empties must be 1-60 and --depths 0-6")
    positions = held_out_positions(sorted(set(args.empties)), args.games)
    if not positions:
        print("no held-out position has a cached exact score: run tools.wthor_exact first", file=sys.stderr)
        return 1
    print("| weights | empties | depth | positions | mean error | median error |")
    print("|---|---|---|---|---|---|")
    for weights in args.weights:
        for depth in args.depths:
            started = time.perf_counter()
            for wanted in sorted(set(args.empties)):
                chosen = [s for s in positions if s.empties == wanted]
                if not chosen:
                    continue
                found = errors(weights, chosen, depth)
                print(f"| {weights.name} | {wanted} | {depth} | {len(found)} | {statistics.fmean(found):.2f} "
                      f"| {statistics.median(found):.2f} |", flush=True)
            print(f"({weights} at depth {depth}: {time.perf_counter() - started:.0f} s)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
