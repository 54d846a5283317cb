"""The explorer index's cache file: ``encode_index`` / ``decode_index`` (and their stepwise forms).

A checked header, a CRC-32 and bounded sizes: a bad file is refused with an
``IndexError``-free ``LibraryError``, never a crash.

Pure Python; nothing here imports pygame.
"""

from __future__ import annotations

import array
import struct
import sys
import zlib
from collections.abc import Iterator
from itertools import accumulate

from game.ai import stepwise
from game.library.database import LibraryError
from game.library.positions import PlyTable, PositionIndex

MAGIC = b"OTXI"
VERSION = 1
HEADER = struct.Struct("<4sHHI16sI")
"""magic, version, plies, games, data file stamp (16 ASCII hex digits), CRC-32 of the payload."""
MAX_POSITIONS = 8_000_000
"""A cache claiming more positions (or moves) than this in a ply is refused (bounds what a bad file allocates)."""


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
