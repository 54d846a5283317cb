"""A one-line text field: click to focus, type (pygame ``TEXTINPUT``), Backspace, Enter to submit.

Used by the library's search fields. ``handle`` returns ``"submit"`` on Enter
in a focused field, ``"focus"`` when a click focused it, ``"changed"`` after
an edit, else ``None``. The scene calls ``pygame.key.start_text_input()``
while it shows fields (the transcript scene's box works the same way).

``edited_line`` is the one editing model of a one-line text (the fields
here, the file chooser's name): typing adds at the end, Backspace takes off
a character (Ctrl+Backspace a word), Ctrl+A (Cmd+A) selects the whole text,
and a selected text is replaced by what is typed and cleared by Backspace.
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


def selects_all(event: pygame.event.Event) -> bool:
    """Whether ``event`` is Ctrl+A (Cmd+A on a Mac): select the whole text."""
    return (event.type == pygame.KEYDOWN and event.key == pygame.K_a
            and bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)))


def edited_line(text: str, selected: bool, event: pygame.event.Event, max_chars: int) -> tuple[str, bool] | None:
    """The text and whether all of it is selected after ``event``, or ``None`` if ``event`` is not an edit.

    Typing replaces a selected text, Backspace clears it; Ctrl+A selects a
    text that is not empty.
    """
    selected = selected and bool(text)
    if event.type == pygame.TEXTINPUT:
        typed, _ = typed_into("" if selected else text, event.text, max_chars)
        return (typed, False) if typed or not selected else (text, True)  # nothing typeable: the selection stays
    if event.type != pygame.KEYDOWN:
        return None
    if selects_all(event):
        return text, bool(text)
    if event.key == pygame.K_BACKSPACE:
        if selected:
            return "", False
        return backspaced(text, whole_word=bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META))), False
    return None


@dataclass
class TextField:
    """A labelled one-line field."""

    rect: pygame.Rect
    label: str
    text: str = ""
    placeholder: str = ""
    focused: bool = False
    size: int = 20
    selected: bool = False
    """Whether the whole text is selected (Ctrl+A): typing replaces it, Backspace clears it."""
    max_chars: int = MAX_CHARS

    def handle(self, event: pygame.event.Event) -> str | None:
        """Apply an event: a click focuses (or unfocuses), typing edits the focused field."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            was = self.focused
            self.focused = self.rect.collidepoint(event.pos)
            self.selected = False
            return "focus" if self.focused and not was else None
        if not self.focused:
            return None
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return "submit"
        edit = edited_line(self.text, self.selected, event, self.max_chars)
        if edit is None:
            return None
        before = self.text
        self.text, self.selected = edit
        return "changed" if self.text != before else None

    def draw(self, surface: pygame.Surface, text: TextRenderer, theme: Theme) -> None:
        """The label above, the box with the text (or the placeholder, dimmed) and a caret when focused."""
        if self.label:
            text.draw_in(surface, self.label, 15, theme.text_dim,
                         pygame.Rect(self.rect.left + 2, self.rect.top - 20, self.rect.width - 4, 19), "left", "top")
        pygame.draw.rect(surface, theme.panel, self.rect, border_radius=8)
        edge = theme.cursor if self.focused else theme.panel_edge
        pygame.draw.rect(surface, edge, self.rect, width=3 if self.focused else 1, border_radius=8)
        inner = self.rect.width - 20
        shown = drawable(self.text or self.placeholder)
        colour = theme.text if self.text else theme.text_dim
        while self.text and text.width(shown, self.size) > inner:  # the end shows, where the caret is
            shown = shown[1:]
        if self.selected and self.text:
            colour = theme.accent_text
            pygame.draw.rect(surface, theme.accent, pygame.Rect(self.rect.left + 6, self.rect.top + 6,
                                                                 text.width(shown, self.size) + 8,
                                                                 self.rect.height - 12), border_radius=4)
        box = pygame.Rect(self.rect.left + 10, self.rect.top + 2, inner, self.rect.height - 4)
        # what is typed keeps its size (the caret's place depends on it); a placeholder shrinks, then is shortened
        text.draw_in(surface, shown, self.size, colour, box, "left", smallest=self.size if self.text else 15)
        if self.focused:
            x = self.rect.left + 12 + (text.width(shown, self.size) if self.text else 0)
            pygame.draw.line(surface, theme.text, (x, self.rect.top + 8), (x, self.rect.bottom - 8), 2)
