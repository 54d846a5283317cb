"""``bench/endgame.py``'s solves one position at a time, in the tree of the working directory: nodes and first guess.

    cd TREE && python /path/to/bench/endgame_positions.py e20 ffo40 [h18 ...]

Loads the working directory's own ``bench/endgame.py`` (so an older commit's tree, checked out in a worktree,
is measured with its own solver and its own benchmark) and prints, for each position, its exact score, the
nodes ``timed_solve`` counts (the first guess's and the ordering searches' included), its CPU seconds and
the first window's guess (``first_guess.first_guess``). ``eNN`` is the benchmark's eight positions at ``NN``
empties, ``hNN`` the next eight (held out of the benchmark), ``ffoNN`` an FFO position (checked against the
suite's score). Made for issue 45's seventh round of ``docs/ai-measurements.md``.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
from typing import Any


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sets", nargs="+", help="eNN, hNN or ffoNN")
    args = parser.parse_args()
    sys.path.insert(0, os.getcwd())
    spec = importlib.util.spec_from_file_location("tree_bench_endgame", os.path.join(os.getcwd(), "bench/endgame.py"))
    assert spec is not None and spec.loader is not None
    bench: Any = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    from game.engine import Position

    # the module whose solve() looks first_guess up: the measured tree may be older than this script, so it is
    # looked up by name (a tree before the lab's door had solve() in game.ai.endgame)
    try:
        solving: Any = importlib.import_module("game.ai.lab").exact
    except (ImportError, AttributeError):
        solving = importlib.import_module("game.ai.endgame")

    guesses: list[int] = []
    first_guess = solving.first_guess

    def recorded(player: int, opponent: int, guesser: Any) -> int:
        guesses.append(first_guess(player, opponent, guesser))
        return guesses[-1]

    solving.first_guess = recorded
    print(f"# {solving.__file__}", flush=True)
    lines = bench.FFO.read_text().splitlines()
    total_nodes, total_cpu = 0, 0.0
    for name in args.sets:
        if name.startswith("ffo"):
            board, _, rest = lines[int(name[3:]) - 1].partition(";")
            expected: int | None = int(rest.split(";")[0].split(":")[1])
            items = [(name, Position.from_text(board))]
        else:
            empties, held_out = int(name[1:]), name[0] == "h"
            positions = bench.sample_positions(empties, 16 if held_out else 8)
            first = 8 if held_out else 0
            items = [(f"{empties}/{i}", positions[i]) for i in range(first, first + 8)]
            expected = None
        for label, position in items:
            _, score, nodes, cpu = bench.timed_solve(position)
            total_nodes, total_cpu = total_nodes + nodes, total_cpu + cpu
            check = "" if expected is None else "ok" if score == expected else f"WRONG (expected {expected:+d})"
            print(f"{label}\t{score:+d}\t{nodes}\t{cpu:.2f}\tguess {guesses[-1]:+d}\t{check}", flush=True)
    print(f"total\t\t{total_nodes}\t{total_cpu:.1f}", flush=True)


if __name__ == "__main__":
    main()
