"""Thinking in slices: the AI's move choice and analysis as jobs a game loop advances.

>>> from game.engine import Position
>>> job = think(Position.start(), 2, seed=1)
>>> move = None
>>> while move is None:
...     move = job.advance(10)
>>> move in Position.start().legal_squares()
True

A job wraps a generator that runs the searches; ``advance(max_ms)`` runs it
until the slice is spent (each search checks the clock and yields) or the
job finishes. There are no threads and no blocking calls, so the same code
path serves the desktop and the browser, where a long frame freezes the
page. ``cancel()`` stops a job at once.
"""

from __future__ import annotations

import dataclasses
import math
import random
import time
from collections.abc import Generator, Iterator
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from game.engine.bitboard import FLIPPERS, Bitboard, legal_moves, squares_of
from game.engine.position import Position

from .endgame import NodeLimitReached, Solver
from .evaluation import DISC, Evaluation, HeuristicEvaluation
from .levels import LEVELS, Level
from .patterns import default_evaluation
from .search import INF, MidgameSearch

T = TypeVar("T")

ASPIRATION = 2 * DISC
ENDGAME_TIME_FACTOR = 3.0
"""An exact solve may take this many times the level's time per move."""


def get_evaluation(name: str) -> Evaluation:
    """The evaluation called ``name`` (``'heuristic'`` or ``'pattern'``)."""
    if name == "pattern":
        return default_evaluation()
    if name == "heuristic":
        return HeuristicEvaluation()
    raise ValueError(f"unknown evaluation {name!r}")


class Job(Generic[T]):
    """A computation run a slice at a time by ``advance``; ``cancel`` stops it."""

    def __init__(self, steps: Generator[None, None, T], searcher: MidgameSearch | Solver) -> None:
        self._steps = steps
        # every search the steps run, so each one learns where the slice ends
        self._searches: tuple[MidgameSearch | Solver, ...] = (
            (searcher, searcher.solver) if isinstance(searcher, MidgameSearch) else (searcher,)
        )
        self.done = False
        self.cancelled = False
        self.result: T | None = None
        self.busy_seconds = 0.0

    def advance(self, max_ms: float) -> T | None:
        """Run for about ``max_ms`` milliseconds; the result once finished, else ``None``."""
        if self.done or self.cancelled:
            return self.result
        clock = self._searches[0].clock
        started = clock()
        deadline = started + max_ms / 1000.0
        for search in self._searches:
            search.slice_deadline = deadline
        try:
            while clock() < deadline:
                next(self._steps)
        except StopIteration as finished:
            self.done = True
            self.result = finished.value
        finally:
            self.busy_seconds += clock() - started
        return self.result

    def run(self) -> T:
        """Run to the end without pausing (command line, tests, tools)."""
        while not self.done:
            self.advance(50.0)  # short slices, so time limits are checked often
        assert self.result is not None
        return self.result

    def cancel(self) -> None:
        """Stop at once; the job never finishes."""
        if not self.done:
            self.cancelled = True
            self._steps.close()


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
    extra: dict[str, object] = field(default_factory=dict)


@dataclass
class Decision:
    """What a search settled on: the move, its value in evaluation units, how deep."""

    move: int
    value: int
    depth: int
    exact: bool = False


class Engine:
    """The searches a level uses, with their tables kept between moves."""

    def __init__(self, level: Level, node_budget: int | None = None) -> None:
        self.level = level
        self.node_budget = node_budget
        self.search = MidgameSearch(get_evaluation(level.evaluation))

    # -- building blocks, each a generator ----------------------------------------

    def deepen(
        self, p: Bitboard, o: Bitboard, max_depth: int, seconds: float | None, started: float
    ) -> Generator[None, None, Decision]:
        """Iterative deepening with aspiration windows; stops early when time is short."""
        search = self.search
        moves = legal_moves(p, o)
        decision = Decision(squares_of(moves)[0], 0, 0)
        order: list[int] | None = None
        guess = 0
        for depth in range(1, max_depth + 1):
            alpha, beta = (guess - ASPIRATION, guess + ASPIRATION) if depth > 2 else (-INF, INF)
            # past the time per move, an unfinished iteration is dropped for the last finished one
            hard_limit = None if seconds is None or depth <= 2 else started + seconds
            try:
                while True:
                    steps = search.root(p, o, depth, alpha, beta, order)
                    score, move, scores = yield from bounded(steps, hard_limit)
                    if score <= alpha:
                        alpha = -INF
                    elif score >= beta:
                        beta = INF
                    else:
                        break
            except (NodeLimitReached, OutOfTime):
                break
            guess = score
            exact = depth >= 64 - (p | o).bit_count()
            decision = Decision(move, score, depth, exact)
            order = sorted(scores, key=lambda sq: -scores[sq])
            if exact:
                break
            if seconds is not None and time.perf_counter() - started > 0.45 * seconds:
                break
        return decision

    def solve(self, p: Bitboard, o: Bitboard, mode: str, window: tuple[int, int] = (-64, 64)) -> Generator[
        None, None, tuple[int, list[int], dict[int, int]]
    ]:
        """The exact (or, with a narrow window, win/loss/draw) endgame search."""
        solver: Solver = self.search.solver
        return (yield from solver.root(p, o, mode, window[0], window[1]))


class OutOfTime(Exception):
    """A search ran past its time limit and was stopped."""


def bounded(steps: Generator[None, None, T], limit: float | None) -> Generator[None, None, T]:
    """Pass a search's pauses on, stopping it with ``OutOfTime`` once ``limit`` (a clock time) has passed."""
    while True:
        try:
            next(steps)
        except StopIteration as finished:
            result: T = finished.value
            return result
        if limit is not None and time.perf_counter() > limit:
            steps.close()
            raise OutOfTime
        yield None


def _choose(values: dict[int, float], temperature: float, rng: random.Random) -> int:
    """A move drawn with probability falling off exponentially with its loss (in discs)."""
    best = max(values.values())
    if temperature <= 0:
        return min(sq for sq, v in values.items() if v == best)
    squares = sorted(values)
    weights = [math.exp((values[sq] - best) / temperature) for sq in squares]
    return rng.choices(squares, weights)[0]


def _choose_move(
    engine: Engine, level: Level, position: Position, rng: random.Random, started: float
) -> Generator[None, None, int]:
    p, o = position.player, position.opponent
    moves = legal_moves(p, o)
    if not moves:
        raise ValueError("the side to move has no legal move")
    if moves & (moves - 1) == 0:
        return moves.bit_length() - 1
    n_empty = 64 - (p | o).bit_count()
    budget = level.seconds

    if level.temperature > 0:
        # weaker levels: value every move, then choose with noise (and, for novices, greed)
        if 0 < n_empty <= level.exact_empties:
            _, _, exact_values = yield from engine.solve(p, o, "all_values")
            values = {sq: float(v) for sq, v in exact_values.items()}
        else:
            depth = min(level.depth, n_empty)
            search_values = yield from engine.search.root_values(p, o, depth)
            values = {sq: v / DISC for sq, v in search_values.items()}
        if level.greed > 0:
            for sq in values:
                flipped = FLIPPERS[sq](p, o).bit_count()
                values[sq] = (1 - level.greed) * values[sq] + level.greed * 4.0 * flipped
        return _choose(values, level.temperature, rng)

    if engine.node_budget is not None:
        engine.search.node_limit = engine.search.nodes + engine.node_budget
        engine.search.solver.node_limit = engine.search.solver.nodes + engine.node_budget
        budget = None

    depth_limit = min(level.depth, n_empty)
    if n_empty <= max(level.exact_empties, level.wld_empties):
        # a quick midgame look first, so a solve that runs out of time still leaves a good move
        quick_seconds = None if budget is None else 0.25 * budget
        decision = yield from engine.deepen(p, o, min(depth_limit, 6), quick_seconds, started)
        limit = None if budget is None else started + ENDGAME_TIME_FACTOR * budget
        try:
            if n_empty <= level.exact_empties:
                guess = round(decision.value / DISC)
                _, best = yield from bounded(engine.search.solver.aspirated(p, o, guess), limit)
                return best[0] if best else decision.move
            score, best, _ = yield from bounded(engine.solve(p, o, "best", (-1, 1)), limit)
            # when every move loses, the midgame choice gives the opponent the most chances to go wrong
            return best[0] if score >= 0 and best else decision.move
        except (OutOfTime, NodeLimitReached):
            return decision.move
    decision = yield from engine.deepen(p, o, depth_limit, budget, started)
    return decision.move


_ENGINES: dict[Level, Engine] = {}


def _engine_for(level: Level, node_budget: int | None) -> Engine:
    """An engine per level, reused between moves so its tables stay warm (fresh with a node budget).

    A level with another time per move (GTP clocks, scaled matches) shares its engine.
    """
    if node_budget is not None:
        return Engine(level, node_budget)
    key = dataclasses.replace(level, seconds=None)
    engine = _ENGINES.get(key)
    if engine is None:
        engine = _ENGINES[key] = Engine(level)
    return engine


def solve_position(position: Position, mode: str = "best") -> Job[tuple[int, list[int], dict[int, int]]]:
    """Start an exact endgame solve as a job: (score, best moves, exact move values).

    ``mode`` is as for ``Solver.root``: ``"best"``, ``"all_best"`` or ``"all_values"``.
    """
    solver = Solver()
    return Job(solver.root(position.player, position.opponent, mode), solver)


def warm_up() -> Iterator[None]:
    """Load what the searches need now rather than on the first move, a step at a time.

    Each step takes at most a few tens of milliseconds natively (loading the
    weights, then preparing one game phase of the evaluation), so a game loop
    can take one step a frame while a menu is on screen.
    """
    evaluation = default_evaluation()
    yield None
    for empties in range(1, 61, 4):
        evaluation.evaluate(0, (1 << (64 - empties)) - 1)  # the first use of a phase builds its tables
        yield None


def think(position: Position, level: int | Level, seed: int | None = None, node_budget: int | None = None) -> Job[int]:
    """Start choosing a move for the side to move; advance the returned job to get it.

    ``node_budget`` replaces the time limit by a node count, which makes the
    search reproducible (tests, matches).
    """
    chosen = level if isinstance(level, Level) else LEVELS[level]
    engine = _engine_for(chosen, node_budget)
    rng = random.Random(seed)
    return Job(_choose_move(engine, chosen, position, rng, time.perf_counter()), engine.search)


def _analyse(engine: Engine, position: Position, exact_limit: int, started: float) -> Generator[None, None, Analysis]:
    p, o = position.player, position.opponent
    moves = legal_moves(p, o)
    if not moves:
        raise ValueError("the side to move has no legal move")
    n_empty = 64 - (p | o).bit_count()
    search = engine.search
    nodes_before = search.nodes + search.solver.nodes
    if n_empty <= exact_limit:
        score, best, solved = yield from engine.solve(p, o, "all_values")
        pv = [best[0]]
        q, r = p, o
        for _ in range(n_empty):
            f = FLIPPERS[pv[-1]](q, r)
            q, r = r ^ f, q | f | (1 << pv[-1])
            if not legal_moves(q, r):
                q, r = r, q
            if not legal_moves(q, r):
                break
            _, next_best, _ = yield from engine.solve(q, r, "best")
            pv.append(next_best[0])
        exact_values = {sq: float(v) for sq, v in solved.items()}
        return Analysis(exact_values, True, best, pv, n_empty, search.nodes + search.solver.nodes - nodes_before,
                        time.perf_counter() - started)
    level = engine.level
    decision = yield from engine.deepen(p, o, min(level.depth, n_empty), level.seconds, started)
    depth = max(decision.depth, 1)
    search_values = yield from search.root_values(p, o, depth)
    top = max(search_values.values())
    best = sorted(sq for sq, v in search_values.items() if v == top)
    pv = search.principal_variation(p, o, best[0])
    estimates = {sq: round(v / DISC, 1) for sq, v in search_values.items()}
    return Analysis(estimates, False, best, pv, depth, search.nodes + search.solver.nodes - nodes_before,
                    time.perf_counter() - started)


def analyze(position: Position, level: int | Level | None = None, exact_empties: int | None = None) -> Job[Analysis]:
    """Start valuing every legal move (exact when the endgame is within reach).

    The values are final disc differences for the side to move. Uses the
    strongest level unless one is given.
    """
    chosen = LEVELS[-1] if level is None else level if isinstance(level, Level) else LEVELS[level]
    limit = max(chosen.exact_empties, 12) if exact_empties is None else exact_empties
    engine = Engine(chosen)
    return Job(_analyse(engine, position, limit, time.perf_counter()), engine.search)
