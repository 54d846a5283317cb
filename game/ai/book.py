"""The opening book: master-game statistics and search values of the common openings.

``game/ai/weights/book.bin`` is built by ``tools/make_book.py`` from the WTHOR
games of the French Othello Federation (FFO): every position reached by at
least K games in the first plies, folded under the 8 symmetries of the board,
with each move's number of games, its average result for the player in those
games, and its value backed up by negamax from fixed-depth searches of the
book's leaves (see ``docs/book.md``).

>>> from game.engine import Position
>>> start = Position.start()
>>> book = default_book()
>>> moves = book.lookup(start.player, start.opponent)
>>> sorted(moves) == sorted(start.legal_squares())  # the four openings are one move up to symmetry
True
>>> book.lookup(0, 1) == {}
True

Pure Python: the file is read with ``zlib`` and ``array`` and searched by
bisection, so loading it costs a few milliseconds, also in the browser.
"""

from __future__ import annotations

import array
import random
import struct
import sys
import zlib
from collections.abc import Generator, Sequence
from dataclasses import dataclass
from itertools import accumulate
from pathlib import Path

from game.engine.bitboard import Bitboard
from game.engine.symmetry import SQUARE_SOURCE, canonical
from game.platform.files import read_regular_file

from .jobs import Job

BOOK_PATH = Path(__file__).parent / "weights" / "book.bin"
MAX_BOOK_BYTES = 64 * 1024 * 1024
"""A book file larger than this is refused unread (the shipped one is 0.2 MB)."""
MAGIC = b"OTBK"
VERSION = 1
NO_SCORE = -32768
"""Stored as a move's score when no game played it (the engine's own suggestion)."""
MAX_NODES = 1 << 20
"""A book claiming more positions than this is refused, which bounds the memory a bad file can ask for."""

HEADER = struct.Struct("<4sHHHHIIQI")
"""magic, version, plies, min games, search depth, positions, moves, weights hash, payload CRC-32."""


class BookError(ValueError):
    """The book file is missing, truncated, corrupt or not a book file."""


# -- the book -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BookMove:
    """A move's book entry: games that played it, their average result and the backed-up value.

    ``score`` and ``value`` are final disc differences for the player making
    the move; ``score`` is ``None`` when no game played it.
    """

    games: int
    score: float | None
    value: float


@dataclass(frozen=True, slots=True)
class BookInfo:
    """How a book was built."""

    plies: int
    min_games: int
    depth: int
    positions: int
    moves: int
    weights_hash: int


class Book:
    """Positions (canonical images, sorted) and their moves, read from a book file."""

    def __init__(self, info: BookInfo, keys: array.array[int], counts: bytes, columns: Sequence[Sequence[int]]) -> None:
        self.info = info
        self._keys = keys  # player, opponent, player, opponent, ... sorted by (player, opponent)
        self._starts = list(accumulate(counts, initial=0))  # position i's moves are [starts[i], starts[i + 1])
        self._squares, self._games, self._scores, self._values = columns

    def __len__(self) -> int:
        return self.info.positions

    def _find(self, player: Bitboard, opponent: Bitboard) -> int:
        keys = self._keys
        lo, hi = 0, self.info.positions
        while lo < hi:
            mid = (lo + hi) // 2
            pair = (keys[2 * mid], keys[2 * mid + 1])
            if pair < (player, opponent):
                lo = mid + 1
            elif pair > (player, opponent):
                hi = mid
            else:
                return mid
        return -1

    def lookup(self, player: Bitboard, opponent: Bitboard) -> dict[int, BookMove]:
        """The book's moves in this position, by square; ``{}`` when the position is not in the book.

        A move that the position's own symmetry makes equal to others is
        listed under each of them with the same entry.
        """
        p, o, symmetries = canonical(player, opponent)
        index = self._find(p, o)
        if index < 0:
            return {}
        moves: dict[int, BookMove] = {}
        for at in range(self._starts[index], self._starts[index + 1]):
            score = self._scores[at]
            entry = BookMove(self._games[at], None if score == NO_SCORE else score / 10, self._values[at] / 10)
            for s in symmetries:
                moves[SQUARE_SOURCE[s][self._squares[at]]] = entry
        return moves


def choose_book_move(
    book: Book,
    player: Bitboard,
    opponent: Bitboard,
    margin: float,
    rng: random.Random,
    min_games: int = 0,
) -> int | None:
    """A book move with variety: any move valued within ``margin`` discs of the best, weighted by its games.

    Moves that fewer than ``min_games`` games played are left out unless
    none is left (a move no game played still counts as one game, so the
    engine's own best move can be chosen). ``None`` when out of book.
    """
    moves = book.lookup(player, opponent)
    if not moves:
        return None
    best = max(entry.value for entry in moves.values())
    near = sorted(sq for sq, entry in moves.items() if entry.value >= best - margin)
    popular = [sq for sq in near if moves[sq].games >= min_games] or near
    return rng.choices(popular, weights=[max(1, moves[sq].games) for sq in popular])[0]


# -- the file -------------------------------------------------------------------


def _little_endian(values: array.array[int]) -> array.array[int]:
    if sys.byteorder != "little":
        values.byteswap()
    return values


def encode_book(
    info: BookInfo, positions: Sequence[tuple[Bitboard, Bitboard, Sequence[tuple[int, int, int, int]]]]
) -> bytes:
    """The file bytes for positions ``(player, opponent, [(square, games, score, value), ...])``.

    Positions must be canonical images; scores and values are in tenths of
    a disc (``NO_SCORE`` for a move no game played).
    """
    ordered = sorted(positions, key=lambda item: (item[0], item[1]))
    keys: array.array[int] = array.array("Q")
    counts = bytearray()
    squares = bytearray()
    games: array.array[int] = array.array("I")
    scores: array.array[int] = array.array("h")
    values: array.array[int] = array.array("h")
    for player, opponent, entries in ordered:
        keys.extend((player, opponent))
        counts.append(len(entries))
        for square, played, score, value in entries:
            squares.append(square)
            games.append(played)
            scores.append(score)
            values.append(value)
    payload = b"".join(
        (
            _little_endian(keys).tobytes(),
            bytes(counts),
            bytes(squares),
            _little_endian(games).tobytes(),
            _little_endian(scores).tobytes(),
            _little_endian(values).tobytes(),
        )
    )
    packed = zlib.compress(payload, 9)
    header = HEADER.pack(
        MAGIC, VERSION, info.plies, info.min_games, info.depth, len(ordered), len(squares), info.weights_hash,
        zlib.crc32(packed),
    )  # fmt: skip
    return header + packed


DECODE_STEP = 1 << 16
"""Bytes checked or inflated in one step of ``decoding_book``: about a millisecond in WebAssembly."""


def decoding_book(data: bytes) -> Generator[None, None, Book]:
    """``decode_book`` a step at a time: yields between pieces of work of about a millisecond in WebAssembly."""
    if len(data) < HEADER.size:
        raise BookError("book file is truncated (no header)")
    magic, version, plies, min_games, depth, n_positions, n_moves, weights_hash, crc = HEADER.unpack_from(data)
    if magic != MAGIC:
        raise BookError("not an opening book file")
    if version != VERSION:
        raise BookError(f"opening book version {version} is not supported (this program reads {VERSION})")
    if n_positions > MAX_NODES or n_moves > 64 * n_positions:
        raise BookError("book file is corrupt: impossible sizes")
    packed = memoryview(data)[HEADER.size :]
    running = 0
    for start in range(0, len(packed), DECODE_STEP):
        running = zlib.crc32(packed[start : start + DECODE_STEP], running)
        yield None
    if running != crc:
        raise BookError("book file is truncated or corrupt (checksum mismatch)")
    expected = 17 * n_positions + 9 * n_moves
    inflate = zlib.decompressobj()
    raw = bytearray()
    pending: bytes | memoryview = packed
    try:
        # bounded: never more than the header promises (plus a byte, to notice a longer payload)
        while len(raw) <= expected:
            piece = inflate.decompress(pending, min(DECODE_STEP, expected + 1 - len(raw)))
            pending = inflate.unconsumed_tail
            if not piece:
                break
            raw += piece
            yield None
    except zlib.error as err:
        raise BookError(f"book file is corrupt: {err}") from None
    if len(raw) != expected:
        raise BookError("book file is corrupt: wrong payload size")
    view = memoryview(raw)
    at = 0

    def column(code: str, count: int) -> array.array[int]:
        nonlocal at
        values: array.array[int] = array.array(code)
        values.frombytes(view[at : at + count * values.itemsize])
        at += count * values.itemsize
        return _little_endian(values)

    keys = column("Q", 2 * n_positions)
    counts = bytes(view[at : at + n_positions])
    at += n_positions
    squares = bytes(view[at : at + n_moves])
    at += n_moves
    yield None
    games, scores, values = column("I", n_moves), column("h", n_moves), column("h", n_moves)
    if sum(counts) != n_moves or (squares and max(squares) > 63):
        raise BookError("book file is corrupt: bad move table")
    info = BookInfo(plies, min_games, depth, n_positions, n_moves, weights_hash)
    return Book(info, keys, counts, (squares, games, scores, values))


def decode_book(data: bytes) -> Book:
    """A book from file bytes; ``BookError`` says what is wrong with a bad file."""
    return Job(decoding_book(data)).run()


def _reading(path: Path) -> bytes:
    try:
        return read_regular_file(path, MAX_BOOK_BYTES)
    except OSError as err:
        raise BookError(f"cannot read opening book {path}: {err.strerror}") from None


def load_book(path: Path = BOOK_PATH) -> Book:
    """The book stored at ``path``; ``BookError`` if it cannot be read or is not a valid book."""
    return decode_book(_reading(path))


_default: list[Book] = []
"""The shipped book once loaded (by ``default_book`` or ``loading_default_book``)."""


def loading_default_book() -> Generator[None, None, Book]:
    """``default_book`` a step at a time, for a game loop's warm-up; at once if it is loaded already."""
    if not _default:
        data = _reading(BOOK_PATH)
        yield None
        book = yield from decoding_book(data)
        if not _default:
            _default.append(book)
    return _default[0]


def default_book() -> Book:
    """The shipped book, loaded once and shared; ``BookError`` (every time asked) if it cannot be used."""
    return Job(loading_default_book()).run()
