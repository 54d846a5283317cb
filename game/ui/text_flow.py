"""Paragraphs drawn one under another in a column, each in a box of its own that never leaves the column."""

from __future__ import annotations

import pygame

from game.ui.text import MIN_TEXT_SIZE, Align, TextRenderer
from game.ui.theme import RGB


def say(text: TextRenderer, surface: pygame.Surface, words: str, size: int, colour: RGB, column: pygame.Rect,
        top: int, most: int, bold: bool = False, line_gap: float = 1.3, align: Align = "left") -> int:
    """``words`` wrapped from ``top`` in ``column``, at most ``most`` high; the y just below them.

    The box ends at the column's bottom, so the paragraph shrinks or is cut short
    (with its full words in the tooltip) rather than run over what lies below;
    where not even one line fits, nothing is drawn and ``top`` is returned.
    """
    box = pygame.Rect(column.left, top, column.width, min(most, column.bottom - top))
    if box.height < text.assets.font(min(size, MIN_TEXT_SIZE), bold).get_height():
        return top
    return text.draw_in(surface, words, size, colour, box, align, "top", bold, wrap=True, line_gap=line_gap).bottom


def say_above(text: TextRenderer, surface: pygame.Surface, words: str, size: int, colour: RGB, column: pygame.Rect,
              line_gap: float = 1.25, align: Align = "left") -> pygame.Rect:
    """``words`` wrapped in as many lines as they take, their last at ``column``'s bottom; the rect they took.

    For a line that must be read whole where it sits at the foot of a screen (the FFO's credit): on a narrow
    layout it takes a second line upwards instead of being cut short.
    """
    size = text.assets.readable(size)
    lines = text.wrap(words, size, column.width)
    height = int(size * line_gap) * (len(lines) - 1) + text.assets.font(size).get_height()
    box = pygame.Rect(column.left, column.bottom - height, column.width, height)
    return text.draw_in(surface, words, size, colour, box, align, "top", wrap=True, line_gap=line_gap)
