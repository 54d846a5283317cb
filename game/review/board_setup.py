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

from game.engine import NotationError, Position, opponent_of, square_name
from game.i18n import _, ngettext, pgettext
from game.play.words import colour_name

CENTRE = (27, 28, 35, 36)
"""d4, e4, d5, e5."""
LineKind = Literal["refusal", "flag", "reason", "fine", "note"]
"""What a line of ``SetupCheck.lines`` is: the refusal, the flag, a reason for it, the all-clear, a note."""


@dataclass
class SetupCheck:
    """What the editor says about a position (in the player's language at the time of the check)."""

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
            lines.append(("refusal", _("{refusal} It cannot be played or analysed.").format(refusal=self.refusal)))
        if self.warnings:
            head = (_("No game could reach this position either:") if self.refusal
                    else _("No game could reach this position (you may still play it):"))
            lines.append(("flag", head))
            lines += [("reason", "• " + warning) for warning in self.warnings]
        elif not self.refusal:
            lines.append(("fine", _("A position a game could reach.")))
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
    shown = pgettext("list separator", ", ").join(square_name(sq) for sq in squares[:most])
    if len(squares) <= most:
        return shown
    more = len(squares) - most
    return ngettext("{squares} and {n} more", "{squares} and {n} more", more).format(squares=shown, n=more)


def check_position(position: Position) -> SetupCheck:
    """Flags and refusals for a set-up position."""
    check = SetupCheck()
    discs = position.black_count + position.white_count
    if discs == 0:
        check.refusal = _("The board is empty: place some discs first.")
        return check
    if discs < 4:
        check.warnings.append(ngettext("Only {n} disc: every game has at least 4.",
                                       "Only {n} discs: every game has at least 4.", discs).format(n=discs))
    empty_centre = [sq for sq in CENTRE if not (position.black | position.white) >> sq & 1]
    if empty_centre:
        check.warnings.append(ngettext("Centre square {squares} empty: the four centre squares are filled from the "
                                       "start.",
                                       "Centre squares {squares} empty: the four centre squares are filled from the "
                                       "start.", len(empty_centre)).format(squares=_names(empty_centre)))
    detached = detached_discs(position)
    if detached:
        check.warnings.append(ngettext("{squares} not connected to the centre: every disc is placed next to another.",
                                       "{squares} not connected to the centre: every disc is placed next to another.",
                                       len(detached)).format(squares=_names(detached)))
    if position.is_over():
        check.refusal = _("Neither side can move in this position: the game would be over before it began.")
    elif position.must_pass():
        check.note = _("{colour} has no legal move, so {colour} passes and {other} moves first.").format(
            colour=colour_name(position.to_move), other=colour_name(opponent_of(position.to_move)))
    return check


BOARD_CHARS = "XxBb*OoWw-._"
"""What a square may hold in a typed position (as ``Position.from_text`` reads it)."""


class NotABoard(ValueError):
    """A typed or pasted text that is not a position: ``str()`` says why in plain words, in the player's language."""


def read_board(text: str) -> Position:
    """The position a typed or pasted text gives: its 64 squares and the side to move, alone or as an OBF line
    (what follows the squares' ``;`` is not needed to set a board). ``NotABoard`` says why otherwise.

    >>> read_board(Position.start().to_text() + "; F5:+0;") == Position.start()
    True
    >>> read_board("XOXOX X")
    Traceback (most recent call last):
    ...
    game.review.board_setup.NotABoard: That is not a board: it has 5 squares, a board has 64.
    """
    line = text.strip().splitlines()[0] if text.strip() else ""
    board = line.partition(";")[0]
    try:
        return Position.from_text(board[:1000])
    except NotationError:
        raise NotABoard(board_refusal(board)) from None


def board_refusal(board: str) -> str:
    """Why ``board`` (squares, a space, the side to move) is not a position, in plain words."""
    *parts, side = board.split() or [""]
    squares = "".join(parts)
    if not board.strip():
        return _("That is not a board: type or paste its 64 squares (X, O or -), a space, then X or O for the "
                 "side to move.")
    if len(squares) != 64:
        count = len(squares) if parts else len(side)
        if count == 64:  # the squares without a side to move
            return _("That is not a board yet: after its 64 squares come a space and X or O for the side to move.")
        return ngettext("That is not a board: it has {count} square, a board has 64.",
                        "That is not a board: it has {count} squares, a board has 64.", count).format(count=count)
    for index, char in enumerate(squares):
        if char not in BOARD_CHARS:
            return _("That is not a board: square {square} holds “{char}”; a square holds X (Black), O (White) "
                     "or - (empty).").format(square=square_name(index), char=char)
    return _("That is not a board: the side to move is “{side}”; it is X (Black) or O (White).").format(side=side)
