"""What bounds a search, and how its time is shared out: the one home for time.

``Limits`` is the search half of a level (time per move, depth, nodes, and from
how many empties the exact and the win/loss/draw stages take over); a level's
is ``Level.limits``, the command line's come from ``--time`` and ``--nodes``.
``move_seconds`` turns a clock into a move's time (the game's clocks and GTP's
``time_left``). The shares below are every split of that time the searches
make: deepening (``NEXT_ITERATION_SHARE``), the quick look before a solve and
the solve itself (``QUICK_LOOK_SHARE``, ``ENDGAME_TIME_FACTOR``), the command
line's exact attempt (``EXACT_SHARE``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

NEXT_ITERATION_SHARE = 0.45
"""No new iteration of the deepening once this share of the time per move is spent (it would rarely finish)."""
QUICK_LOOK_SHARE = 0.25
"""The midgame look before an endgame solve gets this share of the time per move ..."""
ENDGAME_TIME_FACTOR = 3.0
"""... and the solve this many times the time per move (the clock's reserve in ``move_seconds`` covers it)."""
EXACT_SHARE = 0.75
"""A bounded search (the command line's ``--time``/``--nodes``) lets the exact solve use this share of each limit;
the rest is kept for the midgame fallback."""

CLOCK_RESERVE_MOVES = 4
"""With a clock, the time left is spread over the moves still to come plus this many."""
INCREMENT_SHARE = 0.8
"""The share of the clock's increment a move may spend on top."""
MIN_MOVE_SECONDS = 0.05
"""A move's time is at least this (while the clock has it): depth 1 and 2 always finish anyway."""


@dataclass(frozen=True)
class Limits:
    """What bounds a search: ``seconds`` a move, ``depth`` plies, ``nodes`` (``None``: no such limit).

    ``exact_empties`` and ``wld_empties``: from how many empty squares an exact
    or a win/loss/draw solve takes over (0: never).
    """

    seconds: float | None = None
    depth: int | None = None
    nodes: int | None = None
    exact_empties: int = 0
    wld_empties: int = 0

    def share(self, fraction: float) -> Limits:
        """The same limits with time and nodes cut to ``fraction`` (nodes rounded down, at least one)."""
        return replace(
            self,
            seconds=None if self.seconds is None else self.seconds * fraction,
            nodes=None if self.nodes is None else max(1, int(self.nodes * fraction)),
        )


def quick_look_seconds(seconds: float | None) -> float | None:
    """The time of the midgame look before a solve, out of a move's ``seconds``."""
    return None if seconds is None else QUICK_LOOK_SHARE * seconds


def solve_deadline(started: float, seconds: float | None) -> float | None:
    """When a solve begun for a move of ``seconds`` that ``started`` then must stop (``None``: never)."""
    return None if seconds is None else started + ENDGAME_TIME_FACTOR * seconds


def next_iteration_fits(spent: float, seconds: float | None) -> bool:
    """Whether the deepening starts another iteration after ``spent`` of a move's ``seconds``."""
    return seconds is None or spent <= NEXT_ITERATION_SHARE * seconds


def move_seconds(clock: float, increment: float, empties: int, cap: float | None = None) -> float:
    """A move's time from a clock: ``clock`` seconds left, ``increment`` seconds added a move, ``empties`` squares.

    The time left spread over the moves to come (``empties / 2``) and a reserve,
    plus most of the increment; at most ``cap`` (a level's own time), at least
    ``MIN_MOVE_SECONDS``, and never more than the clock has left. Monotone in ``clock``.

    >>> move_seconds(60, 0, 60), move_seconds(60, 2, 60, cap=1.0), move_seconds(0.01, 5, 20)
    (1.7647058823529411, 1.0, 0.01)
    """
    share = max(0.0, clock) / (empties / 2 + CLOCK_RESERVE_MOVES) + INCREMENT_SHARE * increment
    seconds = max(MIN_MOVE_SECONDS, share if cap is None else min(cap, share))
    return min(seconds, max(0.0, clock))
