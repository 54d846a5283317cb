"""Whether a move meets a challenge's goal, from the rules and exact move values.

``meets_goal`` is the one definition of every goal; the game uses it with
the values stored in the challenge file, and the tests and the generator
use it with values fresh from the solver.
"""

from __future__ import annotations

from game.engine import Position

from .model import Goal

WIPEOUT = -64
"""The value of a move after which perfect play leaves the mover without a disc."""


def leaves_opponent_without_move(position: Position, square: int) -> bool:
    """After ``square`` the opponent must pass: no legal move for them while the mover still has one."""
    after = position.play(square)
    return after.must_pass()


def meets_goal(goal: Goal, position: Position, square: int, value: int) -> bool:
    """Whether playing ``square`` (exact value ``value`` for the mover) meets ``goal`` in ``position``.

    ``win`` and ``win_endgame``: the move keeps a win against any defence;
    ``not_lose``: at least a draw; ``no_wipeout``: the mover keeps a disc;
    ``force_pass``: the opponent is left without a legal move.
    """
    if not position.is_legal(square):
        return False
    if goal in ("win", "win_endgame"):
        return value > 0
    if goal == "not_lose":
        return value >= 0
    if goal == "no_wipeout":
        return value > WIPEOUT
    if goal == "force_pass":
        return leaves_opponent_without_move(position, square)
    raise ValueError(f"unknown goal {goal!r}")


def moves_meeting_goal(goal: Goal, position: Position, values: dict[int, int]) -> list[int]:
    """The legal moves that meet ``goal``, given every legal move's exact value."""
    return [sq for sq in position.legal_squares() if meets_goal(goal, position, sq, values[sq])]
