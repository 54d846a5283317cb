"""Where a trainer's line starts: the start, the book's named openings, or a line from any position.

``trainable_openings(book)`` lists the openings the book has; ``opening_at`` makes a line from a game's
moves or a position; ``opening_title`` is a line's name as the player reads it. Pure Python; nothing
here imports pygame.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.engine import GameRecord, Position, square_name
from game.i18n import N_, _, pgettext
from game.records.openings import default_book as default_openings

if TYPE_CHECKING:
    from game.ai import Book  # the book itself is loaded by the AI, behind the menu

START_NAME = N_("From the start")
"""The training line that begins at the standard start position (its progress is kept under this English name)."""
THIS_LINE = N_("This line")
"""The name of a line from the start through moves the openings have no name for."""
THIS_POSITION = N_("This position")
"""The name of a line from a set-up position the openings have no name for."""


@dataclass(frozen=True)
class TrainingOpening:
    """Where a line starts: a named opening's moves from the standard start, or any position (``start``)."""

    name: str
    moves: tuple[int, ...] = ()
    start: Position | None = None
    """``None``: the standard start, then ``moves``."""
    saved: bool = True
    """Whether progress is kept (not for an unnamed set-up position)."""
    kept_as: str = ""
    """The name progress is kept under when it is not ``name`` (a line inside a named opening)."""

    @property
    def progress_name(self) -> str:
        """The opening whose progress this line counts in."""
        return self.kept_as or self.name

    def record(self) -> GameRecord:
        """A fresh record at the line's starting position."""
        record = GameRecord(self.start)
        for square in self.moves:
            record.play(square)
        return record

    def transcript(self) -> str:
        """The opening's moves, e.g. ``'f5 d6 c3 d3 c4'``."""
        return " ".join(square_name(square) for square in self.moves)


def trainable_openings(book: Book) -> list[TrainingOpening]:
    """The start, then every named opening (``game/data/openings.txt``) whose position the book has, in order."""
    found = [TrainingOpening(START_NAME)]
    seen = {START_NAME}
    for opening in default_openings().openings:
        if opening.name in seen:
            continue
        position = Position.start()
        for square in opening.moves:
            position = position.play(square)
        if book.lookup(position.player, position.opponent):
            found.append(TrainingOpening(opening.name, opening.moves))
            seen.add(opening.name)
    return found


def opening_at(moves: Sequence[int] = (), position: Position | None = None) -> TrainingOpening:
    """A line from the moves of a game from the start, or from a position (the explorer's, say).

    Raises ``ValueError`` for moves that are not legal. The line is named
    after the opening the position has a name for. Moves from the start
    with no name of their own are "This line", counted in the deepest
    opening they passed through (or "From the start"); only a set-up
    position with no name keeps no progress.
    """
    record = GameRecord(position)
    for square in moves:
        if not record.position.is_legal(square):
            raise ValueError(f"{square_name(square) if 0 <= square < 64 else square} is not a legal move here")
        record.play(square)
    named = default_openings().named(record.position)
    if position is None:
        if named is not None:
            return TrainingOpening(named.name, tuple(moves))
        passed = default_openings().follow(tuple(moves))
        return TrainingOpening(THIS_LINE, tuple(moves), kept_as=passed.name if passed else START_NAME)
    return TrainingOpening(named.name if named else THIS_POSITION, (), record.position, saved=named is not None)


def opening_title(name: str) -> str:
    """A line's name (an opening's, or "From the start", "This line") as the player reads it.

    The names themselves stay English: progress is kept under them.
    """
    return _(name) if name in (START_NAME, THIS_LINE, THIS_POSITION) else pgettext("opening", name)
