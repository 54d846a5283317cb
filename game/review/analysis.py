"""Analysis of a whole game, a slice at a time: each move's loss, the evaluation curve, a summary per player.

>>> from game.engine import GameRecord
>>> analysis = GameAnalysis(GameRecord.from_transcript("f5d6c3d3c4f4"), depth=2)
>>> while not analysis.advance(20): pass
>>> len(analysis.black_values()), analysis.moves[0].square == 37
(7, True)

Every position of the game is valued once through the one source of advice
(``game.ai.Analyzer``, the hint's too) with one engine, its tables warm from
one position to the next: within ``REVIEW_SECONDS`` a midgame search (at most
``REVIEW_DEPTH``) gives the value of every legal move, and from
``EXACT_EMPTIES`` empties the exact solver proves each position's score and
best moves wherever it finishes in that time (natively from about 20 empties).
A move's loss is the best value less the value of the move played: the
position it led to's exact score when that is known, so a move the review
calls a blunder where both are exact is one by exact value. Values are
final disc differences (empty squares to the winner), for the side to move
in ``MoveReview`` and from Black's side in ``black_values``.

The work runs in slices through ``game.ai``'s ``Job`` (no threads, the
same in the browser): ``advance(max_ms)`` does about that much and returns
whether all is done; ``cancel()`` stops at once. Nothing here imports pygame.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field, replace
from enum import StrEnum

from game.ai import Analyzer, Job, Limits
from game.engine import BLACK, PASS, Color, GameRecord, Position, final_score

REVIEW_DEPTH = 5
"""Midgame search depth for each position (the midgame of a whole game takes a few seconds natively)."""
EXACT_EMPTIES = 22
"""From this many empty squares on, each position's exact score is tried for, within ``REVIEW_SECONDS``."""
REVIEW_SECONDS = 3.0
"""What one position may take (a solve not finished by then leaves the midgame's estimate)."""
MISTAKE_LOSS = 4.0
"""A move that loses at least this many discs against the best move is a mistake."""
BLUNDER_LOSS = 10.0
"""... and at least this many, a blunder."""
ACCURACY_HALVING_LOSS = 6.0
"""A move's accuracy halves for every this many discs it loses (100 % for a best move)."""

class MoveVerdict(StrEnum):
    """How a move of the game is labelled by what it lost (a str: it compares and prints as its value)."""

    BEST = "best"
    GOOD = "good"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


def review_limits(depth: int = REVIEW_DEPTH, exact_empties: int = EXACT_EMPTIES,
                  seconds: float | None = REVIEW_SECONDS) -> Limits:
    """What bounds the review's advice on each position (``seconds`` ``None``: every solve to its end)."""
    return Limits(seconds=seconds, depth=depth, exact_empties=exact_empties)


def verdict_for(loss: float) -> MoveVerdict:
    """How a move that lost ``loss`` discs is labelled."""
    if loss >= BLUNDER_LOSS:
        return MoveVerdict.BLUNDER
    if loss >= MISTAKE_LOSS:
        return MoveVerdict.MISTAKE
    if loss > 0.5:
        return MoveVerdict.GOOD
    return MoveVerdict.BEST


def move_accuracy(loss: float) -> float:
    """Accuracy of one move in per cent: 100 for the best move, halving every ``ACCURACY_HALVING_LOSS`` discs."""
    return float(100.0 * 0.5 ** (max(0.0, loss) / ACCURACY_HALVING_LOSS))


@dataclass
class MoveReview:
    """One move of the game with what the analysis thinks of it (values for the mover)."""

    ply: int
    """Index in the record's plies."""
    colour: Color
    square: int
    best_value: float
    played_value: float
    best: list[int]
    exact: bool
    choices: int
    """How many legal moves there were (1 = forced)."""
    values: dict[int, float] = field(default_factory=dict)
    """Values of every legal move when known, else empty."""

    @property
    def loss(self) -> float:
        """Discs lost against the best move (never negative)."""
        return max(0.0, self.best_value - self.played_value)

    @property
    def verdict(self) -> MoveVerdict:
        """'best', 'good', 'mistake' or 'blunder'."""
        return verdict_for(self.loss)

    @property
    def forced(self) -> bool:
        """Whether this was the only legal move."""
        return self.choices == 1


@dataclass
class PlayerSummary:
    """A side's moves in the game, summed up."""

    colour: Color
    moves: int
    total_loss: float
    accuracy: float | None
    """Average accuracy in per cent over moves with a choice; ``None`` if there were none."""
    mistakes: int
    blunders: int


@dataclass
class _Node:
    """What the analysis found for one position."""

    value: float | None = None
    """Best value for the side to move."""
    best: list[int] = field(default_factory=list)
    values: dict[int, float] = field(default_factory=dict)
    exact: bool = False
    """Whether ``value`` (and ``best``) are exact."""
    exact_values: frozenset[int] = frozenset()
    """The moves whose value in ``values`` is exact."""


class GameAnalysis:
    """The analysis of the played part of a game record, filled in slice by slice."""

    def __init__(self, record: GameRecord, depth: int = REVIEW_DEPTH, exact_empties: int = EXACT_EMPTIES,
                 seconds: float | None = REVIEW_SECONDS) -> None:
        self.plies: list[int] = list(record.played)
        self.positions: list[Position] = [record.position_at(i) for i in range(len(self.plies) + 1)]
        self.depth = depth
        self.exact_empties = exact_empties
        self._nodes: list[_Node] = [_Node() for _ in self.positions]
        self.moves: list[MoveReview | None] = [None] * len(self.plies)
        self.analysed = 0
        """Positions analysed so far (in ``order()``)."""
        self._analyzer = Analyzer(review_limits(depth, exact_empties, seconds))
        self._job: Job[int] = self._analyzer.job(self._steps())

    # -- progress -------------------------------------------------------------

    @property
    def done(self) -> bool:
        """Whether every position has been analysed."""
        return self._job.done

    @property
    def cancelled(self) -> bool:
        """Whether ``cancel`` stopped the analysis."""
        return self._job.cancelled

    @property
    def progress(self) -> float:
        """Share of the positions analysed, 0.0 to 1.0."""
        return 1.0 if self.done else self.analysed / len(self.positions)

    @property
    def busy_seconds(self) -> float:
        """Time spent analysing so far."""
        return self._job.busy_seconds

    def advance(self, max_ms: float) -> bool:
        """Analyse for about ``max_ms`` milliseconds; True once everything is done."""
        self._job.advance(max_ms)
        return self.done

    def run(self) -> None:
        """Analyse to the end without pausing (tests, tools)."""
        self._job.run_until(None)

    def cancel(self) -> None:
        """Stop now; what was found so far stays readable."""
        self._job.cancel()

    # -- results --------------------------------------------------------------

    def value_for_black(self, index: int) -> float | None:
        """The value of position ``index`` (0 = start) from Black's side, once known."""
        node = self._nodes[index]
        if node.value is None:
            return None
        return node.value if self.positions[index].to_move == BLACK else -node.value

    def black_values(self) -> list[float | None]:
        """The evaluation curve: each position's value from Black's side (``None`` where not yet known)."""
        return [self.value_for_black(i) for i in range(len(self.positions))]

    def is_exact(self, index: int) -> bool:
        """Whether position ``index``'s value is exact (solved or final)."""
        return self._nodes[index].exact

    def best_moves(self, index: int) -> list[int]:
        """The best move(s) found in position ``index`` (empty before it is analysed or at the end)."""
        return list(self._nodes[index].best)

    def move_values(self, index: int) -> dict[int, float]:
        """Values of every legal move in position ``index`` for its side to move, when known."""
        return dict(self._nodes[index].values)

    def value_is_exact(self, index: int, square: int) -> bool:
        """Whether ``move_values(index)[square]`` is exact (the others are estimates)."""
        return square in self._nodes[index].exact_values

    def summary(self, colour: Color, first_ply: int = 0) -> PlayerSummary:
        """The moves of ``colour`` analysed so far from ply ``first_ply`` on (earlier ones were not played here)."""
        mine = [m for m in self.moves[first_ply:] if m is not None and m.colour == colour]
        choices = [m for m in mine if not m.forced]
        accuracy = sum(move_accuracy(m.loss) for m in choices) / len(choices) if choices else None
        return PlayerSummary(colour, len(mine), sum(m.loss for m in mine), accuracy,
                             sum(1 for m in mine if m.verdict is MoveVerdict.MISTAKE),
                             sum(1 for m in mine if m.verdict is MoveVerdict.BLUNDER))

    # -- the work -------------------------------------------------------------

    def order(self) -> list[int]:
        """The positions in the order they are analysed: the midgame from the start, then the endgame from its end.

        Solved backwards, each solve finds the tables the one after it filled, and the first solve the
        time cuts off ends the exact attempts (those before it have more empties: they would run out too).
        """
        count = len(self.positions)
        midgame = [i for i in range(count) if self.positions[i].empty_count > self.exact_empties]
        return midgame + [i for i in reversed(range(count)) if self.positions[i].empty_count <= self.exact_empties]

    def _steps(self) -> Generator[None, None, int]:
        for index in self.order():
            yield from self._analyse_position(index, self.positions[index])
            self.analysed += 1
            self._fill_passes(index)
            self._review_moves_near(index)
            yield None
        return len(self.positions)

    def _analyse_position(self, index: int, position: Position) -> Generator[None, None, None]:
        node = self._nodes[index]
        p, o = position.player, position.opponent
        if position.is_over():
            node.value, node.exact = float(final_score(p, o)), True
            return
        if not position.legal_moves():
            return  # a forced pass: its value is the next position's (filled in by _fill_passes)
        # where the game stops, every move's value (the review shows them all); elsewhere the best ones suffice
        last = index == len(self.positions) - 1
        analyzer = self._analyzer
        found = yield from analyzer.analyze(position, every_value=last)
        if analyzer.limits.exact_empties >= position.empty_count and not found.best_exact:
            # the time cut this solve off: earlier positions (more empties) keep their midgame estimates
            analyzer.limits = replace(analyzer.limits, exact_empties=position.empty_count - 1)
        node.value = max(found.values[sq] for sq in found.best)
        node.best, node.values, node.exact = list(found.best), dict(found.values), found.best_exact
        node.exact_values = frozenset(found.values) if found.exact else found.exact_squares

    def _fill_passes(self, index: int) -> None:
        """Once position ``index`` is known, a forced pass just before it takes its value."""
        if index == 0 or self.plies[index - 1] != PASS:
            return
        after = self._nodes[index]
        before = self._nodes[index - 1]
        if after.value is not None:
            before.value, before.exact = -after.value, after.exact

    def _review_moves_near(self, index: int) -> None:
        """Review every move whose result is known now that position ``index`` (or a pass beside it) is known."""
        for ply in range(max(0, index - 2), min(index + 1, len(self.plies))):
            square = self.plies[ply]
            if square == PASS or self.moves[ply] is not None:
                continue
            before = self._nodes[ply]
            position = self.positions[ply]
            if before.value is None:
                continue
            colour = position.to_move
            after = self.value_for_black(ply + 1)
            after_exact = self._nodes[ply + 1].exact
            if square in before.exact_values:
                played, played_exact = before.values[square], True
            elif after is None:
                continue  # not analysed yet, or a forced pass whose value comes with the position after it
            elif before.exact and after is not None and after_exact:
                played, played_exact = (after if colour == BLACK else -after), True
            elif square in before.values:  # an estimate beside an estimate: the same search's
                played, played_exact = before.values[square], False
            else:
                played, played_exact = (after if colour == BLACK else -after), after_exact
            self.moves[ply] = MoveReview(ply, colour, square, before.value, played, list(before.best),
                                         before.exact and played_exact, len(position.legal_squares()),
                                         dict(before.values))
