"""Where the game keeps its data: a key -> text store, with three backends.

Three backends share one small protocol (``read``, ``write``, ``delete``):

* ``FileStorage`` - one file per key in the user's data directory, written
  atomically (a temporary file, then ``os.replace``), used on the desktop;
* ``MemoryStorage`` - a dict, for tests and as a last resort when the data
  directory cannot be written;
* the browser's ``localStorage`` (``game.platform.web_storage.LocalStorage``, chosen by
  ``web_storage.default_storage()``).

The JSON documents kept on a store (a damaged one set aside with a message)
are ``game.platform.documents``'s.

This module imports nothing from pygame.
"""

from __future__ import annotations

import contextlib
import os
import re
import tempfile
from pathlib import Path
from typing import Protocol

from game.platform.dirs import app_data_dir
from game.platform.files import (
    STALE_SECONDS,
    TEMP_SUFFIX,
    FileTooLargeError,
    read_regular_file,
    remove_stale_temporaries,
)

DATA_DIR_ENV = "OTHELLO_DATA_DIR"
"""Environment variable naming the desktop data directory (tests point it at a tmp dir)."""

_KEY_PATTERN = re.compile(r"^[a-z0-9][a-z0-9_.-]{0,63}$")

MAX_DOCUMENT_CHARS = 256 * 1024
"""The largest stored document read; the game's own are a few kilobytes at most."""


class StoredDataError(ValueError):
    """Stored bytes that cannot be a document (not UTF-8, too large); set aside as they are."""


class Storage(Protocol):
    """A key -> text store. Keys are short lower-case names like ``'settings'``."""

    def read(self, key: str) -> str | None:
        """The text stored under ``key``, or ``None`` if there is none."""
        ...

    def write(self, key: str, text: str) -> None:
        """Store ``text`` under ``key``, replacing what was there. May raise ``OSError``."""
        ...

    def delete(self, key: str) -> None:
        """Remove ``key`` if present."""
        ...


def check_key(key: str) -> str:
    """``key`` if it is a valid storage key, else ``ValueError`` (keys become file names)."""
    if not _KEY_PATTERN.match(key):
        raise ValueError(f"bad storage key {key!r}: use a-z, 0-9, '.', '_' or '-'")
    return key


class MemoryStorage:
    """Keys kept in a dict: nothing survives the process."""

    def __init__(self, initial: dict[str, str] | None = None) -> None:
        self.data: dict[str, str] = dict(initial or {})

    def read(self, key: str) -> str | None:
        """The stored text or ``None``."""
        return self.data.get(check_key(key))

    def write(self, key: str, text: str) -> None:
        """Store ``text``."""
        self.data[check_key(key)] = text

    def delete(self, key: str) -> None:
        """Forget ``key``."""
        self.data.pop(check_key(key), None)


def write_durably(path: Path, text: str | bytes, prefix: str | None = None) -> None:
    """Write ``path`` so that a kill or a power cut leaves the old file or the new one, never half of one.

    A temporary file in the same folder (``<prefix>XXXXXXXX.tmp``, by default
    ``.<name>.``), flushed to disk, renamed over ``path``, then the folder
    synced so the rename lasts too. ``text`` is written as UTF-8 (``bytes`` as
    they are). ``OSError`` if it cannot be written; the temporary file is then removed.
    """
    if prefix is None:
        prefix = f".{path.name}." if len(os.fsencode(path.name)) <= 200 else ".tmp."  # its name must fit too
    data = text.encode("utf-8") if isinstance(text, str) else text
    fd, tmp_name = tempfile.mkstemp(prefix=prefix, suffix=TEMP_SUFFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp_name, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp_name)
        raise
    sync_folder(path.parent)


def sync_folder(folder: Path) -> None:
    """Make a rename in ``folder`` durable (POSIX; Windows cannot open a directory, and needs no such sync)."""
    if os.name == "nt":
        return
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


class FileStorage:
    """One UTF-8 file per key (``<key>.json``) in ``directory``, written atomically."""

    def __init__(self, directory: Path, stale_seconds: float = STALE_SECONDS) -> None:
        self.directory = Path(directory)
        self.stale_seconds = stale_seconds
        """How old a leftover temporary file must be to be removed."""
        self._cleaned = False

    def path_of(self, key: str) -> Path:
        """The file that holds ``key``."""
        return self.directory / f"{check_key(key)}.json"

    def file_name(self, key: str) -> str:
        """The name of ``key``'s file, as the player sees it in the data folder: ``'settings.json'``."""
        return self.path_of(key).name

    def read(self, key: str) -> str | None:
        """The file's text, or ``None`` if there is none.

        Raises ``StoredDataError`` for bytes that are not UTF-8 or a file over
        ``MAX_DOCUMENT_CHARS`` (never a quietly repaired text), ``OSError`` if
        unreadable or not a regular file (a FIFO, a device: never waited on,
        never read without end; ``game.platform.files``).
        """
        self._clean_once()
        path = self.path_of(key)
        try:
            data = read_regular_file(path, 4 * MAX_DOCUMENT_CHARS)
        except FileNotFoundError:
            return None
        except FileTooLargeError:
            raise StoredDataError(f"the file is larger than {4 * MAX_DOCUMENT_CHARS} bytes") from None
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise StoredDataError(f"the file is not UTF-8 text (byte {exc.start})") from None

    def write(self, key: str, text: str) -> None:
        """Write to a temporary file in the same directory, flush it to disk, rename it over, sync the directory.

        A kill at any point leaves the old file or the new one; a temporary
        file it leaves behind is removed by a later ``FileStorage``.
        """
        self.directory.mkdir(parents=True, exist_ok=True)
        self._clean_once()
        write_durably(self.path_of(key), text, prefix=f".{key}.")

    def set_aside(self, key: str, aside: str) -> None:
        """Rename ``key``'s file to ``aside``'s, bytes untouched."""
        os.replace(self.path_of(key), self.path_of(aside))
        self._sync_directory()

    def exists(self, key: str) -> bool:
        """Whether ``key`` has a file."""
        return self.path_of(key).exists()

    def _sync_directory(self) -> None:
        """Make a rename in the directory durable."""
        sync_folder(self.directory)

    def _clean_once(self) -> None:
        """Remove temporary files that a killed write left, once per instance.

        Only old ones: a temporary file a few seconds old may belong to a
        write in progress in another copy of the game.
        """
        if self._cleaned:
            return
        self._cleaned = True
        remove_stale_temporaries(self.directory, self.stale_seconds)

    def delete(self, key: str) -> None:
        """Remove the key's file if it exists."""
        with contextlib.suppress(FileNotFoundError):
            self.path_of(key).unlink()


def user_data_dir() -> Path:
    """The desktop data directory: ``$OTHELLO_DATA_DIR`` or the platform's per-user place (``game.platform.dirs``)."""
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override)
    return app_data_dir()


def use_data_dir(path: Path) -> Path:
    """Make ``path`` this run's data folder (created if missing, ``$OTHELLO_DATA_DIR`` set); ``ValueError`` if not.

    ``othello --data-dir`` and ``python -m game.cli library --data-dir`` both take it, so everything the run
    keeps (saves, settings, the library's caches) goes there and nowhere else.
    """
    path = path.expanduser()
    if path.exists() and not path.is_dir():
        raise ValueError(f"{path} is not a folder")
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ValueError(f"cannot create {path}: {exc.strerror or exc}") from None
    os.environ[DATA_DIR_ENV] = str(path.resolve())
    return path.resolve()


def games_folder(data_folder: Path | None) -> Path:
    """Where game files are saved on the desktop (the file chooser's folder): ``games`` next to the data.

    ``data_folder`` is the store's folder (``folder_of``); a store of no files uses the user's data folder.
    """
    return (data_folder or user_data_dir()) / "games"


def folder_of(storage: Storage) -> Path | None:
    """The folder ``storage`` keeps its files in (a ``FileStorage``), or ``None`` (memory, the browser)."""
    return storage.directory if isinstance(storage, FileStorage) else None
