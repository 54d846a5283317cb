"""Jobs: a computation that a game loop runs a slice at a time.

>>> from game.ai.budget import Budget
>>> def count() -> Generator[None, None, int]:
...     for _ in range(3):
...         yield None
...     return 3
>>> Job(count(), Budget()).run()
3

A job wraps a generator that runs the searches, and the ``Budget`` those
searches share: ``advance(max_ms)`` starts a slice on the budget and runs the
generator until the slice is spent (each search checks the budget's clock
and yields) or the job finishes. There are no threads and no blocking calls,
so the same code path serves the desktop and the browser, where a long frame
freezes the page. ``cancel()`` stops a job at once. ``progress`` is what the
job has found so far, for a display: nodes and time (kept by the job), depth,
value and principal variation (kept by the iterative deepening it runs).
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar, cast

from .budget import Budget

T = TypeVar("T")

RUN_SLICE_MS = 50.0
"""``run()``'s slice: short, so hard time limits are checked often."""


@dataclass
class Progress:
    """What a job's search has found so far, for a display; readers only read it.

    The job sets ``nodes`` and ``seconds`` at the end of each slice; the
    iterative deepening (``Engine.deepen``) sets the rest after each finished
    iteration, so reading it costs the search nothing.
    """

    nodes: int = 0
    """Positions searched by this job."""
    seconds: float = 0.0
    """CPU time the job has run (its slices, not the frames between them)."""
    depth: int = 0
    """The deepest finished iteration (0: none yet)."""
    value: float | None = None
    """That iteration's value in discs, for the side to move at the root."""
    pv: tuple[int, ...] = ()
    """The principal variation, squares from the root."""
    exact: bool = False
    """Whether the last iteration reached the end of the game (its value is exact)."""
    deepened: bool = False
    """Whether the iterative deepening has ended (what follows, if anything, is ``endgame``)."""
    endgame: str | None = None
    """``'exact'`` or ``'win-loss'`` when an endgame solve follows the deepening."""

    @property
    def nodes_per_second(self) -> float:
        """Search speed so far."""
        return self.nodes / self.seconds if self.seconds > 0 else 0.0

    @property
    def solving(self) -> str | None:
        """``'exact'`` or ``'win-loss'`` while the endgame solver runs, else ``None``."""
        return self.endgame if self.deepened and not self.exact else None

    def restart(self) -> None:
        """Forget everything (a new move or position)."""
        self.nodes, self.seconds, self.depth, self.value, self.pv = 0, 0.0, 0, None, ()
        self.exact = self.deepened = False
        self.endgame = None


class HasBudget(Protocol):
    """A search (``MidgameSearch``, ``Solver``) and the budget it counts against."""

    @property
    def budget(self) -> Budget: ...


class Job(Generic[T]):
    """A computation run a slice at a time by ``advance``; ``cancel`` stops it.

    ``budget`` is the budget its searches share, or a search that has it.
    ``progress`` (a fresh one if not given) is restarted and kept up to date.
    """

    def __init__(self, steps: Generator[None, None, T], budget: Budget | HasBudget,
                 progress: Progress | None = None) -> None:
        self._steps = steps
        self.budget: Budget = budget if isinstance(budget, Budget) else budget.budget
        self.done = False
        self.cancelled = False
        self.result: T | None = None
        self.busy_seconds = 0.0
        self.progress = Progress() if progress is None else progress
        self.progress.restart()
        self._first_node = self.budget.nodes

    def advance(self, max_ms: float) -> T | None:
        """Run for about ``max_ms`` milliseconds; the result once finished, else ``None``."""
        if self.done or self.cancelled:
            return self.result
        budget = self.budget
        started = budget.start_slice(max_ms)
        try:
            while True:  # at least one step a slice, so a job always moves on
                next(self._steps)
                if budget.slice_over():
                    break
        except StopIteration as finished:
            self.done = True
            self.result = finished.value
        finally:
            self.busy_seconds += budget.clock() - started
            self.progress.nodes = budget.nodes - self._first_node
            self.progress.seconds = self.busy_seconds
        return self.result

    def run(self) -> T:
        """Run to the end without pausing (command line, tests, tools)."""
        while not self.done:
            self.advance(RUN_SLICE_MS)
        return cast(T, self.result)  # done: the generator returned its T (None for a ``Job[None]``)

    def cancel(self) -> None:
        """Stop at once; the job never finishes."""
        if not self.done:
            self.cancelled = True
            self._steps.close()


def stepwise(step: Callable[[], None], finished: Callable[[], bool]) -> Job[None]:
    """A job that calls ``step`` until ``finished()``: work in small steps that is not a search.

    Loading the library, building the explorer's index and the like run on
    the same budget and the same slice loop as the searches, so a frame's
    slice means the same for every piece of background work.

    >>> done = []
    >>> job = stepwise(lambda: done.append(1), lambda: len(done) == 5)
    >>> job.run(), len(done)
    (None, 5)
    """

    def steps() -> Generator[None, None, None]:
        while not finished():
            step()
            yield None

    return Job(steps(), Budget())


def all_at_once(steps: Generator[None, None, T]) -> T:
    """What a step generator returns, run to its end without pausing (the blocking form of a loader).

    >>> def load() -> Generator[None, None, str]:
    ...     yield None
    ...     return "loaded"
    >>> all_at_once(load())
    'loaded'
    """
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return cast(T, done.value)
