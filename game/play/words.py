"""Words the play area shows in several places, in the player's language (pygame-free).

The engine names the colours in English (``COLOR_NAMES``, for the command
line and the files) and holds a game's end as data (``game.engine.Outcome``);
what a player reads goes through here:

>>> from game.engine import BLACK, EndReason, Outcome, Position
>>> colour_name(BLACK), seconds_text(0.5), seconds_text(3)
('Black', '0.5', '3')
>>> blocked = Outcome.of(Position.from_text("OOXXXXXXO--XXXXXX-XXXXXXXXXXXX--XXXXXX--XXXXX---XXX-----X------- X"))
>>> reason_text(EndReason.BLOCKED), explanation_text(blocked), score_text(blocked.score_discs)
('Neither side can move.', '39-3 on the board; with the 22 empty squares to the winner, 61-3.', '39 – 3')
"""

from __future__ import annotations

from game.engine import BLACK, Color, EndReason, Outcome
from game.i18n import _, ngettext, number


def colour_name(colour: Color) -> str:
    """'Black' or 'White' in the player's language."""
    return _("Black") if colour == BLACK else _("White")


def seconds_text(value: float) -> str:
    """A number of seconds as the language writes it, with no more decimals than it has ('3', '0.5')."""
    shown = f"{value:g}"
    decimals = len(shown.partition(".")[2]) if "e" not in shown else 2
    return number(value, decimals)


def reason_text(reason: EndReason) -> str:
    """Why a game ended, as a sentence in the player's language ('The board is full.')."""
    return {
        EndReason.BOARD_FULL: _("The board is full."),
        EndReason.WIPEOUT: _("One side has no discs left."),
        EndReason.BLOCKED: _("Neither side can move."),
        EndReason.RESIGNATION: _("A player resigned."),
        EndReason.TIME: _("A player ran out of time."),
    }[reason]


def explanation_text(outcome: Outcome) -> str:
    """One line on the two scores of ``outcome`` in the player's language ('39-3 on the board; …, 61-3.')."""
    discs, tournament, empty = outcome.score_discs, outcome.score_tournament, outcome.empty
    if discs == tournament:
        return _("Final score {score}.").format(score=discs)
    if outcome.draw:
        return ngettext("{discs} on the board; the {empty} empty square is split: {tournament}.",
                        "{discs} on the board; the {empty} empty squares are split: {tournament}.",
                        empty).format(discs=discs, empty=empty, tournament=tournament)
    return ngettext("{discs} on the board; with the {empty} empty square to the winner, {tournament}.",
                    "{discs} on the board; with the {empty} empty squares to the winner, {tournament}.",
                    empty).format(discs=discs, empty=empty, tournament=tournament)


def score_text(score: str) -> str:
    """A score as the engine writes it ('39-3'), as the results show it ('39 – 3')."""
    return score.replace("-", " – ")
