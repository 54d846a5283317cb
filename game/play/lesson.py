"""A tutorial step as a play session: only the moves the step asks for are accepted; a scripted reply.

The player (Black) is asked for one move after another (``targets``: one
set of squares per move); any other square is refused with the step's
reason and the board does not change. When the last asked-for move is
made the step ends, or first the opponent plays its scripted ``reply``,
after the screen's reply delay. A forced pass waits to be acknowledged, as
in a game, so the tutorial shows the game's announcement. Pure Python; nothing here imports pygame.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

from game.engine import BLACK, GameRecord, Position
from game.i18n import N_
from game.play.session import GO_ON, Judge, Move, Opponent, Ruling, Session, Verdict, refusal
from game.play.thinking import Thought


class LessonStep(Protocol):
    """What a step says and asks (``game.scenes.tutorial.Step``)."""

    @property
    def targets(self) -> Sequence[frozenset[int]]:
        """The squares accepted for each move the step asks for."""

    @property
    def refusals(self) -> Mapping[int, str]:
        """Why particular wrong squares are not it."""

    @property
    def refusal(self) -> str:
        """Why any other square is not it."""

    @property
    def reply(self) -> int | None:
        """The opponent's scripted answer to the last move asked for."""

    @property
    def between(self) -> str:
        """Said after the first move of a two-move step."""


class ScriptedOpponent(Opponent):
    """Plays the step's reply (nothing if it is not legal there)."""

    wait_text = ""

    def __init__(self, reply: int | None) -> None:
        self.reply = reply

    def think(self, session: Session, position: Position) -> Thought:
        """The scripted move at once."""
        legal = self.reply is not None and position.is_legal(self.reply)
        return Thought(self.reply if legal else None)


class LessonJudge(Judge):
    """Accepts only the step's moves, in order; the step ends after the last (and the reply)."""

    over_text = N_("Press Next to go on.")

    def __init__(self, step: LessonStep) -> None:
        self.step = step
        self.move_index = 0
        """How many of the asked-for moves have been made."""

    def refuse(self, session: Session, square: int) -> str | None:
        """The step's reason for any square it does not ask for now (a taken one is said to be taken)."""
        position = session.position
        if square in self.step.targets[self.move_index] and position.is_legal(square):
            return None
        if position.color_at(square) is not None:
            return refusal(position, square)
        return self.step.refusals.get(square, self.step.refusal)

    def after_move(self, session: Session, move: Move) -> Verdict:
        """One more asked-for move: the next one is asked for, the reply comes, or the step is done."""
        self.move_index += 1
        if self.move_index < len(self.step.targets):
            return Verdict(Ruling.GO_ON, self.step.between)
        return GO_ON if self.step.reply is not None else Verdict(Ruling.END)

    def after_thought(self, session: Session, thought: Thought) -> Verdict:
        """No reply to play: the step is done."""
        return Verdict(Ruling.END) if thought.square is None else GO_ON

    def after_reply(self, session: Session, move: Move) -> Verdict:
        """The reply has been played: the step is done."""
        return Verdict(Ruling.END)


def lesson(step: LessonStep, position: Position) -> Session:
    """A session for ``step`` from ``position`` (Black to play; a step asking for nothing is done at once).

    A forced pass waits in ``Phase.PASS`` for ``acknowledge_pass``, as a match's does.
    """
    session = Session(GameRecord(position), ScriptedOpponent(step.reply), LessonJudge(step),
                      opponent_plays=lambda colour: colour != BLACK, confirm_passes=True)  # as in a game
    if not step.targets:
        session.end()
    return session
