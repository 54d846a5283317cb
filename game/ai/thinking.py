"""Thinking in slices: the AI's public entry points, each returning a job a game loop advances.

>>> from game.engine import Position
>>> job = think(Position.start(), 2, seed=1)
>>> move = None
>>> while move is None:
...     move = job.advance(10)
>>> move in Position.start().legal_squares()
True

The work is split by concern: ``jobs`` (running a generator in slices),
``deepening`` (iterative deepening and aspiration over an ``Engine``),
``policy`` (how each level chooses its move: ``think``), ``analyzer``
(move values for hints and reviews: ``analyze``, ``solve_position``). This
module gathers them and warms the evaluation up.
"""

from __future__ import annotations

from collections.abc import Iterator

from .analyzer import Analysis, Analyzer, analyze, solve_position
from .deepening import get_evaluation
from .jobs import Job
from .patterns import default_evaluation
from .policy import ENDGAME_TIME_FACTOR, think

__all__ = [
    "ENDGAME_TIME_FACTOR",
    "Analysis",
    "Analyzer",
    "Job",
    "analyze",
    "get_evaluation",
    "solve_position",
    "think",
    "warm_up",
]

WARM_UP_PHASE_STEP = 4
"""Empties between the phases the warm-up prepares, one per step."""


def warm_up() -> Iterator[None]:
    """Load what the searches need now rather than on the first move, a step at a time.

    Each step takes at most a few tens of milliseconds natively (loading the
    weights, then preparing one game phase of the evaluation), so a game loop
    can take one step a frame while a menu is on screen.
    """
    evaluation = default_evaluation()
    yield None
    for empties in range(1, 61, WARM_UP_PHASE_STEP):
        evaluation.evaluate(0, (1 << (64 - empties)) - 1)  # the first use of a phase builds its tables
        yield None
