"""The last empty square's scorers, generated: the final score with one square left, by counting flips only.

``LAST_SQUARE[sq](p, o)`` is the exact solver's leaf (``endgame.Solver`` and its unrolled
``_solve2``): no board is built, only the final disc count. Each function is generated from the
same ray tests as the flip functions (``game.engine.bitboard.ray_tests``) and compiled when first
called (``game.engine.generated``).

>>> from game.engine import Position
>>> pos = Position.from_text("XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXOO- X")
>>> LAST_SQUARE[63](pos.player, pos.opponent)
64
"""

from __future__ import annotations

from collections.abc import Callable

from game.engine.bitboard import Bitboard, ray_tests
from game.engine.generated import Generated, GeneratedTable, compiled

__all__ = ["LAST_SQUARE", "LAST_SQUARE_FUNCTIONS"]


def _make_last_square(square: int) -> Generated:
    """The score with ``square`` the only empty one, ``p`` to move (not counted: the caller counts it).

    Generated like the flip functions, but it only counts the flips, and it
    tries the opponent's move in the same function when ``p`` has none: at
    the last square no board is needed, only the final disc count.
    """

    def count(run: list[int]) -> str:
        return f"n += {len(run)}"

    lines = [
        "def last(p, o):",
        "    n = 0",
        *ray_tests(square, "p", "o", count, "    "),
        "    if n:",
        "        return 2 * (p.bit_count() + n) - 62",  # p's discs, the flipped ones and the new one
        *ray_tests(square, "o", "p", count, "    "),
        "    if n:",
        "        return 2 * (p.bit_count() - n) - 64",
        # nobody can play the last square: it goes to the winner
        "    diff = 2 * p.bit_count() - 63",
        "    return diff + 1 if diff > 0 else diff - 1",
    ]
    return compiled("\n".join(lines), "last", f"<last square {square}>")


LAST_SQUARE_FUNCTIONS = GeneratedTable(_make_last_square, 64)
"""The scorers, each compiled when first called (or by the warm-up: ``LAST_SQUARE_FUNCTIONS.compiling()``)."""
LAST_SQUARE: list[Callable[[Bitboard, Bitboard], int]] = LAST_SQUARE_FUNCTIONS.functions
"""``LAST_SQUARE[sq](p, o)``: the final score with ``sq`` the only empty square, ``p`` to move."""
