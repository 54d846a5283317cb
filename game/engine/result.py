"""The result of a finished game under both scoring rules.

The rule texts disagree on empty squares left at the end: the tournament
rule gives them to the winner (a draw splits them); the other counts only
the discs on the board. Both are computed; the game shows both.

>>> r = GameResult.from_counts(black=39, white=3)
>>> r.winner, r.score_discs, r.score_tournament, str(r.reason)
('X', '39-3', '61-3', 'blocked')
>>> r.reason is EndReason.BLOCKED, r.reason.text
(True, 'neither side can move')
>>> GameResult.from_counts(black=30, white=30).score_tournament
'32-32'
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Literal

from .position import BLACK, WHITE, Color, Position

Winner = Literal["X", "O", "draw"]


class EndReason(enum.StrEnum):
    """Why a game ended: by the rules (the first three) or by a player (the last two).

    The values are the words saved games and the command line's JSON use.
    """

    BOARD_FULL = "board full"
    WIPEOUT = "wipeout"
    BLOCKED = "blocked"
    RESIGNATION = "resignation"
    TIME = "time"

    @property
    def text(self) -> str:
        """The reason in words, e.g. for the results screen."""
        return _REASON_TEXT[self]


_REASON_TEXT = {
    EndReason.BOARD_FULL: "the board is full",
    EndReason.WIPEOUT: "one side has no discs left",
    EndReason.BLOCKED: "neither side can move",
    EndReason.RESIGNATION: "a player resigned",
    EndReason.TIME: "a player ran out of time",
}


@dataclass(frozen=True)
class GameResult:
    """Final disc counts, the winner and why the game ended."""

    black: int
    white: int
    empty: int

    @classmethod
    def from_counts(cls, black: int, white: int) -> GameResult:
        """A result from the discs on the board (empty squares are the rest of 64)."""
        return cls(black, white, 64 - black - white)

    @classmethod
    def of(cls, position: Position) -> GameResult:
        """The result of a finished position (raises ``ValueError`` if play goes on)."""
        if not position.is_over():
            raise ValueError("the game is not over: a side can still move")
        return cls.from_counts(position.black_count, position.white_count)

    @property
    def winner(self) -> Winner:
        """``'X'``, ``'O'`` or ``'draw'``."""
        if self.black > self.white:
            return BLACK
        if self.white > self.black:
            return WHITE
        return "draw"

    @property
    def reason(self) -> EndReason:
        """Why the game ended by the rules: a full board, a wipeout, or a blocked board."""
        if self.black == 0 or self.white == 0:
            return EndReason.WIPEOUT
        if self.empty == 0:
            return EndReason.BOARD_FULL
        return EndReason.BLOCKED

    @property
    def tournament_counts(self) -> tuple[int, int]:
        """(Black, White) with the empty squares given to the winner, or split on a draw."""
        if self.black > self.white:
            return self.black + self.empty, self.white
        if self.white > self.black:
            return self.black, self.white + self.empty
        half = self.empty // 2
        return self.black + half, self.white + self.empty - half

    @property
    def score_discs(self) -> str:
        """Discs on the board, Black first, e.g. ``'39-3'``."""
        return f"{self.black}-{self.white}"

    @property
    def score_tournament(self) -> str:
        """Tournament score, Black first, e.g. ``'61-3'``."""
        black, white = self.tournament_counts
        return f"{black}-{white}"

    def disc_difference(self, color: Color) -> int:
        """Final margin for ``color`` under the tournament rule (the FFO convention)."""
        black, white = self.tournament_counts
        return black - white if color == BLACK else white - black

    @property
    def rules_differ(self) -> bool:
        """Whether the two scoring rules give different scores."""
        return self.score_discs != self.score_tournament

    @property
    def explanation(self) -> str:
        """One line on the two scores, e.g. for the results screen."""
        discs, tourney = self.score_discs, self.score_tournament
        if discs == tourney:
            return f"Final score {discs}."
        if self.winner == "draw":
            return f"{discs} on the board; the {self.empty} empty squares are split: {tourney}."
        return (
            f"{discs} on the board; with the {self.empty} empty squares to the winner, {tourney}."
        )


__all__ = ["GameResult", "Winner", "EndReason", "BLACK", "WHITE"]
