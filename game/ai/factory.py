"""The one door through which searches are built: for a level, for explicit limits, or from parts.

Everything that assembles the AI's searches is here: ``build_search`` wires a
midgame search and its endgame solver together (the solver hands exact
positions' move ordering and its win/loss/draw probes back to the search);
``new_engine`` builds an ``Engine`` (those two and their budget) for an
evaluation; ``engine_for`` gives the engine a level plays with (one per level,
kept between moves so its tables stay warm) or a fresh one for explicit
``Limits``; ``new_solver`` is the one place an exact solver is built (alone, or for
``build_search``), and ``exact_solver`` the one that orders its moves best. The blocking solves
that run one to its end are ``game.ai.exact``'s.
"""

from __future__ import annotations

from collections.abc import Callable

from game.engine.bitboard import Bitboard

from .budget import Budget
from .deepening import Engine
from .endgame import ProbeSearch, Solver
from .evaluation import Evaluation
from .evaluation_choice import EvaluationChoice, Evaluator
from .evaluations import evaluation_of, probes_for
from .levels import Level
from .mpc import EndgameProbes, ProbeTable
from .search import MidgameSearch
from .search_limits import Limits
from .table import TABLE_LIMIT

STRONGEST = Evaluator.PATTERN
"""The evaluation of searches built for explicit limits (the strongest levels')."""


def build_search(
    evaluation: Evaluation | Callable[[Bitboard, Bitboard], int], budget: Budget | None = None,
    tt_limit: int = TABLE_LIMIT, probes: ProbeTable | None = None, endgame_probes: EndgameProbes | None = None,
) -> MidgameSearch:
    """A midgame search and its endgame solver, wired together and sharing ``budget`` (a fresh one by default).

    The solver orders its moves at many empties by this search's shallow searches; with
    ``endgame_probes`` its win/loss/draw stage probes with it too (a selective solve only).
    """
    evaluate = plain_function(evaluation)
    solver = new_solver(evaluate, budget, tt_limit)
    search = MidgameSearch(evaluate, solver, probes)
    solver.order_search = search.pvs
    if endgame_probes is not None:
        solver.probes = endgame_probes
        solver.probe_search = search.pvs
    return search


def plain_function(evaluation: Evaluation | Callable[[Bitboard, Bitboard], int]) -> Callable[[Bitboard, Bitboard], int]:
    """The evaluation as a plain function: the pattern evaluation offers one, which saves a ``__call__`` per leaf."""
    evaluate: Callable[[Bitboard, Bitboard], int] = getattr(evaluation, "evaluate", evaluation)
    return evaluate


def new_solver(
    evaluation: Evaluation | Callable[[Bitboard, Bitboard], int] | None = None, budget: Budget | None = None,
    tt_limit: int = TABLE_LIMIT, order_search: ProbeSearch | None = None,
) -> Solver:
    """An exact solver on ``budget`` (a fresh one by default): every ``Solver`` is built here.

    ``evaluation`` orders its moves from ``endgame.EVALUATED_ORDER_EMPTIES`` on and ``order_search`` (a midgame
    search's ``pvs``) from ``endgame.SEARCHED_ORDER_EMPTIES``; neither changes a score. Without either it is the
    plain solver (tests' and tools' reference).
    """
    evaluate = None if evaluation is None else plain_function(evaluation)
    solver = Solver(Budget() if budget is None else budget, tt_limit=tt_limit, evaluate=evaluate)
    solver.order_search = order_search
    return solver


def new_engine(evaluation: EvaluationChoice = STRONGEST, mpc: bool = True) -> Engine:
    """A fresh engine for ``evaluation``, with Multi-ProbCut where it has parameters unless ``mpc`` is false."""
    midgame, endgame = probes_for(evaluation) if mpc else (None, None)
    return Engine(build_search(evaluation_of(evaluation), probes=midgame, endgame_probes=endgame))


_ENGINES: dict[Level, Engine] = {}


def engine_for(target: Level | Limits, fresh: bool = False) -> Engine:
    """The engine a level plays with, or a fresh one for explicit limits (the strongest evaluation).

    A level's engine is kept between moves so its tables stay warm (a move on a clock or at another
    time a move passes other ``Limits`` to ``think``, and the level stays the same). ``fresh`` (a
    node-limited, reproducible search, or limits with nodes) gives a new one.
    """
    if isinstance(target, Limits):
        return new_engine()
    if fresh:
        return new_engine(target.evaluation)
    engine = _ENGINES.get(target)
    if engine is None:
        engine = _ENGINES[target] = new_engine(target.evaluation)
    return engine


def exact_solver() -> Solver:
    """A fresh exact solver ordering its moves with the strongest evaluation and a shallow search of it."""
    return new_engine().solver


__all__ = ["build_search", "engine_for", "exact_solver", "new_engine", "new_solver"]
