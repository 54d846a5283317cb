"""Evaluation functions: a position's predicted final disc difference for the side to move.

All evaluations return an int in hundredths of a disc (``DISC`` = 100), so
exact endgame scores (``final * DISC``) and estimates share one scale.

``HeuristicEvaluation`` is the hand-written baseline: mobility, potential
mobility, corners, X- and C-squares, edge stability and parity. The trained
pattern evaluation (``game.ai.patterns``) is measured against it, and the
game plays with it when the trained weights file is damaged.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Protocol

from game.engine.bitboard import Bitboard, legal_moves

DISC = 100
"""Evaluation units per disc."""

CORNER_MASK: Bitboard = 0x8100000000000081
X_SQUARES = ((9, 0), (14, 7), (49, 56), (54, 63))
"""(X-square, its corner): the diagonal neighbours of the corners."""
C_SQUARES = ((1, 0), (8, 0), (6, 7), (15, 7), (48, 56), (57, 56), (55, 63), (62, 63))
"""(C-square, its corner): the edge neighbours of the corners."""


class Evaluation(Protocol):
    """Anything that scores a position for the side to move in ``DISC`` units."""

    name: str

    def __call__(self, player: Bitboard, opponent: Bitboard) -> int: ...


def _neighbours(bb: Bitboard) -> Bitboard:
    """Squares next to any square of ``bb`` (8 directions, no wrap)."""
    left = (bb >> 1) & 0x7F7F7F7F7F7F7F7F
    right = (bb << 1) & 0xFEFEFEFEFEFEFEFE
    row = bb | left | right
    return (row | (row << 8) | (row >> 8)) & 0xFFFFFFFFFFFFFFFF


def _edge_anchored(discs: Bitboard) -> Bitboard:
    """Discs on an edge joined to an owned corner by an unbroken line of the same colour."""
    anchored = 0
    for corner, steps in ((0, (1, 8)), (7, (-1, 8)), (56, (1, -8)), (63, (-1, -8))):
        if not discs >> corner & 1:
            continue
        for step in steps:
            sq = corner
            for _ in range(8):
                if not discs >> sq & 1:
                    break
                anchored |= 1 << sq
                sq += step
    return anchored


class HeuristicEvaluation:
    """The hand-written baseline evaluation.

    >>> from game.engine import Position
    >>> pos = Position.start()
    >>> HeuristicEvaluation()(pos.player, pos.opponent)
    0
    """

    name = "heuristic"

    def __call__(self, player: Bitboard, opponent: Bitboard) -> int:
        occupied = player | opponent
        empty = ~occupied & 0xFFFFFFFFFFFFFFFF
        n_empty = empty.bit_count()
        my_moves = legal_moves(player, opponent).bit_count()
        their_moves = legal_moves(opponent, player).bit_count()
        # mobility as a ratio, so it matters as much with few moves as with many
        mobility = 100 * (my_moves - their_moves) // (my_moves + their_moves + 2)

        near_empty = _neighbours(empty)
        frontier = (opponent & near_empty).bit_count() - (player & near_empty).bit_count()

        corners = (player & CORNER_MASK).bit_count() - (opponent & CORNER_MASK).bit_count()
        danger = 0
        for square, corner in X_SQUARES:
            if not occupied >> corner & 1:
                danger += 2 * ((opponent >> square & 1) - (player >> square & 1))
        for square, corner in C_SQUARES:
            if not occupied >> corner & 1:
                danger += (opponent >> square & 1) - (player >> square & 1)

        stable = _edge_anchored(player).bit_count() - _edge_anchored(opponent).bit_count()
        parity = 1 if n_empty & 1 else -1
        discs = player.bit_count() - opponent.bit_count()

        # weights shift from position to material as the board fills
        if n_empty > 40:
            score = 9 * mobility + 60 * frontier + 800 * corners + 250 * danger + 80 * stable - 10 * discs
        elif n_empty > 18:
            score = 7 * mobility + 40 * frontier + 700 * corners + 200 * danger + 120 * stable + 30 * parity
        else:
            score = 4 * mobility + 15 * frontier + 500 * corners + 100 * danger + 150 * stable + 100 * discs
            score += 100 * parity
        return score

    def warm_up_steps(self) -> Iterator[None]:
        """Nothing to prepare (the same call as the pattern evaluation's, so either can warm up)."""
        return iter(())

    def warm_up(self) -> None:
        """Nothing to prepare."""
