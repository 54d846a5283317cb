"""Analysis of a whole game, a slice at a time: each move's loss, the evaluation curve, a summary per player.

>>> from game.engine import GameRecord
>>> analysis = GameAnalysis(GameRecord.from_transcript("f5d6c3d3c4f4"), depth=2)
>>> while not analysis.advance(20): pass
>>> len(analysis.black_values()), analysis.moves[0].square == 37
(7, True)

Every position of the game is searched once with one engine (its tables
stay warm from one position to the next): a fixed shallow depth in the
midgame gives the value of every legal move, so a move's loss is the best
value less the value of the move played; within ``exact_empties`` of the
end the exact solver gives each position's score, and a move's loss is
that score less the (exact) score of the position it led to. Values are
final disc differences (empty squares to the winner), for the side to move
in ``MoveReview`` and from Black's side in ``black_values``.

The work runs in slices through ``game.ai``'s ``Job`` (no threads, the
same in the browser): ``advance(max_ms)`` does about that much and returns
whether all is done; ``cancel()`` stops at once. Nothing here imports pygame.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field
from enum import StrEnum

from game.ai import DISC, Analyzer, Job
from game.engine import BLACK, PASS, Color, GameRecord, Position, final_score

REVIEW_DEPTH = 5
"""Midgame search depth for each position (a whole game takes a few seconds natively)."""
EXACT_EMPTIES = 14
"""From this many empty squares on, positions are solved exactly."""
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


def review_analyzer(depth: int = REVIEW_DEPTH, exact_empties: int = EXACT_EMPTIES) -> Analyzer:
    """The analyzer the review searches with: the strongest evaluation at a fixed depth, no clock."""
    return Analyzer(depth, exact_empties)


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
    """Values of every legal move when known (midgame), else empty."""

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


class GameAnalysis:
    """The analysis of the played part of a game record, filled in slice by slice."""

    def __init__(self, record: GameRecord, depth: int = REVIEW_DEPTH, exact_empties: int = EXACT_EMPTIES) -> None:
        self.plies: list[int] = list(record.played)
        self.positions: list[Position] = [record.position_at(i) for i in range(len(self.plies) + 1)]
        self.depth = depth
        self.exact_empties = exact_empties
        self._nodes: list[_Node] = [_Node() for _ in self.positions]
        self.moves: list[MoveReview | None] = [None] * len(self.plies)
        self.analysed = 0
        """Positions analysed so far (from the start of the game)."""
        self._analyzer = review_analyzer(depth, exact_empties)
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
        self._job.run()

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

    def summary(self, colour: Color, first_ply: int = 0) -> PlayerSummary:
        """The moves of ``colour`` analysed so far from ply ``first_ply`` on (earlier ones were not played here)."""
        mine = [m for m in self.moves[first_ply:] if m is not None and m.colour == colour]
        choices = [m for m in mine if not m.forced]
        accuracy = sum(move_accuracy(m.loss) for m in choices) / len(choices) if choices else None
        return PlayerSummary(colour, len(mine), sum(m.loss for m in mine), accuracy,
                             sum(1 for m in mine if m.verdict is MoveVerdict.MISTAKE),
                             sum(1 for m in mine if m.verdict is MoveVerdict.BLUNDER))

    # -- the work -------------------------------------------------------------

    def _steps(self) -> Generator[None, None, int]:
        for index, position in enumerate(self.positions):
            yield from self._analyse_position(index, position)
            self.analysed = index + 1
            self._fill_passes(index)
            self._review_moves_up_to(index)
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
        analyzer = self._analyzer
        empties = position.empty_count
        last = index == len(self.positions) - 1
        if empties <= self.exact_empties:
            if last:
                # where the game stops, every move's exact value (the review shows them all)
                score, best, values = yield from analyzer.exact_values(p, o)
                node.values = {sq: float(v) for sq, v in values.items()}
            else:
                score, best = yield from analyzer.exact_best(p, o, self._guess(index))
            node.value, node.best, node.exact = float(score), list(best), True
            return
        scores = yield from analyzer.move_values(p, o)
        top = max(scores.values())
        node.values = {sq: round(v / DISC, 1) for sq, v in scores.items()}
        node.value = round(top / DISC, 1)
        node.best = sorted(sq for sq, v in scores.items() if v == top)

    def _guess(self, index: int) -> int:
        """The previous position's value from this mover's side: a first guess for the solver."""
        previous = self.value_for_black(index - 1) if index > 0 else None
        if previous is None:
            return 0
        return round(previous if self.positions[index].to_move == BLACK else -previous)

    def _fill_passes(self, index: int) -> None:
        """Once position ``index`` is known, a forced pass just before it takes its value."""
        if index == 0 or self.plies[index - 1] != PASS:
            return
        after = self._nodes[index]
        before = self._nodes[index - 1]
        if after.value is not None:
            before.value, before.exact = -after.value, after.exact

    def _review_moves_up_to(self, index: int) -> None:
        """Review every move whose result is known now that position ``index`` is analysed."""
        for ply in range(max(0, index - 2), min(index, len(self.plies))):
            square = self.plies[ply]
            if square == PASS or self.moves[ply] is not None:
                continue
            before = self._nodes[ply]
            position = self.positions[ply]
            if before.value is None:
                continue
            colour = position.to_move
            if square in before.values:
                played = before.values[square]
            else:
                after = self.value_for_black(ply + 1)
                if after is None:
                    continue
                played = after if colour == BLACK else -after
            self.moves[ply] = MoveReview(ply, colour, square, before.value, played, list(before.best), before.exact,
                                         len(position.legal_squares()), dict(before.values))

