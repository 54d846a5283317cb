"""The strength ladder: matches between levels from balanced openings, with Elo and error bars.

    python bench/ladder.py --games 100 --workers 2 [--time-scale 1.0] [--pairs 0-1 1-2 2-B ...]

Each pairing plays the XOT openings in ``/work/shared/reference/openings/xot-50.txt``
(or ``--openings``), every opening twice with colours swapped. ``B`` is the
baseline: Club's search with the hand-written evaluation. ``M1`` is the
Master of the first ladder: Master's search with the self-play weights that
the WTHOR-trained ones replaced (``bench/weights/patterns-v1.bin``) and no
opening book. ``--time-scale``
multiplies every level's time per move (to fit a long ladder into less time;
the report says so). Results are printed as a Markdown table and, with
``--json``, appended as JSON lines for later sessions.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import sys
import time
import zlib
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

from game.ai import LEVELS, think
from game.ai.levels import BASELINE, Level
from game.engine import BLACK, GameRecord

DEFAULT_OPENINGS = Path("/work/shared/reference/openings/xot-50.txt")


def load_openings(path: Path) -> list[str]:
    """Transcripts, one a line, comments and blank lines skipped."""
    return [line.split()[0] for line in path.read_text().splitlines() if line.strip() and not line.startswith("#")]


FIRST_WEIGHTS = Path(__file__).resolve().parent / "weights" / "patterns-v1.bin"
FIRST_MASTER = dataclasses.replace(
    LEVELS[-1], index=-2, name="First Master", evaluation=f"pattern:{FIRST_WEIGHTS}", book=None
)
"""Not offered to players: the Master of the first ladder (self-play weights, no book)."""


def level_named(key: str, time_scale: float) -> Level:
    """A level by index, ``B`` for the baseline or ``M1`` for the first Master, with its time scaled."""
    special = {"B": BASELINE, "M1": FIRST_MASTER}
    level = special[key.upper()] if key.upper() in special else LEVELS[int(key)]
    if level.seconds is not None and time_scale != 1.0:
        level = dataclasses.replace(level, seconds=level.seconds * time_scale)
    return level


SLOW_MOVE_FACTOR = 6.0
"""A move that takes this many times its level's time per move (plus a second) is reported on stderr."""


def play_game(task: tuple[str, str, str, float, int]) -> tuple[float, int, int]:
    """One game; returns (score of the first level: 1, 0.5 or 0, its disc margin, moves)."""
    first_key, second_key, opening, time_scale, first_is_black = task
    first, second = level_named(first_key, time_scale), level_named(second_key, time_scale)
    record = GameRecord.from_transcript(opening)
    seed = zlib.crc32(f"{opening}{first_is_black}".encode()) & 0xFFFF
    while not record.is_over():
        position = record.position
        first_to_move = (position.to_move == BLACK) == bool(first_is_black)
        level = first if first_to_move else second
        started = time.perf_counter()
        record.play(think(position, level, seed=seed + record.ply).run())
        spent = time.perf_counter() - started
        if level.seconds is not None and spent > SLOW_MOVE_FACTOR * level.seconds + 1.0:
            # the time limits should make this impossible: keep the position to reproduce it
            print(f"slow move: {level.name} took {spent:.1f} s (time {level.seconds:g} s) at "
                  f"{position.to_text()}", file=sys.stderr, flush=True)
    result = record.result
    assert result is not None
    margin = result.disc_difference(BLACK if first_is_black else "O")
    score = 1.0 if margin > 0 else 0.0 if margin < 0 else 0.5
    return score, margin, record.ply


def elo(score: float) -> float:
    """Elo difference for an expected score (clamped away from 0 and 1)."""
    score = min(max(score, 0.001), 0.999)
    return -400.0 * math.log10(1.0 / score - 1.0)


def summarise(scores: list[float]) -> dict[str, float]:
    """Score, Elo difference and its 95% interval from per-game scores."""
    n = len(scores)
    mean = sum(scores) / n
    variance = sum((s - mean) ** 2 for s in scores) / max(n - 1, 1)
    margin = 1.96 * math.sqrt(variance / n)
    return {
        "games": n,
        "wins": sum(1 for s in scores if s == 1.0),
        "draws": sum(1 for s in scores if s == 0.5),
        "losses": sum(1 for s in scores if s == 0.0),
        "score": mean,
        "elo": elo(mean),
        "elo_low": elo(mean - margin),
        "elo_high": elo(mean + margin),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per pairing (even)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--time-scale", type=float, default=1.0)
    parser.add_argument("--openings", type=Path, default=DEFAULT_OPENINGS)
    default_pairs = [f"{i + 1}-{i}" for i in range(len(LEVELS) - 1)] + [f"{i}-B" for i in range(len(LEVELS))]
    parser.add_argument("--pairs", nargs="*", default=default_pairs, help="e.g. 1-0 (level 1 against 0), 3-B, 6-M1")
    parser.add_argument("--json", type=Path, help="append one JSON line per pairing to this file")
    args = parser.parse_args()

    openings = load_openings(args.openings)
    print(f"| pairing | games | W-D-L | score | Elo (95% interval) | seconds |  (time scale {args.time_scale:g})")
    print("|---|---|---|---|---|---|")
    # an executor, not a Pool: a worker that dies raises BrokenProcessPool instead of hanging the match
    with ProcessPoolExecutor(args.workers) as pool:
        for pair in args.pairs:
            first, second = pair.split("-")
            tasks = [
                (first, second, openings[(i // 2) % len(openings)], args.time_scale, i % 2)
                for i in range(args.games)
            ]
            started = time.perf_counter()
            results = []
            for done in as_completed([pool.submit(play_game, task) for task in tasks]):
                results.append(done.result())
                if len(results) % 10 == 0:
                    print(f"{pair}: {len(results)}/{len(tasks)} games, {time.perf_counter() - started:.0f} s",
                          file=sys.stderr, flush=True)
            seconds = time.perf_counter() - started
            stats = summarise([r[0] for r in results])
            names = f"{level_named(first, 1).name} vs {level_named(second, 1).name}"
            print(
                f"| {names} | {stats['games']} | {stats['wins']}-{stats['draws']}-{stats['losses']} |"
                f" {stats['score']:.3f} | {stats['elo']:+.0f} ({stats['elo_low']:+.0f} to {stats['elo_high']:+.0f}) |"
                f" {seconds:.0f} |",
                flush=True,
            )
            if args.json:
                with args.json.open("a") as out:
                    out.write(json.dumps({"pair": pair, "names": names, "time_scale": args.time_scale, **stats}) + "\n")


if __name__ == "__main__":
    main()
