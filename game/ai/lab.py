"""The lab's door: what the tools and benchmarks (``tools/``, ``bench/``) use of the AI besides ``game.ai``.

The game comes in by ``game.ai`` only; the tools that train the evaluation, fit Multi-ProbCut, build the
opening book and the challenges, and the benchmarks that measure the searches need more: the searches'
parts and the factory's builders, the solver, the evaluations and their weights file, the patterns'
geometry, the book's format. They import those from here and nothing else behind the door
(``tests/test_architecture.py`` checks it), so what the lab depends on is this one list.

The modules a benchmark patches to measure something (``endgame``, ``ordering``, ``search``: their
move generator; ``mpc``: its threshold; ``exact``: the first guess its solves look up) are named here
as modules.
"""

from __future__ import annotations

from . import endgame, exact, mpc, ordering, search
from .book import BOOK_PATH, NO_SCORE, BookInfo, decode_book, encode_book
from .budget import Budget
from .deepening import Engine
from .endgame import SolveMode, Solver
from .evaluation import DISC, Evaluation, HeuristicEvaluation
from .evaluation_choice import Evaluator, WeightsFile, evaluation_text, parse_evaluation
from .evaluations import evaluation_of
from .exact import solve
from .factory import build_search, new_engine, new_solver
from .jobs import Job
from .levels import BASELINE, LEVELS, Level
from .mpc import MIN_DEPTH, PARAMETERS_PATH, default_probes, endgame_probe_depth, shallow_depth
from .pattern_geometry import PATTERNS, Pattern, canonical_indices, class_count, class_map, instances, phase_table
from .patterns import WEIGHTS_PATH, load
from .policy import choose_move
from .search import MidgameSearch
from .shipped_evaluation import default_evaluation
from .table import INF, TABLE_LIMIT, store
from .weights_file import encode_weights

__all__ = [
    "BASELINE",
    "BOOK_PATH",
    "DISC",
    "INF",
    "LEVELS",
    "MIN_DEPTH",
    "NO_SCORE",
    "PARAMETERS_PATH",
    "PATTERNS",
    "TABLE_LIMIT",
    "WEIGHTS_PATH",
    "BookInfo",
    "Budget",
    "Engine",
    "Evaluation",
    "Evaluator",
    "HeuristicEvaluation",
    "Job",
    "Level",
    "MidgameSearch",
    "Pattern",
    "SolveMode",
    "Solver",
    "WeightsFile",
    "build_search",
    "canonical_indices",
    "choose_move",
    "class_count",
    "class_map",
    "decode_book",
    "default_evaluation",
    "default_probes",
    "encode_book",
    "encode_weights",
    "endgame",
    "endgame_probe_depth",
    "evaluation_of",
    "evaluation_text",
    "exact",
    "instances",
    "load",
    "mpc",
    "new_engine",
    "new_solver",
    "ordering",
    "parse_evaluation",
    "phase_table",
    "search",
    "shallow_depth",
    "solve",
    "store",
]
