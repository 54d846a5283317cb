"""What both trainer screens open with: the opening book, and the line another screen hands in."""

from __future__ import annotations

from game.ai import Book, BookError, default_book
from game.i18n import _
from game.scenes.entries import TrainerEntry, TrainerPlayEntry
from game.trainer.openings import TrainingOpening, opening_at


def load_book() -> tuple[Book | None, str]:
    """The opening book, or ``None`` and why it could not be read."""
    try:
        return default_book(), ""
    except (OSError, BookError) as exc:
        return None, _("The opening book could not be read: {reason}").format(reason=exc)


def handed_opening(entry: TrainerEntry | TrainerPlayEntry) -> TrainingOpening | None:
    """The line another scene hands in: an ``opening``, or ``moves`` from the start, or a ``position``."""
    if isinstance(entry, TrainerPlayEntry) and entry.opening is not None:
        return entry.opening
    moves, position = entry.moves, entry.position
    if moves is None and position is None:
        return None
    try:
        return opening_at(tuple(moves or ()), position)
    except (TypeError, ValueError):
        return None
