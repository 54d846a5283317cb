"""The games table kept ready between runs: the command line's searches answer in a fraction of a second.

Reading the full database (``TableLoader``: unpacking 5.5 MB of xz and
checking 131,212 lines) takes one to three seconds; a scene spreads that over
frames, but every ``python -m game.cli library`` would pay it again. So the
first run writes the parsed table to ``games-<stamp>.bin`` in the library's
cache folder, and later runs read that instead (about a tenth of the time).

The file is ``MAGIC``, ``VERSION``, the CRC-32 and the length of the payload,
then the payload: ``marshal`` of the games file's stamp and one tuple a game
(the fields of ``game.records.wthor.WthorGame`` after ``index``, which is the
tuple's place: ``year, event, black, white, black_discs, white_discs, moves``
with the moves as text; a change to that layout must change ``VERSION``).
It is keyed by the games file's own stamp (its SHA-256), so a changed
database is never answered from an old table; a missing, stale, truncated
or corrupt cache, one larger than ``MAX_CACHE_BYTES`` or not a regular file
(a FIFO, a device: ``game.platform.files``), is rebuilt, with a one-line note
saying so and why (a missing one silently), and one that cannot be written
only costs the slow path next time. Temporary files that a killed write left
in the cache folder are removed (``service.clean_cache_folder``).
Pure Python; nothing here imports pygame.
"""

from __future__ import annotations

import gc
import marshal
import struct
import zlib
from pathlib import Path

from game.library.database import GameTable, LibraryError, TableLoader, read_games_file, stamp_of
from game.library.service import clean_cache_folder, read_cache_file, rebuilt_note, write_cache
from game.records.wthor import WthorGame

MAGIC = b"OTLG"
VERSION = 2
_HEADER = struct.Struct("<4sHIQ")
"""magic, version, CRC-32 of the payload, payload length."""
MAX_CACHE_BYTES = 128 * 1024 * 1024
"""The largest table cache read (the full database's is about 20 MB)."""


def file_stamp(path: Path) -> str:
    """The games file's stamp (``database.stamp_of``) from the file at ``path``; ``LibraryError`` if unreadable."""
    return stamp_of(read_games_file(path))


def encode_table(table: GameTable) -> bytes:
    """The cache file's bytes for ``table``."""
    rows = [(g.year, g.event, g.black, g.white, g.black_discs, g.white_discs, g.moves) for g in table.games]
    payload = marshal.dumps((table.stamp, rows))
    return _HEADER.pack(MAGIC, VERSION, zlib.crc32(payload), len(payload)) + payload


def decode_table(data: bytes, path: Path) -> GameTable:
    """A table from cache bytes (for the games file at ``path``); ``LibraryError`` says what is wrong."""
    if len(data) < _HEADER.size:
        raise LibraryError("games cache is truncated (no header)")
    magic, version, crc, length = _HEADER.unpack_from(data)
    if magic != MAGIC:
        raise LibraryError("not a games cache")
    if version != VERSION:
        raise LibraryError(f"games cache version {version} (this program reads {VERSION})")
    payload = data[_HEADER.size :]
    if len(payload) != length or zlib.crc32(payload) != crc:
        raise LibraryError("games cache is truncated or corrupt (checksum mismatch)")
    collecting = gc.isenabled()
    gc.disable()  # 131,212 new objects would set off the cyclic collector again and again (twice the time)
    try:
        stamp, rows = marshal.loads(payload)
        # the checksum says these are the bytes this module wrote: the rows have its shape
        games = [WthorGame(i, *row) for i, row in enumerate(rows)]
    except (ValueError, TypeError, EOFError) as exc:
        raise LibraryError(f"games cache is corrupt: {exc}") from None
    finally:
        if collecting:
            gc.enable()
    return GameTable(games, path, str(stamp))


def cached_table(path: Path, directory: Path) -> tuple[GameTable, str | None]:
    """The games of ``path``, from the cache in ``directory`` when it has them, else read and then cached.

    Returns the table and ``None``, or a one-line note: the cache was there
    but could not be used and was rebuilt (and why), or it could not be
    written. ``LibraryError`` when the games file itself cannot be read.
    """
    stamp = file_stamp(path)
    cache = directory / f"games-{stamp}.bin"
    clean_cache_folder(directory)
    reason: str | None = None
    try:
        table = decode_table(read_cache_file(cache, MAX_CACHE_BYTES, "games cache"), path)
        if table.stamp == stamp:
            return table, None
        reason = "games cache was made from other games"
    except FileNotFoundError:
        pass  # the first run: nothing to say
    except (OSError, LibraryError, MemoryError) as exc:
        reason = str(exc) if not isinstance(exc, MemoryError) else "games cache is too large to read"
    table = TableLoader(path).run()
    failed = write_cache(cache, encode_table(table), "games")
    return table, rebuilt_note("games", reason, failed)
