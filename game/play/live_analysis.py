"""Analysis until stopped: a position searched one depth deeper after another, every move valued.

Pygame-free. ``LiveAnalysis.advance(ms)`` runs a slice of the AI's one
deepening loop (``Analyzer.analyses``: the tables stay warm from depth to
depth); after each finished depth ``latest`` holds that depth's ``Analysis``
(every legal move's value in discs, the best moves, the principal variation).
Endgames within the exact range (``EXACT_EMPTIES``) get a quick look a depth at a
time, then the solver's best moves as soon as they are proved, then every move's
exact value, and the analysis ends. The
depth is bounded by ``MAX_DEPTH`` and the empty squares; ``limit_reached`` says
when it stopped there rather than by ``stop()``. ``resume()`` after a stop
carries on from the next depth.
"""

from __future__ import annotations

from game.ai import Analysis, Analyzer, Job, Limits, Progress
from game.engine import Position

MAX_DEPTH = 14
"""The deepest midgame search the analysis mode runs (a few minutes in the browser at most)."""
EXACT_EMPTIES = 20
"""Positions with at most this many empties are solved exactly, as the strong programs do from 20 (a quick look
first, a depth at a time, then the best moves as soon as they are proved, then every value: natively a minute
at most at 20 empties, longer in the page, where the analysis can be stopped at any time)."""


class LiveAnalysis:
    """Deeper and deeper analysis of one position, in slices, until stopped or at its depth limit."""

    def __init__(self, position: Position, max_depth: int = MAX_DEPTH, exact_empties: int = EXACT_EMPTIES) -> None:
        self.position = position
        self.max_depth = max(1, min(max_depth, position.empty_count))
        self.exact = position.empty_count <= exact_empties
        self.analyzer = Analyzer(Limits(depth=self.max_depth, exact_empties=exact_empties))
        self.latest: Analysis | None = None
        """The deepest finished analysis."""
        self.depth = 1
        """The depth being searched now."""
        self.stopped = False
        self.limit_reached = False
        self.progress = Progress()
        """Nodes and CPU time over every depth so far."""
        self._job: Job[Analysis | None] | None = None
        self._fresh = False
        if not position.legal_moves():
            self.limit_reached = True  # nothing to analyse: a pass or the end

    @property
    def running(self) -> bool:
        """Whether there is more to do."""
        return not self.stopped and not self.limit_reached

    def advance(self, max_ms: float) -> bool:
        """Search for about ``max_ms``; True when a new depth has finished (``latest`` changed)."""
        if not self.running:
            return False
        if self._job is None:
            self._job = self.analyzer.job(self.analyzer.analyses(self.position, self._finished))
        job = self._job
        before_nodes, before_seconds = job.progress.nodes, job.progress.seconds
        self._fresh = False
        job.advance(max_ms)
        self.progress.nodes += job.progress.nodes - before_nodes
        self.progress.seconds += job.progress.seconds - before_seconds
        if job.done:
            self._job = None
            self.limit_reached = True
        return self._fresh

    def _finished(self, found: Analysis) -> bool:
        """One depth is done: keep it; stop the deepening at a stop (resumed from the next depth)."""
        latest = self.latest
        if latest is None or found.depth > latest.depth or found.exact or found.best_exact and not latest.best_exact:
            self.latest = found
            self._fresh = True
        if found.exact or found.depth >= self.max_depth:
            self.limit_reached = True
        else:
            self.depth = max(self.depth, found.depth + 1)
        return self.stopped

    def stop(self) -> None:
        """Stop; what was found stays readable."""
        self.stopped = True
        if self._job is not None:
            self._job.cancel()
            self._job = None

    def resume(self) -> None:
        """Carry on from the next depth after a stop."""
        if self.stopped and not self.limit_reached:
            self.stopped = False
