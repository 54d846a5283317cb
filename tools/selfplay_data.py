"""Self-play positions for training the pattern evaluation.

Games are played by a cheap, noisy policy: a few uniformly random opening
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
uint64; ``empties``: int8; ``label``: int8 exact disc difference, or
``UNKNOWN``; ``terminal``: bool; ``game``: int32) so a long run can be
stopped and resumed.

Usage (from the repository root)::

    python -m tools.selfplay_data --games 2000 --exact-max 13 --out build/patterns/solved
    python -m tools.selfplay_data --games 10000 --exact-max 0 --out build/patterns/unsolved
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import time
from pathlib import Path

import numpy as np

from game.ai.endgame import solve
from game.ai.evaluation import HeuristicEvaluation
from game.engine import final_score
from game.engine.bitboard import FLIPPERS, legal_moves

UNKNOWN = 127
"""Label of a position whose exact score was not computed."""
START = (0x0000000810000000, 0x0000001008000000)
CHUNK_GAMES = 100

Record = tuple[int, int, int, int, bool]
"""(player, opponent, empties, label, terminal)."""


def _squares(bb: int) -> list[int]:
    out = []
    while bb:
        low = bb & -bb
        out.append(low.bit_length() - 1)
        bb ^= low
    return out


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
            best_value = -1e18
            sq = squares[0]
            for cand in squares:
                f = FLIPPERS[cand](p, o)
                value = -heuristic(o ^ f, p | f | (1 << cand)) + rng.gauss(0.0, noise)
                if value > best_value:
                    best_value, sq = value, cand
        f = FLIPPERS[sq](p, o)
        p, o = o ^ f, p | f | (1 << sq)
        known = -known if (known is not None and sq == best_sq) else None
        ply += 1
    return records


def _play_chunk(args: tuple[int, int, int]) -> list[list[Record]]:
    seed, n_games, exact_max = args
    rng = random.Random(seed)
    return [play_game(rng, exact_max) for _ in range(n_games)]


def save_chunk(path: Path, games: list[list[Record]], first_game: int) -> None:
    """Write games as one ``.npz`` chunk."""
    rows = [(p, o, e, lab, first_game + g, end) for g, game in enumerate(games) for p, o, e, lab, end in game]
    np.savez_compressed(
        path,
        player=np.array([r[0] for r in rows], dtype=np.uint64),
        opponent=np.array([r[1] for r in rows], dtype=np.uint64),
        empties=np.array([r[2] for r in rows], dtype=np.int8),
        label=np.array([r[3] for r in rows], dtype=np.int8),
        game=np.array([r[4] for r in rows], dtype=np.int32),
        terminal=np.array([r[5] for r in rows], dtype=np.bool_),
    )


def load_dir(directory: Path) -> dict[str, np.ndarray]:
    """All chunks of a directory, concatenated (game ids made unique across chunks)."""
    parts: dict[str, list[np.ndarray]] = {k: [] for k in ("player", "opponent", "empties", "label", "game", "terminal")}
    offset = 0
    for path in sorted(directory.glob("chunk-*.npz")):
        with np.load(path) as data:
            for key in parts:
                # chunks written before terminal positions were recorded have none
                values = data[key] if key in data else np.zeros(len(data["game"]), dtype=np.bool_)
                if key == "game":
                    values = values - values.min() + offset if len(values) else values
                parts[key].append(values)
            if len(data["game"]):
                offset = int(parts["game"][-1].max()) + 1
    return {k: (np.concatenate(v) if v else np.zeros(0)) for k, v in parts.items()}


def generate(out: Path, games: int, exact_max: int, seed: int, workers: int) -> None:
    """Play ``games`` games in chunks into ``out`` (existing chunks are kept: resumable)."""
    out.mkdir(parents=True, exist_ok=True)
    n_chunks = (games + CHUNK_GAMES - 1) // CHUNK_GAMES
    todo = []
    for c in range(n_chunks):
        path = out / f"chunk-{seed}-{c:05d}.npz"
        if not path.exists():
            todo.append((c, path))
    started = time.time()
    jobs = [(seed * 1_000_003 + c, min(CHUNK_GAMES, games - c * CHUNK_GAMES), exact_max) for c, _ in todo]
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
    parser.add_argument("--out", type=Path, default=Path("build/patterns/solved"))
    args = parser.parse_args(argv)
    generate(args.out, args.games, args.exact_max, args.seed, args.workers)
    return 0


if __name__ == "__main__":
    sys.exit(main())
