"""What a session's opponent found (``Thought``), and a search as its thinking (``Thinking``, ``JobThinking``).

An ``Opponent`` (``game.play.session``) gives a ``Thought`` at once (a
scripted reply, a book move) or something to advance a slice at a time
(``Thinking``: a search; ``JobThinking`` turns a ``game.ai.Job`` into one).
Nothing here imports pygame.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from game.ai import Job, Progress


@dataclass(frozen=True)
class Thought:
    """What the opponent found: the move it plays (``None``: it only weighed the position), and its value.

    ``value`` is for the side to move in the position weighed, when the opponent knows it.
    """

    square: int | None
    value: float | None = None


class Thinking(Protocol):
    """A running search (a ``game.ai.Job``): advanced a slice at a time, cancelled when no longer wanted."""

    @property
    def progress(self) -> Progress:
        """What the search has found so far (nodes, time, depth, value, line)."""

    def advance(self, max_ms: float) -> Thought | None:
        """Work for about ``max_ms``; the thought once found."""

    def cancel(self) -> None:
        """Stop."""


T = TypeVar("T")


class JobThinking(Generic[T]):
    """A ``game.ai.Job`` whose result becomes a ``Thought``."""

    def __init__(self, job: Job[T], to_thought: Callable[[T], Thought]) -> None:
        self.job = job
        self.to_thought = to_thought

    @property
    def progress(self) -> Progress:
        """The job's progress (nodes, time, depth, value, line)."""
        return self.job.progress

    def advance(self, max_ms: float) -> Thought | None:
        """Advance the job; its result as a thought once done."""
        found = self.job.advance(max_ms)
        return None if found is None else self.to_thought(found)

    def cancel(self) -> None:
        """Cancel the job."""
        self.job.cancel()
