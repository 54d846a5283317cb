"""The explorer's position index: every position of the first ``PLIES`` moves of every master game.

For each position before one of the first ``PLIES`` moves of a game, folded
under the 8 symmetries of the board exactly as the opening book folds them
(``game.ai.book.canonical``: the least image, compared as (mover's discs,
other side's discs), and each move named by ``canonical_move``), the index
keeps every move played there with the number of games and the sum of their
results for the player making it (Black's recorded disc difference, negated
for White: the FFO rule, empty squares to the winner). Positions of
different move orders and of mirror images are one entry.

There is one sorted table per ply (a position before move ``k`` has exactly
``4 + k`` discs), searched by bisection. ``IndexBuilder`` builds it from a
``GameTable`` one ply at a time in bounded steps (``advance(max_ms)``), so a
scene can spread the work over frames and show ``progress``;
``encode_index`` / ``decode_index`` write and read the cache file (a checked
header, a CRC-32 and bounded sizes: a bad file is refused with an
``IndexError``-free ``LibraryError``, never a crash).

Pure Python; nothing here imports pygame.
"""

from __future__ import annotations

import array
import struct
import sys
import time
import zlib
from dataclasses import dataclass, field
from itertools import accumulate

from game.ai.book import SQUARE_SOURCE, canonical, canonical_move
from game.engine.bitboard import FLIPPERS, Bitboard
from game.engine.position import START_BLACK, START_WHITE
from game.library.database import GameTable, LibraryError

PLIES = 30
"""The index covers the positions before each of the first 30 moves of every game."""
MAGIC = b"OTXI"
VERSION = 1
HEADER = struct.Struct("<4sHHI16sI")
"""magic, version, plies, games, data file stamp (16 ASCII hex digits), CRC-32 of the payload."""
MAX_POSITIONS = 8_000_000
"""A cache claiming more positions (or moves) than this in a ply is refused (bounds what a bad file allocates)."""

_SQUARE = {f"{c}{r}": (r - 1) * 8 + "abcdefgh".index(c) for c in "abcdefgh" for r in range(1, 9)}


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
    """Per ply, the canonical positions master games reached and the moves played there."""

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
        """Number of (canonical) positions in the index."""
        return sum(len(table) for table in self.tables)

    def lookup(self, player: Bitboard, opponent: Bitboard) -> dict[int, tuple[int, int]] | None:
        """Moves played in this position: square -> (games, sum of the mover's results), in its own orientation.

        A move that the position's own symmetry makes equal to others is
        listed under each of them with the same counts (as the opening book
        does). ``{}`` when no game reached the position; ``None`` when it is
        beyond the index's plies (so the index cannot say).
        """
        ply = (player | opponent).bit_count() - 4
        if not 0 <= ply < len(self.tables):
            return None
        p, o, symmetries = canonical(player, opponent)
        table = self.tables[ply]
        row = table.find(p, o)
        if row < 0:
            return {}
        found: dict[int, tuple[int, int]] = {}
        for at in range(table.starts[row], table.starts[row + 1]):
            entry = (table.games[at], table.sums[at])
            for s in symmetries:
                found[SQUARE_SOURCE[s][table.squares[at]]] = entry
        return found


@dataclass
class _Game:
    moves: str
    margin: int  # Black's recorded disc difference
    player: Bitboard = START_BLACK
    opponent: Bitboard = START_WHITE
    black: bool = True
    alive: bool = True


@dataclass
class IndexBuilder:
    """Builds a ``PositionIndex`` from a table, ply by ply: call ``advance(max_ms)`` until it returns ``True``."""

    table: GameTable
    plies: int = PLIES
    index: PositionIndex | None = None
    _games: list[_Game] = field(default_factory=list)
    _ply: int = 0
    _at: int = 0
    _done_steps: int = 0
    _total_steps: int = 0
    _memo: dict[tuple[Bitboard, Bitboard], tuple[Bitboard, Bitboard, list[int]]] = field(default_factory=dict)
    _stats: dict[tuple[Bitboard, Bitboard, int], list[int]] = field(default_factory=dict)
    _tables: list[PlyTable] = field(default_factory=list)
    _skipped: int = 0

    def __post_init__(self) -> None:
        self._games = [_Game(g.moves, g.black_margin) for g in self.table.games]
        self._total_steps = sum(min(self.plies, len(g.moves) // 2) for g in self._games)

    @property
    def done(self) -> bool:
        """Whether the index is built."""
        return self.index is not None

    @property
    def progress(self) -> float:
        """The share of the work done, 0 to 1."""
        if self.index is not None:
            return 1.0
        return self._done_steps / self._total_steps if self._total_steps else 0.0

    def advance(self, max_ms: float) -> bool:
        """Work for about ``max_ms`` milliseconds (at least 200 games' moves); ``True`` when built."""
        deadline = time.perf_counter() + max_ms / 1000
        while self.index is None:
            self._step(200)
            if time.perf_counter() >= deadline:
                break
        return self.index is not None

    def run(self) -> PositionIndex:
        """Build at once."""
        while not self.advance(1000.0):
            pass
        assert self.index is not None
        return self.index

    def _step(self, count: int) -> None:
        if self._ply >= self.plies:
            self.index = PositionIndex(self.plies, len(self._games), self.table.stamp, self._tables, self._skipped)
            return
        at2 = 2 * self._ply
        memo, stats = self._memo, self._stats
        games = self._games
        end = min(len(games), self._at + count)
        for game in games[self._at : end]:
            if not game.alive or len(game.moves) <= at2:
                continue
            self._done_steps += 1
            sq = _SQUARE[game.moves[at2 : at2 + 2]]
            p, o = game.player, game.opponent
            f = FLIPPERS[sq](p, o)
            if not f:  # the side to move has no move here and passes (or the game is illegal)
                p, o = o, p
                game.black = not game.black
                f = FLIPPERS[sq](p, o)
            if not f or (p | o) >> sq & 1:
                game.alive = False
                self._skipped += 1
                continue
            raw = (p, o)
            found = memo.get(raw)
            if found is None:
                found = memo[raw] = canonical(p, o)
            cp, co, symmetries = found
            key = (cp, co, canonical_move(symmetries, sq))
            margin = game.margin if game.black else -game.margin
            entry = stats.get(key)
            if entry is None:
                stats[key] = [1, margin]
            else:
                entry[0] += 1
                entry[1] += margin
            game.player, game.opponent, game.black = o ^ f, p | f | (1 << sq), not game.black
        self._at = end
        if end >= len(games):
            self._tables.append(_ply_table(stats))
            self._memo, self._stats = {}, {}
            self._ply += 1
            self._at = 0


def _ply_table(stats: dict[tuple[Bitboard, Bitboard, int], list[int]]) -> PlyTable:
    keys: array.array[int] = array.array("Q")
    counts: list[int] = []
    squares = bytearray()
    games: array.array[int] = array.array("I")
    sums: array.array[int] = array.array("i")
    last: tuple[Bitboard, Bitboard] | None = None
    for (p, o, sq), (played, total) in sorted(stats.items()):
        if (p, o) != last:
            keys.extend((p, o))
            counts.append(0)
            last = (p, o)
        counts[-1] += 1
        squares.append(sq)
        games.append(played)
        sums.append(total)
    return PlyTable(keys, list(accumulate(counts, initial=0)), bytes(squares), games, sums)


# -- the cache file -------------------------------------------------------------


def _little_endian(values: array.array[int]) -> array.array[int]:
    if sys.byteorder != "little":
        values.byteswap()
    return values


def encode_index(index: PositionIndex) -> bytes:
    """The cache file's bytes for an index."""
    sizes: array.array[int] = array.array("I")
    parts: list[bytes] = []
    for table in index.tables:
        sizes.extend((len(table), len(table.squares)))
        counts = bytes(b - a for a, b in zip(table.starts, table.starts[1:], strict=False))
        parts += [
            _little_endian(array.array("Q", table.keys)).tobytes(), counts, table.squares,
            _little_endian(array.array("I", table.games)).tobytes(),
            _little_endian(array.array("i", table.sums)).tobytes(),
        ]  # fmt: skip
    sizes.append(index.skipped)
    payload = zlib.compress(_little_endian(sizes).tobytes() + b"".join(parts), 6)
    stamp = index.stamp.encode("ascii")[:16].ljust(16, b"0")
    return HEADER.pack(MAGIC, VERSION, index.plies, index.games, stamp, zlib.crc32(payload)) + payload


def decode_index(data: bytes) -> PositionIndex:
    """An index from cache file bytes; ``LibraryError`` says what is wrong with a bad file."""
    if len(data) < HEADER.size:
        raise LibraryError("explorer index cache is truncated (no header)")
    magic, version, plies, games, stamp, crc = HEADER.unpack_from(data)
    if magic != MAGIC:
        raise LibraryError("not an explorer index cache")
    if version != VERSION:
        raise LibraryError(f"explorer index cache version {version} (this program reads {VERSION})")
    if not 0 < plies <= 60:
        raise LibraryError("explorer index cache is corrupt: bad ply count")
    packed = data[HEADER.size :]
    if zlib.crc32(packed) != crc:
        raise LibraryError("explorer index cache is truncated or corrupt (checksum mismatch)")
    try:
        unpacker = zlib.decompressobj()
        head = unpacker.decompress(packed, 8 * plies + 4)
        sizes: array.array[int] = array.array("I")
        sizes.frombytes(head)
        _little_endian(sizes)
        if len(sizes) != 2 * plies + 1 or any(n > MAX_POSITIONS for n in sizes[:-1]):
            raise LibraryError("explorer index cache is corrupt: impossible sizes")
        expected = sum(17 * sizes[2 * k] + 9 * sizes[2 * k + 1] for k in range(plies))
        raw = unpacker.decompress(unpacker.unconsumed_tail, expected + 1)
    except zlib.error as err:
        raise LibraryError(f"explorer index cache is corrupt: {err}") from None
    if len(raw) != expected:
        raise LibraryError("explorer index cache is corrupt: wrong payload size")
    view = memoryview(raw)
    at = 0

    def column(code: str, count: int) -> array.array[int]:
        nonlocal at
        values: array.array[int] = array.array(code)
        values.frombytes(view[at : at + count * values.itemsize])
        at += count * values.itemsize
        return _little_endian(values)

    tables = []
    for k in range(plies):
        n, m = sizes[2 * k], sizes[2 * k + 1]
        keys = column("Q", 2 * n)
        counts = bytes(view[at : at + n])
        at += n
        squares = bytes(view[at : at + m])
        at += m
        games_column, sums = column("I", m), column("i", m)
        if sum(counts) != m or (squares and max(squares) > 63):
            raise LibraryError("explorer index cache is corrupt: bad move table")
        tables.append(PlyTable(keys, list(accumulate(counts, initial=0)), squares, games_column, sums))
    return PositionIndex(plies, games, stamp.decode("ascii", errors="replace"), tables, sizes[-1])
