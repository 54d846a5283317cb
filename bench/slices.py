"""How long each ``advance(max_ms)`` slice of the AI really takes, per level, natively and in Pyodide.

    python bench/slices.py [--levels 3 4 5 6] [--slice-ms 10] [--games 3] [--pyodide] [--no-native] [--gaps]

The positions come from the held-out year's master games (``--games`` of
them): the opening (12 plies), the midgame (30 plies) and 20, 18, 16, 14 and
12 empty squares, which covers every level's exact and win/loss/draw solve
thresholds. For each level, the computer thinks on each position with the
level's own engine (kept warm between moves, as in the game), calling
``advance(slice_ms)`` until it has its move; the warm-up the game runs
behind its menu (``warm_up``) is measured first, in the same slices. Prints a
Markdown table: per level, the number of slices, the median, the 99th
percentile and the longest, natively and (with ``--pyodide``) in CPython on
WebAssembly (Pyodide under Node.js, through ``tests/wasm/run_in_pyodide.mjs``;
needs ``npm ci``), about three times slower per node, as in the browser.

``--tables`` instead times single stores into a transposition table, for a
table limit of 200,000 and ``search.TABLE_LIMIT``: a dict's growth copies
every entry in one step.

``--gaps`` also counts each slice's reads of the budget's clock and times the
CPU time between two of them (in Pyodide, the Node.js process's), and prints
the longest stretches with where the work was when it read the clock again:
what a slice can overrun by, whatever the machine's load (a loaded machine
stretches the wall-clock figures: a slice preempted at its end). The same
function runs in both interpreters (its source is sent to Pyodide), so the
two columns measure the same work.
"""

from __future__ import annotations

import argparse
import inspect
import json
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from game.ai import LEVELS  # noqa: E402

HARNESS = REPO / "tests" / "wasm" / "run_in_pyodide.mjs"
OPENING_PLIES = (12, 30)
ENDGAME_EMPTIES = (20, 18, 16, 14, 12)


def master_positions(games: int) -> list[tuple[int, int, str]]:
    """(black, white, to move) of the positions measured, from the first ``games`` held-out master games."""
    from game.records.wthor import read_games, replay
    from tools.wthor_exact import HELD_OUT_YEAR

    found: list[tuple[int, int, str]] = []
    taken = 0
    for game in read_games():
        if game.year != HELD_OUT_YEAR:
            continue
        plies = replay(game.squares)
        chosen = [plies[n] for n in OPENING_PLIES if n < len(plies)]
        chosen += [next(ply for ply in plies if ply.empties <= e) for e in ENDGAME_EMPTIES if plies[-1].empties <= e]
        for ply in chosen:
            black, white = (ply.player, ply.opponent) if ply.black_to_move else (ply.opponent, ply.player)
            found.append((black, white, "X" if ply.black_to_move else "O"))
        taken += 1
        if taken == games:
            return found
    return found


def cpu_clock() -> Callable[[], float]:
    """The process's CPU time in seconds: ``time.process_time``; in Pyodide, the Node.js process's."""
    try:
        import js
    except ImportError:
        return time.process_time
    usage = js.process.cpuUsage

    def cpu() -> float:
        used = usage()
        return float(used.user + used.system) / 1e6

    return cpu


def longest_stores(limits: list[int], stores: int = 700_000) -> dict[str, list[float]]:
    """Per table limit: the longest CPU times (ms) of ``stores`` stores of new positions into one table.

    The cyclic collector is off, so what remains is the table's own work (a dict copies every entry when it
    grows; the first fill may also grow the heap).
    """
    import gc
    import random

    from game.ai.lab import store

    cpu = cpu_clock()
    longest: dict[str, list[float]] = {}
    gc.disable()
    try:
        for limit in limits:
            rng = random.Random(5)
            table: dict[tuple[int, int], tuple[int, int, int, int]] = {}
            times = []
            for _ in range(stores):
                key = (rng.getrandbits(64), rng.getrandbits(64))
                started = cpu()
                table = store(table, limit, key, 5, 1, 0, 2, 3)
                times.append((cpu() - started) * 1000)
            longest[f"{limit:,}"] = sorted(times)[-3:][::-1]
    finally:
        gc.enable()
    return longest


def measure(levels: list[int], positions: list[tuple[int, int, str]], slice_ms: float,
            gaps: bool = False) -> dict[str, Any]:
    """Per level (and the warm-up): the slices' wall-clock durations in ms, and with ``gaps`` their clock reads.

    With ``gaps`` each slice also gets its number of clock reads and the longest CPU time between two of
    them (what it can overrun by whatever the load; a little slower to read, so not for the durations), and
    the longest stretches are kept with where the clock was read again. Runs unchanged in Pyodide, where
    the CPU time is the Node.js process's (``process.cpuUsage``).
    """
    import time
    import traceback

    from game.ai import LEVELS, think, warm_up
    from game.ai.lab import Budget, Job
    from game.engine import Position

    cpu = cpu_clock()
    longest: list[tuple[float, str, str]] = []  # (CPU ms, what ran, where the clock was read again)
    reads = [0, 0.0, 0.0]  # in this slice: clock reads, CPU time at the last one, the longest CPU gap
    warm_up_gaps: list[float] = []  # every CPU gap of the warm-up (ms): one a step, its job reading once a step

    def gap_clock(label: str) -> Any:
        def clock() -> float:
            now, used = time.perf_counter(), cpu()
            gap = used - reads[1]
            reads[0] += 1
            reads[2] = max(reads[2], gap)
            if label == "warm-up":
                warm_up_gaps.append(gap * 1000)
            if gap > 0.002 and (len(longest) < 12 or gap * 1000 > longest[-1][0]):
                frames = [f for f in traceback.extract_stack()[:-1] if "/game/" in f.filename][-3:]
                where = " < ".join(f"{Path(f.filename).stem}.{f.name}:{f.lineno}" for f in reversed(frames))
                longest.append((gap * 1000, label, where))
                longest.sort(reverse=True)
                del longest[12:]
            reads[1] = cpu()  # not counting the look at the stack
            return now

        return clock

    def timed(job: Job[Any], label: str) -> list[list[float]]:
        if gaps:
            job.budget.clock = gap_clock(label)
        measured = []
        while not (job.done or job.cancelled):
            reads[:] = [0, cpu(), 0.0]
            started = time.perf_counter()
            job.advance(slice_ms)
            measured.append([(time.perf_counter() - started) * 1000, reads[0], reads[2] * 1000])
        return measured

    slices: dict[str, list[list[float]]] = {"warm-up": timed(Job(warm_up(), Budget()), "warm-up")}
    for level in levels:
        name = LEVELS[level].name
        slices[name] = []
        for i, (black, white, to_move) in enumerate(positions):
            position = Position(black, white, "X" if to_move == "X" else "O")
            if position.legal_squares():
                slices[name] += timed(think(position, level, seed=i), f"{name} #{i}")
    return {"slices": slices, "gaps": longest, "warm_up_steps": warm_up_gaps}


def in_pyodide(call: str) -> Any:
    """The value of ``call`` (of this module's functions) run in Pyodide on this working tree."""
    program = (
        "import time\nfrom collections.abc import Callable\nfrom pathlib import Path\nfrom typing import Any\n"
        + "".join(inspect.getsource(f) for f in (cpu_clock, longest_stores, measure))
        + f"\n{call}\n"
    )
    completed = subprocess.run(
        ["node", str(HARNESS), "-c", program], cwd=REPO, capture_output=True, text=True, timeout=3600, check=False
    )
    if not completed.stdout.strip():
        raise RuntimeError(f"the Pyodide harness printed nothing: {completed.stderr.strip()}")
    report = json.loads(completed.stdout.strip().splitlines()[-1])
    if not report.get("ok"):
        raise RuntimeError(f"Pyodide run failed:\n{report.get('error')}")
    return report["value"]


def quantile(values: list[float], q: float) -> float:
    """The ``q`` quantile of ``values`` (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def table(results: dict[str, dict[str, list[list[float]]]], gaps: bool) -> str:
    """The Markdown table: a row per level (warm-up first), a group of columns per interpreter.

    Wall-clock slices: count, median, p99, max; with ``gaps`` also the clock reads in a median slice and
    the longest CPU time between two reads in a slice (p99 and max over the slices).
    """
    runs = list(results)
    group = "slices | median | p99 | max" + (" | reads | gap p99 | gap max" if gaps else "")
    head = "| level | " + " | ".join(f"{r} {group}" for r in runs) + " |"
    rule = "|---|" + "---:|" * (group.count("|") + 1) * len(runs)
    rows = [head, rule]
    for name in results[runs[0]]:
        cells = []
        for run in runs:
            slices = results[run][name]
            wall = [s[0] for s in slices]
            cell = f"{len(wall)} | {quantile(wall, 0.5):.1f} | {quantile(wall, 0.99):.1f} | {max(wall, default=0):.1f}"
            if gaps:
                gap = [s[2] for s in slices]
                cell += f" | {quantile([s[1] for s in slices], 0.5):.0f} | {quantile(gap, 0.99):.1f}"
                cell += f" | {max(gap, default=0):.1f}"
            cells.append(cell)
        rows.append(f"| {name} | " + " | ".join(cells) + " |")
    return "\n".join(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", type=int, nargs="*", default=[3, 4, 5, 6])
    parser.add_argument("--slice-ms", type=float, default=10.0)
    parser.add_argument("--games", type=int, default=3, help="held-out master games the positions come from")
    parser.add_argument("--pyodide", action="store_true", help="also measure in Pyodide (WebAssembly)")
    parser.add_argument("--native", action=argparse.BooleanOptionalAction, default=True)
    parser.add_argument("--gaps", action="store_true", help="print the longest stretches between clock reads")
    parser.add_argument("--tables", type=int, nargs="*", metavar="LIMIT",
                        help="instead: the longest stores into a table of each limit (default: 200,000 and ours)")
    args = parser.parse_args()
    if args.tables is not None:
        from game.ai.lab import TABLE_LIMIT

        limits = args.tables or [200_000, TABLE_LIMIT]
        runs = {"native": longest_stores(limits)} if args.native else {}
        if args.pyodide:
            runs["Pyodide"] = in_pyodide(f"longest_stores({limits!r})")
        for run, longest in runs.items():
            for limit, ms in longest.items():
                print(f"{run:8} limit {limit:>8}: longest stores {', '.join(f'{t:.1f}' for t in ms)} ms CPU")
        return
    positions = master_positions(args.games)
    results: dict[str, dict[str, list[list[float]]]] = {}
    gaps: dict[str, list[Any]] = {}
    warm_up_steps: dict[str, list[float]] = {}
    started = time.perf_counter()
    measured: dict[str, dict[str, Any]] = {}
    if args.native:
        measured["native"] = measure(args.levels, positions, args.slice_ms, args.gaps)
    if args.pyodide:
        measured["Pyodide"] = in_pyodide(f"measure({args.levels!r}, {positions!r}, {args.slice_ms!r}, {args.gaps!r})")
    for run, report in measured.items():
        results[run], gaps[run], warm_up_steps[run] = report["slices"], report["gaps"], report["warm_up_steps"]
    print(f"advance({args.slice_ms:g}) slices in ms, {len(positions)} positions per level,"
          f" {', '.join(LEVELS[n].name for n in args.levels)}; {time.perf_counter() - started:.0f} s\n")
    print(table(results, args.gaps))
    for run, steps in warm_up_steps.items():
        if steps:
            print(f"\nwarm-up steps, {run}: {len(steps)}, CPU ms median {quantile(steps, 0.5):.2f},"
                  f" p99 {quantile(steps, 0.99):.2f}, {sum(t > 2 for t in steps)} over 2 ms, longest {max(steps):.1f}")
    for run, found in gaps.items():
        if found:
            print(f"\nlongest CPU time between clock reads, {run}:")
            for ms, label, where in found:
                print(f"  {ms:6.1f} ms  {label:12} {where}")


if __name__ == "__main__":
    main()
