"""Write the browser's library: a subset of the WTHOR games small enough for the web download budget.

    python tools/make_library_subset.py                  # -> game/data/library/web-games.tsv.gz
    python tools/make_library_subset.py --max-bytes 150000

The web build leaves out the full database (5.5 MB, ``pygbag.ini``), so the
browser's library reads this file instead. What goes in, in this order, until
the compressed file would pass ``--max-bytes``:

1. the games of every World Championship final on the shelf (``game.library.famous``);
2. whole World Championship events, the newest first.

The file has the same columns as the database (a gzip'd TSV with its header:
``game.library.database`` reads both), games in the database's order, and the
FFO's credit stays with it (docs/web.md, docs/library.md). Deterministic: the
same data gives the same bytes (gzip's time stamp is zero).
"""

from __future__ import annotations

import argparse
import gzip
import io
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.library.database import SUBSET_PATH, TableLoader  # noqa: E402
from game.library.famous import find_finals  # noqa: E402
from game.records.wthor import HEADER, WTHOR_PATH, WthorGame  # noqa: E402

DEFAULT_MAX_BYTES = 10_000


def row(game: WthorGame) -> str:
    """The game's line in the table."""
    return "\t".join([str(game.year), game.event, game.black, game.white, game.result, game.moves])


def pack(games: list[WthorGame]) -> bytes:
    """The gzip'd table of ``games`` in database order."""
    text = HEADER + "\n" + "".join(row(g) + "\n" for g in sorted(games, key=lambda g: g.index))
    out = io.BytesIO()
    with gzip.GzipFile(fileobj=out, mode="wb", compresslevel=9, mtime=0) as handle:
        handle.write(text.encode("utf-8"))
    return out.getvalue()


def choose(games: list[WthorGame], max_bytes: int) -> tuple[list[WthorGame], list[str]]:
    """The games that fit, and the names of the events added whole."""
    from game.library.database import GameTable

    table = GameTable(games, WTHOR_PATH, "")
    chosen = {g.index: g for final in find_finals(table) for g in final.games}
    events: dict[str, list[WthorGame]] = {}
    for game in games:
        if game.event.startswith("World Championship - "):
            events.setdefault(game.event, []).append(game)
    added = []
    for event in sorted(events, key=lambda e: -events[e][0].year):
        trial = dict(chosen)
        trial.update((g.index, g) for g in events[event])
        if len(pack(list(trial.values()))) > max_bytes:
            break
        chosen, added = trial, [*added, event]
    return list(chosen.values()), added


def main(argv: list[str] | None = None) -> int:
    """Write the subset and say what is in it."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-bytes", type=int, default=DEFAULT_MAX_BYTES, help="the file's size limit")
    parser.add_argument("--out", type=Path, default=SUBSET_PATH)
    args = parser.parse_args(argv)
    games = TableLoader(WTHOR_PATH).run().games
    chosen, events = choose(games, args.max_bytes)
    data = pack(chosen)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_bytes(data)
    print(f"{args.out}: {len(chosen)} games, {len(data):,} bytes (limit {args.max_bytes:,})")
    print(f"the finals' games, and whole events: {', '.join(events) or 'none'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
