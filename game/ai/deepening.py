"""Iterative deepening with aspiration windows, over the searches a level uses.

An ``Engine`` owns one ``MidgameSearch`` (and through it the endgame
``Solver``) and the ``Budget`` they share, so their tables stay warm between
moves. ``deepen`` searches 1, 2, 3... plies, each iteration with a window of
``ASPIRATION`` around the previous score, widened on the side it fails; past
the time per move an unfinished iteration is dropped for the last finished one.
After each finished iteration the engine's ``progress`` holds its depth, value
and principal variation (a job reporting to it adds nodes and time).
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from game.engine.bitboard import Bitboard, legal_moves, squares_of

from .budget import Budget, BudgetSpent
from .endgame import Solver
from .evaluation import DISC
from .jobs import Progress
from .search import MidgameSearch
from .search_limits import DEFAULT_SHAPE, TimeShape
from .table import INF

ASPIRATION = 4 * DISC
"""Half-width of an iteration's first window around the previous iteration's score (of 1-12 discs and a full
window, 4 to 6 needed the fewest evaluations to depth 9 and 10: 2 failed too often, each failure a search
with the failed side open)."""
FULL_WINDOW_DEPTHS = 2
"""The first iterations are searched with a full window and no time limit but the clock's (``hard``)."""


@dataclass
class Decision:
    """What a search settled on: the move, its value in evaluation units, how deep."""

    move: int
    value: int
    depth: int
    exact: bool = False


@contextmanager
def hard_limit(budget: Budget, limit: float | None) -> Iterator[None]:
    """Within the block, the budget's searches stop with ``OutOfTime`` once the clock passes ``limit``."""
    previous = budget.hard_limit
    budget.set_hard_limit(limit)
    ours = budget.hard_limit
    try:
        yield
    finally:
        # a search dropped mid-block is closed later (when collected); by then the budget may
        # serve another move, whose limit must not be replaced by this one's stale "previous"
        if budget.hard_limit == ours:
            budget.set_hard_limit(None if previous == float("inf") else previous)


class Engine:
    """The searches of one evaluation, with their tables and shared budget kept between moves.

    Built by ``factory`` (``new_engine``, ``engine_for``), which wires the search and its solver.
    """

    def __init__(self, search: MidgameSearch) -> None:
        self.search = search
        self.budget = search.budget
        self.progress = Progress()
        """What ``deepen`` has found so far (for a job's display: ``Job.progress``)."""

    @property
    def solver(self) -> Solver:
        """The endgame solver (the midgame search's, sharing its tables and budget)."""
        return self.search.solver

    def deepen(
        self, p: Bitboard, o: Bitboard, max_depth: int, seconds: float | None, started: float,
        each: Callable[[Decision], Generator[None, None, bool]] | None = None, hard: float | None = None,
        shape: TimeShape = DEFAULT_SHAPE,
    ) -> Generator[None, None, Decision]:
        """Iterative deepening with aspiration windows; stops early when time is short.

        This is the one deepening loop: the game's and GTP's moves, the hint, the analysis, the review
        and the command line's bounded searches all run it, so the tables stay warm from one depth to
        the next. ``each`` (a generator function) is run after every finished iteration with its
        decision, outside the iteration's time limit; it returns True to stop deepening.

        ``seconds`` after ``started`` an iteration past the first ``FULL_WINDOW_DEPTHS`` is dropped; ``hard``
        (a time of the budget's clock: a move's clock less its margin, ``search_limits.plan``) stops every
        iteration, the first too: the answer is then the last finished one, or the first legal move.
        No new iteration starts past ``shape``'s share of ``seconds`` (the limits' ``TimeShape``).
        """
        search = self.search
        budget = self.budget
        progress = self.progress
        decision = Decision(squares_of(legal_moves(p, o))[0], 0, 0)
        order: list[int] | None = None
        guess = 0
        for depth in range(1, max_depth + 1):
            wide = depth <= FULL_WINDOW_DEPTHS
            alpha, beta = (-INF, INF) if wide else (guess - ASPIRATION, guess + ASPIRATION)
            try:
                stop = None if seconds is None or wide else started + seconds
                if hard is not None:
                    stop = hard if stop is None else min(stop, hard)
                with hard_limit(budget, stop):
                    while True:
                        score, move, scores = yield from search.root(p, o, depth, alpha, beta, order)
                        if score <= alpha:
                            alpha = -INF
                        elif score >= beta:
                            beta = INF
                        else:
                            break
            except BudgetSpent:
                break
            guess = score
            exact = depth >= 64 - (p | o).bit_count()
            decision = Decision(move, score, depth, exact)
            progress.depth, progress.value, progress.exact = depth, score / DISC, exact
            progress.pv = tuple(search.principal_variation(p, o, move))
            order = sorted(scores, key=lambda sq: -scores[sq])
            if each is not None and (yield from each(decision)):
                break
            if exact or not shape.next_iteration_fits(budget.clock() - started, seconds):
                break
        progress.deepened = True
        return decision
