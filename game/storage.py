"""Where the game keeps its data: a key -> text store, and JSON documents on top of it.

Three backends share one small protocol (``read``, ``write``, ``delete``):

* ``FileStorage`` - one file per key in the user's data directory, written
  atomically (a temporary file, then ``os.replace``), used on the desktop;
* ``MemoryStorage`` - a dict, for tests and as a last resort when the data
  directory cannot be written;
* the browser's ``localStorage`` (``game.browser.LocalStorage``).

``JsonDocuments`` reads and writes JSON values under keys. A value that
cannot be read (bad JSON, wrong shape) is set aside under ``<key>.corrupt``
with a message for the player, and the caller gets ``None`` and goes on.

This module imports nothing from pygame.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol, TypeVar

DATA_DIR_ENV = "OTHELLO_DATA_DIR"
"""Environment variable naming the desktop data directory (tests point it at a tmp dir)."""

APP_DIR_NAME = "othello-wasm"
_KEY_PATTERN = re.compile(r"^[a-z0-9][a-z0-9_.-]{0,63}$")

T = TypeVar("T")


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


class FileStorage:
    """One UTF-8 file per key (``<key>.json``) in ``directory``, written atomically."""

    def __init__(self, directory: Path) -> None:
        self.directory = Path(directory)

    def path_of(self, key: str) -> Path:
        """The file that holds ``key``."""
        return self.directory / f"{check_key(key)}.json"

    def read(self, key: str) -> str | None:
        """The file's text, or ``None`` if it does not exist or cannot be read as text."""
        path = self.path_of(key)
        try:
            return path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return None
        except (OSError, UnicodeDecodeError):
            # unreadable bytes are handed on as text the JSON layer will reject and set aside
            try:
                return path.read_bytes().decode("utf-8", errors="replace")
            except OSError:
                return None

    def write(self, key: str, text: str) -> None:
        """Write to a temporary file in the same directory, flush it to disk, then rename it over."""
        path = self.path_of(key)
        self.directory.mkdir(parents=True, exist_ok=True)
        fd, tmp_name = tempfile.mkstemp(prefix=f".{key}.", suffix=".tmp", dir=self.directory)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(text)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(tmp_name, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp_name)
            raise

    def delete(self, key: str) -> None:
        """Remove the key's file if it exists."""
        with contextlib.suppress(FileNotFoundError):
            self.path_of(key).unlink()


def user_data_dir() -> Path:
    """The desktop data directory: ``$OTHELLO_DATA_DIR`` or the platform's per-user place."""
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override)
    home = Path.home()
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA") or home / "AppData" / "Roaming")
    elif sys.platform == "darwin":
        base = home / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or home / ".local" / "share")
    return base / APP_DIR_NAME


def default_storage() -> Storage:
    """The browser's ``localStorage`` in the browser, else files in ``user_data_dir()``."""
    try:
        from game import browser
    except ImportError:
        browser = None  # type: ignore[assignment]
    if browser is not None and browser.IS_BROWSER:
        local: Storage = browser.LocalStorage()
        return local
    return FileStorage(user_data_dir())


class JsonDocuments:
    """JSON values stored under keys, with corrupt values set aside instead of crashing.

    Every problem becomes a line in ``messages`` (for the player) and the
    caller carries on with ``None`` or its default.
    """

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.messages: list[str] = []

    def load(self, key: str, parse: Callable[[Any], T], what: str) -> T | None:
        """The value under ``key`` passed through ``parse``, or ``None``.

        ``parse`` turns decoded JSON into the caller's object and raises
        ``ValueError``, ``KeyError`` or ``TypeError`` for a wrong shape. A value
        that fails is moved to ``<key>.corrupt`` and a message naming ``what``
        (e.g. "saved game") is added.
        """
        try:
            text = self.storage.read(key)
        except Exception as exc:  # a backend failure must not stop the game
            self.messages.append(f"Could not read your {what} ({exc}); starting without it.")
            return None
        if text is None:
            return None
        try:
            return parse(json.loads(text))
        except (ValueError, KeyError, TypeError, AttributeError, IndexError) as exc:
            self._set_aside(key, text, what, exc)
            return None

    def save(self, key: str, value: Any, what: str) -> bool:
        """Store ``value`` as JSON under ``key``; ``False`` (and a message) if the store refused."""
        try:
            self.storage.write(key, json.dumps(value, indent=1, sort_keys=True))
        except Exception as exc:
            self.messages.append(f"Could not save your {what}: {exc}")
            return False
        return True

    def delete(self, key: str) -> None:
        """Remove ``key``; failures are reported, not raised."""
        try:
            self.storage.delete(key)
        except Exception as exc:
            self.messages.append(f"Could not remove old data ({key}): {exc}")

    def take_messages(self) -> list[str]:
        """The messages gathered so far, emptied."""
        taken, self.messages = self.messages, []
        return taken

    def _set_aside(self, key: str, text: str, what: str, exc: Exception) -> None:
        aside = f"{key}.corrupt"
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        try:
            self.storage.write(aside, text)
            self.storage.delete(key)
            where = f" It was set aside as '{aside}'."
        except Exception:
            where = ""
        self.messages.append(f"Your {what} could not be read ({reason}).{where} Starting afresh.")
