"""Hints in play, from the same analysis as the review: the best move only, or the values of all legal moves.

>>> from game.ai import Analysis
>>> found = Analysis({19: 2.0, 26: -1.4, 37: 2.0}, False, [19, 37], [19])
>>> hint_marks(found, "best")
([19], {19: '+2'})
>>> hint_marks(found, "all")
([19, 37], {19: '+2', 26: '-1', 37: '+2'})
>>> from game.engine import Position
>>> book_note(Position.start(), 37)
'A book move, played in 131,212 master games.'
"""

from __future__ import annotations

from game.ai import Analysis, BookError, default_book
from game.engine import Position
from game.i18n import ngettext, number


def value_label(value: float) -> str:
    """A move's value as shown on its square: ``+4``, ``-2``, ``0``."""
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
        return list(analysis.best), {sq: value_label(v) for sq, v in sorted(analysis.values.items())}
    best = analysis.best[0]
    return [best], {best: value_label(analysis.values.get(best, 0.0))}


def book_note(position: Position, square: int) -> str | None:
    """``'A book move, ...'`` when the opening book has ``square`` from at least its minimum of master games.

    ``None`` for any other move, and when the book cannot be read.
    """
    try:
        book = default_book()
    except BookError:
        return None
    entry = book.lookup(position.player, position.opponent).get(square)
    if entry is None or entry.score is None or entry.games < book.info.min_games:
        return None
    return ngettext("A book move, played in {n} master game.", "A book move, played in {n} master games.",
                    entry.games).format(n=number(entry.games))
