"""Build the opening book ``game/ai/weights/book.bin`` from the WTHOR master games (see docs/book.md).

    nice python tools/make_book.py                      # the shipped book
    python tools/make_book.py --min-games 2000 --depth 2 --out build/book/small.bin   # a quick try

1. Scan: the position before each of the first ``--plies`` moves of every game,
   folded to its canonical image under the 8 symmetries (the move mapped with
   it), with the game's final disc difference for the player under the FFO
   rule (empty squares to the winner, as WTHOR records it). Cached in
   ``build/book/``.
2. The book's positions: those reached by at least ``--min-games`` games.
3. Leaves: the positions after the book positions' moves that are not in
   the book themselves: those of every played move, and of the ``--unplayed``
   moves no game played that a shallow search likes best, valued by a
   ``--depth`` search with the project's evaluation (2 nice worker
   processes). The values are cached in
   ``build/book/leaves-<hash of patterns.bin>.txt``, one line per position
   and depth, so a stopped run resumes, a new evaluation re-values, and a
   run with a greater depth adds deeper values.
4. Negamax: each book position's moves take the value of their child (its
   backed-up value when the child is in the book, else the leaf's), from
   the deepest positions back to the start, so a popular line that searching
   shows to be bad gets a bad value.
5. The file: each position with the moves games played and, when it is
   better than all of them, the best move no game played.
"""

from __future__ import annotations

import argparse
import array
import hashlib
import multiprocessing
import os
import sys
import time
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import Job  # noqa: E402
from game.ai.lab import (  # noqa: E402  # noqa: E402
    BOOK_PATH,
    DISC,  # noqa: E402
    INF,  # noqa: E402
    NO_SCORE,
    WEIGHTS_PATH,
    BookInfo,
    build_search,  # noqa: E402
    encode_book,
    load,
)
from game.engine import final_score  # noqa: E402
from game.engine.bitboard import FLIPPERS, Bitboard, legal_moves  # noqa: E402
from game.engine.symmetry import canonical, canonical_move  # noqa: E402
from game.records.wthor import WTHOR_PATH, read_games, replay  # noqa: E402

CACHE = Path(__file__).resolve().parent.parent / "build" / "book"
SCAN_VERSION = 1
PLIES = 24
MIN_GAMES = 20
DEPTH = 4
WORKERS = 2
SHALLOW_DEPTH = 2
"""Depth of the search that picks which unplayed moves get the full search."""
UNPLAYED = 2

Key = tuple[Bitboard, Bitboard]


# -- 1. the scan -----------------------------------------------------------------------


class Scan:
    """Per ply: the canonical positions of all games (player, opponent interleaved), the moves, the results."""

    def __init__(self, plies: int) -> None:
        self.keys = [array.array("Q") for _ in range(plies)]
        self.moves = [bytearray() for _ in range(plies)]
        self.margins = [array.array("b") for _ in range(plies)]

    def add(self, other: Scan) -> None:
        """Append another scan's rows."""
        for n in range(len(self.keys)):
            self.keys[n].extend(other.keys[n])
            self.moves[n].extend(other.moves[n])
            self.margins[n].extend(other.margins[n])


def _scan_part(job: tuple[int, int, int]) -> Scan:
    """Scan the games whose index is ``part`` modulo ``parts``."""
    plies, part, parts = job
    os.nice(10)
    scan = Scan(plies)
    memo: dict[Key, tuple[Bitboard, Bitboard, list[int]]] = {}
    for game in read_games():
        if game.index % parts != part:
            continue
        margin = game.black_margin
        for ply_index, ply in enumerate(replay(game.squares[:plies])):
            raw = (ply.player, ply.opponent)
            found = memo.get(raw) if ply_index < 12 else None
            if found is None:
                found = canonical(*raw)
                if ply_index < 12:
                    memo[raw] = found
            p, o, symmetries = found
            scan.keys[ply_index].extend((p, o))
            scan.moves[ply_index].append(canonical_move(symmetries, ply.move))
            scan.margins[ply_index].append(margin if ply.black_to_move else -margin)
    return scan


def _data_stamp() -> str:
    """What the cached scan depends on: this scan's version and the data file's contents."""
    return f"{SCAN_VERSION}-{hashlib.sha256(WTHOR_PATH.read_bytes()).hexdigest()}"


def scan_games(plies: int, workers: int) -> Scan:
    """The scan of every game's first ``plies`` moves, from the cache when the data file is unchanged."""
    folder = CACHE / f"scan-{plies}"
    stamp_file = folder / "stamp"
    if stamp_file.exists() and stamp_file.read_text() == _data_stamp():
        scan = Scan(plies)
        for n in range(plies):
            scan.keys[n].frombytes((folder / f"keys-{n}").read_bytes())
            scan.moves[n][:] = (folder / f"moves-{n}").read_bytes()
            scan.margins[n].frombytes((folder / f"margins-{n}").read_bytes())
        return scan
    with multiprocessing.Pool(workers) as pool:
        parts = pool.map(_scan_part, [(plies, part, workers) for part in range(workers)])
    scan = parts[0]
    for other in parts[1:]:
        scan.add(other)
    folder.mkdir(parents=True, exist_ok=True)
    for n in range(plies):
        (folder / f"keys-{n}").write_bytes(scan.keys[n].tobytes())
        (folder / f"moves-{n}").write_bytes(bytes(scan.moves[n]))
        (folder / f"margins-{n}").write_bytes(scan.margins[n].tobytes())
    stamp_file.write_text(_data_stamp())
    return scan


# -- 2. the book's positions -----------------------------------------------------------


def book_positions(scan: Scan, min_games: int) -> dict[Key, dict[int, list[int]]]:
    """Positions reached by at least ``min_games`` games: canonical move -> [games, sum of results]."""
    nodes: dict[Key, dict[int, list[int]]] = {}
    for keys, moves, margins in zip(scan.keys, scan.moves, scan.margins, strict=True):
        pairs = list(zip(keys[0::2], keys[1::2], strict=True))
        counts = Counter(pairs)
        for pair, move, margin in zip(pairs, moves, margins, strict=True):
            if counts[pair] >= min_games:
                stats = nodes.setdefault(pair, {}).setdefault(move, [0, 0])
                stats[0] += 1
                stats[1] += margin
    return nodes


def children(p: Bitboard, o: Bitboard) -> Iterator[tuple[int, Key]]:
    """Each legal move of a canonical position (one per symmetry class) and its child's canonical key."""
    _, _, symmetries = canonical(p, o)
    moves = legal_moves(p, o)
    while moves:
        bit = moves & -moves
        moves ^= bit
        sq = bit.bit_length() - 1
        if canonical_move(symmetries, sq) != sq:
            continue
        f = FLIPPERS[sq](p, o)
        cp, co, _ = canonical(o ^ f, p | f | bit)
        yield sq, (cp, co)


# -- 3. the leaves ------------------------------------------------------------------------


def search_value(p: Bitboard, o: Bitboard, depth: int) -> int:
    """The ``depth``-ply search value of a position for the side to move, in DISC units.

    The one call into the search: a fresh search each time, so a value does
    not depend on which positions were searched before.
    """
    if not legal_moves(p, o):
        if not legal_moves(o, p):
            return final_score(p, o) * DISC
        return -search_value(o, p, depth)
    search = build_search(_EVALUATION[0])
    best, _, _ = Job(search.root(p, o, depth, -INF, INF)).run()
    return best


_EVALUATION: list[object] = []


def _init_worker(weights: Path) -> None:
    os.nice(10)
    _EVALUATION[:] = [load(weights)]


def _value_leaf(job: tuple[Bitboard, Bitboard, int]) -> tuple[Bitboard, Bitboard, int, int]:
    p, o, depth = job
    return p, o, depth, search_value(p, o, depth)


def weights_hash(path: Path) -> int:
    """The first 8 bytes of the weights file's SHA-256, as a number."""
    return int.from_bytes(hashlib.sha256(path.read_bytes()).digest()[:8], "big")


def read_leaf_cache(path: Path, depth: int) -> dict[Key, int]:
    """The cached leaf values at ``depth``."""
    values: dict[Key, int] = {}
    if not path.exists():
        return values
    for line in path.read_text().splitlines():
        fields = line.split()
        if len(fields) == 5 and fields[4] == "." and int(fields[2]) == depth:  # a line cut short is skipped
            values[int(fields[0], 16), int(fields[1], 16)] = int(fields[3])
    return values


def value_leaves(leaves: Iterable[Key], depth: int, weights: Path, workers: int, cache: Path) -> dict[Key, int]:
    """Each leaf's search value, from the cache or searched now (and appended to the cache as it comes)."""
    wanted = set(leaves)
    values = read_leaf_cache(cache, depth)
    todo = sorted(wanted - values.keys())
    print(f"depth {depth}: {len(wanted) - len(todo)} leaves cached, {len(todo)} to search", flush=True)
    if todo:
        started = time.perf_counter()
        cache.parent.mkdir(parents=True, exist_ok=True)
        with open(cache, "a") as out, multiprocessing.Pool(workers, _init_worker, (weights,)) as pool:
            jobs = ((p, o, depth) for p, o in todo)
            for done, (p, o, d, value) in enumerate(pool.imap_unordered(_value_leaf, jobs, chunksize=8), 1):
                out.write(f"{p:x} {o:x} {d} {value} .\n")
                values[p, o] = value
                if done % 2000 == 0 or done == len(todo):
                    out.flush()
                    rate = done / (time.perf_counter() - started)
                    print(f"  {done}/{len(todo)} searched, {rate:.1f}/s, {(len(todo) - done) / rate / 60:.1f} min left",
                          flush=True)  # fmt: skip
    return {key: values[key] for key in wanted}


def leaves_to_search(
    nodes: dict[Key, dict[int, list[int]]], moves_of: dict[Key, dict[int, Key]], shallow: dict[Key, int], unplayed: int
) -> set[Key]:
    """The children of played moves outside the book, and per position the ``unplayed`` best-looking others.

    ``shallow`` holds the shallow values of the unplayed moves' children
    (the least value for the child's mover is the most promising move).
    """
    wanted = set()
    for key, played in nodes.items():
        others = []
        for sq, child in moves_of[key].items():
            if child in nodes:
                continue
            if sq in played:
                wanted.add(child)
            else:
                others.append((shallow[child], child))
        wanted.update(child for _, child in sorted(others)[:unplayed])
    return wanted


# -- 4. negamax and 5. the file ---------------------------------------------------------------


def back_up(moves_of: dict[Key, dict[int, Key]], leaves: dict[Key, int]) -> dict[Key, dict[int, int]]:
    """Every book position's move values (DISC units, for the mover), deepest positions first.

    A move counts when its child is in the book or was searched; the
    position's value is the best of them.
    """
    move_values: dict[Key, dict[int, int]] = {}
    node_value: dict[Key, int] = {}
    for key in sorted(moves_of, key=lambda k: -(k[0] | k[1]).bit_count()):
        values = {}
        for sq, child in moves_of[key].items():
            if child in node_value:
                values[sq] = -node_value[child]
            elif child in leaves:
                values[sq] = -leaves[child]
        move_values[key] = values
        node_value[key] = max(values.values())
    return move_values


def book_entries(
    nodes: dict[Key, dict[int, list[int]]], move_values: dict[Key, dict[int, int]]
) -> list[tuple[Bitboard, Bitboard, list[tuple[int, int, int, int]]]]:
    """The file's rows: per position the played moves, and the best unplayed one when it beats them all."""
    rows = []
    for key, played in nodes.items():
        values = move_values[key]
        entries = [(sq, games, round(10 * total / games), round(10 * values[sq] / DISC))
                   for sq, (games, total) in sorted(played.items())]  # fmt: skip
        unplayed = [sq for sq in values if sq not in played]
        if unplayed:
            best = max(unplayed, key=lambda sq: (values[sq], -sq))
            if values[best] > max(values[sq] for sq in played):
                entries.append((best, 0, NO_SCORE, round(10 * values[best] / DISC)))
        rows.append((key[0], key[1], entries))
    return rows


def main(argv: list[str] | None = None) -> int:
    """Build the book and print what it holds."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plies", type=int, default=PLIES, help=f"positions before moves 1..PLIES (default {PLIES})")
    parser.add_argument("--min-games", type=int, default=MIN_GAMES,
                        help=f"K: games a position needs (default {MIN_GAMES})")
    parser.add_argument("--depth", type=int, default=DEPTH, help=f"search depth of the leaves (default {DEPTH})")
    parser.add_argument("--unplayed", type=int, default=UNPLAYED,
                        help=f"unplayed moves searched per position, the best by a shallow search (default {UNPLAYED})")
    parser.add_argument("--workers", type=int, default=WORKERS)
    parser.add_argument("--weights", type=Path, default=WEIGHTS_PATH)
    parser.add_argument("--out", type=Path, default=BOOK_PATH)
    parser.add_argument("--stats-only", action="store_true", help="count positions and leaves, search nothing")
    args = parser.parse_args(argv)
    if not 1 <= args.plies <= 30 or args.min_games < 1 or not 1 <= args.depth <= 20:
        parser.error("need 1 <= --plies <= 30, --min-games >= 1, 1 <= --depth <= 20")

    started = time.perf_counter()
    scan = scan_games(args.plies, args.workers)
    print(f"scan: {len(scan.moves[0])} games, {time.perf_counter() - started:.0f} s", flush=True)
    nodes = book_positions(scan, args.min_games)
    moves_of = {key: dict(children(*key)) for key in nodes}
    others = {child for key, moves in moves_of.items() for sq, child in moves.items()
              if sq not in nodes[key] and child not in nodes}  # fmt: skip
    print(f"book: {len(nodes)} positions, {sum(len(m) for m in nodes.values())} played moves, "
          f"{len(others)} positions after unplayed moves", flush=True)  # fmt: skip
    if args.stats_only:
        return 0
    digest = weights_hash(args.weights)
    cache = CACHE / f"leaves-{digest:016x}.txt"
    shallow = value_leaves(others, min(SHALLOW_DEPTH, args.depth), args.weights, args.workers, cache)
    leaves = leaves_to_search(nodes, moves_of, shallow, args.unplayed)
    values = value_leaves(leaves, args.depth, args.weights, args.workers, cache)
    rows = book_entries(nodes, back_up(moves_of, values))
    info = BookInfo(args.plies, args.min_games, args.depth, len(rows), sum(len(r[2]) for r in rows), digest)
    data = encode_book(info, rows)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_bytes(data)
    print(f"wrote {args.out}: {len(data):,} bytes, {info.positions} positions, {info.moves} moves, "
          f"{time.perf_counter() - started:.0f} s in all")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
