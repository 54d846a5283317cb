"""Searches the command line can bound by time and by nodes, answering the best found when a limit ends them.

``limited_search`` is the only place that drives the AI's pieces for this:
an exact solve (``Solver`` in a ``Job``, with its ``node_limit``) gets three
quarters of the limits; if it does not finish, a midgame search deepens one
depth at a time (``analyze`` jobs) in what is left, and its last finished
depth is the answer, marked not exact. Nothing here blocks past the time
limit by more than one slice, and a depth-1 look always finishes, so there
is always a move. This module imports nothing from pygame.
"""

from __future__ import annotations

import dataclasses
import time
from dataclasses import dataclass, field
from typing import TypeVar

from game.ai import LEVELS, Analysis, Job, analyze
from game.ai.deepening import Engine
from game.ai.endgame import NodeLimitReached, Solver
from game.ai.evaluation import DISC
from game.ai.thinking import get_evaluation
from game.engine import Position

T = TypeVar("T")

EXACT_SHARE = 0.75
"""The share of each limit the exact solve may use; the rest is kept for the midgame fallback."""

SLICE_MS = 25.0
"""How often, at most, the clock is looked at while a job runs."""


@dataclass(frozen=True)
class Limits:
    """At most ``seconds`` of search and ``nodes`` positions (``None``: no such limit)."""

    seconds: float | None = None
    nodes: int | None = None

    def share(self, fraction: float) -> Limits:
        """The same limits cut to ``fraction`` (nodes rounded down, at least one)."""
        return Limits(
            None if self.seconds is None else self.seconds * fraction,
            None if self.nodes is None else max(1, int(self.nodes * fraction)),
        )


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
    The time limit counts from the start of the search, after the evaluation's weights are loaded.
    """
    # loading the weights and building this phase's tables is not searching: the clock starts after
    guess = round(get_evaluation("pattern")(position.player, position.opponent) / DISC)
    # the engine's solver orders its moves by the evaluation and a shallow search (sharing its budget)
    solver = Engine("pattern").solver
    started = time.perf_counter()
    exact, spent = _exact(position, limits.share(EXACT_SHARE), every_value, guess, started, solver)
    if exact is not None:
        exact.seconds = time.perf_counter() - started
        return exact
    left_nodes = None if limits.nodes is None else max(1, limits.nodes - spent)
    deadline = None if limits.seconds is None else started + limits.seconds
    found = _midgame(position, LEVELS[-1].depth, deadline, left_nodes)
    found.nodes += spent
    found.seconds = time.perf_counter() - started
    return found


def _drive(job: Job[T], deadline: float | None) -> T | None:
    """Run ``job`` to its end, or ``None`` once ``deadline`` (a ``perf_counter`` time) has passed.

    ``NodeLimitReached`` from the job's search is passed on.
    """
    while not job.done:
        left_ms = float("inf") if deadline is None else (deadline - time.perf_counter()) * 1000.0
        if left_ms <= 0:
            job.cancel()
            return None
        job.advance(min(SLICE_MS, left_ms))
    return job.result


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
            solved = _drive(Job(solver.root(p, o, "all_values"), solver), deadline)
        else:
            aspirated = _drive(Job(solver.aspirated(p, o, guess, all_best=True), solver), deadline)
            solved = None if aspirated is None else (aspirated[0], aspirated[1], {})
    except NodeLimitReached:
        solved = None
    if solved is None or not solved[1]:
        return None, solver.nodes
    score, best, values = solved
    pv = [best[0]]
    if every_value:
        pv += _exact_line(solver, position.play(best[0]), deadline)
    found = Found(True, score, sorted(best), {sq: float(v) for sq, v in values.items()}, pv, solver.nodes,
                  position.empty_count)
    return found, solver.nodes


def _exact_line(solver: Solver, line: Position, deadline: float | None) -> list[int]:
    """The best replies from ``line`` on, as far as the limits allow (the values are exact already)."""
    moves: list[int] = []
    try:
        while not line.is_over():
            if line.must_pass():
                line = line.pass_turn()
            reply = _drive(Job(solver.root(line.player, line.opponent, "best"), solver), deadline)
            if reply is None or not reply[1]:
                break
            moves.append(reply[1][0])
            line = line.play(reply[1][0])
    except NodeLimitReached:
        pass
    return moves


def _midgame(position: Position, max_depth: int, deadline: float | None, nodes: int | None) -> Found:
    """The deepest midgame analysis finished before the deadline and within about ``nodes``.

    Depth 1 always runs to its end (a few hundred nodes), so there is a move.
    Before each deeper iteration its cost is predicted from the growth so
    far, and it is not started if it would overrun the node budget.
    """
    level = dataclasses.replace(LEVELS[-1], seconds=None)
    spent = previous = 0
    last: Analysis | None = None
    for depth in range(1, min(max_depth, position.empty_count) + 1):
        job = analyze(position, dataclasses.replace(level, depth=depth), exact_empties=0)
        analysis = _drive(job, None if last is None else deadline)
        if analysis is None:
            break
        last = analysis
        spent += analysis.nodes
        growth = max(2.0, analysis.nodes / previous) if previous else 4.0
        previous = analysis.nodes
        if nodes is not None and spent + analysis.nodes * growth > nodes:
            break
        if deadline is not None and time.perf_counter() >= deadline:
            break
    assert last is not None
    top = max(last.values.values())
    return Found(False, round(top), list(last.best), dict(last.values), list(last.pv), max(spent, 1), last.depth)
