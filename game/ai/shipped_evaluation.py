"""The shipped evaluation, loaded once and shared, and the game's stand-in when its weights file is damaged.

``default_evaluation`` (or ``loading_default``, a step at a time) is the pattern evaluation with the
shipped weights; after ``game.ai.stand_in.play_on_without_weights`` (the game calls it) a damaged
file gives the hand-written evaluation instead of ``WeightsError``, and ``weights_problem`` says what
was wrong.
"""

from __future__ import annotations

from collections.abc import Generator

from .evaluation import HeuristicEvaluation
from .patterns import PatternEvaluation, load, loading
from .stand_in import note_problem, stand_in_allowed
from .weights_file import WeightsError

_default: list[PatternEvaluation | HeuristicEvaluation] = []
"""The shipped evaluation once loaded, or the stand-in once the file was found damaged (at most one)."""


def _stand_in(err: WeightsError) -> HeuristicEvaluation:
    """The hand-written evaluation in place of the damaged weights; ``err`` again unless the stand-in is allowed."""
    note_problem(str(err))
    if not stand_in_allowed():
        raise err
    return HeuristicEvaluation()


def _keep(evaluation: PatternEvaluation | HeuristicEvaluation) -> PatternEvaluation | HeuristicEvaluation:
    """The shared evaluation: ``evaluation`` unless another was kept meanwhile."""
    if not _default:
        _default.append(evaluation)
        if isinstance(evaluation, PatternEvaluation):
            note_problem(None)  # a file repaired since an earlier failed try
    return _default[0]


def default_evaluation() -> PatternEvaluation | HeuristicEvaluation:
    """The shipped evaluation (``WEIGHTS_PATH``), loaded once and shared.

    ``WeightsError`` if the file is damaged (tried again at the next call),
    or the hand-written evaluation for good after ``play_on_without_weights``.
    """
    if _default:
        return _default[0]
    try:
        evaluation: PatternEvaluation | HeuristicEvaluation = load()
    except WeightsError as err:
        evaluation = _stand_in(err)
    return _keep(evaluation)


def loading_default() -> Generator[None, None, PatternEvaluation | HeuristicEvaluation]:
    """``default_evaluation`` a step at a time, for a game loop; at once if it is loaded already."""
    if _default:
        return _default[0]
    try:
        evaluation: PatternEvaluation | HeuristicEvaluation = yield from loading()
    except WeightsError as err:
        evaluation = _stand_in(err)
    return _keep(evaluation)
