"""The engine's command line: ``python -m game.cli SUBCOMMAND ...``.

Every subcommand takes ``--json`` and then prints exactly one JSON object on
stdout. Numbers are read in the digits 0-9 only (``game.engine.whole_number``,
``decimal_number``); a time or node limit past ``game.ai.MAX_SECONDS`` or
``MAX_NODES`` is capped at it, with one ``note:`` line on stderr, and the
command answers as usual. Bad input prints one line on stderr and exits with status 2, and so
does a damaged weights file when ``solve`` or ``analyze`` needs the trained
evaluation. A reader that closes stdout early (``| head``) ends the command
quietly with status 1, as Python's own documentation recommends.
This module imports nothing from pygame.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from game.interfaces.cli_args import (
    Command,
    OneLineParser,
    UsageError,
    depth_arg,
    empties_arg,
    nodes_arg,
    seconds_arg,
)
from game.interfaces.cli_book import cmd_book
from game.interfaces.cli_library import cmd_library, limit_arg
from game.interfaces.cli_perft import PERFT_SECONDS, cmd_bench, cmd_perft
from game.interfaces.cli_search import SOLVE_MAX_EMPTIES, cmd_analyze, cmd_gtp, cmd_solve
from game.interfaces.cli_show import cmd_show
from game.interfaces.closed_pipe import quiet_stdout
from game.platform.storage import use_data_dir


def _limit_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--time", type=seconds_arg, metavar="SECONDS",
                        help="stop after about this long and answer the best found (exact false);"
                             " more than a day is capped at a day, with a note on stderr")
    parser.add_argument("--nodes", type=nodes_arg, metavar="N",
                        help="stop after about N nodes and answer the best found (exact false);"
                             " more than 30,000,000,000 is capped at that, with a note on stderr")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every subcommand."""
    parser = OneLineParser(prog="python -m game.cli", description="Othello engine command line")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=OneLineParser)

    p = sub.add_parser("perft", help="count leaf nodes DEPTH plies ahead")
    p.add_argument("depth", type=depth_arg)
    p.add_argument("--position", help="64 squares a1..h8 (X, O, -), a space, side to move")
    p.add_argument("--no-bulk", action="store_true", help="make every leaf move")
    p.add_argument("--max-seconds", type=seconds_arg,
                   help=f"stop with a message after this long (default {PERFT_SECONDS:g}, at most a day)")
    p.set_defaults(func=cmd_perft)

    p = sub.add_parser("show", help="show the board after a transcript")
    p.add_argument("transcript", nargs="?", default="")
    p.add_argument("--position", help="start position instead of the standard start")
    p.set_defaults(func=cmd_show)

    p = sub.add_parser("solve", help="exact final disc difference for the side to move, and all best moves")
    p.add_argument("position", help="64 squares a1..h8 (X, O, -), a space, side to move")
    p.add_argument("--max-empties", type=empties_arg,
                   help=f"refuse positions with more empties (default and at most {SOLVE_MAX_EMPTIES}, the exact "
                        "solver's limit; none with --time or --nodes)")
    _limit_arguments(p)
    p.set_defaults(func=cmd_solve)

    p = sub.add_parser("analyze", help="the value of every legal move and the principal variation")
    p.add_argument("position", help="64 squares a1..h8 (X, O, -), a space, side to move")
    p.add_argument("--level", help="level index, name or max (default max)")
    p.add_argument("--hint", action="store_true",
                   help="what the game's Hint button shows: the same advice within the same limits "
                        "(best: the move it rings first; exact_moves: the moves whose value is exact)")
    _limit_arguments(p)
    p.set_defaults(func=cmd_analyze)

    p = sub.add_parser("gtp", help="play over the Go Text Protocol on stdin/stdout")
    p.add_argument("--level", default="max", help="level index, name or max (default max)")
    p.add_argument("--move-time", type=seconds_arg,
                   help="seconds per move instead of the level's (more than a day is capped at a day)")
    p.set_defaults(func=cmd_gtp)

    p = sub.add_parser("book", help="the opening book's moves: games, average result, backed-up value")
    p.add_argument("position", nargs="?", default="", metavar="POS",
                   help="a transcript from the start, or 64 squares a1..h8 (X, O, -), a space, side to move")
    p.set_defaults(func=cmd_book)

    p = sub.add_parser("library", help="master games by player, event, year and opening, newest first")
    p.add_argument("--player", metavar="NAME", help="part of a player's name (any case)")
    p.add_argument("--color", choices=("any", "black", "white"), default="any",
                   help="the colour --player played (default any)")
    p.add_argument("--event", metavar="TEXT", help="part of the event's name (any case)")
    p.add_argument("--year", metavar="Y", help="a year (1990) or a range (1990-1999)")
    p.add_argument("--opening", metavar="MOVES",
                   help="the first moves (f5d6c3, from any first move) or an opening's name (Tiger)")
    p.add_argument("--limit", type=limit_arg, default=50, metavar="N", help="at most N games (default 50)")
    p.add_argument("--data-dir", type=Path, metavar="PATH",
                   help="keep the parsed games' cache in PATH/cache (default: the platform's data folder)")
    p.set_defaults(func=cmd_library)

    p = sub.add_parser("bench", help="perft nodes per second, bulk and no-bulk")
    p.add_argument("--depth", type=depth_arg, default=8)
    p.add_argument("--max-seconds", type=seconds_arg,
                   help=f"stop with a message after this long each (default {PERFT_SECONDS:g}, at most a day)")
    p.set_defaults(func=cmd_bench)

    for action in sub.choices.values():
        action.add_argument("--json", action="store_true", help="print one JSON object")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        if getattr(args, "data_dir", None) is not None:
            try:
                use_data_dir(args.data_dir)
            except ValueError as exc:
                raise UsageError(f"{args.command}: --data-dir: {exc}") from None
        func: Command = args.func
        func(args)
        sys.stdout.flush()  # a closed pipe shows here rather than in Python's flush at exit
    except UsageError as exc:
        print(str(exc).splitlines()[0] if str(exc) else "error", file=sys.stderr)
        return 2
    except BrokenPipeError:
        quiet_stdout()
        return 1
    except KeyboardInterrupt:
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
