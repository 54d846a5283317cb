"""The short messages over the screen: a few at a time, each for a few seconds, where they cover nothing.

``Toasts`` holds the ones being shown and the area the current scene gives
them; scenes call ``ctx.toasts.show(message)``. ``Toast`` is one message and
how it is laid out and drawn.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass

import pygame

from game.ui.text import TextRenderer
from game.ui.theme import Theme

TOAST_MS = 3500
"""How long a message shows."""
STORAGE_TOAST_MS = 7000
"""How long a message of the storage shows (a file set aside, a save that failed): longer, it matters more."""
KEPT = 3
"""The most messages kept at a time (the app shows the newest)."""

TOAST_SIZE = 20
TOAST_LINE = 24
TOAST_MARGIN = 16


@dataclass
class Toast:
    """A short message for a few seconds, in a place of its own: where it covers no button and no text.

    It goes at the bottom of ``area`` (the scene's place for messages) when that is free, else in the
    first band of the screen, from the bottom up, that nothing drawn this frame occupies.
    """

    message: str
    until_ms: int
    error: bool = False
    area: pygame.Rect | None = None

    def layout(self, surface_size: tuple[int, int], text: TextRenderer,
               occupied: Sequence[pygame.Rect] | None = None) -> tuple[pygame.Rect, list[str]]:
        """Where the toast goes and its lines, clear of ``occupied`` if it can be.

        ``occupied`` is by default what the last frame drew on the screen: its buttons and texts.
        """
        if occupied is None:
            occupied = text.marks.occupied
        screen = pygame.Rect((0, 0), surface_size).inflate(-2 * TOAST_MARGIN, -2 * TOAST_MARGIN)
        area = self.area.clip(screen) if self.area is not None else screen
        if area.width < 200:
            area = screen
        obstacles = [r for r in occupied if r.width and r.height]
        outside = [r for r in obstacles if self.area is None or not self.area.contains(r)]
        first: tuple[pygame.Rect, list[str]] | None = None
        if self.area is not None:
            # the scene's own area may hold its texts (the move list): the toast is their place's message
            rect, lines = self._box(text, area.width)
            rect.midbottom = area.midbottom
            if rect.collidelist(outside) < 0:
                return rect, lines
            first = rect, lines
        for width in (900, 560, 420, 320, 240):
            if width > screen.width and width != 900:
                continue
            rect, lines = self._box(text, min(width, screen.width))
            for x in (screen.centerx, screen.left + rect.width // 2, screen.right - rect.width // 2):
                for bottom in range(screen.bottom, screen.top + rect.height - 1, -8):
                    rect.midbottom = (x, bottom)
                    if rect.collidelist(obstacles) < 0:
                        return rect, lines
            first = first or (rect.copy(), lines)
        assert first is not None
        return first

    def _box(self, text: TextRenderer, width: int) -> tuple[pygame.Rect, list[str]]:
        """The toast's lines wrapped to ``width`` (its padding included) and the size of its box."""
        lines = text.wrap(self.message, TOAST_SIZE, max(40, width - 48))
        box_width = min(width, max(text.width(line, TOAST_SIZE) for line in lines) + 48)
        return pygame.Rect(0, 0, box_width, TOAST_LINE * len(lines) + 24), lines

    def draw(self, surface: pygame.Surface, text: TextRenderer, theme: Theme, now_ms: int) -> None:
        """Draw the toast, fading during its last 300 ms."""
        rect, lines = self.layout(surface.get_size(), text, text.marks.occupied)
        text.new_layer()
        text.note_widget(surface, rect, "toast", self.message)
        box = pygame.Surface(rect.size, pygame.SRCALPHA)
        alpha = max(0, min(240, (self.until_ms - now_ms) * 240 // 300))
        fill = theme.danger if self.error else theme.toast
        colour = theme.accent_text if self.error else theme.text
        pygame.draw.rect(box, (*fill, alpha), box.get_rect(), border_radius=12)
        if theme.name == "contrast" and not self.error:
            pygame.draw.rect(box, (*theme.text, alpha), box.get_rect(), width=2, border_radius=12)
        surface.blit(box, rect)
        inner = rect.inflate(-24, -12)
        for i, line in enumerate(lines):
            row = pygame.Rect(inner.left, rect.top + 12 + i * TOAST_LINE, inner.width, TOAST_LINE)
            text.draw_in(surface, line, TOAST_SIZE, colour, row)


class Toasts:
    """The messages being shown, newest last, and where the current scene wants them (``area``).

    Reads like a sequence of ``Toast`` (``toasts[-1].message``). ``clock``
    gives the game's time in milliseconds, when a message starts.
    """

    def __init__(self, clock: Callable[[], int]) -> None:
        self._clock = clock
        self._shown: list[Toast] = []
        self.area: pygame.Rect | None = None
        """Where the current scene wants toasts (an area without buttons); ``None``: the screen's bottom."""

    def show(self, message: str, error: bool = False, ms: int = TOAST_MS) -> None:
        """Show ``message`` for ``ms`` (an ``error`` in the danger colour); the oldest beyond ``KEPT`` go."""
        now = self._clock()
        self._shown = [toast for toast in self._shown if toast.until_ms > now][-(KEPT - 1):]
        self._shown.append(Toast(message, now + ms, error, self.area))

    def show_errors(self, messages: Iterable[str]) -> None:
        """Show each of ``messages`` as an error, for ``STORAGE_TOAST_MS``."""
        for message in messages:
            self.show(message, error=True, ms=STORAGE_TOAST_MS)

    def live(self, now_ms: int) -> list[Toast]:
        """The messages still showing at ``now_ms`` (those past their time are forgotten)."""
        self._shown = [toast for toast in self._shown if toast.until_ms > now_ms]
        return list(self._shown)

    def clear(self) -> None:
        """Forget every message."""
        self._shown.clear()

    def __iter__(self) -> Iterator[Toast]:
        return iter(self._shown)

    def __len__(self) -> int:
        return len(self._shown)

    def __getitem__(self, index: int) -> Toast:
        return self._shown[index]
