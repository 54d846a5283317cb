"""A match in progress, without pygame: the game's ``Session`` with clocks, undo, the hint and the end.

The phases, the judging of moves and the computer's reply are the
session's (``game.play.session``); the computer is an ``EngineOpponent`` at
the match's level. What a match adds: the clocks, undo and redo, the
hint, resignation, and its end: an ``Outcome`` built once, counted in the
statistics here and only here, once, for games that count
(``MatchSetup.counts``), then handed to ``on_end`` (the game scene saves it).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from game.ai import HINT_LIMITS, Analysis, Job, Level, Limits, advise, think
from game.engine import BLACK, PASS, WHITE, Color, EndReason, GameRecord, Outcome, Position, opponent_of
from game.play.levels import level_for
from game.play.match import MAX_CLOCK_MS, MatchSetup, Mode
from game.play.rating import RatingChange
from game.play.session import Move, Opponent, Phase, Session, refusal
from game.play.stats import Stats
from game.play.thinking import JobThinking, Thought

__all__ = ["MatchController", "EngineOpponent", "Move", "Phase", "refusal"]

class EngineOpponent(Opponent):
    """The engine at the match's level (on its clock when the match has clocks: the clock caps each move)."""

    def __init__(self, match: MatchController) -> None:
        self.match = match

    def think(self, session: Session, position: Position) -> JobThinking[int]:
        """Start the search for the computer's move."""
        match = self.match
        level = match.level
        if match.clocks is None:
            return JobThinking(think(position, level), Thought)
        clock = match.clocks[position.to_move] / 1000
        return JobThinking(think(position, level, limits=level.limits.on_clock(clock, match.setup.increment)), Thought)


class MatchController(Session):
    """One match: its set-up, its record, whose turn it is, the computer's search, the hint and the end."""

    def __init__(self, setup: MatchSetup, record: GameRecord | None = None, stats: Stats | None = None,
                 on_end: Callable[[MatchController], None] | None = None,
                 clocks: tuple[int, int] | None = None, hint_limits: Limits = HINT_LIMITS) -> None:
        self.setup = setup
        self.hint_limits = hint_limits
        """What bounds the hint's advice (``game.ai.HINT_LIMITS``; the page's take longer)."""
        record = record if record is not None else GameRecord(setup.start_position())
        super().__init__(record, EngineOpponent(self), opponent_plays=lambda colour: self.setup.is_computer(colour),
                         confirm_passes=True)
        self.stats = stats
        self.on_end = on_end
        self._stop: Outcome | None = None
        """A resignation or a flag fall, once there is one."""
        self.clocks: dict[Color, int] | None = None
        """Milliseconds left for each side (``None``: no clocks)."""
        if setup.clock is not None:
            black, white = clocks if clocks is not None else (setup.clock * 1000, setup.clock * 1000)
            self.clocks = {BLACK: black, WHITE: white}
        self._clock_ms: int | None = None
        self.recorded = self.record.is_over()
        """Whether the end has been dealt with (a game handed in finished is not counted again)."""
        self.counted = False
        """Whether this match's end went into the statistics."""
        self.rating_change: RatingChange | None = None
        """What this match's end did to the player's rating (``None``: unrated, or not counted)."""
        self.hint: Analysis | None = None
        self._hint_job: Job[Analysis] | None = None
        if self.record.plies[: self.record.ply] == [PASS]:
            self.pending_pass = self.record.start.to_move  # the start position itself forces a pass
        self._settle()

    # -- facts ------------------------------------------------------------------------

    @property
    def level(self) -> Level:
        """The computer's level."""
        return level_for(self.setup)

    @property
    def hint_running(self) -> bool:
        """Whether the hint analysis is running."""
        return self._hint_job is not None

    @property
    def hint_job(self) -> Job[Analysis] | None:
        """The hint analysis while it runs."""
        return self._hint_job

    @property
    def end_reason(self) -> EndReason | None:
        """Why the match ended (a resignation, a flag fall or the rules), or ``None`` while it goes on."""
        return self.outcome.reason if self.outcome is not None else None

    def margin(self, colour: Color) -> int:
        """``colour``'s final margin in discs (tournament rule); a resignation or a flag fall loses by one."""
        return self.outcome.margin(colour) if self.outcome is not None else 0

    def colour_of_ply(self, index: int) -> Color:
        """The side that made ply ``index`` of the record."""
        start = self.record.start.to_move
        return start if index % 2 == 0 else opponent_of(start)

    def can_undo(self) -> bool:
        """Whether Undo does something: against the computer, only when one of your moves can go back."""
        if self.phase is Phase.OVER:
            return False
        if self.setup.mode is Mode.COMPUTER:
            return any(self.colour_of_ply(i) == self.setup.human and p != PASS
                       for i, p in enumerate(self.record.played))
        return self.record.can_undo()

    def can_redo(self) -> bool:
        """Whether Redo does something."""
        return self.phase is not Phase.OVER and self.record.can_redo()

    def can_resign(self) -> bool:
        """Whether a resignation is possible now."""
        return self.phase is not Phase.OVER

    def can_hint(self) -> bool:
        """Whether a hint can be asked for now."""
        return self.phase is Phase.HUMAN and self.hint is None

    def loser_if_resigning(self) -> Color:
        """Who would resign now: you against the computer, the player to move in a two-player game."""
        return self.setup.human if self.setup.mode is Mode.COMPUTER else self.position.to_move

    # -- changes --------------------------------------------------------------------

    def undo(self) -> bool:
        """Take back a move; against the computer, back to your previous turn. False if nothing to undo."""
        if not self.can_undo():
            return False
        self._history_changed()
        self.record.undo()
        if self.setup.mode is Mode.COMPUTER:
            while self.position.to_move != self.setup.human and self.record.can_undo():
                self.record.undo()
        self._settle()
        return True

    def redo(self) -> bool:
        """Replay an undone move (against the computer, up to your next turn). False if nothing to redo."""
        if not self.can_redo():
            return False
        self._history_changed()
        self.record.redo()
        if self.setup.mode is Mode.COMPUTER:
            while (self.position.to_move != self.setup.human and self.record.can_redo()
                   and not self.record.is_over()):
                self.record.redo()
        self._settle()
        return True

    def goto(self, ply: int) -> bool:
        """Jump to the position after ``ply`` plies of the record (undone ones included). False if not allowed."""
        if self.phase is Phase.OVER or not 0 <= ply <= len(self.record.plies):
            return False
        while ply < len(self.record.plies) and self.record.plies[ply] == PASS:
            ply += 1  # a forced pass is not a position to stop at (the side to move has no move there)
        self._history_changed()
        self.record.goto(ply)
        self._settle()
        return True

    def tick(self, now_ms: int, showing: bool = False) -> None:
        """Charge the time since the last tick to the clock of the side to move, when its clock runs.

        A player's clock runs on their turn once the last move has been shown (``showing``: a move is still
        being animated); the computer's only while it searches, as a chess program charges the engine its
        thinking: not while the player's move is shown before its search begins, nor while the move it
        found waits for the screen's reply delay (``Session.advance``'s ``delay_ms``). No clock runs during
        a pass announcement. A clock that reaches zero ends the match: that side loses on time.
        """
        if self.clocks is None:
            return
        if self.phase not in (Phase.HUMAN, Phase.COMPUTER):
            self._clock_ms = None
            return
        running = not showing if self.phase is Phase.HUMAN else self.searching
        if self._clock_ms is not None and running:
            mover = self.position.to_move
            self.clocks[mover] = max(0, self.clocks[mover] - max(0, now_ms - self._clock_ms))
            if self.clocks[mover] == 0:
                self._cancel()
                self._stop = Outcome.time(self.position, mover)
                self._settle()
        self._clock_ms = now_ms

    def pause_clock(self) -> None:
        """Stop charging time until the next ``tick`` (the match was out of sight: the rules, the analysis)."""
        self._clock_ms = None

    def clock_state(self) -> tuple[int, int] | None:
        """(Black, White) milliseconds left, for the autosave."""
        return (self.clocks[BLACK], self.clocks[WHITE]) if self.clocks is not None else None

    def resign(self) -> Color:
        """The side that would resign gives up; the end is recorded. Returns the loser."""
        loser = self.loser_if_resigning()
        self._cancel()
        self._stop = Outcome.resignation(self.position, loser)
        self.pending_pass = None
        self._settle()
        return loser

    # -- time -------------------------------------------------------------------------

    def advance(self, now_ms: int, slice_ms: float, delay_ms: int = 0) -> Move | None:
        """Run the computer's search or the hint for one slice; the computer's move once it is due."""
        if self.phase is Phase.HUMAN and self._hint_job is not None:
            found = self._hint_job.advance(slice_ms)
            if found is not None:
                self._hint_job, self.hint = None, found
            return None
        return super().advance(now_ms, slice_ms, delay_ms)

    def start_hint(self, every_value: bool = True) -> bool:
        """Start analysing the position for the player to move; False if no hint can be had now.

        ``every_value`` false: only the best move and its value are shown, so only they are solved exactly
        (sooner); the other moves keep the midgame's estimates.
        """
        if not self.can_hint():
            return False
        if self._hint_job is None:
            self._hint_job = advise(self.position, self.hint_limits, every_value)
        return True

    # -- inside -----------------------------------------------------------------------

    def _stopped(self) -> Outcome | None:
        return self._stop

    def _before_move(self, before: Position) -> None:
        if self.record.ply < self.setup.given:
            self.setup = replace(self.setup, given=self.record.ply)  # the game leaves the moves it was given

    def _after_move(self, move: Move) -> None:
        if self.clocks is not None and self.setup.increment:
            mover = move.colour  # a Fischer increment: the mover's clock gains it after the move
            self.clocks[mover] = min(MAX_CLOCK_MS, self.clocks[mover] + self.setup.increment * 1000)

    def _ended(self) -> None:
        if self.recorded:
            return
        self.recorded = True
        if self.stats is not None and self.setup.counts and self.outcome is not None:
            self.counted = True
            level_name = self.level.name if self.setup.mode is Mode.COMPUTER else None
            self.rating_change = self.stats.record_outcome(self.outcome, level_name, self.setup.human)
        if self.on_end is not None:
            self.on_end(self)

    def _history_changed(self) -> None:
        self._cancel()
        self.pending_pass = None

    def _cancel(self) -> None:
        super()._cancel()
        if self._hint_job is not None:
            self._hint_job.cancel()
        self._hint_job = None
        self.hint = None
