"""The board's eight symmetries, numbered once for the whole game (book, explorer, library, openings, patterns).

Squares are ``row * 8 + column`` (a1 is 0, h8 is 63). Symmetry ``s`` maps a
square's (row, column) as ``SYMMETRY_MAPS[s]`` says: 0 is the identity, 1
mirrors the columns (a <-> h), 2 the rows (1 <-> 8), 3 both (a half turn),
4 reflects in the a1-h8 diagonal, 5-7 are 1-3 followed by that reflection.
``images`` computes all eight images of a bitboard with byte and delta swaps
(fast enough for the explorer's index); ``image_of`` and ``map_square`` are
the plain definitions, for training and tests.

>>> from game.engine.notation import parse_square, square_name
>>> [square_name(map_square(s, parse_square("b1"))) for s in range(8)]
['b1', 'g1', 'b8', 'g8', 'a2', 'a7', 'h2', 'h7']
>>> images(1 << parse_square("b1"))[5] == 1 << parse_square("a7")
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .bitboard import Bitboard

SYMMETRY_MAPS: tuple[Callable[[int, int], tuple[int, int]], ...] = (
    lambda r, c: (r, c),
    lambda r, c: (r, 7 - c),
    lambda r, c: (7 - r, c),
    lambda r, c: (7 - r, 7 - c),
    lambda r, c: (c, r),
    lambda r, c: (7 - c, r),
    lambda r, c: (c, 7 - r),
    lambda r, c: (7 - c, 7 - r),
)
"""Symmetry ``s`` as a map of (row, column), in the numbering ``images`` uses."""

_REVERSED_BYTE = bytes(int(f"{b:08b}"[::-1], 2) for b in range(256))


def _mirror(b: Bitboard) -> Bitboard:
    """Columns reversed (a <-> h)."""
    return int.from_bytes(b.to_bytes(8, "little").translate(_REVERSED_BYTE), "little")


def _flip(b: Bitboard) -> Bitboard:
    """Rows reversed (1 <-> 8)."""
    return int.from_bytes(b.to_bytes(8, "little"), "big")


def _transpose(b: Bitboard) -> Bitboard:
    """Reflected in the a1-h8 diagonal: (row, column) -> (column, row)."""
    t = 0x0F0F0F0F00000000 & (b ^ (b << 28))
    b ^= t ^ (t >> 28)
    t = 0x3333000033330000 & (b ^ (b << 14))
    b ^= t ^ (t >> 14)
    t = 0x5500550055005500 & (b ^ (b << 7))
    return b ^ t ^ (t >> 7)


def images(b: Bitboard) -> tuple[Bitboard, ...]:
    """The bitboard under the 8 symmetries, in order (``images(b)[s]`` is its image under ``s``)."""
    m = _mirror(b)
    f = _flip(b)
    mf = _flip(m)
    return b, m, f, mf, _transpose(b), _transpose(m), _transpose(f), _transpose(mf)


def map_square(symmetry: int, square: int) -> int:
    """The image of ``square`` under symmetry number ``symmetry``."""
    r, c = SYMMETRY_MAPS[symmetry](square // 8, square % 8)
    return r * 8 + c


def image_of(symmetry: int, b: Bitboard) -> Bitboard:
    """The image of a bitboard under one symmetry, square by square (slow; ``images`` is the fast way)."""
    out = 0
    for square in range(64):
        if b >> square & 1:
            out |= 1 << map_square(symmetry, square)
    return out


SQUARE_IMAGE: tuple[tuple[int, ...], ...] = tuple(
    tuple(map_square(s, square) for square in range(64)) for s in range(8)
)
"""``SQUARE_IMAGE[s][square]``: where symmetry ``s`` takes a square."""
SQUARE_SOURCE: tuple[tuple[int, ...], ...] = tuple(
    tuple(row.index(square) for square in range(64)) for row in SQUARE_IMAGE
)
"""``SQUARE_SOURCE[s][square]``: the square that symmetry ``s`` takes to ``square``."""


def canonical(player: Bitboard, opponent: Bitboard) -> tuple[Bitboard, Bitboard, list[int]]:
    """The least image of a position under the 8 symmetries, and every symmetry that gives it.

    Positions are compared as (player, opponent); more than one symmetry
    gives the least image when the position is symmetric itself.
    """
    best = (-1, -1)
    found: list[int] = []
    for s, pair in enumerate(zip(images(player), images(opponent), strict=True)):
        if best[0] < 0 or pair < best:
            best, found = pair, [s]
        elif pair == best:
            found.append(s)
    return best[0], best[1], found


def canonical_move(symmetries: Sequence[int], square: int) -> int:
    """The one name of a move in the canonical image (the least of its images under ``symmetries``)."""
    return min(SQUARE_IMAGE[s][square] for s in symmetries)
