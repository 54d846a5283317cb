"""Asking before a new game replaces the one in progress: the same question wherever a game starts.

The menu asks before it opens a new game; the editor, the transcript scene,
the library's and the review's Play from here ask through this scene, which
opens over them (they stay drawn beneath the dialog). "Keep it" (the safe
default: Enter and Escape) goes back to where the player was; "New game"
starts the game in that scene's place.
"""

from __future__ import annotations

import pygame

from game.i18n import N_, _
from game.play.levels import level_for
from game.play.match import SavedGame
from game.scenes.base import Context, Scene
from game.scenes.entries import AskNewGameEntry, Entry, GameEntry
from game.ui.dialog import Dialog
from game.ui.text import TextRenderer

ABANDON_TITLE = N_("Start a new game?")
ABANDON_CHOICES = [(N_("Keep it"), "cancel"), (N_("New game"), "confirm")]
"""The question's title and choices, marked: translated when the dialog is made."""


def abandon_dialog(size: tuple[int, int], text: TextRenderer, saved: SavedGame) -> Dialog:
    """The one question before a game in progress is abandoned for a new one."""
    message = _("Your game in progress ({game}) will be abandoned. Continue plays it on.").format(
        game=saved.describe(level_for(saved.setup).name))
    return Dialog(size, _(ABANDON_TITLE), message, [(_(label), action) for label, action in ABANDON_CHOICES], text)


def game_in_progress(ctx: Context) -> SavedGame | None:
    """The saved game a new one would replace, if one is being played."""
    saved = ctx.store.load_saved_game()
    return saved if saved is not None and not saved.record.is_over() and not saved.unplayed else None


class AskNewGameScene(Scene):
    """The question, over the scene that wants to start a game."""

    changes_only_on_input = True

    overlay = True

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.then = GameEntry()
        self.dialog: Dialog | None = None

    def startup(self, now_ms: int, entry: Entry) -> None:
        """Ask about the game in progress (none left: start the new game at once)."""
        assert isinstance(entry, AskNewGameEntry)
        self.then = entry.then
        super().startup(now_ms, entry)
        saved = game_in_progress(self.ctx)
        if saved is None:
            self.switch(self.then)
            return
        self.dialog = abandon_dialog(self.ctx.size, self.ctx.text, saved)

    def layout(self) -> None:
        """Centre the dialog for the screen's shape."""
        saved = game_in_progress(self.ctx) if self.dialog is not None else None
        if saved is not None:
            self.dialog = abandon_dialog(self.ctx.size, self.ctx.text, saved)

    def get_event(self, event: pygame.event.Event) -> None:
        """Keep it: back; New game: the game in the asking scene's place."""
        answer = self.dialog.handle(event) if self.dialog is not None else None
        if answer == "cancel":
            self.back()
        elif answer == "confirm":
            self.switch(self.then)

    def draw(self, surface: pygame.Surface, now_ms: int) -> None:
        """The dialog (the scene below is drawn first, by the app)."""
        if self.dialog is not None:
            self.dialog.draw(surface, self.ctx.text, self.ctx.theme)
