"""The search core: the shared budget, and results unchanged by the refactor into one core."""

from __future__ import annotations

import random
from collections.abc import Generator

import pytest

from game.ai import Job, level_by_name_or_index, think
from game.ai.budget import Budget, NodeLimitReached, OutOfTime
from game.ai.deepening import hard_limit
from game.ai.endgame import Solver
from game.ai.evaluation import HeuristicEvaluation
from game.ai.exact import solve
from game.ai.factory import build_search
from game.ai.search import INF
from game.engine import PASS, GameRecord, Position


def out_of_book(empties: int) -> Position:
    """A position with ``empties`` empty squares reached by seeded random play (far from any opening book)."""
    rng = random.Random(empties)
    record = GameRecord()
    while record.position.empty_count > empties or not record.position.legal_moves():
        if record.is_over():
            record = GameRecord()
        elif not record.position.legal_moves():
            record.play(PASS)
        else:
            record.play(rng.choice(record.position.legal_squares()))
    return record.position


class StepClock:
    """A clock that moves on a fixed step each time it is read."""

    def __init__(self, step: float) -> None:
        self.now = 0.0
        self.step = step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


# Root results at fixed depths with the hand-written evaluation (so new trained weights do not move
# them), recorded with the search as it was before the midgame search and the solver shared one core.
BEFORE = [
    ("f5d6c3d3c4f4f6f3e6e7", [(3, 53, -40), (5, 53, 14)],
     {10: -386, 11: -164, 12: -211, 13: -266, 14: -809, 20: -210, 30: -386, 42: -218, 51: -155, 53: -40, 59: -164}),
    ("f5f6e6f4g5e7f7h5", [(3, 60, 133), (5, 19, 102)],
     {18: -60, 19: 38, 20: -34, 21: -170, 30: -26, 31: 25, 51: 70, 59: 42, 60: 133}),
    ("c4e3f6e6f5c5c3", [(3, 42, -80), (5, 42, -116)],
     {10: -563, 17: -374, 25: -221, 30: -297, 38: -140, 42: -80, 46: -406}),
    ("f5d6c3d3c4f4c5b3c2e6c6b4b5d2e3a6c1b1", [(3, 0, 1123), (5, 0, 1194)],
     {0: 1123, 9: -190, 16: 118, 21: 262, 22: 222, 24: 303, 30: 194, 32: 158, 38: 194, 45: 210, 50: 262,
      51: 240, 52: 170}),
]  # fmt: skip


@pytest.mark.parametrize("transcript,roots,values", BEFORE)
def test_fixed_depth_results_are_those_of_before_the_refactor(
    transcript: str, roots: list[tuple[int, int, int]], values: dict[int, int]
) -> None:
    position = GameRecord.from_transcript(transcript).position
    search = build_search(HeuristicEvaluation())
    for depth, move, score in roots:
        found, best, _ = Job(search.root(position.player, position.opponent, depth, -INF, INF)).run()
        assert (best, found) == (move, score)
    fresh = build_search(HeuristicEvaluation())
    assert Job(fresh.root_values(position.player, position.opponent, 3)).run() == values


def test_midgame_search_and_solver_share_one_budget() -> None:
    search = build_search(HeuristicEvaluation())
    assert search.solver.budget is search.budget
    position = GameRecord.from_transcript("f5d6c3d3c4f4f6f3e6e7").position
    Job(search.root(position.player, position.opponent, 4, -INF, INF)).run()
    assert search.nodes == search.budget.nodes == search.solver.nodes > 0


def test_a_slice_ends_at_the_first_check_after_its_deadline() -> None:
    # a whole Master think in 3 ms slices on a clock that moves 0.1 ms a read: every slice must
    # stop because the budget said the slice was spent, within a few reads of its end
    position = out_of_book(30)
    job = think(position, level_by_name_or_index("master"), node_budget=30_000)
    clock = StepClock(0.0001)
    job.budget.clock = clock
    slices = 0
    while not job.done:
        job.advance(3)
        slices += 1
        budget = job.budget
        assert budget.clock() - budget.slice_end < 0.0005 + 0.0001 * 5
        if not job.done:
            assert budget.hit == "slice"
    assert slices > 5
    assert job.result in position.legal_squares()


def test_the_hard_limit_stops_a_search_and_says_so() -> None:
    budget = Budget(StepClock(0.001))
    search = build_search(HeuristicEvaluation(), budget)
    position = GameRecord.from_transcript("f5d6c3d3c4f4").position
    budget.set_hard_limit(budget.clock() + 0.05)
    job = Job(search.root(position.player, position.opponent, 9, -INF, INF), budget)
    with pytest.raises(OutOfTime):
        job.run()
    assert budget.hit == "time"
    assert budget.clock() - budget.hard_limit < 0.01


def test_the_node_limit_stops_the_solver_and_says_so() -> None:
    solver = Solver()
    position = GameRecord.from_transcript("f5d6c3d3c4f4f6f3e6e7").position
    solver.budget.limit_nodes(500)
    with pytest.raises(NodeLimitReached):
        Job(solver.root(position.player, position.opponent)).run()
    assert solver.budget.hit == "nodes"
    # checked at every node from 7 empties on; below, a plain subtree of a few hundred nodes may finish
    assert 500 <= solver.nodes < 500 + 2000


def test_the_evaluated_ordering_at_many_empties_changes_no_score() -> None:
    evaluation = HeuristicEvaluation()
    for seed in (61, 62):
        position = out_of_book(13 + seed % 2)
        plain = solve(position.player, position.opponent, all_best=True)
        ordered = solve(position.player, position.opponent, all_best=True, evaluation=evaluation)
        assert (ordered.score, ordered.best) == (plain.score, plain.best)
        assert ordered.nodes != plain.nodes  # the evaluation did order the moves


def test_a_dropped_search_closed_later_leaves_the_next_moves_limit_alone() -> None:
    budget = Budget()

    def dropped_search() -> Generator[None, None, None]:
        with hard_limit(budget, 5.0):
            yield None

    search = dropped_search()
    next(search)
    assert budget.hard_limit == 5.0
    budget.set_hard_limit(100.0)  # the next move's own limit
    search.close()  # the dropped search is collected only now
    assert budget.hard_limit == 100.0
    nested = dropped_search()
    next(nested)
    nested.close()  # an undisturbed block restores what was there before it
    assert budget.hard_limit == 100.0
