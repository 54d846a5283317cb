"""Bitboard primitives: legal moves and flips on two 64-bit ints.

Bit ``row * 8 + col`` is the square in column ``col`` (a=0 .. h=7) and row
``row`` (1=0 .. 8=7), so a1 (top-left) is bit 0, h1 is bit 7 and h8 is bit 63.
A side's discs are one int; ``player`` is the side to move, ``opponent`` the
other. Every function here is pure and works on plain ints.

The flip functions are generated, one per square, with the rays of that
square unrolled into nested ``if`` tests on literal masks; each is compiled
when first called (``game.engine.generated``), not at import. In CPython a
bitwise test against a constant is about the cheapest thing there is, and
most runs are one or two discs long, so this is several times faster than a
loop over directions.

>>> start_player, start_opponent = 0x0000000810000000, 0x0000001008000000
>>> squares_of(legal_moves(start_player, start_opponent))
[19, 26, 37, 44]
>>> bin(flips(start_player, start_opponent, 19))
'0b1000000000000000000000000000'
"""

from __future__ import annotations

from collections.abc import Callable

from .generated import Generated, GeneratedTable, compiled

Bitboard = int
"""A set of squares, one bit per square (bit 0 = a1, bit 63 = h8)."""

MASK64: Bitboard = 0xFFFFFFFFFFFFFFFF
NOT_COL_A: Bitboard = 0xFEFEFEFEFEFEFEFE
NOT_COL_H: Bitboard = 0x7F7F7F7F7F7F7F7F
INNER_COLS: Bitboard = 0x7E7E7E7E7E7E7E7E
CORNERS: Bitboard = (1 << 0) | (1 << 7) | (1 << 56) | (1 << 63)

DIRECTIONS: tuple[tuple[int, int], ...] = (
    (-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)
)
"""The eight (row step, column step) directions."""


def popcount(bb: Bitboard) -> int:
    """Number of squares in ``bb``."""
    return bb.bit_count()


def squares_of(bb: Bitboard) -> list[int]:
    """The square indices in ``bb``, lowest first."""
    found: list[int] = []
    while bb:
        low = bb & -bb
        found.append(low.bit_length() - 1)
        bb ^= low
    return found


def legal_moves(player: Bitboard, opponent: Bitboard) -> Bitboard:
    """All squares where ``player`` may move: empty, and flanking a run of ``opponent``.

    Eight directional fills; a run is at most six discs long, so each fill
    steps six times. Runs that would wrap around an edge are cut by masking
    the opponent with the inner six columns in the sideways directions.
    """
    empty = ~(player | opponent) & MASK64
    inner = opponent & INNER_COLS

    # Along a row (shift 1): runs must stay within columns b..g.
    t = inner & (player << 1)
    t |= inner & (t << 1)
    t |= inner & (t << 1)
    t |= inner & (t << 1)
    t |= inner & (t << 1)
    t |= inner & (t << 1)
    moves = t << 1
    t = inner & (player >> 1)
    t |= inner & (t >> 1)
    t |= inner & (t >> 1)
    t |= inner & (t >> 1)
    t |= inner & (t >> 1)
    t |= inner & (t >> 1)
    moves |= t >> 1

    # Along a column (shift 8): no wrap is possible.
    t = opponent & (player << 8)
    t |= opponent & (t << 8)
    t |= opponent & (t << 8)
    t |= opponent & (t << 8)
    t |= opponent & (t << 8)
    t |= opponent & (t << 8)
    moves |= t << 8
    t = opponent & (player >> 8)
    t |= opponent & (t >> 8)
    t |= opponent & (t >> 8)
    t |= opponent & (t >> 8)
    t |= opponent & (t >> 8)
    t |= opponent & (t >> 8)
    moves |= t >> 8

    # Diagonals (shifts 7 and 9).
    t = inner & (player << 7)
    t |= inner & (t << 7)
    t |= inner & (t << 7)
    t |= inner & (t << 7)
    t |= inner & (t << 7)
    t |= inner & (t << 7)
    moves |= t << 7
    t = inner & (player >> 7)
    t |= inner & (t >> 7)
    t |= inner & (t >> 7)
    t |= inner & (t >> 7)
    t |= inner & (t >> 7)
    t |= inner & (t >> 7)
    moves |= t >> 7
    t = inner & (player << 9)
    t |= inner & (t << 9)
    t |= inner & (t << 9)
    t |= inner & (t << 9)
    t |= inner & (t << 9)
    t |= inner & (t << 9)
    moves |= t << 9
    t = inner & (player >> 9)
    t |= inner & (t >> 9)
    t |= inner & (t >> 9)
    t |= inner & (t >> 9)
    t |= inner & (t >> 9)
    t |= inner & (t >> 9)
    moves |= t >> 9

    return moves & empty


def rays_from(square: int) -> list[list[int]]:
    """For each direction, the squares stepping out from ``square`` to the edge."""
    row, col = divmod(square, 8)
    rays = []
    for drow, dcol in DIRECTIONS:
        ray = []
        r, c = row + drow, col + dcol
        while 0 <= r < 8 and 0 <= c < 8:
            ray.append(r * 8 + c)
            r, c = r + drow, c + dcol
        rays.append(ray)
    return rays


def _ray_code(
    ray: list[int], depth: int, indent: str, me: str, them: str, closes: Callable[[list[int]], str]
) -> list[str]:
    """Nested tests for one ray whose first ``depth + 1`` squares hold ``them``'s discs.

    The next square either extends the run (another of their discs), closes
    it (one of ``me``'s: ``closes(run)`` is the statement then), or ends it
    (empty, or off the board).
    """
    if depth == len(ray) - 1:
        return [f"{indent}pass"]  # the run reaches the edge and closes nothing
    nxt = 1 << ray[depth + 1]
    return [
        f"{indent}if {them} & {nxt}:",
        *_ray_code(ray, depth + 1, indent + "    ", me, them, closes),
        f"{indent}elif {me} & {nxt}:",
        f"{indent}    {closes(ray[: depth + 1])}",
    ]


def ray_tests(square: int, me: str, them: str, closes: Callable[[list[int]], str], indent: str) -> list[str]:
    """Python source lines that walk every ray from ``square`` over the variables ``me`` and ``them`` (bitboards).

    Where a run of ``them``'s discs next to ``square`` is closed by one of
    ``me``'s, the statement ``closes(run)`` runs (``run`` lists the run's
    squares): a move on ``square`` by ``me`` flips exactly those runs. The
    generated flip functions below are built from it, and so is the solver's
    last-square scorer.
    """
    lines = []
    for ray in rays_from(square):
        if len(ray) < 2:
            continue
        lines.append(f"{indent}if {them} & {1 << ray[0]}:")
        lines += _ray_code(ray, 0, indent + "    ", me, them, closes)
    return lines


def squares_mask(squares: list[int]) -> Bitboard:
    """The bitboard of ``squares``.

    >>> squares_mask([0, 9, 63]) == (1 << 0) | (1 << 9) | (1 << 63)
    True
    """
    mask = 0
    for sq in squares:
        mask |= 1 << sq
    return mask


def _make_flip_function(square: int) -> Generated:
    lines = ["def flip(p, o):", "    f = 0"]
    lines += ray_tests(square, "p", "o", lambda run: f"f |= {squares_mask(run)}", "    ")
    lines.append("    return f")
    return compiled("\n".join(lines), "flip", f"<flip {square}>")


FLIP_FUNCTIONS = GeneratedTable(_make_flip_function, 64)
"""The flip functions, each compiled when first called (or by the AI's warm-up: ``FLIP_FUNCTIONS.compiling()``)."""
FLIPPERS: list[Callable[[Bitboard, Bitboard], Bitboard]] = FLIP_FUNCTIONS.functions
"""``FLIPPERS[sq](player, opponent)`` is the bitboard of discs a move on ``sq`` flips."""


def flips(player: Bitboard, opponent: Bitboard, square: int) -> Bitboard:
    """The opponent discs that a move by ``player`` on ``square`` turns over.

    Zero means the move is illegal (the square must also be empty).
    """
    return FLIPPERS[square](player, opponent)
