"""The opening-explorer panel beside a board: each move's master games, their score, the book's value, the name.

The figures come from ``game.library.explorer.explore`` (the full WTHOR
index when loaded, else the opening book), fetched once per position and
kept. The panel draws a table when it has the height for one, a compact
two lines when it has less, and says there is no room when it has not even
that; it always credits the FFO's games (``Exploration.credit``).
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.engine import Position
from game.library.explorer import Exploration, explore
from game.ui.text import TextRenderer
from game.ui.theme import Theme
from game.ui.widgets import draw_panel

TABLE_MIN_HEIGHT = 150
"""Below this the panel draws its compact form."""
COMPACT_MIN_HEIGHT = 64
"""Below this there is no room for the panel at all."""
ROW_STEP = 22


def _figure(value: float | None) -> str:
    if value is None:
        return "—"
    return "0.0" if abs(value) < 0.05 else f"{value:+.1f}"


def split_for_explorer(rect: pygame.Rect, share: float, gap: int = 10) -> tuple[pygame.Rect, pygame.Rect]:
    """``rect`` cut in two, one above the other: what is left for the rest, and ``share`` of it for the panel."""
    panel_height = round((rect.height - gap) * share)
    rest = pygame.Rect(rect.left, rect.top, rect.width, rect.height - gap - panel_height)
    panel = pygame.Rect(rect.left, rest.bottom + gap, rect.width, panel_height)
    return rest, panel


def share_with_moves(rect: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
    """The move list's panel and the explorer's, cut from the move list's ``rect``.

    A tall one (landscape) gives the explorer a table and the moves a few
    rows; a short one (portrait) gives it its compact form.
    """
    if rect.height >= 2 * TABLE_MIN_HEIGHT:
        return split_for_explorer(rect, 0.64)
    return split_for_explorer(rect, min(0.5, (COMPACT_MIN_HEIGHT + 22) / max(1, rect.height)))


class ExplorerPanel:
    """Draws the explorer's figures for a position into a rect; remembers the last position's figures."""

    def __init__(self) -> None:
        self._key: tuple[Position, tuple[int, ...] | None] | None = None
        self._data: Exploration | None = None
        self.mode = ""
        """What the last draw showed: 'table', 'compact' or 'no room' (for the tests)."""

    def exploration(self, position: Position, line: Sequence[int] | None = None) -> Exploration:
        """The figures for ``position`` (reached by ``line`` from the start, when known), fetched once."""
        key = (position, tuple(line) if line is not None else None)
        if key != self._key or self._data is None:
            self._data = explore(position, line=line)
            self._key = key
        return self._data

    def draw(self, surface: pygame.Surface, text: TextRenderer, theme: Theme, rect: pygame.Rect,
             position: Position, line: Sequence[int] | None = None) -> None:
        """The panel for ``position`` in ``rect``: a table, two compact lines, or a note that there is no room."""
        if rect.height < COMPACT_MIN_HEIGHT or rect.width < 200:
            self.mode = "no room"
            if rect.height >= 20:
                text.draw(surface, "No room for the opening explorer here.", 14, theme.text_dim, rect.midleft,
                          "midleft")
            return
        data = self.exploration(position, line)
        draw_panel(surface, rect, theme)
        inner = rect.inflate(-24, -16)
        if rect.height < TABLE_MIN_HEIGHT:
            self.mode = "compact"
            self._draw_compact(surface, text, theme, inner, data)
        else:
            self.mode = "table"
            self._draw_table(surface, text, theme, inner, data)

    def _heading(self, data: Exploration) -> str:
        if not data.moves:
            return "Out of the book: no master games here"
        games = f"{data.total_games:,} master game{'s' if data.total_games != 1 else ''}"
        return f"{games} · {'all WTHOR games' if data.source == 'index' else 'from the opening book'}"

    def _draw_compact(self, surface: pygame.Surface, text: TextRenderer, theme: Theme, inner: pygame.Rect,
                      data: Exploration) -> None:
        title = f"Explorer · {data.name}" if data.name else "Explorer"
        shown = text.draw(surface, text.ellipsize(title, 16, inner.width // 2, bold=True), 16, theme.accent,
                          inner.topleft, "topleft", True)
        legend = f"{data.total_games:,} master games · move: games (book value)" if data.moves else self._heading(data)
        heading = text.ellipsize(legend, 14, inner.right - shown.right - 12)
        text.draw(surface, heading, 14, theme.text_dim, (inner.right, inner.top + 1), "topright")
        moves = " · ".join(f"{name} {stats.games:,} ({_figure(stats.value)})" for name, stats in data.ranked())
        if moves:
            text.draw(surface, text.ellipsize(moves, 15, inner.width), 15, theme.text, (inner.left, inner.top + 22),
                      "topleft")
        credit = text.ellipsize(data.credit, 12, inner.width)
        text.draw(surface, credit, 12, theme.text_dim, inner.bottomleft, "bottomleft")

    def _draw_table(self, surface: pygame.Surface, text: TextRenderer, theme: Theme, inner: pygame.Rect,
                    data: Exploration) -> None:
        y = inner.top
        title = text.draw(surface, "Opening explorer", 17, theme.text_dim, (inner.left, y), "topleft", True)
        if data.name:
            name = text.ellipsize(data.name, 17, inner.right - title.right - 12, bold=True)
            text.draw(surface, name, 17, theme.accent, (inner.right, y), "topright", True)
        y += 24
        text.draw(surface, text.ellipsize(self._heading(data), 15, inner.width), 15, theme.text_dim,
                  (inner.left, y), "topleft")
        y += 24
        credit_lines = text.wrap(data.credit, 12, inner.width)
        bottom = inner.bottom - 15 * len(credit_lines)
        for i, line in enumerate(credit_lines):
            text.draw(surface, line, 12, theme.text_dim, (inner.left, bottom + 2 + 15 * i), "topleft")
        if not data.moves:
            return
        columns = (inner.left, inner.left + int(inner.width * 0.52), inner.left + int(inner.width * 0.76),
                   inner.right)
        for label, x, anchor in (("Move", columns[0], "topleft"), ("Games", columns[1], "topright"),
                                 ("Score", columns[2], "topright"), ("Book", columns[3], "topright")):
            text.draw(surface, label, 14, theme.text_dim, (x, y), anchor, True)
        y += 20
        ranked = data.ranked()
        room = max(0, (bottom - 4 - y) // ROW_STEP)
        values = [stats.value for _, stats in ranked if stats.value is not None]
        best = max(values) if values else None
        shown = ranked if len(ranked) <= room else ranked[: max(0, room - 1)]
        for name, stats in shown:
            top_value = best is not None and stats.value is not None and stats.value >= best - 0.05
            colour = theme.accent if top_value else theme.text
            text.draw(surface, name, 17, colour, (columns[0], y), "topleft", True)
            share = f" {data.share(stats)}" if stats.games else ""
            text.draw(surface, f"{stats.games:,}{share}", 16, theme.text, (columns[1], y), "topright")
            text.draw(surface, _figure(stats.score), 16, theme.text, (columns[2], y), "topright")
            text.draw(surface, _figure(stats.value), 16, colour, (columns[3], y), "topright", top_value)
            y += ROW_STEP
        if len(shown) < len(ranked):
            more = len(ranked) - len(shown)
            text.draw(surface, f"… {more} more move{'s' if more != 1 else ''}", 14, theme.text_dim,
                      (columns[0], y + 2), "topleft")
