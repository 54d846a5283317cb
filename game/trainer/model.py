"""An opening-training session: the computer plays the book's main lines, the player answers, the book judges.

The computer's moves are drawn from the moves masters played in the
position (``choose_book_move`` with no value margin), weighted by how often
they played them, so the main lines come up most. Each answer is judged by
the book's backed-up values: a move the book does not have leaves the book,
and one valued more than ``GOOD_MARGIN`` discs below the best there is weak;
either stops the line with the better moves named, to try again or go on
to the next line. A line ends when the book runs out or after ``ply_limit``
moves. Pure Python; nothing here imports pygame.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from game.ai.book import Book, BookMove, choose_book_move
from game.engine import COLOR_NAMES, Color, GameRecord, Position, opponent_of, square_name
from game.records.openings import default_book as default_openings

GOOD_MARGIN = 2.0
"""An answer valued more than this many discs below the book's best move there is weak."""
PLY_LIMIT = 24
"""A line ends after this many moves from its start even if the book goes on."""
MAX_BETTER = 4
"""At most this many better moves are named in the feedback."""
START_NAME = "From the start"
"""The training line that begins at the standard start position."""

VERDICTS = ("best", "good", "weak", "out_of_book")


@dataclass(frozen=True)
class TrainingOpening:
    """Where a line starts: a named opening's moves from the standard start, or any position (``start``)."""

    name: str
    moves: tuple[int, ...] = ()
    start: Position | None = None
    """``None``: the standard start, then ``moves``."""
    saved: bool = True
    """Whether progress is kept under ``name`` (not for an unnamed position)."""

    def record(self) -> GameRecord:
        """A fresh record at the line's starting position."""
        record = GameRecord(self.start)
        for square in self.moves:
            record.play(square)
        return record

    def transcript(self) -> str:
        """The opening's moves, e.g. ``'f5 d6 c3 d3 c4'``."""
        return " ".join(square_name(square) for square in self.moves)


def trainable_openings(book: Book) -> list[TrainingOpening]:
    """The start, then every named opening (``game/data/openings.txt``) whose position the book has, in order."""
    found = [TrainingOpening(START_NAME)]
    seen = {START_NAME}
    for opening in default_openings().openings:
        if opening.name in seen:
            continue
        position = Position.start()
        for square in opening.moves:
            position = position.play(square)
        if book.lookup(position.player, position.opponent):
            found.append(TrainingOpening(opening.name, opening.moves))
            seen.add(opening.name)
    return found


def opening_at(moves: Sequence[int] = (), position: Position | None = None) -> TrainingOpening:
    """A line from the moves of a game from the start, or from a position (the explorer's, say).

    Raises ``ValueError`` for moves that are not legal. The line is named
    after the opening the position has a name for; progress is kept only
    for named positions.
    """
    record = GameRecord(position)
    for square in moves:
        if not record.position.is_legal(square):
            raise ValueError(f"{square_name(square) if 0 <= square < 64 else square} is not a legal move here")
        record.play(square)
    named = default_openings().named(record.position)
    if position is None:
        return TrainingOpening(named.name if named else "This line", tuple(moves), saved=named is not None)
    return TrainingOpening(named.name if named else "This position", (), record.position, saved=named is not None)


def disc_text(value: float) -> str:
    """A book value in discs as written in the feedback: ``+0.3``, ``-2.4``, ``0.0``."""
    return "0.0" if abs(value) < 0.05 else f"{value:+.1f}"


@dataclass(frozen=True)
class Better:
    """A move the book prefers: its square, value for the mover, and master games."""

    square: int
    value: float
    games: int

    def describe(self) -> str:
        """``'f4 (-0.3, 46,513 games)'``."""
        games = f", {self.games:,} game{'s' if self.games != 1 else ''}" if self.games else ", the engine's choice"
        return f"{square_name(self.square)} ({disc_text(self.value)}{games})"


@dataclass(frozen=True)
class Feedback:
    """What the book says about an answer."""

    square: int
    verdict: str
    """'best', 'good' (within ``GOOD_MARGIN`` of the best), 'weak' (further) or 'out_of_book'."""
    value: float | None
    """The book's value of the answer (``None`` out of book)."""
    best_value: float
    better: tuple[Better, ...]
    """The book's good moves here (within the margin of the best), best first, for a mistake; else empty."""
    text: str

    @property
    def mistake(self) -> bool:
        """Whether the answer stops the line."""
        return self.verdict in ("weak", "out_of_book")


@dataclass(frozen=True)
class Played:
    """A move just made, for the scene to animate."""

    square: int
    colour: Color
    flipped: tuple[int, ...]


@dataclass
class Score:
    """Answers judged: how many, how many the book has, how many good (within the margin of its best)."""

    answered: int = 0
    in_book: int = 0
    good: int = 0

    def add(self, feedback: Feedback) -> None:
        """Count one answer."""
        self.answered += 1
        self.in_book += feedback.verdict != "out_of_book"
        self.good += not feedback.mistake

    def text(self) -> str:
        """``'5 good of 6 · 6 in book'``."""
        if not self.answered:
            return "No answers yet"
        return f"{self.good} good of {self.answered} · {self.in_book} in book"


@dataclass(frozen=True)
class LineResult:
    """One line finished or left: what progress records."""

    opening: TrainingOpening
    colour: Color
    answered: int
    good: int
    completed: bool
    """The line ran to the book's end (or the ply limit)."""
    mistakes: int


@dataclass
class TrainerSession:
    """Lines of one opening for one colour: whose turn, the judged answers, the score and the end of each line.

    ``phase`` is 'computer' (its book move is due: ``computer_move``),
    'user' (``answer``), 'mistake' (the last answer stopped the line:
    ``retry`` or ``next_line``; another ``answer`` retries first) or
    'ended' (``end_reason`` says why; ``next_line``).
    """

    opening: TrainingOpening
    colour: Color
    book: Book
    rng: random.Random = field(default_factory=random.Random)
    ply_limit: int = PLY_LIMIT
    margin: float = GOOD_MARGIN
    on_line_end: Callable[[LineResult], None] | None = None
    record: GameRecord = field(init=False)
    phase: str = field(init=False, default="user")
    end_reason: str = field(init=False, default="")
    feedback: Feedback | None = field(init=False, default=None)
    score: Score = field(init=False, default_factory=Score)
    """Every answer of the session (all its lines)."""
    line_score: Score = field(init=False, default_factory=Score)
    lines: int = field(init=False, default=0)
    """Lines finished or left with at least one answer."""
    line_mistakes: int = field(init=False, default=0)
    _reported: bool = field(init=False, default=False)

    def __post_init__(self) -> None:
        self.start_line()

    # -- the line ------------------------------------------------------------------

    @property
    def position(self) -> Position:
        """The position on the board."""
        return self.record.position

    @property
    def line_plies(self) -> int:
        """Moves played in this line from its start."""
        return len(self.record.moves()) - len(self.opening.moves)

    def book_moves(self) -> dict[int, BookMove]:
        """The book's moves in the position on the board (``{}`` out of book)."""
        position = self.position
        return self.book.lookup(position.player, position.opponent)

    def start_line(self) -> None:
        """Back to the opening's position for a new line (the session's score carries on)."""
        self.record = self.opening.record()
        self.feedback = None
        self.end_reason = ""
        self.line_score = Score()
        self.line_mistakes = 0
        self._reported = False
        self._settle()

    def next_line(self) -> None:
        """Leave this line (recorded if it had answers) and start another."""
        self._report(completed=False)
        self.start_line()

    def retry(self) -> bool:
        """After a mistake, take the answer back to try again; False if there is none."""
        if self.phase != "mistake":
            return False
        self.record.undo()
        self.feedback = None
        self.phase = "user"
        return True

    def _settle(self) -> None:
        """Whose turn it is now, or why the line ends."""
        position = self.position
        if position.is_over():
            self._end("The game is over.")
        elif self.line_plies >= self.ply_limit:
            praise = " Well played: no mistakes!" if self.line_score.answered and not self.line_mistakes else ""
            self._end(f"The line ends after {self.ply_limit} moves.{praise}")
        elif not self.book_moves():
            if self.line_plies == 0:
                self._end("This position is not in the opening book.")
            else:
                self._end(f"The book ends here: fewer than {self.book.info.min_games} master games reached "
                          "this position.")
        else:
            self.phase = "user" if position.to_move == self.colour else "computer"

    def _end(self, reason: str) -> None:
        self.phase = "ended"
        self.end_reason = reason
        self._report(completed=True)

    def _report(self, completed: bool) -> None:
        if self._reported or not self.line_score.answered:
            return
        self._reported = True
        self.lines += 1
        if self.on_line_end is not None:
            self.on_line_end(LineResult(self.opening, self.colour, self.line_score.answered, self.line_score.good,
                                        completed, self.line_mistakes))

    # -- moves ---------------------------------------------------------------------

    def _play(self, square: int) -> Played:
        before = self.position
        flipped = before.flips(square)
        self.record.play(square)
        return Played(square, before.to_move, tuple(sq for sq in range(64) if flipped >> sq & 1))

    def computer_move(self) -> Played | None:
        """The computer's book move (weighted by master games), or ``None`` when it is not its turn."""
        if self.phase != "computer":
            return None
        position = self.position
        square = choose_book_move(self.book, position.player, position.opponent, margin=math.inf, rng=self.rng,
                                  min_games=1)
        if square is None:  # _settle saw book moves; kept for safety
            self._end("The book ends here.")
            return None
        played = self._play(square)
        self._settle()
        return played

    def judge(self, square: int) -> Feedback:
        """What the book says of ``square`` in the position on the board (nothing is played)."""
        moves = self.book_moves()
        name = square_name(square)
        best_value = max((entry.value for entry in moves.values()), default=0.0)
        good = sorted(((sq, e) for sq, e in moves.items() if e.value >= best_value - self.margin),
                      key=lambda item: (-item[1].value, -item[1].games, item[0]))
        entry = moves.get(square)
        if entry is not None and entry.value >= best_value - self.margin:
            verdict = "best" if entry.value >= best_value - 0.05 else "good"
            games = f"played in {entry.games:,} master game{'s' if entry.games != 1 else ''}" if entry.games \
                else "the engine's own choice"
            if verdict == "best":
                text = f"{name}: a best move ({disc_text(entry.value)}), {games}."
            else:
                text = (f"{name}: good ({disc_text(entry.value)}, {best_value - entry.value:.1f} below the best), "
                        f"{games}.")
            return Feedback(square, verdict, entry.value, best_value, (), text)
        better = tuple(Better(sq, e.value, e.games) for sq, e in good if sq != square)[:MAX_BETTER]
        listed = ", ".join(b.describe() for b in better)
        if entry is None:
            verdict, value = "out_of_book", None
            text = f"{name} leaves the book: no master game here played it. Better: {listed}."
        else:
            verdict, value = "weak", entry.value
            games = f"{entry.games:,} master game{'s' if entry.games != 1 else ''}"
            text = (f"{name} is {best_value - entry.value:.1f} discs worse than the best ({disc_text(entry.value)}, "
                    f"{games}). Better: {listed}.")
        return Feedback(square, verdict, value, best_value, better, text)

    def answer(self, square: int) -> tuple[Feedback, Played]:
        """Judge and play the player's ``square`` (after a mistake, the last answer is taken back first).

        Raises ``ValueError`` when it is not the player's turn or the move is not legal.
        """
        if self.phase == "mistake":
            self.retry()
        if self.phase != "user":
            raise ValueError("it is not your turn" if self.phase == "computer" else "this line has ended")
        if not self.position.is_legal(square):
            raise ValueError(f"{square_name(square)} is not a legal move")
        feedback = self.judge(square)
        played = self._play(square)
        self.feedback = feedback
        self.score.add(feedback)
        self.line_score.add(feedback)
        if feedback.mistake:
            self.line_mistakes += 1
            self.phase = "mistake"
        else:
            self._settle()
        return feedback, played

    def whose_turn(self) -> str:
        """A line for the player: whose move it is or how the line ended."""
        if self.phase == "ended":
            return self.end_reason
        if self.phase == "mistake":
            return "Try again, or go on to the next line."
        mover = COLOR_NAMES[self.position.to_move]
        if self.phase == "user":
            return f"Your move ({mover}): play what a master would."
        return f"The computer ({COLOR_NAMES[opponent_of(self.colour)]}) plays a master's move…"
