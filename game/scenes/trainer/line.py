"""The opening trainer on one opening: answer the book's main lines move by move.

In a line the computer plays masters' moves (``game.trainer``, a play
session on the board bound to it), the board's reply delay apart so each can
be seen; every answer is judged at once by the book, and a mistake names the
better moves in the panel and rings them on the board, with their values.
Progress is saved after every answer, like the challenges', so a line left
any way (after a weak move, by Back or Menu, by closing the window) counts.
"""

from __future__ import annotations

import random
from typing import ClassVar

import pygame

from game.engine import BLACK, WHITE, Color
from game.i18n import _, ngettext
from game.play.session import Phase, Refusal
from game.play.words import colour_name
from game.records.openings import opening_name
from game.records.wthor import CREDIT
from game.scenes.base import Context
from game.scenes.board_scene import BoardScene
from game.scenes.entries import Entry, TrainerPlayEntry
from game.scenes.trainer.book import handed_opening, load_book
from game.trainer.feedback import disc_text
from game.trainer.model import LineResult, TrainerSession
from game.trainer.openings import opening_title, trainable_openings
from game.trainer.progress import TrainerProgress
from game.ui.board_view import Marks
from game.ui.layout import game_layout, is_low, is_phone, is_portrait
from game.ui.session_board import SessionBoard
from game.ui.text_flow import say as flow
from game.ui.text_flow import say_above
from game.ui.theme import RGB
from game.ui.widgets import ButtonGroup, button_rows, draw_panel, fill_background


class TrainerScene(BoardScene):
    """Lines of one opening: the computer's book moves, your answers, the feedback and the score."""

    shortcuts: ClassVar[dict[int, str]] = {pygame.K_t: "retry", pygame.K_n: "next", pygame.K_ESCAPE: "list"}
    """T try again, N the next line, Escape the list."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.board = SessionBoard(ctx)
        self.session: TrainerSession | None = None
        self.progress = TrainerProgress()
        self.message = ""
        self.now_ms = 0
        self.group = ButtonGroup()
        self.rng: random.Random = ctx.rng

    # -- life cycle ---------------------------------------------------------------------

    def startup(self, now_ms: int, entry: Entry) -> None:
        """Open the line handed in (``opening`` or ``moves``/``position``; else the start) with ``colour``."""
        assert isinstance(entry, TrainerPlayEntry)
        self.now_ms = now_ms
        book, error = load_book()
        opening = handed_opening(entry) or (trainable_openings(book)[0] if book is not None else None)
        colour: Color = WHITE if entry.colour == WHITE else BLACK
        self.progress = self.ctx.store.load_trainer_progress()
        super().startup(now_ms, entry)
        if book is None or opening is None:
            if error:
                self.ctx.toasts.show(error, error=True, ms=8000)
            self.back()
            return
        self.session = TrainerSession(opening, colour, book, self.rng, on_line_end=self._line_ended)
        self._begin_line()

    def _begin_line(self) -> None:
        assert self.session is not None
        self.board.bind(self.session)
        self.message = ""

    def _line_ended(self, result: LineResult) -> None:
        if result.opening.saved:
            self.progress.record_line(result.opening.progress_name, result.colour, result.answered, result.good,
                                      result.completed, result.mistakes, result.new_line)
            self.ctx.store.save_trainer_progress(self.progress)

    def layout(self) -> None:
        """The board, the header, the feedback panel and the buttons, landscape or portrait."""
        width, height = self.ctx.size
        if is_phone(self.ctx.size):  # the board across the screen, the buttons at its foot (1200 px, not 1280)
            self.header = pygame.Rect(16, 10, width - 32, 150)
            board_rect = pygame.Rect(0, 164, width, width)
            rows: tuple[pygame.Rect, ...] = (pygame.Rect(16, height - 136, width - 32, 56),
                                             pygame.Rect(16, height - 72, width - 32, 56))
            self.panel = pygame.Rect(16, board_rect.bottom + 10, width - 32, rows[0].top - 12 - board_rect.bottom - 10)
        elif is_portrait(self.ctx.size):
            self.header = pygame.Rect(16, 10, width - 32, 150)
            board_rect = pygame.Rect((width - 640) // 2, 164, 640, 640)
            self.panel = pygame.Rect(16, 814, width - 32, 290)
            rows = (pygame.Rect(16, 1118, width - 32, 60), pygame.Rect(16, 1190, width - 32, 60))
        else:
            rects = game_layout(self.ctx.size)
            side = rects.side
            board_rect = rects.board
            self.header = pygame.Rect(side.left, side.top, side.width, 150)
            self.panel = pygame.Rect(side.left, side.top + 160, side.width, 404)
            rows = (pygame.Rect(side.left, side.bottom - 168, side.width, 60),
                    pygame.Rect(side.left, side.bottom - 96, side.width, 60))
            if is_low(self.ctx.size):  # a phone on its side: the four buttons in one row, the panel down to it
                self.header.height = 134
                rows = (pygame.Rect(side.left, side.bottom - 56, side.width, 56),)
                self.panel = pygame.Rect(side.left, self.header.bottom + 6, side.width,
                                         rows[0].top - 12 - self.header.bottom - 6)
        self.board.view = self.ctx.board_view(board_rect)
        self.ctx.toasts.area = self.panel.inflate(-16, -16)
        labels = [(_("Try again"), "retry"), (_("Next line"), "next"), (_("Openings"), "list"), (_("Menu"), "menu")]
        self.group = ButtonGroup(button_rows(rows, labels))

    # -- events -------------------------------------------------------------------------

    def act(self, action: str) -> None:
        """Carry out a button's action."""
        session = self.session
        if action == "list":
            self.back()  # the list, or the explorer the line came from
        elif action == "menu":
            self.home()
        elif session is None:
            return
        elif action == "retry":
            self.board.skip_animation()
            if session.retry():
                self.message = _("Your move again.")
        elif action == "next":
            session.next_line()
            self._begin_line()

    def try_move(self, square: int) -> None:
        """The player's answer: refused with a reason, or played and judged by the book (the session's)."""
        session = self.session
        if session is None:
            return
        played = self.board.click(square, self.now_ms)  # after a mistake, the session takes the answer back first
        if isinstance(played, Refusal):
            self.message = played.text
            return
        self.message = ""
        if session.phase is Phase.REJECTED:
            self.board.flash_bad(square, self.now_ms)

    def still(self) -> bool:
        """Whether the frame on screen can stay: the player's move (after a mistake too) or the line's end, nothing
        moving on the board, no question up; not while the book's reply is on its way."""
        session = self.session
        return (self.dialog is None and self.board.at_rest(self.now_ms)
                and (session is None or session.phase in (Phase.HUMAN, Phase.REJECTED, Phase.OVER)))

    def update(self, now_ms: int) -> None:
        """Animations, and the computer's book move when it is due."""
        self.now_ms = now_ms
        self.board.advance(now_ms, self.ctx.frame.slice_ms)

    # -- drawing ------------------------------------------------------------------------

    def marks(self) -> Marks:
        """Dots on your turn; after a mistake the better moves ringed with their values."""
        session = self.session
        marks = self.board.marks(self.now_ms, legal=session is not None and session.phase is Phase.HUMAN)
        feedback = session.feedback if session is not None else None
        if feedback is not None and feedback.mistake and session is not None and session.phase is Phase.REJECTED:
            marks.best = [b.square for b in feedback.better]
            marks.hints = {b.square: disc_text(b.value) for b in feedback.better}
            if feedback.value is not None:
                marks.hints[feedback.square] = disc_text(feedback.value)
        return marks

    def draw(self, surface: pygame.Surface, now_ms: int) -> None:
        """Board, header, the feedback panel, the buttons and the credit."""
        theme, text = self.ctx.theme, self.ctx.text
        fill_background(surface, theme)
        self.board.draw(surface, self.marks(), now_ms)
        session = self.session
        if session is None:
            return
        header = self.header
        row = pygame.Rect(header.left, header.top, header.width, 44)
        text.draw_in(surface, opening_title(session.opening.name), 34, theme.text, row, "left", "top", bold=True,
                     smallest=12)
        you = _("You play {colour}").format(colour=colour_name(session.colour))
        line = session.opening.transcript()
        detail = _("{you} · {moves}").format(you=you, moves=line) if line else you
        text.draw_in(surface, detail, 19, theme.text_dim, row.move(0, 48).clip(header), "left", "top")
        following = opening_name(session.record.moves, session.record.start)
        if following and following != session.opening.name:
            text.draw_in(surface, _("Now in: {opening}").format(opening=opening_title(following)), 19, theme.accent,
                         row.move(0, 76).clip(header), "left", "top", bold=True)
        text.draw_in(surface, session.whose_turn(), 20, theme.text,
                     pygame.Rect(header.left, header.top + 104, header.width, header.height - 104), "left", "top",
                     wrap=True, line_gap=1.3)
        self._draw_panel(surface)
        for button in self.group.buttons:
            button.enabled = button.action != "retry" or session.phase is Phase.REJECTED
            button.primary = (button.action == "retry" and session.phase is Phase.REJECTED) or (
                button.action == "next" and session.phase is Phase.OVER)
        self.group.draw(surface, text, theme)

    def _draw_panel(self, surface: pygame.Surface) -> None:
        theme, text = self.ctx.theme, self.ctx.text
        session = self.session
        assert session is not None
        draw_panel(surface, self.panel, theme)
        inner = self.panel.inflate(-32, -28)
        # the judgements come from the FFO's games, which asks for credit wherever they are shown
        credit = say_above(text, surface, _(CREDIT), 14, theme.text_dim, inner, line_gap=18 / 14)
        score = pygame.Rect(inner.left, credit.top - 56, inner.width, 26)
        text.draw_in(surface, _("This line: {score}").format(score=session.line_score.text()), 18, theme.text, score,
                     "left", "top")
        so_far = ngettext("Session: {score} · {n} line", "Session: {score} · {n} lines", session.lines).format(
            score=session.score.text(), n=session.lines) if session.lines else \
            _("Session: {score}").format(score=session.score.text())
        text.draw_in(surface, so_far, 18, theme.text, score.move(0, 26), "left", "top")

        column = pygame.Rect(inner.left, inner.top, inner.width, score.top - 8 - inner.top)

        def say(words: str, size: int, colour: RGB, top: int, most: int, bold: bool = False) -> int:
            return flow(text, surface, words, size, colour, column, top, most, bold) + int(size * 0.3)

        y = inner.top
        feedback = session.feedback
        if self.message:
            y = say(self.message, 20, theme.text, y, 60)
        if feedback is not None:
            if feedback.mistake:
                title, colour = (_("Out of the book") if feedback.verdict == "out_of_book" else _("A weak move")), \
                    theme.danger
            else:
                title, colour = (_("Best move") if feedback.verdict == "best" else _("Good move")), theme.accent
            say(title, 24, colour, y, 34, bold=True)
            y = say(feedback.text, 19, theme.text, y + 34, 120) + 6
            if feedback.mistake and feedback.better:
                say(_("The better moves are ringed on the board."), 17, theme.text_dim, y, 30)
        elif session.phase is Phase.HUMAN and not self.message:
            moves = session.book_moves()
            say(ngettext("The book knows {n} move here.", "The book knows {n} moves here.", len(moves)).format(
                n=len(moves)), 19, theme.text_dim, y, 30)
