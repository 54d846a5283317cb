"""Buttons, button groups with keyboard focus, segmented choices, panels, toasts and modal dialogs.

Widgets work in logical coordinates (the app maps window events into
them before any scene sees an event). A button acts on release inside the
rect it was pressed in, so a tap acts once and a drag off cancels.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from game.ui.text import TextRenderer
from game.ui.theme import Theme

ACTIVATE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, theme: Theme, radius: int = 14) -> None:
    """A rounded panel with a thin edge."""
    pygame.draw.rect(surface, theme.panel, rect, border_radius=radius)
    pygame.draw.rect(surface, theme.panel_edge, rect, width=2 if theme.name == "contrast" else 1,
                     border_radius=radius)


def fill_background(surface: pygame.Surface, theme: Theme) -> None:
    """The scene background: a soft vertical gradient in the classic theme."""
    if theme.background_top == theme.background:
        surface.fill(theme.background)
        return
    height = surface.get_height()
    width = surface.get_width()
    bands = 24
    for band in range(bands):
        t = band / (bands - 1)
        colour = tuple(int(a + (b - a) * t) for a, b in zip(theme.background_top, theme.background, strict=True))
        top = height * band // bands
        surface.fill(colour, (0, top, width, height * (band + 1) // bands - top))


@dataclass
class Button:
    """A clickable, focusable button that reports ``action`` when activated."""

    rect: pygame.Rect
    label: str
    action: str
    enabled: bool = True
    primary: bool = False
    selected: bool = False
    subtitle: str = ""
    size: int = 26
    hovered: bool = False
    pressed: bool = False

    def handle(self, event: pygame.event.Event) -> str | None:
        """The action if this event activates the button, else ``None``."""
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed = self.enabled and self.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was_pressed, self.pressed = self.pressed, False
            if was_pressed and self.enabled and self.rect.collidepoint(event.pos):
                return self.action
        return None

    def draw(self, surface: pygame.Surface, text: TextRenderer, theme: Theme, focused: bool = False,
             size: int | None = None) -> None:
        """Draw the button in its current state (``size``: the label's size, shared with its row)."""
        if not self.enabled:
            fill, colour = theme.button_disabled, theme.text_dim
        elif self.primary or self.selected:
            fill, colour = theme.accent, theme.accent_text
        else:
            fill = theme.button_hover if (self.hovered or self.pressed) else theme.button
            colour = theme.button_text
        rect = self.rect.move(0, 2) if self.pressed else self.rect
        radius = min(12, rect.height // 2)
        pygame.draw.rect(surface, fill, rect, border_radius=radius)
        edge = theme.panel_edge if self.enabled else theme.button_disabled
        if theme.name == "contrast":
            edge = theme.text if self.enabled else theme.text_dim
        pygame.draw.rect(surface, edge, rect, width=2 if theme.name == "contrast" else 1, border_radius=radius)
        if focused:
            pygame.draw.rect(surface, theme.cursor, rect.inflate(8, 8), width=3, border_radius=radius + 4)
        size = size or self.label_size(text)
        if self.subtitle:
            small = max(12, int(size * 0.62))
            small = text.fit_size(self.subtitle, small, rect.width - 16)
            text.draw(surface, self.label, size, colour, (rect.centerx, rect.centery - small // 2 - 2), "center", True)
            text.draw(surface, self.subtitle, small, colour, (rect.centerx, rect.centery + size // 2 + 2),
                      "center")
        else:
            text.draw(surface, self.label, size, colour, rect.center, "center", bold=True)


    def label_size(self, text: TextRenderer) -> int:
        """The largest size up to ``size`` at which the label fits."""
        return text.fit_size(self.label, self.size, self.rect.width - 16, bold=True)


@dataclass
class ButtonGroup:
    """Buttons navigated with the mouse or the keyboard (arrows/Tab move focus, Enter activates)."""

    buttons: list[Button] = field(default_factory=list)
    focus: int | None = None
    columns: int = 1

    def handle(self, event: pygame.event.Event) -> str | None:
        """The action chosen by this event, if any."""
        if event.type == pygame.KEYDOWN:
            return self._handle_key(event.key)
        for index, button in enumerate(self.buttons):
            action = button.handle(event)
            if event.type == pygame.MOUSEMOTION and button.hovered and button.enabled:
                self.focus = None
            if action is not None:
                self.focus = None if event.type != pygame.KEYDOWN else index
                return action
        return None

    def _handle_key(self, key: int) -> str | None:
        enabled = [i for i, b in enumerate(self.buttons) if b.enabled]
        if not enabled:
            return None
        if key in ACTIVATE_KEYS and self.focus is not None and self.buttons[self.focus].enabled:
            return self.buttons[self.focus].action
        step = {pygame.K_DOWN: self.columns, pygame.K_UP: -self.columns, pygame.K_RIGHT: 1, pygame.K_LEFT: -1,
                pygame.K_TAB: 1}.get(key)
        if step is None:
            return None
        if self.focus is None:
            self.focus = enabled[0] if step > 0 else enabled[-1]
            return None
        index = self.focus
        for _ in range(len(self.buttons)):
            index = (index + step) % len(self.buttons)
            if self.buttons[index].enabled:
                break
        self.focus = index
        return None

    def draw(self, surface: pygame.Surface, text: TextRenderer, theme: Theme) -> None:
        """Draw every button, the focused one ringed; buttons in one row share one label size."""
        sizes: dict[tuple[int, int], int] = {}
        for button in self.buttons:
            if not button.subtitle:
                row = (button.rect.top, button.rect.height)
                sizes[row] = min(sizes.get(row, button.size), button.label_size(text))
        for index, button in enumerate(self.buttons):
            size = None if button.subtitle else sizes[(button.rect.top, button.rect.height)]
            button.draw(surface, text, theme, focused=index == self.focus, size=size)


def button_row(rect: pygame.Rect, labels: Sequence[tuple[str, str]], gap: int = 10, size: int = 22) -> list[Button]:
    """Buttons (label, action) side by side filling ``rect``."""
    count = max(1, len(labels))
    width = (rect.width - gap * (count - 1)) // count
    return [
        Button(pygame.Rect(rect.left + i * (width + gap), rect.top, width, rect.height), label, action, size=size)
        for i, (label, action) in enumerate(labels)
    ]


@dataclass
class Toast:
    """A short message for a few seconds: at the bottom of ``area`` (a place with no buttons) or the screen's top."""

    message: str
    until_ms: int
    error: bool = False
    area: pygame.Rect | None = None

    def layout(self, surface_size: tuple[int, int], text: TextRenderer) -> tuple[pygame.Rect, list[str]]:
        """Where the toast goes and its lines: the bottom of its area, else the top of the screen.

        Every scene keeps its buttons out of the top strip (titles live there), so a toast without
        an area of its own covers no button.
        """
        area = self.area or pygame.Rect((0, 0), surface_size).inflate(-80, -32)
        lines = text.wrap(self.message, 20, min(area.width - 48, 900))
        height = 24 * len(lines) + 24
        box_width = min(area.width, max(text.width(line, 20) for line in lines) + 48)
        rect = pygame.Rect(0, 0, box_width, height)
        if self.area is not None:
            rect.midbottom = area.midbottom
        else:
            rect.midtop = area.midtop
        return rect, lines

    def draw(self, surface: pygame.Surface, text: TextRenderer, theme: Theme, now_ms: int) -> None:
        """Draw the toast, fading during its last 300 ms."""
        rect, lines = self.layout(surface.get_size(), text)
        box = pygame.Surface(rect.size, pygame.SRCALPHA)
        alpha = max(0, min(235, (self.until_ms - now_ms) * 235 // 300))
        fill = theme.danger if self.error else theme.panel_edge
        pygame.draw.rect(box, (*fill, alpha), box.get_rect(), border_radius=12)
        surface.blit(box, rect)
        y = rect.top + 12
        colour = theme.text
        for line in lines:
            text.draw(surface, line, 20, colour, (rect.centerx, y), "midtop")
            y += 24


DIALOG_PAD = 30
"""Space around a dialog's text and between it and the buttons."""


class Dialog:
    """A modal box with a message and buttons; ``handle`` returns the chosen action.

    The first choice is the safe one (keep playing, cancel): it has the focus,
    so Enter never does anything that cannot be taken back, and Escape chooses it too.
    """

    def __init__(self, surface_size: tuple[int, int], title: str, message: str,
                 choices: Sequence[tuple[str, str]], text: TextRenderer) -> None:
        self.title = title
        self.message = message
        width = min(640, surface_size[0] - 40)
        self.lines = text.wrap(message, 22, width - 2 * DIALOG_PAD)
        title_height, line_height, buttons = 74, 30, 56
        height = title_height + line_height * len(self.lines) + DIALOG_PAD + buttons + DIALOG_PAD
        self.rect = pygame.Rect(0, 0, width, height)
        self.rect.center = (surface_size[0] // 2, surface_size[1] // 2)
        row = pygame.Rect(self.rect.left + DIALOG_PAD, self.rect.bottom - DIALOG_PAD - buttons,
                          width - 2 * DIALOG_PAD, buttons)
        self.group = ButtonGroup(button_row(row, choices, gap=16, size=22), columns=len(choices))
        self.group.buttons[0].primary = True
        self.group.focus = 0
        self.default_action = choices[0][1]

    def handle(self, event: pygame.event.Event) -> str | None:
        """The action chosen, if any; Escape chooses the first (the safe) choice."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return self.group.buttons[0].action
        return self.group.handle(event)

    def draw(self, surface: pygame.Surface, text: TextRenderer, theme: Theme) -> None:
        """Dim the screen and draw the box."""
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((0, 0, 0, 150))
        surface.blit(veil, (0, 0))
        draw_panel(surface, self.rect, theme, radius=18)
        size = text.fit_size(self.title, 30, self.rect.width - 2 * DIALOG_PAD, bold=True)
        text.draw(surface, self.title, size, theme.text, (self.rect.centerx, self.rect.top + 24), "midtop", True)
        y = self.rect.top + 74
        for line in self.lines:
            text.draw(surface, line, 22, theme.text_dim, (self.rect.centerx, y), "midtop")
            y += 30
        self.group.draw(surface, text, theme)
