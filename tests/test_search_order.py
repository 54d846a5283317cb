"""The midgame search's move ordering (issue 23): it changes how fast a score is found, never the score."""

from __future__ import annotations

from collections.abc import Callable, Generator

import pytest

from game.ai.evaluation import DISC, HeuristicEvaluation
from game.ai.evaluation_choice import Evaluator
from game.ai.factory import build_search, new_engine
from game.ai.ordering import SQUARE_GROUPS
from game.ai.search import INF
from game.engine import final_score
from game.engine.bitboard import FLIPPERS, Bitboard, legal_moves
from tests.test_search_core import out_of_book


def negamax(p: Bitboard, o: Bitboard, depth: int, evaluate: Callable[[Bitboard, Bitboard], int]) -> int:
    """Plain minimax to ``depth`` (a pass is no ply, as in the search), the reference score."""
    if depth == 0:
        return evaluate(p, o)
    moves = legal_moves(p, o)
    if not moves:
        if not legal_moves(o, p):
            return final_score(p, o) * DISC
        return -negamax(o, p, depth, evaluate)
    best = -INF
    while moves:
        bit = moves & -moves
        moves ^= bit
        f = FLIPPERS[bit.bit_length() - 1](p, o)
        best = max(best, -negamax(o ^ f, p | f | bit, depth - 1, evaluate))
    return best


def run(search: Generator[None, None, tuple[int, int, dict[int, int]]]) -> tuple[int, int, dict[int, int]]:
    """A search's result, run to its end."""
    try:
        while True:
            next(search)
    except StopIteration as stop:
        return stop.value


def test_the_last_plys_square_groups_cover_the_board_once() -> None:
    assert sum(group.bit_count() for group in SQUARE_GROUPS) == 64
    union = 0
    for group in SQUARE_GROUPS:
        union |= group
    assert union == (1 << 64) - 1


@pytest.mark.parametrize("empties", [30, 36, 44])
@pytest.mark.parametrize("depth", [3, 4])
def test_fixed_depth_scores_are_minimaxs(empties: int, depth: int) -> None:
    evaluation = HeuristicEvaluation()
    position = out_of_book(empties)
    p, o = position.player, position.opponent
    score, move, _ = run(build_search(evaluation).root(p, o, depth, -INF, INF))
    assert score == negamax(p, o, depth, evaluation)
    f = FLIPPERS[move](p, o)
    assert -negamax(o ^ f, p | f | (1 << move), depth - 1, evaluation) == score


def test_deepening_without_multi_probcut_keeps_the_fixed_depth_score() -> None:
    evaluation = HeuristicEvaluation()
    position = out_of_book(34)
    p, o = position.player, position.opponent
    engine = new_engine(Evaluator.HEURISTIC, mpc=False)
    deepening = engine.deepen(p, o, 4, None, 0.0)
    try:
        while True:
            next(deepening)
    except StopIteration as stop:
        decision = stop.value
    assert decision.depth == 4
    assert decision.value == negamax(p, o, 4, evaluation)
