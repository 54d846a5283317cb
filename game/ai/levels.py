"""The playing levels, one row each in one table.

Columns: the evaluation; the deepest midgame search; the time per move in
seconds (``None`` = depth only); from how many empty squares the exact
endgame solver and the win/loss/draw solver take over (0 = never); and the
randomness: a temperature in discs for choosing among the searched moves
(0 = always the best). A few levels also use ``greed``: the share of a
novice's attention that goes to flipping many discs now, the typical
beginner's mistake. ``book``: the stronger levels open from the opening
book (``game/ai/book.py``, made from master games), playing any book move
valued within this many discs of the best, chosen by how often masters
played it (``None`` = no book). ``rating``: the level's Elo on one scale,
chained from the ladder's measured steps (``bench/ladder.py``) with Novice at
800, so the numbers read like club ratings (``docs/strength.md``).
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
    book: float | None = None
    rating: int | None = None
    """Elo on the ladder's scale (Novice = 800; ``docs/strength.md``); ``None`` when unmeasured (custom levels)."""


# fmt: off
LEVELS: tuple[Level, ...] = (
    #     index name            description                                                   eval       depth secs  exact wld  temp  greed book
    Level(0,  "Novice",       "Grabs discs and sometimes misses the danger",                  "heuristic", 1, None,   0,   0,  3.0, 0.6, rating=800),
    Level(1,  "Apprentice",   "Has heard that corners matter; still grabs discs",             "heuristic", 1, None,   0,   0,  1.7, 0.35, rating=982),
    Level(2,  "Improver",     "Takes corners when it sees them; greedy now and then",         "heuristic", 1, None,   0,   0,  1.4, 0.15, rating=1078),
    Level(3,  "Learner",      "Plays the best-looking move more often; still one move deep",  "heuristic", 1, None,   0,   0,  0.9, 0.1, rating=1179),
    Level(4,  "Beginner",     "Knows corners are good; looks one move ahead",                 "heuristic", 2, None,   6,   0,  2.0, 0.2, rating=1310),
    Level(5,  "Hobbyist",     "Looks one move ahead and counts the last few moves",           "heuristic", 2, None,   8,   0,  1.75, 0.1, rating=1438),
    Level(6,  "Amateur",      "Careful one move ahead, no longer greedy",                     "heuristic", 2, None,  10,   0,  1.5, rating=1566),
    Level(7,  "Regular",      "Has a feel for good shapes but plays carelessly",              "pattern",   2, None,   8,   0,  3.9, rating=1689),
    Level(8,  "Casual",       "Plays sensibly and rarely blunders a corner",                  "pattern",   2, None,   8,   0,  2.6, rating=1856),
    Level(9,  "Intermediate", "Sees a little further and plays the end well",                 "pattern",   3, None,  10,   0,  2.4, rating=2048),
    Level(10, "Skilled",      "Careful a few moves ahead; plays the last twelve squares perfectly", "pattern", 3, None, 12, 0, 1.4, rating=2179),
    Level(11, "Advanced",     "Reads two moves of each side; slips now and then",             "pattern",   4, None,  12,   0,  1.6, rating=2352),
    Level(12, "Seasoned",     "Reads two moves of each side and seldom slips",                "pattern",   4, None,  12,   0,  0.9, rating=2473),
    Level(13, "Contender",    "Reads deeper, knows who wins the ending; rarely slips",        "pattern",   5, None,  12,   0,  0.8, rating=2652),
    Level(14, "Competitor",   "Knows the openings and the ending; reads one move less than Club", "pattern", 5, 0.25, 12, 14, 0.0, 0.0, 3.0, rating=2779),
    Level(15, "Club",         "Reads a few moves deep, knows the openings, ends well",        "pattern",   6, 0.25, 12,  14,  0.0, 0.0, 3.0, rating=2914),
    Level(16, "Candidate",    "Searches deeper than Club and knows the openings better",      "pattern",  20, 0.35, 12,  16,  0.0, 0.0, 2.0, rating=3074),
    Level(17, "Expert",       "Deep search, master openings and an exact endgame",            "pattern",  20, 0.5,  14,  16,  0.0, 0.0, 1.5, rating=3163),
    Level(18, "Master",       "Everything it has: about a second a move",                     "pattern",  30, 1.0,  16,  18,  0.0, 0.0, 1.0, rating=3278),
)
# fmt: on

BASELINE = Level(-1, "Baseline", "Club's search with the hand-written evaluation", "heuristic", 6, 0.25, 12, 14, 0.0)
"""Not offered to players: the yardstick that shows what the trained evaluation buys."""

DEFAULT_LEVEL = next(level.index for level in LEVELS if level.name == "Beginner")
MAX_LEVEL = len(LEVELS) - 1


FIRST_LADDER: tuple[str, ...] = ("Novice", "Beginner", "Casual", "Club", "Expert", "Master")
"""The levels by index before Apprentice came in at index 1: how a stored index without a name is read."""
SECOND_LADDER: tuple[str, ...] = ("Novice", "Apprentice", "Beginner", "Casual", "Club", "Expert", "Master")
"""The levels by index from Apprentice's arrival until the ladder of fourteen (issue 23). Files of that time
store the name beside the index, so they are read by the name; this table reads an index of that time
when the name is missing but the file is known to be of that time (``stored_level_index(..., ladder=...)``)."""


def stored_level_index(index: object, name: object = None, ladder: tuple[str, ...] = FIRST_LADDER) -> int | None:
    """The level a settings file or saved game means by its ``level`` (index) and ``level_name``.

    The name wins when it is a level's; an index stored without a name is
    read by ``ladder``'s numbering: by default the first ladder of six
    (``FIRST_LADDER``), the only one that stored no names; ``SECOND_LADDER``
    for an index of the ladder of seven. ``None`` if neither names a level.

    >>> stored_level_index(5), stored_level_index(5, "Expert"), stored_level_index(9)
    (18, 17, None)
    >>> stored_level_index(2, ladder=SECOND_LADDER), stored_level_index(2)
    (4, 8)
    """
    for level in LEVELS:
        if level.name == name:
            return level.index
    if isinstance(index, int) and not isinstance(index, bool) and 0 <= index < len(ladder):
        return stored_level_index(None, ladder[index])
    return None


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
