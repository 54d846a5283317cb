"""The explorer's position index: every position of the first ``PLIES`` moves of every master game.

For each position before one of the first ``PLIES`` moves of a game, the
index keeps every move played there with the number of games and the sum of
their results for the player making it (Black's recorded disc difference,
negated for White: the FFO rule, empty squares to the winner). Positions are
kept as the games reached them (all from f5) and folded under the 8 symmetries
of the board when they are looked up, with the game's one set of symmetry tables
(``game.engine.symmetry``: ``images``, ``SQUARE_SOURCE``): the 8 images of the position
asked about are looked up and added up, so transpositions and mirror images
count as one position, as in the opening book. Folding at lookup costs 8
bisections (microseconds) and saves canonicalising 1.6 million positions
(about 16 us each) when the index is built.

There is one sorted table per ply (a position before move ``k`` has exactly
``4 + k`` discs), searched by bisection. ``game.library.index_builder`` builds it
from a ``GameTable`` in bounded steps; ``game.library.index_file`` writes and reads
its cache file.

Pure Python; nothing here imports pygame.
"""

from __future__ import annotations

import array
from dataclasses import dataclass

from game.engine.bitboard import Bitboard
from game.engine.symmetry import SQUARE_SOURCE, images

PLIES = 30
"""The index covers the positions before each of the first 30 moves of every game."""


@dataclass(frozen=True, slots=True)
class PlyTable:
    """The positions of one ply: sorted keys (player, opponent interleaved), move ranges and move columns."""

    keys: array.array[int]
    starts: list[int]
    squares: bytes
    games: array.array[int]
    sums: array.array[int]

    def __len__(self) -> int:
        return len(self.keys) // 2

    def find(self, player: Bitboard, opponent: Bitboard) -> int:
        """The position's row, or -1."""
        keys = self.keys
        lo, hi = 0, len(keys) // 2
        target = (player, opponent)
        while lo < hi:
            mid = (lo + hi) // 2
            pair = (keys[2 * mid], keys[2 * mid + 1])
            if pair < target:
                lo = mid + 1
            elif pair > target:
                hi = mid
            else:
                return mid
        return -1


@dataclass(frozen=True)
class PositionIndex:
    """Per ply, the positions master games reached (as they reached them) and the moves played there."""

    plies: int
    games: int
    """How many games went into the index."""
    stamp: str
    """The games file's stamp (``GameTable.stamp``)."""
    tables: list[PlyTable]
    skipped: int = 0
    """Games left out at the first illegal move (the rest of such a game is not counted)."""

    @property
    def positions(self) -> int:
        """Number of positions in the index (mirror images reached in different games counted apiece)."""
        return sum(len(table) for table in self.tables)

    def lookup(self, player: Bitboard, opponent: Bitboard) -> dict[int, tuple[int, int]] | None:
        """Moves played in this position: square -> (games, sum of the mover's results), in its own orientation.

        The tables keep positions as the games reached them; the position's 8
        images are looked up and what they hold is added up, each move mapped
        back to this orientation. So mirror images and transpositions count
        as one position, and a move that the position's own symmetry makes
        equal to others is listed under each of them with their combined
        counts (as the opening book lists them). ``{}`` when no game reached
        the position; ``None`` when it is beyond the index's plies.
        """
        ply = (player | opponent).bit_count() - 4
        if not 0 <= ply < len(self.tables):
            return None
        table = self.tables[ply]
        by_image: dict[tuple[Bitboard, Bitboard], list[int]] = {}
        for s, pair in enumerate(zip(images(player), images(opponent), strict=True)):
            by_image.setdefault(pair, []).append(s)
        found: dict[int, list[int]] = {}
        for (p, o), symmetries in by_image.items():
            row = table.find(p, o)
            if row < 0:
                continue
            for at in range(table.starts[row], table.starts[row + 1]):
                for square in {SQUARE_SOURCE[s][table.squares[at]] for s in symmetries}:
                    entry = found.setdefault(square, [0, 0])
                    entry[0] += table.games[at]
                    entry[1] += table.sums[at]
        return {square: (games, total) for square, (games, total) in found.items()}
