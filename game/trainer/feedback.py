"""What the book says of a trainer's answer: its verdict, the better moves, the words, and the running score.

Pure Python; nothing here imports pygame.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from game.engine import square_name
from game.i18n import _, ngettext, number
from game.review.hints import value_label


class BookVerdict(StrEnum):
    """What the book says of an answer: best, good (within ``GOOD_MARGIN`` of the best), weak (further), out of it."""

    BEST = "best"
    GOOD = "good"
    WEAK = "weak"
    OUT_OF_BOOK = "out_of_book"



def disc_text(value: float) -> str:
    """A book value in discs as written in the feedback: ``+0.3``, ``-2.4``, ``0.0`` (the language's decimal mark).

    An estimate, written as the hint and the review write theirs (``game.review.hints.value_label``).
    """
    return value_label(value, exact=False)


@dataclass(frozen=True)
class Better:
    """A move the book prefers: its square, value for the mover, and master games."""

    square: int
    value: float
    games: int

    def describe(self) -> str:
        """``'f4 (-0.3, 46,513 games)'``."""
        square, value = square_name(self.square), disc_text(self.value)
        if not self.games:
            return _("{square} ({value}, the engine's choice)").format(square=square, value=value)
        return ngettext("{square} ({value}, {n} game)", "{square} ({value}, {n} games)", self.games).format(
            square=square, value=value, n=number(self.games))


@dataclass(frozen=True)
class Feedback:
    """What the book says about an answer."""

    square: int
    verdict: BookVerdict
    value: float | None
    """The answer's value for its mover in discs: the book's, or out of the book the engine's (``None`` if it has
    none: a search that found no value)."""
    best_value: float
    better: tuple[Better, ...]
    """The book's good moves here (within the margin of the best), best first, for a mistake; else empty."""
    text: str

    @property
    def mistake(self) -> bool:
        """Whether the answer stops the line."""
        return self.verdict in (BookVerdict.WEAK, BookVerdict.OUT_OF_BOOK)



@dataclass
class Score:
    """Answers judged: how many, how many the book has, how many good (within the margin of its best)."""

    answered: int = 0
    in_book: int = 0
    good: int = 0

    def add(self, feedback: Feedback) -> None:
        """Count one answer."""
        self.answered += 1
        self.in_book += feedback.verdict is not BookVerdict.OUT_OF_BOOK
        self.good += not feedback.mistake

    def text(self) -> str:
        """``'5 good of 6 · 6 in book'``."""
        if not self.answered:
            return _("No answers yet")
        return _("{good} good of {answered} · {in_book} in book").format(
            good=self.good, answered=self.answered, in_book=self.in_book)
