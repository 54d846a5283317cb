"""Checks on a position set up by hand: what no game could reach (flagged) and what cannot be played (refused).

>>> check_position(Position.start()).playable, check_position(Position.start()).warnings
(True, [])
>>> check_position(Position(0, 0)).refusal
'The board is empty: place some discs first.'

Every move puts a disc next to an opponent's disc and no disc is ever
removed, so a real game always has at least four discs, the four centre
squares filled, and every disc joined to the centre through neighbouring
discs. A position breaking one of these is still allowed (to study an
idea), but flagged. A position where neither side can move is refused for
play and analysis: the game would be over before it began.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from game.engine import COLOR_NAMES, Position, opponent_of, square_name

CENTRE = (27, 28, 35, 36)
"""d4, e4, d5, e5."""
LineKind = Literal["refusal", "flag", "reason", "fine", "note"]
"""What a line of ``SetupCheck.lines`` is: the refusal, the flag, a reason for it, the all-clear, a note."""


@dataclass
class SetupCheck:
    """What the editor says about a position."""

    warnings: list[str] = field(default_factory=list)
    """Reasons no game could reach the position (it may still be played)."""
    refusal: str | None = None
    """Why the position cannot be played or analysed, or ``None``."""
    note: str = ""
    """Something worth knowing that is not a problem (e.g. the side to move must pass)."""

    @property
    def playable(self) -> bool:
        """Whether play (or analysis) may start from the position."""
        return self.refusal is None

    @property
    def reachable(self) -> bool:
        """Whether nothing marks the position as one no game could reach."""
        return not self.warnings

    def lines(self) -> list[tuple[LineKind, str]]:
        """What the editor shows, in order, each line with its kind: one verdict (refused, flagged or fine),
        the reasons after a flag, then the note.

        A refused position is never also told it may be played.

        >>> check_position(Position(0, 0)).lines()
        [('refusal', 'The board is empty: place some discs first. It cannot be played or analysed.')]
        """
        lines: list[tuple[LineKind, str]] = []
        if self.refusal:
            lines.append(("refusal", self.refusal + " It cannot be played or analysed."))
        if self.warnings:
            head = ("No game could reach this position either:" if self.refusal
                    else "No game could reach this position (you may still play it):")
            lines.append(("flag", head))
            lines += [("reason", "• " + warning) for warning in self.warnings]
        elif not self.refusal:
            lines.append(("fine", "A position a game could reach."))
        if self.note:
            lines.append(("note", self.note))
        return lines


def _neighbours(square: int) -> list[int]:
    row, col = divmod(square, 8)
    return [r * 8 + c for r in range(row - 1, row + 2) for c in range(col - 1, col + 2)
            if 0 <= r < 8 and 0 <= c < 8 and (r, c) != (row, col)]


def detached_discs(position: Position) -> list[int]:
    """Discs not joined to the centre squares through a chain of neighbouring discs, a1 to h8."""
    occupied = position.black | position.white
    reached = {sq for sq in CENTRE if occupied >> sq & 1}
    frontier = list(reached)
    while frontier:
        for neighbour in _neighbours(frontier.pop()):
            if occupied >> neighbour & 1 and neighbour not in reached:
                reached.add(neighbour)
                frontier.append(neighbour)
    return [sq for sq in range(64) if occupied >> sq & 1 and sq not in reached]


def _names(squares: list[int], most: int = 4) -> str:
    shown = ", ".join(square_name(sq) for sq in squares[:most])
    return shown + (f" and {len(squares) - most} more" if len(squares) > most else "")


def check_position(position: Position) -> SetupCheck:
    """Flags and refusals for a set-up position."""
    check = SetupCheck()
    discs = position.black_count + position.white_count
    if discs == 0:
        check.refusal = "The board is empty: place some discs first."
        return check
    if discs < 4:
        check.warnings.append(f"Only {discs} disc{'s' if discs > 1 else ''}: every game has at least 4.")
    empty_centre = [sq for sq in CENTRE if not (position.black | position.white) >> sq & 1]
    if empty_centre:
        check.warnings.append(f"Centre square{'s' if len(empty_centre) > 1 else ''} {_names(empty_centre)} "
                              "empty: the four centre squares are filled from the start.")
    detached = detached_discs(position)
    if detached:
        check.warnings.append(f"{_names(detached)} not connected to the centre: every disc is placed next "
                              "to another.")
    mover = COLOR_NAMES[position.to_move]
    other = COLOR_NAMES[opponent_of(position.to_move)]
    if position.is_over():
        check.refusal = "Neither side can move in this position: the game would be over before it began."
    elif position.must_pass():
        check.note = f"{mover} has no legal move, so {mover} passes and {other} moves first."
    return check
