"""Setting up a game: your colour, a clock, and the computer's level, named (with its rating) or custom (remembered).

"Play at my level" starts against the level that gives the player about an even game by their rating
(``game.play.rating``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pygame

from game.ai import DEFAULT_LEVEL, LEVELS, CustomSpec, Level, custom_level, level_at
from game.engine import BLACK, WHITE, Position
from game.i18n import N_, _, pgettext
from game.play.levels import level_description, level_title
from game.play.match import MatchSetup, Mode
from game.play.rating import expected_score, my_level
from game.play.words import colour_name, seconds_text
from game.scenes.base import Context, Scene
from game.scenes.entries import Entry, GameEntry, NewGameEntry
from game.ui.layout import is_low, is_phone, is_portrait
from game.ui.text_flow import say
from game.ui.widgets import (
    MIN_BUTTON_TEXT,
    TIGHT_LABEL_MARGIN,
    Button,
    ButtonGroup,
    button_row,
    button_rows,
    draw_panel,
    fill_background,
    fit_heights,
)

COLOUR_LABELS = [(N_("Black"), "colour:black"), (N_("White"), "colour:white"), (N_("Random"), "colour:random")]
"""The colour choices (labels marked: translated when laid out)."""
CUSTOM_SPECS = ("time:1", "time:3", "time:10", "depth:4", "depth:8", "depth:12")
"""Custom levels: full strength with a chosen time per move or a fixed depth (labelled by ``custom_label``)."""
CLOCK_LABELS = [(N_("No clock"), "clock:0"), (N_("1 min"), "clock:60"), (N_("3 + 2"), "clock:180+2"),
                (N_("5 min"), "clock:300"), (N_("5 + 3"), "clock:300+3"), (N_("15 min"), "clock:900")]
"""Time controls: each side's time for the whole game, plus seconds gained after each move (Fischer)."""
LEVEL_PITCH = 62
"""The level rows' pitch when there are more than two."""
LEVEL_ROWS = {"landscape": 3, "portrait": 7, "low": 7}
"""At most this many rows of levels fit above the custom levels and the description (each way up), or beside them
on a phone held sideways ("low")."""
WIDE_COLUMN = 1080
"""The landscape column's width when six or more levels share a row (so each name keeps its size)."""
MY_LEVEL_WIDTH = 230
"""The width of the Play at my level button, at the right of the description box."""
PHONE_LEVEL_PITCH = 64
"""The level rows' pitch on the phone: a level's number and rating, under its name, are 16 px there."""
PHONE_CLOCK_ROWS = 2
"""The phone's clock choices take two rows ("No clock" at 16 px and five more do not fit one)."""
LOW_CHOICE = 44
"""A row of choices on a phone held sideways: a finger's height (the screen is low)."""
LOW_TWO_LINE_CHOICE = 56
"""The custom levels' row on a phone held sideways where a label takes two lines ("Profondeur" over "12")."""
MY_LEVEL_HEIGHT = 52
"""The height of Play at my level on the phone, across the foot of the description box."""


def custom_label(spec: str) -> str:
    """A custom level's button: '3 s', 'Depth 8' (in the player's language)."""
    custom = CustomSpec.parse(spec)
    if custom.kind == "time":
        return _("{seconds} s").format(seconds=seconds_text(custom.value))
    return _("Depth {depth}").format(depth=int(custom.value))


def parse_clock(action: str) -> tuple[int | None, int]:
    """(Seconds on each clock or ``None``, increment) from a clock button's ``'clock:300+3'``."""
    base, _plus, increment = action.removeprefix("clock:").partition("+")
    return int(base) or None, int(increment or 0)


def levels_per_row(count: int, portrait: bool) -> int:
    """How many level buttons share a row: as few as fit ``count`` levels into ``LEVEL_ROWS`` rows.

    >>> levels_per_row(7, False), levels_per_row(14, False), levels_per_row(18, False), levels_per_row(18, True)
    (4, 5, 6, 3)
    """
    if portrait:
        return max(2, -(-count // LEVEL_ROWS["portrait"]))
    return max(3 if count <= 6 else 4, -(-count // LEVEL_ROWS["landscape"]))


def level_row(rect: pygame.Rect, chunk: Sequence[Level], gap: int) -> list[Button]:
    """A row of level buttons filling ``rect``: each named, its number and rating under the name (its place).

    Where the number and the rating do not fit at the smallest text (a phone's, in a longer language), the rating
    is said alone (``Button.short_subtitle``): the level's number is its place in the grid, as in the phone's
    statistics table.
    """
    buttons = button_row(rect, [(level_title(level.name, numbered=False), f"level:{level.index}") for level in chunk],
                         gap=gap, size=24)
    for button, level in zip(buttons, chunk, strict=True):
        if level.rating is None:
            button.subtitle = str(level.index + 1)
            continue
        button.subtitle = _("{number} · rated {rating}").format(number=level.index + 1, rating=level.rating)
        button.short_subtitle = _("rated {rating}").format(rating=level.rating)
    return buttons


class NewGameScene(Scene):
    """Choose colour and level, then start."""

    changes_only_on_input = True

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.group = ButtonGroup()
        self.clock: int | None = None
        """Seconds on each clock, or ``None`` (this session only)."""
        self.increment = 0
        """Seconds each clock gains after a move."""
        self.handed_in: NewGameEntry = NewGameEntry()
        """What the game plays on from: the entry's position, moves and message (a transcript's, the editor's)."""
        self.handed_in_position: Position | None = None
        """The position the game starts from when it is not the standard start (read once, drawn each frame)."""
        self.column = self.level_column = (0, 0)
        """(left, width) of the choices, and of the levels (beside them on a phone held sideways)."""

    def startup(self, now_ms: int, entry: Entry) -> None:
        """Take the position to start from, if one was set up."""
        assert isinstance(entry, NewGameEntry)
        self.handed_in = entry
        self.handed_in_position = (entry.record.position if entry.record is not None
                                   else Position.from_text(entry.start) if entry.start is not None else None)
        super().startup(now_ms, entry)

    @property
    def start(self) -> str | None:
        """The set-up position the game starts from (the editor's), or ``None`` for the standard start."""
        return self.handed_in.start

    @property
    def custom(self) -> str | None:
        """The custom level chosen instead of a named one (remembered in the settings)."""
        return self.ctx.settings.custom

    @property
    def level_index(self) -> int:
        """The chosen level (the remembered one if it is one of ``LEVELS``, or the AI's default)."""
        remembered = level_at(self.ctx.settings.level)
        return DEFAULT_LEVEL if remembered is None else remembered.index

    def layout(self) -> None:
        """Colour row, a grid of levels (each with its rating), the description with Play at my level, Start, Back."""
        width, height = self.ctx.size
        portrait, phone = is_portrait(self.ctx.size), is_phone(self.ctx.size)
        if is_low(self.ctx.size):
            self._finish(*self._low_layout())
            return
        per_row = levels_per_row(len(LEVELS), portrait)
        column = min(720 if portrait or len(LEVELS) <= 8 else WIDE_COLUMN if per_row >= 6 else 960, width - 48)
        left = (width - column) // 2
        self.column = (left, column)
        # the phone's rows are lower and its clock heading takes two lines: all of it fits its 1200 px under a toast
        top = 152 if phone else 200 if portrait else 120
        choice_height = 44 if phone else 52
        colours = [(_(label), action) for label, action in COLOUR_LABELS]
        buttons = button_row(pygame.Rect(left, top, column, choice_height), colours, gap=12, size=24)
        self.clock_top = top + choice_height + self.clock_heading_height() + 12
        clock_rows, clock_height = (PHONE_CLOCK_ROWS, 44) if phone else (1, 48)
        buttons += button_rows([pygame.Rect(left, self.clock_top + row * (clock_height + 8), column, clock_height)
                                for row in range(clock_rows)],
                               [(_(label), action) for label, action in CLOCK_LABELS], gap=12, size=20)
        level_top = self.clock_top + clock_rows * (clock_height + 8) + 32
        rows = (len(LEVELS) + per_row - 1) // per_row
        pitch = 70 if rows <= 2 else PHONE_LEVEL_PITCH if phone else LEVEL_PITCH
        custom_rows = 1 if not phone or self.custom_fits_one_row(column) else 2
        if custom_rows == 2:  # the levels' rows give the second row of custom choices its room (44 px still)
            pitch -= -(-(choice_height + 8) // rows)
        level_gap = 12
        level_width = (column - level_gap * (per_row - 1)) // per_row  # a short last row keeps the full rows' widths
        levels: list[Button] = []
        for row in range(rows):
            chunk = LEVELS[row * per_row: (row + 1) * per_row]
            rect = pygame.Rect(left, level_top + row * pitch, len(chunk) * (level_width + level_gap) - level_gap,
                               pitch - 12)
            levels += level_row(rect, chunk, level_gap)
        if custom_rows == 2:  # the rows closed up: a name makes room for its number and rating, as sideways
            fit_heights(levels, self.ctx.text)
        buttons += levels
        self.custom_top = level_top + rows * pitch + 26
        buttons += button_rows([pygame.Rect(left, self.custom_top + row * (choice_height + 8), column, choice_height)
                                for row in range(custom_rows)], self.custom_choices(), gap=8, size=20)
        self.description_rect = pygame.Rect(left, self.custom_top + custom_rows * (choice_height + 8) + 2, column,
                                            196 if phone else 150 if portrait else 110)
        mine = self.my_level_button(across=phone)  # on the phone under the words: its subtitle is at 16 px there
        bottom = (pygame.Rect(left, height - 72, column, 56) if phone else
                  pygame.Rect(left, min(height - 100, self.description_rect.bottom + 30), column, 72))
        self.level_column = self.column
        self._finish(buttons + [mine], bottom)
        if phone:  # no free band below on the phone's full screen: a message shows over the title
            self.ctx.toasts.area = pygame.Rect(16, 16, width - 32, 96)

    def _finish(self, buttons: list[Button], bottom: pygame.Rect) -> None:
        """Back, Two players and Play the computer across ``bottom`` after ``buttons``; the choices marked."""
        actions = button_row(bottom, [(_("Back"), "back"), (_("Two players"), "two"),
                                      (_("Play the computer"), "start")], gap=16, size=26)
        actions[2].primary = True
        self.group = ButtonGroup(buttons + actions)
        self.group.focus = len(self.group.buttons) - 1
        self._mark_selected()

    def _low_layout(self) -> tuple[list[Button], pygame.Rect]:
        """A phone held sideways: colour, clock, custom levels and the description down the left; the title, the
        levels three a row and the actions down the right. Returns the choices and where the actions go."""
        width, height = self.ctx.size
        column = (width - 48) // 2
        left, right = 16, 32 + column
        self.column, self.level_column = (left, column), (right, width - 16 - right)
        buttons = button_row(pygame.Rect(left, 40, column, LOW_CHOICE), [(_(label), action) for label, action in
                                                                         COLOUR_LABELS], gap=12, size=24)
        self.clock_top = 40 + LOW_CHOICE + 12 + self.clock_heading_height() + 8
        clock_rows = [pygame.Rect(left, self.clock_top + row * (LOW_CHOICE + 8), column, LOW_CHOICE) for row in (0, 1)]
        buttons += button_rows(clock_rows, [(_(label), action) for label, action in CLOCK_LABELS], gap=12, size=20)
        # a choice too long for one row at the floor ("Profondeur 12") takes two lines in a taller row, the
        # heading over the row closing up for it
        custom_height = LOW_CHOICE if self.custom_fits_one_row(column) else LOW_TWO_LINE_CHOICE
        self.custom_top = clock_rows[-1].bottom + (48 if custom_height == LOW_CHOICE else 42)
        buttons += button_row(pygame.Rect(left, self.custom_top, column, custom_height), self.custom_choices(),
                              gap=8, size=20)
        self.description_rect = pygame.Rect(left, self.custom_top + custom_height + 10, column,
                                            height - 8 - self.custom_top - custom_height - 10)
        mine = self.my_level_button(across=True)
        self.ctx.toasts.area = self.description_words  # no band is free of buttons: over the level's words
        level_left, level_width = self.level_column
        per_row = -(-len(LEVELS) // LEVEL_ROWS["low"])
        level_top, pitch = 84, (height - 8 - LOW_CHOICE - 8 - 84) // -(-len(LEVELS) // per_row)
        rows = [LEVELS[i:i + per_row] for i in range(0, len(LEVELS), per_row)]
        level_button_width = (level_width - 12 * (per_row - 1)) // per_row
        levels = [button for index, chunk in enumerate(rows) for button in level_row(
            pygame.Rect(level_left, level_top + index * pitch, len(chunk) * (level_button_width + 12) - 12, pitch - 8),
            chunk, 12)]
        fit_heights(levels, self.ctx.text)  # the rows are low: a name makes room for its number and rating
        return buttons + levels + [mine], pygame.Rect(level_left, height - 8 - LOW_CHOICE, level_width, LOW_CHOICE)

    def custom_fits_one_row(self, width: int) -> bool:
        """Whether the custom choices' labels fit side by side in ``width`` at the smallest text (a phone's floor)."""
        text = self.ctx.text
        labels = [label for label, _action in self.custom_choices()]
        needs = sum(text.width(label, MIN_BUTTON_TEXT, bold=True) + 2 * TIGHT_LABEL_MARGIN for label in labels)
        return needs + 8 * (len(labels) - 1) <= width

    def custom_choices(self) -> list[tuple[str, str]]:
        """(label, action) of each custom level, and of one remembered from elsewhere."""
        customs = [(custom_label(spec), f"custom:{spec}") for spec in CUSTOM_SPECS]
        if self.custom is not None and self.custom not in CUSTOM_SPECS:
            customs.append((custom_label(self.custom), f"custom:{self.custom}"))
        return customs

    def my_level_button(self, across: bool) -> Button:
        """Play at my level in the description box (``across`` its foot, else at its right); the words get the rest
        (``description_words``)."""
        found = my_level(self.ctx.stats.rating)
        mine_words = "" if found is None else _("{level} · rated {rating}").format(level=level_title(found[0].name),
                                                                                    rating=found[0].rating)
        inner = self.description_rect.inflate(-32, -20)
        if across:
            mine_rect = pygame.Rect(inner.left, inner.bottom - MY_LEVEL_HEIGHT, inner.width, MY_LEVEL_HEIGHT)
            self.description_words = pygame.Rect(inner.left, inner.top, inner.width, mine_rect.top - 4 - inner.top)
        else:
            mine_rect = pygame.Rect(self.description_rect.right - 16 - MY_LEVEL_WIDTH,
                                    self.description_rect.centery - 32, MY_LEVEL_WIDTH, 64)
            self.description_words = pygame.Rect(inner.left, inner.top, mine_rect.left - 16 - inner.left, inner.height)
        return Button(mine_rect, _("Play at my level"), "my_level", size=22, subtitle=mine_words,
                      enabled=found is not None)

    def _mark_selected(self) -> None:
        for button in self.group.buttons:
            if button.action.startswith("colour:"):
                button.selected = button.action == f"colour:{self.ctx.settings.colour}"
            elif button.action.startswith("level:"):
                button.selected = self.custom is None and button.action == f"level:{self.level_index}"
            elif button.action.startswith("custom:"):
                button.selected = button.action == f"custom:{self.custom}"
            elif button.action.startswith("clock:"):
                button.selected = parse_clock(button.action) == (self.clock, self.increment)

    def get_event(self, event: pygame.event.Event) -> None:
        """Pick a colour or a level, start, or go back."""
        action = self.menu_choice(self.group, event)
        if action is None:
            return
        if action.startswith("colour:"):
            self.ctx.settings.colour = action.removeprefix("colour:")
            self.ctx.store.save_settings()
        elif action.startswith("level:"):
            self.ctx.settings.custom = None
            self.ctx.settings.level = int(action.removeprefix("level:"))
            self.ctx.store.save_settings()
        elif action.startswith("custom:"):
            self.ctx.settings.custom = action.removeprefix("custom:")
            self.ctx.store.save_settings()
        elif action.startswith("clock:"):
            self.clock, self.increment = parse_clock(action)
            if self.clock is None:
                self.increment = 0
        elif action == "my_level":
            self.play_at_my_level()
            return
        elif action == "two":
            self.play(replace(self.setup(), mode=Mode.TWO, custom=None))
        elif action == "start":
            self.play(self.setup())
        self._mark_selected()

    def play_at_my_level(self) -> None:
        """Start against the level that gives about an even game (``game.play.rating.my_level``), remembering it."""
        found = my_level(self.ctx.stats.rating)
        if found is None:
            return
        self.ctx.settings.custom = None
        self.ctx.settings.level = found[0].index
        self.ctx.store.save_settings()
        self.play(self.setup())

    def play(self, setup: MatchSetup) -> None:
        """Start the game chosen in this scene's place (from the menu, which has asked about a game in progress;
        from the editor's position, asking here)."""
        handed_in = self.handed_in
        if self.start is None and handed_in.record is None:
            self.switch(GameEntry(setup))
        else:
            self.start_game(GameEntry(setup, handed_in.record, message=handed_in.message
                                      or _("Playing from your position.")))

    def setup(self) -> MatchSetup:
        """The match the current choices describe."""
        choice = self.ctx.settings.colour
        human = BLACK if choice == "black" else WHITE if choice == "white" else self.ctx.rng.choice((BLACK, WHITE))
        return MatchSetup(Mode.COMPUTER, human, self.level_index, start=self.start, custom=self.custom,
                          clock=self.clock, increment=self.increment if self.clock is not None else 0)

    def draw(self, surface: pygame.Surface, now_ms: int) -> None:
        """Headings, choices and the chosen level's description."""
        theme, text = self.ctx.theme, self.ctx.text
        fill_background(surface, theme)
        width = self.ctx.size[0]
        title_y = 56 if is_phone(self.ctx.size) else 90 if is_portrait(self.ctx.size) else 50
        title = _("New game") if self.start is None else _("New game from your position")
        level_left, level_width = self.level_column
        title_box = pygame.Rect(level_left, 0, level_width, 48) if is_low(self.ctx.size) else \
            pygame.Rect(16, title_y - 32, width - 32, 64)
        text.draw_in(surface, title, 48, theme.text, title_box, bold=True)
        left, column = self.column
        first = self.group.buttons[0].rect
        level_button = next(b for b in self.group.buttons if b.action.startswith("level:"))
        for heading, bottom, height, (x, across) in (
                (self.colour_heading(), first.top - 12, 28, self.column),
                (_("Clock: each side's time, + seconds gained a move (a flag fall loses)"), self.clock_top - 8,
                 self.clock_heading_height(), self.column),
                (pgettext("heading", "Level"), level_button.rect.top - 12, 28, self.level_column),
                (_("Or a custom level: time per move, or depth"), self.custom_top - 8, 28, self.column)):
            text.draw_in(surface, heading, 20, theme.text_dim, pygame.Rect(x, bottom - height, across, height),
                         "left", "bottom", wrap=height > 28)
        draw_panel(surface, self.description_rect, theme)
        level = custom_level(self.custom) if self.custom else LEVELS[self.level_index]
        inner = self.description_words
        text.draw_in(surface, level_title(level.name), 22, theme.accent,
                     pygame.Rect(inner.left, inner.top, inner.width, 30), "left", "top", bold=True)
        y = say(text, surface, level_description(level), 18, theme.text_dim, inner, inner.top + 32, 46)
        say(text, surface, self.rating_line(level), 16, theme.text, inner, y + 4, inner.bottom - y - 4)
        self.group.draw(surface, text, theme)

    def clock_heading_height(self) -> int:
        """The clock heading's height: two lines on a phone (it is long), one elsewhere."""
        return 48 if is_phone(self.ctx.size) or is_low(self.ctx.size) else 28

    def colour_heading(self) -> str:
        """Over the colours: who moves first, from the start or from the position handed in."""
        position = self.handed_in_position
        if position is None:
            return _("Your colour (Black moves first)")
        return _("Your colour ({turn})").format(turn=_("{colour} to move").format(colour=colour_name(position.to_move)))

    def rating_line(self, level: Level) -> str:
        """What the chosen level means for the player's rating: the expected score, or that it does not count."""
        rating = self.ctx.stats.rating
        if self.handed_in_position is not None:
            return _("A game from a set-up position is practice: your rating does not change.")
        if level.rating is None:
            return _("Custom levels are unrated: games against them do not count toward your rating.")
        score = round(100 * expected_score(rating.rating, level.rating))
        return _("Your rating {rating}: you would score about {score}% against it.").format(rating=rating.label,
                                                                                          score=score)
