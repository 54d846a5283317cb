"""The solver's middle levels (7-11 empties, and the searched order lowered to them) against minimax, and the
orderings they rely on."""

from __future__ import annotations

import random
from collections.abc import Generator

import pytest

from game.ai import Job, endgame, ordering, search
from game.ai.deepening import Engine
from game.ai.endgame import DEEP_TT_EMPTIES, SolveMode, Solver
from game.ai.evaluation import DISC, HeuristicEvaluation
from game.ai.exact import solve
from game.ai.factory import build_search
from game.ai.ordering import (
    EVALUATED_REPLY_WEIGHT,
    TABLE_MOVE_KEY,
    ChildSearch,
    _parity_sorted,
    evaluated_fastest_first,
    fastest_first_endgame,
    parity_order,
    searched,
)
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
            assert_fail_soft(Job(solver.search(p, o, alpha, beta)).run(), exact, alpha, beta, (hex(p), hex(o)))


def test_ordering_by_a_shallow_search_changes_no_score(monkeypatch: pytest.MonkeyPatch) -> None:
    # the searched order brought down to 8 empties, where minimax can check it
    monkeypatch.setattr(endgame, "SEARCHED_ORDER_EMPTIES", 8)
    rng = random.Random(43)
    windows = [(-64, 64), (-1, 1), (0, 1), (9, 10), (-21, -20), (20, 40), (62, 64)]
    for _ in range(12):
        p, o = random_position(rng, rng.randint(8, 10))
        exact = minimax(p, o, {})
        midgame = build_search(HeuristicEvaluation())
        assert midgame.solver.order_search == midgame.pvs
        depths: list[int] = []
        midgame.solver.order_search = counted_search(midgame.pvs, depths)
        for alpha, beta in windows:
            score = Job(midgame.solver.search(p, o, alpha, beta)).run()
            assert_fail_soft(score, exact, alpha, beta, (hex(p), hex(o)))
        if legal_moves(p, o):
            assert depths, "the children were not ordered by the search"


def scripted_search(
    p: int, o: int, values: dict[int, int], windows: list[tuple[int, int, int]]
) -> ChildSearch:
    """A stand-in for the shallow search of ``(p, o)``'s children: each child's value is ``values`` of its move."""

    def search(cp: int, co: int, depth: int, alpha: int, beta: int) -> Generator[None, None, int]:
        windows.append((depth, alpha, beta))
        yield None  # a slice pause: the ordering must pass it on
        (sq,) = [s for s in range(64) if (cp | co) >> s & 1 and not (p | o) >> s & 1]
        return values[sq]

    return search


def test_the_searched_order_sorts_by_each_childs_value_and_replies() -> None:
    rng = random.Random(44)
    for _ in range(50):
        p, o = random_position(rng, rng.randint(14, 40))
        moves = legal_moves(p, o)
        if not moves:
            continue
        table_move = rng.choice([-1, *[sq for sq in range(64) if moves >> sq & 1]])
        values = {sq: rng.randint(-30, 30) * DISC for sq in range(64)}
        windows: list[tuple[int, int, int]] = []
        gen = searched(p, o, moves, table_move, scripted_search(p, o, values, windows), 2, -5 * DISC, 7 * DISC)
        pauses = 0
        while True:
            try:
                next(gen)
                pauses += 1
            except StopIteration as done:
                children = done.value
                break
        searched_children = moves.bit_count() - (table_move >= 0)
        assert pauses == searched_children
        assert windows == [(2, -7 * DISC, 5 * DISC)] * searched_children
        for sq, f, replies in children:
            assert f == FLIPPERS[sq](p, o)
            assert replies == legal_moves(o ^ f, p | f | (1 << sq))
        keys = [TABLE_MOVE_KEY if sq == table_move else values[sq] + EVALUATED_REPLY_WEIGHT * replies.bit_count()
                for sq, _, replies in children]
        assert keys == sorted(keys)
        assert sorted(sq for sq, _, _ in children) == [sq for sq in range(64) if moves >> sq & 1]


def counted_search(search: ChildSearch, depths: list[int]) -> ChildSearch:
    """``search``, noting the depth of each call in ``depths``."""

    def counted(p: int, o: int, depth: int, alpha: int, beta: int) -> Generator[None, None, int]:
        depths.append(depth)
        return search(p, o, depth, alpha, beta)

    return counted


def test_solve_orders_by_its_guess_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(endgame, "SEARCHED_ORDER_EMPTIES", 9)
    rng = random.Random(45)
    for _ in range(3):
        p, o = random_position(rng, 11)
        depths: list[int] = []
        guess = Engine(build_search(HeuristicEvaluation()))
        monkeypatch.setattr(guess.search, "pvs", counted_search(guess.search.pvs, depths))
        result = solve(p, o, all_best=False, guess_engine=guess)
        assert result.score == minimax(p, o, {})
        if legal_moves(p, o):
            # first_guess's deepening asks for 2 plies at most once; every other call ordered a node's children
            assert depths.count(endgame.ORDER_SEARCH_DEPTH) > 1


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


def parity_rank(empty: int, sq: int) -> tuple[int, int, int]:
    """What the parity order sorts ``sq`` by: odd region first, then the region's empties, then square priority."""
    (region,) = [mask for mask in ordering.QUADRANT_MASKS if mask >> sq & 1]
    size = (empty & region).bit_count()
    return (0 if size & 1 else 1, size, ordering.SQUARE_PRIORITY[sq])


def test_the_parity_order_puts_odd_then_smaller_regions_first() -> None:
    rng = random.Random(46)
    for _ in range(500):
        empty = 0
        for sq in rng.sample(range(64), rng.randint(1, 10)):
            empty |= 1 << sq
        ranks = [parity_rank(empty, sq) for sq in _parity_sorted(empty)]
        assert ranks == sorted(ranks), hex(empty)


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


def test_a_full_table_replaced_deep_in_the_tree_keeps_each_table_to_its_own_empties() -> None:
    # Tiny tables fill again and again; a node that read a table before its subtree replaced it must store
    # into the table in use now (neither into the retired one nor into the other depth's table).
    rng = random.Random(7)
    for _ in range(4):
        p, o = random_position(rng, 15)
        solver = Solver(tt_limit=16)
        exact = Job(Solver().root(p, o, SolveMode.BEST, -64, 64)).run()[0]
        assert Job(solver.root(p, o, SolveMode.BEST, -64, 64)).run()[0] == exact
        empties = [64 - (a | b).bit_count() for a, b in solver.tt]
        shallow = [64 - (a | b).bit_count() for a, b in solver.tt_shallow]
        assert all(n >= DEEP_TT_EMPTIES for n in empties), empties
        assert all(n < DEEP_TT_EMPTIES for n in shallow), shallow
        assert len(solver.tt) <= 16 and len(solver.tt_shallow) <= 16


def test_the_root_is_remembered_and_its_best_move_searched_first_next_time() -> None:
    rng = random.Random(42)
    for _ in range(20):
        p, o = random_position(rng, rng.randint(8, 13))
        if not legal_moves(p, o):
            continue
        # minimax past 10 empties takes minutes; there a fresh full-window solve (checked against it
        # elsewhere) is the reference
        empties = 64 - (p | o).bit_count()
        exact = minimax(p, o, {}) if empties <= 10 else Job(Solver().root(p, o, SolveMode.BEST, -64, 64)).run()[0]
        solver = Solver()
        score, best, _ = Job(solver.root(p, o, SolveMode.BEST, exact - 1, exact + 1)).run()
        assert score == exact
        table = solver.tt if 64 - (p | o).bit_count() >= DEEP_TT_EMPTIES else solver.tt_shallow
        entry = table[(p, o)]
        assert (entry[1], entry[2], entry[3]) == (exact, exact, best[0])
        # the next window's search tries that move first, so it is the one found again
        assert Job(solver.root(p, o, SolveMode.BEST, exact - 3, exact + 3)).run()[:2] == (exact, best)
