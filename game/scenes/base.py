"""The scene protocol and the context every scene shares.

A scene handles events, updates and draws. It never calls another scene:
it asks the app, through ``request``, to ``open`` a scene above it (it
stays alive below, paused), to ``switch`` to one in its place, to go
``back`` to the scene below, or ``home`` to the menu. What a scene is
opened with is a typed entry (``game.scenes.entries``), one per scene.
The app keeps the stack (``game.app.SceneStack``).
"""

from __future__ import annotations

import functools
import os
import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar, Literal

import pygame

from game import i18n
from game.engine import GameRecord
from game.i18n import N_, _, best_language
from game.platform.browser import fetch_page_file
from game.platform.languages import system_languages
from game.platform.resources import SCRIPT_FONTS, WEB_LOCALE_DIR
from game.platform.storage import JsonDocuments, Storage
from game.play.frame_budget import FrameBudget
from game.play.match import SAVEGAME_KEY, SavedGame
from game.play.settings import SETTINGS_KEY, Settings
from game.play.stats import STATS_KEY, Stats
from game.records.transcripts import LAST_GAME_KEY, last_game_to_json
from game.scenes.entries import AskNewGameEntry, Entry, GameEntry
from game.ui.assets import FETCHED_DIR, Assets
from game.ui.board_view import BoardView
from game.ui.text import TextRenderer
from game.ui.theme import Theme, theme_named
from game.ui.widgets import ButtonGroup, Toast

TOAST_MS = 3500


class Context:
    """What the scenes share: assets, settings, statistics, storage, the logical size and toasts."""

    def __init__(self, assets: Assets, storage: Storage, size: tuple[int, int], is_browser: bool,
                 scene_classes: dict[str, type[Scene]] | None = None) -> None:
        self.assets = assets
        self.text = TextRenderer(assets)
        self.documents = JsonDocuments(storage)
        self.size = size
        self.is_browser = is_browser
        self.scene_classes: dict[str, type[Scene]] = scene_classes or {}
        self.now_ms = 0
        self.frame = FrameBudget()
        """The app's measure of drawing and the slice of background work it leaves (``frame.slice_ms``)."""
        self.toasts: list[Toast] = []
        self.toast_area: pygame.Rect | None = None
        """Where the current scene wants toasts (an area without buttons); ``None``: the screen's bottom."""
        # what each document is called in messages, marked here: the storage translates it when it speaks
        self.settings = self.documents.load(SETTINGS_KEY, Settings.from_json, N_("settings")) or Settings()
        self._start_language()
        self.stats = self.documents.load(STATS_KEY, Stats.from_json, N_("statistics")) or Stats()
        self.documents.messages += [notice for notice in [self.stats.take_notice()] if notice]  # an unreadable rating
        self.assets.sounds.muted = not self.settings.sound
        self._views: dict[tuple[tuple[int, int, int, int], str], BoardView] = {}
        self.print_line: Callable[[str], None] = print
        self.rng = random.Random(os.urandom(32))
        """The game's own draws (colours "at random"): real entropy, whatever seeded ``random`` (pygbag: 1)."""

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

    # -- language ---------------------------------------------------------

    def _start_language(self) -> None:
        """Speak the language chosen in Settings, or the system's until one is chosen."""
        self._fetching: set[str] = set()
        # until the player chooses one in Settings, the game follows the system's language (nothing is saved)
        chosen = self.settings.language or best_language(system_languages())
        if not self._speak(chosen) and not self._fetch_language(chosen):
            self._speak(i18n.SOURCE_LANGUAGE)
            self.documents.messages.append(_("The {language} texts could not be read; the game speaks English.")
                                           .format(language=i18n.LANGUAGES.get(chosen, chosen)))

    def _speak(self, code: str) -> bool:
        """Switch the catalog and the fonts together; False (nothing changed) if either cannot be had here."""
        if code not in i18n.LANGUAGES:
            return False
        try:
            catalog = None if code == i18n.SOURCE_LANGUAGE else i18n.read_catalog(code, (FETCHED_DIR,))
        except i18n.CatalogError:
            return False
        if not self.assets.use_fonts_for(code):
            return False
        i18n.use(code, catalog)
        self.text.forget()
        return True

    def _missing_files(self, code: str) -> list[tuple[str, Path]]:
        """What the page must fetch before ``code`` can be spoken in the browser: (address beside the page, path)."""
        missing = []
        if code != i18n.SOURCE_LANGUAGE and i18n.catalog_file(code, (FETCHED_DIR,)) is None:
            missing.append((f"{WEB_LOCALE_DIR}/{code}.mo", FETCHED_DIR / f"{code}.mo"))
        font = SCRIPT_FONTS.get(code)
        if font is not None and self.assets.script_font_path(code) is None:
            missing.append((font, FETCHED_DIR / Path(font).name))
        return missing

    def _fetch_language(self, code: str) -> bool:
        """In the browser, have the page fetch ``code``'s catalog and font (not in the archive); speak it then.

        Until they arrive the game speaks what it spoke. False where there is
        nothing to fetch (the desktop, or nothing missing).
        """
        missing = self._missing_files(code) if self.is_browser and code in i18n.LANGUAGES else []
        if not missing:
            return False
        if code in self._fetching:
            return True
        try:
            FETCHED_DIR.mkdir(parents=True, exist_ok=True)
        except OSError:
            return False
        waiting = {address for address, _ in missing}

        def arrived(address: str, ok: bool, detail: str) -> None:
            if code not in self._fetching:
                return  # one of its files failed already
            waiting.discard(address)
            if ok and waiting:
                return
            self._fetching.discard(code)
            if ok and self.settings.language == code and not self._speak(code):
                ok, detail = False, _("the files are damaged")
            if not ok:
                self.toast(_("The {language} texts could not be downloaded ({detail}); the game speaks English "
                             "until they can be.").format(language=i18n.LANGUAGES[code], detail=detail), error=True)

        self._fetching.add(code)
        for address, path in missing:
            fetch_page_file(address, str(path), functools.partial(arrived, address))
        return True

    def set_language(self, code: str) -> bool:
        """Speak ``code`` from now on and remember it; False if it cannot be spoken yet (with a message).

        In the browser a language with its own font speaks once the page has
        fetched it (a frame or a few seconds later); the choice is kept
        meanwhile. Screens lay their texts out again when the language changes
        (``Scene.follow_language``).
        """
        if self._speak(code):
            self.settings.language = code
            self.save_settings()
            return True
        if self._fetch_language(code):
            self.settings.language = code
            self.save_settings()
            self.toast(_("Fetching the {language} texts…").format(language=i18n.LANGUAGES[code]))
            return False
        self.toast(_("The texts of this language could not be read."), error=True)
        return False

    # -- messages ---------------------------------------------------------

    def toast(self, message: str, error: bool = False, ms: int = TOAST_MS) -> None:
        """Show a short message at the bottom of the screen."""
        self.toasts = [t for t in self.toasts if t.until_ms > self.now_ms][-2:]
        self.toasts.append(Toast(message, self.now_ms + ms, error, self.toast_area))

    def flush_storage_messages(self) -> None:
        """Show whatever the storage layer had to report (corrupt files set aside, failed writes)."""
        for message in self.documents.take_messages():
            self.toast(message, error=True, ms=7000)

    # -- persistence ------------------------------------------------------

    def save_settings(self) -> None:
        """Store the settings and apply the mute switch."""
        self.assets.sounds.muted = not self.settings.sound
        self.documents.save(SETTINGS_KEY, self.settings.to_json(), N_("settings"))
        self.flush_storage_messages()

    def save_stats(self) -> None:
        """Store the statistics."""
        self.documents.save(STATS_KEY, self.stats.to_json(), N_("statistics"))
        self.flush_storage_messages()

    def load_saved_game(self) -> SavedGame | None:
        """The autosaved game, or ``None`` (a corrupt one is set aside with a message)."""
        saved = self.documents.load(SAVEGAME_KEY, SavedGame.from_json, N_("saved game"))
        self.flush_storage_messages()
        return saved

    def save_game(self, saved: SavedGame) -> None:
        """Autosave the game in progress."""
        self.documents.save(SAVEGAME_KEY, saved.to_json(), N_("game"))
        self.flush_storage_messages()

    def clear_saved_game(self) -> None:
        """Forget the autosave (the game ended or was abandoned)."""
        self.documents.delete(SAVEGAME_KEY)
        self.flush_storage_messages()

    def keep_last_game(self, record: GameRecord) -> None:
        """Keep a game that ended for the review (the Transcript scene offers it)."""
        if record.moves:
            self.documents.save(LAST_GAME_KEY, last_game_to_json(record), N_("last game"))
            self.flush_storage_messages()


@dataclass(frozen=True)
class Navigation:
    """What a scene asks of the app: ``open`` an entry above it, ``switch`` to it, go ``back`` or ``home``."""

    kind: Literal["open", "switch", "back", "home"]
    entry: Entry | None = None


class Scene:
    """Base class of every scene (pyroller style: startup, get_event, update, draw; resume, pause, cleanup)."""

    menu_label: ClassVar[str | None] = None
    """Set to show this scene as an entry of the main menu."""
    menu_order: ClassVar[int] = 100
    """Where the entry goes in the menu (lower is higher up)."""
    menu_subtitle: ClassVar[str] = ""
    overlay: ClassVar[bool] = False
    """Drawn over the scene below it (a question): the app draws that one first."""

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
        self.ctx.toast_area = None
        self.layout()
        self.laid_out_in = i18n.generation()

    def pause(self, now_ms: int) -> None:
        """Another scene opens above this one; it stays alive, but gets no events or updates until resumed."""

    def resume(self, now_ms: int) -> None:
        """Back on top after the scene above closed: carry on where it was (the window may have changed)."""
        self.request = None
        self.ctx.toast_area = None
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
        saved = self.ctx.load_saved_game()
        if saved is not None and not saved.record.is_over() and not entry.resume:
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

