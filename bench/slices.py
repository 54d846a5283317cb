"""How long each ``advance(max_ms)`` slice of the AI really takes, over whole games, natively and in Pyodide.

    python bench/slices.py [--levels 0 1 2 3 4 5] [--slice-ms 16] [--games 1] [--pyodide]

Prints, per level, the longest slice, the 95th/99th percentile and the
longest think; natively also the CPU time of the slices, which on a busy
machine shows what the code itself takes apart from time the process waited,
and the longest CPU time between two reads of the search's clock: the most a
slice can overrun by, whatever the load (in the browser about three times it).
With ``--pyodide`` the same games are also played in CPython on WebAssembly
(Pyodide under Node.js, through ``tests/wasm/run_in_pyodide.mjs``; needs ``npm ci``),
about three times slower per node, as in the browser. The evaluation is warmed
up first, as the game does while its menu is on screen. The game's frame
budget depends on slices returning within a few milliseconds of ``max_ms``.
"""

from __future__ import annotations

import argparse
import inspect
import json
import statistics
import subprocess
import time
from pathlib import Path

from game.ai import LEVELS, think, warm_up
from game.engine import GameRecord

REPO = Path(__file__).resolve().parent.parent
HARNESS = REPO / "tests" / "wasm" / "run_in_pyodide.mjs"


class GapClock:
    """The search's clock, also noting the longest CPU time between two of its reads.

    That gap is what a slice can overrun by, whatever else the machine does; in
    the browser, about three times as much.
    """

    def __init__(self) -> None:
        self.last = time.process_time()
        self.longest = 0.0

    def __call__(self) -> float:
        now = time.process_time()
        self.longest = max(self.longest, now - self.last)
        self.last = now
        return time.perf_counter()


def measure(level: int, slice_ms: float, games: int, gaps: bool = False) -> dict[str, float]:
    """Play ``games`` self-play games at ``level``, timing every slice (and the clock's gaps if ``gaps``)."""
    for _ in warm_up():
        pass
    gap = GapClock() if gaps else None
    slices: list[float] = []
    cpu_slices: list[float] = []
    thinks: list[float] = []
    for game in range(games):
        record = GameRecord()
        while not record.is_over():
            job = think(record.position, level, seed=game * 100 + record.ply)
            if gap is not None:
                job.budget.clock = gap
                gap.last = time.process_time()
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
        "longest_gap_ms": 0.0 if gap is None else gap.longest * 1000,
    }


def measure_in_pyodide(level: int, slice_ms: float, games: int) -> dict[str, float]:
    """``measure`` run in Pyodide on this working tree."""
    program = (
        "import statistics, time\nfrom game.ai import LEVELS, think, warm_up\nfrom game.engine import GameRecord\n"
        + inspect.getsource(GapClock)
        + inspect.getsource(measure)
        + f"\nmeasure({level}, {slice_ms}, {games})\n"
    )
    completed = subprocess.run(
        ["node", str(HARNESS), "-c", program], cwd=REPO, capture_output=True, text=True, timeout=3600, check=False
    )
    if not completed.stdout.strip():
        raise RuntimeError(f"the Pyodide harness printed nothing: {completed.stderr.strip()}")
    report = json.loads(completed.stdout.strip().splitlines()[-1])
    if not report.get("ok"):
        raise RuntimeError(f"Pyodide run failed:\n{report.get('error')}")
    result: dict[str, float] = report["value"]
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", type=int, nargs="*", default=[len(LEVELS) - 1])
    parser.add_argument("--slice-ms", type=float, default=10.0)
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--pyodide", action="store_true", help="also play the games in Pyodide (WebAssembly)")
    args = parser.parse_args()
    for level in args.levels:
        r = measure(level, args.slice_ms, args.games, gaps=True)
        print(
            f"{LEVELS[level].name:8} native  slice {args.slice_ms:g} ms: max {r['max_ms']:.1f} ms,"
            f" p99 {r['p99_ms']:.1f}, p95 {r['p95_ms']:.1f}, mean {r['mean_ms']:.1f} over {r['slices']} slices;"
            f" think mean {r['mean_think_s']:.2f} s, longest {r['longest_think_s']:.2f} s;"
            f" CPU time of a slice: max {r['cpu_max_ms']:.1f} ms, p99 {r['cpu_p99_ms']:.1f};"
            f" longest CPU time between clock checks {r['longest_gap_ms']:.1f} ms",
            flush=True,
        )
        if args.pyodide:
            w = measure_in_pyodide(level, args.slice_ms, args.games)
            print(
                f"{LEVELS[level].name:8} pyodide slice {args.slice_ms:g} ms: max {w['max_ms']:.1f} ms,"
                f" p99 {w['p99_ms']:.1f}, p95 {w['p95_ms']:.1f}, mean {w['mean_ms']:.1f} over {w['slices']} slices;"
                f" think mean {w['mean_think_s']:.2f} s, longest {w['longest_think_s']:.2f} s",
                flush=True,
            )


if __name__ == "__main__":
    main()
