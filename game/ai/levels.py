"""The playing levels, one row each in one table.

A level is a playing style and its ``Limits``. Columns: the evaluation; the
limits (``_limits``: the deepest midgame search; the time per move in seconds,
``None`` = depth only; from how many empty squares the exact endgame solver and
the win/loss/draw solver take over, 0 = never; every level's time is split by
the one ``TimeShape``, which a row may give its own); and the randomness: a temperature in discs for choosing among the searched moves
(0 = always the best). A few levels also use ``greed``: the share of a
novice's attention that goes to flipping many discs now, the typical
beginner's mistake. ``book``: the stronger levels open from the opening
book (``game/ai/book.py``, made from master games), playing any book move
valued within this many discs of the best, chosen by how often masters
played it (``None`` = no book). ``rating``: the level's Elo on one scale,
chained from the ladder's measured steps (``bench/ladder.py``) with Novice at
800, so the numbers read like club ratings (``docs/strength.md``).

Every lookup of a named level is here: by index (``level_named``, clamped; ``level_at``, exact), by
name (``level_called``), by either as typed on a command line
(``level_by_name_or_index``). How older files name their level is the save
format's business (``game.play.level_compat``).
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass

from game.engine.numbers import NumberError, shown, whole_number

from .evaluations import EvaluationChoice, Evaluator
from .search_limits import Limits

HEURISTIC, PATTERN = Evaluator.HEURISTIC, Evaluator.PATTERN


@dataclass(frozen=True)
class Level:
    """One playing strength."""

    index: int
    name: str
    description: str
    evaluation: EvaluationChoice
    limits: Limits
    """What bounds the level's search: its depth, time a move and endgame stages (no node limit, no clock)."""
    temperature: float
    greed: float = 0.0
    book: float | None = None
    rating: int | None = None
    """Elo on the ladder's scale (Novice = 800; ``docs/strength.md``); ``None`` when unmeasured (custom levels)."""


def _limits(depth: int, seconds: float | None, exact_empties: int, wld_empties: int) -> Limits:
    """A row's limits in the table's column order: depth, time a move, exact and win/loss/draw empties."""
    return Limits(seconds, depth, None, exact_empties, wld_empties)


# fmt: off
LEVELS: tuple[Level, ...] = (
    #     index name            description                                                   eval      limits: depth secs exact wld  temp  greed book
    Level(0,  "Novice",       "Grabs discs and sometimes misses the danger",                  HEURISTIC, _limits(1, None, 0, 0),    3.0, 0.6, rating=800),
    Level(1,  "Apprentice",   "Has heard that corners matter; still grabs discs",             HEURISTIC, _limits(1, None, 0, 0),    1.7, 0.35, rating=982),
    Level(2,  "Improver",     "Takes corners when it sees them; greedy now and then",         HEURISTIC, _limits(1, None, 0, 0),    1.4, 0.15, rating=1078),
    Level(3,  "Learner",      "Plays the best-looking move more often; still one move deep",  HEURISTIC, _limits(1, None, 0, 0),    0.9, 0.1, rating=1179),
    Level(4,  "Beginner",     "Knows corners are good; looks one move ahead",                 HEURISTIC, _limits(2, None, 6, 0),    2.0, 0.2, rating=1310),
    Level(5,  "Hobbyist",     "Looks one move ahead and counts the last few moves",           HEURISTIC, _limits(2, None, 8, 0),    1.75, 0.1, rating=1438),
    Level(6,  "Amateur",      "Careful one move ahead, no longer greedy",                     HEURISTIC, _limits(2, None, 10, 0),   1.5, rating=1566),
    Level(7,  "Regular",      "Has a feel for good shapes but plays carelessly",              PATTERN,   _limits(2, None, 8, 0),    3.9, rating=1731),
    Level(8,  "Casual",       "Plays sensibly and rarely blunders a corner",                  PATTERN,   _limits(2, None, 8, 0),    2.5, rating=1913),
    Level(9,  "Intermediate", "Sees a little further and plays the end well",                 PATTERN,   _limits(3, None, 10, 0),   2.6, rating=2097),
    Level(10, "Skilled",      "Careful a few moves ahead; plays the last twelve squares perfectly", PATTERN,   _limits(3, None, 12, 0),   1.4, rating=2261),
    Level(11, "Advanced",     "Reads two moves of each side; slips now and then",             PATTERN,   _limits(4, None, 12, 0),   1.6, rating=2437),
    Level(12, "Seasoned",     "Reads two moves of each side and seldom slips",                PATTERN,   _limits(4, None, 12, 0),   0.9, rating=2530),
    Level(13, "Contender",    "Reads deeper, knows who wins the ending; rarely slips",        PATTERN,   _limits(5, None, 12, 0),   1.2, rating=2635),
    Level(14, "Competitor",   "Knows the openings and the ending; reads one move less than Club", PATTERN,   _limits(5, 0.25, 12, 14),  0.0, 0.0, 3.0, rating=2715),
    Level(15, "Club",         "Reads a few moves deep, knows the openings, ends well",        PATTERN,   _limits(6, 0.25, 12, 14),  0.0, 0.0, 3.0, rating=2850),
    Level(16, "Candidate",    "Searches deeper than Club and knows the openings better",      PATTERN,   _limits(7, 0.35, 12, 16),  0.0, 0.0, 2.0, rating=3001),
    Level(17, "Strategist",   "Expert's openings and endgame, reading a little less deep",   PATTERN,   _limits(9, 0.5, 14, 16),   0.0, 0.0, 1.5, rating=3165),
    Level(18, "Expert",       "Deep search, master openings and an exact endgame",            PATTERN,   _limits(20, 0.5, 14, 16),  0.0, 0.0, 1.5, rating=3223),
    Level(19, "Master",       "Everything it has: about a second a move",                     PATTERN,   _limits(30, 1.0, 16, 18),  0.0, 0.0, 1.0, rating=3414),
)
# fmt: on

BASELINE = Level(-1, "Baseline", "Club's search with the hand-written evaluation", HEURISTIC, _limits(6, 0.25, 12, 14),  0.0)
"""Not offered to players: the yardstick that shows what the trained evaluation buys."""

DEFAULT_LEVEL = next(level.index for level in LEVELS if level.name == "Beginner")
MAX_LEVEL = len(LEVELS) - 1


def level_named(index: int) -> Level:
    """The level for an index, clamped to the levels that exist.

    >>> level_named(99).name, level_named(-1).name
    ('Master', 'Novice')
    """
    return LEVELS[max(0, min(index, MAX_LEVEL))]


def level_at(index: object) -> Level | None:
    """The level at ``index`` exactly, or ``None`` for anything else (no clamping)."""
    if isinstance(index, int) and not isinstance(index, bool) and 0 <= index <= MAX_LEVEL:
        return LEVELS[index]
    return None


def level_called(name: object, levels: tuple[Level, ...] = LEVELS) -> Level | None:
    """The level of ``levels`` whose (English) name is ``name``, or ``None``."""
    return next((level for level in levels if level.name == name), None)


def level_by_name_or_index(text: str) -> Level:
    """A level from its index (``'3'``, in the digits 0-9), its name (``'club'``) or ``'max'``.

    Raises ``ValueError`` naming the choices otherwise.

    >>> level_by_name_or_index("3") == LEVELS[3], level_by_name_or_index("max") == LEVELS[MAX_LEVEL]
    (True, True)
    >>> level_by_name_or_index("١")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: unknown level '\\u0661'; choose 0=Novice, ...
    """
    key = text.strip().lower()
    if key == "max":
        return LEVELS[MAX_LEVEL]
    with contextlib.suppress(NumberError):  # the digits 0-9 only: '١' and '１٨' are no level's index
        return LEVELS[whole_number(key, "level", 0, MAX_LEVEL, signs="")]
    found = next((level for level in LEVELS if level.name.lower() == key), None)
    if found is not None:
        return found
    names = ", ".join(f"{lv.index}={lv.name}" for lv in LEVELS)
    raise ValueError(f"unknown level {shown(text)}; choose {names} or max")
