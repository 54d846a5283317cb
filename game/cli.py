"""The engine's command line: ``python -m game.cli SUBCOMMAND ...``.

Every subcommand takes ``--json`` and then prints exactly one JSON object on
stdout. Bad input prints one line on stderr and exits with status 2.
This module imports nothing from pygame.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from game.engine import (
    GameRecord,
    NotationError,
    Position,
    TranscriptError,
    perft,
    square_name,
)


class UsageError(Exception):
    """Bad input on the command line; the message is printed as one line."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on stderr and raise ``UsageError``."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message}")


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


def cmd_perft(args: argparse.Namespace) -> None:
    """Count leaf nodes ``depth`` plies ahead."""
    if args.depth < 0:
        raise UsageError("perft: depth must be 0 or more")
    position = _position_arg(args.position)
    started = time.perf_counter()
    nodes = perft(position, args.depth, bulk=not args.no_bulk)
    seconds = time.perf_counter() - started
    nps = round(nodes / seconds) if seconds > 0 else 0
    data = {"depth": args.depth, "nodes": nodes, "seconds": round(seconds, 6), "nps": nps}
    _emit(args, data, f"perft({args.depth}) = {nodes}  ({seconds:.3f} s, {nps:,} nodes/s)")


# -- show --------------------------------------------------------------------


def describe(record: GameRecord) -> dict[str, Any]:
    """The JSON description of the position at the record's cursor (the ``show`` keys)."""
    position = record.position
    over = position.is_over()
    result = record.result()
    legal = [] if over else [square_name(s) for s in position.legal_squares()]
    return {
        "board": position.to_text()[:64],
        "to_move": None if over else position.to_move,
        "legal": legal,
        "black": position.black_count(),
        "white": position.white_count(),
        "empty": position.empty_count(),
        "over": over,
        "winner": result.winner if result else None,
        "score_discs": result.score_discs() if result else None,
        "score_tournament": result.score_tournament() if result else None,
        "transcript": record.transcript(),
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
    for label, bulk in (("bulk", True), ("no_bulk", False)):
        started = time.perf_counter()
        nodes = perft(position, args.depth, bulk=bulk)
        seconds = time.perf_counter() - started
        results[label] = {"nodes": nodes, "seconds": round(seconds, 6), "nps": round(nodes / seconds)}
        lines.append(f"perft({args.depth}) {label:8} {nodes} nodes {seconds:.3f} s {nodes / seconds:,.0f} nodes/s")
    _emit(args, results, "\n".join(lines))


# -- main --------------------------------------------------------------------

Command = Callable[[argparse.Namespace], None]


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every subcommand."""
    parser = _Parser(prog="python -m game.cli", description="Othello engine command line")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    p = sub.add_parser("perft", help="count leaf nodes DEPTH plies ahead")
    p.add_argument("depth", type=int)
    p.add_argument("--position", help="64 squares a1..h8 (X, O, -), a space, side to move")
    p.add_argument("--no-bulk", action="store_true", help="make every leaf move")
    p.set_defaults(func=cmd_perft)

    p = sub.add_parser("show", help="show the board after a transcript")
    p.add_argument("transcript", nargs="?", default="")
    p.add_argument("--position", help="start position instead of the standard start")
    p.set_defaults(func=cmd_show)

    p = sub.add_parser("bench", help="perft nodes per second, bulk and no-bulk")
    p.add_argument("--depth", type=int, default=8)
    p.set_defaults(func=cmd_bench)

    for action in sub.choices.values():
        action.add_argument("--json", action="store_true", help="print one JSON object")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        func: Command = args.func
        func(args)
    except UsageError as exc:
        print(str(exc).splitlines()[0] if str(exc) else "error", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
