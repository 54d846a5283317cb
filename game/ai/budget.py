"""The search budget: one object, shared by reference by every search a job runs.

A ``Budget`` holds the node count and the three limits a search obeys:

- the *slice* end (``slice_end``), set by ``Job.advance`` on every call: when it
  passes, a search yields so the game loop can draw a frame, and goes on later;
- the *hard* time limit (``hard_limit``), set by the level policy: past it the
  search is stopped with ``OutOfTime``;
- the *node* limit (``node_limit``): past it the search is stopped with
  ``NodeLimitReached`` (reproducible searches for tests and matches).

The hot paths read one number, ``deadline`` (the earlier of the slice end and
the hard limit), and call ``expired()`` only when the clock has passed it;
``hit`` says which limit was hit last (``"slice"``, ``"time"``, ``"nodes"``
or ``None``).
"""

from __future__ import annotations

import time
from collections.abc import Callable

NO_LIMIT = float("inf")
NO_NODE_LIMIT = 1 << 62


class BudgetSpent(Exception):
    """A search used up its hard time limit or its node limit and was stopped."""


class NodeLimitReached(BudgetSpent):
    """A search has used its node budget."""


class OutOfTime(BudgetSpent):
    """A search ran past its hard time limit and was stopped."""


class Budget:
    """Time and node limits of a job's searches, with the node count they share."""

    __slots__ = ("clock", "deadline", "hard_limit", "hit", "node_limit", "nodes", "slice_end")

    def __init__(self, clock: Callable[[], float] = time.perf_counter) -> None:
        self.clock = clock
        self.nodes = 0
        self.node_limit = NO_NODE_LIMIT
        self.slice_end = NO_LIMIT
        self.hard_limit = NO_LIMIT
        self.deadline = NO_LIMIT
        self.hit: str | None = None

    def start_slice(self, max_ms: float) -> float:
        """Begin a slice of ``max_ms`` milliseconds; returns the clock's time now."""
        now = self.clock()
        self.slice_end = now + max_ms / 1000.0
        self.deadline = min(self.slice_end, self.hard_limit)
        return now

    def set_hard_limit(self, limit: float | None) -> None:
        """Stop the searches once the clock passes ``limit`` (``None``: no hard limit)."""
        self.hard_limit = NO_LIMIT if limit is None else limit
        self.deadline = min(self.slice_end, self.hard_limit)

    def limit_nodes(self, count: int | None) -> None:
        """Allow ``count`` more nodes from now (``None``: no node limit)."""
        self.node_limit = NO_NODE_LIMIT if count is None else self.nodes + count

    def expired(self) -> bool:
        """Called once the clock has passed ``deadline``: True if the slice is spent (yield).

        Raises ``OutOfTime`` when it is the hard limit that passed.
        """
        if self.clock() > self.hard_limit:
            self.hit = "time"
            raise OutOfTime
        self.hit = "slice"
        return True

    def nodes_spent(self) -> None:
        """Called once ``nodes`` reached ``node_limit``: record it and stop the search."""
        self.hit = "nodes"
        raise NodeLimitReached

    def slice_over(self) -> bool:
        """Whether the slice (or the hard limit) has passed; the job loop's check."""
        return self.clock() >= self.deadline
