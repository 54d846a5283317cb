"""The player's rating: Glicko-1 against the levels' ratings, updated after each counted game.

Each named level has a rating on one scale (``Level.rating``: Elo from the
ladder, Novice = 800). The player's rating starts uncertain, ``1200 ± 350``,
and after each counted game against a rated level moves by Glickman's
formula for one game; its deviation (the ``±``) shrinks as games are played.
Before each game the uncertainty is widened a little (``DRIFT``), so the
update never freezes and keeps following a player who improves; but a game
never leaves the ``±`` wider than it was (a game that tells little, against
a level far away, keeps it as it was). ``docs/rating.md`` has the formula.

>>> first = PlayerRating().after(1200, 1.0)          # a first win against a level rated like the start
>>> round(first.rating), round(first.deviation), first.games
(1375, 247, 1)
>>> round(expected_score(1400, 1200), 2), round(expected_score(1200, 1200), 2)
(0.76, 0.5)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Any

from game.ai import LEVELS, Level, level_called

START_RATING = 1200.0
"""Where every player starts: a little above the weakest levels."""
START_DEVIATION = 350.0
"""How uncertain the start is (Glicko's deviation for an unknown player; also the most it can be)."""
DRIFT = 16.0
"""How much the uncertainty is widened before each game (Glicko's ``c`` per game): the deviation settles near 75,
not 0. A game never leaves the deviation wider than before it (``PlayerRating.after``)."""
RATING_RANGE = (0.0, 4000.0)
"""The ratings the model keeps (and accepts from storage)."""
MAX_HISTORY = 200
"""The points kept for the graph: the rating after each of the last this many counted games."""
PROVISIONAL_DEVIATION = 110.0
"""Above this deviation the rating is called provisional."""

SCALE_VERSION = 2
"""The scale a stored rating is on: 1 the ladder of fourteen's (2026-12-01), 2 Elo from Novice = 800 as the
ladder of nineteen measures it (2026-12-02 on; a level that gets stronger is rated higher on the same scale)."""
SCALE_1_ANCHORS = {"Novice": (800, 800), "Apprentice": (968, 982), "Beginner": (1413, 1310),
                   "Intermediate": (2449, 2048), "Advanced": (2787, 2352), "Contender": (3007, 2652),
                   "Club": (3207, 2914), "Expert": (3459, 3163), "Master": (3578, 3278)}
"""The levels that played alike in the ladders of fourteen and of nineteen (2026-12-02): their ratings on
scale 1 and on scale 2, the anchors that carry a rating of scale 1 over (``from_older_scale``). Fixed: the
levels' ratings today (``Level.rating``) may have moved since, with their play."""

_Q = math.log(10) / 400


def expected_score(rating: float, against: float) -> float:
    """The share of points a player rated ``rating`` expects against one rated ``against`` (Elo's logistic)."""
    return 1.0 / (1.0 + 10 ** ((against - rating) / 400))


@dataclass(frozen=True)
class RatingPoint:
    """The rating and its deviation after one counted game (a point of the graph)."""

    rating: float
    deviation: float


@dataclass(frozen=True)
class PlayerRating:
    """A Glicko-1 estimate of the player's strength on the levels' scale, and its recent history."""

    rating: float = START_RATING
    deviation: float = START_DEVIATION
    games: int = 0
    """Counted games against rated levels, all time (the history keeps only the last ``MAX_HISTORY``)."""
    history: tuple[RatingPoint, ...] = field(default=())

    @property
    def provisional(self) -> bool:
        """Whether too few games have been played for the rating to mean much yet."""
        return self.deviation > PROVISIONAL_DEVIATION

    @property
    def label(self) -> str:
        """How the rating is shown: ``'1420 ± 85'``."""
        return f"{self.rating:.0f} ± {self.deviation:.0f}"

    @property
    def graph_points(self) -> tuple[RatingPoint, ...]:
        """What the graph shows: the start while the history still reaches back to it, then each game's point."""
        start = (RatingPoint(START_RATING, START_DEVIATION),) if self.games == len(self.history) else ()
        return start + self.history

    def after(self, level_rating: float, score: float) -> PlayerRating:
        """The rating after one game against a level rated ``level_rating``: ``score`` 1 won, 0.5 drawn, 0 lost.

        The levels' ratings are taken as exact (their deviation 0), so Glicko's ``g`` is 1. The rating moves
        by Glicko's update from the deviation widened by ``DRIFT``; the deviation kept is the smaller of
        Glicko's and the one before the game, so a game never widens the ``±`` (a player reads a wider one
        as knowing less after another game: with a game that says little, against a level far above or
        below, Glicko's drift outweighs what it tells).
        """
        if score not in (0.0, 0.5, 1.0):
            raise ValueError(f"a game scores 0, 0.5 or 1, not {score!r}")
        before = min(START_DEVIATION, math.hypot(self.deviation, DRIFT))
        expected = expected_score(self.rating, level_rating)
        d_squared = 1.0 / (_Q * _Q * expected * (1.0 - expected))
        variance = 1.0 / (1.0 / (before * before) + 1.0 / d_squared)
        low, high = RATING_RANGE
        rating = max(low, min(high, self.rating + _Q * variance * (score - expected)))
        deviation = min(self.deviation, round(math.sqrt(variance), 1))
        point = RatingPoint(round(rating, 1), deviation)
        return replace(self, rating=point.rating, deviation=point.deviation, games=self.games + 1,
                       history=(self.history + (point,))[-MAX_HISTORY:])

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (the history as ``[rating, deviation]`` pairs, oldest first)."""
        return {"version": SCALE_VERSION, "rating": self.rating, "deviation": self.deviation, "games": self.games,
                "history": [[p.rating, p.deviation] for p in self.history]}

    @classmethod
    def from_json(cls, data: Any) -> PlayerRating:
        """A rating from its stored dict; ``ValueError`` naming what is wrong with a bad one.

        A history longer than ``MAX_HISTORY`` keeps its last points. A rating of
        the ladder of fourteen's scale (version 1) is carried over to today's,
        its history with it (``from_older_scale``).
        """
        if not isinstance(data, dict):
            raise ValueError("the rating must be an object")
        version = data.get("version", SCALE_VERSION)  # every rating this game wrote says its version
        if version not in (1, SCALE_VERSION):
            raise ValueError(f"the rating's scale {version!r:.20} is not one this game knows")
        history = data.get("history", [])
        if not isinstance(history, list):
            raise ValueError("the rating's history must be a list")
        points = tuple(RatingPoint(*_point(item)) for item in history[-MAX_HISTORY:])
        games = data.get("games", 0)
        if type(games) is not int or games < len(points):
            raise ValueError(f"the rating's game count {games!r} is not a whole number of its games")
        rating = cls(_rating(data.get("rating")), _deviation(data.get("deviation")), games, points)
        return rating if version == SCALE_VERSION else rating.from_older_scale()

    def from_older_scale(self) -> PlayerRating:
        """This rating, estimated against the ladder of fourteen's ratings, on today's scale.

        Each point moves by the map that takes the levels that played alike
        in both ladders from their old ratings to their new ones
        (``SCALE_1_ANCHORS``: linear between them, shifted like the nearest
        one beyond them); deviations stay.

        >>> [round(PlayerRating(r, 80).from_older_scale().rating) for r in (700, 2449, 3000, 3700)]
        [700, 2048, 2642, 3400]
        """
        anchors = sorted((float(old), float(new)) for old, new in SCALE_1_ANCHORS.values())

        def carried(rating: float) -> float:
            if rating <= anchors[0][0]:
                moved = rating + anchors[0][1] - anchors[0][0]
            elif rating >= anchors[-1][0]:
                moved = rating + anchors[-1][1] - anchors[-1][0]
            else:
                (old_low, new_low), (old_high, new_high) = next(
                    (low, high) for low, high in zip(anchors, anchors[1:], strict=False) if rating <= high[0])
                moved = new_low + (rating - old_low) * (new_high - new_low) / (old_high - old_low)
            return min(max(moved, RATING_RANGE[0]), RATING_RANGE[1])

        return replace(self, rating=carried(self.rating),
                       history=tuple(replace(point, rating=carried(point.rating)) for point in self.history))


@dataclass(frozen=True)
class RatingChange:
    """What one counted game did to the rating: the rating ``before`` it and ``after`` it."""

    before: PlayerRating
    after: PlayerRating

    @property
    def change(self) -> int:
        """The change as shown: between the rounded ratings, so ``before + change`` reads as ``after``.

        >>> RatingChange(PlayerRating(), PlayerRating().after(2261, 1.0)).change
        697
        """
        return round(self.after.rating) - round(self.before.rating)

    @property
    def signed(self) -> str:
        """The change with its sign, as rating lists show it: ``'+697'``, ``'-12'``, ``'+0'``."""
        return f"{self.change:+d}"


def rated_level(name: str, levels: tuple[Level, ...] | None = None) -> Level | None:
    """The named level called ``name`` if it has a rating (a custom level's name has none)."""
    level = level_called(name, levels or LEVELS)
    return level if level is not None and level.rating is not None else None


def level_for_rating(rating: float, levels: tuple[Level, ...] | None = None) -> Level | None:
    """The rated level whose expected score against a player rated ``rating`` is nearest 0.5 (``None``: no rated level).

    >>> ladder = (LEVELS[0], LEVELS[1])
    >>> level_for_rating(850, ladder).name, level_for_rating(5000, ladder).name
    ('Novice', 'Apprentice')
    """
    rated = [level for level in levels or LEVELS if level.rating is not None]
    return min(rated, key=lambda level: abs(expected_score(rating, float(level.rating or 0)) - 0.5), default=None)


def my_level(rating: PlayerRating, levels: tuple[Level, ...] | None = None) -> tuple[Level, float] | None:
    """The level for about an even game against the player ("Play at my level") and the player's expected score there.

    >>> level, score = my_level(PlayerRating(LEVELS[2].rating or 0, 80))
    >>> level is LEVELS[2], score
    (True, 0.5)
    """
    level = level_for_rating(rating.rating, levels)
    if level is None or level.rating is None:
        return None
    return level, expected_score(rating.rating, level.rating)


def _number(value: Any, what: str) -> float:
    try:
        finite = not isinstance(value, bool) and isinstance(value, (int, float)) and math.isfinite(value)
    except OverflowError:  # a whole number too large for a float
        finite = False
    if not finite:
        raise ValueError(f"the {what} must be a number, not {value!r:.40}")
    return float(value)


def _rating(value: Any) -> float:
    rating = _number(value, "rating")
    if not RATING_RANGE[0] <= rating <= RATING_RANGE[1]:
        raise ValueError(f"the rating {rating:g} is outside {RATING_RANGE[0]:g}-{RATING_RANGE[1]:g}")
    return rating


def _deviation(value: Any) -> float:
    deviation = _number(value, "rating's deviation")
    if not 0 < deviation <= START_DEVIATION:
        raise ValueError(f"the rating's deviation {deviation:g} is outside 0-{START_DEVIATION:g}")
    return deviation


def _point(item: Any) -> tuple[float, float]:
    if not isinstance(item, list) or len(item) != 2:
        raise ValueError(f"a point of the rating's history must be [rating, deviation], not {item!r:.40}")
    return _rating(item[0]), _deviation(item[1])
