"""Advice: the value of every legal move, exact wherever the solver finishes in time; the one source of advice.

The hint, the analysis mode, the review, the opening trainer's values and
the command line's ``analyze`` all value moves through ``Analyzer.analyze``,
each with its own ``Limits`` (the hint's ``HINT_LIMITS`` here, the review's
``game.review.analysis.review_limits``, a level's through ``analyze``). Within ``limits.seconds``:

1. the strongest evaluation deepens, every move valued at each finished depth
   (when an exact solve follows, a quick look: the limits' ``TimeShape.quick_look``
   of the time, ``QUICK_LOOK_DEPTH`` at most);
2. from ``limits.exact_empties`` empties the exact solver proves the score and
   every best move (its first window centred on the midgame value), then each
   other move's exact value, best estimate first;
3. what the deadline cuts off stays an estimate: a value is exact only for the
   moves in ``Analysis.exact_squares``. The best moves are exact as soon as the
   first solve finishes, so the move a hint rings is the solver's, not the
   evaluation's, wherever the solver had time.

Without a time (``seconds`` ``None``) each stage runs to its end (fixed depth,
exact within ``exact_empties``). Up to ``ALWAYS_EXACT_EMPTIES`` a position is
solved outright: that takes a few milliseconds. An ``Analyzer`` keeps its
tables warm from one position to the next (a whole game's review).
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from typing import TypeVar

from game.engine.bitboard import FLIPPERS, Bitboard, legal_moves, squares_of
from game.engine.position import Position

from .budget import BudgetSpent
from .deepening import Decision, hard_limit
from .endgame import SolveMode
from .evaluation import DISC
from .evaluation_choice import EvaluationChoice
from .factory import STRONGEST, exact_solver, new_engine
from .first_guess import guess_from
from .jobs import Job
from .levels import LEVELS, Level
from .search_limits import QUICK_LOOK_DEPTH, Limits

T = TypeVar("T")

ALWAYS_EXACT_EMPTIES = 12
"""Positions with at most this many empties are solved outright, whatever the limits (milliseconds natively)."""
MIN_EXACT_EMPTIES = ALWAYS_EXACT_EMPTIES
"""``analyze`` at a level solves exactly from at least this many empties, whatever the level."""

HINT_LIMITS = Limits(seconds=1.0, exact_empties=18)
"""The hint's advice: about a second natively. The solver proves the best move in that time up to 16-18
empties (``bench/advice.py``); from 19 on a solve would rarely finish, so the whole second deepens."""
HINT_LIMITS_IN_PAGE = Limits(seconds=2.0, exact_empties=16)
"""In the page the same search runs in a frame's slices at about a third of native speed
(``bench/hint_in_page.py``): twice the wall time, exact attempted two empties fewer."""


@dataclass
class Analysis:
    """Values of the legal moves for the side to move, in discs (final disc difference).

    ``exact``: every value is exact. Otherwise the moves in ``exact_squares``
    have exact values (the best ones, when the first solve finished) and the
    others are estimates (never above an exact best value).
    """

    values: dict[int, float]
    exact: bool
    best: list[int]
    pv: list[int]
    depth: int = 0
    nodes: int = 0
    seconds: float = 0.0
    exact_squares: frozenset[int] = field(default_factory=frozenset)

    def is_exact(self, square: int) -> bool:
        """Whether the value of ``square`` is exact."""
        return self.exact or square in self.exact_squares

    @property
    def best_exact(self) -> bool:
        """Whether the best moves and their value are exact (the solver proved them)."""
        return self.exact or (bool(self.best) and all(sq in self.exact_squares for sq in self.best))


@dataclass
class _Solved:
    """What an exact solve has proved so far: kept when the deadline stops it midway."""

    score: int | None = None
    best: list[int] = field(default_factory=list)
    values: dict[int, int] = field(default_factory=dict)
    pv: list[int] = field(default_factory=list)


class Analyzer:
    """Move values for analysis within ``limits`` (time per position, depth, exact from how many empties)."""

    def __init__(self, limits: Limits, evaluation: EvaluationChoice = STRONGEST) -> None:
        self.limits = limits
        self.engine = new_engine(evaluation)

    @property
    def depth(self) -> int | None:
        """The deepest midgame search (``None``: as deep as the time allows)."""
        return self.limits.depth

    def job(self, steps: Generator[None, None, T]) -> Job[T]:
        """A job running ``steps`` (generators of this analyzer) in slices."""
        return Job(steps, self.engine.budget)

    def _depth_limit(self, n_empty: int, depth: int | None = None) -> int:
        chosen = self.limits.depth if depth is None else depth
        return n_empty if chosen is None else max(1, min(chosen, n_empty))

    def move_values(self, p: Bitboard, o: Bitboard, depth: int | None = None) -> Generator[None, None, dict[int, int]]:
        """Every legal move's midgame value (evaluation units) at ``depth`` (default: the limits')."""
        n_empty = 64 - (p | o).bit_count()
        return (yield from self.engine.search.root_values(p, o, self._depth_limit(n_empty, depth)))

    def analyze(self, position: Position, every_value: bool = True) -> Generator[None, None, Analysis]:
        """The ``Analysis`` of ``position`` (which must have a legal move) within the limits.

        ``every_value`` false: the exact stage proves the score and the best moves only (the review's need);
        the other moves keep their estimates.
        """
        p, o = position.player, position.opponent
        if not legal_moves(p, o):
            raise ValueError("the side to move has no legal move")
        engine = self.engine
        budget = engine.budget
        clock = budget.clock
        started = clock()
        nodes_before = budget.nodes
        n_empty = 64 - (p | o).bit_count()
        limits = self.limits
        seconds = limits.seconds
        solving = n_empty <= limits.exact_empties
        if solving and (seconds is None or n_empty <= ALWAYS_EXACT_EMPTIES):
            solved = _Solved()
            yield from self._solve(p, o, None, every_value, solved)
            return self._exact_analysis(p, o, solved, None, n_empty, nodes_before, started)
        look_seconds = None if seconds is None else seconds * (limits.shape.quick_look if solving else 1.0)
        look_depth = self._depth_limit(n_empty, min(QUICK_LOOK_DEPTH, self.limits.depth or QUICK_LOOK_DEPTH)) \
            if solving else self._depth_limit(n_empty)
        estimate = yield from self._deepened(p, o, look_depth, look_seconds, nodes_before, started)
        if not solving:
            return estimate
        solved = _Solved()
        try:
            with hard_limit(budget, None if seconds is None else started + seconds):
                yield from self._solve(p, o, estimate, every_value, solved)
        except BudgetSpent:
            pass
        if solved.score is None:
            return estimate
        return self._exact_analysis(p, o, solved, estimate, n_empty, nodes_before, started)

    def _deepened(
        self, p: Bitboard, o: Bitboard, max_depth: int, seconds: float | None, nodes_before: int, started: float
    ) -> Generator[None, None, Analysis]:
        """The deepest midgame analysis finished within ``seconds`` (depth 1 always finishes).

        On a clock every finished depth is valued (the deadline keeps the last); at a fixed depth only the last.
        """
        budget = self.engine.budget
        if seconds is None:
            decision = yield from self.engine.deepen(p, o, max_depth, None, started)
            return (yield from self._valued(p, o, max(decision.depth, 1), nodes_before, started))
        latest: list[Analysis] = []

        def keep(found: Analysis) -> bool:
            latest.append(found)
            return False

        try:
            with hard_limit(budget, started + seconds):
                yield from self._deepening(p, o, max_depth, seconds, started, nodes_before, keep)
        except BudgetSpent:
            pass
        if not latest:
            latest.append((yield from self._valued(p, o, 1, nodes_before, started)))
        return latest[-1]

    def analyses(
        self, position: Position, each: Callable[[Analysis], bool]
    ) -> Generator[None, None, Analysis | None]:
        """``Analysis`` after ``Analysis`` of ``position``, one a depth, in one deepening (tables warm throughout).

        ``each`` gets every depth's (its ``nodes`` and ``seconds`` count from the start) and returns
        True to stop; a position within ``exact_empties`` is solved once instead. The last one is
        returned (``None`` if stopped before the first).
        """
        p, o = position.player, position.opponent
        if not legal_moves(p, o):
            raise ValueError("the side to move has no legal move")
        n_empty = 64 - (p | o).bit_count()
        if n_empty <= ALWAYS_EXACT_EMPTIES and n_empty <= self.limits.exact_empties:
            solved = yield from self.analyze(position)
            each(solved)
            return solved
        if n_empty <= self.limits.exact_empties:
            return (yield from self._looked_then_solved(p, o, n_empty, each))
        started = self.engine.budget.clock()
        return (yield from self._deepening(p, o, self._depth_limit(n_empty), self.limits.seconds, started,
                                           self.engine.budget.nodes, each))

    def _looked_then_solved(
        self, p: Bitboard, o: Bitboard, n_empty: int, each: Callable[[Analysis], bool]
    ) -> Generator[None, None, Analysis | None]:
        """A quick look a depth at a time, then the solve: the proved best moves, then every value, each to ``each``.

        A long solve (20 empties take about a minute natively) so shows something at once and its best move
        as soon as it is proved.
        """
        budget = self.engine.budget
        started, nodes_before = budget.clock(), budget.nodes
        looks: list[Analysis] = []
        stopped = False

        def look(found: Analysis) -> bool:
            nonlocal stopped
            looks.append(found)
            stopped = each(found)
            return stopped

        yield from self._deepening(p, o, min(QUICK_LOOK_DEPTH, n_empty), None, started, nodes_before, look)
        if stopped:
            return looks[-1]
        estimate = looks[-1] if looks else None
        solved = _Solved()

        def proved() -> bool:
            return each(self._exact_analysis(p, o, solved, estimate, n_empty, nodes_before, started))

        if not (yield from self._solve(p, o, estimate, True, solved, proved)):
            return self._exact_analysis(p, o, solved, estimate, n_empty, nodes_before, started)
        final = self._exact_analysis(p, o, solved, estimate, n_empty, nodes_before, started)
        each(final)
        return final

    def _deepening(
        self, p: Bitboard, o: Bitboard, max_depth: int, seconds: float | None, started: float, nodes_before: int,
        each: Callable[[Analysis], bool],
    ) -> Generator[None, None, Analysis | None]:
        """The engine's one deepening loop, every move valued after each finished depth and given to ``each``."""
        latest: Analysis | None = None

        def valued(decision: Decision) -> Generator[None, None, bool]:
            nonlocal latest
            latest = yield from self._valued(p, o, decision.depth, nodes_before, started)
            return each(latest)

        yield from self.engine.deepen(p, o, max_depth, seconds, started, valued, shape=self.limits.shape)
        return latest

    def _valued(
        self, p: Bitboard, o: Bitboard, depth: int, nodes_before: int, started: float
    ) -> Generator[None, None, Analysis]:
        """The midgame ``Analysis`` at ``depth``: every move's value, the best ones, the line."""
        engine = self.engine
        search_values = yield from self.move_values(p, o, depth)
        top = max(search_values.values())
        best = sorted(sq for sq, v in search_values.items() if v == top)
        pv = engine.search.principal_variation(p, o, best[0])
        estimates = {sq: round(v / DISC, 1) for sq, v in search_values.items()}
        return Analysis(estimates, False, best, pv, depth, engine.budget.nodes - nodes_before,
                        engine.budget.clock() - started)

    def _solve(
        self, p: Bitboard, o: Bitboard, estimate: Analysis | None, every_value: bool, solved: _Solved,
        proved: Callable[[], bool] | None = None,
    ) -> Generator[None, None, bool]:
        """Prove the score and every best move, then (``every_value``) each other move's value, into ``solved``.

        Each result goes into ``solved`` as soon as it is proved, so a deadline keeps what was done.
        ``proved`` is called once the best moves are: True from it stops there. Returns whether all was done.
        """
        solver = self.engine.solver
        guess = 0 if estimate is None else guess_from(max(estimate.values.values()))
        score, best = yield from solver.aspirated(p, o, guess, all_best=True)
        solved.score, solved.best = score, sorted(best)
        solved.values.update((sq, score) for sq in best)
        solved.pv = [solved.best[0]]
        if proved is not None and proved():
            return False
        if every_value:
            others = [sq for sq in squares_of(legal_moves(p, o)) if sq not in solved.values]
            if estimate is not None:
                others.sort(key=lambda sq: -estimate.values.get(sq, 0.0))
            for sq in others:
                f = FLIPPERS[sq](p, o)
                child_p, child_o = o ^ f, p | f | (1 << sq)
                child_guess = guess_from(-estimate.values[sq]) if estimate is not None and sq in estimate.values \
                    else -score
                child_score, _ = yield from solver.aspirated(child_p, child_o, child_guess)
                solved.values[sq] = -child_score
        yield from self.engine.solver.perfect_line(p, o, solved.pv)
        return True

    def _exact_analysis(
        self, p: Bitboard, o: Bitboard, solved: _Solved, estimate: Analysis | None, n_empty: int,
        nodes_before: int, started: float,
    ) -> Analysis:
        """The ``Analysis`` of a finished or cut-off solve: exact values where proved, estimates elsewhere."""
        assert solved.score is not None
        budget = self.engine.budget
        values: dict[int, float] = {sq: float(v) for sq, v in solved.values.items()}
        all_moves = squares_of(legal_moves(p, o))
        if estimate is not None:
            for sq in all_moves:
                if sq not in values:  # not the best: below the proved score, whatever the evaluation thought
                    values[sq] = min(estimate.values.get(sq, float(solved.score)), solved.score - 1.0)
        exact = all(sq in solved.values for sq in all_moves)
        return Analysis(values, exact, list(solved.best), list(solved.pv), n_empty if exact else
                        (estimate.depth if estimate is not None else n_empty), budget.nodes - nodes_before,
                        budget.clock() - started, frozenset(solved.values))


def advise(position: Position, limits: Limits, every_value: bool = True) -> Job[Analysis]:
    """Start valuing every legal move within ``limits``: the one source of advice (hint, review, analysis).

    The job's ``Analysis`` says which values are exact. ``HINT_LIMITS`` is what the Hint button uses.
    """
    analyzer = Analyzer(limits)
    return analyzer.job(analyzer.analyze(position, every_value))


def level_limits(level: Level, empties: int, exact_empties: int | None = None) -> Limits:
    """The limits of a level's analysis of a position with ``empties``: its time and depth in the midgame, an
    exact solve to the end within the level's reach (at least ``MIN_EXACT_EMPTIES``, or ``exact_empties``)."""
    own = level.limits
    limit = max(own.exact_empties, MIN_EXACT_EMPTIES) if exact_empties is None else exact_empties
    seconds = None if empties <= limit else own.seconds
    return Limits(seconds=seconds, depth=own.depth, exact_empties=limit, shape=own.shape)


def analyze(position: Position, level: int | Level | None = None, exact_empties: int | None = None) -> Job[Analysis]:
    """Start valuing every legal move with a level's evaluation, depth and time (the strongest by default).

    The values are final disc differences for the side to move; exact within the level's reach.
    """
    chosen = LEVELS[-1] if level is None else level if isinstance(level, Level) else LEVELS[level]
    analyzer = Analyzer(level_limits(chosen, position.empty_count, exact_empties), chosen.evaluation)
    return analyzer.job(analyzer.analyze(position))


def solve_position(position: Position, mode: SolveMode = SolveMode.BEST) -> Job[tuple[int, list[int], dict[int, int]]]:
    """Start an exact endgame solve as a job: (score, best moves, exact move values), as ``mode`` asks."""
    solver = exact_solver()
    return Job(solver.root(position.player, position.opponent, mode), solver.budget)
