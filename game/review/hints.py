"""Hints in play, from the one source of advice (``game.ai.advise``): the best move only, or every legal move's value.

An exact value is written as a whole number of discs (``+2``), an estimate
with one decimal (``+1.6``), as strong players read them in WZebra; the words
of a hint say which it is too.

>>> from game.ai import Analysis
>>> found = Analysis({19: 2.0, 26: -1.4, 37: 2.0}, True, [19, 37], [19])
>>> hint_marks(found, "best")
([19], {19: '+2'})
>>> hint_marks(found, "all")
([19, 37], {19: '+2', 26: '-1', 37: '+2'})
>>> mixed = Analysis({19: 2.0, 26: -1.44, 37: 1.0}, False, [19], [19], exact_squares=frozenset({19}))
>>> hint_marks(mixed, "all")
([19], {19: '+2', 26: '-1.4', 37: '+1.0'})
>>> from game.engine import Position
>>> book_note(Position.start(), 37)
'A book move, played in 131,212 master games.'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game import ai  # the book through the door when a note needs it: the menu imports this module
from game.engine import Position
from game.i18n import ngettext, number

if TYPE_CHECKING:
    from game.ai import Analysis


def value_label(value: float, exact: bool = True) -> str:
    """A move's value as shown on its square: exact ``+4``, ``-2``, ``0``; an estimate ``+3.6``, ``-0.4``, ``0.0``.

    >>> value_label(-2.0), value_label(0.2), value_label(3.64, exact=False), value_label(0.04, exact=False)
    ('-2', '0', '+3.6', '0.0')
    """
    if not exact:
        tenths = round(value, 1)
        return f"{'+' if tenths > 0 else ''}{number(tenths, 1)}" if tenths else number(0.0, 1)
    rounded = round(value)
    return f"{rounded:+d}" if rounded else "0"


def hint_marks(analysis: Analysis, mode: str) -> tuple[list[int], dict[int, str]]:
    """The squares to ring and the labels to write for a finished hint analysis.

    ``'all'`` labels every legal move and rings every best one; anything
    else rings and labels the first best move only.
    """
    if not analysis.best:
        return [], {}
    if mode == "all":
        labels = {sq: value_label(v, analysis.is_exact(sq)) for sq, v in sorted(analysis.values.items())}
        return list(analysis.best), labels
    best = analysis.best[0]
    return [best], {best: value_label(analysis.values.get(best, 0.0), analysis.is_exact(best))}


def book_note(position: Position, square: int) -> str | None:
    """``'A book move, ...'`` when the opening book has ``square`` from at least its minimum of master games.

    ``None`` for any other move, and when the book cannot be read.
    """
    try:
        book = ai.default_book()
    except ai.BookError:
        return None
    entry = book.lookup(position.player, position.opponent).get(square)
    if entry is None or entry.score is None or entry.games < book.info.min_games:
        return None
    return ngettext("A book move, played in {n} master game.", "A book move, played in {n} master games.",
                    entry.games).format(n=number(entry.games))
