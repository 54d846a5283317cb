"""The review's evaluation graph and its slider: the game's value for Black, move by move.

The graph fills above the middle line where Black is ahead and below where
White is, marks the mistakes and blunders, and shows the position reviewed
as a cursor; the slider under it picks a position by dragging.
"""

from __future__ import annotations

import pygame

from game.engine import BLACK, WHITE
from game.i18n import _
from game.play.words import colour_name
from game.review.analysis import GameAnalysis
from game.ui.text import TextRenderer
from game.ui.theme import Theme
from game.ui.widgets import draw_panel

VERDICT_MARK = {"mistake": "?", "blunder": "??"}
"""How the move list and the graph mark a bad move."""
MIN_SCALE, MAX_SCALE = 16.0, 64.0
"""The graph's height in discs, from its largest value, within these bounds."""
SLIDER_INSET = 12
"""The slider's track starts and ends this far inside its rect (room for the knob)."""


def x_of(index: int, rect: pygame.Rect, last_index: int) -> int:
    """The x of position ``index`` of ``last_index + 1`` across ``rect``."""
    return rect.left + round(index * rect.width / max(1, last_index))


def draw_eval_graph(surface: pygame.Surface, text: TextRenderer, theme: Theme, rect: pygame.Rect,
                    analysis: GameAnalysis | None, index: int, last_index: int) -> None:
    """The value curve (as far as analysed), the marked moves, the cursor at ``index`` and the progress."""
    draw_panel(surface, rect, theme)
    area = rect.inflate(-24, -20)
    values = analysis.black_values() if analysis is not None else []
    known = [abs(v) for v in values if v is not None]
    scale = max(MIN_SCALE, min(MAX_SCALE, max(known, default=0.0) * 1.1))
    mid = area.centery

    def y_of(value: float) -> int:
        return round(mid - max(-1.0, min(1.0, value / scale)) * (area.height / 2))

    black_fill = theme.black_highlight if theme.name != "contrast" else (110, 110, 110)
    for ply, value in enumerate(values):
        if value is None:
            continue
        x0 = x_of(ply, area, last_index)
        x1 = max(x0 + 1, x_of(ply + 1, area, last_index)) if ply < last_index else x0 + 2
        y = y_of(value)
        if value >= 0:
            surface.fill(black_fill, (x0, y, x1 - x0, mid - y))
        else:
            surface.fill(theme.white_disc, (x0, mid, x1 - x0, y - mid))
    pygame.draw.line(surface, theme.text_dim, (area.left, mid), (area.right, mid), 1)
    if analysis is not None:
        for move in analysis.moves:
            if move is not None and move.verdict in VERDICT_MARK:
                colour = theme.danger if move.verdict == "blunder" else theme.accent
                value = analysis.value_for_black(move.ply + 1)
                if value is not None:
                    x = (x_of(move.ply, area, last_index) + x_of(move.ply + 1, area, last_index)) // 2
                    pygame.draw.circle(surface, colour, (x, y_of(value)), 4)
    x = x_of(index, area, last_index)
    pygame.draw.line(surface, theme.cursor, (x, area.top), (x, area.bottom), 2)
    sides = [_("{colour} +{value}").format(colour=colour_name(side), value=round(scale)) for side in (BLACK, WHITE)]
    widest = max(text.width(side, 13) for side in sides)
    labels = pygame.Rect(area.left + 2, area.top, min(widest + 2, area.width // 3), area.height)
    text.draw_in(surface, sides[0], 13, theme.text_dim, labels, "left", "top")
    text.draw_in(surface, sides[1], 13, theme.text_dim, labels, "left", "bottom")
    if analysis is not None and not analysis.done:
        bar = pygame.Rect(area.right - 170, area.top, 170, 16)
        pygame.draw.rect(surface, theme.button_disabled, bar, border_radius=8)
        filled = bar.copy()
        filled.width = max(8, round(bar.width * analysis.progress))
        pygame.draw.rect(surface, theme.accent, filled, border_radius=8)
        label = _("Stopped") if analysis.cancelled else _("Analysing {percent}%").format(
            percent=round(analysis.progress * 100))
        room = pygame.Rect(labels.right + 4, bar.top - 2, bar.left - 8 - labels.right - 4, bar.height + 4)
        text.draw_in(surface, label, 14, theme.text, room, "right", bold=True)


def draw_slider(surface: pygame.Surface, theme: Theme, rect: pygame.Rect, index: int, last_index: int) -> None:
    """The slider's track, filled up to position ``index``, and its knob there."""
    track = rect.inflate(-2 * SLIDER_INSET, 0)
    pygame.draw.line(surface, theme.panel_edge, (track.left, track.centery), (track.right, track.centery), 6)
    x = x_of(index, track, last_index)
    pygame.draw.line(surface, theme.accent, (track.left, track.centery), (x, track.centery), 6)
    pygame.draw.circle(surface, theme.accent, (x, track.centery), 11)
    pygame.draw.circle(surface, theme.panel, (x, track.centery), 5)


def slider_index(rect: pygame.Rect, x: int, last_index: int) -> int:
    """The position a press or drag at ``x`` on the slider (or the graph above it) picks."""
    track = rect.inflate(-2 * SLIDER_INSET, 0)
    share = (x - track.left) / max(1, track.width)
    return round(max(0.0, min(1.0, share)) * last_index)
