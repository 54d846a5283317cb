"""The shelf of famous games: the World Championship finals, found in the data by a rule.

The WTHOR file names each game's event (``World Championship - 2010``) but
not its round, so the finals are picked by a rule, the same every year:

    In each ``World Championship - YYYY`` event, the final is the first run
    of two or more consecutive games (in the file's order) between the same
    two players, if that run starts among the event's first ``LEAD`` games.

Why: a final is a match of two or three games in a row between the same two
players, while a Swiss round pairs two players once; and the file lists each
championship's last day first (the final, then the third-place game and the
semi-finals) in most years. Where the first such run starts further down,
the order is another one and the rule cannot tell a final from a semi-final,
so that year is left off the shelf rather than guessed (docs/library.md lists
every year, found or not). Checked against published results where a source
was at hand: 1980 Jonathan Cerf beat Takuya Mimura in the final, 2007 Kenta
Tominaga, 2010 Yusuke Takanashi beat Michele Borassi 2-1, 2015 Takanashi.

Pure Python; nothing here imports pygame.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from game.i18n import ngettext
from game.library.database import GameTable
from game.records.wthor import WthorGame

_EVENT = re.compile(r"World Championship - (\d{4})")
LEAD = 4
"""A final's run must start among the event's first this many games."""


@dataclass(frozen=True)
class Final:
    """One championship's final: the year, the two players (the match's winner first) and its games."""

    year: int
    event: str
    winner: str
    """The player with more points in these games (Black of the first game when even)."""
    runner_up: str
    games: tuple[WthorGame, ...]
    score: tuple[float, float]
    """Games won by the winner and by the runner-up (a draw counts half each)."""

    @property
    def title(self) -> str:
        """One line for the shelf: ``2010  Takanashi Yusuke - Borassi Michele  2-1`` (the score in these games)."""
        won, lost = (f"{n:g}".replace(".5", "½") for n in self.score)
        return f"{self.year}  {self.winner} - {self.runner_up}  {won}-{lost}"

    @property
    def summary(self) -> str:
        """The shelf's second line, in the player's words: ``'World Championship - 2010: the final, 3 games'``."""
        count = len(self.games)
        return ngettext("{event}: the final, {n} game", "{event}: the final, {n} games", count).format(
            event=self.event, n=count)


def _points(game: WthorGame, player: str) -> float:
    margin = game.black_margin if game.black == player else -game.black_margin
    return 1.0 if margin > 0 else 0.5 if margin == 0 else 0.0


def find_finals(table: GameTable) -> list[Final]:
    """Every World Championship final the rule finds, newest first."""
    events: dict[str, list[WthorGame]] = {}
    for game in table.games:
        if _EVENT.fullmatch(game.event):
            events.setdefault(game.event, []).append(game)
    finals = []
    for event, games in events.items():
        run = _first_run(games)
        if not run:
            continue
        a, b = run[0].black, run[0].white
        score_a = sum(_points(g, a) for g in run)
        score_b = len(run) - score_a
        if score_b > score_a:
            a, b, score_a, score_b = b, a, score_b, score_a
        match = _EVENT.fullmatch(event)
        assert match is not None
        finals.append(Final(int(match.group(1)), event, a, b, tuple(run), (score_a, score_b)))
    return sorted(finals, key=lambda f: -f.year)


def _first_run(games: list[WthorGame]) -> list[WthorGame]:
    """The first two or more games in a row between the same two players, if it starts among the first ``LEAD``."""
    at = 0
    while at < min(LEAD, len(games)):
        pair = {games[at].black, games[at].white}
        end = at + 1
        while end < len(games) and {games[end].black, games[end].white} == pair and (
            games[end].index == games[end - 1].index + 1
        ):
            end += 1
        if end - at >= 2:
            return games[at:end]
        at = end
    return []
