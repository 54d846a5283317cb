"""The strength ladder: matches between levels from balanced openings, with Elo and error bars.

    python bench/ladder.py --games 100 --workers 1 [--time-scale 1.0] [--pairs Club-Casual 2-1 3-B ...]
        [--json build/ladder.jsonl]

Each pairing plays the XOT openings in ``/work/shared/reference/openings/xot-50.txt``
(or ``--openings``), every opening twice with colours swapped. A level is
named by its name (``casual``) or index; ``B`` is the baseline: Club's search
with the hand-written evaluation; ``M1`` is the Master of the first ladder:
Master's search with the self-play weights that the WTHOR-trained ones
replaced (``bench/weights/patterns-v1.bin``) and no opening book;
``ref@<commit>:<level>`` is a timed level as an earlier commit played it, its
code, weights and book (``bench/reference.py``: that commit's GTP engine in a
worktree), the yardstick for a top that keeps climbing. A level may
carry changes to try a variant before it goes into the table:
``casual:depth=3,temperature=1.0``. ``--time-scale`` multiplies every level's
time per move (to fit a long ladder into less time; the report says so).

Results are printed as a Markdown table with the machine's load average at
the start and end of each pairing. With ``--json`` every game is appended
as a JSON line as soon as it ends, and a run skips the games the file already
holds for the same two levels (their settings, not their names or indices),
opening and colours: an interrupted ladder resumes where it stopped. A
summary line per pairing follows its games.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import os
import sys
import time
import zlib
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.reference import GtpOpponent, Reference, reference_level  # noqa: E402
from game.ai import LEVELS, Limits, level_by_name_or_index, think  # noqa: E402
from game.ai.lab import BASELINE, Level, WeightsFile, evaluation_text, parse_evaluation  # noqa: E402
from game.engine import BLACK, GameRecord  # noqa: E402

DEFAULT_OPENINGS = Path("/work/shared/reference/openings/xot-50.txt")


def load_openings(path: Path) -> list[str]:
    """Transcripts, one a line, comments and blank lines skipped."""
    return [line.split()[0] for line in path.read_text().splitlines() if line.strip() and not line.startswith("#")]


FIRST_WEIGHTS = Path(__file__).resolve().parent / "weights" / "patterns-v1.bin"
FIRST_MASTER = dataclasses.replace(
    LEVELS[-1], index=-2, name="First Master", evaluation=WeightsFile(str(FIRST_WEIGHTS)), book=None
)
"""Not offered to players: the Master of the first ladder (self-play weights, no book)."""

LIMIT_FIELDS = ("depth", "seconds", "exact_empties", "wld_empties")
"""The fields of a level's ``Limits`` that a table row sets (named as the cache has always named them)."""
PLAYING_FIELDS = tuple(f.name for f in dataclasses.fields(Level) if f.name not in ("index", "name", "description",
                                                                                       "rating", "limits", "custom"))
PLAYING_FIELDS = PLAYING_FIELDS[:1] + LIMIT_FIELDS + PLAYING_FIELDS[1:]
"""The fields that decide how a level plays: a cached game is reused only for the same values."""


def field_of(level: Level, field: str) -> Any:
    """One of ``PLAYING_FIELDS`` of ``level`` (a limit's from its ``Limits``)."""
    return getattr(level.limits if field in LIMIT_FIELDS else level, field)


def with_changes(level: Level, changes: str) -> Level:
    """``level`` with ``field=value,...`` applied (values read as the field's type); ``ValueError`` if bad."""
    kinds = {f.name: f.type for f in (*dataclasses.fields(Level), *dataclasses.fields(Limits))}
    updates: dict[str, Any] = {}
    for change in filter(None, changes.split(",")):
        field, _, text = change.partition("=")
        if field not in PLAYING_FIELDS:
            raise ValueError(f"cannot change {field!r}: choose from {', '.join(PLAYING_FIELDS)}")
        kind = str(kinds[field])
        if field == "evaluation":
            updates[field] = parse_evaluation(text)
        elif text.lower() == "none" and "None" in kind:
            updates[field] = None
        elif kind.startswith("int"):
            updates[field] = int(text)
        elif kind.startswith("float"):
            updates[field] = float(text)
        else:
            updates[field] = text
    name = f"{level.name} ({changes})" if updates else level.name
    limits = dataclasses.replace(level.limits, **{f: updates.pop(f) for f in LIMIT_FIELDS if f in updates})
    return dataclasses.replace(level, name=name, limits=limits, **updates)


def level_named(key: str, time_scale: float) -> Level | Reference:
    """A level by name or index (``B``: the baseline, ``M1``: the first Master), with changes and its time scaled.

    ``ref@<commit>:<level>`` is that level as an earlier commit played it (``bench/reference.py``).
    """
    if key.lower().startswith("ref@"):
        return reference_level(key, {level.name.lower(): level.limits.seconds for level in LEVELS}, time_scale)
    base, _, changes = key.partition(":")
    special = {"B": BASELINE, "M1": FIRST_MASTER}
    level = special[base.upper()] if base.upper() in special else level_by_name_or_index(base)
    level = with_changes(level, changes)
    seconds = level.limits.seconds
    if seconds is not None and time_scale != 1.0:
        level = dataclasses.replace(level, limits=level.limits.per_move(seconds * time_scale))
    return level


def settings(level: Level | Reference) -> dict[str, object]:
    """What a level plays like (for the cache): its playing fields (a reference: its commit, level and time)."""
    if isinstance(level, Reference):
        return level.settings()
    values = {field: field_of(level, field) for field in PLAYING_FIELDS}
    values["evaluation"] = evaluation_text(level.evaluation)
    return values


SLOW_MOVE_FACTOR = 6.0
"""A move that takes this many times its level's time per move (plus a second) is reported on stderr."""

Task = tuple[Level | Reference, Level | Reference, str, int, int]
"""One game: the first level, the second, the opening, 1 if the first plays Black, and the seed."""


def play_game(task: Task) -> tuple[float, int, int]:
    """One game; returns (score of the first level: 1, 0.5 or 0, its disc margin, moves)."""
    first, second, opening, first_is_black, run_seed = task
    record = GameRecord.from_transcript(opening)
    seed = game_seed(opening, first_is_black, run_seed)
    engines = {id(level): GtpOpponent(level) for level in (first, second) if isinstance(level, Reference)}
    try:
        while not record.is_over():
            position = record.position
            first_to_move = (position.to_move == BLACK) == bool(first_is_black)
            level = first if first_to_move else second
            started = time.perf_counter()
            if isinstance(level, Reference):
                record.play(engines[id(level)].move(record))
            else:
                record.play(think(position, level, seed=seed + record.ply).run())
            report_slow_move(level, time.perf_counter() - started, position.to_text())
    finally:
        for engine in engines.values():
            engine.close()
    result = record.result

    assert result is not None
    margin = result.margin(BLACK if first_is_black else "O")
    score = 1.0 if margin > 0 else 0.0 if margin < 0 else 0.5
    return score, margin, record.ply


def report_slow_move(level: Level | Reference, spent: float, position: str) -> None:
    """Says on stderr when a move took far longer than its level's time (the time limits should prevent it)."""
    seconds = level.seconds if isinstance(level, Reference) else level.limits.seconds
    if seconds is not None and spent > SLOW_MOVE_FACTOR * seconds + 1.0:
        # keep the position to reproduce it
        print(f"slow move: {level.name} took {spent:.1f} s (time {seconds:g} s) at {position}",
              file=sys.stderr, flush=True)


def game_seed(opening: str, first_is_black: int, run_seed: int) -> int:
    """The seed of a game's noisy levels: from the opening and colours, and ``--seed`` (0: the ladder's games)."""
    return (zlib.crc32(f"{opening}{first_is_black}".encode()) & 0xFFFF) + 1000 * run_seed


def game_key(first: Level | Reference, second: Level | Reference, opening: str, first_is_black: int,
             run_seed: int) -> str:
    """The cache's key for one game: both levels' settings, the opening, the colours and the seed."""
    key: list[object] = [settings(first), settings(second), opening, first_is_black]
    return json.dumps(key + [run_seed] if run_seed else key, sort_keys=True)


def played_games(path: Path | None) -> dict[str, float]:
    """The first level's score in each game a JSON-lines file holds, by ``game_key`` (none without a file)."""
    scores: dict[str, float] = {}
    if path is None or not path.exists():
        return scores
    for line in path.read_text().splitlines():
        try:
            entry = json.loads(line)
        except json.JSONDecodeError:
            continue  # a line cut short when a run was stopped
        if isinstance(entry, dict) and entry.get("kind") == "game":
            scores[json.dumps(entry["key"], sort_keys=True)] = float(entry["score"])
    return scores


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


def load() -> str:
    """The machine's load averages over 1, 5 and 15 minutes."""
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100,
                        help="games per pairing (even); beyond two per opening, the openings repeat with the "
                             "next seeds (other choices of the noisy levels)")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--time-scale", type=float, default=1.0)
    parser.add_argument("--openings", type=Path, default=DEFAULT_OPENINGS)
    parser.add_argument("--seed", type=int, default=0,
                        help="another sample of the noisy levels' choices: tune a level on games the ladder's "
                             "figures (seed 0) do not use")
    default_pairs = [f"{i + 1}-{i}" for i in range(len(LEVELS) - 1)]
    parser.add_argument("--pairs", nargs="*", default=default_pairs,
                        help="e.g. club-casual (the first against the second), 3-B, master-M1, casual:depth=3-2")
    parser.add_argument("--json", type=Path, help="append each game (and a summary per pairing) to this file; "
                                                  "games it already holds are not played again")
    args = parser.parse_args()

    openings = load_openings(args.openings)
    print(f"| pairing | games | W-D-L | score | Elo (95% interval) | seconds | load |"
          f"  (time scale {args.time_scale:g})")
    print("|---|---|---|---|---|---|---|")
    # an executor, not a Pool: a worker that dies raises BrokenProcessPool instead of hanging the match
    with ProcessPoolExecutor(args.workers) as pool:
        for pair in args.pairs:
            first_key, second_key = pair.split("-", 1) if not pair.startswith("-") else ("", pair)
            first, second = level_named(first_key, args.time_scale), level_named(second_key, args.time_scale)
            tasks: list[Task] = [
                (first, second, openings[(i // 2) % len(openings)], i % 2, args.seed + i // (2 * len(openings)))
                for i in range(args.games)
            ]
            cached = played_games(args.json)
            scores = [cached[game_key(*task)] for task in tasks if game_key(*task) in cached]
            to_play = [task for task in tasks if game_key(*task) not in cached]
            started, load_before = time.perf_counter(), load()
            futures = {pool.submit(play_game, task): task for task in to_play}
            for done in as_completed(futures):
                score, margin, plies = done.result()
                scores.append(score)
                if args.json:
                    with args.json.open("a") as out:
                        entry = {"kind": "game", "pair": pair, "time_scale": args.time_scale, "score": score,
                                 "margin": margin, "plies": plies, "key": json.loads(game_key(*futures[done]))}
                        out.write(json.dumps(entry) + "\n")
                if len(scores) % 10 == 0:
                    print(f"{pair}: {len(scores)}/{len(tasks)} games ({len(tasks) - len(to_play)} cached), "
                          f"{time.perf_counter() - started:.0f} s, load {load()}", file=sys.stderr, flush=True)
            seconds = time.perf_counter() - started
            stats = summarise(scores)
            names = f"{first.name} vs {second.name}"
            loads = f"{load_before} / {load()}"
            print(
                f"| {names} | {stats['games']} | {stats['wins']}-{stats['draws']}-{stats['losses']} |"
                f" {stats['score']:.3f} | {stats['elo']:+.0f} ({stats['elo_low']:+.0f} to {stats['elo_high']:+.0f}) |"
                f" {seconds:.0f} | {loads} |",
                flush=True,
            )
            if args.json:
                with args.json.open("a") as out:
                    out.write(json.dumps({"kind": "pairing", "pair": pair, "names": names,
                                          "time_scale": args.time_scale, "seed": args.seed, "played": len(to_play),
                                          "seconds": seconds, "load": loads, **stats}) + "\n")


if __name__ == "__main__":
    main()
