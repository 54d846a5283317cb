"""The computer opponent: search, evaluation, exact endgame solver, levels.

Pure Python with no dependencies beyond ``game.engine``; runs unchanged in
CPython on WebAssembly. Nothing here imports pygame.

The game uses three things: ``LEVELS`` (weakest first), ``think(position,
level)`` which returns a job whose ``advance(max_ms)`` gives the chosen
square once done, and ``analyze(position)`` whose job gives an ``Analysis``;
the review values whole games with an ``Analyzer``. ``docs/ai.md`` maps the
modules. The named levels are here (``levels``); the level as players choose
it (by index, custom, per match, on a clock) is ``game.play.levels``. Scores
are in ``evaluation.DISC`` units; the patterns' symmetries are the engine's
(``game.engine.symmetry``).
"""

from .levels import DEFAULT_LEVEL, LEVELS, MAX_LEVEL, Level, level_by_name_or_index
from .thinking import Analysis, Analyzer, Job, Progress, analyze, solve_position, think, warm_up

__all__ = [
    "DEFAULT_LEVEL",
    "LEVELS",
    "MAX_LEVEL",
    "Analysis",
    "Analyzer",
    "Job",
    "Level",
    "Progress",
    "analyze",
    "level_by_name_or_index",
    "solve_position",
    "think",
    "warm_up",
]
