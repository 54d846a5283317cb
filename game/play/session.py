"""One play session, without pygame: whose turn it is, whether a move is accepted, and the opponent's reply.

Every playing scene (the game, the challenges, the opening trainer, the
tutorial, the analysis) runs on a ``Session``. ``Session.phase`` says what it
waits for:

- ``HUMAN``: a player at this device is to move (``play``);
- ``COMPUTER``: the opponent is to move, or weighs the position (``advance`` runs it a slice at a time);
- ``PASS``: a forced pass has been made and waits to be acknowledged (the game only);
- ``REJECTED``: the judge turned the last move down (``retry``; another ``play`` retries first);
- ``OVER``: the game, the attempt or the step has ended (``outcome`` says how a game ended).

``play(square)`` judges a move once, here, and returns the ``Move`` made or a
``Refusal`` with its words (``refusal`` is the one text for a square that
cannot be played). Two things plug in:

- an ``Opponent`` answers the player: the engine at a level, the book's main
  lines, the exact solver, a tutorial's scripted reply (its search runs as
  ``game.play.thinking``'s ``Thinking``). ``advance`` holds its
  move back until ``delay_ms`` after its turn began, the delay the screen
  asks for (``game.ui.session_board``, the one place it is decided);
- a ``Judge`` rules on each move: a challenge's goal, the trainer's book, a
  tutorial step. It can refuse a square before it is played, reject an
  attempt after it (a mistake), or end it (solved, a line over), with words.

The scenes draw, animate and forward input; nothing here imports pygame.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass

from game.ai import Progress
from game.engine import Color, GameRecord, Outcome, Position, opponent_of, square_name
from game.i18n import N_, _
from game.play.thinking import Thinking, Thought


class Phase(enum.Enum):
    """What the session waits for."""

    HUMAN = "human"
    COMPUTER = "computer"
    PASS = "pass"
    REJECTED = "rejected"
    OVER = "over"


@dataclass(frozen=True)
class Move:
    """A move just made: what the scene needs to animate and announce it."""

    square: int
    colour: Color
    before: Position
    flipped: tuple[int, ...]
    passer: Color | None
    """The side left without a move by it (a forced pass follows), else ``None``."""


def move_of(before: Position, square: int, record: GameRecord) -> Move:
    """The ``Move`` for ``square`` played from ``before``, just added to ``record`` (passes included)."""
    flipped = before.flips(square)
    passer = opponent_of(before.to_move) if record.position.to_move == before.to_move \
        and not record.position.is_over() else None
    return Move(square, before.to_move, before, tuple(sq for sq in range(64) if flipped >> sq & 1), passer)


def refusal(position: Position, square: int) -> str | None:
    """Why ``square`` cannot be played in ``position`` (one line), or ``None`` if it can."""
    if position.is_legal(square):
        return None
    name = square_name(square)
    if position.color_at(square) is not None:
        return _("{square} is already taken.").format(square=name)
    return _("{square} is not a legal move: a move must outflank at least one disc.").format(square=name)


class RefusalReason(enum.Enum):
    """Why a move was not played."""

    OVER = "over"
    WAIT = "wait"
    PASS = "pass"
    ILLEGAL = "illegal"
    JUDGE = "judge"


@dataclass(frozen=True)
class Refusal:
    """A move not played, and why in words."""

    square: int
    reason: RefusalReason
    text: str

    @property
    def bad_square(self) -> bool:
        """Whether the square itself is at fault (the board tints it), not the moment."""
        return self.reason in (RefusalReason.ILLEGAL, RefusalReason.JUDGE)


class Ruling(enum.Enum):
    """What a judge decides about a move."""

    GO_ON = "go on"
    REJECT = "reject"
    END = "end"


@dataclass(frozen=True)
class Verdict:
    """A judge's ruling and its words."""

    ruling: Ruling = Ruling.GO_ON
    text: str = ""


GO_ON = Verdict()


class Opponent:
    """Who answers the player. The default plays nothing; subclasses ``think``."""

    wait_text = N_("Please wait: the computer is thinking.")
    """What a move tried during the opponent's turn is told (marked with ``N_``: translated when it is told)."""
    weighs_passes = False
    """Whether the opponent also weighs the position when it must pass (the solver checks the player's move)."""

    def think(self, session: Session, position: Position) -> Thinking | Thought:
        """Start on ``position`` (the opponent to move, or weighing): a thought now, or a search to advance."""
        raise NotImplementedError


class Judge:
    """Rules on the moves of a session. The default accepts every legal move and ends with the game."""

    over_text = N_("The game is over.")
    """What a move tried after the end is told (marked with ``N_``: translated when it is told)."""

    def refuse(self, session: Session, square: int) -> str | None:
        """Why ``square`` is not accepted here, in the judge's words (asked before the rules), or ``None``."""
        return None

    def after_move(self, session: Session, move: Move) -> Verdict:
        """The player's move has been made."""
        return GO_ON

    def after_thought(self, session: Session, thought: Thought) -> Verdict:
        """The opponent has weighed the position, before its move is shown."""
        return GO_ON

    def after_reply(self, session: Session, move: Move) -> Verdict:
        """The opponent's move has been made."""
        return GO_ON

    def at_end(self, session: Session, outcome: Outcome) -> Verdict:
        """The game has ended by the rules."""
        return Verdict(Ruling.END)


class Session:
    """A record being played: the phase, the player's moves judged, the opponent's replies, the end.

    ``opponent_plays(colour)`` says which sides the opponent moves for (none
    without an opponent). ``confirm_passes`` makes a forced pass wait in
    ``Phase.PASS`` until ``acknowledge_pass``; otherwise play just goes on.
    ``retry`` goes back to the start of the attempt when ``retry_to_start``,
    else it takes back the move the judge rejected.
    """

    def __init__(self, record: GameRecord, opponent: Opponent | None = None, judge: Judge | None = None,
                 opponent_plays: Callable[[Color], bool] | None = None, confirm_passes: bool = False,
                 retry_to_start: bool = False) -> None:
        self.record = record
        self.opponent = opponent
        self.judge = judge if judge is not None else Judge()
        self.opponent_plays: Callable[[Color], bool] = opponent_plays or (lambda colour: False)
        self.confirm_passes = confirm_passes
        self.retry_to_start = retry_to_start
        self.start_ply = record.ply
        """Where an attempt starts (``retry`` with ``retry_to_start`` goes back here)."""
        self.phase = Phase.HUMAN
        self.verdict = GO_ON
        """The judge's latest ruling and words."""
        self.outcome: Outcome | None = None
        """How the game ended, once it has."""
        self.pending_pass: Color | None = None
        self.thought: Thought | None = None
        """The opponent's latest thought (its move and value)."""
        self._thinking: Thinking | None = None
        self._choice: Thought | None = None
        self._turn_started_ms = 0
        self._weighing = False

    # -- facts ----------------------------------------------------------------------

    @property
    def position(self) -> Position:
        """The position on the board."""
        return self.record.position

    @property
    def over(self) -> bool:
        """Whether the session has ended."""
        return self.phase is Phase.OVER

    @property
    def searching(self) -> bool:
        """Whether the opponent's search is running (its move not found yet)."""
        return self._thinking is not None

    def thinking_progress(self) -> Progress | None:
        """The opponent's search so far, while it searches."""
        return None if self._thinking is None else self._thinking.progress

    # -- the player -----------------------------------------------------------------

    def play(self, square: int) -> Move | Refusal:
        """Play ``square`` for the player to move: the ``Move`` made, or a ``Refusal`` (nothing changes).

        The judge may refuse the square first, with its own words; then the
        rules (``refusal``). After a rejected move, the attempt is retried first.
        """
        refused = self._moment_refusal(square)
        if refused is not None:
            return refused
        if self.phase is Phase.REJECTED:
            self.retry()
        refused = self._square_refusal(square)
        if refused is not None:
            return refused
        move = self._make(square)
        if move.passer is not None and self.opponent is not None and self.opponent.weighs_passes \
                and self.opponent_plays(move.passer):
            self._weighing = True
        if not self._rule(self.judge.after_move(self, move)):
            self._settle()
        return move

    def _moment_refusal(self, square: int) -> Refusal | None:
        """Why no move is taken at this moment (the end, the opponent's turn, a pass to acknowledge)."""
        phase = self.phase
        if phase is Phase.OVER:
            return Refusal(square, RefusalReason.OVER, _(self.judge.over_text) if self.judge.over_text else "")
        if phase is Phase.COMPUTER:
            text = self.opponent.wait_text if self.opponent is not None else Opponent.wait_text
            return Refusal(square, RefusalReason.WAIT, _(text) if text else "")
        if phase is Phase.PASS:
            return Refusal(square, RefusalReason.PASS, _("The pass must be acknowledged first."))
        return None

    def _square_refusal(self, square: int) -> Refusal | None:
        """Why ``square`` is not accepted in the position on the board: the judge's words, then the rules'."""
        why = self.judge.refuse(self, square)
        if why is not None:
            return Refusal(square, RefusalReason.JUDGE, why)
        why = refusal(self.position, square)
        if why is not None:
            return Refusal(square, RefusalReason.ILLEGAL, why)
        return None

    def acknowledge_pass(self) -> None:
        """The announced pass has been seen; play goes on."""
        self.pending_pass = None
        self._settle()

    def retry(self) -> bool:
        """After a rejected move, try again (from the attempt's start, or the move taken back)."""
        if self.phase is not Phase.REJECTED:
            return False
        self.restart() if self.retry_to_start else self._take_back()
        return True

    def restart(self) -> None:
        """Back to where the attempt started, for a fresh try."""
        self._cancel()
        self.record.goto(self.start_ply)
        self.verdict = GO_ON
        self.outcome = None
        self.pending_pass = None
        self.phase = Phase.HUMAN
        self._settle()

    def undo(self) -> bool:
        """Take back the last move, whoever made it (the analysis); False if there is none."""
        if not self.record.can_undo():
            return False
        self.record.undo()
        self.follow_record()
        return True

    def follow_record(self) -> None:
        """The record's cursor was moved (undo, redo, a jump to a ply): play goes on from there."""
        self._cancel()
        self.verdict = GO_ON
        self.outcome = None
        self.pending_pass = None
        self.phase = Phase.HUMAN
        self._settle()

    def stop(self) -> None:
        """Stop any search (leaving the scene)."""
        self._cancel()

    def end(self, text: str = "") -> None:
        """End the session now, with ``text`` as its last words (a tutorial step that asks for nothing)."""
        self._rule(Verdict(Ruling.END, text))

    # -- time -----------------------------------------------------------------------

    def advance(self, now_ms: int, slice_ms: float, delay_ms: int = 0) -> Move | None:
        """Run the opponent for one slice; its move once found and ``delay_ms`` after its turn began.

        The turn begins at the first ``advance`` in it (the screen advances
        only once the last move has been shown).
        """
        if self.phase is not Phase.COMPUTER or self.opponent is None:
            return None
        if self._thinking is None and self._choice is None:
            self._turn_started_ms = now_ms
            started = self.opponent.think(self, self.position)
            if isinstance(started, Thought):
                if self._found(started):
                    return None
            else:
                self._thinking = started
        if self._thinking is not None:
            found = self._thinking.advance(slice_ms)
            if found is None:
                return None
            self._thinking = None
            if self._found(found):
                return None
        if self._choice is not None and self._choice.square is not None \
                and now_ms - self._turn_started_ms >= delay_ms:
            square, self._choice = self._choice.square, None
            move = self._make(square)
            if not self._rule(self.judge.after_reply(self, move)):
                self._settle()
            return move
        return None

    # -- inside ---------------------------------------------------------------------

    def _found(self, thought: Thought) -> bool:
        """The opponent's thought has arrived: judged; True if nothing is left to play this turn."""
        self.thought = thought
        if self._rule(self.judge.after_thought(self, thought)):
            return True
        if self._weighing or thought.square is None:
            self._weighing = False
            self._settle()
            return True
        self._choice = thought
        return False

    def _make(self, square: int) -> Move:
        before = self.position
        self._before_move(before)
        self.record.play(square)
        self._cancel()
        move = move_of(before, square, self.record)
        self.pending_pass = move.passer if self.confirm_passes else None
        self._after_move(move)
        return move

    def _take_back(self) -> None:
        self._cancel()
        self.record.undo()
        self.verdict = GO_ON
        self.phase = Phase.HUMAN
        self._settle()

    def _rule(self, verdict: Verdict) -> bool:
        """Apply a judge's verdict; True if it ended or rejected the attempt."""
        self.verdict = verdict
        if verdict.ruling is Ruling.GO_ON:
            return False
        self._cancel()
        self._weighing = False
        self.pending_pass = None
        if verdict.ruling is Ruling.REJECT:
            self.phase = Phase.REJECTED
        else:
            self.phase = Phase.OVER
            self._ended()
        return True

    def _settle(self) -> None:
        """Set the phase from the facts; the end is built and judged the first time the game is over."""
        stopped = self._stopped()
        if stopped is not None or self.record.is_over():
            self.outcome = stopped or Outcome.of(self.record.position)
            assert self.outcome is not None
            if self.phase is not Phase.OVER:
                self._weighing = False
                if not self._rule(self.judge.at_end(self, self.outcome)):
                    self.phase = Phase.OVER
                    self._ended()
        elif self.pending_pass is not None:
            self.phase = Phase.PASS
        elif self._weighing or self.opponent is not None and self.opponent_plays(self.position.to_move):
            self.phase = Phase.COMPUTER
        else:
            self.phase = Phase.HUMAN

    def _cancel(self) -> None:
        if self._thinking is not None:
            self._thinking.cancel()
        self._thinking = self._choice = None

    # -- what a kind of session adds ---------------------------------------------------

    def _stopped(self) -> Outcome | None:
        """An end not by the rules (a resignation, a flag fall), if there is one."""
        return None

    def _before_move(self, before: Position) -> None:
        """Just before a move is added to the record."""

    def _after_move(self, move: Move) -> None:
        """Just after a move is added to the record."""

    def _ended(self) -> None:
        """The session has ended (called once per end)."""
