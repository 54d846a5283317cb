"""A one-line text field: click to focus, type (pygame ``TEXTINPUT``), Backspace, Enter to submit.

Used by the library's search fields. ``handle`` returns ``"submit"`` on Enter
in a focused field, ``"focus"`` when a click focused it, ``"changed"`` after
an edit, else ``None``. The scene calls ``pygame.key.start_text_input()``
while it shows fields (the transcript scene's box works the same way).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui.text import TextRenderer, drawable
from game.ui.theme import Theme

MAX_CHARS = 60
"""A field keeps at most this many characters."""
@dataclass
class TextField:
    """A labelled one-line field."""

    rect: pygame.Rect
    label: str
    text: str = ""
    placeholder: str = ""
    focused: bool = False
    size: int = 20

    def handle(self, event: pygame.event.Event) -> str | None:
        """Apply an event: a click focuses (or unfocuses), typing edits the focused field."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            was = self.focused
            self.focused = self.rect.collidepoint(event.pos)
            return "focus" if self.focused and not was else None
        if not self.focused:
            return None
        if event.type == pygame.TEXTINPUT:
            clean = "".join(ch for ch in event.text if ch.isprintable() and ch not in "\t\r\n")
            if clean:
                self.text = (self.text + clean)[:MAX_CHARS]
                return "changed"
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE and self.text:
                ctrl = bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
                self.text = self.text.rstrip()[: self.text.rstrip().rfind(" ") + 1] if ctrl else self.text[:-1]
                return "changed"
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                return "submit"
        return None

    def draw(self, surface: pygame.Surface, text: TextRenderer, theme: Theme) -> None:
        """The label above, the box with the text (or the placeholder, dimmed) and a caret when focused."""
        text.draw(surface, self.label, 15, theme.text_dim, (self.rect.left + 2, self.rect.top - 19))
        pygame.draw.rect(surface, theme.panel, self.rect, border_radius=8)
        edge = theme.cursor if self.focused else theme.panel_edge
        pygame.draw.rect(surface, edge, self.rect, width=3 if self.focused else 1, border_radius=8)
        inner = self.rect.width - 20
        shown = drawable(self.text or self.placeholder)
        colour = theme.text if self.text else theme.text_dim
        while shown and text.width(shown, self.size) > inner:
            shown = shown[1:] if self.text else shown[:-1]
        text.draw(surface, shown, self.size, colour, (self.rect.left + 10, self.rect.centery), "midleft")
        if self.focused:
            x = self.rect.left + 12 + (text.width(shown, self.size) if self.text else 0)
            pygame.draw.line(surface, theme.text, (x, self.rect.top + 8), (x, self.rect.bottom - 8), 2)
