"""The store this run keeps its data in: the browser's ``localStorage``, or the desktop's data folder.

``default_storage()`` chooses: in the browser the page's ``localStorage``
(``LocalStorage``), or memory with a notice when the browser refuses it
(``UnkeptStorage``); on the desktop files in ``user_data_dir()``. The
store itself (``Storage``, ``FileStorage``) is ``game.platform.storage``
and its documents (``JsonDocuments``) ``game.platform.documents``; neither knows anything of browsers.
"""

from __future__ import annotations

from typing import Any, Protocol

from game.i18n import N_, _
from game.platform import browser
from game.platform.storage import FileStorage, MemoryStorage, Storage, user_data_dir

STORAGE_PREFIX = "othello:"
"""Prefix of every key this game keeps in ``localStorage`` (the origin may host other pages), at the host's root.

A copy of the game in a folder keeps its keys under ``othello:<folder>:``: the
page works it out before Python starts (``index.html``, "This copy's storage")
and hands it over as ``window.othello_storage_prefix``.
"""


def page_storage_prefix(window: Any) -> str:
    """The prefix the page chose for this copy's keys (``STORAGE_PREFIX`` where it gave none)."""
    try:
        chosen = window.othello_storage_prefix
    except Exception:  # no such property: JsProxy raises AttributeError, a page may raise anything
        return STORAGE_PREFIX
    if isinstance(chosen, str) and chosen.startswith(STORAGE_PREFIX) and chosen.endswith(":"):
        return chosen
    return STORAGE_PREFIX


class WebStorageLike(Protocol):
    """The part of the browser's ``Storage`` API (``window.localStorage``) used here."""

    def getItem(self, key: str) -> Any: ...  # noqa: N802 - the browser's names

    def setItem(self, key: str, value: str) -> Any: ...  # noqa: N802

    def removeItem(self, key: str) -> Any: ...  # noqa: N802


class LocalStorage:
    """The storage protocol (``read``/``write``/``delete`` of text by key) over ``localStorage``.

    Keys are prefixed so the game's entries do not collide with other pages
    of the same origin. ``backend`` stands in for ``window.localStorage`` in
    tests; by default the browser's own is used (which only exists in the
    browser). Values survive a page reload because ``localStorage`` does.
    A full or disabled ``localStorage`` raises ``OSError`` from ``write``,
    as a full disk does for files.
    """

    def __init__(self, backend: WebStorageLike | None = None, prefix: str | None = None) -> None:
        """``prefix``: of every key; by default the page's (``page_storage_prefix``), else ``STORAGE_PREFIX``."""
        if backend is None:
            window = browser._browser_window()
            backend = window.localStorage
            prefix = page_storage_prefix(window) if prefix is None else prefix
        self._backend: WebStorageLike = backend
        self._prefix = STORAGE_PREFIX if prefix is None else prefix

    def _key(self, key: str) -> str:
        return self._prefix + key

    def read(self, key: str) -> str | None:
        """The text stored under ``key``, or ``None`` if there is none."""
        value = self._backend.getItem(self._key(key))
        # JavaScript null arrives as None; anything else is a string (or a JS proxy of one)
        return None if value is None else str(value)

    def write(self, key: str, text: str) -> None:
        """Store ``text`` under ``key``, replacing what was there (one ``setItem``: all or nothing)."""
        try:
            self._backend.setItem(self._key(key), text)
        except Exception as exc:  # QuotaExceededError, SecurityError (storage disabled) from JavaScript
            raise OSError(f"the browser refused to save {key!r}: {exc}") from exc

    def delete(self, key: str) -> None:
        """Forget ``key``; deleting a missing key does nothing."""
        self._backend.removeItem(self._key(key))


STORAGE_BLOCKED_NOTICE = N_(
    "This browser blocks saving for this page (site data or third-party cookies are off), "
    "so your games, settings and statistics will not be kept after you leave."
)
"""Marked for the catalog; ``take_notice`` translates it when the game shows it."""


class UnkeptStorage(MemoryStorage):
    """Memory storage standing in for a ``localStorage`` the browser refuses; ``take_notice`` says so, once."""

    def __init__(self, reason: str) -> None:
        super().__init__()
        self.reason = reason
        self._notice: str | None = STORAGE_BLOCKED_NOTICE

    def take_notice(self) -> str | None:
        """That nothing will be kept, the first time it is asked for."""
        notice, self._notice = self._notice, None
        return _(notice) if notice else notice


STORAGE_FULL_NOTICE = N_(
    "This browser will not save any more for this page ({reason}), so from now on your games, "
    "settings and statistics are kept only until you leave."
)
"""Marked for the catalog; translated (then its reason filled in) when the store gets full."""


class MemoryWhenFull:
    """The page's storage until it refuses a write (a full quota); from then on, memory, said once.

    A ``localStorage`` that reads but refuses writes would otherwise fail every
    save, a message after every move. The first refusal switches the writes to
    memory (reads see them first, then what the page kept), and ``take_notice``
    gives the one message that says so.
    """

    def __init__(self, store: LocalStorage) -> None:
        self.store = store
        self.memory: MemoryStorage | None = None
        """Where the writes go once the page refused one (``None`` until then)."""
        self._forgotten: set[str] = set()
        self._notice: str | None = None

    def read(self, key: str) -> str | None:
        """What was last written under ``key``, in memory or on the page."""
        if self.memory is not None:
            if key in self.memory.data:
                return self.memory.read(key)
            if key in self._forgotten:
                return None
        return self.store.read(key)

    def write(self, key: str, text: str) -> None:
        """Store ``text`` on the page, or in memory once the page has refused."""
        if self.memory is None:
            try:
                self.store.write(key, text)
                return
            except OSError as exc:
                self.memory = MemoryStorage()
                self._notice = _(STORAGE_FULL_NOTICE).format(reason=str(exc).split(": ", 1)[-1][:80])
        self.memory.write(key, text)
        self._forgotten.discard(key)

    def delete(self, key: str) -> None:
        """Forget ``key`` wherever it is."""
        if self.memory is not None:
            self.memory.delete(key)
            self._forgotten.add(key)
        self.store.delete(key)

    def take_notice(self) -> str | None:
        """The message that saving moved to memory, the first time it is asked for after the move."""
        notice, self._notice = self._notice, None
        return notice


def browser_storage(window: Any | None = None) -> Storage:
    """The page's ``localStorage`` (memory once it is full), or ``UnkeptStorage`` when reading it throws.

    Browsers throw a SecurityError from the ``window.localStorage`` getter when
    site data is blocked (e.g. third-party cookies off, inside itch.io's frame).
    """
    page = window if window is not None else browser._browser_window()
    prefix = page_storage_prefix(page)
    try:
        backend = page.localStorage
        if backend is None:
            raise OSError("window.localStorage is null")
        backend.getItem(prefix + "probe")
    except Exception as exc:  # SecurityError from JavaScript arrives as some Python exception
        return UnkeptStorage(str(exc).splitlines()[0] if str(exc) else type(exc).__name__)
    return MemoryWhenFull(LocalStorage(backend, prefix))


def default_storage() -> Storage:
    """The browser's ``localStorage`` in the browser (memory if it is blocked), else files in ``user_data_dir()``."""
    if browser.IS_BROWSER:
        return browser_storage()
    return FileStorage(user_data_dir())
