"""Text drawing with a cache: each (text, size, colour, weight) is rendered once.

Every piece of text goes through ``drawable`` on its way to the font, so a
file name that is not UTF-8 or a control character in a message never
reaches SDL (which cannot encode the one and would break the line on the
other).
"""

from __future__ import annotations

import unicodedata
from collections import OrderedDict

import pygame

from game.ui.assets import Assets

RGB = tuple[int, int, int]

REPLACEMENT = "\ufffd"
_UNDRAWABLE = frozenset({"Cc", "Cs", "Zl", "Zp"})
_BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def drawable(text: str) -> str:
    """``text`` as a font can draw it on one line, whatever it came from (a file name, an error).

    A name on disk that is not UTF-8 reaches Python with surrogate escapes,
    which the font cannot even encode; control characters, line and paragraph
    separators and right-to-left overrides would break the line or disguise
    the name. Each becomes U+FFFD; other text is returned as it is.
    """
    if text.isascii() and text.isprintable():
        return text
    return "".join(REPLACEMENT if unicodedata.category(ch) in _UNDRAWABLE or ch in _BIDI_CONTROLS else ch
                   for ch in text)


class TextRenderer:
    """Renders and caches text surfaces; draws them anchored to a point."""

    def __init__(self, assets: Assets, capacity: int = 600) -> None:
        self.assets = assets
        self.capacity = capacity
        self._cache: OrderedDict[tuple[str, int, RGB, bool], pygame.Surface] = OrderedDict()

    def render(self, text: str, size: int, colour: RGB, bold: bool = False) -> pygame.Surface:
        """The text as a surface with per-pixel alpha."""
        key = (text, size, colour, bold)
        surface = self._cache.get(key)
        if surface is not None:
            self._cache.move_to_end(key)
            return surface
        font = self.assets.font(size, bold)
        try:
            surface = font.render(drawable(text), True, colour)
        except pygame.error:  # "Text has zero width": only marks that take no room (a soft hyphen, an accent)
            surface = pygame.Surface((0, font.get_height()), pygame.SRCALPHA)
        self._cache[key] = surface
        if len(self._cache) > self.capacity:
            self._cache.popitem(last=False)
        return surface

    def draw(
        self,
        target: pygame.Surface,
        text: str,
        size: int,
        colour: RGB,
        pos: tuple[int, int],
        anchor: str = "topleft",
        bold: bool = False,
    ) -> pygame.Rect:
        """Draw ``text`` with its ``anchor`` (a ``pygame.Rect`` attribute name) at ``pos``; its rect."""
        surface = self.render(text, size, colour, bold)
        rect = surface.get_rect(**{anchor: pos})
        target.blit(surface, rect)
        return rect

    def width(self, text: str, size: int, bold: bool = False) -> int:
        """The width ``text`` would take."""
        return self.assets.font(size, bold).size(drawable(text))[0]

    def fit_size(self, text: str, size: int, max_width: int, bold: bool = False, smallest: int = 12) -> int:
        """The largest size up to ``size`` at which ``text`` fits in ``max_width``."""
        while size > smallest and self.width(text, size, bold) > max_width:
            size -= 1
        return size

    def ellipsize(self, text: str, size: int, max_width: int, bold: bool = False) -> str:
        """``text``, cut short with an ellipsis if it is wider than ``max_width`` (the size stays the same)."""
        if self.width(text, size, bold) <= max_width:
            return text
        low, high = 0, len(text)
        while low < high:
            middle = (low + high + 1) // 2
            if self.width(text[:middle].rstrip() + "…", size, bold) <= max_width:
                low = middle
            else:
                high = middle - 1
        return text[:low].rstrip() + "…"

    def wrap(self, text: str, size: int, max_width: int, bold: bool = False) -> list[str]:
        """``text`` broken into lines no wider than ``max_width``.

        Lines break between words; a word wider than a whole line (a transcript
        typed without spaces, a 64-square position) is cut where it must be.
        """
        lines: list[str] = []
        for paragraph in text.split("\n"):
            current = ""
            for word in self._pieces(paragraph.split(), size, max_width, bold):
                candidate = f"{current} {word}" if current else word
                if current and self.width(candidate, size, bold) > max_width:
                    lines.append(current)
                    current = word
                else:
                    current = candidate
            lines.append(current)
        return lines

    def _pieces(self, words: list[str], size: int, max_width: int, bold: bool) -> list[str]:
        """The words, with any wider than ``max_width`` cut into pieces that fit."""
        pieces: list[str] = []
        for word in words:
            while len(word) > 1 and self.width(word, size, bold) > max_width:
                low, high = 1, len(word) - 1  # the longest prefix that fits, by halving
                while low < high:
                    middle = (low + high + 1) // 2
                    if self.width(word[:middle], size, bold) <= max_width:
                        low = middle
                    else:
                        high = middle - 1
                cut = low
                pieces.append(word[:cut])
                word = word[cut:]
            pieces.append(word)
        return pieces

    def draw_wrapped(
        self,
        target: pygame.Surface,
        text: str,
        size: int,
        colour: RGB,
        rect: pygame.Rect,
        centred: bool = False,
        bold: bool = False,
        line_gap: float = 1.3,
    ) -> int:
        """Draw ``text`` wrapped into ``rect`` from its top; returns the y below the last line."""
        y = rect.top
        step = int(size * line_gap)
        for line in self.wrap(text, size, rect.width, bold):
            if centred:
                self.draw(target, line, size, colour, (rect.centerx, y), "midtop", bold)
            else:
                self.draw(target, line, size, colour, (rect.left, y), "topleft", bold)
            y += step
        return y


def plural(count: int, word: str, many: str | None = None) -> str:
    """``'1 move'``, ``'2 moves'``: a count with its noun in the right number."""
    return f"{count} {word if count == 1 else many or word + 's'}"
