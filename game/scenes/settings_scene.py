"""Settings: legal-move dots, hints, engine output, animation speed, sound, theme, the score headline and the language.

The language applies at once: the screen lays itself out again in it (the
screens below get theirs when they are next shown).
"""

from __future__ import annotations

import pygame

from game import i18n
from game.i18n import LANGUAGES, N_, _
from game.platform.dirs import open_folder, shown_path, shown_path_end
from game.play.settings import ANIMATION_NAMES, HEADLINE_NAMES, HINT_NAMES, THEME_NAMES
from game.records.wthor import CREDIT
from game.scenes.base import Context, Scene
from game.ui.layout import is_low, is_phone, is_portrait
from game.ui.text_flow import say
from game.ui.widgets import Button, ButtonGroup, button_row, button_rows, fill_background

ON_OFF = {"on": N_("On"), "off": N_("Off")}
OPEN_DATA = "open_data"
"""The action of the button that shows the data folder in the file manager (desktop only)."""

LANGUAGE = "language"
"""The settings field of the language row, whose choices are each language's name in itself (not translated)."""
CHOICES_PER_LINE = 5
"""A setting with more choices than this lays them out on two lines (seven languages on one line were drawn
at 12 px beside the other rows' 20)."""
SECOND_LINE_GAP = 6
"""Pixels between the two lines of such a setting's choices."""
LOW_TOP = 66
"""Where the settings begin on a phone held sideways: under the title's row, which holds Back."""
LOW_LABEL = 26
"""The height of a setting's label on a phone held sideways."""
LOW_LINE = 48
"""A line of choices on a phone held sideways: a finger's height, and no more (the screen is low)."""
LOW_STEP = 82
"""From one setting to the next in a column on a phone held sideways: its label, its choices and a gap."""
LOW_COLUMN_GAP = 24
"""Pixels between the two columns of settings on a phone held sideways."""

ROWS: list[tuple[str, str, dict[str, str]]] = [
    (N_("Language"), LANGUAGE, LANGUAGES),
    (N_("Legal-move dots"), "show_legal", ON_OFF),
    (N_("Hints in play"), "hints", HINT_NAMES),
    (N_("Engine output"), "engine_output", ON_OFF),
    (N_("Opening explorer"), "show_explorer", ON_OFF),
    (N_("Disc animation"), "animation", ANIMATION_NAMES),
    (N_("Sound"), "sound", ON_OFF),
    (N_("Theme"), "theme", THEME_NAMES),
    (N_("Score headline"), "headline", HEADLINE_NAMES),
]
"""(label, settings field, {value: label}) for each row; booleans use 'on'/'off'; labels translated when laid out."""


def choice_label(field: str, label: str) -> str:
    """What a choice's button says: a language's own name as it is, anything else in the player's language."""
    return label if field == LANGUAGE else _(label)


class SettingsScene(Scene):
    """One row of choices per setting; every change is saved at once."""

    changes_only_on_input = True

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.group = ButtonGroup()
        self.label_boxes: list[tuple[str, pygame.Rect]] = []
        self.credit_box = pygame.Rect(0, 0, 0, 0)
        """Where the FFO's credit goes: a line, or two on a phone, under the buttons."""
        self._bottom = 0
        """Where the settings' choices end (``_places``)."""

    def layout(self) -> None:
        """Rows of segmented buttons with their labels."""
        width, height = self.ctx.size
        buttons = []
        self.label_boxes = []
        for (name, field, choices), (label_box, lines) in zip(ROWS, self._places(), strict=True):
            self.label_boxes.append((_(name), label_box))
            options = [(choice_label(field, text), f"{field}={value}") for value, text in choices.items()]
            buttons += button_rows(lines, options, gap=10, size=20)
        folder = None if self.ctx.is_browser else self.ctx.store.folder
        actions = [(_("Back"), "back")] + ([(_("Open data folder"), OPEN_DATA)] if folder else [])
        if is_low(self.ctx.size):  # Back at the top left, as a phone's screens have it; the credit at the foot
            corners = [pygame.Rect(16, 8, 200, 52), pygame.Rect(width - 336, 8, 320, 52)][:len(actions)]
            buttons += [Button(rect, label, action, size=22)
                        for rect, (label, action) in zip(corners, actions, strict=True)]
            self.credit_box = pygame.Rect(16, self._bottom + 8, width - 32, height - self._bottom - 12)
            self.ctx.toasts.area = self.credit_box  # every band above holds choices
        else:
            column = min(1000, width - 48)
            row_width = 320 if folder is None else min(column, 760)
            back = pygame.Rect((width - row_width) // 2, min(height - 100, self._bottom + 30), row_width, 68)
            credit_y = min(height - 14, back.bottom + 28)
            self.credit_box = pygame.Rect(16, credit_y - 12, width - 32, height - credit_y + 12)
            buttons += button_row(back, actions, size=26)
        if folder is not None:
            buttons[-1].subtitle = shown_path(folder)  # where the games, settings and statistics are kept
            buttons[-1].short_subtitle = shown_path_end(folder)
        self.group = ButtonGroup(buttons)
        if is_phone(self.ctx.size):  # every band below holds choices: a message shows over the title for its moment
            self.ctx.toasts.area = pygame.Rect(16, 16, width - 32, 106)
        self._mark()

    def _places(self) -> list[tuple[pygame.Rect, list[pygame.Rect]]]:
        """Each setting's label box and the line (or two) of its choices; where they end is kept in ``_bottom``."""
        if is_low(self.ctx.size):
            return self._low_places()
        width, height = self.ctx.size
        portrait = is_portrait(self.ctx.size)
        column = min(1000, width - 48)
        left = (width - column) // 2
        y = 190 if portrait else 140
        # a row of many choices (the seven languages) takes two lines, so its names stay the other rows' size
        split = [len(choices) > CHOICES_PER_LINE for _, _, choices in ROWS]
        most_line = 58  # a line of choices at its tallest
        # rows close up when there are many, so Back and the credit stay on screen
        step = min(130 if portrait else 84,
                   (height - y - 170 - (most_line + SECOND_LINE_GAP) * sum(split)) // len(ROWS))
        places = []
        for two_lines in split:
            if portrait:
                label_box = pygame.Rect(left, y, column, 28)
                row = pygame.Rect(left, y + 30, column, min(most_line, step - 36))
            else:
                row = pygame.Rect(left + 280, y, column - 280, min(most_line, step - 10))
                label_box = pygame.Rect(left, y, 270, row.height)
            y += step
            lines = [row]
            if two_lines:
                lines.append(row.move(0, row.height + SECOND_LINE_GAP))
                y += row.height + SECOND_LINE_GAP
            places.append((label_box, lines))
        self._bottom = y
        return places

    def _low_places(self) -> list[tuple[pygame.Rect, list[pygame.Rect]]]:
        """A phone held sideways: each label over its choices, the languages across the width under the title, the
        other settings in two columns under them."""
        width = self.ctx.size[0]
        column = (width - 32 - LOW_COLUMN_GAP) // 2
        per_column = -(-(len(ROWS) - 1) // 2)
        tops = [(16, LOW_TOP, width - 32)] + [
            (16 + (index // per_column) * (column + LOW_COLUMN_GAP), LOW_TOP + (1 + index % per_column) * LOW_STEP,
             column) for index in range(len(ROWS) - 1)]
        places = [(pygame.Rect(x, y, line_width, LOW_LABEL), [pygame.Rect(x, y + LOW_LABEL + 2, line_width, LOW_LINE)])
                  for x, y, line_width in tops]
        self._bottom = max(lines[-1].bottom for _box, lines in places)
        return places

    def _value_of(self, field: str) -> str:
        if field == LANGUAGE:  # not chosen yet: the system's, which the game speaks
            return self.ctx.settings.language or i18n.language()
        value = getattr(self.ctx.settings, field)
        if isinstance(value, bool):
            return "on" if value else "off"
        return str(value)

    def _mark(self) -> None:
        for button in self.group.buttons:
            if "=" in button.action:
                field, value = button.action.split("=", 1)
                button.selected = self._value_of(field) == value

    def get_event(self, event: pygame.event.Event) -> None:
        """Change a setting or go back."""
        action = self.menu_choice(self.group, event)
        if action == OPEN_DATA:
            self.open_data_folder()
        elif action is not None:
            self.apply(action)

    def open_data_folder(self) -> None:
        """Show the data folder in the platform's file manager (a message if it cannot)."""
        folder = self.ctx.store.folder
        if folder is not None:
            problem = open_folder(folder)
            self.ctx.toasts.show(problem or _("Opened {folder}").format(folder=shown_path(folder)),
                                 error=problem is not None)

    def apply(self, action: str) -> None:
        """Apply a ``field=value`` choice and save; a language at once, the screen laid out again in it."""
        field, value = action.split("=", 1)
        if field == LANGUAGE:
            if value != self.ctx.settings.language and self.ctx.languages.choose(value):
                self.layout()
            return
        current = getattr(self.ctx.settings, field)
        setattr(self.ctx.settings, field, value == "on" if isinstance(current, bool) else value)
        self.ctx.store.save_settings()
        self._mark()

    def draw(self, surface: pygame.Surface, now_ms: int) -> None:
        """Title, labels and choices."""
        theme, text = self.ctx.theme, self.ctx.text
        fill_background(surface, theme)
        portrait = is_portrait(self.ctx.size)
        title_y = 90 if portrait else 34 if is_low(self.ctx.size) else 60
        text.draw_in(surface, _("Settings"), 48, theme.text, pygame.Rect(16, title_y - 32, self.ctx.size[0] - 32, 64),
                     bold=True)
        for label, box in self.label_boxes:
            text.draw_in(surface, label, 22, theme.text, box, "left", "top" if portrait else "middle", bold=True)
        self.group.draw(surface, text, theme)
        # the evaluation and the opening book are made from the FFO's games, which asks for credit
        say(text, surface, _(CREDIT), 16, theme.text, self.credit_box, self.credit_box.top, self.credit_box.height,
            line_gap=1.25, align="center")
