"""The desktop window opens where it was last closed, at the size it had (never in the browser).

The place is a small JSON document (``window``) in the game's storage, read
before the window opens and written when the game closes. A saved place is
checked against the desktops there are now: a size is kept within the
largest desktop and at least the smallest usable window, and a position that
would put the window's top-left corner off every desktop (a monitor since
unplugged) is dropped, so the window opens centred instead.

pygame-ce 2.5 API only: ``pygame.display.get_window_size``,
``get_window_position`` (new in 2.5.0) and the ``SDL_VIDEO_WINDOW_POS``
variable, which SDL reads when the window is created (so it never jumps).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

import pygame

from game.platform.storage import JsonDocuments

WINDOW_KEY = "window"
POSITION_ENV = "SDL_VIDEO_WINDOW_POS"
LARGEST = 16384
"""No saved coordinate or size beyond this is believed (SDL's own limit on a window's side)."""


@dataclass(frozen=True)
class Placement:
    """A window's size and, where the platform reports it, the position of its top-left corner."""

    size: tuple[int, int]
    position: tuple[int, int] | None = None

    def to_json(self) -> dict[str, Any]:
        """The document stored under ``WINDOW_KEY``."""
        data: dict[str, Any] = {"size": list(self.size)}
        if self.position is not None:
            data["position"] = list(self.position)
        return data

    @classmethod
    def from_json(cls, data: Any) -> Placement:
        """A placement from its document; ``ValueError`` for anything else."""
        if not isinstance(data, dict):
            raise ValueError("the window's place is not an object")
        size = _pair(data.get("size"), 1)
        position = _pair(data["position"], -LARGEST) if data.get("position") is not None else None
        return cls(size, position)

    def fitted(self, desktops: list[tuple[int, int]], minimum: tuple[int, int]) -> Placement:
        """This placement made to fit the desktops there are now (see the module's docstring)."""
        if not desktops:
            return self
        widest = max(width for width, _ in desktops)
        tallest = max(height for _, height in desktops)
        size = (min(max(self.size[0], minimum[0]), widest), min(max(self.size[1], minimum[1]), tallest))
        position = self.position
        if position is not None:
            # desktops side by side span at most the sum of their widths, on either side of the main one
            span = sum(width for width, _ in desktops)
            if not (-span < position[0] < span and -tallest < position[1] < tallest):
                position = None
        return Placement(size, position)


def _pair(value: Any, lowest: int) -> tuple[int, int]:
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        raise ValueError("expected two whole numbers")
    if not all(lowest <= v <= LARGEST for v in value):
        raise ValueError(f"numbers outside {lowest}..{LARGEST}")
    return value[0], value[1]


def recall(documents: JsonDocuments, minimum: tuple[int, int]) -> Placement | None:
    """The saved placement fitted to the current desktops, or ``None`` (first start, or set aside as corrupt)."""
    placement = documents.load(WINDOW_KEY, Placement.from_json, "window size and position")
    if placement is None:
        return None
    return placement.fitted(list(pygame.display.get_desktop_sizes()), minimum)


def before_opening(placement: Placement | None) -> bool:
    """Ask SDL to open the next window at the saved position; True if it was asked.

    A position the player set in ``SDL_VIDEO_WINDOW_POS`` themselves wins.
    """
    if placement is None or placement.position is None or POSITION_ENV in os.environ:
        return False
    os.environ[POSITION_ENV] = f"{placement.position[0]},{placement.position[1]}"
    return True


def after_opening(asked: bool) -> None:
    """Forget the position asked for (so it is not passed on to programs the game starts)."""
    if asked:
        os.environ.pop(POSITION_ENV, None)


def current() -> Placement | None:
    """The open window's placement, or ``None`` when there is no window (or pygame cannot tell)."""
    try:
        if pygame.display.get_surface() is None:
            return None
        size = pygame.display.get_window_size()
        get_position = getattr(pygame.display, "get_window_position", None)
        position = get_position() if get_position is not None else None
    except pygame.error:
        return None
    return Placement((int(size[0]), int(size[1])), None if position is None else (int(position[0]), int(position[1])))


def remember(documents: JsonDocuments) -> bool:
    """Save the open window's placement; False if there is no window or the store refused."""
    placement = current()
    return placement is not None and documents.save(WINDOW_KEY, placement.to_json(), "window size and position")
