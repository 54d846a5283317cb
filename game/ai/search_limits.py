"""What bounds a search, and how its time is shared out: the one home for time.

``Limits`` is the search half of a level (time per move, depth, nodes, and from
how many empties the exact and the win/loss/draw stages take over); a level's
is ``Level.limits``, the command line's come from ``--time`` and ``--nodes``.
``Limits`` also carries the clock of the side to move, when there is one (the
game's clocks, GTP's ``time_left``), and ``plan(limits, empties)`` is the one
place a move's time is decided: a ``TimePlan`` with the deepening's time, its
soft limit, the quick look's and the solve's, and the hard limit nothing passes
(the clock left less ``clock_margin``). ``move_seconds`` turns a clock into a
move's time. How a move's time is split is the limits' ``TimeShape``: the
deepening's soft limit (``NEXT_ITERATION_SHARE``), the quick look before a
solve and the solve itself (``QUICK_LOOK_SHARE``, ``ENDGAME_TIME_FACTOR``), the
command line's exact attempt (``EXACT_SHARE``). The constants below are the
shape every level has today; a level whose time is spent otherwise gives its
``Limits`` a shape of its own, and no other level changes.

A level's limits are changed only by the methods here: ``on_clock`` (the clock
of the side to move), ``by_nodes`` (a node budget instead of time) and
``per_move`` (another time a move, GTP's ``--move-time``).

No limit that comes in from outside (the command line's ``--time``,
``--nodes``, ``--max-seconds`` and ``--move-time``, GTP's ``time_left``) is
more than ``MAX_SECONDS`` or ``MAX_NODES``: ``capped`` cuts a larger one to the
cap and says so in one line, which the command line prints on stderr.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TypeVar

MAX_SECONDS = 86_400.0
"""The longest time limit taken from outside (a day): more is capped at it (``capped``)."""
MAX_NODES = 30_000_000_000
"""The largest node limit taken from outside, about a day's search at some 350,000 nodes a second."""

_Number = TypeVar("_Number", int, float)

NEXT_ITERATION_SHARE = 0.45
"""No new iteration of the deepening once this share of the time per move is spent (it would rarely finish)."""
QUICK_LOOK_DEPTH = 6
"""The midgame look before an endgame solve goes this deep at most (the move's and the advice's alike)."""
QUICK_LOOK_SHARE = 0.25
"""The midgame look before an endgame solve gets this share of the time per move ..."""
ENDGAME_TIME_FACTOR = 3.0
"""... and the solve this many times the time per move (with a clock, never past the plan's hard limit)."""
EXACT_SHARE = 0.75
"""A bounded search (the command line's ``--time``/``--nodes``) lets the exact solve use this share of each limit;
the rest is kept for the midgame fallback."""

CLOCK_RESERVE_MOVES = 4
"""With a clock, the time left is spread over the moves still to come plus this many."""
INCREMENT_SHARE = 0.8
"""The share of the clock's increment a move may spend on top."""
MIN_MOVE_SECONDS = 0.05
"""A move's time is at least this (while the clock has it): depth 1 and 2 always finish anyway."""
CLOCK_MARGIN_SECONDS = 0.03
"""With a clock, every search stops at least this long before the clock would run out: the game's loop
notices a finished search only at its next frame (1/60 s apart), and a search overruns its limit by one check."""
CLOCK_MARGIN_SHARE = 0.1
"""... or this share of the time left, when that is more (a busy machine's pauses grow with the time spent)."""


@dataclass(frozen=True)
class TimeShape:
    """How a move's time is split between the searches of the move (``plan`` reads it).

    >>> TimeShape().next_iteration_fits(0.4, 1.0), TimeShape().next_iteration_fits(0.5, 1.0)
    (True, False)
    """

    next_iteration: float = NEXT_ITERATION_SHARE
    """No new iteration of the deepening once this share of its time is spent."""
    quick_look: float = QUICK_LOOK_SHARE
    """The midgame look before an endgame solve gets this share of the move's time ..."""
    solve: float = ENDGAME_TIME_FACTOR
    """... and the solve this many times the move's time (with a clock, never past the plan's hard limit)."""
    exact: float = EXACT_SHARE
    """A bounded search (the command line's ``--time``/``--nodes``) gives its exact solve this share of each limit."""

    def __post_init__(self) -> None:
        # a share above the whole would let the deepening or the look pass the move's time, and with it the clock
        for name, share in (("next_iteration", self.next_iteration), ("quick_look", self.quick_look),
                            ("exact", self.exact)):
            if not 0 < share <= 1:
                raise ValueError(f"a time shape's {name} is a share of the time, above 0 and at most 1, not {share}")
        if not self.solve > 0:
            raise ValueError(f"a time shape's solve is a factor of the time above 0, not {self.solve}")

    def next_iteration_fits(self, spent: float, seconds: float | None) -> bool:
        """Whether a deepening with ``seconds`` starts another iteration after ``spent`` of them."""
        return seconds is None or spent <= self.next_iteration * seconds


DEFAULT_SHAPE = TimeShape()
"""Every level's shape today, and any search's that is given none."""


@dataclass(frozen=True)
class Limits:
    """What bounds a search: ``seconds`` a move, ``depth`` plies, ``nodes`` (``None``: no such limit).

    ``exact_empties`` and ``wld_empties``: from how many empty squares an exact
    or a win/loss/draw solve takes over (0: never). ``clock`` and ``increment``:
    the clock of the side to move, which ``plan`` turns into the move's time.
    """

    seconds: float | None = None
    depth: int | None = None
    nodes: int | None = None
    exact_empties: int = 0
    wld_empties: int = 0
    clock: float | None = None
    """Seconds left on the clock of the side to move (``None``: no clock)."""
    increment: float = 0.0
    """Seconds the clock gains after each move (a Fischer increment)."""
    shape: TimeShape = DEFAULT_SHAPE
    """How the move's time is split (``plan``)."""

    def on_clock(self, clock: float | None, increment: float = 0.0) -> Limits:
        """These limits on a clock with ``clock`` seconds left (``None``: no clock) gaining ``increment`` a move."""
        return replace(self, clock=clock, increment=increment)

    def by_nodes(self, nodes: int) -> Limits:
        """These limits with ``nodes`` instead of the time a move: a reproducible search (tests, matches)."""
        return replace(self, seconds=None, nodes=nodes)

    def per_move(self, seconds: float) -> Limits:
        """These limits with ``seconds`` a move instead of their own time."""
        return replace(self, seconds=seconds)

    def share(self, fraction: float) -> Limits:
        """The same limits with time and nodes cut to ``fraction`` (nodes rounded down, at least one)."""
        return replace(
            self,
            seconds=None if self.seconds is None else self.seconds * fraction,
            nodes=None if self.nodes is None else max(1, int(self.nodes * fraction)),
        )


def capped(value: _Number, cap: _Number, name: str, unit: str) -> tuple[_Number, str | None]:
    """``value`` at most ``cap``, and the one line that says so when it was more (else ``None``).

    ``name`` is how the limit came in (``--time``), ``unit`` what it counts.

    >>> capped(1e308, MAX_SECONDS, "--time", "seconds")
    (86400.0, '--time 1e+308 is more than the cap of 86400 seconds: capped at 86400')
    >>> capped(99_999_999_999_999_999_999, MAX_NODES, "--nodes", "nodes")[1]
    '--nodes 99999999999999999999 is more than the cap of 30000000000 nodes: capped at 30000000000'
    >>> capped(2.5, MAX_SECONDS, "--time", "seconds")
    (2.5, None)
    """
    if value <= cap:
        return value, None
    given, most = (f"{value:g}", f"{cap:g}") if isinstance(value, float) else (str(value), str(cap))
    return cap, f"{name} {given} is more than the cap of {most} {unit}: capped at {most}"


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


def clock_margin(clock: float) -> float:
    """How long before a clock with ``clock`` seconds left every search must have stopped.

    >>> clock_margin(0.1), clock_margin(2.0)
    (0.03, 0.2)
    """
    return max(CLOCK_MARGIN_SECONDS, CLOCK_MARGIN_SHARE * max(0.0, clock))


@dataclass(frozen=True)
class TimePlan:
    """How one move's time is spent, in seconds from the move's start (``None``: no such limit).

    Every value is at most ``hard``, when there is one.
    """

    seconds: float | None
    """The deepening's time: an iteration still running then is dropped for the last finished one."""
    soft: float | None
    """No new deepening iteration starts once this much is spent (the shape's ``next_iteration`` of ``seconds``)."""
    quick_look: float | None
    """The time of the midgame look before an endgame solve (the shape's ``quick_look`` of ``seconds``)."""
    solve: float | None
    """When an endgame solve stops (the shape's ``solve`` times ``seconds``): its move is then the look's."""
    hard: float | None
    """Where every search of the move stops, its first iterations too: the clock left less ``clock_margin``
    (``None``: no clock)."""

    def deadline(self, started: float, seconds: float | None) -> float | None:
        """The clock's time ``seconds`` (one of this plan's) after ``started``; ``None`` stays ``None``."""
        return None if seconds is None else started + seconds


def plan(limits: Limits, empties: int) -> TimePlan:
    """The plan for a move with ``empties`` empty squares within ``limits``: the one place a move's time is decided.

    Without a clock, the move's time is ``limits.seconds`` and a solve may take
    the shape's ``solve`` (``ENDGAME_TIME_FACTOR``) times it. With one, the move's time is
    ``move_seconds`` of the clock (within ``limits.seconds``), and nothing, the
    solve included, goes past the clock left less ``clock_margin``: the time is a cap.

    >>> plan(Limits(seconds=1.0), 17)
    TimePlan(seconds=1.0, soft=0.45, quick_look=0.25, solve=3.0, hard=None)
    >>> on_clock = plan(Limits(seconds=1.0, clock=60.0), 20)  # a minute left: the level's own pace
    >>> on_clock.seconds, on_clock.solve, on_clock.hard
    (1.0, 3.0, 54.0)
    >>> tiny = plan(Limits(seconds=1.0, clock=0.1), 17)  # a tenth of a second: the solve is cut to the cap
    >>> tiny.seconds, tiny.solve, tiny.hard
    (0.05, 0.07, 0.07)
    >>> plan(Limits(nodes=5000), 17)
    TimePlan(seconds=None, soft=None, quick_look=None, solve=None, hard=None)
    """
    seconds = limits.seconds
    hard = None
    if limits.clock is not None:
        seconds = move_seconds(limits.clock, limits.increment, empties, limits.seconds)
        hard = max(0.0, limits.clock - clock_margin(limits.clock))
        seconds = min(seconds, hard)
    if seconds is None:
        return TimePlan(None, None, None, None, hard)
    shape = limits.shape
    solve = shape.solve * seconds
    return TimePlan(seconds, shape.next_iteration * seconds, shape.quick_look * seconds,
                    solve if hard is None else min(solve, hard), hard)
