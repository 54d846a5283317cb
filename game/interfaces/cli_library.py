"""The ``library`` subcommand (``python -m game.cli library``): master games from the WTHOR database."""

from __future__ import annotations

import argparse
import sys

from game.engine import whole_number
from game.interfaces.cli_args import UsageError, emit, number_arg


def cmd_library(args: argparse.Namespace) -> None:
    """Master games from the WTHOR database by player, event, year and opening, newest first."""
    from game.library.database import LibraryError, default_games_path
    from game.library.search import Query, QueryError, SearchIndex, parse_years
    from game.library.service import cache_dir
    from game.library.table_cache import cached_table
    from game.records.wthor import CREDIT

    try:
        years = parse_years(args.year) if args.year is not None else None
        query = Query(args.player or "", args.color, args.event or "", years, args.opening or "")
        table, note = cached_table(default_games_path(), cache_dir())
        if note is not None:
            print(note, file=sys.stderr)  # the answer is right; only the next run is slower
        found = SearchIndex(table).search(query, limit=args.limit)
    except (QueryError, LibraryError) as exc:
        raise UsageError(f"library: {exc}") from None
    data = {
        "games": [game.as_json() for game in found.games],
        "total": found.total,
        "openings": list(found.openings),
        "source": table.path.name,
        "credit": CREDIT,
    }
    lines = [f"{found.total} games" + (f", the newest {len(found.games)}:" if found.total > len(found.games) else ":")]
    lines += [f"{g.year}  {g.event}  {g.black} - {g.white}  {g.result}  {g.moves[:24]}..." for g in found.games]
    lines.append(CREDIT)
    emit(args, data, "\n".join(lines))


def limit_arg(text: str) -> int:
    """A number of games from 1 to 10,000."""
    from game.library.search import MAX_RESULTS

    return number_arg(lambda: whole_number(text, "games", 1, MAX_RESULTS))
