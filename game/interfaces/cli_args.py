"""The command line's reading of its arguments and its one way of answering.

``UsageError`` is bad input, printed by ``game.cli.main`` as one line with status 2;
``OneLineParser`` makes argparse's own errors one; the ``*_arg`` readers take numbers in the
digits 0-9 only (``game.engine.whole_number``, ``decimal_number``); ``capped_with_note`` caps
a limit past ``game.ai.MAX_SECONDS`` or ``MAX_NODES`` with one ``note:`` line on stderr;
``emit`` prints the JSON object (``--json``) or the text.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any, NoReturn, TypeVar

from game.engine import NotationError, NumberError, Position, decimal_number, whole_number

Command = Callable[[argparse.Namespace], None]
_N = TypeVar("_N", int, float)


class UsageError(Exception):
    """Bad input on the command line; the message is printed as one line."""


class OneLineParser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on stderr and raise ``UsageError``."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message}")


def number_arg(read: Callable[[], _N]) -> _N:
    """``read()``, its ``NumberError`` made argparse's (which names the option in one line)."""
    try:
        return read()
    except NumberError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def seconds_arg(text: str) -> float:
    """A number of seconds above 0, in the digits 0-9 (``nan``, ``inf`` and ``0`` are refused).

    More than ``game.ai.MAX_SECONDS`` is read as it is written: the command caps it with a note (``capped_with_note``).
    """
    return number_arg(lambda: decimal_number(text, "seconds", above=0.0))


def _count_arg(text: str, least: int, what: str) -> int:
    return number_arg(lambda: whole_number(text, what, least))


def nodes_arg(text: str) -> int:
    """A node count of 1 or more (more than ``game.ai.MAX_NODES`` is capped by the command, with a note)."""
    return _count_arg(text, 1, "nodes")


def depth_arg(text: str) -> int:
    """A depth of 0 or more plies."""
    return _count_arg(text, 0, "plies")


def empties_arg(text: str) -> int:
    """A number of empty squares, 0 or more."""
    return _count_arg(text, 0, "empty squares")


def capped_with_note(value: _N, cap: _N, option: str, unit: str) -> _N:
    """``value`` at most ``cap``; when it was more, the one line that says so goes to stderr."""
    from game.ai import capped

    value, note = capped(value, cap, option, unit)
    if note is not None:
        print(f"note: {note}", file=sys.stderr)
    return value


def seconds_option(value: float, option: str) -> float:
    """A number of seconds given as ``option``, at most ``game.ai.MAX_SECONDS`` (with a note when capped)."""
    from game.ai import MAX_SECONDS

    return capped_with_note(value, MAX_SECONDS, option, "seconds")


def position_arg(text: str | None) -> Position:
    """The position a ``--position`` text names (the standard start when none); bad text is a ``UsageError``."""
    if text is None:
        return Position.start()
    try:
        return Position.from_text(text)
    except (NotationError, ValueError) as exc:
        raise UsageError(f"bad position: {exc}") from None


def emit(args: argparse.Namespace, data: dict[str, Any], text: str) -> None:
    """The command's answer on stdout: ``data`` as one JSON object with ``--json``, else ``text``."""
    if args.json:
        print(json.dumps(data))
    else:
        print(text)

