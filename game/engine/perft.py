"""Perft: counting the leaf nodes of the game tree to a fixed depth.

A pass counts as a move, and a game that ends before the depth counts as
one leaf. From the start: 4, 12, 56, 244, 1396, 8200, 55092, 390216, ...

>>> [perft(Position.start(), d) for d in range(1, 6)]
[4, 12, 56, 244, 1396]
>>> perft(Position.start(), 5, bulk=False)
1396
"""

from __future__ import annotations

import time

from .bitboard import FLIPPERS, Bitboard, legal_moves
from .position import Position

CHECKED_DEPTH = 6
"""Subtrees this deep or shallower are counted without looking at the clock (milliseconds each)."""


class PerftTimeout(Exception):
    """A perft with a time limit ran past it."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"perft stopped at its time limit of {seconds:g} s")
        self.seconds = seconds


def perft(position: Position, depth: int, bulk: bool = True) -> int:
    """Leaf nodes ``depth`` plies ahead of ``position``.

    With ``bulk`` (the default) the last ply is counted from the legal-move
    bitboard instead of being played; without it every leaf move is made.
    """
    if depth < 0:
        raise ValueError("depth must be 0 or more")
    if depth == 0:
        return 1
    count = _perft_bulk if bulk else _perft_full
    return count(position.player, position.opponent, depth)


def timed_perft(position: Position, depth: int, seconds: float, bulk: bool = True) -> int:
    """``perft``, stopped with ``PerftTimeout`` once it has run ``seconds`` (checked between subtrees)."""
    if depth < 0:
        raise ValueError("depth must be 0 or more")
    if depth == 0:
        return 1
    count = _perft_bulk if bulk else _perft_full
    deadline = time.perf_counter() + seconds

    def split(p: Bitboard, o: Bitboard, depth: int) -> int:
        if depth <= CHECKED_DEPTH:
            return count(p, o, depth)
        if time.perf_counter() > deadline:
            raise PerftTimeout(seconds)
        moves = legal_moves(p, o)
        if not moves:
            return split(o, p, depth - 1) if legal_moves(o, p) else 1
        total = 0
        while moves:
            bit = moves & -moves
            moves ^= bit
            f = FLIPPERS[bit.bit_length() - 1](p, o)
            total += split(o ^ f, p | f | bit, depth - 1)
        return total

    return split(position.player, position.opponent, depth)


def _perft_bulk(p: Bitboard, o: Bitboard, depth: int) -> int:
    moves = legal_moves(p, o)
    if not moves:
        if depth == 1:
            return 1  # a pass or the end of the game: one leaf either way
        if legal_moves(o, p):
            return _perft_bulk(o, p, depth - 1)
        return 1
    if depth == 1:
        return moves.bit_count()
    flippers = FLIPPERS
    total = 0
    if depth == 2:
        mobility = legal_moves
        while moves:
            bit = moves & -moves
            moves ^= bit
            f = flippers[bit.bit_length() - 1](p, o)
            child_moves = mobility(o ^ f, p | f | bit)
            total += child_moves.bit_count() if child_moves else 1
        return total
    while moves:
        bit = moves & -moves
        moves ^= bit
        f = flippers[bit.bit_length() - 1](p, o)
        total += _perft_bulk(o ^ f, p | f | bit, depth - 1)
    return total


def _perft_full(p: Bitboard, o: Bitboard, depth: int) -> int:
    moves = legal_moves(p, o)
    if not moves:
        if legal_moves(o, p):
            return 1 if depth == 1 else _perft_full(o, p, depth - 1)
        return 1
    flippers = FLIPPERS
    total = 0
    if depth == 1:
        while moves:
            bit = moves & -moves
            moves ^= bit
            f = flippers[bit.bit_length() - 1](p, o)
            child_player, child_opponent = o ^ f, p | f | bit
            if child_player | child_opponent:
                total += 1
        return total
    while moves:
        bit = moves & -moves
        moves ^= bit
        f = flippers[bit.bit_length() - 1](p, o)
        total += _perft_full(o ^ f, p | f | bit, depth - 1)
    return total
