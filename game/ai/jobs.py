"""Jobs: a computation that a game loop runs a slice at a time.

>>> from game.ai.budget import Budget
>>> def count() -> Generator[None, None, int]:
...     for _ in range(3):
...         yield None
...     return 3
>>> Job(count()).run_until(None)
3

A job wraps a generator that runs the searches, and the ``Budget`` those
searches share: ``advance(max_ms)`` starts a slice on the budget and runs the
generator until the slice is spent (each search checks the budget's clock
and yields) or the job finishes; ``run_until(deadline)`` runs slices until the
job ends or the deadline passes (``None``: to the end), the one loop that
drives a job without a game loop (the command line, tools, loaders' blocking
forms, the bounded searches). There are no threads and no blocking calls,
so the same code path serves the desktop and the browser, where a long frame
freezes the page. ``cancel()`` stops a job at once. ``progress`` is what the
job has found so far, for a display: nodes and time (kept by the job), depth,
value and principal variation (kept by the iterative deepening it runs).
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar, cast, overload

from .budget import Budget

T = TypeVar("T")

RUN_SLICE_MS = 25.0
"""``run_until``'s longest slice: short, so its deadline and hard time limits are checked often."""


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

    ``budget`` is the budget its searches share, or a search that has it (a fresh one if not given:
    work that is not a search). ``progress`` (a fresh one if not given) is restarted and kept up to date.
    """

    def __init__(self, steps: Generator[None, None, T], budget: Budget | HasBudget | None = None,
                 progress: Progress | None = None) -> None:
        self._steps = steps
        if budget is None:
            budget = Budget()
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

    @overload
    def run_until(self, deadline: None) -> T: ...

    @overload
    def run_until(self, deadline: float) -> T | None: ...

    def run_until(self, deadline: float | None) -> T | None:
        """Run slices until the job ends (its result) or ``deadline`` passes (``None``); ``None``: to the end.

        ``deadline`` is a time on the budget's clock (``time.perf_counter`` unless the budget was given
        another). A job stopped by its deadline is paused, not cancelled: it can go on or be cancelled.
        ``BudgetSpent`` from its searches (a hard time or node limit) is passed on.

        >>> def forever() -> Generator[None, None, None]:
        ...     while True:
        ...         yield None
        >>> job = Job(forever())
        >>> job.run_until(job.budget.clock() + 0.01), job.done, job.cancelled
        (None, False, False)
        """
        clock = self.budget.clock
        while not (self.done or self.cancelled):
            slice_ms = RUN_SLICE_MS if deadline is None else min(RUN_SLICE_MS, (deadline - clock()) * 1000.0)
            if slice_ms <= 0:
                return None
            self.advance(slice_ms)
        if deadline is None:
            return cast(T, self.result)  # done: the generator returned its T (None for a ``Job[None]``)
        return self.result

    def run(self) -> T:
        """``run_until(None)``: to the end without pausing (the command line, tests, tools)."""
        return self.run_until(None)

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
    >>> job.run_until(None), len(done)
    (None, 5)
    """

    def steps() -> Generator[None, None, None]:
        while not finished():
            step()
            yield None

    return Job(steps())

