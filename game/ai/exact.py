"""Blocking exact solves, for the command line, tools and tests: ``solve`` and ``solve_exactly``.

The solver itself (``endgame.Solver``) runs in slices inside a job; these run it to the end at once,
its first window centred by ``first_guess``. Its solver is built by the factory, as every search is.

>>> from game.engine import Position
>>> pos = Position.from_text("XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXOOO- X")
>>> solve(pos.player, pos.opponent).score
64
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable

from game.engine.bitboard import Bitboard
from game.engine.position import Position

from .deepening import Engine
from .endgame import SolveResult
from .evaluation import DISC
from .evaluations import evaluation_of, probes_for
from .factory import STRONGEST, build_search, new_solver
from .first_guess import first_guess
from .jobs import Job

__all__ = ["solve", "solve_exactly"]


def solve(
    player: Bitboard,
    opponent: Bitboard,
    all_best: bool = True,
    evaluation: Callable[[Bitboard, Bitboard], int] | None = None,
    guess_engine: Engine | None = None,
) -> SolveResult:
    """Solve exactly (blocking); the score is the final disc difference for ``player``.

    With ``all_best`` every best move is listed, otherwise just one. An
    ``evaluation`` (like the pattern evaluation) orders the moves and gives
    the first guess of the score; a ``guess_engine`` gives a better one
    (``first_guess``, counted in the seconds) and its search orders the moves
    at many empties (``Solver.order_search``; its nodes count on the engine's
    own budget). Either speeds the search up; neither changes the result.
    """
    solver = new_solver(evaluation, order_search=None if guess_engine is None else guess_engine.search.pvs)
    started = time.perf_counter()
    if guess_engine is not None:
        guess = first_guess(player, opponent, guess_engine)
    else:
        guess = 0 if evaluation is None else round(evaluation(player, opponent) / DISC)
    score, best = Job(solver.aspirated(player, opponent, guess, all_best)).run()
    return SolveResult(score, best, solver.nodes, time.perf_counter() - started)


def solve_exactly(position: Position) -> SolveResult:
    """Solve ``position`` exactly, every best move (blocking); its nodes include the first guess's.

    A shallow midgame search's value centres the first window (``docs/ai-measurements.md``, "Third round") and,
    on a budget of its own, orders the solver's moves at many empties.
    """
    evaluation = evaluation_of(STRONGEST)
    guess_engine = Engine(build_search(evaluation, probes=probes_for(STRONGEST)[0]))
    result = solve(position.player, position.opponent, all_best=True, evaluation=evaluation, guess_engine=guess_engine)
    return dataclasses.replace(result, nodes=result.nodes + guess_engine.budget.nodes)
