"""The animation of one move: the new disc drops in, then the captured discs turn over one after another."""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.engine import Color, opponent_of

DROP_MS = 110
"""How long the placed disc takes to settle."""
STAGGER = 0.25
"""Each ring of captured discs starts this fraction of a flip after the previous one."""


@dataclass(frozen=True)
class DiscLook:
    """How to draw one disc at a moment: the colour facing up and the horizontal squash (0..1)."""

    colour: Color
    squash: float
    lift: float = 0.0


@dataclass
class MoveAnimation:
    """A move on ``square`` by ``mover`` turning ``flipped`` (square list) over, from ``start_ms``."""

    square: int
    mover: Color
    flipped: list[int]
    start_ms: int
    flip_ms: int

    def _delay(self, square: int) -> float:
        row, col = divmod(square, 8)
        srow, scol = divmod(self.square, 8)
        distance = max(abs(row - srow), abs(col - scol))
        return DROP_MS * 0.6 + (distance - 1) * STAGGER * self.flip_ms

    @property
    def end_ms(self) -> int:
        """When the last disc has finished turning."""
        if not self.flipped or self.flip_ms <= 0:
            return self.start_ms + (DROP_MS if self.flip_ms > 0 else 0)
        last = max(self._delay(sq) for sq in self.flipped)
        return self.start_ms + int(last + self.flip_ms)

    def done(self, now_ms: int) -> bool:
        """Whether the animation is over."""
        return now_ms >= self.end_ms

    def flip_started(self, square: int, now_ms: int) -> bool:
        """Whether the disc on ``square`` has begun to turn (for the flip sound)."""
        return now_ms - self.start_ms >= self._delay(square)

    def look(self, square: int, now_ms: int) -> DiscLook | None:
        """How the disc on ``square`` looks now, or ``None`` if it is not animating."""
        elapsed = now_ms - self.start_ms
        if square == self.square:
            if elapsed >= DROP_MS or self.flip_ms <= 0:
                return None
            t = max(0.0, elapsed / DROP_MS)
            return DiscLook(self.mover, 1.0, lift=1.0 - t)
        if square not in self.flipped or self.flip_ms <= 0:
            return None
        t = (elapsed - self._delay(square)) / self.flip_ms
        if t >= 1.0:
            return None
        if t <= 0.0:
            return DiscLook(opponent_of(self.mover), 1.0)
        squash = abs(math.cos(math.pi * t))
        colour = opponent_of(self.mover) if t < 0.5 else self.mover
        return DiscLook(colour, squash, lift=math.sin(math.pi * t))
