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
module gathers them and loads what they need ahead (``load_ahead``, the
last part of ``warming.warm_up``).
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Generator

from game.engine.bitboard import FLIP_FUNCTIONS

from .analyzer import (
    HINT_LIMITS,
    HINT_LIMITS_IN_PAGE,
    Analysis,
    Analyzer,
    advise,
    analyze,
    solve_position,
)
from .book import BookError, loading_default_book
from .jobs import Job, Progress
from .last_square import LAST_SQUARE_FUNCTIONS
from .mpc import MpcError, default_endgame_probes, default_probes
from .policy import think
from .shipped_evaluation import loading_default

__all__ = [
    "HINT_LIMITS",
    "HINT_LIMITS_IN_PAGE",
    "Analysis",
    "Analyzer",
    "Job",
    "Progress",
    "advise",
    "analyze",
    "solve_position",
    "think",
    "load_ahead",
]


def load_ahead() -> Generator[None, None, None]:
    """Load what the searches need now rather than on the first move, a step at a time.

    Each step takes well under a millisecond natively and about one in
    WebAssembly (the weights and the opening book are read, checked and
    inflated in pieces; then the evaluation's tables are prepared a piece of a
    pattern per step), so a game loop's slice ends close to its budget while
    a menu is on screen. The opening book and the Multi-ProbCut
    tables are loaded too, so the first move of a level that uses them does
    not hold a frame (damaged ones are left for the level to do without).
    The generated functions (the flips, the solver's last square) are
    compiled one a step, so no search's slice compiles many at once.
    """
    yield from FLIP_FUNCTIONS.compiling()
    evaluation = yield from loading_default()
    with contextlib.suppress(BookError):  # a damaged book: the levels open without it
        yield from loading_default_book()
    for probes in (default_probes, default_endgame_probes):  # parsed here, not in the first move's frame
        with contextlib.suppress(MpcError):  # damaged parameters: the level plays without them
            probes()
        yield None
    for _ in evaluation.warm_up_steps():
        # each step's tables (long lists) leave the cyclic collector's sight at once: a collection in the
        # middle of the warm-up would otherwise traverse all those made so far (8 ms in WebAssembly)
        gc.freeze()
        yield None
    yield from LAST_SQUARE_FUNCTIONS.compiling()
    # the evaluation's and the book's many long-lived objects would otherwise be traversed by the
    # cyclic collector again and again, up to 15-25 ms at a time in the middle of a search's slice
    gc.freeze()
