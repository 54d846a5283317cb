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
from game.i18n import _, ngettext, number, pgettext
from game.library.explorer import Exploration, explore, reach_words
from game.library.service import index_pending, loaded_index
from game.play.engine_output import signed
from game.ui.text import TextRenderer
from game.ui.theme import Theme
from game.ui.widgets import draw_panel

TABLE_MIN_HEIGHT = 150
"""Below this the panel draws its compact form."""
COMPACT_MIN_HEIGHT = 64
"""Below this there is no room for the panel at all."""
COLLAPSED_HEIGHT = 36
"""The one line the panel keeps once the game has left the explorer's reach."""
ROW_STEP = 22


def _figure(value: float | None) -> str:
    if value is None:
        return "—"
    return number(0.0, 1) if abs(value) < 0.05 else signed(value, 1)


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


def fold_with_moves(rect: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
    """The move list's panel and the explorer's one line (``COLLAPSED_HEIGHT``), cut from the move list's ``rect``."""
    gap = 10
    moves = pygame.Rect(rect.left, rect.top, rect.width, rect.height - gap - COLLAPSED_HEIGHT)
    return moves, pygame.Rect(rect.left, moves.bottom + gap, rect.width, COLLAPSED_HEIGHT)


class ExplorerPanel:
    """Draws the explorer's figures for a position into a rect; remembers the last position's figures."""

    def __init__(self) -> None:
        self._key: tuple[Position, tuple[int, ...] | None, bool, bool] | None = None
        self._data: Exploration | None = None
        self.collapsed = False
        """Placed as one line (``place``): the position was out of the explorer's reach."""
        self.mode = ""
        """What the last draw showed: 'table', 'compact', 'collapsed' or 'no room' (for the tests)."""

    def exploration(self, position: Position, line: Sequence[int] | None = None) -> Exploration:
        """The figures for ``position`` (reached by ``line`` from the start, when known), fetched once (again
        when the library's index arrives)."""
        # the library's index arriving (or starting to be counted) changes the figures of the same position
        key = (position, tuple(line) if line is not None else None, loaded_index() is not None, index_pending())
        if key != self._key or self._data is None:
            self._data = explore(position, line=line)
            self._key = key
        return self._data

    def out_of_reach(self, position: Position, line: Sequence[int] | None = None) -> bool:
        """Whether the explorer has nothing to show here and nothing is on its way (its one line will do)."""
        data = self.exploration(position, line)
        return not data.moves and data.coverage != "counting"

    def place(self, rect: pygame.Rect, position: Position, line: Sequence[int] | None = None
              ) -> tuple[pygame.Rect, pygame.Rect]:
        """The move list's panel and the explorer's, cut from the move list's ``rect``: shared while ``position``
        is in the explorer's reach, the explorer one line once it is out (the moves get the room back)."""
        self.collapsed = self.out_of_reach(position, line)
        return fold_with_moves(rect) if self.collapsed else share_with_moves(rect)

    def refolds(self, position: Position, line: Sequence[int] | None = None) -> bool:
        """Whether ``position`` is in the explorer's reach and the panel was placed folded, or the other way."""
        return self.collapsed != self.out_of_reach(position, line)

    def collapsed_words(self, position: Position, line: Sequence[int] | None = None) -> str:
        """The one line: why the explorer has nothing here."""
        data = self.exploration(position, line)
        if data.coverage == "beyond":
            return _("Opening explorer: beyond its index (move {n})").format(n=data.depth)
        if data.source == "index":
            return _("Opening explorer: no master game went on from here")
        return _("Opening explorer: out of the book")

    def draw_collapsed(self, surface: pygame.Surface, text: TextRenderer, theme: Theme, rect: pygame.Rect,
                       position: Position, line: Sequence[int] | None = None) -> None:
        """The panel as one line in ``rect`` (``COLLAPSED_HEIGHT`` high): the game is out of its reach."""
        self.mode = "collapsed"
        draw_panel(surface, rect, theme)
        text.draw_in(surface, self.collapsed_words(position, line), 15, theme.text_dim, rect.inflate(-24, -6), "left")

    def draw(self, surface: pygame.Surface, text: TextRenderer, theme: Theme, rect: pygame.Rect,
             position: Position, line: Sequence[int] | None = None) -> None:
        """The panel for ``position`` in ``rect``: a table, two compact lines, a note that there is no room, or
        (placed folded) one line."""
        if self.collapsed:
            self.draw_collapsed(surface, text, theme, rect, position, line)
            return
        if rect.height < COMPACT_MIN_HEIGHT or rect.width < 200:
            self.mode = "no room"
            if rect.height >= 20:
                text.draw_in(surface, _("No room for the opening explorer here."), 14, theme.text_dim, rect, "left")
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
            return reach_words(data) or _("Out of the book: no master games here")
        if data.source == "index":
            words = ngettext("{n} master game · all WTHOR games", "{n} master games · all WTHOR games",
                             data.total_games)
        else:
            words = ngettext("{n} master game · from the opening book", "{n} master games · from the opening book",
                             data.total_games)
        return words.format(n=number(data.total_games))

    def _draw_compact(self, surface: pygame.Surface, text: TextRenderer, theme: Theme, inner: pygame.Rect,
                      data: Exploration) -> None:
        title = _("Explorer · {opening}").format(opening=pgettext("opening", data.name)) if data.name else \
            _("Explorer")
        top = pygame.Rect(inner.left, inner.top, inner.width, 21)
        shown = text.draw_in(surface, title, 16, theme.accent, pygame.Rect(top.left, top.top, top.width // 2, 21),
                             "left", "top", True)
        legend = ngettext("{n} master game · move: games (book value)", "{n} master games · move: games (book value)",
                          data.total_games).format(n=number(data.total_games)) if data.moves else self._heading(data)
        beside = pygame.Rect(shown.right + 12, top.top + 1, top.right - shown.right - 12, 20)
        text.draw_in(surface, legend, 14, theme.text_dim, beside, "right", "top")
        moves = " · ".join(f"{name} {number(stats.games)} ({_figure(stats.value)})" for name, stats in data.ranked())
        if moves:
            text.draw_in(surface, moves, 15, theme.text, pygame.Rect(inner.left, inner.top + 22, inner.width, 20),
                         "left", "top")
        text.draw_in(surface, _(data.credit), 12, theme.text_dim,
                     pygame.Rect(inner.left, inner.bottom - 16, inner.width, 16), "left", "bottom", smallest=12)

    def _draw_table(self, surface: pygame.Surface, text: TextRenderer, theme: Theme, inner: pygame.Rect,
                    data: Exploration) -> None:
        y = inner.top
        title = text.draw_in(surface, _("Opening explorer"), 17, theme.text_dim, pygame.Rect(inner.left, y, inner.width,
                                                                                          22), "left", "top", True)
        if data.name:
            beside = pygame.Rect(title.right + 12, y, inner.right - title.right - 12, 22)
            text.draw_in(surface, pgettext("opening", data.name), 17, theme.accent, beside, "right", "top", True)
        y += 24
        text.draw_in(surface, self._heading(data), 15, theme.text_dim, pygame.Rect(inner.left, y, inner.width, 20),
                     "left", "top")
        y += 24
        credit = _(data.credit)
        credit_lines = text.wrap(credit, 12, inner.width)
        bottom = inner.bottom - 15 * len(credit_lines)
        text.draw_in(surface, credit, 12, theme.text_dim, pygame.Rect(inner.left, bottom, inner.width,
                                                                            inner.bottom - bottom),
                     "left", "bottom", wrap=True, smallest=12, line_gap=15.5 / 12)
        if not data.moves:
            return
        edges = (inner.left, inner.left + int(inner.width * 0.22), inner.left + int(inner.width * 0.52),
                 inner.left + int(inner.width * 0.76), inner.right)

        def cell(column: int, top: int, height: int) -> pygame.Rect:
            """Column ``column`` of a row (the first holds the move, the rest figures, with a gap before each)."""
            gap = 8 if column else 0
            return pygame.Rect(edges[column] + gap, top, edges[column + 1] - edges[column] - gap, height)

        for column, label in enumerate((pgettext("explorer", "Move"), _("Games"), _("Score"), _("Book"))):
            text.draw_in(surface, label, 14, theme.text_dim, cell(column, y, 20), "right" if column else "left",
                         "top", True)
        y += 20
        ranked = data.ranked()
        room = max(0, (bottom - 4 - y) // ROW_STEP)
        values = [stats.value for _name, stats in ranked if stats.value is not None]
        best = max(values) if values else None
        shown = ranked if len(ranked) <= room else ranked[: max(0, room - 1)]
        for name, stats in shown:
            top_value = best is not None and stats.value is not None and stats.value >= best - 0.05
            colour = theme.accent if top_value else theme.text
            text.draw_in(surface, name, 17, colour, cell(0, y, ROW_STEP), "left", "top", True)
            share = f" {data.share(stats)}" if stats.games else ""
            text.draw_in(surface, f"{number(stats.games)}{share}", 16, theme.text, cell(1, y, ROW_STEP), "right", "top")
            text.draw_in(surface, _figure(stats.score), 16, theme.text, cell(2, y, ROW_STEP), "right", "top")
            text.draw_in(surface, _figure(stats.value), 16, colour, cell(3, y, ROW_STEP), "right", "top", top_value)
            y += ROW_STEP
        if len(shown) < len(ranked):
            more = len(ranked) - len(shown)
            text.draw_in(surface, ngettext("… {n} more move", "… {n} more moves", more).format(n=more), 14,
                         theme.text_dim, pygame.Rect(inner.left, y + 2, inner.width, 20), "left", "top")
