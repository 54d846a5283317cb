"""The library of master games: the World Championship finals first, then search; review, explore or play on.

Left: the shelf of World Championship finals (``game.library.famous``; a
final opens its games) or, under Search, four fields (player, event, year or
years, opening name or first moves), the player's colour (either, Black,
White) and the games found, newest first, a page at a time; world
championship games are starred. Right: the game chosen, on a board you
can step through (``<`` ``>``, Left/Right), with its players, event and
recorded result, and three ways on: Review (the review scene, with
its evaluation graph and mistakes), Explorer (the opening explorer at the
position shown) and Play from here (against the computer at your last level,
as practice: a game handed in does not count in the statistics).

The games load a slice a frame (``game.library.service``); on the desktop
the whole WTHOR database, in the browser the subset shipped with the web
build (docs/web.md). Every screen credits the FFO.
"""

from __future__ import annotations

import pygame

from game.engine import BLACK, GameRecord, TranscriptError
from game.i18n import N_, _, translated
from game.library import words
from game.library.famous import Final, find_finals
from game.library.positions import PLIES
from game.library.search import Color, Query, QueryError, SearchIndex, parse_years
from game.library.service import LibraryService, shared
from game.platform.page_text_field import PageTextField
from game.play.match import MatchSetup, Mode, against_the_computer
from game.records.wthor import CREDIT, WthorGame
from game.scenes.base import Context, TextScene
from game.scenes.entries import Entry, ExplorerEntry, GameEntry, ReviewEntry
from game.ui.board_view import Marks
from game.ui.layout import is_low, is_phone, is_portrait
from game.ui.text_field import MAX_CHARS, TextField
from game.ui.text_flow import say_above
from game.ui.widgets import Button, ButtonGroup, button_row, button_rows, draw_panel, fill_background

# the placeholders are short enough to show whole in their fields; a range of years and an opening's name are
# searched too (docs/library.md)
FIELDS = ((N_("Player"), N_("e.g. Takanashi")), (N_("Event"), N_("e.g. World")), (N_("Year"), N_("e.g. 1995")),
          (N_("Opening"), N_("e.g. f5d6c3")))
"""The search fields' labels and placeholders (translated at each layout)."""


def load_library_slice(ctx: Context) -> LibraryService:
    """Load the shared library for this frame's slice; what it had to rebuild is said once, as a toast."""
    service = shared()
    if not service.done:
        service.advance(ctx.frame.slice_ms)
    note = service.take_note()
    if note:
        ctx.toasts.show(note, ms=7000)
    return service


class LibraryScene(TextScene):
    """Browse, search and open the master games."""


    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.mode = "shelf"
        """``'shelf'`` (the finals), ``'final'`` (one final's games) or ``'search'``."""
        self.finals: list[Final] | None = None
        self.search_index: SearchIndex | None = None
        self.results: list[WthorGame] = []
        self.total = 0
        self.heading = ""
        self.page = 0
        self.selected: WthorGame | None = None
        self.record: GameRecord | None = None
        self.ply = 0
        self.fields = [TextField(pygame.Rect(0, 0, 0, 0), label, placeholder=hint) for label, hint in FIELDS]
        self.group = ButtonGroup()
        self.rows_per_page = 8
        self.color: Color = "any"
        """The colour the Player field's name played: any, black or white (the third button under the fields)."""
        self.page_field = PageTextField()
        """On a touch screen in the browser, an HTML field over the focused one brings up the keyboard."""
        self._page_field_for: TextField | None = None

    # -- life cycle -------------------------------------------------------------------

    def startup(self, now_ms: int, entry: Entry) -> None:
        """Come back to where the library was (the state is kept on the scene)."""
        super().startup(now_ms, entry)

    def close_page_field(self) -> None:
        """The page's field over a search field goes with the text input."""
        self._follow_focus(None)

    def _follow_focus(self, field: TextField | None) -> None:
        """Put the page's text field (touch browsers only) over ``field``, or take it away."""
        if field is self._page_field_for:
            return
        self.page_field.close()
        self._page_field_for = field
        if field is not None:
            width, height = self.ctx.size
            box = field.rect
            self.page_field.open((box.x / width, box.y / height, box.width / width, box.height / height),
                                 field.text, field.placeholder)

    def still(self) -> bool:
        """Whether the frame on screen can stay: the games (and the explorer's index) are in, and no page field takes
        typing on a touch screen (what is typed there comes with no event)."""
        return shared().done and self._page_field_for is None

    def update(self, now_ms: int) -> None:
        """Load the games (then the explorer's index) a slice a frame; build the shelf when the games are in."""
        service = load_library_slice(self.ctx)
        if self.finals is None and service.table is not None:
            self.finals = find_finals(service.table)
            self.layout()
        focused = next((f for f in self.fields if f.focused), None) if self.mode == "search" else None
        self._follow_focus(focused)
        if focused is not None:
            typed = self.page_field.sync(focused.text)
            if typed is not None:
                focused.text = typed[:MAX_CHARS]

    # -- layout ------------------------------------------------------------------------

    def layout(self) -> None:
        """Lists on the left (above in portrait), the chosen game on the right (below)."""
        width, height = self.ctx.size
        portrait, phone, low = is_portrait(self.ctx.size), is_phone(self.ctx.size), is_low(self.ctx.size)
        left_w = width - 48 if portrait else 684 if low else 620
        tabs = pygame.Rect(24, 64, min(420, left_w), 44)
        buttons = button_row(tabs, [(_("World finals"), "shelf"), (_("Search"), "search")], gap=10, size=20)
        for field, (label, hint) in zip(self.fields, FIELDS, strict=True):  # in the language of the moment
            field.label, field.placeholder = _(label), _(hint)
        buttons[0].selected = self.mode in ("shelf", "final")
        buttons[1].selected = self.mode == "search"
        top = 124
        # the four fields side by side (two by two on the phone, whose placeholders are 16 px): the form takes
        # two rows (three), so a page lists more games
        per_row = 2 if phone else 4
        field_width = (left_w - (per_row - 1) * 12) // per_row
        for i, field in enumerate(self.fields):
            row, column = divmod(i, per_row)
            field.rect = pygame.Rect(24 + column * (field_width + 12), 146 + row * 68, field_width, 42)
        form_bottom = self.fields[-1].rect.bottom
        if self.mode == "search":
            colour = {"any": _("Either colour"), "black": _("As Black"), "white": _("As White")}[self.color]
            buttons += button_row(pygame.Rect(24, form_bottom + 16, left_w, 44),
                                  [(_("Search"), "find"), (_("Clear"), "clear"), (colour, "color")], gap=16, size=20)
            top = form_bottom + 72
        if phone or low:  # the board with its buttons beside it, the game's words under them
            if phone:  # all of it under the lists, across the width
                back = pygame.Rect(24, height - 100, width - 48, 48)  # the credit's two lines under it
                self.info_rect = pygame.Rect(24, back.top - 184, width - 48, 172)
                self.board_rect = pygame.Rect(24, self.info_rect.top - 270, 260, 260)
                bottom = self.board_rect.top - 12
            else:  # a phone on its side: all of it beside the lists, the credit's two lines under them
                right = left_w + 48
                self.board_rect = pygame.Rect(right, 16, 232, 232)
                bottom = height - 56
                back = pygame.Rect(24 + left_w - 200, bottom - 44, 200, 44)  # beside the pager: the words go down
                self.info_rect = pygame.Rect(right, self.board_rect.bottom + 12, width - 24 - right,
                                             height - 20 - self.board_rect.bottom - 12)
            beside = pygame.Rect(self.board_rect.right + 12, self.board_rect.top, 0, self.board_rect.height)
            beside.width = width - 24 - beside.left
            nav_rows = 2 if phone else 1  # the four steps in one row where the column is 200 px, not 260
            nav = [pygame.Rect(beside.left, beside.top + i * 52, beside.width, 44) for i in range(nav_rows)]
            actions = [pygame.Rect(beside.left, beside.top + nav_rows * 52 + 4 + i * 52, beside.width, 44)
                       for i in range(3)]
            self.credit_pos = (24, height - 28)
        elif portrait:
            self.board_rect = pygame.Rect(24, 724, 300, 300)
            self.info_rect = pygame.Rect(340, 724, width - 364, 300)
            nav = [pygame.Rect(24, 1036, width - 48, 50)]
            actions = [pygame.Rect(24, 1098, width - 48, 56)]
            back = pygame.Rect(24, 1166, width - 48, 50)
            self.credit_pos = (24, 1236)
            bottom = 700
        else:
            right = 668
            self.board_rect = pygame.Rect(right + (width - right - 24 - 360) // 2, 20, 360, 360)
            self.info_rect = pygame.Rect(right, 448, width - right - 24, 150)
            nav = [pygame.Rect(right, 390, width - right - 24, 46)]
            actions = [pygame.Rect(right, 610, width - right - 24, 56)]
            back = pygame.Rect(right, 680, width - right - 24, 50)
            self.credit_pos = (24, height - 30)
            bottom = height - 64
        row_h, gap = 50, 6
        self.heading_box = pygame.Rect(24, top, left_w, 28)
        if (phone or low) and not self.ctx.text.fits_one_line(self.heading_text(), 19, left_w, bold=True):
            self.heading_box.height = 52  # two lines where even the smallest text does not fit one
        self.title_box = pygame.Rect(24, 16, left_w, 44)
        first_row = top + self.heading_box.height + 2
        self.rows_per_page = max(1, (bottom - 50 - first_row) // (row_h + gap))
        for i, (label, subtitle, action) in enumerate(self.page_rows()):
            rect = pygame.Rect(24, first_row + i * (row_h + gap), left_w, row_h)
            buttons.append(Button(rect, label, action, subtitle=subtitle, size=19,
                                  selected=action == self._selected_action()))
        pager = pygame.Rect(24, bottom - 44, left_w - (216 if low else 0), 44)
        pages = button_row(pager, [(_("< Previous"), "page:-1"), (_("Next >"), "page:1")], gap=16, size=18)
        pages[0].enabled = self.page > 0
        pages[1].enabled = (self.page + 1) * self.rows_per_page < self.row_count()
        buttons += pages
        self.view = self.ctx.board_view(self.board_rect)
        self.ctx.toasts.area = self.info_rect  # no buttons there
        chosen = self.record is not None
        for button in button_rows(nav, [("|<", "first"), ("<", "previous"), (">", "next"), (">|", "last")],
                                  gap=8, size=22):
            button.enabled = chosen
            buttons.append(button)
        for button in button_rows(actions, [(_("Review"), "review"), (_("Explorer"), "explorer"),
                                            (_("Play from here"), "play")], gap=10, size=20):
            button.enabled = chosen or button.action == "explorer"
            buttons.append(button)
        buttons += button_row(back, [(_("Back"), "back")], size=22)
        self.group = ButtonGroup(buttons)

    def row_count(self) -> int:
        """Rows in the current list."""
        if self.mode == "shelf":
            return len(self.finals or [])
        return len(self.results)

    def page_rows(self) -> list[tuple[str, str, str]]:
        """(label, subtitle, action) of the rows on the current page."""
        start = self.page * self.rows_per_page
        if self.mode == "shelf":
            finals = (self.finals or [])[start : start + self.rows_per_page]
            return [(final.title, final.summary, f"final:{start + i}") for i, final in enumerate(finals)]
        games = self.results[start : start + self.rows_per_page]
        return [(*words.game_label(game), f"game:{start + i}") for i, game in enumerate(games)]

    def _selected_action(self) -> str | None:
        if self.selected is None or self.mode == "shelf":
            return None
        try:
            return f"game:{self.results.index(self.selected)}"
        except ValueError:
            return None

    # -- actions -------------------------------------------------------------------------

    def get_event(self, event: pygame.event.Event) -> None:
        """Fields (in Search), keys, the lists and the buttons."""
        if self.mode == "search":
            for field in self.fields:
                if field.handle(event) == "submit":
                    self.act("find")
                    return
            typing = any(field.focused for field in self.fields)
            if typing and event.type in (pygame.TEXTINPUT, pygame.KEYDOWN) and getattr(event, "key", None) not in (
                    pygame.K_ESCAPE, pygame.K_TAB):
                return
        if event.type == pygame.KEYDOWN:
            key = {pygame.K_LEFT: "previous", pygame.K_RIGHT: "next", pygame.K_HOME: "first",
                   pygame.K_END: "last", pygame.K_PAGEUP: "page:-1", pygame.K_PAGEDOWN: "page:1"}.get(event.key)
            if key is not None:
                self.act(key)
                return
        action = self.menu_choice(self.group, event)
        if action is not None:
            self.act(action)

    def act(self, action: str) -> None:
        """Carry out a button's action."""
        if action in ("shelf", "search"):
            self.mode, self.page = action, 0
            for field in self.fields:
                field.focused = action == "search" and field is self.fields[0] and not any(
                    f.text for f in self.fields)
        elif action == "find":
            self.find()
        elif action == "color":  # which side the player's name is looked for on
            turn: dict[Color, Color] = {"any": "black", "black": "white", "white": "any"}
            self.color = turn[self.color]
            if self.mode == "search" and self.heading:
                self.find()
        elif action == "clear":
            for field in self.fields:
                field.text = ""
            self.results, self.total, self.heading = [], 0, ""
        elif action.startswith("page:"):
            pages = max(1, -(-self.row_count() // self.rows_per_page))
            self.page = max(0, min(pages - 1, self.page + int(action[5:])))
        elif action.startswith("final:") and self.finals is not None:
            final = self.finals[int(action[6:])]
            self.mode, self.page = "final", 0
            self.results, self.total = list(final.games), len(final.games)
            self.heading = _("{year} final: {winner} - {runner_up}").format(year=final.year, winner=final.winner,
                                                                             runner_up=final.runner_up)
            self.choose(final.games[0])
        elif action.startswith("game:"):
            self.choose(self.results[int(action[5:])])
        elif action in ("first", "previous", "next", "last"):
            self.step(action)
        elif action == "review":
            self.review()
        elif action == "explorer":
            self.open(ExplorerEntry(self.played_moves()[:PLIES]))  # no further than it counts
            return
        elif action == "play":
            self.play()
            return
        self.layout()

    def find(self) -> None:
        """Search with the four fields; a bad field is named and nothing changes."""
        service = shared()
        if service.table is None:
            self.ctx.toasts.show(service.error or _("The games are still loading."), error=service.error is not None)
            return
        player, event, year, opening = (field.text.strip() for field in self.fields)
        try:
            years = parse_years(year) if year else None
            if self.search_index is None or self.search_index.table is not service.table:
                self.search_index = SearchIndex(service.table)
            found = self.search_index.search(Query(player, self.color, event, years, opening), limit=10_000)
        except QueryError as exc:
            self.ctx.toasts.show(str(exc), error=True)
            return
        self.mode, self.page = "search", 0
        self.results, self.total = found.games, found.total
        self.heading = words.search_heading(found)
        for field in self.fields:
            field.focused = False

    def choose(self, game: WthorGame) -> None:
        """Show a game on the board, at its end."""
        try:
            record = GameRecord.from_transcript(game.moves)
        except TranscriptError as exc:
            self.ctx.toasts.show(_("This game cannot be replayed: {reason}").format(reason=translated(exc)), error=True)
            return
        self.selected, self.record = game, record
        self.ply = len(record.plies)

    def played_moves(self) -> list[int]:
        """The chosen game's moves up to the position shown (passes left out)."""
        return words.played_moves(self.record, self.ply) if self.record is not None else []

    def step(self, action: str) -> None:
        """Move through the chosen game."""
        if self.record is None:
            return
        last = len(self.record.plies)
        self.ply = {"first": 0, "previous": self.ply - 1, "next": self.ply + 1, "last": last}[action]
        self.ply = max(0, min(last, self.ply))

    def review(self) -> None:
        """Open the chosen game in the review, at the position shown."""
        if self.record is None:
            return
        game = self.selected
        recorded = (game.black_discs, game.white_discs) if game is not None else None
        players = (game.black, game.white) if game is not None else None
        self.open(ReviewEntry(self.record, MatchSetup(Mode.TWO, BLACK), index=self.ply, recorded=recorded,
                              players=players))

    def play(self) -> None:
        """Play on from the position shown against the computer, as practice."""
        if self.record is None:
            return
        record = GameRecord.from_transcript(self.record.transcript)
        record.goto(self.ply)
        if record.is_over():
            self.ctx.toasts.show(_("The game is over here: step back to a position where a move can be played."))
            return
        record = GameRecord.from_transcript(record.transcript)  # without the game's later moves
        settings = self.ctx.settings
        setup = against_the_computer(record.position.to_move, settings.level, settings.custom, given=record.ply)
        self.start_game(GameEntry(setup, record,
                              message=_("Playing on from a master game: practice, not counted in your statistics.")))

    # -- drawing ---------------------------------------------------------------------------

    def heading_text(self) -> str:
        """The line over the list: what it holds (the page first, where an ellipsis cannot take it), or the
        master games' loading."""
        service = shared()
        if service.table is None:
            return service.progress_text()
        if self.mode == "search" and not self.heading:
            return _("Type in any field, then Search (Enter)")
        heading = self.heading if self.mode != "shelf" else _("World Championship finals")
        pages = -(-self.row_count() // self.rows_per_page)
        if pages > 1:
            heading = _("Page {page} of {pages} · {heading}").format(page=self.page + 1, pages=pages, heading=heading)
        return heading

    def info_lines(self) -> list[tuple[str, int, bool]]:
        """(text, size, dim) lines about the chosen game."""
        return words.info_lines(self.selected, self.record, self.ply)

    def move_line(self) -> str:
        """Where the board is in the chosen game: ``'Move 23 of 60: c4 by Black · White to move · Tiger'``."""
        return words.move_line(self.record, self.ply) if self.record is not None else ""

    def draw(self, surface: pygame.Surface, now_ms: int) -> None:
        """Title, lists, the chosen game, buttons and the credit."""
        theme = self.ctx.theme
        text = self.ctx.text
        fill_background(surface, theme)
        text.draw_in(surface, _("Library of master games"), 30, theme.text, self.title_box, "left", bold=True)
        service = shared()
        if self.mode == "search":
            for field in self.fields:
                field.draw(surface, text, theme)
        text.draw_in(surface, self.heading_text(), 19, theme.text_dim, self.heading_box, "left", "top", bold=True,
                     wrap=self.heading_box.height > 28)
        if self.record is not None:
            position = self.record.position_at(self.ply)
            previous = next((p for p in reversed(self.record.plies[: self.ply]) if p >= 0), None)
            self.view.draw(surface, position, Marks(last_move=previous))
        else:
            self.view.draw(surface, GameRecord().position, Marks())
        draw_panel(surface, self.info_rect, theme)
        inner = self.info_rect.inflate(-24, -12)
        y = inner.top + 6
        for line, size, dim in self.info_lines():
            two_lines = text.assets.font(size, not dim).get_height() + size + 6
            box = pygame.Rect(inner.left, y, inner.width, min(two_lines, inner.bottom - y))
            if box.height < size + 2:
                break
            taken = text.draw_in(surface, line, size, theme.text_dim if dim else theme.text, box, "left", "top",
                                 bold=not dim, wrap=True, line_gap=(size + 6.5) / size)
            y = taken.bottom + 8
        self.group.draw(surface, text, theme)
        credit = _(CREDIT) if service.table is None or service.table.full else \
            _("{credit} (the browser's selection)").format(credit=_(CREDIT))
        if is_phone(self.ctx.size) or is_low(self.ctx.size):  # two lines where one is too narrow at 16 px
            column = self.heading_box.width if is_low(self.ctx.size) else self.ctx.size[0] - 48
            say_above(text, surface, credit, 14, theme.text_dim, pygame.Rect(24, 0, column, self.ctx.size[1] - 6))
        else:
            text.draw_in(surface, credit, 14, theme.text_dim,
                         pygame.Rect(self.credit_pos, (self.ctx.size[0] - 48, 20)), "left", "top")
