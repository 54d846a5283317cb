"""Statistics: wins, losses and draws against each level with each colour, best results, two-player games.

They carry the player's rating too (``game.play.rating``), stored in the same
document. A rating section that cannot be read does not cost the results:
they load, the rating starts afresh, and the unreadable section is kept as it
was under ``rating_set_aside`` with a notice for the player. So with a tally
that no game can have (a count over ``MAX_COUNT``, a best result over 64): it
alone is kept under ``tallies_set_aside``, the other results count.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game.i18n import _, sentences
from game.play.rating import START_DEVIATION, START_RATING, PlayerRating, RatingChange, rated_level

if TYPE_CHECKING:
    from game.engine import Color, Outcome

STATS_KEY = "stats"


@dataclass
class Tally:
    """Games against one level with one colour."""

    won: int = 0
    lost: int = 0
    drawn: int = 0
    best: int | None = None
    """The largest winning margin (tournament score), or ``None`` before a win."""

    @property
    def played(self) -> int:
        """Games counted."""
        return self.won + self.lost + self.drawn


@dataclass
class Stats:
    """Results against the computer by level name and colour, and the number of two-player games."""

    vs_computer: dict[str, Tally] = field(default_factory=dict)
    two_player_games: int = 0
    rating: PlayerRating = field(default_factory=PlayerRating)
    """The player's rating from the counted games against rated (named) levels."""
    rating_set_aside: list[Any] = field(default_factory=list)
    """Rating sections that could not be read, kept as they were found (stored, never dropped)."""
    tallies_set_aside: dict[str, Any] = field(default_factory=dict)
    """Tallies (by key, ``two_player_games`` too) that could not be read, kept as they were found."""
    notice: str | None = None
    """What the player should be told about how these statistics were read (not stored); see ``take_notice``."""

    @staticmethod
    def key(level_name: str, colour: str) -> str:
        """Dictionary key for a level and the player's colour (``'X'`` or ``'O'``)."""
        return f"{level_name}:{colour}"

    def tally(self, level_name: str, colour: str) -> Tally:
        """The tally for a level and colour (zeros if none yet)."""
        return self.vs_computer.get(self.key(level_name, colour), Tally())

    def record_computer_game(self, level_name: str, colour: str, margin: int) -> None:
        """Count a finished (or resigned) game; ``margin`` is the player's final disc difference."""
        tally = self.vs_computer.setdefault(self.key(level_name, colour), Tally())
        if margin > 0:
            tally.won += 1
            tally.best = margin if tally.best is None else max(tally.best, margin)
        elif margin < 0:
            tally.lost += 1
        else:
            tally.drawn += 1

    def record_outcome(self, outcome: Outcome, level_name: str | None, colour: Color) -> RatingChange | None:
        """Count a game that ended: against the computer at ``level_name`` as ``colour``, or (``None``) two players.

        Returns what the game did to the rating, or ``None`` for an unrated game (two players, a custom level).
        """
        if level_name is None:
            self.two_player_games += 1
            return None
        margin = outcome.margin(colour)
        self.record_computer_game(level_name, colour, margin)
        level = rated_level(level_name)
        if level is None or level.rating is None:
            return None
        before = self.rating
        self.rating = before.after(level.rating, 1.0 if margin > 0 else 0.0 if margin < 0 else 0.5)
        return RatingChange(before, self.rating)

    def take_notice(self) -> str | None:
        """The notice about how the statistics were read, once (then ``None``)."""
        notice, self.notice = self.notice, None
        return notice

    def totals(self) -> Tally:
        """All games against the computer added up."""
        total = Tally()
        for tally in self.vs_computer.values():
            total.won += tally.won
            total.lost += tally.lost
            total.drawn += tally.drawn
            if tally.best is not None:
                total.best = tally.best if total.best is None else max(total.best, tally.best)
        return total

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "version": 1,
            "vs_computer": {
                key: {"won": t.won, "lost": t.lost, "drawn": t.drawn, "best": t.best}
                for key, t in sorted(self.vs_computer.items())
            },
            "two_player_games": self.two_player_games,
            "rating": self.rating.to_json(),
        } | ({"rating_set_aside": self.rating_set_aside} if self.rating_set_aside else {}) | (
            {"tallies_set_aside": self.tallies_set_aside} if self.tallies_set_aside else {})

    @classmethod
    def from_json(cls, data: Any) -> Stats:
        """Statistics from a stored dict; raises ``ValueError``/``TypeError`` for a wrong shape."""
        if not isinstance(data, dict) or not isinstance(data.get("vs_computer"), dict):
            raise ValueError("statistics must hold a 'vs_computer' object")
        stats = cls()
        kept = data.get("tallies_set_aside", {})
        stats.tallies_set_aside = dict(kept) if isinstance(kept, dict) else {"tallies_set_aside": kept}
        problems: list[str] = []
        try:
            stats.two_player_games = _count(data.get("two_player_games", 0))
        except ValueError as exc:
            stats.tallies_set_aside["two_player_games"] = data.get("two_player_games")
            problems.append(str(exc))
        for key, entry in data["vs_computer"].items():
            try:
                stats.vs_computer[key] = _tally(key, entry)
            except ValueError as exc:
                stats.tallies_set_aside[key] = entry
                problems.append(str(exc))
        if problems:
            stats.notice = _("Some results could not be read ({error}): they are kept aside, under "
                             "'tallies_set_aside' in the statistics, and the others count.").format(
                error=problems[0].rstrip("."))
        aside = data.get("rating_set_aside", [])
        stats.rating_set_aside = list(aside) if isinstance(aside, list) else [aside]
        if "rating" in data:
            try:
                stats.rating = PlayerRating.from_json(data["rating"])
            except (ValueError, TypeError) as exc:
                stats.rating_set_aside.append(data["rating"])
                said = _("Your rating could not be read ({error}): it starts afresh at {rating} ± "
                         "{deviation}. Your results are kept, and so is the unreadable rating, under "
                         "'rating_set_aside' in the statistics.").format(
                    error=str(exc).rstrip("."), rating=f"{START_RATING:.0f}", deviation=f"{START_DEVIATION:.0f}")
                stats.notice = sentences(stats.notice or "", said)
        return stats


MAX_COUNT = 10**9
"""The most games a count may hold: far beyond any player's, and a figure every screen can format."""


def _tally(key: str, entry: Any) -> Tally:
    """The tally stored under ``key``; ``ValueError`` says what no game could leave in it."""
    if not isinstance(key, str) or ":" not in key or not isinstance(entry, dict):
        raise ValueError(f"bad statistics entry {key!r:.60}")
    best = entry.get("best")
    if best is not None and (type(best) is not int or not 0 < best <= 64):
        raise ValueError(f"bad best result in {key!r:.60}")
    return Tally(_count(entry.get("won", 0)), _count(entry.get("lost", 0)), _count(entry.get("drawn", 0)), best)


def _count(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_COUNT:
        raise ValueError(f"a count must be a whole number from 0 to {MAX_COUNT:,}, not {value!r:.40}")
    return value
