"""The scene protocol and the context every scene shares.

A scene handles events, updates and draws. It never calls another scene:
it asks the app, through ``request``, to ``open`` a scene above it (it
stays alive below, paused), to ``switch`` to one in its place, to go
``back`` to the scene below, or ``home`` to the menu. What a scene is
opened with is a typed entry (``game.scenes.entries``), one per scene.
The app keeps the stack (``game.scenes.stack.SceneStack``).
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar, Literal

import pygame

from game import i18n
from game.platform.storage import Storage
from game.play.frame_budget import FrameBudget
from game.play.settings import Settings
from game.play.stats import Stats
from game.play.store import PlayerStore
from game.scenes.entries import AskNewGameEntry, Entry, GameEntry
from game.ui.assets import Assets
from game.ui.board_view import BoardView
from game.ui.language import LanguageSwitch
from game.ui.text import TextRenderer
from game.ui.theme import Theme, theme_named
from game.ui.toasts import Toasts
from game.ui.widgets import ButtonGroup


class Context:
    """What the scenes share, each concern in its own place.

    ``assets`` and ``text`` (fonts, sounds, drawing words), ``store`` (the
    player's documents, and the one copy of the ``settings`` and ``stats``,
    which it saves), ``languages`` (the language spoken), ``toasts`` (short
    messages), the logical ``size``, the game's clock ``now_ms``, the
    ``frame`` budget, the board views of the current theme, and the game's own random draws.
    """

    def __init__(self, assets: Assets, storage: Storage, size: tuple[int, int], is_browser: bool) -> None:
        self.assets = assets
        self.text = TextRenderer(assets)
        self.store = PlayerStore(storage)
        self.size = size
        self.is_browser = is_browser
        self.now_ms = 0
        self.frame = FrameBudget()
        """The app's measure of drawing and the slice of background work it leaves (``frame.slice_ms``)."""
        self.toasts = Toasts(lambda: self.now_ms)
        self.languages = LanguageSwitch(assets, self.text, self.toasts, lambda: self.is_browser,
                                        chosen=lambda: self.settings.language, remember=self._remember_language)
        notice = self.languages.start()
        if notice:
            self.store.tell(notice)
        self.assets.sounds.follow(lambda: not self.settings.sound)
        self._views: dict[tuple[tuple[int, int, int, int], str], BoardView] = {}
        self.print_line: Callable[[str], None] = print
        self.rng = random.Random(os.urandom(32))
        """The game's own draws (colours "at random"): real entropy, whatever seeded ``random`` (pygbag: 1)."""

    @property
    def settings(self) -> Settings:
        """The player's settings (the store's: change them, then ``store.save_settings()``)."""
        return self.store.settings

    @property
    def stats(self) -> Stats:
        """The player's statistics (the store's: add to them, then ``store.save_stats()``)."""
        return self.store.stats

    @property
    def theme(self) -> Theme:
        """The theme the settings choose."""
        return theme_named(self.settings.theme)

    def board_view(self, rect: pygame.Rect) -> BoardView:
        """A board view for ``rect`` in the current theme (built once, then reused)."""
        key = ((rect.x, rect.y, rect.width, rect.height), self.settings.theme)
        view = self._views.get(key)
        if view is None:
            view = BoardView(rect, self.theme, self.text)
            self._views[key] = view
        return view

    def _remember_language(self, code: str) -> None:
        self.settings.language = code
        self.store.save_settings()


@dataclass(frozen=True)
class Navigation:
    """What a scene asks of the app: ``open`` an entry above it, ``switch`` to it, go ``back`` or ``home``."""

    kind: Literal["open", "switch", "back", "home"]
    entry: Entry | None = None


class Scene:
    """Base class of every scene (pyroller style: startup, get_event, update, draw; resume, pause, cleanup)."""

    overlay: ClassVar[bool] = False
    """Drawn over the scene below it (a question): the app draws that one first."""
    changes_only_on_input: ClassVar[bool] = False
    """Nothing of the scene moves by itself (no animation, clock, progress, search or page text field): ``still``."""

    def idle(self) -> bool:
        """Whether this frame's slice of background work is free (nothing of the scene's own runs in it)."""
        return False

    def still(self) -> bool:
        """Whether, with no input this frame, the scene draws just what it drew the frame before: nothing of its own
        moves by itself (``changes_only_on_input``). The app then leaves that frame on screen."""
        return self.changes_only_on_input

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.quit = False
        self.request: Navigation | None = None
        """Where to go next, for the app to carry out after this event or update."""
        self.laid_out_in: int | None = None
        """The language generation (``i18n.generation()``) this screen's texts were laid out in."""

    # -- life cycle (the app calls these) ----------------------------------------------------

    def startup(self, now_ms: int, entry: Entry) -> None:
        """Begin with ``entry`` (the scene's own entry type)."""
        self.request = None
        self.ctx.toasts.area = None
        self.layout()
        self.laid_out_in = i18n.generation()

    def pause(self, now_ms: int) -> None:
        """Another scene opens above this one; it stays alive, but gets no events or updates until resumed."""

    def resume(self, now_ms: int) -> None:
        """Back on top after the scene above closed: carry on where it was (the window may have changed)."""
        self.request = None
        self.ctx.toasts.area = None
        self.layout()
        self.laid_out_in = i18n.generation()

    def follow_language(self) -> None:
        """Lay the texts out again if the language changed while this screen was up (the app asks each frame)."""
        if self.laid_out_in != i18n.generation():
            self.layout()
            self.laid_out_in = i18n.generation()

    def cleanup(self) -> None:
        """Closed for good (back, home, or switched away from): stop whatever runs."""

    def layout(self) -> None:
        """Place widgets for ``ctx.size`` (called on start-up and when the orientation changes)."""

    def get_event(self, event: pygame.event.Event) -> None:
        """Handle one event (positions already in logical coordinates)."""

    def update(self, now_ms: int) -> None:
        """Advance time-dependent state."""

    def draw(self, surface: pygame.Surface, now_ms: int) -> None:
        """Draw the whole scene on the logical surface."""

    # -- navigation (the scene asks; the app does it) ------------------------------------------

    @property
    def done(self) -> bool:
        """Whether the scene has asked to go somewhere."""
        return self.request is not None

    def open(self, entry: Entry) -> None:
        """Open ``entry``'s scene above this one; its Back comes back here, as it was."""
        self.request = Navigation("open", entry)

    def switch(self, entry: Entry) -> None:
        """Close this scene and open ``entry``'s in its place (its Back goes where this one's went)."""
        self.request = Navigation("switch", entry)

    def back(self) -> None:
        """Close this scene and carry on with the one below it (the menu, at the bottom)."""
        self.request = Navigation("back")

    def home(self) -> None:
        """Close every scene above the menu."""
        self.request = Navigation("home")

    def start_game(self, entry: GameEntry) -> None:
        """Start ``entry``'s game in this scene's place, asking first when it would replace a game in progress."""
        saved = self.ctx.store.load_saved_game()
        if saved is not None and not saved.record.is_over() and not saved.unplayed and not entry.resume:
            self.open(AskNewGameEntry(entry))
        else:
            self.switch(entry)

    def menu_choice(self, group: ButtonGroup, event: pygame.event.Event) -> str | None:
        """The action ``event`` chooses in ``group``, with Escape and a "back" button going back.

        Returns ``None`` when there is nothing more for the scene to do.
        """
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return None
        action = group.handle(event)
        if action == "back":
            self.back()
            return None
        return action


class TextScene(Scene):
    """A scene that takes typed text while it is on top: SDL's text input runs from start or resume to pause or close.

    ``close_page_field`` takes away what the scene put over the canvas for
    typing on a touch screen (the browser's page field), if anything.
    """

    def startup(self, now_ms: int, entry: Entry) -> None:
        """Begin, taking text."""
        super().startup(now_ms, entry)
        pygame.key.start_text_input()

    def resume(self, now_ms: int) -> None:
        """Back on top: take text again."""
        super().resume(now_ms)
        pygame.key.start_text_input()

    def pause(self, now_ms: int) -> None:
        """Another scene is above: stop taking text."""
        self.stop_text()

    def cleanup(self) -> None:
        """Closed: stop taking text."""
        self.stop_text()

    def stop_text(self) -> None:
        """Stop taking text, and take any field over the canvas away."""
        pygame.key.stop_text_input()
        self.close_page_field()

    def close_page_field(self) -> None:
        """Take away the page's text field over the canvas (none by default)."""

