"""The opening trainer: play the book's main lines against the computer, each answer judged by the book.

Pure Python (no pygame): the session (``model``: a play session with the
book as its opponent, ``BookOpponent``, and its judge, ``LineJudge``), where
a line starts (``openings``: ``TrainingOpening``, ``trainable_openings``,
``opening_at``), what the book says of an answer (``feedback``: ``Feedback``,
``Score``) and the player's progress (``progress``). The screens are
``game.scenes.trainer``'s; see ``docs/trainer.md``.
"""

from .feedback import Better, Feedback, Score, disc_text
from .model import GOOD_MARGIN, PLY_LIMIT, LineResult, TrainerSession
from .openings import (
    START_NAME,
    THIS_LINE,
    THIS_POSITION,
    TrainingOpening,
    opening_at,
    opening_title,
    trainable_openings,
)
from .progress import PROGRESS_KEY, OpeningProgress, TrainerProgress

__all__ = [
    "GOOD_MARGIN",
    "PLY_LIMIT",
    "PROGRESS_KEY",
    "START_NAME",
    "THIS_LINE",
    "THIS_POSITION",
    "Better",
    "Feedback",
    "LineResult",
    "OpeningProgress",
    "Score",
    "TrainerProgress",
    "TrainerSession",
    "TrainingOpening",
    "disc_text",
    "opening_at",
    "opening_title",
    "trainable_openings",
]
