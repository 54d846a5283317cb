"""The one owner of the window, the frame loop and the current scene.

Scenes draw on a fixed logical surface (landscape or portrait, whichever
suits the window); the app scales it into the window and maps pointer
events back into logical coordinates, in one place (``map_event``). Touch
produces finger events and emulated mouse events; only the finger ones
are used, so a tap acts once.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Generator

import pygame

from game import i18n
from game.ai import Budget, Job, importing, play_on_without_weights, warm_up, weights_problem
from game.engine import BLACK, GameRecord
from game.i18n import _, ngettext
from game.platform import browser, window_memory
from game.platform.browser import IS_BROWSER, unlock_audio
from game.platform.documents import JsonDocuments
from game.platform.links import location_fragment, parse_fragment
from game.platform.storage import Storage
from game.platform.web_storage import default_storage
from game.play.frame_budget import SLICE_MIN_MS
from game.play.match import MatchSetup, Mode
from game.scenes import SCENES, Context, Scene
from game.scenes.entries import Entry, GameEntry, MenuEntry
from game.scenes.stack import SceneStack
from game.ui.assets import Assets
from game.ui.layout import LANDSCAPE, PHONE, game_layout, logical_size_for, text_floor
from game.ui.widgets import Button, draw_tooltip

WINDOW_TITLE = "Othello"
FPS = 60
WARM_UP_PATIENCE = 10
"""Frames in a row the warm-up waits while the frames' own work leaves it no room; then it takes its smallest slice
anyway (a scene that draws every frame on a slow phone must not keep the AI unloaded until its first move)."""
VIEWPORT_CHECK_MS = 400
"""How often the browser page's shape is checked (a phone rotated, a window resized)."""
MIN_WINDOW = (PHONE[0], LANDSCAPE[1] // 2)
"""The smallest desktop window: the phone's layout at its own size when narrow, half the landscape's height when
low; below this the text is unreadable."""

POINTER_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)
FINGER_TO_MOUSE = {
    pygame.FINGERDOWN: pygame.MOUSEBUTTONDOWN,
    pygame.FINGERUP: pygame.MOUSEBUTTONUP,
    pygame.FINGERMOTION: pygame.MOUSEMOTION,
}


def initial_window_size() -> tuple[int, int]:
    """The landscape logical size on the desktop; in the browser, the layout that suits the page's shape.

    The display is the logical size itself: pygbag scales the canvas to the
    page (CSS), which costs nothing per frame, unlike scaling in Python.
    """
    if IS_BROWSER:
        size = browser.viewport_size()
        if size:
            return logical_size_for(size)
    return LANDSCAPE


IMPORTED_BEHIND_THE_MENU = ("game.library.service",)
"""The game's modules besides the AI's that an idle screen imports soon after the start (the library, loaded ahead
for the explorer): imported by the warm-up, a module a step, not all in one frame."""


def behind_the_menu(ctx: Context) -> Generator[None, None, None]:
    """What the game loads behind its menu, a step at a time: the first game's board (its sprites), the AI
    (``warm_up``), then the rest (``IMPORTED_BEHIND_THE_MENU``)."""
    view = ctx.board_view(game_layout(ctx.size).board)  # the discs; the board below, a piece a step
    yield
    yield from view.making_board()
    yield from warm_up()
    yield from importing(IMPORTED_BEHIND_THE_MENU)


class App:
    """Window, scenes and the frame loop. ``frame()`` runs one frame; ``run()`` loops with asyncio."""

    def __init__(
        self,
        storage: Storage | None = None,
        window_size: tuple[int, int] | None = None,
        clock: Callable[[], int] | None = None,
        with_sound: bool = True,
        fragment: str | None = None,
    ) -> None:
        started = time.perf_counter()
        play_on_without_weights()  # damaged weights cost the trained evaluation, not the game (a toast says so)
        pygame.display.init()
        pygame.font.init()
        self.clock_ms = clock or pygame.time.get_ticks
        storage = storage if storage is not None else default_storage()
        self.remembers_window = window_size is None and not IS_BROWSER
        """Whether the window opens where it was last closed (a desktop start that asks for no size)."""
        place_documents = JsonDocuments(storage)
        preferred = initial_window_size()
        placement = window_memory.recall(place_documents, preferred, MIN_WINDOW) if self.remembers_window else None
        size = window_size or (placement.size if placement else preferred)
        flags = 0 if IS_BROWSER else pygame.RESIZABLE
        pygame.display.set_caption(WINDOW_TITLE)
        asked = window_memory.before_opening(placement)
        self.window = pygame.display.set_mode(size, flags)
        # pygbag fitted the canvas's box to the page when the canvas was 1x1 pixels, before Python ran: fit
        # it again at the display's shape, or the page stretches the game to that first box
        browser.fit_canvas()
        window_memory.after_opening(asked)
        if not IS_BROWSER:
            window_memory.set_minimum_size(window_memory.smallest(window_memory.known_desktops(), MIN_WINDOW))
        self.assets = Assets(with_sound=with_sound)
        icon = None if IS_BROWSER else self.assets.load_icon()
        if icon is not None:
            pygame.display.set_icon(icon)
        logical = logical_size_for(self.window.get_size())
        self.assets.text_floor = text_floor(logical)
        self.surface = pygame.Surface(logical)
        self.ctx = Context(self.assets, storage, logical, IS_BROWSER)
        for message in place_documents.take_messages():
            self.ctx.store.tell(message)
        self.stack = SceneStack(self.ctx, SCENES)
        self.running = True
        self.audio_unlocked = False
        self.frame_ms: list[float] = []
        self.record_frames = False
        self._pygame_clock = pygame.time.Clock()
        self._scale_cache: tuple[tuple[int, int], float, pygame.Rect] | None = None
        self.frames_shown = 0
        self._warming: Job[None] | None = Job(behind_the_menu(self.ctx), Budget())
        self._warm_up_waited = 0
        """Frames in a row the warm-up has waited out for want of room (``_warm_up``)."""
        self._bars_filled: tuple[tuple[int, int], str] | None = None
        self.pointer: tuple[int, int] | None = None
        """The pointer in logical pixels, as last moved."""
        self._still = False
        """Whether the scene (and the one under a question) was still (``Scene.still``) this frame: a frame is drawn
        while it moves, and once more in the frame it comes to rest, then no more until input or a change."""
        self._drawn_looks: tuple[object, ...] | None = None
        """What the frame on screen was drawn for (``_looks``): a still scene (``Scene.still``) is not drawn again
        while nothing of it changes and no input comes (on a phone the menu's drawing took most of each frame)."""
        self._window_changed_ms: int | None = None
        """When the window was last moved or resized, until its place is saved (``window_memory.SAVE_AFTER_MS``)."""
        self.ctx.now_ms = self.clock_ms()
        self.stack.start(self.ctx.now_ms, self._first_scene(fragment))
        self.ctx.store.report_to(self.ctx.toasts.show_errors)  # the start's messages, then each as it comes
        notice = self.ctx.store.store_notice()  # a page that blocks saving says so at once
        if notice:
            self.ctx.toasts.show(notice, error=True, ms=9000)
        self._viewport_checked_ms = self.ctx.now_ms
        self.startup_seconds = time.perf_counter() - started

    def _first_scene(self, fragment: str | None) -> Entry:
        """The menu, or the game in the page address (``#f5d6c3``) when there is one (above the menu)."""
        text = fragment if fragment is not None else location_fragment()
        if not text:
            return MenuEntry()
        try:
            transcript = parse_fragment(text)
        except ValueError as exc:
            self.ctx.toasts.show(_("Could not open the shared game: {error}").format(error=exc), error=True, ms=7000)
            return MenuEntry()
        record = GameRecord.from_transcript(transcript)
        moves = len(record.moves)
        return GameEntry(MatchSetup(Mode.TWO, BLACK), record,
                         message=ngettext("Opened the shared game ({n} move). Undo steps back through it.",
                                          "Opened the shared game ({n} moves). Undo steps back through it.",
                                          moves).format(n=moves))

    @property
    def scene(self) -> Scene:
        """The scene shown (on top of the stack)."""
        return self.stack.top

    @property
    def scene_name(self) -> str:
        """The name of the scene shown (``game.scenes.names``)."""
        return self.stack.top_name

    # -- window and events --------------------------------------------------

    def _placement(self) -> tuple[float, pygame.Rect]:
        """The scale and the window rect the logical surface is drawn into."""
        window_size = self.window.get_size()
        logical = self.surface.get_size()
        if self._scale_cache is None or self._scale_cache[0] != window_size:
            scale = min(window_size[0] / logical[0], window_size[1] / logical[1])
            width, height = max(1, round(logical[0] * scale)), max(1, round(logical[1] * scale))
            rect = pygame.Rect((window_size[0] - width) // 2, (window_size[1] - height) // 2, width, height)
            self._scale_cache = (window_size, scale, rect)
        return self._scale_cache[1], self._scale_cache[2]

    def to_logical(self, pos: tuple[float, float]) -> tuple[int, int]:
        """A window pixel as a logical pixel."""
        scale, rect = self._placement()
        return int((pos[0] - rect.left) / scale), int((pos[1] - rect.top) / scale)

    def to_window(self, pos: tuple[float, float]) -> tuple[int, int]:
        """A logical pixel as a window pixel (for tests and tools that click)."""
        scale, rect = self._placement()
        return int(rect.left + pos[0] * scale), int(rect.top + pos[1] * scale)

    def map_event(self, event: pygame.event.Event) -> pygame.event.Event | None:
        """The event as scenes should see it (logical positions), or ``None`` to drop it."""
        if event.type in POINTER_EVENTS:
            if getattr(event, "touch", False):
                return None  # the finger event for this touch is used instead
            attrs = dict(event.dict)
            attrs["pos"] = self.to_logical(event.pos)
            return pygame.event.Event(event.type, attrs)
        if event.type in FINGER_TO_MOUSE:
            width, height = self.window.get_size()
            pos = self.to_logical((event.x * width, event.y * height))
            attrs = {"pos": pos, "button": 1, "touch": True}
            if event.type == pygame.FINGERMOTION:
                attrs = {"pos": pos, "rel": (0, 0), "buttons": (1, 0, 0), "touch": True}
            return pygame.event.Event(FINGER_TO_MOUSE[event.type], attrs)
        return event

    def _resize(self) -> None:
        self._scale_cache = None
        self._bars_filled = None
        logical = logical_size_for(self.window.get_size())
        if logical != self.surface.get_size():
            self.surface = pygame.Surface(logical)
            self.ctx.size = logical
            # the text caches are keyed by the size drawn, the floor applied: nothing to forget
            self.assets.text_floor = text_floor(logical)
            self.scene.layout()

    def follow_page_shape(self, viewport: tuple[int, int] | None) -> bool:
        """Switch to the layout that suits the page's shape (``viewport``); True if it changed.

        In the browser the display is the logical size: a new ``set_mode``
        resizes pygbag's canvas, which pygbag then fits to the page again.
        """
        if not viewport:
            return False
        wanted = logical_size_for(viewport)
        if wanted == self.surface.get_size():
            return False
        self.window = pygame.display.set_mode(wanted, 0 if IS_BROWSER else pygame.RESIZABLE)
        self._resize()
        browser.fit_canvas()
        return True

    def handle(self, event: pygame.event.Event) -> None:
        """One raw pygame event."""
        if event.type == pygame.QUIT:
            if not IS_BROWSER:
                self.running = False
            return
        if event.type in (pygame.WINDOWMOVED, pygame.WINDOWRESIZED) and self.remembers_window:
            self._window_changed_ms = self.ctx.now_ms
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            if event.type == pygame.VIDEORESIZE and not IS_BROWSER:
                self.window = pygame.display.get_surface() or self.window
            self._resize()
            return
        if not self.audio_unlocked and event.type in (pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN, pygame.KEYDOWN):
            self.audio_unlocked = True
            self.assets.load_sounds()  # at the first gesture, not before the first frame; then let the page play it
            unlock_audio()
        mapped = self.map_event(event)
        if mapped is not None:
            if mapped.type == pygame.MOUSEMOTION:
                self.pointer = mapped.pos  # where the tooltip of a shortened text shows
            self.scene.get_event(mapped)

    # -- the frame ----------------------------------------------------------

    def switch_scene(self) -> None:
        """Carry out where the scene on top asked to go (open, switch, back, home), if it asked."""
        self.stack.settle(self.ctx.now_ms)

    def frame(self, events: list[pygame.event.Event] | None = None) -> bool:
        """Handle events, update, draw and show one frame; False once the game should close."""
        started = time.perf_counter()
        self.ctx.now_ms = self.clock_ms()
        had_input = False
        for event in pygame.event.get() if events is None else events:
            had_input = had_input or not self._moves_only_the_pointer(event)
            self.handle(event)
            if self.scene.done:
                self.switch_scene()
        had_input = browser.answers_arrived() or had_input  # a clipboard answer changes a scene as input does
        self.scene.follow_language()
        self.scene.update(self.ctx.now_ms)
        self._load_library_ahead()
        if self.scene.quit:
            self.running = False
        self.switch_scene()
        looks, was_still, below = self._looks(), self._still, self._under()
        self._still = self.scene.still() and (below is None or below.still())
        if had_input or not (was_still and self._still) or self._changed(looks):
            drawn = time.perf_counter()
            self.draw()
            self.ctx.frame.observe_draw((time.perf_counter() - drawn) * 1000)
            self._drawn_looks = self._looks()  # as this frame drew it (the tooltip's texts are this frame's)
        else:  # the same frame again: it stays on screen, and its drawing time goes to background work
            self.ctx.frame.observe_draw(0.0)
        if self.frames_shown >= 1 and self._warming is not None:
            self._warm_up((time.perf_counter() - started) * 1000)  # the first frame is on screen: load behind it
        self.frames_shown += 1
        if self.frames_shown == 1:
            browser.page_ready()  # the first frame is on screen: the page's loading screen goes
        if IS_BROWSER and self.ctx.now_ms - self._viewport_checked_ms >= VIEWPORT_CHECK_MS:
            self._viewport_checked_ms = self.ctx.now_ms
            self.follow_page_shape(browser.viewport_size())
        if (self._window_changed_ms is not None
                and self.ctx.now_ms - self._window_changed_ms >= window_memory.SAVE_AFTER_MS):
            self._window_changed_ms = None  # saved now, so a game killed later still reopens here
            window_memory.remember(self.ctx.store.documents)
        if self.record_frames:
            self.frame_ms.append((time.perf_counter() - started) * 1000)
        return self.running

    def _looks(self) -> tuple[object, ...] | None:
        """What a frame looks like besides the scene's own state: the scenes shown, the size, theme and language, what
        the pointer lights up (``_pointer_looks``); ``None`` while a toast shows (it fades)."""
        if self.ctx.toasts.live(self.ctx.now_ms):
            return None
        return (id(self.scene), id(self._under()), id(self.surface), self.surface.get_size(), self.window.get_size(),
                self.ctx.settings.theme, i18n.generation(), self._pointer_looks())

    def _pointer_shows_on_buttons_only(self) -> bool:
        """Whether the pointer shows on the screen only through the buttons under it (a screen whose drawing changes
        only on input: the menu, the settings, a question), not as a board's ghost disc, a drag, or by taking the
        keyboard's focus ring away (a move over a button does, while one shows)."""
        below = self._under()
        return (self.scene.changes_only_on_input and (below is None or below.changes_only_on_input)
                and self.ctx.text.marks.focus is None)

    def _pointer_looks(self) -> object:
        """What the pointer changes of the frame: on a screen where it shows only on buttons, whether it has lit one up
        or down (``Button.lit_changes``), and where it is while a shortened text under it has its tooltip; elsewhere,
        where it is."""
        pointer = self.pointer
        if not self._pointer_shows_on_buttons_only():
            return pointer
        tooltip = pointer is not None and any(rect.collidepoint(pointer) for rect, _ in self.ctx.text.marks.shortened)
        return Button.lit_changes, pointer if tooltip else None

    def _moves_only_the_pointer(self, event: pygame.event.Event) -> bool:
        """Whether ``event`` only moves the pointer, no button held, where it shows only on buttons: no input to draw
        by itself (``_pointer_looks`` tells). The first comes as the page's tap lifts, mostly between buttons."""
        return (event.type == pygame.MOUSEMOTION and not any(getattr(event, "buttons", (1,)))
                and self._pointer_shows_on_buttons_only())

    def _changed(self, looks: tuple[object, ...] | None) -> bool:
        """Whether this still frame, with no input, must be drawn all the same: what it looks like changed since the
        frame on screen, or the text renderer is recording what a frame draws (a layout audit, a test)."""
        return looks is None or looks != self._drawn_looks or self.ctx.text.recording is not None

    def _under(self) -> Scene | None:
        """The scene drawn under the one on top: the one below a question (an overlay), else none."""
        return self.stack.below if self.scene.overlay else None

    def _load_library_ahead(self) -> None:
        """Load the library (and count the explorer's openings) in an idle scene's free slice, ahead of need.

        Only when it is likely to be used: the explorer is on in play, or the library was opened and left
        before it was ready. The first count takes thousands of slices; spent while the menu waits or a player
        thinks, they cost no frame and the explorer has all the games' counts sooner.
        """
        if self._warming is not None or not self.scene.idle():
            return
        from game.library import service

        current = service.shared() if self.ctx.settings.show_explorer else service.started_shared()
        if current is not None and not current.done:
            current.advance(self.ctx.frame.slice_ms)

    def _warm_up(self, spent_ms: float) -> None:
        """After the first frame is shown: load what the first game would otherwise stall on.

        The board's sprites, then the AI's evaluation (weights, then its game phases, each step a few
        milliseconds natively), load as a job in what is left of the frame once its own work (``spent_ms``: events,
        update, drawing) is done, while the menu is idle, not in the middle of a game. A frame with no room left
        (the pointer's first move redrew the menu) is not made late by it, up to ``WARM_UP_PATIENCE`` frames in a row.
        """
        assert self._warming is not None
        room = self.ctx.frame.room_after(spent_ms)
        if not room and self._warm_up_waited < WARM_UP_PATIENCE:
            self._warm_up_waited += 1
            return
        self._warm_up_waited = 0
        self._warming.advance(room or SLICE_MIN_MS)
        if self._warming.done:
            self._warming = None
            browser.page_settled()  # the page's offline copy is made now, not over the menu's first frames
            problem = weights_problem()
            if problem:
                self.ctx.toasts.show(_("The computer's trained evaluation could not be read ({problem}). It plays "
                                       "on with its hand-written one, which is weaker.").format(problem=problem),
                                     error=True, ms=9000)

    def draw(self) -> None:
        """Draw the scene and any toasts, then scale to the window."""
        now = self.ctx.now_ms
        self.ctx.text.begin_frame(self.surface)
        below = self._under()
        if below is not None:
            below.draw(self.surface, now)
        self.scene.draw(self.surface, now)
        for toast in self.ctx.toasts.live(now)[-1:]:
            toast.draw(self.surface, self.ctx.text, self.ctx.theme, now)
        draw_tooltip(self.surface, self.ctx.text, self.ctx.theme, self.pointer)
        scale, rect = self._placement()
        if rect.size == self.surface.get_size():
            self.window.blit(self.surface, rect)
        else:
            if self._bars_filled != (rect.topleft, self.ctx.settings.theme):
                self.window.fill(self.ctx.theme.background)
                self._bars_filled = (rect.topleft, self.ctx.settings.theme)
            if scale < 1.0 or abs(scale - round(scale)) > 1e-6:
                pygame.transform.smoothscale(self.surface, rect.size, self.window.subsurface(rect))
            else:
                pygame.transform.scale(self.surface, rect.size, self.window.subsurface(rect))
        pygame.display.flip()

    def tick(self) -> None:
        """Wait out the rest of the frame on the desktop (the browser paces frames itself)."""
        if not IS_BROWSER:
            self._pygame_clock.tick(FPS)

    def close(self) -> None:
        """Remember the window's place, then shut pygame down (the game has been saved after every move already)."""
        if self.remembers_window:
            window_memory.remember(self.ctx.store.documents)
        pygame.quit()

    async def run(self, before_frame: Callable[[App], bool] | None = None) -> None:
        """The frame loop: one frame, then yield to the browser (or the event loop) once.

        ``before_frame`` runs before each frame (scripted input, ``game.interfaces.input_script``); False ends the loop.
        """
        while (before_frame is None or before_frame(self)) and self.frame():
            await asyncio.sleep(0)
            self.tick()
        self.close()
