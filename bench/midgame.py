"""Midgame search speed: nodes and seconds to reach a fixed depth by iterative deepening (issue 23).

    PYTHONPATH=. python bench/midgame.py [--empties 24 30 36] [--positions 6] [--depth 8] [--no-mpc]
        [--json FILE]

Positions come from games the Beginner level (hand-written evaluation, so the sample does not change
when the trained weights do) plays against itself from the XOT openings, as in ``bench/endgame.py``.
Each is searched the way Master's midgame search is (pattern evaluation, Multi-ProbCut unless
``--no-mpc``, iterative deepening with aspiration) to ``--depth`` plies with no time limit. Node counts
are load-free (the quick measure of an ordering or cut-off change); seconds are not. With ``--json`` each
position's depth, score, move, nodes and seconds are written, so two versions can be compared position by
position (an ordering change without Multi-ProbCut must keep every score).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from endgame import sample_positions  # noqa: E402

from game.ai.lab import new_engine  # noqa: E402
from game.engine import Position  # noqa: E402


def timed_search(position: Position, depth: int, mpc: bool) -> dict[str, float | int]:
    """One fresh engine's iterative deepening to ``depth``: score, move, nodes, seconds, CPU seconds."""
    engine = new_engine(mpc=mpc)
    started, cpu = time.perf_counter(), time.process_time()
    search = engine.deepen(position.player, position.opponent, depth, None, started)
    try:
        while True:
            next(search)
    except StopIteration as stop:
        decision = stop.value
    return {"score": decision.value, "move": decision.move, "nodes": engine.budget.nodes,
            "seconds": time.perf_counter() - started, "cpu": time.process_time() - cpu}


def main() -> None:
    """Print a table of nodes and seconds by empties."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--empties", type=int, nargs="*", default=[24, 30, 36])
    parser.add_argument("--positions", type=int, default=6)
    parser.add_argument("--depth", type=int, default=8)
    parser.add_argument("--no-mpc", action="store_true")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    rows = []
    print("| empties | positions | depth | nodes | median s | total s | total CPU s | nodes/s |")
    print("|---|---|---|---|---|---|---|---|")
    for empties in args.empties:
        runs = [timed_search(pos, args.depth, not args.no_mpc) for pos in sample_positions(empties, args.positions)]
        rows += [{"empties": empties, "index": i, **run} for i, run in enumerate(runs)]
        seconds = [float(r["seconds"]) for r in runs]
        nodes = sum(int(r["nodes"]) for r in runs)
        cpu = sum(float(r["cpu"]) for r in runs)
        print(f"| {empties} | {len(runs)} | {args.depth} | {nodes:,} | {statistics.median(seconds):.2f} |"
              f" {sum(seconds):.2f} | {cpu:.2f} | {nodes / sum(seconds):,.0f} |", flush=True)
    if args.json:
        args.json.write_text("\n".join(json.dumps(row) for row in rows) + "\n")


if __name__ == "__main__":
    main()
