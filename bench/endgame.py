"""Exact endgame solving speed: median and worst seconds at 12 to 20 empty squares, and FFO positions.

    python bench/endgame.py [--empties 12 14 16 18 20] [--positions 8] [--ffo 40 41 42]

Positions come from games the Beginner level (hand-written evaluation, so
the sample does not change when the trained weights do) plays against itself from the XOT
openings (reproducible: fixed seeds), taken when the given number of squares
is empty. Each is solved exactly (score and one best move) by ``exact.solve`` with the
pattern evaluation and the first window centred on a shallow midgame search's
value (``guess_engine``, ``first_guess.first_guess``; its nodes and time are counted).
FFO positions are checked against the suite's known best score.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from game.ai import think
from game.ai.lab import Engine, Evaluator, build_search, default_probes, evaluation_of, solve
from game.engine import GameRecord, Position

OPENINGS = Path("/work/shared/reference/openings/xot-50.txt")
FFO = Path("/work/shared/reference/ffo/ffo.obf")


def sample_positions(empties: int, count: int) -> list[Position]:
    """``count`` positions with ``empties`` empty squares and a move to make, from Beginner self-play."""
    openings = [ln.split()[0] for ln in OPENINGS.read_text().splitlines() if ln.strip() and not ln.startswith("#")]
    found: list[Position] = []
    game = 0
    while len(found) < count:
        record = GameRecord.from_transcript(openings[game % len(openings)])
        while not record.is_over() and record.position.empty_count > empties:
            record.play(think(record.position, 1, seed=game * 64 + record.ply).run())
        if not record.is_over() and record.position.empty_count == empties:
            found.append(record.position)
        game += 1
    return found


def timed_solve(position: Position) -> tuple[float, int, int, float]:
    """(seconds, score, nodes, CPU seconds) of one exact solve."""
    evaluation = evaluation_of(Evaluator.PATTERN)
    guess = Engine(build_search(evaluation, probes=default_probes()))
    started, cpu = time.perf_counter(), time.process_time()
    result = solve(position.player, position.opponent, all_best=False, evaluation=evaluation, guess_engine=guess)
    return time.perf_counter() - started, result.score, result.nodes + guess.budget.nodes, time.process_time() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--empties", type=int, nargs="*", default=[12, 14, 16, 18, 20])
    parser.add_argument("--positions", type=int, default=8)
    parser.add_argument("--ffo", type=int, nargs="*", default=[])
    args = parser.parse_args()
    print("| empties | positions | median s | worst s | nodes/s | median CPU s | nodes |")
    print("|---|---|---|---|---|---|---|")
    for empties in args.empties:
        runs = [timed_solve(pos) for pos in sample_positions(empties, args.positions)]
        seconds = [r[0] for r in runs]
        rate = sum(r[2] for r in runs) / sum(seconds)
        print(f"| {empties} | {len(runs)} | {statistics.median(seconds):.2f} | {max(seconds):.2f} | {rate:,.0f} |"
              f" {statistics.median(r[3] for r in runs):.2f} | {sum(r[2] for r in runs):,} |", flush=True)
    lines = FFO.read_text().splitlines()
    for number in args.ffo:
        board, _, rest = lines[number - 1].partition(";")
        expected = int(rest.split(";")[0].split(":")[1])
        position = Position.from_text(board)
        elapsed, score, nodes, cpu = timed_solve(position)
        status = "ok" if score == expected else f"WRONG (expected {expected:+d})"
        empty = position.empty_count
        print(f"FFO #{number} ({empty} empty): {score:+d} {status} in {elapsed:.1f} s ({cpu:.1f} s CPU),"
              f" {nodes:,} nodes", flush=True)


if __name__ == "__main__":
    main()
