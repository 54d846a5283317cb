"""The opening trainer: choose an opening and a colour, then answer the book's main lines move by move.

The list pages through the named openings the book covers (with each
one's progress for the chosen colour). In a line the computer plays
masters' moves (``game.trainer``, a play session), the board's reply
delay apart so each can be seen; every answer is judged at once by the book, and a mistake names the
better moves in the panel and rings them on the board, with their values.
Progress is saved after every answer, like the challenges', so a line left
any way (after a weak move, by Back or Menu, by closing the window) counts.
"""

from __future__ import annotations

import random

import pygame

from game.ai.book import Book, BookError, default_book
from game.engine import BLACK, WHITE, Color
from game.i18n import N_, _, ngettext, number
from game.play.session import Phase, Refusal
from game.play.words import colour_name
from game.records.openings import opening_name
from game.records.wthor import CREDIT
from game.scenes.base import Context, Scene
from game.scenes.entries import Entry, TrainerEntry, TrainerPlayEntry
from game.trainer import (
    GOOD_MARGIN,
    LineResult,
    TrainerProgress,
    TrainerSession,
    TrainingOpening,
    disc_text,
    load_progress,
    opening_at,
    opening_title,
    save_progress,
    trainable_openings,
)
from game.ui.board_view import Marks
from game.ui.layout import game_layout, is_portrait
from game.ui.session_board import SessionBoard
from game.ui.text_flow import say as flow
from game.ui.theme import RGB
from game.ui.widgets import Button, ButtonGroup, button_row, draw_panel, fill_background

TILE_SIZE = 21
SUBTITLE_SIZE = max(12, int(TILE_SIZE * 0.62))
"""The size ``Button`` draws a subtitle at under a label of ``TILE_SIZE``."""


def load_book() -> tuple[Book | None, str]:
    """The opening book, or ``None`` and why it could not be read."""
    try:
        return default_book(), ""
    except (OSError, BookError) as exc:
        return None, _("The opening book could not be read: {reason}").format(reason=exc)


def handed_opening(entry: TrainerEntry | TrainerPlayEntry) -> TrainingOpening | None:
    """The line another scene hands in: an ``opening``, or ``moves`` from the start, or a ``position``."""
    if isinstance(entry, TrainerPlayEntry) and entry.opening is not None:
        return entry.opening
    moves, position = entry.moves, entry.position
    if moves is None and position is None:
        return None
    try:
        return opening_at(tuple(moves or ()), position)
    except (TypeError, ValueError):
        return None


# -- the list ----------------------------------------------------------------------------


class TrainerListScene(Scene):
    """The openings to train, a page at a time, and the colour to play."""

    menu_label = N_("Opening trainer")
    menu_order = 35
    menu_subtitle = N_("Answer the masters' main lines, judged by the book")

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.colour: Color = BLACK
        self.page = 0
        self.openings: list[TrainingOpening] = []
        self.error = ""
        self.progress = TrainerProgress()
        self.group = ButtonGroup()
        self.per_page = 1

    def startup(self, now_ms: int, entry: Entry) -> None:
        """Load the book's openings and the progress; a line handed in (the explorer's) comes first."""
        assert isinstance(entry, TrainerEntry)
        book, self.error = load_book()
        self.openings = trainable_openings(book) if book is not None else []
        handed = handed_opening(entry)
        if handed is not None and book is not None:
            self.openings.insert(0, handed)
            self.page = 0
        if entry.colour in (BLACK, WHITE):
            self.colour = entry.colour
        self.progress = load_progress(self.ctx.store.documents)
        self.ctx.flush_storage_messages()
        super().startup(now_ms, entry)
        if self.error:
            self.ctx.toasts.show(self.error, error=True, ms=8000)

    def resume(self, now_ms: int) -> None:
        """Back from training a line: its marks may have changed."""
        self.progress = load_progress(self.ctx.store.documents)
        self.ctx.flush_storage_messages()
        super().resume(now_ms)

    @property
    def pages(self) -> int:
        """How many pages the list takes."""
        return max(1, -(-len(self.openings) // self.per_page))

    def layout(self) -> None:
        """Colour choice on top, a grid of openings, page buttons and Back at the bottom."""
        width, height = self.ctx.size
        portrait = is_portrait(self.ctx.size)
        margin = 24
        self.ctx.toasts.area = pygame.Rect(margin, 4, width - 2 * margin, 146 if portrait else 104)  # above the buttons
        colour_row = pygame.Rect(margin + (0 if portrait else 280), 156 if portrait else 112,
                                 width - 2 * margin - (0 if portrait else 560), 54)
        columns, top = (2, 232) if portrait else (3, 186)
        bottom_row = pygame.Rect(margin, height - (110 if portrait else 92), width - 2 * margin, 58)
        tile_h, gap = 70, 10
        rows = max(1, (bottom_row.top - 14 - top + gap) // (tile_h + gap))
        self.per_page = rows * columns
        self.page = max(0, min(self.page, self.pages - 1))
        tile_w = (width - 2 * margin - (columns - 1) * gap) // columns
        buttons = button_row(colour_row, [(_("Play Black"), f"colour:{BLACK}"), (_("Play White"), f"colour:{WHITE}")],
                             size=22)
        for button in buttons:
            button.selected = button.action == f"colour:{self.colour}"
        first = self.page * self.per_page
        for i, opening in enumerate(self.openings[first:first + self.per_page]):
            row, col = divmod(i, columns)
            rect = pygame.Rect(margin + col * (tile_w + gap), top + row * (tile_h + gap), tile_w, tile_h)
            buttons.append(Button(rect, opening_title(opening.name), f"open:{first + i}",
                                  subtitle=self._subtitle(opening, tile_w), size=TILE_SIZE))
        self.page_label_box = pygame.Rect(16, bottom_row.top - 28, width - 32, 24)
        buttons += button_row(bottom_row, [(_("< Page"), "page:-1"), (_("Back"), "back"), (_("Page >"), "page:1")],
                              size=22)
        self.group = ButtonGroup(buttons, columns=columns)

    def _subtitle(self, opening: TrainingOpening, width: int) -> str:
        """Progress first (never cut), then as much of the line's moves as fits."""
        moves = opening.transcript() or (_("the start position") if opening.start is None else _("a set position"))
        progress = self.progress.of(opening.progress_name, self.colour).summary()
        if opening.kept_as:
            progress = _("{opening}: {progress}").format(opening=opening_title(opening.kept_as), progress=progress)
        line = _("{progress} · {moves}").format(progress=progress, moves=moves) if opening.saved else moves
        return self.ctx.text.ellipsize(line, SUBTITLE_SIZE, width - 20)

    def _relayout(self) -> None:
        focus = self.group.focus
        self.layout()
        self.group.focus = focus if focus is not None and focus < len(self.group.buttons) else None

    def turn_page(self, delta: int) -> None:
        """Show the next (or previous) page."""
        page = max(0, min(self.pages - 1, self.page + delta))
        if page != self.page:
            self.page = page
            self._relayout()

    def get_event(self, event: pygame.event.Event) -> None:
        """Colour, an opening, the pages (also the wheel and Page Up/Down) or Back."""
        if event.type == pygame.MOUSEWHEEL:
            self.turn_page(-1 if event.y > 0 else 1)
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.turn_page(-1 if event.key == pygame.K_PAGEUP else 1)
            return
        action = self.menu_choice(self.group, event)
        if action is None:
            return
        if action.startswith("colour:"):
            self.colour = WHITE if action.endswith(WHITE) else BLACK
            self._relayout()
        elif action.startswith("page:"):
            self.turn_page(int(action.removeprefix("page:")))
        elif action.startswith("open:"):
            index = int(action.removeprefix("open:"))
            if 0 <= index < len(self.openings):
                self.open(TrainerPlayEntry(self.colour, self.openings[index]))

    def draw(self, surface: pygame.Surface, now_ms: int) -> None:
        """Title, the summary, the tiles, the page number and the credit."""
        theme, text = self.ctx.theme, self.ctx.text
        fill_background(surface, theme)
        width, height = self.ctx.size
        text.draw_in(surface, _("Opening trainer"), 46, theme.text, pygame.Rect(16, 16, width - 32, 60), bold=True)
        played = sum(p.lines for by in self.progress.openings.values() for p in by.values())
        summary = self.error or _("{lines} lines from the opening book · {played} played so far · a move more than "
                                  "{margin} discs below the best is a mistake").format(
            lines=number(len(self.openings)), played=number(played), margin=number(GOOD_MARGIN, 0))
        text.draw_in(surface, summary, 19, theme.text_dim, pygame.Rect(24, 78, width - 48, 60), "center", "top",
                     wrap=True, line_gap=1.2)
        for button in self.group.buttons:
            if button.action == "page:-1":
                button.enabled = self.page > 0
            elif button.action == "page:1":
                button.enabled = self.page < self.pages - 1
        self.group.draw(surface, text, theme)
        text.draw_in(surface, _("Page {page} of {pages}").format(page=self.page + 1, pages=self.pages), 17,
                     theme.text_dim, self.page_label_box, valign="bottom")
        text.draw_in(surface, _(CREDIT), 14, theme.text_dim, pygame.Rect(16, height - 26, width - 32, 24), smallest=12)


# -- one opening --------------------------------------------------------------------------


class TrainerScene(Scene):
    """Lines of one opening: the computer's book moves, your answers, the feedback and the score."""

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
        self.progress = load_progress(self.ctx.store.documents)
        self.ctx.flush_storage_messages()
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
            save_progress(self.ctx.store.documents, self.progress)
            self.ctx.flush_storage_messages()

    def layout(self) -> None:
        """The board, the header, the feedback panel and the buttons, landscape or portrait."""
        width, height = self.ctx.size
        if is_portrait(self.ctx.size):
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
        self.board.view = self.ctx.board_view(board_rect)
        self.ctx.toasts.area = self.panel.inflate(-16, -16)
        top = button_row(rows[0], [(_("Try again"), "retry"), (_("Next line"), "next")])
        bottom = button_row(rows[1], [(_("Openings"), "list"), (_("Menu"), "menu")])
        self.group = ButtonGroup(top + bottom, columns=2)

    # -- events -------------------------------------------------------------------------

    def get_event(self, event: pygame.event.Event) -> None:
        """Buttons, the board, and keys (T try again, N next line, Escape the list)."""
        action = self.group.handle(event) if event.type != pygame.KEYDOWN else None
        if action is not None:
            self.act(action)
            return
        if event.type == pygame.KEYDOWN:
            shortcut = {pygame.K_t: "retry", pygame.K_n: "next", pygame.K_ESCAPE: "list"}.get(event.key)
            if shortcut is not None:
                self.act(shortcut)
                return
        square = self.board.pick(event)
        if square is not None:
            self.try_move(square)

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
        credit_lines = len(text.wrap(_(CREDIT), 14, inner.width))
        credit = pygame.Rect(inner.left, inner.bottom - 18 * credit_lines - 2, inner.width, 18 * credit_lines + 2)
        text.draw_in(surface, _(CREDIT), 14, theme.text_dim, credit, "left", "top", wrap=True, smallest=12,
                     line_gap=18 / 14)
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
