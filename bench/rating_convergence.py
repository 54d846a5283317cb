"""How well the player's rating finds simulated players of known strength on today's ladder (``docs/rating.md``).

    python bench/rating_convergence.py [--games 150] [--seeds 40]

Each simulated player plays every game at "Play at my level" and wins with the probability Elo gives for
their true strength (4 % draws): the simulation ``tests/test_rating.py`` asserts on. One row per true
strength: each level's rating (the range over the levels), 150 below the lowest, midway, 100 above the top.
Columns: the mean error, the mean deviation, the share within one and two deviations, and the share of
players whose "my level" is as even as the nearest level's, give or take ``EVEN``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.play.rating import my_level  # noqa: E402
from tests.test_rating import EVEN, RATED, nearest_level, rating_of, simulate, unevenness  # noqa: E402


def row(truth: float, games: int, seeds: int) -> tuple[float, float, float, float, float]:
    """(mean error, mean deviation, within 1 RD, within 2 RD, share as even as the nearest level)."""
    ratings = [simulate(lambda game: truth, games, seed) for seed in range(seeds)]
    errors = [abs(r.rating - truth) for r in ratings]
    best = unevenness(nearest_level(truth), truth)
    picks = [found[0] for found in map(my_level, ratings) if found is not None]
    return (statistics.mean(errors), statistics.mean(r.deviation for r in ratings),
            sum(e <= r.deviation for e, r in zip(errors, ratings, strict=True)) / seeds,
            sum(e <= 2 * r.deviation for e, r in zip(errors, ratings, strict=True)) / seeds,
            sum(unevenness(pick, truth) <= best + EVEN for pick in picks) / seeds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--seeds", type=int, default=40)
    args = parser.parse_args()
    low, high = rating_of(RATED[0]), rating_of(RATED[-1])
    print(f"{len(RATED)} levels, {low:.0f} to {high:.0f}; {args.games} games, {args.seeds} seeds each")
    print("| true strength | mean error | deviation | within 1 RD | within 2 RD | as even as the nearest level |")
    print("|---|---|---|---|---|---|")
    levels = [row(rating_of(level), args.games, args.seeds) for level in RATED]

    def span(column: int, percent: bool) -> str:
        values = [figures[column] for figures in levels]
        shown = [f"{100 * v:.0f}%" if percent else f"{v:.0f}" for v in (min(values), max(values))]
        return shown[0] if shown[0] == shown[1] else f"{shown[0]}-{shown[1]}"

    print(f"| each level's rating | {span(0, False)} | {span(1, False)} | {span(2, True)} | {span(3, True)} |"
          f" {span(4, True)} |")
    middle = (low + high) / 2
    for label, truth in ((f"150 below {RATED[0].name}", low - 150), (f"midway ({middle:.0f})", middle),
                         (f"100 above {RATED[-1].name}", high + 100)):
        error, deviation, one, two, even = row(truth, args.games, args.seeds)
        print(f"| {label} | {error:.0f} | {deviation:.0f} | {100 * one:.0f}% | {100 * two:.0f}% | {100 * even:.0f}% |")


if __name__ == "__main__":
    main()
