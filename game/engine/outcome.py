"""How a game ended, as one value: why, who won (``None``: a draw), and the score under both scoring rules.

The rule texts disagree on empty squares left at the end: the tournament
rule gives them to the winner (a draw splits them; ``final_score``, the one
place the rule is written, which the AI's searches call at their leaves too);
the other counts only the discs on the board. An ``Outcome`` holds both; the
game shows both, the tournament rule as the headline by default.

Built by one derivation from the last position, by the rules (``Outcome.of``)
or by a player (``resignation``, ``time``); python-chess's ``Outcome`` is the
model. The words a player reads are the play area's (``game.play.words``); GGF's
``RE`` is the records' (``game.records.formats.ggf_result``).

>>> full = Outcome.of(Position.from_text("X" * 40 + "O" * 24 + " X"))
>>> full.reason, full.winner, full.score_discs, full.margin("X")
(<EndReason.BOARD_FULL: 'board full'>, 'X', '40-24', 16)
>>> blocked = Outcome.of(Position.from_text("OOXXXXXXO--XXXXXX-XXXXXXXXXXXX--XXXXXX--XXXXX---XXX-----X------- X"))
>>> blocked.reason, blocked.score_discs, blocked.score_tournament, blocked.rules_differ
(<EndReason.BLOCKED: 'blocked'>, '39-3', '61-3', True)
>>> gave_up = Outcome.resignation(Position.start(), "X")
>>> gave_up.reason, gave_up.winner, gave_up.stopped, gave_up.margin("X"), gave_up.score_discs
(<EndReason.RESIGNATION: 'resignation'>, 'O', 'X', -1, '2-2')
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from .bitboard import Bitboard
from .position import BLACK, WHITE, Color, Position, opponent_of


def final_score(player: Bitboard, opponent: Bitboard) -> int:
    """Final disc difference for ``player`` with the empty squares to the winner (the tournament rule).

    A plain function of two bitboards, allocating nothing: the endgame solver
    and the midgame search call it at their leaves.
    """
    mine = player.bit_count()
    theirs = opponent.bit_count()
    diff = mine - theirs
    if diff > 0:
        return diff + (64 - mine - theirs)
    if diff < 0:
        return diff - (64 - mine - theirs)
    return 0


def tournament_split(margin: int) -> tuple[int, int]:
    """(Mine, theirs): the final counts under the tournament rule of a final margin ``margin`` (they add up to 64).

    >>> tournament_split(58), tournament_split(0), tournament_split(-6)
    ((61, 3), (32, 32), (29, 35))
    """
    return (64 + margin) // 2, (64 - margin) // 2


class EndReason(enum.StrEnum):
    """Why a game ended: by the rules (the first three) or by a player (the last two).

    The values are plain data (the words a player reads are ``game.play.words.reason_text``).
    """

    BOARD_FULL = "board full"
    WIPEOUT = "wipeout"
    BLOCKED = "blocked"
    RESIGNATION = "resignation"
    TIME = "time"

    @property
    def by_rules(self) -> bool:
        """Whether the rules ended the game (not a resignation or a flag fall)."""
        return self not in (EndReason.RESIGNATION, EndReason.TIME)


@dataclass(frozen=True)
class Outcome:
    """Why a game ended, who won (``None``: a draw), and the discs on the board when play stopped."""

    reason: EndReason
    winner: Color | None
    black: int
    """Black's discs on the board at the end."""
    white: int
    """White's discs on the board at the end."""
    tournament_margin: int
    """Black's margin in the discs on the board with the empty squares to the leader (``final_score``; 0 when
    level). A stopped game's ``margin`` is one disc to the winner whatever this says."""

    @classmethod
    def of(cls, position: Position) -> Outcome | None:
        """The end by the rules of ``position``, or ``None`` while play goes on."""
        return cls._derive(position, None) if position.is_over() else None

    @classmethod
    def resignation(cls, position: Position, loser: Color) -> Outcome:
        """``loser`` resigned in ``position``."""
        return cls._derive(position, (EndReason.RESIGNATION, loser))

    @classmethod
    def time(cls, position: Position, loser: Color) -> Outcome:
        """``loser``'s clock ran out in ``position``."""
        return cls._derive(position, (EndReason.TIME, loser))

    @classmethod
    def _derive(cls, position: Position, stop: tuple[EndReason, Color] | None) -> Outcome:
        """The one derivation: the counts and the tournament margin of ``position``; the reason and the
        winner by the rules, or those of ``stop`` (a player's end: the reason and the side that stopped)."""
        black, white = position.black_count, position.white_count
        margin = final_score(position.black, position.white)
        if stop is not None:
            reason, loser = stop
            return cls(reason, opponent_of(loser), black, white, margin)
        if black == 0 or white == 0:
            reason = EndReason.WIPEOUT
        elif black + white == 64:
            reason = EndReason.BOARD_FULL
        else:
            reason = EndReason.BLOCKED
        winner = BLACK if margin > 0 else WHITE if margin < 0 else None
        return cls(reason, winner, black, white, margin)

    # -- facts ------------------------------------------------------------------------

    @property
    def by_rules(self) -> bool:
        """Whether the game ended by the rules (not a resignation or a flag fall)."""
        return self.reason.by_rules

    @property
    def draw(self) -> bool:
        """Whether neither side won."""
        return self.winner is None

    @property
    def stopped(self) -> Color | None:
        """The side that resigned or ran out of time, else ``None``."""
        return None if self.by_rules or self.winner is None else opponent_of(self.winner)

    @property
    def empty(self) -> int:
        """Empty squares left on the board."""
        return 64 - self.black - self.white

    def margin(self, colour: Color) -> int:
        """``colour``'s final margin in discs (tournament rule); a resignation or a flag fall wins or loses by one."""
        if not self.by_rules:
            return 1 if colour == self.winner else -1
        return self.tournament_margin if colour == BLACK else -self.tournament_margin

    # -- the two scoring rules ----------------------------------------------------------

    @property
    def tournament_counts(self) -> tuple[int, int]:
        """(Black, White) with the empty squares given to the winner, or split on a draw."""
        return tournament_split(self.tournament_margin)

    @property
    def score_discs(self) -> str:
        """Discs on the board, Black first, e.g. ``'39-3'``."""
        return f"{self.black}-{self.white}"

    @property
    def score_tournament(self) -> str:
        """Tournament score, Black first, e.g. ``'61-3'``."""
        black, white = self.tournament_counts
        return f"{black}-{white}"

    @property
    def rules_differ(self) -> bool:
        """Whether the two scoring rules give different scores (empty squares are left)."""
        return self.score_discs != self.score_tournament


__all__ = ["EndReason", "Outcome", "final_score", "tournament_split"]
