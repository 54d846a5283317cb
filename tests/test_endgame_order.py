"""The solver's middle levels (7-11 empties) against minimax, and the orderings they rely on."""

from __future__ import annotations

import random

import pytest

from game.ai import ordering, search
from game.ai.endgame import DEEP_TT_EMPTIES, Solver, run_to_end
from game.ai.ordering import _parity_sorted, evaluated_fastest_first, fastest_first_endgame, parity_order
from game.ai.table import TABLE_LIMIT
from game.engine.bitboard import FLIPPERS, MASK64, legal_moves
from tests.test_endgame_last import assert_fail_soft, minimax, random_position


def test_the_middle_levels_agree_with_minimax() -> None:
    rng = random.Random(40)
    windows = [(-64, 64), (-1, 1), (0, 1), (9, 10), (-21, -20), (20, 40), (62, 64)]
    for _ in range(30):
        empties = rng.randint(7, 10)
        p, o = random_position(rng, empties)
        exact = minimax(p, o, {})
        solver = Solver()  # one solver for every window: its tables carry bounds from one search to the next
        for alpha, beta in windows:
            assert_fail_soft(run_to_end(solver.search(p, o, alpha, beta)), exact, alpha, beta, (hex(p), hex(o)))


@pytest.mark.parametrize("evaluated", [False, True])
def test_the_endgame_orderings_count_each_childs_replies(evaluated: bool) -> None:
    rng = random.Random(41)
    for _ in range(200):
        p, o = random_position(rng, rng.randint(8, 30))
        moves = legal_moves(p, o)
        table_move = rng.choice([-1, *[sq for sq in range(64) if moves >> sq & 1]])
        if evaluated:
            children = evaluated_fastest_first(p, o, moves, table_move, lambda a, b: a.bit_count() - b.bit_count())
        else:
            children = fastest_first_endgame(p, o, moves, table_move)
        assert sorted(sq for sq, _, _ in children) == [sq for sq in range(64) if moves >> sq & 1]
        if table_move >= 0:
            assert children[0][0] == table_move
        for sq, f, replies in children:
            assert f == FLIPPERS[sq](p, o)
            assert replies == legal_moves(o ^ f, p | f | (1 << sq))


def test_the_parity_order_is_remembered_within_its_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ordering, "PARITY_CACHE_LIMIT", 50)
    monkeypatch.setattr(ordering, "_parity_cache", {})
    rng = random.Random(42)
    for _ in range(300):
        empty = 0
        for sq in rng.sample(range(64), rng.randint(1, 12)):
            empty |= 1 << sq
        order = parity_order(empty)
        assert order == _parity_sorted(empty) == parity_order(empty)
        assert sorted(order) == [sq for sq in range(64) if empty >> sq & 1]
        assert len(ordering._parity_cache) <= 50


def test_the_packed_move_generation_agrees_with_legal_moves() -> None:
    rng = random.Random(43)
    for _ in range(40):
        lanes = rng.randint(1, 64)
        boards = [random_position(rng, rng.randint(1, 60)) for _ in range(lanes)]
        packed_p = sum(p << ordering.LANE * i for i, (p, _) in enumerate(boards))
        packed_o = sum(o << ordering.LANE * i for i, (_, o) in enumerate(boards))
        moves = ordering._lane_moves(packed_p, packed_o, lanes)
        for p, o in boards:
            assert moves & MASK64 == legal_moves(p, o), (hex(p), hex(o))
            moves >>= ordering.LANE
        assert moves == 0


def test_the_solvers_tables_stop_below_a_dicts_big_growth() -> None:
    # the same limit as the midgame search's tables (tests/test_slices.py measures that growth)
    assert Solver().tt_limit == TABLE_LIMIT == search.TABLE_LIMIT


def test_the_root_is_remembered_and_its_best_move_searched_first_next_time() -> None:
    rng = random.Random(42)
    for _ in range(20):
        p, o = random_position(rng, rng.randint(8, 13))
        if not legal_moves(p, o):
            continue
        # minimax past 10 empties takes minutes; there a fresh full-window solve (checked against it
        # elsewhere) is the reference
        empties = 64 - (p | o).bit_count()
        exact = minimax(p, o, {}) if empties <= 10 else run_to_end(Solver().root(p, o, "best", -64, 64))[0]
        solver = Solver()
        score, best, _ = run_to_end(solver.root(p, o, "best", exact - 1, exact + 1))
        assert score == exact
        table = solver.tt if 64 - (p | o).bit_count() >= DEEP_TT_EMPTIES else solver.tt_shallow
        entry = table[(p, o)]
        assert (entry[1], entry[2], entry[3]) == (exact, exact, best[0])
        # the next window's search tries that move first, so it is the one found again
        assert run_to_end(solver.root(p, o, "best", exact - 3, exact + 3))[:2] == (exact, best)
