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
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import accumulate

from game.ai import stepwise
from game.engine.bitboard import FLIPPERS, Bitboard
from game.engine.position import START_BLACK, START_WHITE
from game.engine.symmetry import SQUARE_SOURCE, images
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


@dataclass
class IndexBuilder:
    """Builds a ``PositionIndex`` from a table, ply by ply: call ``advance(max_ms)`` until it returns ``True``.

    Each ply has three phases: the games are grouped by their first moves (a
    dict of transcript prefixes, so a line that thousands of games share is
    replayed once); each distinct line is played one move further and its
    games' counts are added to the position it left; the ply's positions are
    sorted into its table.
    """

    table: GameTable
    plies: int = PLIES
    index: PositionIndex | None = None
    # The work in progress is kept in plain ints (no tuples or lists per line or position), which
    # the cyclic garbage collector does not track: with a tuple per line, its full collections over
    # a million live objects stalled a slice for 100-700 ms.
    _ply: int = 0
    _at: int = 0
    _done_steps: int = 0
    _total_steps: int = 0
    _positions: dict[str, int] = field(default_factory=dict)
    """Line (moves text) -> the position after it: player | opponent << 64 | (Black to move) << 128."""
    _next: dict[str, int] = field(default_factory=dict)
    _lines: dict[str, int] = field(default_factory=dict)
    """Line one move longer -> games << 40 plus the sum of Black's results (``_count_sum``)."""
    _edges: list[str] | None = None
    _stats: dict[int, int | list[int]] = field(default_factory=dict)
    """Position (player << 64 | opponent) -> one packed move (``_pack_move``) or a list of them."""
    _tables: list[PlyTable] = field(default_factory=list)
    _maker: _TableMaker | None = None
    _skipped: int = 0

    def __post_init__(self) -> None:
        games = self.table.games
        self._total_steps = sum(2 * min(self.plies, g.move_count) for g in games) or 1
        # each game's moves and its count (its row << 80, one game, Black's result), read once
        self._rows = [(g.moves, i << 80 | _ONE_GAME + g.black_margin) for i, g in enumerate(games)]
        self._shared = list(range(len(games)))
        """The games still sharing their line with another (grouped by line each ply)."""
        self._alone = bytearray(len(games))
        """1 for a game alone on its line (played on by itself) or left out."""
        self._solo_games: list[int] = []
        """The games alone on their lines, and (``_solo_positions``) the position each has reached."""
        self._solo_positions: list[int] = []
        self._next_solo_games: list[int] = []
        self._next_solo_positions: list[int] = []
        self._solo_at = 0
        self._positions = {"": START_BLACK | START_WHITE << 64 | 1 << 128}
        self._job = stepwise(lambda: self._step(1000), lambda: self.index is not None)

    @property
    def done(self) -> bool:
        """Whether the index is built."""
        return self.index is not None

    @property
    def progress(self) -> float:
        """The share of the work done, 0 to 1 (counted in games' moves)."""
        if self.index is not None:
            return 1.0
        return min(1.0, self._done_steps / self._total_steps)

    def advance(self, max_ms: float) -> bool:
        """Work for about ``max_ms`` milliseconds (at least one step of 1,000 games or lines); ``True`` when built."""
        self._job.advance(max_ms)
        return self.index is not None

    def run(self) -> PositionIndex:
        """Build at once."""
        self._job.run_until(None)
        assert self.index is not None
        return self.index

    def _step(self, count: int) -> None:
        if self._ply >= self.plies or not (self._positions or self._solo_games):
            self.index = PositionIndex(
                self.plies, len(self.table.games), self.table.stamp, self._tables, self._skipped
            )
            while len(self.index.tables) < self.plies:  # no game got this far (a tiny table)
                self.index.tables.append(_ply_table({}))
            return
        if self._maker is not None:  # phase 4: the ply's table, in slices
            table = self._maker.step(5 * count)
            if table is not None:
                self._tables.append(table)
                self._maker = None
                self._ply += 1
        elif self._edges is None:
            self._group(count)
        elif self._at < len(self._edges):
            self._play(count)
        else:
            self._play_solos(count)

    def _group(self, count: int) -> None:
        """Phase 1: count the games (and Black's results) of every line one move longer than this ply.

        Only the games that still share their line with another: a game alone on its line is played on
        by itself (``_play_solos``), without making its line's text again at every ply.
        """
        rows, shared = self._rows, self._shared
        cut = 2 * self._ply + 2
        lines = self._lines
        get = lines.get
        end = min(len(shared), self._at + count)
        for g in shared[self._at : end]:
            moves, one = rows[g]
            if len(moves) >= cut:
                line = moves[:cut]
                lines[line] = get(line, 0) + one
        self._done_steps += end - self._at
        self._at = end
        if end >= len(shared):
            self._edges, self._at = list(lines), 0

    def _play(self, count: int) -> None:
        """Phase 2: play each line's last move from the position it left, and count it there."""
        assert self._edges is not None
        edges = self._edges
        at2 = 2 * self._ply
        parent_of, stats, following, lines = self._positions.get, self._stats, self._next, self._lines
        flippers, square_of = FLIPPERS, _SQUARE
        alone, solo_games, solo_positions = self._alone, self._next_solo_games, self._next_solo_positions
        bias, mask = _SUM_BIAS, _MASK
        end = min(len(edges), self._at + count)
        done = 0
        for line in edges[self._at : end]:
            packed = lines[line]  # _count_sum, inlined (as _pack_move below): a call per line is a tenth of the build
            games = (packed + bias) >> 40
            game = games >> 40  # with one game, its row (``_rows``); else a sum of rows, unused
            games &= _GAMES_MASK
            black_sum = packed - (games << 40) - (game << 80)
            done += games
            parent = parent_of(line[:at2])
            if parent is None:  # the line left the rules earlier
                continue
            p, o, black = parent & mask, parent >> 64 & mask, parent >> 128
            sq = square_of[line[at2:]]
            f = flippers[sq](p, o)
            if not f:  # the side to move has no move and passes (or the move is illegal)
                p, o, black = o, p, 1 - black
                f = flippers[sq](p, o)
            if not f or (p | o) >> sq & 1:
                self._skipped += games
                if games == 1:
                    alone[game] = 1
                continue
            key = p << 64 | o
            entry = sq | games << 6 | ((black_sum if black else -black_sum) + bias) << 32
            moves = stats.get(key)
            if moves is None:
                stats[key] = entry
            elif isinstance(moves, int):
                stats[key] = [moves, entry]  # another move, or the same one by another move order
            else:
                moves.append(entry)
            after = (o ^ f) | (p | f | (1 << sq)) << 64 | (1 - black) << 128
            if games == 1:  # alone from here on: played on by itself
                alone[game] = 1
                solo_games.append(game)
                solo_positions.append(after)
            else:
                following[line] = after
        self._done_steps += done
        self._at = end

    def _play_solos(self, count: int) -> None:
        """Phase 3: play this ply's move of each game alone on its line, and count it; then the ply's table."""
        rows, stats, games, positions = self._rows, self._stats, self._solo_games, self._solo_positions
        keep_games, keep_positions = self._next_solo_games, self._next_solo_positions
        at2 = 2 * self._ply
        cut = at2 + 2
        flippers, square_of = FLIPPERS, _SQUARE
        bias, mask = _SUM_BIAS, _MASK
        end = min(len(games), self._solo_at + count)
        for i in range(self._solo_at, end):
            moves, one = rows[games[i]]
            if len(moves) < cut:
                continue
            position = positions[i]
            p, o, black = position & mask, position >> 64 & mask, position >> 128
            sq = square_of[moves[at2:cut]]
            f = flippers[sq](p, o)
            if not f:
                p, o, black = o, p, 1 - black
                f = flippers[sq](p, o)
            if not f or (p | o) >> sq & 1:
                self._skipped += 1
                continue
            margin = (one & _LINE_MASK) - _ONE_GAME
            key = p << 64 | o
            entry = sq | 1 << 6 | ((margin if black else -margin) + bias) << 32
            moves_here = stats.get(key)
            if moves_here is None:
                stats[key] = entry
            elif isinstance(moves_here, int):
                stats[key] = [moves_here, entry]
            else:
                moves_here.append(entry)
            keep_games.append(games[i])
            keep_positions.append((o ^ f) | (p | f | (1 << sq)) << 64 | (1 - black) << 128)
        self._done_steps += 2 * (end - self._solo_at)
        self._solo_at = end
        if end >= len(games):
            self._maker = _TableMaker(stats)
            alone, following = self._alone, self._next
            rows = self._rows
            self._shared = [g for g in self._shared if not alone[g] and len(rows[g][0]) > cut]
            self._solo_games, self._solo_positions = keep_games, keep_positions
            self._next_solo_games, self._next_solo_positions = [], []
            self._positions, self._next, self._stats, self._lines = following, {}, {}, {}
            self._edges, self._at, self._solo_at = None, 0, 0


_MASK = (1 << 64) - 1
_GAMES_MASK = (1 << 40) - 1
_LINE_MASK = (1 << 80) - 1
"""A game's own count (``_rows``) is its row << 80 plus one game (``_ONE_GAME``) plus Black's result."""
_ONE_GAME = 1 << 40
_SUM_BIAS = 1 << 39
"""A line's games and sum of results in one int: games << 40 plus the sum (|sum| < 64 * 500,000 < 2**39)."""


def _count_sum(packed: int) -> tuple[int, int]:
    games = (packed + _SUM_BIAS) >> 40
    return games, packed - (games << 40)


def _pack_move(square: int, games: int, total: int) -> int:
    """A move's square, games and sum of the mover's results in one int."""
    return square | games << 6 | (total + _SUM_BIAS) << 32


def _unpack_move(packed: int) -> tuple[int, int, int]:
    return packed & 63, packed >> 6 & 0x3FFFFFF, (packed >> 32) - _SUM_BIAS


class _TableMaker:
    """One ply's table from its counts, a slice of positions at a time (the largest plies have 130,000)."""

    def __init__(self, stats: dict[int, int | list[int]]) -> None:
        self.stats = stats
        self.order: list[int] | None = None  # sorted in a step of its own (about 50 ms for 130,000)
        self.at = 0
        self.counts = bytearray()
        self.squares = bytearray()
        self.games: array.array[int] = array.array("I")
        self.sums: array.array[int] = array.array("i")
        self.keys: array.array[int] = array.array("Q")

    def step(self, count: int) -> PlyTable | None:
        """Sort the positions (the first step), then add ``count`` of them a step; the table once all are in."""
        if self.order is None:
            self.order = sorted(self.stats)
            if self.order:
                return None
        stats, bias = self.stats, _SUM_BIAS
        end = min(len(self.order), self.at + count)
        chunk = self.order[self.at : end]
        flat: list[int] = []  # the chunk's moves, packed; unpacked into the columns below a column at a time
        add, add_count = flat.append, self.counts.append
        for moves in [stats[key] for key in chunk]:
            if isinstance(moves, int):  # most positions have one move
                add(moves)
                add_count(1)
                continue
            merged: dict[int, list[int]] = {}
            for packed in moves:  # the same move by different move orders is one entry
                sq, played, total = _unpack_move(packed)
                entry = merged.setdefault(sq, [0, 0])
                entry[0] += played
                entry[1] += total
            add_count(len(merged))
            for sq in sorted(merged):
                add(_pack_move(sq, merged[sq][0], merged[sq][1]))
        self.squares += bytes([v & 63 for v in flat])
        self.games.extend([v >> 6 & 0x3FFFFFF for v in flat])
        self.sums.extend([(v >> 32) - bias for v in flat])
        pairs: list[int] = [0] * (2 * len(chunk))
        pairs[0::2] = [key >> 64 for key in chunk]
        pairs[1::2] = [key & _MASK for key in chunk]
        self.keys.extend(pairs)
        self.at = end
        if end < len(self.order):
            return None
        return PlyTable(self.keys, list(accumulate(self.counts, initial=0)), bytes(self.squares), self.games,
                        self.sums)


def _ply_table(stats: dict[int, int | list[int]]) -> PlyTable:
    """One ply's table at once."""
    table = _TableMaker(stats).step(len(stats))
    assert table is not None
    return table


# -- the cache file -------------------------------------------------------------


def _little_endian(values: array.array[int]) -> array.array[int]:
    if sys.byteorder != "little":
        values.byteswap()
    return values


_SLICE = 256 << 10
"""Bytes compressed per small step of the encoder."""


def _raw_parts(index: PositionIndex) -> Iterator[bytes]:
    """The payload before compression, in slices of at most ``_SLICE`` bytes."""
    sizes: array.array[int] = array.array("I")
    for table in index.tables:
        sizes.extend((len(table), len(table.squares)))
    sizes.append(index.skipped)
    yield _little_endian(sizes).tobytes()
    for table in index.tables:
        counts = bytes(b - a for a, b in zip(table.starts, table.starts[1:], strict=False))
        parts = (
            _little_endian(array.array("Q", table.keys)).tobytes(), counts, table.squares,
            _little_endian(array.array("I", table.games)).tobytes(),
            _little_endian(array.array("i", table.sums)).tobytes(),
        )  # fmt: skip
        for part in parts:
            view = memoryview(part)
            for at in range(0, len(part), _SLICE):
                yield bytes(view[at : at + _SLICE])


class IndexEncoder:
    """The cache file's bytes for an index, compressed a slice at a time: ``advance(max_ms)``, then ``data``."""

    def __init__(self, index: PositionIndex) -> None:
        self.index = index
        self.data: bytes | None = None
        self._parts = _raw_parts(index)
        self._packer = zlib.compressobj(1)  # 4 times faster than level 6 for 8 % more bytes
        self._out: list[bytes] = []
        self._crc = 0
        self._job = stepwise(self._step, lambda: self.data is not None)

    def _emit(self, chunk: bytes) -> None:
        if chunk:
            self._out.append(chunk)
            self._crc = zlib.crc32(chunk, self._crc)

    def _step(self) -> None:
        part = next(self._parts, None)
        if part is None:
            self._emit(self._packer.flush())
            index = self.index
            stamp = index.stamp.encode("ascii", errors="replace")[:16].ljust(16, b"0")
            header = HEADER.pack(MAGIC, VERSION, index.plies, index.games, stamp, self._crc)
            self.data = header + b"".join(self._out)
            self._out = []
        else:
            self._emit(self._packer.compress(part))

    def advance(self, max_ms: float) -> bool:
        """Compress for about ``max_ms`` milliseconds (at least one slice); ``True`` when ``data`` is ready."""
        self._job.advance(max_ms)
        return self.data is not None


def encode_index(index: PositionIndex) -> bytes:
    """The cache file's bytes for an index, at once."""
    encoder = IndexEncoder(index)
    encoder._job.run_until(None)
    assert encoder.data is not None
    return encoder.data


_OUT_SLICE = 1 << 20
"""Bytes unpacked per small step of the decoder."""


class IndexDecoder:
    """An index from cache file bytes, unpacked in slices: ``advance(max_ms)`` until ``True``, then ``index``.

    ``LibraryError`` (from the constructor or ``advance``) says what is wrong with a bad file; the
    sizes are checked before anything is allocated.
    """

    def __init__(self, data: bytes) -> None:
        if len(data) < HEADER.size:
            raise LibraryError("explorer index cache is truncated (no header)")
        magic, version, plies, games, stamp, crc = HEADER.unpack_from(data)
        if magic != MAGIC:
            raise LibraryError("not an explorer index cache")
        if version != VERSION:
            raise LibraryError(f"explorer index cache version {version} (this program reads {VERSION})")
        if not 0 < plies <= 60:
            raise LibraryError("explorer index cache is corrupt: bad ply count")
        self.plies: int = plies
        self.games: int = games
        self.stamp: str = stamp.decode("ascii", errors="replace")
        self.crc: int = crc
        self.index: PositionIndex | None = None
        self._packed = memoryview(data)[HEADER.size :]
        self._checked = 0
        self._crc = 0
        self._unpacker = zlib.decompressobj()
        self._tail: bytes | None = None
        self._sizes: array.array[int] | None = None
        self._expected = 0
        self._raw: list[bytes] = []
        self._view: memoryview | None = None
        self._at = 0
        self._tables: list[PlyTable] = []
        self._job = stepwise(self._checked_step, lambda: self.index is not None)

    @property
    def progress(self) -> float:
        """The share of the work done, 0 to 1 (the checksum, the unpacking, then the tables)."""
        packed = len(self._packed) or 1
        unpacked = sum(len(part) for part in self._raw) if self._view is None else self._expected
        return (self._checked / packed + unpacked / (self._expected or 1) + len(self._tables) / self.plies) / 3

    def advance(self, max_ms: float) -> bool:
        """Work for about ``max_ms`` milliseconds (at least one slice); ``True`` when ``index`` is ready."""
        self._job.advance(max_ms)
        return self.index is not None

    def run(self) -> PositionIndex:
        """Decode at once."""
        self._job.run_until(None)
        assert self.index is not None
        return self.index

    def _checked_step(self) -> None:
        """A step; damaged compressed data is a ``LibraryError`` like any other fault of the file."""
        try:
            self._step()
        except zlib.error as err:
            raise LibraryError(f"explorer index cache is corrupt: {err}") from None

    def _step(self) -> None:
        packed = self._packed
        if self._checked < len(packed):  # the checksum first, a slice at a time
            end = min(len(packed), self._checked + _OUT_SLICE)
            self._crc = zlib.crc32(packed[self._checked : end], self._crc)
            self._checked = end
            if end == len(packed) and self._crc != self.crc:
                raise LibraryError("explorer index cache is truncated or corrupt (checksum mismatch)")
            return
        if self._sizes is None:
            head = self._unpacker.decompress(bytes(packed), 8 * self.plies + 4)
            self._tail = self._unpacker.unconsumed_tail
            sizes: array.array[int] = array.array("I")
            sizes.frombytes(head[: len(head) // 4 * 4])
            _little_endian(sizes)
            if len(sizes) != 2 * self.plies + 1 or any(n > MAX_POSITIONS for n in sizes[:-1]):
                raise LibraryError("explorer index cache is corrupt: impossible sizes")
            self._sizes = sizes
            self._expected = sum(17 * sizes[2 * k] + 9 * sizes[2 * k + 1] for k in range(self.plies))
            return
        if self._view is None:
            got = sum(len(part) for part in self._raw)
            room = min(_OUT_SLICE, self._expected + 1 - got)
            assert self._tail is not None
            part = self._unpacker.decompress(self._tail, room) if room > 0 else b""
            self._tail = self._unpacker.unconsumed_tail
            self._raw.append(part)
            got += len(part)
            if got > self._expected or (not part and got != self._expected):
                raise LibraryError("explorer index cache is corrupt: wrong payload size")
            if got == self._expected:
                if self._tail or self._unpacker.decompress(b"", 1):
                    raise LibraryError("explorer index cache is corrupt: wrong payload size")
                self._view = memoryview(b"".join(self._raw))
                self._raw = []
            return
        self._table()

    def _column(self, code: str, count: int) -> array.array[int]:
        assert self._view is not None
        values: array.array[int] = array.array(code)
        values.frombytes(self._view[self._at : self._at + count * values.itemsize])
        self._at += count * values.itemsize
        return _little_endian(values)

    def _table(self) -> None:
        """One ply's table from the unpacked bytes."""
        assert self._view is not None and self._sizes is not None
        k = len(self._tables)
        n, m = self._sizes[2 * k], self._sizes[2 * k + 1]
        keys = self._column("Q", 2 * n)
        counts = bytes(self._view[self._at : self._at + n])
        self._at += n
        squares = bytes(self._view[self._at : self._at + m])
        self._at += m
        games_column, sums = self._column("I", m), self._column("i", m)
        if sum(counts) != m or (squares and max(squares) > 63):
            raise LibraryError("explorer index cache is corrupt: bad move table")
        self._tables.append(PlyTable(keys, list(accumulate(counts, initial=0)), squares, games_column, sums))
        if len(self._tables) == self.plies:
            self.index = PositionIndex(self.plies, self.games, self.stamp, self._tables, self._sizes[-1])
            self._view = None


def decode_index(data: bytes) -> PositionIndex:
    """An index from cache file bytes, at once; ``LibraryError`` says what is wrong with a bad file."""
    return IndexDecoder(data).run()
