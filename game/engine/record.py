"""A game record: the moves and forced passes from a start position, with undo and redo.

Forced passes are never a choice, so the record makes them itself: after
every move (and at the start) a side without a legal move passes at once,
and the pass is recorded as its own ply. Transcripts leave passes implied.

>>> rec = GameRecord.from_transcript("f5d6c3d3c4")
>>> rec.transcript, rec.ply, rec.position.to_move
('f5d6c3d3c4', 5, 'O')
>>> rec.undo(); rec.transcript
'f5d6c3d3'
>>> rec.redo(); rec.transcript
'f5d6c3d3c4'
>>> GameRecord.from_transcript("f5d6c3d3c4f4a1")
Traceback (most recent call last):
...
game.engine.record.TranscriptError: ply 7: a1 is not a legal move for Black
"""

from __future__ import annotations

from .errors import ExplainedError
from .notation import NotationError, parse_square, split_transcript, square_name
from .outcome import Outcome
from .position import BLACK, IllegalMoveError, Position

PASS = -1
"""What a ply holds when its side passed (a forced pass) instead of playing a square."""


class TranscriptError(ExplainedError):
    """A transcript that cannot be played: an English ``template`` and its ``params``, naming the ply and why."""


def ply_name(move: int) -> str:
    """``'pass'`` or the square name of what a ply holds (a square or ``PASS``)."""
    return "pass" if move == PASS else square_name(move)


class GameRecord:
    """Plies from a start position, a cursor for undo/redo, and the positions between.

    A ply is one turn. ``plies[i]`` is what ply ``i`` held: a square, or
    ``PASS``. ``ply`` is the cursor, always a count of plies: ``plies[:ply]``
    have been played; ``plies[ply:]`` can be redone until a different move is
    played.
    """

    def __init__(self, start: Position | None = None) -> None:
        self.start: Position = start if start is not None else Position.start()
        self.plies: list[int] = []
        self._positions: list[Position] = [self.start]
        self.ply: int = 0
        self._apply_forced_passes()

    # -- construction ------------------------------------------------------

    @classmethod
    def from_transcript(cls, text: str, start: Position | None = None) -> GameRecord:
        """Replay a transcript from ``start`` or the standard start.

        Passes are implied; an explicit one (``pass``, ``ps``, ``--``...) is
        accepted where the side to move has just had to pass.

        Raises ``TranscriptError`` naming the first bad ply and why.
        """
        try:
            names = split_transcript(text)
        except NotationError as exc:
            raise TranscriptError(exc.template, **exc.params) from None
        record = cls(start)
        pass_confirmed = False  # an explicit pass stands for the forced pass just recorded, once
        for number, name in enumerate(names, start=1):
            if record.is_over():
                raise TranscriptError("ply {ply}: {move} comes after the end of the game", ply=number, move=name)
            if name == "pass":
                if pass_confirmed or record.plies[: record.ply][-1:] != [PASS]:
                    raise TranscriptError("ply {ply}: Black has a legal move and may not pass"
                                          if record.position.to_move == BLACK else
                                          "ply {ply}: White has a legal move and may not pass", ply=number)
                pass_confirmed = True
                continue
            pass_confirmed = False
            try:
                record.play(parse_square(name))
            except IllegalMoveError as exc:
                raise TranscriptError("ply {ply}: {error}", ply=number, error=exc) from None
        return record

    # -- state -------------------------------------------------------------

    @property
    def position(self) -> Position:
        """The position at the cursor."""
        return self._positions[self.ply]

    def position_at(self, ply: int) -> Position:
        """The position after ``ply`` plies (0 is the start)."""
        return self._positions[ply]

    @property
    def played(self) -> list[int]:
        """The plies up to the cursor (squares and ``PASS``)."""
        return self.plies[: self.ply]

    @property
    def moves(self) -> list[int]:
        """The moves up to the cursor, passes left out."""
        return [p for p in self.plies[: self.ply] if p != PASS]

    def is_over(self) -> bool:
        """Neither side can move at the cursor."""
        return self.position.is_over()

    @property
    def result(self) -> Outcome | None:
        """How the game ends by the rules at the cursor (an ``Outcome``), or ``None`` while play goes on."""
        return Outcome.of(self.position)

    @property
    def transcript(self) -> str:
        """The moves up to the cursor in standard form, e.g. ``'f5d6c3'``."""
        return "".join(square_name(sq) for sq in self.moves)

    @property
    def last_move(self) -> int | None:
        """The last square played before the cursor (passes skipped), or ``None``."""
        for move in reversed(self.plies[: self.ply]):
            if move != PASS:
                return move
        return None

    def can_undo(self) -> bool:
        """Whether there is a move to take back."""
        return any(p != PASS for p in self.plies[: self.ply])

    def can_redo(self) -> bool:
        """Whether there is an undone move to replay."""
        return self.ply < len(self.plies)

    # -- changes -----------------------------------------------------------

    def play(self, square: int) -> None:
        """Play ``square`` for the side to move, then any forced passes.

        Discards the redo tail if there was one. Raises ``IllegalMoveError``
        and changes nothing if the move is not legal.
        """
        position = self.position
        if position.is_over():
            raise IllegalMoveError("the game is over")
        if not position.is_legal(square):
            name = square_name(square) if 0 <= square < 64 else str(square)
            raise IllegalMoveError("{move} is not a legal move for Black" if position.to_move == BLACK else
                                   "{move} is not a legal move for White", move=name)
        if self.ply < len(self.plies) and self.plies[self.ply] == square:
            self.redo()  # same move as the undone one: keep the redo tail
            return
        del self.plies[self.ply :]
        del self._positions[self.ply + 1 :]
        self._push(square, position.play(square))
        self._apply_forced_passes()

    def undo(self) -> None:
        """Take back the last move and the passes that followed it."""
        while self.ply > 0 and self.plies[self.ply - 1] == PASS:
            self.ply -= 1
        if self.ply > 0:
            self.ply -= 1
        # a start position that forces a pass keeps its pass
        while self.ply < len(self.plies) and self.plies[self.ply] == PASS and self.ply == 0:
            self.ply += 1

    def redo(self) -> None:
        """Replay the next undone move and the forced passes after it."""
        if self.ply < len(self.plies):
            self.ply += 1
            while self.ply < len(self.plies) and self.plies[self.ply] == PASS:
                self.ply += 1

    def goto(self, ply: int) -> None:
        """Move the cursor to any ply from 0 to the end of the record."""
        if not 0 <= ply <= len(self.plies):
            raise IndexError(f"ply {ply} is outside 0..{len(self.plies)}")
        self.ply = ply

    def _push(self, ply: int, position: Position) -> None:
        self.plies.append(ply)
        self._positions.append(position)
        self.ply += 1

    def _apply_forced_passes(self) -> None:
        position = self.position
        if position.must_pass():
            self._push(PASS, position.pass_turn())
