"""How long each ``advance(max_ms)`` slice of the AI really takes, over whole games.

    python bench/slices.py [--levels 3 4 5] [--slice-ms 10] [--games 1]

Prints, per level, the longest slice, the 95th/99th percentile and the
longest think, natively; also the CPU time of the slices, which on a busy
machine shows what the code itself takes apart from time the process waited. The game's frame budget depends on slices
returning within a few milliseconds of ``max_ms``.
"""

from __future__ import annotations

import argparse
import statistics
import time

from game.ai import LEVELS, think
from game.engine import GameRecord


def measure(level: int, slice_ms: float, games: int) -> dict[str, float]:
    """Play ``games`` self-play games at ``level``, timing every slice."""
    slices: list[float] = []
    cpu_slices: list[float] = []
    thinks: list[float] = []
    for game in range(games):
        record = GameRecord()
        while not record.is_over():
            job = think(record.position, level, seed=game * 100 + record.ply)
            started = time.perf_counter()
            move = None
            while move is None:
                t, c = time.perf_counter(), time.process_time()
                move = job.advance(slice_ms)
                slices.append((time.perf_counter() - t) * 1000)
                cpu_slices.append((time.process_time() - c) * 1000)
            thinks.append(time.perf_counter() - started)
            record.play(move)
    slices.sort()
    cpu_slices.sort()
    return {
        "cpu_max_ms": cpu_slices[-1],
        "cpu_p99_ms": cpu_slices[int(0.99 * (len(cpu_slices) - 1))],
        "max_ms": slices[-1],
        "p95_ms": slices[int(0.95 * (len(slices) - 1))],
        "p99_ms": slices[int(0.99 * (len(slices) - 1))],
        "mean_ms": statistics.fmean(slices),
        "slices": len(slices),
        "longest_think_s": max(thinks),
        "mean_think_s": statistics.fmean(thinks),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", type=int, nargs="*", default=[len(LEVELS) - 1])
    parser.add_argument("--slice-ms", type=float, default=10.0)
    parser.add_argument("--games", type=int, default=1)
    args = parser.parse_args()
    for level in args.levels:
        r = measure(level, args.slice_ms, args.games)
        print(
            f"{LEVELS[level].name:8} slice {args.slice_ms:g} ms: max {r['max_ms']:.1f} ms, p99 {r['p99_ms']:.1f},"
            f" p95 {r['p95_ms']:.1f}, mean {r['mean_ms']:.1f} over {r['slices']} slices;"
            f" think mean {r['mean_think_s']:.2f} s, longest {r['longest_think_s']:.2f} s;"
            f" CPU time of a slice: max {r['cpu_max_ms']:.1f} ms, p99 {r['cpu_p99_ms']:.1f}"
        )


if __name__ == "__main__":
    main()
