"""Whether a damaged shipped weights file may be stood in for, and what was wrong with it.

After ``play_on_without_weights`` (the game calls it) the shipped evaluation
(``game.ai.shipped_evaluation``) gives the hand-written evaluation for a
damaged file instead of ``WeightsError``; ``weights_problem`` says what was
wrong. This is apart from the evaluation so that the game can say so before
its first frame without loading the evaluation's modules.
"""

from __future__ import annotations

_stand_in_allowed: list[bool] = []
"""Holds ``True`` once ``play_on_without_weights`` was called (by the game)."""
_problem: list[str] = []
"""What was wrong with the shipped weights file, when it was last found damaged."""


def play_on_without_weights() -> None:
    """From now on a damaged shipped weights file gives the hand-written evaluation instead of ``WeightsError``.

    The game calls this: it plays on (weaker) and tells the player what
    ``weights_problem`` says, as a damaged opening book costs the book and
    never the game. The command line, GTP and the tools do not: for them a
    damaged file is an error to report.
    """
    if not _stand_in_allowed:
        _stand_in_allowed.append(True)


def stand_in_allowed() -> bool:
    """Whether ``play_on_without_weights`` was called."""
    return bool(_stand_in_allowed)


def weights_problem() -> str | None:
    """Why the shipped weights file could not be used (``WeightsError``'s message), or ``None`` if it was not."""
    return _problem[-1] if _problem else None


def note_problem(problem: str | None) -> None:
    """Remember what was wrong with the shipped weights file (``None``: nothing, it was read since)."""
    _problem[:] = [] if problem is None else [problem]
