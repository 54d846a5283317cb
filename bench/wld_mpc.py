"""Multi-ProbCut in the win/loss/draw stage: how much faster, and how often it gets the result wrong.

    python bench/wld_mpc.py [--empties 16 18 20] [--positions 20]

Positions come from the held-out year's master games (never used to fit the
parameters), the position before the move at that many empties. Each is
searched twice for win/loss/draw (window -1..1) with the shipped pattern
evaluation: exactly, and selectively (``Solver.root(..., selective=True)``).
Prints per number of empties the median time and nodes of each, and how many
selective results disagree with the exact one about win, draw or loss.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from game.ai import Job
from game.ai.lab import SolveMode, endgame, new_engine
from game.records.wthor import read_games, replay

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tools.wthor_exact import HELD_OUT_YEAR  # noqa: E402


def positions(empties: int, count: int) -> list[tuple[int, int]]:
    """(player, opponent) before the move at ``empties`` empties, from the first ``count`` held-out games."""
    found = []
    for game in read_games():
        if game.year != HELD_OUT_YEAR:
            continue
        for ply in replay(game.squares):
            if 64 - (ply.player | ply.opponent).bit_count() == empties:
                found.append((ply.player, ply.opponent))
                break
        if len(found) == count:
            break
    return found


def sign(score: int) -> int:
    return (score > 0) - (score < 0)


def wld(p: int, o: int, selective: bool) -> tuple[int, int, float]:
    """(result, nodes, seconds) of a fresh engine's win/loss/draw search."""
    engine = new_engine()
    started = time.perf_counter()
    score, _, _ = Job(engine.solver.root(p, o, SolveMode.BEST, -1, 1, selective=selective)).run()
    return sign(score), engine.budget.nodes, time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--empties", type=int, nargs="+", default=[16, 18, 20])
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--threshold", type=float, default=endgame.WLD_THRESHOLD,
                        help="standard deviations a cut needs (default: the shipped one)")
    args = parser.parse_args()
    endgame.WLD_THRESHOLD = args.threshold
    print(f"threshold {args.threshold:g} standard deviations")
    print("| empties | positions | exact: median s | nodes | selective: median s | nodes | wrong results |")
    print("|---|---|---|---|---|---|---|")
    for empties in args.empties:
        rows = []
        for p, o in positions(empties, args.positions):
            rows.append((wld(p, o, False), wld(p, o, True)))
        wrong = sum(1 for exact, selective in rows if exact[0] != selective[0])
        print(f"| {empties} | {len(rows)} | {statistics.median(r[0][2] for r in rows):.2f} |"
              f" {statistics.median(r[0][1] for r in rows):,.0f} | {statistics.median(r[1][2] for r in rows):.2f} |"
              f" {statistics.median(r[1][1] for r in rows):,.0f} | {wrong} |", flush=True)


if __name__ == "__main__":
    main()
