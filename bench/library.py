"""Figures for the game library and the opening explorer (printed, never asserted).

    python bench/library.py                 # the whole database: load, search, index build, cache, lookups
    python bench/library.py --games 20000   # the index of the first 20,000 games only (quicker)

Prints: the games table's load time; the search index's build time and a few
searches (median of 5); the position index's build time, size and counts;
the cache file's size, write and read times; ``explore`` lookups (index and
book). The cache goes to a temporary directory, never the player's.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine import GameRecord, Position  # noqa: E402
from game.library.database import GameTable, TableLoader  # noqa: E402
from game.library.explorer import explore  # noqa: E402
from game.library.index_builder import IndexBuilder  # noqa: E402
from game.library.index_file import encode_index  # noqa: E402
from game.library.positions import PLIES  # noqa: E402
from game.library.search import Query, SearchIndex  # noqa: E402
from game.library.service import open_cache, read_cache, write_cache  # noqa: E402
from game.records.wthor import WTHOR_PATH  # noqa: E402

QUERIES = {
    "player shaman": Query(player="shaman"),
    "player takanashi as white": Query(player="takanashi", color="white"),
    "event world championship": Query(event="world championship"),
    "years 1990-1999": Query(years=(1990, 1999)),
    "opening Tiger (name)": Query(opening="tiger"),
    "opening f5d6c3d3c4f4f6": Query(opening="f5d6c3d3c4f4f6"),
    "all four fields": Query(player="a", event="open", years=(1980, 2020), opening="f5f6"),
}


def timed(work: object) -> float:
    started = time.perf_counter()
    work()  # type: ignore[operator]
    return time.perf_counter() - started


def main(argv: list[str] | None = None) -> int:
    """Print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=None, help="index only the first N games")
    args = parser.parse_args(argv)

    started = time.perf_counter()
    table = TableLoader(WTHOR_PATH).run()
    print(f"games table: {len(table.games):,} games loaded in {time.perf_counter() - started:.2f} s")
    started = time.perf_counter()
    index = SearchIndex(table)
    print(f"search index: built in {time.perf_counter() - started:.2f} s")
    for label, query in QUERIES.items():
        times = [timed(lambda q=query: index.search(q, limit=50)) for _ in range(5)]
        found = index.search(query).total
        print(f"  search {label:28} {found:7,} games  median {1000 * statistics.median(times):6.1f} ms"
              f"  max {1000 * max(times):6.1f} ms")

    games = table.games if args.games is None else table.games[: args.games]
    part = GameTable(games, table.path, table.stamp)
    builder = IndexBuilder(part, PLIES)
    started = time.perf_counter()
    slices, worst = 0, 0.0
    while True:
        begun = time.process_time()  # CPU time: on a loaded machine a slice's wall time includes waiting
        finished = builder.advance(8.0)
        worst = max(worst, time.process_time() - begun)
        slices += 1
        if finished:
            break
    built = time.perf_counter() - started
    positions = builder.index
    assert positions is not None
    moves = sum(len(t.squares) for t in positions.tables)
    print(f"position index ({PLIES} plies, {len(games):,} games): built in {built:.1f} s in {slices:,} slices"
          f" of 8 ms (the longest {1000 * worst:.0f} ms of CPU); {positions.positions:,} positions, {moves:,} moves,"
          f" {positions.skipped} games skipped")
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"explorer-{PLIES}.bin"
        started = time.perf_counter()
        data = encode_index(positions)
        encoded = time.perf_counter() - started
        write_cache(path, data)
        started = time.perf_counter()
        again = read_cache(path, positions.stamp, PLIES)
        read = time.perf_counter() - started
        assert again is not None
        decoder = open_cache(path, positions.stamp, PLIES)
        assert decoder is not None
        slices, worst = 0, 0.0
        while True:
            begun = time.process_time()
            finished = decoder.advance(8.0)
            worst = max(worst, time.process_time() - begun)
            slices += 1
            if finished:
                break
        print(f"cache: {len(data):,} bytes; encoded in {encoded:.2f} s, read back in {read:.2f} s"
              f" (in slices of 8 ms: {slices} slices, the longest {1000 * worst:.0f} ms of CPU)")

    lines = (("start", ""), ("Tiger", "f5d6c3d3c4"), ("after 20 moves", "f5d6c3d3c4f4f6f3e6e7d7g6f8f7g5h6h4e8d8c8"))
    for label, moves_text in lines:
        position = GameRecord.from_transcript(moves_text).position if moves_text else Position.start()
        with_index = [timed(lambda p=position: explore(p, index=positions)) for _ in range(20)]
        with_book = [timed(lambda p=position: explore(p, index=None)) for _ in range(20)]
        answer = explore(position, index=positions)
        index_us, book_us = 1e6 * statistics.median(with_index), 1e6 * statistics.median(with_book)
        print(f"  explore {label:16} {answer.total_games:7,} games: index {index_us:6.0f} us,"
              f" book only {book_us:6.0f} us")
    return 0


if __name__ == "__main__":
    sys.exit(main())
