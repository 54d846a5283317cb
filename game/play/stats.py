"""Statistics: wins, losses and draws against each level with each colour, best results, two-player games."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.engine import Color
    from game.play.outcome import Outcome

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

    def record_outcome(self, outcome: Outcome, level_name: str | None, colour: Color) -> None:
        """Count a game that ended: against the computer at ``level_name`` as ``colour``, or (``None``) two players."""
        if level_name is None:
            self.two_player_games += 1
        else:
            self.record_computer_game(level_name, colour, outcome.margin(colour))

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
        }

    @classmethod
    def from_json(cls, data: Any) -> Stats:
        """Statistics from a stored dict; raises ``ValueError``/``TypeError`` for a wrong shape."""
        if not isinstance(data, dict) or not isinstance(data.get("vs_computer"), dict):
            raise ValueError("statistics must hold a 'vs_computer' object")
        stats = cls(two_player_games=_count(data.get("two_player_games", 0)))
        for key, entry in data["vs_computer"].items():
            if not isinstance(entry, dict) or ":" not in key:
                raise ValueError(f"bad statistics entry {key!r}")
            best = entry.get("best")
            if best is not None and (type(best) is not int or not 0 < best <= 64):
                raise ValueError(f"bad best result in {key!r}")
            stats.vs_computer[key] = Tally(
                _count(entry.get("won", 0)), _count(entry.get("lost", 0)), _count(entry.get("drawn", 0)), best
            )
        return stats


def _count(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError(f"a count must be a whole number, not {value!r}")
    return value
