"""The statistics' rating graph: the levels' lines show over the ± band (issue 47, item 10)."""

from __future__ import annotations

import pygame
import pytest

from game.play.rating import RatingPoint
from game.ui.assets import Assets
from game.ui.rating_graph import blend, draw_rating_graph, rating_span
from game.ui.text import TextRenderer
from game.ui.theme import THEMES


@pytest.fixture(scope="module")
def text() -> TextRenderer:
    pygame.init()
    return TextRenderer(Assets(with_sound=False))


@pytest.mark.parametrize("theme_name", sorted(THEMES))
def test_a_level_inside_the_band_is_drawn_over_it_up_to_its_label(text: TextRenderer, theme_name: str) -> None:
    theme = THEMES[theme_name]
    points = [RatingPoint(1500, 300), RatingPoint(1520, 280), RatingPoint(1510, 260)]
    surface = pygame.Surface((600, 300))
    rect = pygame.Rect(0, 0, 600, 300)
    draw_rating_graph(surface, text, theme, rect, points, [("Skilled", 1500)])
    low, high = rating_span(points)
    area = rect.inflate(-24, -20)
    plot_top, plot_height = area.top + 8, area.height - 16
    y = round(plot_top + plot_height - (1500 - low) / (high - low) * plot_height)
    band = blend(theme.panel, theme.accent, 0.22)
    row = [tuple(surface.get_at((x, y)))[:3] for x in range(area.left + 50, area.right - 100)]
    line = blend(theme.panel, theme.text_dim, 0.75)
    assert row.count(line) > len(row) // 4  # dashed, over the band
    assert band in row  # the band is there, between the dashes
