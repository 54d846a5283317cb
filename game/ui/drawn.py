"""What the text renderer notes of what it draws.

A ``Recording`` (``TextRenderer.record``) keeps every text drawn (``DrawnText``) and every
widget's rect (``DrawnWidget``), with the colour under the text (``background_under``), for the
layout audit (``tests/test_layout_audit.py``); ``FrameMarks`` keep what this frame drew that the
tooltip and the toasts need.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import pygame

from game.ui.theme import RGB


@dataclass
class DrawnText:
    """One line of text as drawn, for the layout audit."""

    text: str
    """The whole text the caller asked for."""
    shown: str
    """What was drawn of it (a line of a wrapped text, or shortened)."""
    rect: pygame.Rect
    box: pygame.Rect | None
    """The box it was given (``None``: drawn at a point, with no box)."""
    colour: RGB
    size: int
    bold: bool
    background: RGB | None
    """The commonest colour under the text's ink just before it was drawn."""
    target: pygame.Surface
    layer: int


@dataclass
class DrawnWidget:
    """A widget's rect as drawn (a button, a toast), for the layout audit."""

    rect: pygame.Rect
    kind: str
    label: str
    target: pygame.Surface
    layer: int


@dataclass
class Recording:
    """Everything drawn while recording: texts, widgets, and the layer count (a veil starts a new layer)."""

    texts: list[DrawnText] = field(default_factory=list)
    widgets: list[DrawnWidget] = field(default_factory=list)
    layer: int = 0


@dataclass
class FrameMarks:
    """What this frame drew that the tooltip and the toasts need: shortened texts, the focused rect."""

    shortened: list[tuple[pygame.Rect, str]] = field(default_factory=list)
    focus: pygame.Rect | None = None
    occupied: list[pygame.Rect] = field(default_factory=list)
    """Buttons and texts drawn on the screen this frame: where a toast must not go."""


def background_under(target: pygame.Surface, ink: pygame.Surface, rect: pygame.Rect) -> RGB | None:
    """The commonest colour of ``target`` under the opaque pixels of ``ink`` placed at ``rect``."""
    visible = rect.clip(target.get_rect())
    clip = target.get_clip()
    visible = visible.clip(clip)
    if visible.width <= 0 or visible.height <= 0:
        return None
    mask = pygame.mask.from_surface(ink, 127)
    step = max(1, min(visible.width, visible.height) // 12)
    counts: Counter[RGB] = Counter()
    for y in range(visible.top, visible.bottom, step):
        for x in range(visible.left, visible.right, step):
            if mask.get_at((x - rect.left, y - rect.top)):
                colour = target.get_at((x, y))
                counts[(colour.r, colour.g, colour.b)] += 1
    if not counts:
        centre = target.get_at(visible.center)
        return centre.r, centre.g, centre.b
    return counts.most_common(1)[0][0]
