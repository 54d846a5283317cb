"""The analyzer: values of every legal move, for the hint, ``analyze`` and the game review.

An ``Analyzer`` is an engine configured for analysis rather than play: the
evaluation, a depth, an optional time per position (``None``: fixed depth, no
clock) and from how many empties positions are solved exactly. Its methods
are generators for a ``Job`` made by ``job()``; one analyzer keeps its tables
warm from one position to the next (a whole game's review).
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import TypeVar

from game.engine.bitboard import FLIPPERS, Bitboard, legal_moves
from game.engine.position import Position

from .deepening import Decision
from .endgame import SolveMode
from .evaluation import DISC
from .evaluations import EvaluationChoice
from .factory import exact_solver, new_engine
from .jobs import Job
from .levels import LEVELS, Level

T = TypeVar("T")

MIN_EXACT_EMPTIES = 12
"""``analyze`` solves exactly from at least this many empties, whatever the level."""


@dataclass
class Analysis:
    """Values of the legal moves for the side to move, in discs (final disc difference)."""

    values: dict[int, float]
    exact: bool
    best: list[int]
    pv: list[int]
    depth: int = 0
    nodes: int = 0
    seconds: float = 0.0


class Analyzer:
    """Move values for analysis: a fixed depth or a time per position, exact within ``exact_empties``."""

    def __init__(
        self, depth: int, exact_empties: int, seconds: float | None = None,
        evaluation: EvaluationChoice = LEVELS[-1].evaluation,
    ) -> None:
        self.depth = depth
        self.exact_empties = exact_empties
        self.seconds = seconds
        self.engine = new_engine(evaluation)

    def job(self, steps: Generator[None, None, T]) -> Job[T]:
        """A job running ``steps`` (generators of this analyzer) in slices."""
        return Job(steps, self.engine.budget)

    def move_values(self, p: Bitboard, o: Bitboard, depth: int | None = None) -> Generator[None, None, dict[int, int]]:
        """Every legal move's midgame value (evaluation units) at ``depth`` (default: the analyzer's)."""
        n_empty = 64 - (p | o).bit_count()
        return (yield from self.engine.search.root_values(p, o, min(self.depth if depth is None else depth, n_empty)))

    def exact_values(self, p: Bitboard, o: Bitboard) -> Generator[None, None, tuple[int, list[int], dict[int, int]]]:
        """The exact score, every best move and every move's exact value (discs)."""
        return (yield from self.engine.solver.root(p, o, SolveMode.ALL_VALUES))

    def exact_best(self, p: Bitboard, o: Bitboard, guess: int) -> Generator[None, None, tuple[int, list[int]]]:
        """The exact score and every best move, searched around ``guess`` (discs; faster than every value)."""
        return (yield from self.engine.solver.aspirated(p, o, guess, all_best=True))

    def analyze(self, position: Position) -> Generator[None, None, Analysis]:
        """The ``Analysis`` of ``position`` (which must have a legal move)."""
        p, o = position.player, position.opponent
        if not legal_moves(p, o):
            raise ValueError("the side to move has no legal move")
        engine = self.engine
        clock = engine.budget.clock
        started = clock()
        nodes_before = engine.budget.nodes
        n_empty = 64 - (p | o).bit_count()
        if n_empty <= self.exact_empties:
            _, best, solved = yield from self.exact_values(p, o)
            pv = yield from self._exact_line(p, o, best[0], n_empty)
            exact_values = {sq: float(v) for sq, v in solved.items()}
            return Analysis(exact_values, True, best, pv, n_empty, engine.budget.nodes - nodes_before,
                            clock() - started)
        decision = yield from engine.deepen(p, o, min(self.depth, n_empty), self.seconds, started)
        return (yield from self._valued(p, o, max(decision.depth, 1), nodes_before, started))

    def analyses(
        self, position: Position, each: Callable[[Analysis], bool]
    ) -> Generator[None, None, Analysis | None]:
        """``Analysis`` after ``Analysis`` of ``position``, one a depth, in one deepening (tables warm throughout).

        ``each`` gets every depth's (its ``nodes`` and ``seconds`` count from the start) and returns
        True to stop; an exact position is solved once. The last one is returned (``None`` if stopped
        before the first).
        """
        p, o = position.player, position.opponent
        if not legal_moves(p, o):
            raise ValueError("the side to move has no legal move")
        n_empty = 64 - (p | o).bit_count()
        if n_empty <= self.exact_empties:
            solved = yield from self.analyze(position)
            each(solved)
            return solved
        started = self.engine.budget.clock()
        nodes_before = self.engine.budget.nodes
        latest: Analysis | None = None

        def valued(decision: Decision) -> Generator[None, None, bool]:
            nonlocal latest
            latest = yield from self._valued(p, o, decision.depth, nodes_before, started)
            return each(latest)

        yield from self.engine.deepen(p, o, min(self.depth, n_empty), self.seconds, started, valued)
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

    def _exact_line(self, p: Bitboard, o: Bitboard, first: int, n_empty: int) -> Generator[None, None, list[int]]:
        """The perfect-play line from ``first``, a best move solved at each step."""
        pv = [first]
        solver = self.engine.solver
        for _ in range(n_empty):
            f = FLIPPERS[pv[-1]](p, o)
            p, o = o ^ f, p | f | (1 << pv[-1])
            if not legal_moves(p, o):
                p, o = o, p
            if not legal_moves(p, o):
                break
            _, next_best, _ = yield from solver.root(p, o, SolveMode.BEST)
            pv.append(next_best[0])
        return pv


def analyze(position: Position, level: int | Level | None = None, exact_empties: int | None = None) -> Job[Analysis]:
    """Start valuing every legal move (exact when the endgame is within reach).

    The values are final disc differences for the side to move. Uses the
    strongest level unless one is given.
    """
    chosen = LEVELS[-1] if level is None else level if isinstance(level, Level) else LEVELS[level]
    limit = max(chosen.exact_empties, MIN_EXACT_EMPTIES) if exact_empties is None else exact_empties
    analyzer = Analyzer(chosen.depth, limit, chosen.seconds, chosen.evaluation)
    return analyzer.job(analyzer.analyze(position))


def solve_position(position: Position, mode: SolveMode = SolveMode.BEST) -> Job[tuple[int, list[int], dict[int, int]]]:
    """Start an exact endgame solve as a job: (score, best moves, exact move values), as ``mode`` asks."""
    solver = exact_solver()
    return Job(solver.root(position.player, position.opponent, mode), solver.budget)
