"""The main menu: continue, play the computer, two players, the registered extra scenes, settings, quit."""

from __future__ import annotations

import pygame

from game.engine import BLACK, WHITE
from game.i18n import _
from game.play.levels import level_for, level_title, remembered_level
from game.play.match import MatchSetup, Mode, SavedGame
from game.scenes.ask_new_game import abandon_dialog
from game.scenes.base import Context, Scene
from game.scenes.entries import ENTRY_TYPES, Entry, GameEntry
from game.ui.dialog import Dialog
from game.ui.layout import is_low, is_phone, is_portrait, menu_column
from game.ui.widgets import Button, ButtonGroup, fill_background, fit_heights

MENU_ONE_COLUMN = 8
"""More entries than this go in two columns in landscape (one column would squeeze each button)."""
MENU_LABEL_SIZE = 26
"""An entry's label at its largest (smaller where a subtitle of two lines leaves less room)."""
NEW_GAME_ACTIONS = ("scene:new_game", "two")
"""Menu actions that start a new game (and would abandon the one in progress)."""


def title_height(size: tuple[int, int]) -> int:
    """The y of the title's middle: lower in portrait, higher on the phone held sideways (its entries need the room)."""
    return 120 if is_portrait(size) else 54 if is_low(size) else 70


class MenuScene(Scene):
    """The first screen. Scenes whose entry sets ``menu_label`` get an item here automatically."""

    changes_only_on_input = True

    def idle(self) -> bool:
        """The menu does no background work: its slice may load the library ahead of need."""
        return True

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.saved: SavedGame | None = None
        self.group = ButtonGroup()
        self.dialog: Dialog | None = None
        self.pending: str | None = None

    def startup(self, now_ms: int, entry: Entry) -> None:
        """Look for a saved game to offer, then lay out the entries."""
        self._look_for_saved_game()
        super().startup(now_ms, entry)

    def resume(self, now_ms: int) -> None:
        """Back from a scene: the saved game may have changed (played on, finished, abandoned)."""
        self._look_for_saved_game()
        super().resume(now_ms)

    def _look_for_saved_game(self) -> None:
        self.saved = self.ctx.store.load_saved_game()
        if self.saved is not None and (self.saved.record.is_over() or self.saved.unplayed):
            self.saved = None  # an unplayed one comes from an older version, which kept them
        self.dialog = self.pending = None

    def entries(self) -> list[tuple[str, str, str]]:
        """(label, action, subtitle) for each menu entry, top to bottom.

        Continue is always first, so the others keep their places; without a game to continue it is
        disabled (``layout``) and says so.
        """
        items: list[tuple[int, str, str, str]] = []
        if self.saved is not None:
            level_name = level_for(self.saved.setup).name
            items.append((0, _("Continue"), "continue", self.saved.describe(level_name)))
        else:
            items.append((0, _("Continue"), "continue", _("No game in progress")))
        last = remembered_level(self.ctx.settings.level, self.ctx.settings.custom)
        items.append((10, _("Play the computer"), "scene:new_game",
                      _("Last level: {level}").format(level=level_title(last.name)) if last else ""))
        items.append((20, _("Two players"), "two", _("On this device, colours drawn at random")))
        for name, entry_type in ENTRY_TYPES.items():
            if entry_type.menu_label:  # marked with N_ in the entry's class, translated here
                subtitle = entry_type.menu_subtitle
                items.append((entry_type.menu_order, _(entry_type.menu_label), f"scene:{name}",
                              _(subtitle) if subtitle else ""))
        if not self.ctx.is_browser:
            items.append((1000, _("Quit"), "quit", ""))
        items.sort(key=lambda item: item[0])
        return [(label, action, subtitle) for _order, label, action, subtitle in items]

    def layout(self) -> None:
        """Stack the entries under the title; in landscape, two columns when one would squeeze them (three on a
        phone held sideways); the labels as large as their subtitles leave room for."""
        entries = self.entries()
        phone, low = is_phone(self.ctx.size), is_low(self.ctx.size)
        buttons = [Button(rect, label, action, subtitle=subtitle, size=MENU_LABEL_SIZE,
                          enabled=action != "continue" or self.saved is not None)
                   for rect, (label, action, subtitle) in zip(self._rects(len(entries)), entries, strict=True)]
        if phone and not self._fit(buttons):  # a subtitle of two lines (a longer language): closer rows, taller
            for button, rect in zip(buttons, self._rects(len(entries), roomy=True), strict=True):
                button.rect = rect
        if phone or low:  # a subtitle at the text floor shrinks no more: the labels make room for it
            fit_heights(buttons, self.ctx.text)
        first = next((button for button in buttons if button.enabled), None)
        if first is not None:
            first.primary = True
        self.group = ButtonGroup(buttons)
        if phone or low:  # no free band below on a phone's full screen: a message shows over the title
            self.ctx.toasts.area = pygame.Rect(16, 16, self.ctx.size[0] - 32, 150) if phone else \
                pygame.Rect(16, 8, self.ctx.size[0] - 32, buttons[0].rect.top - 16)

    def _fit(self, buttons: list[Button]) -> bool:
        """Whether every entry's label at its largest and its subtitle fit the entry's height."""
        return all(button.height_for(self.ctx.text, MENU_LABEL_SIZE) <= button.rect.height for button in buttons)

    def _rects(self, count: int, roomy: bool = False) -> list[pygame.Rect]:
        """Where ``count`` entries go (``roomy``: the phone's rows as tall as its screen allows)."""
        size = self.ctx.size
        portrait, phone, low = is_portrait(size), is_phone(size), is_low(size)
        top = (216 if roomy else 260) if phone else 300 if portrait else 140 if low else 200
        # the phone on its side is short: three columns of four, each tall enough for a subtitle of two lines
        columns = 1 if portrait else 3 if low else 1 if count <= MENU_ONE_COLUMN else 2
        rows = (count + columns - 1) // columns
        gap = 8 if roomy else 14 if rows < 7 else 10
        # the phones' taller items hold a subtitle of two lines (its words are large there)
        room = size[1] - top - (16 - gap if roomy else 30)
        height = min(84 if phone or low else 76, room // max(1, rows) - gap)
        if columns == 1:
            return menu_column(size, count, top=top, height=height, gap=gap)
        between = 16 if low else 24
        width = min(520, (size[0] - 48 - (columns - 1) * between) // columns)
        left = (size[0] - columns * width - (columns - 1) * between) // 2
        return [pygame.Rect(left + (i % columns) * (width + between), top + (i // columns) * (height + gap),
                            width, height) for i in range(count)]

    def get_event(self, event: pygame.event.Event) -> None:
        """Choose an entry (or answer the dialog)."""
        if self.dialog is not None:
            answer = self.dialog.handle(event)
            if answer is not None:
                self.dialog = None
                if answer == "confirm" and self.pending is not None:
                    self.choose(self.pending, confirmed=True)
                self.pending = None
            return
        action = self.group.handle(event)
        if action is not None:
            self.choose(action)

    def choose(self, action: str, confirmed: bool = False) -> None:
        """Carry out a menu action; starting a new game asks first when a game is in progress."""
        if action in NEW_GAME_ACTIONS and self.saved is not None and not confirmed:
            self.pending = action
            self.dialog = abandon_dialog(self.ctx.size, self.ctx.text, self.saved)
            return
        if action == "continue" and self.saved is not None:
            self.open(GameEntry(self.saved.setup, self.saved.record, resume=True, clocks=self.saved.clocks))
        elif action == "two":
            self.open(GameEntry(MatchSetup(Mode.TWO, self.ctx.rng.choice((BLACK, WHITE)))))
        elif action == "quit":
            self.quit = True
        elif action.startswith("scene:"):
            self.open(ENTRY_TYPES[action.removeprefix("scene:")]())

    def draw(self, surface: pygame.Surface, now_ms: int) -> None:
        """Title, two discs and the entries."""
        theme, text = self.ctx.theme, self.ctx.text
        fill_background(surface, theme)
        width = self.ctx.size[0]
        title_y = title_height(self.ctx.size)
        text.draw_in(surface, _("Othello"), 72, theme.text, pygame.Rect(width // 2 - 164, title_y - 45, 328, 90),
                     bold=True)  # between the two discs
        view = self.ctx.board_view(pygame.Rect(0, 0, 400, 400))
        for i, colour in enumerate((BLACK, WHITE)):
            icon = view.disc_icon(colour, 44)
            x = width // 2 + (-1 if i == 0 else 1) * 190
            surface.blit(icon, icon.get_rect(center=(x, title_y)))
        text.draw_in(surface, _("Outflank, flip, and own the board"), 22, theme.text_dim,
                     pygame.Rect(16, title_y + 46, width - 32, 32))
        self.group.draw(surface, text, theme)
        if self.dialog is not None:
            self.dialog.draw(surface, text, theme)
