"""The computer opponent: search, evaluation, exact endgame solver, levels.

Pure Python with no dependencies beyond ``game.engine``; runs unchanged in
CPython on WebAssembly. Nothing here imports pygame.

This is the one door to the AI for the game: code outside ``game/ai`` imports
from here only (``tests/test_architecture.py`` checks it); the tools and
benchmarks have a second declared door, ``game.ai.lab``, for the searches'
parts, the solver, the weights and the patterns' geometry. The game uses ``LEVELS``
(weakest first; looked up by ``level_named``, ``level_called`` and
``level_by_name_or_index``) and the custom levels beside them (``CustomSpec``,
``custom_level``), ``think(position, level)`` which returns a job
whose ``advance(max_ms)`` gives the chosen square once done, and
``advise(position, limits)`` whose job gives an ``Analysis`` (the one source
of advice: the hint with ``HINT_LIMITS``, the review with its own limits,
``analyze(position, level)`` a level's); the review values whole games with an
``Analyzer``, the analysis mode deepens with ``Analyzer.analyses``. Searches are built by the factory (``engine_for``;
``solve_exactly`` solves at once); ``Limits`` bounds them (a limit from outside
at most ``MAX_SECONDS`` and ``MAX_NODES``: ``capped``), ``move_seconds``
turns a clock into a move's time, and ``limited_search`` is the command line's
search within ``--time``/``--nodes``. ``docs/ai.md`` maps the modules. The
level as players choose and read it (per match, in their language) is
``game.play.levels``'. Scores are in ``DISC`` units.

The levels, ``Limits``, jobs and budgets are imported with the door; the
searches, the evaluation and the book only when one of their names is first
used (``LATER``: the menu's first frame needs none of them), or a module a
step by ``warm_up``, which the game runs behind its menu.
"""

from importlib import import_module
from typing import TYPE_CHECKING

from .budget import Budget
from .evaluation import DISC
from .jobs import Job, Progress, stepwise
from .levels import (
    CUSTOM_INDEX,
    CUSTOM_NAME,
    DEFAULT_LEVEL,
    LEVELS,
    MAX_LEVEL,
    CustomSpec,
    Level,
    custom_level,
    level_at,
    level_by_name_or_index,
    level_called,
    level_named,
)
from .search_limits import MAX_NODES, MAX_SECONDS, Limits, capped, move_seconds
from .stand_in import play_on_without_weights, weights_problem
from .warming import importing, warm_up

if TYPE_CHECKING:
    from .book import Book, BookError, BookMove, choose_book_move, default_book
    from .bounded import Found, limited_search
    from .endgame import SolveMode
    from .exact import solve_exactly
    from .factory import engine_for
    from .thinking import (
        HINT_LIMITS,
        HINT_LIMITS_IN_PAGE,
        Analysis,
        Analyzer,
        advise,
        analyze,
        solve_position,
        think,
    )
    from .weights_file import WeightsError

LATER: dict[str, str] = {
    **dict.fromkeys(("Book", "BookError", "BookMove", "choose_book_move", "default_book"), "book"),
    **dict.fromkeys(("Found", "limited_search"), "bounded"),
    "SolveMode": "endgame",
    "solve_exactly": "exact",
    "engine_for": "factory",
    **dict.fromkeys(("HINT_LIMITS", "HINT_LIMITS_IN_PAGE", "Analysis", "Analyzer", "advise", "analyze",
                     "solve_position", "think"), "thinking"),
    "WeightsError": "weights_file",
}
"""The door's names imported when first used, and the module of ``game.ai`` each comes from (as above)."""


def __getattr__(name: str) -> object:
    """A name of ``LATER``, its module imported now (then kept here, so this runs once a name)."""
    module = LATER.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value: object = getattr(import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


__all__ = [
    "CUSTOM_INDEX",
    "CUSTOM_NAME",
    "DEFAULT_LEVEL",
    "DISC",
    "HINT_LIMITS",
    "HINT_LIMITS_IN_PAGE",
    "LEVELS",
    "MAX_LEVEL",
    "MAX_NODES",
    "MAX_SECONDS",
    "Analysis",
    "Analyzer",
    "Book",
    "Budget",
    "BookError",
    "BookMove",
    "CustomSpec",
    "Found",
    "Job",
    "Level",
    "Limits",
    "Progress",
    "SolveMode",
    "WeightsError",
    "advise",
    "analyze",
    "capped",
    "choose_book_move",
    "custom_level",
    "default_book",
    "engine_for",
    "importing",
    "level_at",
    "level_by_name_or_index",
    "level_called",
    "level_named",
    "limited_search",
    "move_seconds",
    "play_on_without_weights",
    "solve_exactly",
    "solve_position",
    "stepwise",
    "think",
    "warm_up",
    "weights_problem",
]
