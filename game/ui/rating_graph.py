"""The statistics' rating graph: the player's rating game by game, its uncertainty as a band, the levels as lines.

The band is the rating ± its deviation; each rated level whose rating falls in
the graph's range is a dashed line over the band, running on to its label on
the right, so the curve reads against the levels the player knows.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.i18n import _
from game.play.rating import RatingPoint
from game.ui.text import TextRenderer
from game.ui.theme import RGB, Theme
from game.ui.widgets import draw_panel

MIN_SPAN = 300.0
"""The least range of ratings the graph spans, so a settled rating does not look jagged."""
LABEL_SIZE = 13
LABEL_SHARE = 0.4
"""The most of the graph's width the levels' labels take (a phone's 16 px "Freizeitspieler 1913" needs 40 %)."""
AXIS_WIDTH = 44
"""The column left of the curve for the range's top and bottom figures."""


def blend(a: RGB, b: RGB, share: float) -> RGB:
    """``a`` moved ``share`` of the way to ``b``."""
    return (round(a[0] + (b[0] - a[0]) * share), round(a[1] + (b[1] - a[1]) * share),
            round(a[2] + (b[2] - a[2]) * share))


def rating_span(points: Sequence[RatingPoint]) -> tuple[float, float]:
    """The lowest and highest rating the graph shows: the band's reach, at least ``MIN_SPAN`` wide.

    >>> rating_span([RatingPoint(1500, 60)])
    (1350.0, 1650.0)
    """
    low = min(p.rating - p.deviation for p in points)
    high = max(p.rating + p.deviation for p in points)
    middle, half = (low + high) / 2, max(MIN_SPAN, high - low) / 2
    return middle - half, middle + half


def draw_rating_graph(surface: pygame.Surface, text: TextRenderer, theme: Theme, rect: pygame.Rect,
                      points: Sequence[RatingPoint], levels: Sequence[tuple[str, int]]) -> None:
    """The curve of ``points`` (oldest first) with its band, and the ``levels`` (name, rating) in its range."""
    draw_panel(surface, rect, theme)
    area = rect.inflate(-24, -20)
    if not points:
        text.draw_in(surface, _("Your rating's history shows here after your first rated game."), 16, theme.text_dim,
                     area, wrap=True)
        return
    low, high = rating_span(points)
    label_width = min(max((text.width(f"{name} {rating}", LABEL_SIZE) for name, rating in levels), default=0) + 8,
                      int(area.width * LABEL_SHARE))
    # where the text floor raises the labels (the phone's), their boxes and the axis grow with them
    label_height = max(16, text.assets.font(LABEL_SIZE).get_height())
    axis_width = max(AXIS_WIDTH, max(text.width(f"{round(figure)}", LABEL_SIZE) for figure in (low, high)) + 6)
    plot = pygame.Rect(area.left + axis_width, area.top + 8, area.width - axis_width - label_width, area.height - 16)

    def y_of(rating: float) -> int:
        return round(plot.bottom - (rating - low) / (high - low) * plot.height)

    def x_of(index: int) -> int:
        return plot.centerx if len(points) == 1 else plot.left + round(index * plot.width / (len(points) - 1))

    upper = [(x_of(i), y_of(p.rating + p.deviation)) for i, p in enumerate(points)]
    lower = [(x_of(i), y_of(p.rating - p.deviation)) for i, p in enumerate(points)]
    band = blend(theme.panel, theme.accent, 0.22)
    if len(points) > 1:
        pygame.draw.polygon(surface, band, upper + lower[::-1])
    else:
        pygame.draw.line(surface, band, upper[0], lower[0], 6)
    # the levels over the band (under it they were hidden), each line running on to its label
    level_line = blend(theme.panel, theme.text_dim, 0.75)
    last_label = None
    for name, rating in sorted(levels, key=lambda level: level[1]):
        if not low <= rating <= high:
            continue
        y = y_of(rating)
        for x in range(plot.left, plot.right + 6, 8):  # dashed: a level, not a second curve
            pygame.draw.line(surface, level_line, (x, y), (min(x + 4, plot.right + 6), y), 1)
        box = pygame.Rect(plot.right + 8, y - label_height // 2, label_width - 8, label_height).clamp(area)
        if last_label is None or box.bottom <= last_label.top:  # close levels: the line without a second label
            text.draw_in(surface, f"{name} {rating}", LABEL_SIZE, theme.text_dim, box, "left")
            last_label = box
    if len(points) > 1:
        pygame.draw.lines(surface, theme.accent, False, [(x_of(i), y_of(p.rating)) for i, p in enumerate(points)], 2)
    pygame.draw.circle(surface, theme.accent, (x_of(len(points) - 1), y_of(points[-1].rating)), 4)
    axis = pygame.Rect(area.left, plot.top - 8, axis_width - 6, plot.height + 16)
    text.draw_in(surface, f"{round(high)}", LABEL_SIZE, theme.text_dim, axis, "left", "top")
    text.draw_in(surface, f"{round(low)}", LABEL_SIZE, theme.text_dim, axis, "left", "bottom")
