"""The game library's table of master games, read from a WTHOR table file in bounded steps.

The file is the one ``game.records.wthor`` describes (a header, then ``year, event,
black, white, result, moves`` a line), compressed with xz (the full database,
``game/data/wthor/``) or gzip (the web build's subset, ``game/data/library/``);
every member is read (``cat a.gz b.gz`` is one valid gzip file, as is an xz
file of several streams), and the text is decoded as UTF-8 across slices.
Each line is read by ``game.records.wthor.parse_line`` into a ``WthorGame``
(the one game type: moves kept as their text, ``f5d6c3...``, names shared),
every field's form checked without replaying the games, so the whole database
loads in about a second; a scene spreads the work over frames with
``TableLoader.advance``.

Every limit is explicit: the compressed file (``MAX_TABLE_BYTES``), its text
(``MAX_TEXT_CHARS``) and the number of games (``MAX_GAMES``). A missing,
truncated, corrupt or oversized file gives a ``LibraryError`` naming it.
Pure Python; nothing here imports pygame.
"""

from __future__ import annotations

import codecs
import hashlib
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from game.ai import stepwise
from game.platform.files import FileTooLargeError, read_regular_file
from game.records.wthor import HEADER, MAX_LINE, MAX_TABLE_BYTES, WTHOR_PATH, WthorError, WthorGame, parse_line

SUBSET_PATH = Path(__file__).resolve().parent.parent / "data" / "library" / "web-games.tsv.gz"
"""The subset shipped to the browser (``tools/make_library_subset.py``)."""
MAX_TEXT_CHARS = 128 * 1024 * 1024
"""The most text a file may unpack to (the full database is 24.6 MB): a bound against a decompression bomb."""
MAX_GAMES = 500_000
"""The most games read (the full database has 131,212)."""
CHUNK_BYTES = 32 * 1024
"""Compressed bytes unpacked per small step of the loader."""


class LibraryError(ValueError):
    """The games file or a cache is missing, unreadable, corrupt or too large; the message says which.

    A bad line of the games file is the ``WthorError`` of ``parse_line``, reported by the loader as a
    ``LibraryError`` with the same words (``line 5: ...``, the line of the file).
    """


class _Unpacker(Protocol):
    @property
    def eof(self) -> bool: ...

    @property
    def unused_data(self) -> bytes: ...

    def decompress(self, data: bytes, max_length: int = ...) -> bytes: ...


def _unpacker(path: Path) -> _Unpacker:
    if path.name.endswith(".xz"):
        import lzma  # the desktop only: the browser reads the gzip subset

        return lzma.LZMADecompressor()
    if path.name.endswith(".gz"):
        return zlib.decompressobj(wbits=31)
    raise LibraryError(f"{path.name}: not a .tsv.xz or .tsv.gz games file")


@dataclass(frozen=True)
class GameTable:
    """The games of one file, in file order (``games[i].index == i``), and where they came from."""

    games: list[WthorGame]
    path: Path
    stamp: str
    """The first 16 hex digits of the SHA-256 of the file's bytes: caches built from it are keyed by it."""

    @property
    def full(self) -> bool:
        """Whether this is the full database (not the web subset)."""
        return self.path.name == WTHOR_PATH.name


class TableLoader:
    """Reads a games file in steps: ``advance(max_ms)`` until it returns ``True``; then ``table`` or ``error``."""

    def __init__(self, path: Path = WTHOR_PATH, max_games: int = MAX_GAMES) -> None:
        self.path = path
        self.max_games = max_games
        self.table: GameTable | None = None
        self.error: str | None = None
        self._data = b""
        self._at = 0
        self._unpacker: _Unpacker | None = None
        self._decoder = codecs.getincrementaldecoder("utf-8")("strict")
        """UTF-8 across slices: a character split at a slice's edge is joined, not refused."""
        self._pending = ""
        self._chars = 0
        self._header = False
        self._games: list[WthorGame] = []
        self._started = False
        self._job = stepwise(self._guarded_step, lambda: self.done)

    @property
    def done(self) -> bool:
        """Whether loading has ended (with a table or an error)."""
        return self.table is not None or self.error is not None

    @property
    def progress(self) -> float:
        """The share of the file read, 0 to 1."""
        if self.done:
            return 1.0
        return self._at / len(self._data) if self._data else 0.0

    def advance(self, max_ms: float) -> bool:
        """Work for about ``max_ms`` milliseconds (at least one small step); ``True`` when done."""
        self._job.advance(max_ms)
        return self.done

    def run(self) -> GameTable:
        """Load at once; ``LibraryError`` on failure."""
        self._job.run_until(None)
        if self.table is None:
            raise LibraryError(self.error or "not loaded")
        return self.table

    def _guarded_step(self) -> None:
        """A step; a failure ends the loading with ``error`` saying what is wrong."""
        try:
            self._step()
        except (LibraryError, WthorError) as exc:  # a bad file, or a bad line of it (``line 5: ...``)
            self.error = str(exc)
        except Exception as exc:  # OSError, zlib.error, lzma.LZMAError, UnicodeDecodeError: a damaged file
            self.error = f"{self.path.name}: cannot be read ({type(exc).__name__}: {exc})"

    def _step(self) -> None:
        if not self._started:
            self._started = True
            self._open()
            return
        chunk = self._data[self._at : self._at + CHUNK_BYTES]
        self._at += len(chunk)
        text = self._unpack(chunk)
        self._take(self._decoder.decode(text, final=not chunk), final=not chunk)

    def _unpack(self, data: bytes) -> bytes:
        """The text bytes of the next slice, through every member it holds (a new one begun after each end)."""
        assert self._unpacker is not None
        out: list[bytes] = []
        while data:
            if self._unpacker.eof:  # a member ended and more bytes follow: the next member
                data = data.lstrip(b"\0")  # zero padding between members, which gzip and xz allow
                if not data:
                    break
                self._unpacker = _unpacker(self.path)
            piece = self._unpacker.decompress(data, MAX_TEXT_CHARS - self._chars + 1)
            self._chars += len(piece)
            if self._chars > MAX_TEXT_CHARS:
                raise LibraryError(f"{self.path.name}: unpacks to more than {MAX_TEXT_CHARS} bytes")
            out.append(piece)
            data = self._unpacker.unused_data if self._unpacker.eof else b""
        return b"".join(out)

    def _open(self) -> None:
        self._unpacker = _unpacker(self.path)
        self._data = read_games_file(self.path)

    def _take(self, text: str, final: bool) -> None:
        lines = (self._pending + text).split("\n")
        self._pending = "" if final else lines.pop()
        for line in lines:
            if not self._header:
                if line.rstrip("\r") != HEADER:
                    raise LibraryError(f"{self.path.name}: not a WTHOR table (header {line[:40]!r})")
                self._header = True
                continue
            if not line:
                continue
            if len(self._games) >= self.max_games:
                raise LibraryError(f"{self.path.name}: more than {self.max_games} games")
            self._games.append(parse_line(line, len(self._games)))
        if len(self._pending) > MAX_LINE:
            raise LibraryError(f"line {len(self._games) + 2}: longer than {MAX_LINE} characters")
        if final:
            assert self._unpacker is not None
            if not self._header or not self._unpacker.eof:
                raise LibraryError(f"{self.path.name}: empty or truncated")
            self.table = GameTable(self._games, self.path, stamp_of(self._data))
            self._data = b""


def read_games_file(path: Path) -> bytes:
    """The bytes of a games file (a regular file of at most ``MAX_TABLE_BYTES``); ``LibraryError`` says why not.

    Read with ``game.platform.files.read_regular_file``: a FIFO or a device in
    its place is refused at once, never waited on or read without end.
    """
    try:
        return read_regular_file(path, MAX_TABLE_BYTES)
    except FileTooLargeError:
        raise LibraryError(f"{path.name}: larger than {MAX_TABLE_BYTES} bytes") from None
    except OSError as exc:
        raise LibraryError(f"games file {path} cannot be read: {exc.strerror or exc}") from None


def stamp_of(data: bytes) -> str:
    """A games file's stamp, the key of every cache made from it: the first 16 hex digits of its SHA-256."""
    return hashlib.sha256(data).hexdigest()[:16]


def default_games_path() -> Path:
    """The full database where it is installed (the desktop), else the web build's subset."""
    return WTHOR_PATH if WTHOR_PATH.exists() else SUBSET_PATH
