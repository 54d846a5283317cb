"""The opening trainer's list: the named openings the book covers, a page at a time, and the colour to play.

Each tile shows the opening's progress for the chosen colour; a line handed
in (the explorer's) comes first. Choosing one opens ``TrainerScene``
(``game.scenes.trainer.line``).
"""

from __future__ import annotations

import pygame

from game.engine import BLACK, WHITE, Color
from game.i18n import _, number
from game.records.wthor import CREDIT
from game.scenes.base import Context, Scene
from game.scenes.entries import Entry, TrainerEntry, TrainerPlayEntry
from game.scenes.trainer.book import handed_opening, load_book
from game.trainer.model import GOOD_MARGIN
from game.trainer.openings import TrainingOpening, opening_title, trainable_openings
from game.trainer.progress import TrainerProgress
from game.ui.layout import is_phone, is_portrait
from game.ui.text_flow import say_above
from game.ui.widgets import LABEL_MARGIN, Button, ButtonGroup, button_row, fill_background

TILE_SIZE = 21
SUBTITLE_SIZE = max(12, int(TILE_SIZE * 0.62))
"""The size ``Button`` draws a subtitle at under a label of ``TILE_SIZE``."""


class TrainerListScene(Scene):
    """The openings to train, a page at a time, and the colour to play."""

    changes_only_on_input = True

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
        self.progress = self.ctx.store.load_trainer_progress()
        super().startup(now_ms, entry)
        if self.error:
            self.ctx.toasts.show(self.error, error=True, ms=8000)

    def resume(self, now_ms: int) -> None:
        """Back from training a line: its marks may have changed."""
        self.progress = self.ctx.store.load_trainer_progress()
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
        # the phone's tiles take the whole width: a subtitle at its 16 px did not fit half of it
        columns, top = (1 if is_phone(self.ctx.size) else 2, 232) if portrait else (3, 186)
        bottom_row = pygame.Rect(margin, height - (110 if portrait else 92), width - 2 * margin, 58)
        tile_h, gap = (60 if columns == 1 else 70), 10
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
        self.group = ButtonGroup(buttons)

    def _subtitle(self, opening: TrainingOpening, width: int) -> str:
        """Progress first (never cut), then as much of the line's moves as fits."""
        moves = opening.transcript() or (_("the start position") if opening.start is None else _("a set position"))
        progress = self.progress.of(opening.progress_name, self.colour).summary()
        if opening.kept_as:
            progress = _("{opening}: {progress}").format(opening=opening_title(opening.kept_as), progress=progress)
        line = _("{progress} · {moves}").format(progress=progress, moves=moves) if opening.saved else moves
        return self.ctx.text.ellipsize(line, SUBTITLE_SIZE, width - 2 * LABEL_MARGIN)  # the tile's label box

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
        say_above(text, surface, _(CREDIT), 14, theme.text_dim, pygame.Rect(16, 0, width - 32, height - 4),
                  align="center")
