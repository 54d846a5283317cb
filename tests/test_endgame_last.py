"""The unrolled solvers of the last few empties against a plain minimax, on random positions."""

from __future__ import annotations

import random

from game.ai import Job
from game.ai.endgame import Solver
from game.ai.last_square import LAST_SQUARE
from game.engine import final_score
from game.engine.bitboard import FLIPPERS, MASK64, Bitboard


def minimax(p: Bitboard, o: Bitboard, memo: dict[tuple[Bitboard, Bitboard], int] | None = None,
            passed: bool = False) -> int:
    """The exact score by minimax over every move (no pruning, no ordering), remembering positions: the reference."""
    memo = {} if memo is None else memo
    known = memo.get((p, o))
    if known is not None:
        return known
    empty = ~(p | o) & MASK64
    best = None
    for sq in range(64):
        if empty >> sq & 1:
            f = FLIPPERS[sq](p, o)
            if f:
                score = -minimax(o ^ f, p | f | (1 << sq), memo)
                best = score if best is None or score > best else best
    if best is None:
        best = final_score(p, o) if passed else -minimax(o, p, memo, True)
    memo[(p, o)] = best
    return best


def assert_fail_soft(score: int, exact: int, alpha: int, beta: int, where: object) -> None:
    """Fail-soft alpha-beta: exact inside the window, a bound on the right side outside it."""
    if alpha < exact < beta:
        assert score == exact, (where, alpha, beta)
    elif exact <= alpha:
        assert exact <= score <= alpha, (where, alpha, beta)
    else:
        assert beta <= score <= exact, (where, alpha, beta)


def random_position(rng: random.Random, empties: int) -> tuple[Bitboard, Bitboard]:
    """A random position with ``empties`` empty squares: random discs, often lopsided (passes, wipe-outs)."""
    squares = rng.sample(range(64), 64 - empties)
    share = rng.choice([0.5, 0.5, 0.8, 0.95, 1.0])
    p = o = 0
    for sq in squares:
        if rng.random() < share:
            p |= 1 << sq
        else:
            o |= 1 << sq
    return (p, o) if rng.random() < 0.5 else (o, p)


def test_the_last_empties_solvers_agree_with_minimax() -> None:
    rng = random.Random(23)
    windows = [(-64, 64), (-1, 1), (0, 1), (-1, 0), (10, 20), (-30, -10), (63, 64), (-64, -63)]
    for _ in range(1500):
        empties = rng.randint(0, 6)
        p, o = random_position(rng, empties)
        exact = minimax(p, o)
        for alpha, beta in windows:
            assert_fail_soft(Job(Solver().search(p, o, alpha, beta)).run(), exact, alpha, beta, (hex(p), hex(o)))


def test_the_last_square_scorers_agree_with_minimax_on_every_square() -> None:
    rng = random.Random(29)
    for sq in range(64):
        for _ in range(60):
            p, o = random_position(rng, 0)
            p &= ~(1 << sq)
            o &= ~(1 << sq)
            assert LAST_SQUARE[sq](p, o) == minimax(p, o), (sq, hex(p), hex(o))
