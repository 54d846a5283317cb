"""A one-line text field: click to focus, type (pygame ``TEXTINPUT``), Backspace, Enter to submit.

Used by the library's search fields. ``handle`` returns ``"submit"`` on Enter
in a focused field, ``"focus"`` when a click focused it, ``"changed"`` after
an edit, else ``None``. The scene calls ``pygame.key.start_text_input()``
while it shows fields (the transcript scene's box works the same way).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

import pygame

from game.ui.text import TextRenderer, drawable
from game.ui.theme import Theme

MAX_CHARS = 60
"""A field keeps at most this many characters."""
TYPED_CATEGORIES_REFUSED = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})
"""Typed characters dropped: controls, format characters (right-to-left overrides), lone surrogates, separators."""


def typeable(ch: str) -> bool:
    r"""Whether a typed character goes into a text (not a control, format or separator character).

    >>> typeable("名"), typeable("\u202e"), typeable("\x7f")
    (True, False, False)
    """
    return unicodedata.category(ch) not in TYPED_CATEGORIES_REFUSED


def typed_into(text: str, typed: str, max_chars: int, multiline: bool = False) -> tuple[str, bool]:
    r"""``text`` with ``typed`` added at the end, cleaned and cut to ``max_chars``; and whether all of it fitted.

    The one way text is typed or pasted in the game (search fields, file names,
    the transcript box). Line breaks are kept only in a ``multiline`` text.

    >>> typed_into("f5", " d6\r\nc3", 10, multiline=True)
    ('f5 d6\nc3', True)
    >>> typed_into("abc", "d\x00ef", 5)
    ('abcde', False)
    """
    typed = typed.replace("\r\n", "\n").replace("\r", "\n")
    cleaned = "".join(ch for ch in typed if (multiline and ch == "\n") or (ch != "\n" and typeable(ch)))
    room = max(0, max_chars - len(text))
    return text + cleaned[:room], len(cleaned) <= room


def backspaced(text: str, whole_word: bool = False) -> str:
    """``text`` without its last character, or (Ctrl+Backspace) its last word and the spaces after it.

    >>> backspaced("f5 d6"), backspaced("f5 d6 ", whole_word=True)
    ('f5 d', 'f5 ')
    """
    if not whole_word:
        return text[:-1]
    text = text.rstrip()
    while text and not text[-1].isspace():
        text = text[:-1]
    return text


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
            before = self.text
            self.text, _ = typed_into(self.text, event.text, MAX_CHARS)
            return "changed" if self.text != before else None
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE and self.text:
                self.text = backspaced(self.text, whole_word=bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)))
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
