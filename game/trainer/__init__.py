"""The opening trainer: play the book's main lines against the computer, each answer judged by the book.

Pure Python (no pygame): the session (``model``: a play session with the
book as its opponent, ``BookOpponent``, and its judge, ``LineJudge``) and
the player's progress (``progress``). The screens are ``game.scenes.trainer``'s; see ``docs/trainer.md``.
"""

from .model import (
    GOOD_MARGIN,
    PLY_LIMIT,
    START_NAME,
    THIS_LINE,
    THIS_POSITION,
    Better,
    Feedback,
    LineResult,
    Score,
    TrainerSession,
    TrainingOpening,
    disc_text,
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
