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

Beside the table, the custom levels a player may make instead (``CustomSpec``:
``'time:3'``, three seconds a move, or ``'depth:8'``, eight plies; ``custom_level``
makes its ``Level``, which keeps the spec in ``Level.custom``). What a player reads of
any level, in their language, is ``game.play.levels``'.
"""

from __future__ import annotations

import contextlib
import re
from dataclasses import dataclass
from typing import Literal

from game.engine.numbers import NumberError, decimal_number, shown, whole_number

from .evaluation_choice import EvaluationChoice, Evaluator
from .search_limits import Limits

HEURISTIC, PATTERN = Evaluator.HEURISTIC, Evaluator.PATTERN

CUSTOM_INDEX = -2
"""The index custom levels carry (not one of ``LEVELS``)."""
CUSTOM_NAME = "Custom"
"""How every custom level's name begins (the statistics count them under their names)."""
CUSTOM_SECONDS = (0.1, 30.0)
"""The time per move a custom level may take, in seconds."""
CUSTOM_DEPTHS = (1, 20)
"""The search depths a custom level may use."""


@dataclass(frozen=True)
class CustomSpec:
    """A custom level as a player chooses it: ``value`` seconds a move (``kind`` ``'time'``) or plies (``'depth'``).

    >>> CustomSpec.parse("time:3"), CustomSpec.parse("depth:8").name
    (CustomSpec(kind='time', value=3.0), 'Custom (depth 8)')
    >>> CustomSpec.named("Custom (2.5 s a move)"), CustomSpec.named("Club")
    (CustomSpec(kind='time', value=2.5), None)
    """

    kind: Literal["time", "depth"]
    value: float

    @classmethod
    def parse(cls, text: object) -> CustomSpec:
        """The spec written ``'time:2'`` / ``'depth:8'`` (settings, saved games); ``ValueError`` otherwise."""
        kind, _, value = text.partition(":") if isinstance(text, str) else ("", "", "")
        try:
            number = decimal_number(value, "seconds")  # the digits 0-9 only: 'time:٣' is no level
        except NumberError:
            number = float("nan")
        if kind == "time" and CUSTOM_SECONDS[0] <= number <= CUSTOM_SECONDS[1]:
            return cls("time", number)
        if kind == "depth" and number.is_integer() and CUSTOM_DEPTHS[0] <= number <= CUSTOM_DEPTHS[1]:
            return cls("depth", number)
        raise ValueError(f"bad custom level {text!r}: use time:{CUSTOM_SECONDS[0]:g}-{CUSTOM_SECONDS[1]:g} "
                         f"or depth:{CUSTOM_DEPTHS[0]}-{CUSTOM_DEPTHS[1]}")

    @property
    def name(self) -> str:
        """The custom level's name: English, as the statistics keep it (``named`` reads it back)."""
        if self.kind == "time":
            return f"{CUSTOM_NAME} ({self.value:g} s a move)"
        return f"{CUSTOM_NAME} (depth {int(self.value)})"

    @classmethod
    def named(cls, name: str) -> CustomSpec | None:
        """The spec a custom level's ``name`` was made from (a statistics key read back), ``None`` for any other."""
        found = _NAMED_TIME.fullmatch(name)
        if found is not None:
            try:
                return cls("time", float(found[1]))
            except ValueError:
                return None
        found = _NAMED_DEPTH.fullmatch(name)
        return None if found is None else cls("depth", int(found[1]))


_NAMED_TIME = re.compile(rf"{CUSTOM_NAME} \(([0-9.e+-]+) s a move\)")
_NAMED_DEPTH = re.compile(rf"{CUSTOM_NAME} \(depth ([0-9]+)\)")


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
    custom: CustomSpec | None = None
    """What a custom level was made from (``custom_level``); ``None`` for the named levels."""


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

def custom_level(spec: str | CustomSpec) -> Level:
    """The level a custom spec describes (``'time:2'``: two seconds a move; ``'depth:8'``: eight plies).

    Full strength otherwise: the strongest level's evaluation, no randomness, the exact
    endgame from as many empties as the time or depth can afford. ``ValueError`` for a bad spec.
    """
    chosen = spec if isinstance(spec, CustomSpec) else CustomSpec.parse(spec)
    strongest = LEVELS[-1]
    if chosen.kind == "time":
        seconds = chosen.value
        exact = 12 if seconds < 0.5 else 14 if seconds < 2 else 16
        words = f"{seconds:g} second{'s' if seconds != 1 else ''}"
        return Level(CUSTOM_INDEX, chosen.name, f"Searches {words} a move", strongest.evaluation,
                     Limits(seconds, 40, None, exact, exact + 2), 0.0, custom=chosen)
    depth = int(chosen.value)
    return Level(CUSTOM_INDEX, chosen.name, f"Searches {depth} moves ahead, however long it takes",
                 strongest.evaluation, Limits(None, depth, None, min(14, depth + 6), 0), 0.0, custom=chosen)


DEFAULT_LEVEL = next(level.index for level in LEVELS if level.name == "Beginner")
MAX_LEVEL = len(LEVELS) - 1


def level_named(index: int) -> Level:
    """The level for an index, clamped to the levels that exist.

    >>> level_named(99) == LEVELS[MAX_LEVEL], level_named(-1).name
    (True, 'Novice')
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
