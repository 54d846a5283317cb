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
from game.ui.layout import is_phone, is_portrait, menu_column
from game.ui.widgets import Button, ButtonGroup, Dialog, fill_background

MENU_ONE_COLUMN = 8
"""More entries than this go in two columns in landscape (one column would squeeze each button)."""
NEW_GAME_ACTIONS = ("scene:new_game", "two")
"""Menu actions that start a new game (and would abandon the one in progress)."""


class MenuScene(Scene):
    """The first screen. Scenes whose entry sets ``menu_label`` get an item here automatically."""

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
        """Stack the entries under the title; in landscape, two columns when one would squeeze them."""
        entries = self.entries()
        portrait = is_portrait(self.ctx.size)
        phone = is_phone(self.ctx.size)
        top = 260 if phone else 300 if portrait else 200
        columns = 1 if portrait or len(entries) <= MENU_ONE_COLUMN else 2
        rows = (len(entries) + columns - 1) // columns
        gap = 14 if rows < 7 else 10
        # the phone's taller items hold a subtitle of two lines (its words are large there)
        height = min(84 if phone else 76, (self.ctx.size[1] - top - 30) // max(1, rows) - gap)
        if columns == 1:
            rects = menu_column(self.ctx.size, len(entries), top=top, height=height, gap=gap)
        else:
            width = min(520, (self.ctx.size[0] - 72) // 2)
            left = (self.ctx.size[0] - 2 * width - 24) // 2
            rects = [pygame.Rect(left + (i % 2) * (width + 24), top + (i // 2) * (height + gap), width, height)
                     for i in range(len(entries))]
        buttons = [Button(rect, label, action, subtitle=subtitle, size=26,
                          enabled=action != "continue" or self.saved is not None)
                   for rect, (label, action, subtitle) in zip(rects, entries, strict=True)]
        first = next((button for button in buttons if button.enabled), None)
        if first is not None:
            first.primary = True
        self.group = ButtonGroup(buttons)
        if phone:  # no free band below on the phone's full screen: a message shows over the title
            self.ctx.toasts.area = pygame.Rect(16, 16, self.ctx.size[0] - 32, 150)

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
        portrait = is_portrait(self.ctx.size)
        title_y = 120 if portrait else 70
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
