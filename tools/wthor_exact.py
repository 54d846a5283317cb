"""Exact endgame scores for the WTHOR games: every position from N empty squares on, solved.

The labels for training the evaluation (``tools/train_wthor.py``): a master
game's final score carries the mistakes its players made in the endgame;
the exact score at N empties does not. Each game's positions with at most
``--empties`` empty squares are solved exactly (FFO rule, empties to the
winner, for the side to move) with one solver per game, so later positions
reuse the table of the first.

Resumable and parallel: games are cut into chunks of ``CHUNK`` games; each
finished chunk is written atomically to ``tools/cache/wthor-exact-N/`` (a
committed cache, so a later session or another machine continues where this
one stopped). Chunks holding the held-out year (2023) come first.

Usage (from the repository root)::

    nice python -m tools.wthor_exact --empties 12 --workers 2 [--minutes 60]

A chunk file has one line per game that reaches N empties:
``index<TAB>first_ply<TAB>s,s,s,...`` where ``first_ply`` is the index (in
``game.records.wthor.replay``'s list) of the first solved position and the scores
follow ply by ply to the end of the game.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable, Iterator
from multiprocessing import Pool
from pathlib import Path

from game.ai import Job
from game.ai.lab import DISC, Solver, default_evaluation, new_solver
from game.records.wthor import WthorGame, read_games, replay

CHUNK = 500
CACHE = Path(__file__).resolve().parent / "cache"
HELD_OUT_YEAR = 2023


def cache_dir(empties: int) -> Path:
    """Where the chunks for ``empties`` live."""
    return CACHE / f"wthor-exact-{empties}"


def solve_game(game: WthorGame, empties: int) -> tuple[int, list[int]] | None:
    """(first solved ply, exact score of each ply from there), or None if the game never gets that far."""
    plies = replay(game.squares)
    first = next((i for i, ply in enumerate(plies) if ply.empties <= empties), None)
    if first is None:
        return None
    evaluate = default_evaluation().evaluate
    solver = game_solver()
    return first, [solved_score(solver, evaluate, ply.player, ply.opponent) for ply in plies[first:]]


def game_solver() -> Solver:
    """A solver for one game's positions, one after another (its table carries from each to the next)."""
    return new_solver(tt_limit=400_000)


def solved_score(solver: Solver, evaluate: Callable[[int, int], int], player: int, opponent: int) -> int:
    """The exact score for the side to move (FFO rule), searched in windows centred on the evaluation."""
    score, _ = Job(solver.aspirated(player, opponent, round(evaluate(player, opponent) / DISC))).run()
    return score


def _solve_chunk(job: tuple[int, list[WthorGame], int]) -> tuple[int, int, float]:
    number, games, empties = job
    started = time.perf_counter()
    lines = []
    for game in games:
        solved = solve_game(game, empties)
        if solved is not None:
            first, scores = solved
            lines.append(f"{game.index}\t{first}\t{','.join(map(str, scores))}\n")
    path = cache_dir(empties) / f"chunk-{number:04d}.tsv"
    tmp = path.with_suffix(".tmp")
    tmp.write_text("".join(lines))
    os.replace(tmp, path)
    return number, len(lines), time.perf_counter() - started


def chunk_order(games: list[WthorGame]) -> list[int]:
    """Chunk numbers, those holding held-out games first, then from the newest games back."""
    n_chunks = (len(games) + CHUNK - 1) // CHUNK
    held = {g.index // CHUNK for g in games if g.year == HELD_OUT_YEAR}
    return sorted(range(n_chunks), key=lambda c: (c not in held, -c))


def load(empties: int) -> dict[int, tuple[int, list[int]]]:
    """Every cached result: game index -> (first solved ply, scores)."""
    out: dict[int, tuple[int, list[int]]] = {}
    directory = cache_dir(empties)
    if not directory.is_dir():
        return out
    for path in sorted(directory.glob("chunk-*.tsv")):
        for line in path.read_text().splitlines():
            index, first, scores = line.split("\t")
            out[int(index)] = (int(first), [int(s) for s in scores.split(",")])
    return out


def cached_empties() -> list[int]:
    """The numbers of empties that have a cache, fewest first."""
    found = (path.name.removeprefix("wthor-exact-") for path in CACHE.glob("wthor-exact-*") if path.is_dir())
    return sorted(int(n) for n in found if n.isdigit())


def exact_games(empties: list[int] | None = None) -> dict[int, tuple[int, list[int]]]:
    """Each solved game's (first solved ply, scores) from the cache with the most empties that holds it.

    ``empties`` lists the caches to use (default: all of them, ``cached_empties``).
    """
    merged: dict[int, tuple[int, list[int]]] = {}
    for n in sorted(cached_empties() if empties is None else empties):  # more empties overwrite fewer
        merged.update(load(n))
    return merged


def _jobs(games: list[WthorGame], todo: list[int], empties: int) -> Iterator[tuple[int, list[WthorGame], int]]:
    for number in todo:
        yield number, games[number * CHUNK : (number + 1) * CHUNK], empties


def main(argv: list[str] | None = None) -> int:
    """Solve the chunks not yet in the cache, newest and held-out first, until done or out of time."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--empties", type=int, default=12)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--minutes", type=float, default=None, help="stop starting chunks after this long")
    parser.add_argument("--chunks", type=int, default=None, help="solve at most this many chunks")
    args = parser.parse_args(argv)
    if not 1 <= args.empties <= 20:
        parser.error("--empties must be between 1 and 20")
    games = list(read_games())
    directory = cache_dir(args.empties)
    directory.mkdir(parents=True, exist_ok=True)
    for stale in directory.glob("*.tmp"):
        stale.unlink()
    done = {int(p.stem.split("-")[1]) for p in directory.glob("chunk-*.tsv")}
    todo = [c for c in chunk_order(games) if c not in done]
    if args.chunks is not None:
        todo = todo[: args.chunks]
    print(f"{len(done)} chunks cached, {len(todo)} to solve ({CHUNK} games each)", flush=True)
    started = time.time()
    with Pool(args.workers) as pool:
        for number, solved, seconds in pool.imap_unordered(_solve_chunk, _jobs(games, todo, args.empties)):
            elapsed = (time.time() - started) / 60
            print(f"chunk {number}: {solved} games in {seconds:.0f} s ({elapsed:.1f} min)", flush=True)
            if args.minutes is not None and elapsed > args.minutes:
                print("time limit reached; rerun to continue", flush=True)
                pool.terminate()
                break
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
