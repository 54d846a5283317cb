"""The playing levels, one row each in one table.

Columns: the evaluation; the deepest midgame search; the time per move in
seconds (``None`` = depth only); from how many empty squares the exact
endgame solver and the win/loss/draw solver take over (0 = never); and the
randomness: a temperature in discs for choosing among the searched moves
(0 = always the best). A few levels also use ``greed``: the share of a
novice's attention that goes to flipping many discs now, the typical
beginner's mistake.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Level:
    """One playing strength."""

    index: int
    name: str
    description: str
    evaluation: str
    depth: int
    seconds: float | None
    exact_empties: int
    wld_empties: int
    temperature: float
    greed: float = 0.0


# fmt: off
LEVELS: tuple[Level, ...] = (
    #     index name           description                                              eval        depth secs  exact wld  temp  greed
    Level(0, "Novice",       "Grabs discs and sometimes misses the danger",             "heuristic", 1, None,   0,   0,  3.0, 0.6),
    Level(1, "Beginner",     "Knows corners are good; looks one move ahead",             "heuristic", 2, None,   6,   0,  2.0, 0.2),
    Level(2, "Casual",       "Plays sensibly and rarely blunders a corner",              "pattern",   3, None,   8,   0,  0.8),
    Level(3, "Club",         "Reads a few moves deep and plays the end well",            "pattern",   6, 0.25, 12,  14,  0.0),
    Level(4, "Expert",       "Deep search and an exact endgame",                         "pattern",  20, 0.5,  14,  16,  0.0),
    Level(5, "Master",       "Everything it has: about a second a move",                 "pattern",  30, 1.0,  16,  18,  0.0),
)
# fmt: on

BASELINE = Level(-1, "Baseline", "Club's search with the hand-written evaluation", "heuristic", 6, 0.25, 12, 14, 0.0)
"""Not offered to players: the yardstick that shows what the trained evaluation buys."""

DEFAULT_LEVEL = 1
MAX_LEVEL = len(LEVELS) - 1


def level_by_name_or_index(text: str) -> Level:
    """A level from its index (``'3'``), its name (``'club'``) or ``'max'``.

    Raises ``ValueError`` naming the choices otherwise.
    """
    key = text.strip().lower()
    if key == "max":
        return LEVELS[MAX_LEVEL]
    if key.isdigit() and int(key) < len(LEVELS):
        return LEVELS[int(key)]
    for level in LEVELS:
        if level.name.lower() == key:
            return level
    names = ", ".join(f"{lv.index}={lv.name}" for lv in LEVELS)
    raise ValueError(f"unknown level {text!r}; choose {names} or max")
