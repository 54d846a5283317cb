"""Three stars, some lit: how well a challenge was solved."""

from __future__ import annotations

import math

import pygame


def draw_stars(surface: pygame.Surface, centre: tuple[int, int], count: int, size: int,
               lit: tuple[int, int, int], unlit: tuple[int, int, int]) -> None:
    """Three five-pointed stars, ``count`` of them filled in ``lit``, the others outlined in ``unlit``."""
    for i in range(3):
        cx = centre[0] + (i - 1) * size * 1.15
        points = []
        for k in range(10):
            radius = size / 2 if k % 2 == 0 else size / 4.6
            angle = -math.pi / 2 + k * math.pi / 5
            points.append((cx + radius * math.cos(angle), centre[1] + radius * math.sin(angle)))
        if i < count:
            pygame.draw.polygon(surface, lit, points)
        else:  # an empty star as a clear outline (a dark fill vanished on the tiles)
            pygame.draw.polygon(surface, unlit, points, width=2)
