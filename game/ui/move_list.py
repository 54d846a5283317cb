"""The move list every scene with a game shows: numbered rows of Black's and White's plies, clickable.

Plies past the record's cursor (undone, still redoable) stay visible,
greyed, until a different move replaces them. The list pages by columns
so that the highlighted ply is always in view, and near the end shows its
last screen full.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.engine import BLACK, PASS, Color, square_name
from game.i18n import pgettext
from game.ui.text import TextRenderer
from game.ui.theme import RGB, Theme

Annotation = tuple[str, RGB | None]
"""A suffix for a ply's label (e.g. '??') and a colour for it (``None``: the usual one)."""


def _blend(a: RGB, b: RGB, t: float) -> RGB:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


class MoveList:
    """Draws plies in ``rect`` and turns a click on one into its index."""

    def __init__(self, rect: pygame.Rect, columns: int | None = None, row_height: int = 26, size: int = 17) -> None:
        self.rect = rect
        self.columns = columns if columns is not None else (3 if rect.width > 380 else 2)
        self.row_height = row_height
        self.size = size
        self.cells: list[tuple[pygame.Rect, int]] = []
        self._pressed: int | None = None

    def handle(self, event: pygame.event.Event) -> int | None:
        """The index of the ply clicked (released on the cell it was pressed on), else ``None``."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._pressed = self.ply_at(event.pos)
            return None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            pressed, self._pressed = self._pressed, None
            ply = self.ply_at(event.pos)
            return ply if ply is not None and ply == pressed else None
        return None

    def ply_at(self, pos: tuple[int, int]) -> int | None:
        """The ply whose cell is at ``pos`` (as last drawn)."""
        return next((ply for rect, ply in self.cells if rect.collidepoint(pos)), None)

    def draw(self, surface: pygame.Surface, text: TextRenderer, theme: Theme, plies: Sequence[int],
             start_colour: Color, played: int, focus: int | None,
             annotate: Callable[[int], Annotation | None] | None = None) -> None:
        """Draw ``plies`` (the first ``played`` are on the board, the rest greyed); ``focus`` is highlighted."""
        rect = self.rect
        offset = 0 if start_colour == BLACK else 1
        count = len(plies) + offset
        rows = (count + 1) // 2
        per_column = max(1, (rect.height - 8) // self.row_height)
        capacity = per_column * self.columns
        anchor = focus if focus is not None else played - 1
        focus_row = max(0, anchor + offset) // 2
        first = 0
        if focus_row >= capacity:
            first = (focus_row // per_column - self.columns + 1) * per_column
        first = max(0, min(first, rows - capacity))  # the list's last screen full, not a page of one row
        column_width = (rect.width - 8) // self.columns
        cell_width = min(64, (column_width - 40) // 2)
        faint = _blend(theme.text_dim, theme.panel, 0.45)
        self.cells = []
        for row in range(first, min(rows, first + capacity)):
            column, line = divmod(row - first, per_column)
            x = rect.left + 4 + column * column_width
            y = rect.top + 4 + line * self.row_height
            text.draw_in(surface, f"{row + 1}.", self.size, theme.text_dim, pygame.Rect(x, y, 34, self.row_height - 2),
                         align="right")
            for k in range(2):
                ply = row * 2 + k - offset
                if not 0 <= ply < len(plies):
                    continue
                cell = pygame.Rect(x + 38 + k * (cell_width + 2), y, cell_width, self.row_height - 2)
                label = pgettext("move list", "pass") if plies[ply] == PASS else square_name(plies[ply])
                colour = theme.text if ply < played else faint
                note = annotate(ply) if annotate is not None else None
                if note is not None:
                    label += note[0]
                    colour = note[1] or colour
                current = ply == focus
                if current:
                    pygame.draw.rect(surface, theme.button_hover, cell, border_radius=6)
                text.draw_in(surface, label, self.size, theme.text if current and note is None else colour,
                             cell.inflate(-6, 0), align="left", bold=current)
                self.cells.append((cell, ply))
