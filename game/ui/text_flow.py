"""Paragraphs drawn one under another in a column, each in a box of its own that never leaves the column."""

from __future__ import annotations

import pygame

from game.ui.text import MIN_TEXT_SIZE, TextRenderer
from game.ui.theme import RGB


def say(text: TextRenderer, surface: pygame.Surface, words: str, size: int, colour: RGB, column: pygame.Rect,
        top: int, most: int, bold: bool = False, line_gap: float = 1.3) -> int:
    """``words`` wrapped from ``top`` in ``column``, at most ``most`` high; the y just below them.

    The box ends at the column's bottom, so the paragraph shrinks or is cut short
    (with its full words in the tooltip) rather than run over what lies below;
    where not even one line fits, nothing is drawn and ``top`` is returned.
    """
    box = pygame.Rect(column.left, top, column.width, min(most, column.bottom - top))
    if box.height < text.assets.font(min(size, MIN_TEXT_SIZE), bold).get_height():
        return top
    return text.draw_in(surface, words, size, colour, box, "left", "top", bold, wrap=True, line_gap=line_gap).bottom
