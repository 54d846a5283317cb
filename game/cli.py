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
import functools
import json
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar

from game.engine import (
    COLOR_NAMES,
    GameRecord,
    NotationError,
    NumberError,
    PerftTimeout,
    Position,
    TranscriptError,
    decimal_number,
    square_name,
    timed_perft,
    whole_number,
)
from game.interfaces.closed_pipe import quiet_stdout
from game.platform.storage import use_data_dir

if TYPE_CHECKING:
    from game.ai import Limits


Command = Callable[[argparse.Namespace], None]
_N = TypeVar("_N", int, float)


class UsageError(Exception):
    """Bad input on the command line; the message is printed as one line."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on stderr and raise ``UsageError``."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message}")


def _number_arg(read: Callable[[], _N]) -> _N:
    """``read()``, its ``NumberError`` made argparse's (which names the option in one line)."""
    try:
        return read()
    except NumberError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def seconds_arg(text: str) -> float:
    """A number of seconds above 0, in the digits 0-9 (``nan``, ``inf`` and ``0`` are refused).

    More than ``game.ai.MAX_SECONDS`` is read as it is written: the command caps it with a note (``_capped``).
    """
    return _number_arg(lambda: decimal_number(text, "seconds", above=0.0))


def _count_arg(text: str, least: int, what: str) -> int:
    return _number_arg(lambda: whole_number(text, what, least))


def nodes_arg(text: str) -> int:
    """A node count of 1 or more (more than ``game.ai.MAX_NODES`` is capped by the command, with a note)."""
    return _count_arg(text, 1, "nodes")


def depth_arg(text: str) -> int:
    """A depth of 0 or more plies."""
    return _count_arg(text, 0, "plies")


def empties_arg(text: str) -> int:
    """A number of empty squares, 0 or more."""
    return _count_arg(text, 0, "empty squares")


def _capped(value: _N, cap: _N, option: str, unit: str) -> _N:
    """``value`` at most ``cap``; when it was more, the one line that says so goes to stderr."""
    from game.ai import capped

    value, note = capped(value, cap, option, unit)
    if note is not None:
        print(f"note: {note}", file=sys.stderr)
    return value


def _seconds_option(value: float, option: str) -> float:
    from game.ai import MAX_SECONDS

    return _capped(value, MAX_SECONDS, option, "seconds")


def _position_arg(text: str | None) -> Position:
    if text is None:
        return Position.start()
    try:
        return Position.from_text(text)
    except (NotationError, ValueError) as exc:
        raise UsageError(f"bad position: {exc}") from None


def _emit(args: argparse.Namespace, data: dict[str, Any], text: str) -> None:
    if args.json:
        print(json.dumps(data))
    else:
        print(text)


# -- perft -------------------------------------------------------------------

PERFT_SECONDS = 600.0
"""perft's and bench's default time limit: deep counts grow about eightfold a ply."""


def _perft_seconds(args: argparse.Namespace) -> float:
    """perft's and bench's ``--max-seconds``: ``PERFT_SECONDS`` if not given, at most ``MAX_SECONDS``."""
    return PERFT_SECONDS if args.max_seconds is None else _seconds_option(args.max_seconds, "--max-seconds")


def _timed(position: Position, depth: int, bulk: bool, max_seconds: float) -> int:
    try:
        return timed_perft(position, depth, max_seconds, bulk=bulk)
    except PerftTimeout as exc:
        raise UsageError(f"{exc} (depth {depth}; raise --max-seconds to count deeper)") from None


def cmd_perft(args: argparse.Namespace) -> None:
    """Count leaf nodes ``depth`` plies ahead."""
    position = _position_arg(args.position)
    max_seconds = _perft_seconds(args)
    started = time.perf_counter()
    nodes = _timed(position, args.depth, not args.no_bulk, max_seconds)
    seconds = time.perf_counter() - started
    nps = round(nodes / seconds) if seconds > 0 else 0
    data = {"depth": args.depth, "nodes": nodes, "seconds": round(seconds, 6), "nps": nps}
    _emit(args, data, f"perft({args.depth}) = {nodes}  ({seconds:.3f} s, {nps:,} nodes/s)")


# -- show --------------------------------------------------------------------


def describe(record: GameRecord) -> dict[str, Any]:
    """The JSON description of the position at the record's cursor (the ``show`` keys)."""
    position = record.position
    over = position.is_over()
    outcome = record.result
    legal = [] if over else [square_name(s) for s in position.legal_squares()]
    return {
        "board": position.to_text()[:64],
        "to_move": None if over else position.to_move,
        "legal": legal,
        "black": position.black_count,
        "white": position.white_count,
        "empty": position.empty_count,
        "over": over,
        "winner": (outcome.winner or "draw") if outcome else None,
        "score_discs": outcome.score_discs if outcome else None,
        "score_tournament": outcome.score_tournament if outcome else None,
        "transcript": record.transcript,
    }


def cmd_show(args: argparse.Namespace) -> None:
    """Show the board after a transcript (from the start or ``--position``)."""
    start = _position_arg(args.position)
    try:
        record = GameRecord.from_transcript(args.transcript or "", start)
    except TranscriptError as exc:
        raise UsageError(f"bad transcript: {exc}") from None
    data = describe(record)
    position = record.position
    lines = [position.board_diagram(0 if data["over"] else position.legal_moves())]
    lines.append(f"Black {data['black']}  White {data['white']}  Empty {data['empty']}")
    if data["over"]:
        winner = {"X": "Black wins", "O": "White wins", "draw": "Draw"}[data["winner"]]
        lines.append(
            f"Game over: {winner}, {data['score_discs']} on the board, "
            f"{data['score_tournament']} by the tournament rule"
        )
    else:
        side = "Black (X)" if position.to_move == "X" else "White (O)"
        lines.append(f"{side} to move; legal: {' '.join(data['legal'])}")
    if data["transcript"]:
        lines.append(f"Transcript: {data['transcript']}")
    _emit(args, data, "\n".join(lines))


# -- bench -------------------------------------------------------------------


def cmd_bench(args: argparse.Namespace) -> None:
    """Perft nodes per second with and without bulk counting."""
    position = Position.start()
    results: dict[str, Any] = {"depth": args.depth}
    lines = []
    max_seconds = _perft_seconds(args)
    for label, bulk in (("bulk", True), ("no_bulk", False)):
        started = time.perf_counter()
        nodes = _timed(position, args.depth, bulk, max_seconds)
        seconds = time.perf_counter() - started
        nps = round(nodes / seconds) if seconds > 0 else 0
        results[label] = {"nodes": nodes, "seconds": round(seconds, 6), "nps": nps}
        lines.append(f"perft({args.depth}) {label:8} {nodes} nodes {seconds:.3f} s {nps:,} nodes/s")
    _emit(args, results, "\n".join(lines))


# -- AI ----------------------------------------------------------------------


def _names(squares: list[int]) -> list[str]:
    return [square_name(sq) for sq in squares]


def _limits(args: argparse.Namespace) -> Limits | None:
    """The ``--time``/``--nodes`` limits, or ``None`` when neither was given.

    A limit above ``MAX_SECONDS`` or ``MAX_NODES`` is capped, with one line on stderr saying so.
    """
    from game.ai import MAX_NODES, Limits

    if args.time is None and args.nodes is None:
        return None
    seconds = None if args.time is None else _seconds_option(args.time, "--time")
    nodes = None if args.nodes is None else _capped(args.nodes, MAX_NODES, "--nodes", "nodes")
    return Limits(seconds=seconds, nodes=nodes)


def _needs_weights(command: Command) -> Command:
    """A subcommand that may need the trained evaluation: a damaged weights file is one line, status 2."""

    @functools.wraps(command)
    def run(args: argparse.Namespace) -> None:
        from game.ai import WeightsError

        try:
            command(args)
        except WeightsError as exc:
            raise UsageError(f"{args.command}: the evaluation's weights cannot be used: {exc}") from None

    return run


SOLVE_MAX_EMPTIES = 30
"""The exact solver's real limit without ``--time`` or ``--nodes``: more empties would not be solved in a day.

It is ``--max-empties``' default, and a larger ``--max-empties`` is capped at it (the position is
refused with a message saying so); with a limit any position can be searched.
"""


@_needs_weights
def cmd_solve(args: argparse.Namespace) -> None:
    """Solve a position exactly (final disc difference for the side to move, all best moves), or within limits."""
    position = _position_arg(args.position)
    limits = _limits(args)
    most = SOLVE_MAX_EMPTIES if limits is None else 64
    max_empties = most if args.max_empties is None else min(args.max_empties, most)
    if position.empty_count > max_empties:
        if args.max_empties is not None and args.max_empties > max_empties:
            raise UsageError(
                f"solve: {position.empty_count} empty squares is more than the exact solver's limit of {most}"
                f" (--max-empties {args.max_empties} is capped at it); bound the search with --time or --nodes"
            )
        raise UsageError(
            f"solve: {position.empty_count} empty squares is more than --max-empties {max_empties}"
            + ("; or bound the search with --time or --nodes" if limits is None else "")
        )
    if limits is None or position.is_over() or position.must_pass():
        from game.ai import solve_exactly

        result = solve_exactly(position)
        exact, score, squares, nodes, seconds = True, result.score, result.best, result.nodes, result.seconds
    else:
        from game.ai import limited_search

        found = limited_search(position, limits)
        exact, score, squares, nodes, seconds = found.exact, found.score, found.best, found.nodes, found.seconds
    if position.is_over():
        best: list[str] = []
    elif position.must_pass():
        best = ["pass"]
    else:
        best = _names(squares)
    data = {"score": score, "best": best, "nodes": nodes, "seconds": round(seconds, 6), "exact": exact}
    side = COLOR_NAMES[position.to_move]
    how = "with perfect play" if exact else "estimated (a limit ended the exact search)"
    text = f"{side} to move: {score:+d} {how}; best: {' '.join(best) or '(game over)'}"
    _emit(args, data, f"{text}\n{nodes} nodes in {seconds:.3f} s")


@_needs_weights
def cmd_analyze(args: argparse.Namespace) -> None:
    """The value of every legal move and the expected line; with ``--hint``, exactly what the Hint button shows."""
    from game.ai import analyze, level_by_name_or_index

    position = _position_arg(args.position)
    limits = _limits(args)
    if args.hint and (limits is not None or args.level is not None):
        raise UsageError("analyze: --hint has the hint's own limits; leave out --level, --time and --nodes")
    try:
        level = level_by_name_or_index("max" if args.level is None else args.level)
    except ValueError as exc:
        raise UsageError(f"analyze: {exc}") from None
    if position.is_over():
        data: dict[str, Any] = {"moves": {}, "exact": True, "pv": [], "nodes": 0, "best": [], "exact_moves": []}
        _emit(args, data, "The game is over: no moves to analyse.")
        return
    passed = position.must_pass()
    if passed:
        position = position.pass_turn()
    seconds: float | None = None
    if args.hint:
        from game.ai import HINT_LIMITS, advise, warm_up

        for _ in warm_up():  # as the game has done before any hint: loading is not the hint's time
            pass
        analysis = advise(position, HINT_LIMITS).run()
        found = _analysed(analysis)
        seconds = analysis.seconds
    elif limits is None:
        found = _analysed(analyze(position, level).run())
    else:
        from game.ai import limited_search

        searched = limited_search(position, limits, every_value=True)
        found = (searched.values, searched.exact, searched.pv, searched.nodes, searched.depth, searched.best,
                 set(searched.values) if searched.exact else set())
    values, exact, line, nodes, depth, best, exact_squares = found
    if passed:  # the only move is the pass; its value is the opponent's best, from our side
        moves: dict[str, float] = {"pass": -max(values.values())}
        best_names, exact_names = ["pass"], ["pass"] if exact else []
    else:
        ranked = sorted(values.items(), key=lambda kv: (-kv[1], kv[0]))
        moves = {square_name(sq): value for sq, value in ranked}
        best_names = _names(sorted(best))
        exact_names = [square_name(sq) for sq, _ in ranked if sq in exact_squares]
    pv = (["pass"] if passed else []) + _names(line)
    data = {"moves": moves, "exact": exact, "pv": pv, "nodes": nodes, "best": best_names, "exact_moves": exact_names}
    if seconds is not None:
        data["seconds"] = round(seconds, 6)
    lines = [f"{name}: {value:+g}{'' if exact or name in exact_names else ' (estimate)'}"
             for name, value in moves.items()]
    if exact:
        how = "exact"
    elif exact_names:
        how = f"best exact, the others estimated at depth {depth}"
    else:
        how = f"depth {depth}"
    lines.append(f"{how}; best: {' '.join(best_names)}; line: {' '.join(pv)}; {nodes} nodes")
    _emit(args, data, "\n".join(lines))


def _analysed(analysis: Any) -> tuple[dict[int, float], bool, list[int], int, int, list[int], set[int]]:
    """An ``Analysis``'s values, exactness, line, nodes, depth, best moves and exactly valued squares."""
    exact_squares = set(analysis.values) if analysis.exact else set(analysis.exact_squares)
    return (analysis.values, analysis.exact, analysis.pv, analysis.nodes, analysis.depth, analysis.best,
            exact_squares)


def cmd_gtp(args: argparse.Namespace) -> None:
    """Speak GTP on standard input and output."""
    from game.ai import level_by_name_or_index
    from game.interfaces.gtp import run

    try:
        level = level_by_name_or_index(args.level)
    except ValueError as exc:
        raise UsageError(f"gtp: {exc}") from None
    move_time = None if args.move_time is None else _seconds_option(args.move_time, "--move-time")
    run(level, move_time)


# -- book --------------------------------------------------------------------


def cmd_book(args: argparse.Namespace) -> None:
    """The opening book's moves in a position (a transcript or a position text) and the opening's name."""
    from game.ai import BookError, default_book
    from game.records.openings import default_book as named_openings
    from game.records.openings import opening_name

    tokens = args.position.split()
    if len(tokens) >= 2 and len(tokens[-1]) == 1:  # a side to move ends a position text; no move is one letter
        position = _position_arg(args.position)
        named = named_openings().named(position)
        name = named.name if named is not None else None
    else:
        try:
            record = GameRecord.from_transcript(args.position)
        except TranscriptError as exc:
            raise UsageError(f"bad transcript: {exc}") from None
        position = record.position
        name = opening_name(record.moves)
    try:
        found = default_book().lookup(position.player, position.opponent)
    except BookError as exc:
        raise UsageError(f"book: {exc}") from None
    ranked = sorted(found.items(), key=lambda kv: (-kv[1].value, -kv[1].games, kv[0]))
    moves = {square_name(sq): {"games": e.games, "score": e.score, "value": e.value} for sq, e in ranked}
    lines = [f"{name}" if name else "(no opening name)"]
    lines += [f"{sq}: value {e['value']:+.1f}, {e['games']} games"
              + (f", average {e['score']:+.1f}" if e["score"] is not None else "") for sq, e in moves.items()]
    if not moves:
        lines.append("Not in the book.")
    _emit(args, {"moves": moves, "name": name}, "\n".join(lines))


# -- library -----------------------------------------------------------------


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
    _emit(args, data, "\n".join(lines))


def limit_arg(text: str) -> int:
    """A number of games from 1 to 10,000."""
    from game.library.search import MAX_RESULTS

    return _number_arg(lambda: whole_number(text, "games", 1, MAX_RESULTS))


# -- main --------------------------------------------------------------------

def _limit_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--time", type=seconds_arg, metavar="SECONDS",
                        help="stop after about this long and answer the best found (exact false);"
                             " more than a day is capped at a day, with a note on stderr")
    parser.add_argument("--nodes", type=nodes_arg, metavar="N",
                        help="stop after about N nodes and answer the best found (exact false);"
                             " more than 30,000,000,000 is capped at that, with a note on stderr")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every subcommand."""
    parser = _Parser(prog="python -m game.cli", description="Othello engine command line")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

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
