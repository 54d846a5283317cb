"""A modal dialog: a message and its choices over a dimmed screen, the safe choice first."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.ui.text import TextRenderer
from game.ui.theme import Theme
from game.ui.widgets import ButtonGroup, button_row, draw_panel

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
        self.group = ButtonGroup(button_row(row, choices, gap=16, size=22))
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
        text.new_layer()
        draw_panel(surface, self.rect, theme, radius=18)
        inner = self.rect.inflate(-2 * DIALOG_PAD, 0)
        text.draw_in(surface, self.title, 30, theme.text, pygame.Rect(inner.left, self.rect.top + 20, inner.width, 44),
                     bold=True)
        y = self.rect.top + 74
        for line in self.lines:
            text.draw_in(surface, line, 22, theme.text_dim, pygame.Rect(inner.left, y, inner.width, 30), valign="top")
            y += 30
        self.group.draw(surface, text, theme)
