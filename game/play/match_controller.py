"""The turn logic of a match in progress, without pygame: one explicit phase, moves, undo, the end.

``MatchController.phase`` says what the match waits for:

- ``HUMAN``: a player at this device is to move;
- ``COMPUTER``: the computer is to move (``advance`` runs its search a slice at a time);
- ``PASS``: a forced pass has been made and waits to be acknowledged;
- ``OVER``: the game has ended, by the rules or a resignation.

The game scene draws, animates and forwards input; what is allowed comes from
here. The end of a match is recorded in the statistics here and only here,
once, and only for games that count (``MatchSetup.counts``).
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass, replace

from game.ai import LEVELS, Analysis, Job, Level, Progress, analyze, think
from game.engine import BLACK, PASS, WHITE, Color, EndReason, GameRecord, Position, opponent_of, square_name
from game.play.match import MAX_CLOCK_MS, MatchSetup, parse_custom
from game.play.stats import Stats

CUSTOM_INDEX = -2
"""The index custom levels carry (not one of ``LEVELS``)."""
HINT_LEVEL_CAP = 3
"""Hints use at most this level's analysis (strong, and quick enough to feel instant)."""
CLOCK_RESERVE_MOVES = 4
"""With a clock, the computer spreads its time over its moves still to come plus this many."""


class Phase(enum.Enum):
    """What the match waits for."""

    HUMAN = "human"
    COMPUTER = "computer"
    PASS = "pass"
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


def level_named(index: int) -> Level:
    """The AI level for an index, clamped to the levels that exist."""
    return LEVELS[max(0, min(index, len(LEVELS) - 1))]


def custom_level(spec: str) -> Level:
    """The level a custom spec describes (``'time:2'``: two seconds a move; ``'depth:8'``: eight plies).

    Full strength otherwise: the trained evaluation, no randomness, the exact
    endgame from as many empties as the time or depth can afford.
    """
    kind, value = parse_custom(spec)
    strongest = LEVELS[-1]
    if kind == "time":
        exact = 12 if value < 0.5 else 14 if value < 2 else 16
        return Level(CUSTOM_INDEX, f"Custom ({value:g} s a move)", f"Searches {value:g} seconds a move",
                     strongest.evaluation, 40, value, exact, exact + 2, 0.0)
    depth = int(value)
    exact = min(14, depth + 6)
    return Level(CUSTOM_INDEX, f"Custom (depth {depth})", f"Searches {depth} moves ahead, however long it takes",
                 strongest.evaluation, depth, None, exact, 0, 0.0)


def level_for(setup: MatchSetup) -> Level:
    """The computer's level in a match: its custom one, or the named level."""
    return custom_level(setup.custom) if setup.custom else level_named(setup.level)


def clocked_level(level: Level, remaining_ms: int, increment_s: int, empties: int) -> Level:
    """``level`` with its time per move cut to what its clock affords: the time left over the moves to come.

    A level searching to a fixed depth gets that limit too, so it cannot lose on time by thinking.
    """
    share = remaining_ms / 1000 / (empties / 2 + CLOCK_RESERVE_MOVES) + 0.8 * increment_s
    # an exact endgame may take ENDGAME_TIME_FACTOR times the time a move; the reserve above covers it
    seconds = max(0.05, share if level.seconds is None else min(level.seconds, share))
    return replace(level, seconds=seconds)


def refusal(position: Position, square: int) -> str | None:
    """Why ``square`` cannot be played in ``position`` (one line), or ``None`` if it can."""
    if position.is_legal(square):
        return None
    name = square_name(square)
    if position.color_at(square) is not None:
        return f"{name} is already taken."
    return f"{name} is not a legal move: a move must outflank at least one disc."


class MatchController:
    """One match: its set-up, its record, whose turn it is, the computer's search, the hint and the end."""

    def __init__(self, setup: MatchSetup, record: GameRecord | None = None, stats: Stats | None = None,
                 on_end: Callable[[MatchController], None] | None = None,
                 clocks: tuple[int, int] | None = None) -> None:
        self.setup = setup
        self.record = record if record is not None else GameRecord(setup.start_position())
        self.stats = stats
        self.on_end = on_end
        self.resigned: Color | None = None
        self.flagged: Color | None = None
        """The side whose clock ran out."""
        self.clocks: dict[Color, int] | None = None
        """Milliseconds left for each side (``None``: no clocks)."""
        if setup.clock is not None:
            black, white = clocks if clocks is not None else (setup.clock * 1000, setup.clock * 1000)
            self.clocks = {BLACK: black, WHITE: white}
        self._clock_ms: int | None = None
        self.pending_pass: Color | None = None
        self.recorded = self.record.is_over()
        """Whether the end has been dealt with (a game handed in finished is not counted again)."""
        self.counted = False
        """Whether this match's end went into the statistics."""
        self.hint: Analysis | None = None
        self._thinking: Job[int] | None = None
        self._choice: int | None = None
        self._think_started_ms = 0
        self._hint_job: Job[Analysis] | None = None
        if self.record.plies[: self.record.ply] == [PASS]:
            self.pending_pass = self.record.start.to_move  # the start position itself forces a pass
        self.phase = Phase.HUMAN
        self._settle()

    # -- facts ------------------------------------------------------------------------

    @property
    def position(self) -> Position:
        """The position on the board."""
        return self.record.position

    @property
    def level(self) -> Level:
        """The computer's level."""
        return level_for(self.setup)

    @property
    def over(self) -> bool:
        """Whether the match has ended."""
        return self.phase is Phase.OVER

    @property
    def thinking(self) -> bool:
        """Whether the computer's search is running (or its move is waiting to be shown)."""
        return self._thinking is not None or self._choice is not None

    def thinking_progress(self) -> Progress | None:
        """The computer's search so far (nodes, time, depth, value, line), while it searches."""
        return self._thinking.progress if self._thinking is not None else None

    @property
    def hint_running(self) -> bool:
        """Whether the hint analysis is running."""
        return self._hint_job is not None

    @property
    def hint_job(self) -> Job[Analysis] | None:
        """The hint analysis while it runs."""
        return self._hint_job

    def colour_of_ply(self, index: int) -> Color:
        """The side that made ply ``index`` of the record."""
        start = self.record.start.to_move
        return start if index % 2 == 0 else opponent_of(start)

    def can_undo(self) -> bool:
        """Whether Undo does something: against the computer, only when one of your moves can go back."""
        if self.phase is Phase.OVER:
            return False
        if self.setup.mode == "computer":
            return any(self.colour_of_ply(i) == self.setup.human and p != PASS
                       for i, p in enumerate(self.record.played()))
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
        return self.setup.human if self.setup.mode == "computer" else self.position.to_move

    # -- changes --------------------------------------------------------------------

    def play(self, square: int) -> Move:
        """Play ``square`` for the side to move (any side: the computer's move comes through here too).

        Raises ``ValueError`` (with a one-line reason) and changes nothing if the move is not allowed now.
        """
        if self.phase is Phase.OVER:
            raise ValueError("The game is over.")
        if self.phase is Phase.PASS:
            raise ValueError("The pass must be acknowledged first.")
        why = refusal(self.position, square)
        if why is not None:
            raise ValueError(why)
        before = self.position
        ply_before = self.record.ply
        if ply_before < self.setup.given:
            self.setup = replace(self.setup, given=ply_before)  # the game leaves the moves it was given
        self.record.play(square)
        if self.clocks is not None and self.setup.increment:
            mover = before.to_move  # a Fischer increment: the mover's clock gains it after the move
            self.clocks[mover] = min(MAX_CLOCK_MS, self.clocks[mover] + self.setup.increment * 1000)
        self._cancel_search()
        self._cancel_hint()
        passer = opponent_of(before.to_move) if self.record.ply > ply_before + 1 else None
        self.pending_pass = passer if not self.record.is_over() else None
        self._settle()
        flipped = before.flips(square)
        return Move(square, before.to_move, before, tuple(sq for sq in range(64) if flipped >> sq & 1), passer)

    def acknowledge_pass(self) -> None:
        """The announced pass has been seen; play goes on."""
        self.pending_pass = None
        self._settle()

    def undo(self) -> bool:
        """Take back a move; against the computer, back to your previous turn. False if nothing to undo."""
        if not self.can_undo():
            return False
        self._history_changed()
        self.record.undo()
        if self.setup.mode == "computer":
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
        if self.setup.mode == "computer":
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

    def tick(self, now_ms: int) -> None:
        """Run the clock of the side to move (while someone is to move; not during a pass announcement).

        A clock that reaches zero ends the match: that side loses on time.
        """
        if self.clocks is None:
            return
        if self.phase not in (Phase.HUMAN, Phase.COMPUTER):
            self._clock_ms = None
            return
        if self._clock_ms is not None:
            mover = self.position.to_move
            self.clocks[mover] = max(0, self.clocks[mover] - max(0, now_ms - self._clock_ms))
            if self.clocks[mover] == 0:
                self._cancel_search()
                self._cancel_hint()
                self.flagged = mover
                self._settle()
        self._clock_ms = now_ms

    def clock_state(self) -> tuple[int, int] | None:
        """(Black, White) milliseconds left, for the autosave."""
        return (self.clocks[BLACK], self.clocks[WHITE]) if self.clocks is not None else None

    def resign(self) -> Color:
        """The side that would resign gives up; the end is recorded. Returns the loser."""
        loser = self.loser_if_resigning()
        self._cancel_search()
        self._cancel_hint()
        self.resigned = loser
        self.pending_pass = None
        self._settle()
        return loser

    def stop(self) -> None:
        """Stop the search and the hint (leaving the scene)."""
        self._cancel_search()
        self._cancel_hint()

    # -- time -------------------------------------------------------------------------

    def advance(self, now_ms: int, slice_ms: float, min_think_ms: int = 0) -> Move | None:
        """Run the computer's search or the hint for one slice; the computer's move once it is due."""
        if self.phase is Phase.COMPUTER:
            if self._thinking is None and self._choice is None:
                level = self.level
                if self.clocks is not None:
                    level = clocked_level(level, self.clocks[self.position.to_move], self.setup.increment,
                                          self.position.empty_count)
                self._thinking = think(self.position, level)
                self._think_started_ms = now_ms
            if self._thinking is not None:
                square = self._thinking.advance(slice_ms)
                if square is not None:
                    self._thinking, self._choice = None, square
            if self._choice is not None and now_ms - self._think_started_ms >= min_think_ms:
                square, self._choice = self._choice, None
                return self.play(square)
        elif self.phase is Phase.HUMAN and self._hint_job is not None:
            found = self._hint_job.advance(slice_ms)
            if found is not None:
                self._hint_job, self.hint = None, found
        return None

    def start_hint(self) -> bool:
        """Start analysing the position for the player to move; False if no hint can be had now."""
        if not self.can_hint():
            return False
        if self._hint_job is None:
            self._hint_job = analyze(self.position, min(HINT_LEVEL_CAP, len(LEVELS) - 1))
        return True

    # -- inside -----------------------------------------------------------------------

    def _settle(self) -> None:
        """Set the phase from the facts, and deal with the end the first time the game is over."""
        if self.resigned is not None or self.flagged is not None or self.record.is_over():
            self.phase = Phase.OVER
            self._end()
        elif self.pending_pass is not None:
            self.phase = Phase.PASS
        elif self.setup.is_computer(self.position.to_move):
            self.phase = Phase.COMPUTER
        else:
            self.phase = Phase.HUMAN

    def _end(self) -> None:
        if self.recorded:
            return
        self.recorded = True
        if self.stats is not None and self.setup.counts:
            self.counted = True
            if self.setup.mode == "computer":
                self.stats.record_computer_game(self.level.name, self.setup.human, self.margin(self.setup.human))
            else:
                self.stats.two_player_games += 1
        if self.on_end is not None:
            self.on_end(self)

    @property
    def end_reason(self) -> EndReason | None:
        """Why the match ended (a resignation, a flag fall or the rules), or ``None`` while it goes on."""
        if self.resigned is not None:
            return EndReason.RESIGNATION
        if self.flagged is not None:
            return EndReason.TIME
        result = self.record.result()
        return None if result is None else result.reason

    def margin(self, colour: Color) -> int:
        """``colour``'s final margin in discs (tournament rule); a resignation or a flag fall loses by one."""
        loser = self.resigned if self.resigned is not None else self.flagged
        if loser is not None:
            return -1 if colour == loser else 1
        result = self.record.result()
        return result.disc_difference(colour) if result is not None else 0

    def _history_changed(self) -> None:
        self._cancel_search()
        self._cancel_hint()
        self.pending_pass = None

    def _cancel_search(self) -> None:
        if self._thinking is not None:
            self._thinking.cancel()
        self._thinking = self._choice = None

    def _cancel_hint(self) -> None:
        if self._hint_job is not None:
            self._hint_job.cancel()
        self._hint_job = None
        self.hint = None
