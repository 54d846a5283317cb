"""Searches bounded by time and by nodes (the command line's ``--time``/``--nodes``), answering the best found.

``limited_search``: an exact solve (``Solver`` in a ``Job``, with its node
limit) gets the limits' ``TimeShape.exact`` share of them; if it does not finish, the
one deepening loop (``Analyzer.analyses``, tables warm from depth to depth)
values every move at each depth in what is left, and its last finished depth
is the answer, marked not exact. Nothing here blocks past the time limit by
more than one slice, and a depth-1 look always finishes, so there is always a
move.
"""

from __future__ import annotations

import contextlib
import time
from dataclasses import dataclass, field

from game.engine.position import Position

from .analyzer import Analysis, Analyzer
from .endgame import NodeLimitReached, SolveMode, Solver
from .evaluation import DISC
from .evaluations import evaluation_of
from .factory import STRONGEST, exact_solver
from .jobs import Job
from .levels import LEVELS
from .search_limits import Limits


@dataclass
class Found:
    """What a limited search found for the side to move; values are final disc differences."""

    exact: bool
    score: int
    best: list[int]
    values: dict[int, float] = field(default_factory=dict)
    pv: list[int] = field(default_factory=list)
    nodes: int = 0
    depth: int = 0
    seconds: float = 0.0


def limited_search(position: Position, limits: Limits, every_value: bool = False) -> Found:
    """Solve exactly if the limits allow, else the best a midgame search found in what was left.

    ``every_value`` asks for each move's value (analysis); otherwise the score
    and every best move (solve). The side to move must have a legal move.
    The time limit counts from the start of the search, after the evaluation's weights are loaded;
    the depth is ``limits.depth``, or the strongest level's.
    """
    # loading the weights and building this phase's tables is not searching: the clock starts after
    guess = round(evaluation_of(STRONGEST)(position.player, position.opponent) / DISC)
    solver = exact_solver()
    started = time.perf_counter()
    exact, spent = _exact(position, limits.share(limits.shape.exact), every_value, guess, started, solver)
    if exact is not None:
        exact.seconds = time.perf_counter() - started
        return exact
    left_nodes = None if limits.nodes is None else max(1, limits.nodes - spent)
    deadline = None if limits.seconds is None else started + limits.seconds
    depth = next(depth for depth in (limits.depth, LEVELS[-1].limits.depth, 64) if depth is not None)
    found = _midgame(position, depth, deadline, left_nodes)
    found.nodes += spent
    found.seconds = time.perf_counter() - started
    return found


def _exact(
    position: Position, limits: Limits, every_value: bool, guess: int, started: float, solver: Solver
) -> tuple[Found | None, int]:
    """The exact result within ``limits`` by ``solver`` (fresh), or ``None``; and the nodes it searched.

    ``guess`` (the expected score) centres the first window of a solve.
    """
    p, o = position.player, position.opponent
    if limits.nodes is not None:
        solver.budget.limit_nodes(limits.nodes)
    deadline = None if limits.seconds is None else started + limits.seconds
    try:
        if every_value:
            solved = Job(solver.root(p, o, SolveMode.ALL_VALUES), solver).run_until(deadline)
        else:
            aspirated = Job(solver.aspirated(p, o, guess, all_best=True), solver).run_until(deadline)
            solved = None if aspirated is None else (aspirated[0], aspirated[1], {})
    except NodeLimitReached:
        solved = None
    if solved is None or not solved[1]:
        return None, solver.nodes
    score, best, values = solved
    pv = [best[0]]
    if every_value:
        with contextlib.suppress(NodeLimitReached):  # cut short, the line keeps the replies solved so far
            Job(solver.perfect_line(p, o, pv), solver).run_until(deadline)
    found = Found(True, score, sorted(best), {sq: float(v) for sq, v in values.items()}, pv, solver.nodes,
                  position.empty_count)
    return found, solver.nodes


def _midgame(position: Position, max_depth: int, deadline: float | None, nodes: int | None) -> Found:
    """The deepest midgame analysis finished before the deadline and within about ``nodes``.

    Depth 1 always runs to its end (a few hundred nodes), so there is a move.
    Before each deeper iteration its cost is predicted from the growth so
    far, and it is not started if it would overrun the node budget.
    """
    analyzer = Analyzer(Limits(depth=min(max_depth, position.empty_count)), STRONGEST)
    found: list[Analysis] = []
    costs: list[int] = []  # each depth's nodes (``Analysis.nodes`` counts from the first)

    def each(analysis: Analysis) -> bool:
        cost = analysis.nodes - (found[-1].nodes if found else 0)
        growth = max(2.0, cost / costs[-1]) if costs and costs[-1] else 4.0
        found.append(analysis)
        costs.append(cost)
        if nodes is not None and analysis.nodes + cost * growth > nodes:
            return True
        return deadline is not None and time.perf_counter() >= deadline

    job = analyzer.job(analyzer.analyses(position, each))
    job.run_until(deadline)
    if not found:  # depth 1 runs to its end whatever the deadline; ``each`` then stops the deepening
        job.run_until(None)
    last = found[-1]
    top = max(last.values.values())
    return Found(False, round(top), list(last.best), dict(last.values), list(last.pv), max(last.nodes, 1), last.depth)
