"""How much of a frame background work may take: the one place slices are sized.

The app measures how long drawing takes (smoothed over frames) and what is
left of a 60 fps frame after it is the slice every piece of background work
gets that frame: the computer's search, the hint, the analyses, the
library's loading. Scenes ask ``slice_ms``; none sizes a slice of its own.

>>> budget = FrameBudget()
>>> budget.slice_ms
10.0
>>> for _ in range(50):
...     budget.observe_draw(12.0)
>>> budget.slice_ms
6.0
>>> budget.room_after(3.0), budget.room_after(9.0)
(10.0, 0.0)
"""

from __future__ import annotations

FRAME_MS = 16.0
"""One frame at 60 Hz (rounded down: the browser's frame also paints)."""
DRAW_MARGIN_MS = 2.0
"""Kept free besides drawing: events, the scene's own update, the page's paint."""
SLICE_MIN_MS = 6.0
"""Work always gets this much, however slow drawing is (else a search would never end on a slow device)."""
SLICE_MAX_MS = 10.0
"""And never more: a slice overruns a little, and the frame must still be shown in time."""
MAX_COUNTED_DRAW_MS = 40.0
"""A single slow frame (a resize, the first draw of a scene) counts as no more than this."""
SMOOTHING = 0.2
"""How much the latest frame's drawing time weighs against the ones before it."""


class FrameBudget:
    """The drawing cost so far and the slice of work that leaves room for it."""

    def __init__(self, draw_ms: float = 4.0) -> None:
        self.draw_ms = draw_ms
        """Smoothed milliseconds the app spends drawing a frame (scene, scaling, flip)."""

    def observe_draw(self, ms: float) -> None:
        """One frame's drawing took ``ms``."""
        self.draw_ms = (1 - SMOOTHING) * self.draw_ms + SMOOTHING * min(ms, MAX_COUNTED_DRAW_MS)

    @property
    def slice_ms(self) -> float:
        """Milliseconds of background work this frame: the frame less drawing and a margin, within bounds."""
        return max(SLICE_MIN_MS, min(SLICE_MAX_MS, FRAME_MS - self.draw_ms - DRAW_MARGIN_MS))

    def room_after(self, spent_ms: float) -> float:
        """The slice that fits in what is left of this frame once ``spent_ms`` of it went (events, the scene's update,
        drawing), for work that can wait a frame: 0 when less than ``SLICE_MIN_MS`` is left (it would make the
        frame late), else at most ``SLICE_MAX_MS``."""
        room = min(SLICE_MAX_MS, FRAME_MS - DRAW_MARGIN_MS - spent_ms)
        return room if room >= SLICE_MIN_MS else 0.0
