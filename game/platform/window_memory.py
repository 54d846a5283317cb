"""The desktop window opens where it was last closed, at the size it had (never in the browser).

The place is a small JSON document (``window``) in the game's storage, read
before the window opens, written again whenever the window has been moved or
resized and has stayed put a moment (``SAVE_AFTER_MS``), and when the game
closes. ``choose`` decides where the window opens:

* First start (nothing saved, or the saved place dropped): the preferred
  size, scaled down keeping its shape to fit the usable part of the desktop
  the window opens on (``usable``: the desktop less a margin for panels and
  the title bar), never below ``minimum`` unless that desktop is smaller
  still. No position is asked for: SDL centres a window on the desktop it
  opens on (display 0), wherever that desktop sits, which the game cannot
  know (below).
* A saved place is kept if at least half of the window's area, and its top
  edge (where the title bar is grabbed), lie on one desktop. A window larger
  than that desktop is cut to it (and moved to span it on that axis).
  Otherwise the place is dropped (a monitor since unplugged, a smaller
  screen): a first start.

What is knowable: pygame-ce 2.5 reports each desktop's size
(``get_desktop_sizes``), not where it sits. Display 0 is taken to have its
top-left corner at (0, 0), as the primary monitor has on Windows and macOS
and usually under X11. Every other desktop is taken to touch display 0 along
one of its four sides, flush with either end of that side (the usual
arrangements of a second monitor); ``desktop_areas`` lists those guesses. A
window saved on a monitor arranged otherwise (a third one beyond the
second, a diagonal one) is re-centred on display 0: a safe failure. The
headless drivers (``dummy``, ``offscreen``) have no screen, so no desktop is
known there and nothing is fitted.

pygame-ce 2.5 API only: ``pygame.display.get_window_size``,
``get_window_position`` (new in 2.5.0), ``get_desktop_sizes`` and the
``SDL_VIDEO_WINDOW_POS`` variable, which SDL reads when the window is
created (so it never jumps).
"""

from __future__ import annotations

import os
import warnings
from dataclasses import dataclass
from typing import Any

import pygame

from game.platform.documents import JsonDocuments

WINDOW_KEY = "window"
POSITION_ENV = "SDL_VIDEO_WINDOW_POS"
LARGEST = 16384
"""No saved coordinate or size beyond this is believed (SDL's own limit on a window's side)."""
SAVE_AFTER_MS = 1000
"""A moved or resized window's place is saved once it has stayed put this long (a drag sends many events)."""
HEADLESS_DRIVERS = ("dummy", "offscreen")
"""SDL video drivers without a screen: their desktop size is made up, so nothing is fitted to it."""

Area = tuple[int, int, int, int]
"""A rectangle of the screen: left, top, width, height."""


@dataclass(frozen=True)
class Placement:
    """A window's size and, where known, the position of its top-left corner (``None``: centred by SDL)."""

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


def _pair(value: Any, lowest: int) -> tuple[int, int]:
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        raise ValueError("expected two whole numbers")
    if not all(lowest <= v <= LARGEST for v in value):
        raise ValueError(f"numbers outside {lowest}..{LARGEST}")
    return value[0], value[1]


# -- the geometry (pure) --------------------------------------------------------

def usable(desktop: tuple[int, int]) -> tuple[int, int]:
    """The part of a desktop a new window may take: less a tenth of each side (at least 64 pixels)
    for panels, docks and the title bar, which SDL does not report; never under half the side."""
    width, height = desktop
    return max(width - max(width // 10, 64), width // 2, 1), max(height - max(height // 10, 64), height // 2, 1)


def smallest(desktops: list[tuple[int, int]], minimum: tuple[int, int]) -> tuple[int, int]:
    """The smallest window allowed: ``minimum``, or less where a desktop's usable part is smaller."""
    if not desktops:
        return minimum
    areas = [usable(desktop) for desktop in desktops]
    return min(minimum[0], *(w for w, _ in areas)), min(minimum[1], *(h for _, h in areas))


def first_size(preferred: tuple[int, int], desktop: tuple[int, int], minimum: tuple[int, int]) -> tuple[int, int]:
    """``preferred`` scaled down, keeping its shape, to fit the usable part of ``desktop``; at least ``minimum``
    as far as that part allows."""
    room = usable(desktop)
    scale = min(1.0, room[0] / preferred[0], room[1] / preferred[1])
    floor = min(minimum[0], room[0]), min(minimum[1], room[1])
    return (min(max(int(preferred[0] * scale), floor[0]), room[0]),
            min(max(int(preferred[1] * scale), floor[1]), room[1]))


def desktop_areas(desktops: list[tuple[int, int]]) -> list[Area]:
    """Where the desktops may lie: display 0 at the origin, each other one beside it on any side (the module's
    docstring says why)."""
    if not desktops:
        return []
    width, height = desktops[0]
    areas: list[Area] = [(0, 0, width, height)]
    for w, h in desktops[1:]:
        for left, top in ((width, 0), (width, height - h), (-w, 0), (-w, height - h),
                          (0, height), (width - w, height), (0, -h), (width - w, -h)):
            if (left, top, w, h) not in areas:
                areas.append((left, top, w, h))
    return areas


def overlap(position: tuple[int, int], size: tuple[int, int], area: Area) -> int:
    """How many pixels of a window at ``position`` of ``size`` lie on ``area``."""
    left, top, width, height = area
    across = min(position[0] + size[0], left + width) - max(position[0], left)
    down = min(position[1] + size[1], top + height) - max(position[1], top)
    return max(across, 0) * max(down, 0)


def mostly_on(position: tuple[int, int], size: tuple[int, int], area: Area) -> bool:
    """Whether at least half of the window, and its top edge (the title bar's row), lie on ``area``."""
    left, top, width, height = area
    return (top <= position[1] < top + height
            and 2 * overlap(position, size, area) >= size[0] * size[1])


def choose(saved: Placement | None, desktops: list[tuple[int, int]], preferred: tuple[int, int],
           minimum: tuple[int, int]) -> Placement:
    """Where and how large the window opens, from the saved place (if any) and the desktops there are now.

    The rule is the module's docstring's. ``position`` ``None`` in the answer means: let SDL centre the
    window on the desktop it opens on (display 0).
    """
    if not desktops:  # nothing known to fit to
        return saved if saved is not None else Placement(preferred)
    floor = smallest(desktops, minimum)
    if saved is not None and saved.position is not None:
        position = saved.position
        wanted = max(saved.size[0], floor[0]), max(saved.size[1], floor[1])
        for area in sorted(desktop_areas(desktops), key=lambda a: -overlap(position, wanted, a)):
            if mostly_on(position, wanted, area):
                # larger than its desktop: cut to it, and spanning it on that axis keeps it mostly on it
                left, top, width, height = area
                x = left if wanted[0] > width else position[0]
                y = top if wanted[1] > height else position[1]
                return Placement((min(wanted[0], width), min(wanted[1], height)), (x, y))
        return Placement(first_size(preferred, desktops[0], floor))
    if saved is not None:  # a size without a place (a platform that could not tell): centred, so it must fit
        room = usable(desktops[0])
        return Placement((min(max(saved.size[0], floor[0]), room[0]), min(max(saved.size[1], floor[1]), room[1])))
    return Placement(first_size(preferred, desktops[0], floor))


# -- the window -------------------------------------------------------------------

def known_desktops() -> list[tuple[int, int]]:
    """The desktops' sizes, display 0 first; none under a headless driver or when SDL cannot tell."""
    try:
        if pygame.display.get_driver() in HEADLESS_DRIVERS:
            return []
        return [(int(w), int(h)) for w, h in pygame.display.get_desktop_sizes() if w > 0 and h > 0]
    except pygame.error:
        return []


def recall(documents: JsonDocuments, preferred: tuple[int, int], minimum: tuple[int, int]) -> Placement:
    """Where the window opens: the saved place if it still lies on a desktop, else a first start (``choose``).

    A corrupt document is set aside by ``documents`` (with its message) and counts as nothing saved.
    """
    saved = documents.load(WINDOW_KEY, Placement.from_json, "window size and position")
    return choose(saved, known_desktops(), preferred, minimum)


def before_opening(placement: Placement | None) -> bool:
    """Ask SDL to open the next window at the placement's position; True if it was asked.

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
    """The open window's placement, or ``None`` when there is no window, it is minimised (Windows then reports
    it far off every screen) or pygame cannot tell."""
    try:
        if pygame.display.get_surface() is None or not pygame.display.get_active():
            return None
        size = pygame.display.get_window_size()
        get_position = getattr(pygame.display, "get_window_position", None)
        position = get_position() if get_position is not None else None
    except pygame.error:
        return None
    place = None if position is None else (int(position[0]), int(position[1]))
    if place is not None and not all(-LARGEST <= v <= LARGEST for v in place):
        place = None  # never write what ``from_json`` would refuse
    return Placement((int(size[0]), int(size[1])), place)


def remember(documents: JsonDocuments) -> bool:
    """Save the open window's placement; False if there is no window or the store refused."""
    placement = current()
    return placement is not None and documents.save(WINDOW_KEY, placement.to_json(), "window size and position")


def set_minimum_size(size: tuple[int, int]) -> bool:
    """Stop the desktop window from being resized below ``size``; False where SDL cannot (nothing else changes)."""
    window_class = getattr(pygame, "Window", None)
    try:
        with warnings.catch_warnings():  # pygame-ce 2.5 warns that this window also has a display surface
            warnings.simplefilter("ignore", DeprecationWarning)
            window = window_class.from_display_module() if window_class is not None else None
        if window is None:
            return False
        window.minimum_size = size
    except (pygame.error, AttributeError, ValueError):
        return False
    return True
