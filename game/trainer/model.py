"""An opening-training session: the computer plays the book's main lines, the player answers, the book judges.

The computer's moves are drawn from the moves masters played in the
position (``choose_book_move`` with no value margin), weighted by how often
they played them, so the main lines come up most. Each answer is judged by
the book's backed-up values: a move the book does not have leaves the book
(valued by the engine instead, searched as deep as the book's own leaves),
and one valued more than ``GOOD_MARGIN`` discs below the best there is weak;
either stops the line with the better moves named, to try again or go on
to the next line. A line ends when the book runs out or after ``ply_limit``
moves. A session is a play session (``game.play.session``): the book is its
opponent (``BookOpponent``) and its judge (``LineJudge``). Pure Python;
nothing here imports pygame.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game import ai  # the book and the searches through the door when a line needs them: the menu imports this module
from game.engine import Color, Outcome, Position, opponent_of, square_name
from game.i18n import N_, _, ngettext, number, pgettext
from game.play.session import GO_ON, Judge, Move, Opponent, Phase, Refusal, Ruling, Session, Verdict
from game.play.thinking import Thought
from game.play.words import colour_name
from game.trainer.feedback import Better, BookVerdict, Feedback, Score, disc_text
from game.trainer.openings import TrainingOpening

if TYPE_CHECKING:
    from game.ai import Book, BookMove

GOOD_MARGIN = 2.0
"""An answer valued more than this many discs below the book's best move there is weak."""
PLY_LIMIT = 24
"""A line ends after this many moves from its start even if the book goes on."""
MAX_BETTER = 4
"""At most this many better moves are named in the feedback."""
OUT_OF_BOOK_NODES = 20_000
"""The most nodes the engine spends valuing an answer the book does not have (about 4,000 at the book's depth of 4:
a few milliseconds here, tens in the browser, once a mistake, so the answer is judged within its frame)."""


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
    new_line: bool = True
    """False: more of a line already counted (its later answers, its end); the counts are what is new."""


class BookOpponent(Opponent):
    """The computer's side of a line: a master's move, drawn by how often masters played it."""

    wait_text = N_("Wait for the computer's move.")

    def __init__(self, book: Book, rng: random.Random) -> None:
        self.book = book
        self.rng = rng

    def think(self, session: Session, position: Position) -> Thought:
        """A book move at once (``None`` if the book has none)."""
        return Thought(ai.choose_book_move(self.book, position.player, position.opponent, margin=math.inf,
                                        rng=self.rng, min_games=1))


class LineJudge(Judge):
    """The book's judgement of each answer, and the end of a line (the book runs out, the ply limit)."""

    over_text = N_("This line is over: Next line plays another.")

    def __init__(self, trainer: TrainerSession) -> None:
        self.trainer = trainer

    def after_move(self, session: Session, move: Move) -> Verdict:
        """Judge the answer by the book: a mistake stops the line, a good move goes on (or ends the line)."""
        trainer = self.trainer
        feedback = trainer.book_verdict(move.square, move.before)
        trainer.feedback = feedback
        trainer.score.add(feedback)
        trainer.line_score.add(feedback)
        if feedback.mistake:
            trainer.line_mistakes += 1
            return Verdict(Ruling.REJECT, feedback.text)
        return self.line_end()

    def after_thought(self, session: Session, thought: Thought) -> Verdict:
        """The book had no move for the computer after all."""
        return Verdict(Ruling.END, _("The book ends here.")) if thought.square is None else GO_ON

    def after_reply(self, session: Session, move: Move) -> Verdict:
        """After the computer's move: the line may end."""
        return self.line_end()

    def at_end(self, session: Session, outcome: Outcome) -> Verdict:
        """The game itself is over."""
        return Verdict(Ruling.END, _("The game is over."))

    def line_end(self) -> Verdict:
        """Why the line ends here (the ply limit, the book running out), else go on."""
        trainer = self.trainer
        if trainer.position.is_over():
            return GO_ON  # the game's own end is judged by at_end
        if trainer.line_plies >= trainer.ply_limit:
            limit = trainer.ply_limit
            if trainer.line_score.answered and not trainer.line_mistakes:
                ended = ngettext("The line ends after {n} move. Well played: no mistakes!",
                                 "The line ends after {n} moves. Well played: no mistakes!", limit)
            else:
                ended = ngettext("The line ends after {n} move.", "The line ends after {n} moves.", limit)
            return Verdict(Ruling.END, ended.format(n=limit))
        if not trainer.book_moves():
            if trainer.line_plies == 0:
                return Verdict(Ruling.END, _("This position is not in the opening book."))
            fewest = trainer.book.info.min_games
            return Verdict(Ruling.END, ngettext(
                "The book ends here: fewer than {n} master game reached this position.",
                "The book ends here: fewer than {n} master games reached this position.", fewest).format(
                n=number(fewest)))
        return GO_ON


class TrainerSession(Session):
    """Lines of one opening for one colour: a play session with the book as opponent and as judge.

    ``phase`` is the session's: ``COMPUTER`` (its book move is due:
    ``advance``), ``HUMAN`` (``play``, judged by the book: ``feedback``),
    ``REJECTED`` (the last answer was a mistake: ``retry`` or
    ``next_line``; another ``play`` retries first) or ``OVER`` (the line has
    ended; ``end_reason`` says why; ``next_line``).
    """

    def __init__(self, opening: TrainingOpening, colour: Color, book: Book, rng: random.Random | None = None,
                 ply_limit: int = PLY_LIMIT, margin: float = GOOD_MARGIN,
                 on_line_end: Callable[[LineResult], None] | None = None) -> None:
        self.opening = opening
        self.colour = colour
        self.book = book
        self.rng = rng if rng is not None else random.Random()
        self.ply_limit = ply_limit
        self.margin = margin
        self.on_line_end = on_line_end
        self.line_judge = LineJudge(self)
        super().__init__(opening.record(), BookOpponent(book, self.rng), self.line_judge,
                         opponent_plays=lambda side: side != self.colour)
        self.feedback: Feedback | None = None
        self.score = Score()
        """Every answer of the session (all its lines)."""
        self.line_score = Score()
        self.lines = 0
        """Lines finished or left with at least one answer."""
        self.line_mistakes = 0
        self._reported = Score()
        self._reported_end = False
        self.start_line()

    # -- the line ------------------------------------------------------------------

    @property
    def line_plies(self) -> int:
        """Moves played in this line from its start."""
        return len(self.record.moves) - len(self.opening.moves)

    @property
    def end_reason(self) -> str:
        """Why the line ended ('' while it goes on)."""
        return self.verdict.text if self.phase is Phase.OVER else ""

    def book_moves(self) -> dict[int, BookMove]:
        """The book's moves in the position on the board (``{}`` out of book)."""
        position = self.position
        return self.book.lookup(position.player, position.opponent)

    def start_line(self) -> None:
        """Back to the opening's position for a new line (the session's score carries on)."""
        self.stop()
        self.record = self.opening.record()
        self.start_ply = self.record.ply
        self.verdict = GO_ON
        self.outcome = None
        self.phase = Phase.HUMAN
        self.feedback = None
        self.line_score = Score()
        self.line_mistakes = 0
        self._reported = Score()
        self._reported_end = False
        if not self._rule(self.line_judge.line_end()):
            self._settle()

    def next_line(self) -> None:
        """Leave this line (already recorded if it had answers) and start another."""
        self._report(completed=False)
        self.start_line()

    def play(self, square: int) -> Move | Refusal:
        """Play and judge the player's ``square``; every judged answer is reported at once.

        Reporting each answer (not only the line's end) keeps the progress
        whole however the line is left: after a weak move, by Back or Menu,
        or by closing the window.
        """
        played = super().play(square)
        if not isinstance(played, Refusal):
            self._report(completed=self.phase is Phase.OVER)
        return played

    def retry(self) -> bool:
        """After a mistake, take the answer back to try again; False if there is none."""
        if not super().retry():
            return False
        self.feedback = None
        return True

    def _ended(self) -> None:
        self._report(completed=True)

    def _report(self, completed: bool) -> None:
        """Report what is new in this line since its last report (nothing new: no report)."""
        done, score = self._reported, self.line_score
        if not score.answered or self._reported_end:
            return
        new_line = not done.answered
        answered, good = score.answered - done.answered, score.good - done.good
        if not (new_line or answered or completed):
            return
        self._reported = Score(score.answered, score.in_book, score.good)
        self._reported_end = completed
        if new_line:
            self.lines += 1
        if self.on_line_end is not None:
            self.on_line_end(LineResult(self.opening, self.colour, answered, good, completed, self.line_mistakes,
                                        new_line))

    # -- moves ---------------------------------------------------------------------

    def book_verdict(self, square: int, position: Position | None = None) -> Feedback:
        """What the book says of ``square`` in ``position`` (the one on the board by default; nothing is played)."""
        position = position if position is not None else self.position
        moves = self.book.lookup(position.player, position.opponent)
        name = square_name(square)
        best_value = max((entry.value for entry in moves.values()), default=0.0)
        good = sorted(((sq, e) for sq, e in moves.items() if e.value >= best_value - self.margin),
                      key=lambda item: (-item[1].value, -item[1].games, item[0]))
        entry = moves.get(square)
        if entry is not None and entry.value >= best_value - self.margin:
            verdict = BookVerdict.BEST if entry.value >= best_value - 0.05 else BookVerdict.GOOD
            fields = {"square": name, "value": disc_text(entry.value), "below": number(best_value - entry.value, 1),
                      "n": number(entry.games)}
            if verdict is BookVerdict.BEST:
                text = ngettext("{square}: a best move ({value}), played in {n} master game.",
                                "{square}: a best move ({value}), played in {n} master games.", entry.games) \
                    if entry.games else _("{square}: a best move ({value}), the engine's own choice.")
            else:
                text = ngettext("{square}: good ({value}, {below} below the best), played in {n} master game.",
                                "{square}: good ({value}, {below} below the best), played in {n} master games.",
                                entry.games) \
                    if entry.games else _("{square}: good ({value}, {below} below the best), the engine's own choice.")
            return Feedback(square, verdict, entry.value, best_value, (), text.format(**fields))
        better = tuple(Better(sq, e.value, e.games) for sq, e in good if sq != square)[:MAX_BETTER]
        listed = pgettext("list separator", ", ").join(b.describe() for b in better)
        if entry is None:
            verdict, value = BookVerdict.OUT_OF_BOOK, self.engine_value(position, square)
            if value is None:
                text = _("{square} leaves the book: no master game here played it. Better: {better}.").format(
                    square=name, better=listed)
            else:
                text = _("{square} leaves the book: no master game here played it, and the engine values it "
                         "{value}. Better: {better}.").format(square=name, value=disc_text(value), better=listed)
        else:
            verdict, value = BookVerdict.WEAK, entry.value
            text = ngettext("{square} is {below} discs worse than the best ({value}, {n} master game). "
                            "Better: {better}.",
                            "{square} is {below} discs worse than the best ({value}, {n} master games). "
                            "Better: {better}.", entry.games).format(
                square=name, below=number(best_value - entry.value, 1), value=disc_text(entry.value),
                n=number(entry.games), better=listed)
        return Feedback(square, verdict, value, best_value, better, text)

    def engine_value(self, position: Position, square: int) -> float | None:
        """The engine's value of ``square`` in ``position`` for its mover, searched as deep as the book's leaves.

        Bounded by ``OUT_OF_BOOK_NODES``; ``None`` if the move is not legal there.
        """
        if not position.is_legal(square):
            return None
        limits = ai.Limits(depth=max(1, self.book.info.depth), nodes=OUT_OF_BOOK_NODES)
        return ai.advise(position, limits, every_value=True).run().values.get(square)

    def whose_turn(self) -> str:
        """A line for the player: whose move it is or how the line ended."""
        if self.phase is Phase.OVER:
            return self.end_reason
        if self.phase is Phase.REJECTED:
            return _("Try again, or go on to the next line.")
        if self.phase is Phase.HUMAN:
            return _("Your move ({colour}): play what a master would.").format(
                colour=colour_name(self.position.to_move))
        return _("The computer ({colour}) plays a master's move…").format(colour=colour_name(opponent_of(self.colour)))
