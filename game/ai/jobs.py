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
freezes the page. ``cancel()`` stops a job at once.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Generic, Protocol, TypeVar

from .budget import Budget

T = TypeVar("T")

RUN_SLICE_MS = 50.0
"""``run()``'s slice: short, so hard time limits are checked often."""


class HasBudget(Protocol):
    """A search (``MidgameSearch``, ``Solver``) and the budget it counts against."""

    @property
    def budget(self) -> Budget: ...


class Job(Generic[T]):
    """A computation run a slice at a time by ``advance``; ``cancel`` stops it.

    ``budget`` is the budget its searches share, or a search that has it.
    """

    def __init__(self, steps: Generator[None, None, T], budget: Budget | HasBudget) -> None:
        self._steps = steps
        self.budget: Budget = budget if isinstance(budget, Budget) else budget.budget
        self.done = False
        self.cancelled = False
        self.result: T | None = None
        self.busy_seconds = 0.0

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
        return self.result

    def run(self) -> T:
        """Run to the end without pausing (command line, tests, tools)."""
        while not self.done:
            self.advance(RUN_SLICE_MS)
        assert self.result is not None
        return self.result

    def cancel(self) -> None:
        """Stop at once; the job never finishes."""
        if not self.done:
            self.cancelled = True
            self._steps.close()
