"""Self-play positions for training the pattern evaluation.

Two kinds of games. **Searched** games (``--label-depth D``, the kind the
evaluation is trained on now): a few uniformly random opening moves, then the
pattern evaluation's one-ply choice with Gaussian noise and an occasional
random move, so the games stay varied and reach positions masters never
play; every position with at most ``exact_max`` empty squares is labelled
with its exact score by one endgame solver per game (its table carries from
position to position), and every earlier one with the value of the project's
own midgame search (``game.ai.factory.build_search``) to ``D`` plies.

**Heuristic** games (``--label-depth 0``, the first weights' data): a few uniformly random opening
moves for variety, then the best move by a one-ply search with the
hand-written ``HeuristicEvaluation`` plus Gaussian noise, with an occasional
random move. Every position of every game is recorded from the side to
move's point of view. Positions with at most ``exact_max`` empty squares
get their exact score from the project's endgame solver (empties to the
winner); after the solver's best move the next position's score is known
for free, so the policy follows the solver's move half of the time there.

Each game ends with its final position (flagged ``terminal``, labelled with
the final score), so every game's outcome is known even without the solver.

Chunks of games are written as ``.npz`` files (``player``, ``opponent``:
uint64; ``empties``: int8; ``label``: int8 disc difference, or ``UNKNOWN``;
``searched``: bool, the label is a search value rather than an exact score;
``terminal``: bool; ``game``: int32), each atomically, so a run can be
stopped and resumed, and a later run with more ``--games`` adds to it.

Usage (from the repository root)::

    nice python -m tools.selfplay_data --games 6000 --exact-max 16 --label-depth 6 --workers 2 \
        --out tools/cache/selfplay-searched

    python -m tools.selfplay_data --games 2000 --exact-max 13 --out build/patterns/solved
    python -m tools.selfplay_data --games 10000 --exact-max 0 --out build/patterns/unsolved
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

from game.ai import Job
from game.ai.lab import DISC, INF, HeuristicEvaluation, MidgameSearch, Solver, build_search, load, solve
from game.engine import final_score
from game.engine.bitboard import FLIPPERS, legal_moves
from tools.wthor_exact import game_solver, solved_score

UNKNOWN = 127
"""Label of a position whose exact score was not computed."""
START = (0x0000000810000000, 0x0000001008000000)
CHUNK_GAMES = 100

FIELDS = ("player", "opponent", "empties", "label", "searched", "game", "terminal")
"""The arrays of a chunk."""
NOISE_DISCS = 3.0
"""The standard deviation of the noise on a searched game's one-ply move values."""
RANDOM_RATE = 0.05
"""How often a searched game plays a uniformly random move after its opening."""

Record = tuple[int, int, int, int, bool]
"""(player, opponent, empties, label, terminal)."""
SearchedRecord = tuple[int, int, int, int, bool, bool]
"""(player, opponent, empties, label, searched, terminal)."""


def _squares(bb: int) -> list[int]:
    out = []
    while bb:
        low = bb & -bb
        out.append(low.bit_length() - 1)
        bb ^= low
    return out


def noisy_best(
    rng: random.Random, evaluate: Callable[[int, int], float], p: int, o: int, squares: list[int], noise: float
) -> int:
    """The move whose one-ply value, plus Gaussian noise of ``noise`` (the evaluation's units), is the highest."""
    best_value = -1e18
    best = squares[0]
    for square in squares:
        f = FLIPPERS[square](p, o)
        value = -evaluate(o ^ f, p | f | (1 << square)) + rng.gauss(0.0, noise)
        if value > best_value:
            best_value, best = value, square
    return best


def play_game(rng: random.Random, exact_max: int, noise: float = 150.0, random_rate: float = 0.08) -> list[Record]:
    """One noisy self-play game; every position with its label (``UNKNOWN`` above ``exact_max``)."""
    heuristic = HeuristicEvaluation()
    p, o = START
    records: list[Record] = []
    opening = rng.randint(0, 12)
    ply = 0
    known: int | None = None  # exact score of (p, o) if already known
    while True:
        moves = legal_moves(p, o)
        empties = 64 - (p | o).bit_count()
        if not moves:
            if not legal_moves(o, p):
                records.append((p, o, 64 - (p | o).bit_count(), final_score(p, o), True))
                break
            p, o = o, p
            known = None if known is None else -known
            continue
        label = UNKNOWN
        best_sq = -1
        if empties <= exact_max:
            if known is None:
                result = solve(p, o, all_best=False)
                known = result.score
                best_sq = result.best[0] if result.best else -1
            label = known
        records.append((p, o, empties, label, False))
        squares = _squares(moves)
        if best_sq >= 0 and rng.random() < 0.5:
            sq = best_sq
        elif ply < opening or rng.random() < random_rate:
            sq = rng.choice(squares)
        else:
            sq = noisy_best(rng, heuristic, p, o, squares, noise)
        f = FLIPPERS[sq](p, o)
        p, o = o ^ f, p | f | (1 << sq)
        known = -known if (known is not None and sq == best_sq) else None
        ply += 1
    return records


def play_searched_game(
    rng: random.Random, search: MidgameSearch, exact_max: int, label_depth: int,
    noise: float = NOISE_DISCS, random_rate: float = RANDOM_RATE,
) -> list[SearchedRecord]:
    """One varied self-play game of the pattern evaluation, every position labelled (see the module's doc)."""
    evaluate = search.evaluate
    p, o = START
    records: list[SearchedRecord] = []
    opening = rng.randint(2, 10)
    ply = 0
    solver: Solver | None = None
    while True:
        moves = legal_moves(p, o)
        empties = 64 - (p | o).bit_count()
        if not moves:
            if not legal_moves(o, p):
                records.append((p, o, empties, final_score(p, o), False, True))
                break
            p, o = o, p
            continue
        if empties <= exact_max:
            if solver is None:
                solver = game_solver()
            records.append((p, o, empties, solved_score(solver, evaluate, p, o), False, False))
        else:
            value, _, _ = Job(search.root(p, o, label_depth, -INF, INF)).run()
            records.append((p, o, empties, max(-64, min(64, round(value / DISC))), True, False))
        squares = _squares(moves)
        if ply < opening or rng.random() < random_rate:
            sq = rng.choice(squares)
        else:
            sq = noisy_best(rng, evaluate, p, o, squares, noise * DISC)
        f = FLIPPERS[sq](p, o)
        p, o = o ^ f, p | f | (1 << sq)
        ply += 1
    return records


def _play_chunk(args: tuple[int, int, int, int, str | None]) -> list[list[SearchedRecord]]:
    seed, n_games, exact_max, label_depth, weights = args
    rng = random.Random(seed)
    if label_depth <= 0:
        return [[(p, o, e, lab, False, end) for p, o, e, lab, end in play_game(rng, exact_max)]
                for _ in range(n_games)]
    search = build_search(load(Path(weights) if weights else None))
    return [play_searched_game(rng, search, exact_max, label_depth) for _ in range(n_games)]


def save_chunk(path: Path, games: list[list[SearchedRecord]], first_game: int) -> None:
    """Write games as one ``.npz`` chunk, atomically (a stopped run leaves no half-written chunk)."""
    rows = [(p, o, e, lab, s, first_game + g, end) for g, game in enumerate(games) for p, o, e, lab, s, end in game]
    columns = list(zip(*rows, strict=True)) if rows else [()] * len(FIELDS)
    types = (np.uint64, np.uint64, np.int8, np.int8, np.bool_, np.int32, np.bool_)
    partial = path.with_name(path.name + ".part")
    with partial.open("wb") as out:
        np.savez_compressed(out, **{k: np.array(v, dtype=t) for k, v, t in zip(FIELDS, columns, types, strict=True)})
    partial.replace(path)


def load_dir(directory: Path) -> dict[str, np.ndarray]:
    """All chunks of a directory, concatenated (game ids made unique across chunks)."""
    parts: dict[str, list[np.ndarray]] = {k: [] for k in FIELDS}
    offset = 0
    for path in sorted(directory.glob("chunk-*.npz")):
        with np.load(path) as data:
            for key in parts:
                # chunks written before terminal positions (or search labels) were recorded have none
                values = data[key] if key in data else np.zeros(len(data["game"]), dtype=np.bool_)
                if key == "game":
                    values = values - values.min() + offset if len(values) else values
                parts[key].append(values)
            if len(data["game"]):
                offset = int(parts["game"][-1].max()) + 1
    return {k: (np.concatenate(v) if v else np.zeros(0)) for k, v in parts.items()}


def generate(
    out: Path, games: int, exact_max: int, seed: int, workers: int, label_depth: int = 0, weights: Path | None = None,
) -> None:
    """Play ``games`` games in chunks into ``out`` (existing chunks are kept: resumable)."""
    out.mkdir(parents=True, exist_ok=True)
    n_chunks = (games + CHUNK_GAMES - 1) // CHUNK_GAMES
    todo = []
    for c in range(n_chunks):
        path = out / f"chunk-{seed}-{c:05d}.npz"
        if not path.exists():
            todo.append((c, path))
    started = time.time()
    for partial in out.glob("*.part"):
        partial.unlink()
    jobs = [(seed * 1_000_003 + c, min(CHUNK_GAMES, games - c * CHUNK_GAMES), exact_max, label_depth,
             None if weights is None else str(weights)) for c, _ in todo]
    with multiprocessing.Pool(max(1, workers)) as pool:
        for done, ((c, path), chunk) in enumerate(zip(todo, pool.imap(_play_chunk, jobs), strict=True), 1):
            save_chunk(path, chunk, c * CHUNK_GAMES)
            elapsed = time.time() - started
            print(
                f"chunk {c} ({len(chunk)} games, {sum(map(len, chunk))} positions) "
                f"{done}/{len(todo)} in {elapsed:.0f}s",
                flush=True,
            )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--exact-max", type=int, default=13, help="solve positions with at most this many empties")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--label-depth", type=int, default=0,
                        help="searched games: label positions above --exact-max by a search this deep "
                        "(0: heuristic games)")
    parser.add_argument("--weights", type=Path, default=None, help="the pattern weights of searched games")
    parser.add_argument("--out", type=Path, default=Path("build/patterns/solved"))
    args = parser.parse_args(argv)
    if not 0 <= args.label_depth <= 8 or not 0 <= args.exact_max <= 20 or args.games < 1:
        parser.error("--label-depth must be 0-8, --exact-max 0-20 and --games at least 1")
    generate(args.out, args.games, args.exact_max, args.seed, args.workers, args.label_depth, args.weights)
    return 0


if __name__ == "__main__":
    sys.exit(main())
