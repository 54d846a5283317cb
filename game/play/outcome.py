"""How a game ended, as one value: the reason, the winner or a draw, and the counts under both scoring rules.

Built once, by the session that played the game; the results screen, the
statistics and the save read it (python-chess's ``Outcome`` is the model).

>>> from game.engine import Position
>>> full = Outcome.of(Position.from_text("X" * 40 + "O" * 24 + " X"))
>>> full.reason, full.winner, full.margin("X"), full.ggf_result
(<EndReason.BOARD_FULL: 'board full'>, 'X', 16, '+16.000')
>>> gave_up = Outcome.resignation(Position.start(), "X")
>>> gave_up.winner, gave_up.stopped, gave_up.margin("X"), gave_up.ggf_result
('O', 'X', -1, '-64.000:r')
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine import BLACK, Color, EndReason, GameResult, Position, opponent_of
from game.i18n import _, ngettext

RULES_REASONS = (EndReason.BOARD_FULL, EndReason.WIPEOUT, EndReason.BLOCKED)
"""The reasons a game ends by the rules (not by a player)."""


@dataclass(frozen=True)
class Outcome:
    """Why a game ended, who won (``None``: a draw), and the discs on the board at the end."""

    reason: EndReason
    winner: Color | None
    result: GameResult
    """The discs on the board when play stopped, with both scoring rules' counts."""

    @classmethod
    def of(cls, position: Position) -> Outcome | None:
        """The end by the rules of ``position``, or ``None`` while play goes on."""
        if not position.is_over():
            return None
        result = GameResult.of(position)
        return cls(result.reason, None if result.winner == "draw" else result.winner, result)

    @classmethod
    def resignation(cls, position: Position, loser: Color) -> Outcome:
        """``loser`` resigned in ``position``."""
        return cls(EndReason.RESIGNATION, opponent_of(loser), _counts(position))

    @classmethod
    def time(cls, position: Position, loser: Color) -> Outcome:
        """``loser``'s clock ran out in ``position``."""
        return cls(EndReason.TIME, opponent_of(loser), _counts(position))

    @property
    def by_rules(self) -> bool:
        """Whether the game ended by the rules (not a resignation or a flag fall)."""
        return self.reason in RULES_REASONS

    @property
    def draw(self) -> bool:
        """Whether neither side won."""
        return self.winner is None

    @property
    def stopped(self) -> Color | None:
        """The side that resigned or ran out of time, else ``None``."""
        return None if self.by_rules or self.winner is None else opponent_of(self.winner)

    def margin(self, colour: Color) -> int:
        """``colour``'s final margin in discs (tournament rule); a resignation or a flag fall wins or loses by one."""
        if self.by_rules:
            return self.result.disc_difference(colour)
        return 1 if colour == self.winner else -1

    @property
    def ggf_result(self) -> str:
        """GGF's ``RE`` value: Black's disc margin; ``:r`` after a resignation and ``:t`` on time (64 to the winner)."""
        if self.by_rules:
            return f"{self.result.black - self.result.white:+d}.000"
        margin = 64 if self.winner == BLACK else -64
        return f"{margin:+d}.000:{'r' if self.reason is EndReason.RESIGNATION else 't'}"


def _counts(position: Position) -> GameResult:
    return GameResult.from_counts(position.black_count, position.white_count)


def reason_text(reason: EndReason) -> str:
    """Why a game ended, as a sentence in the player's language ('The board is full.')."""
    return {
        EndReason.BOARD_FULL: _("The board is full."),
        EndReason.WIPEOUT: _("One side has no discs left."),
        EndReason.BLOCKED: _("Neither side can move."),
        EndReason.RESIGNATION: _("A player resigned."),
        EndReason.TIME: _("A player ran out of time."),
    }[reason]


def explanation_text(result: GameResult) -> str:
    """One line on the two scores in the player's language (the engine's ``GameResult.explanation``, translated)."""
    discs, tournament = result.score_discs, result.score_tournament
    if discs == tournament:
        return _("Final score {score}.").format(score=discs)
    if result.winner == "draw":
        return ngettext("{discs} on the board; the {empty} empty square is split: {tournament}.",
                        "{discs} on the board; the {empty} empty squares are split: {tournament}.",
                        result.empty).format(discs=discs, empty=result.empty, tournament=tournament)
    return ngettext("{discs} on the board; with the {empty} empty square to the winner, {tournament}.",
                    "{discs} on the board; with the {empty} empty squares to the winner, {tournament}.",
                    result.empty).format(discs=discs, empty=result.empty, tournament=tournament)


def score_text(score: str) -> str:
    """A score as the engine writes it ('39-3'), as the results show it ('39 – 3')."""
    return score.replace("-", " – ")
