"""The library's shared state: the games table and the explorer's position index, loaded in bounded steps.

One ``LibraryService`` per process (``shared()``). A scene calls
``advance(max_ms)`` every frame until it returns ``True``: first the games
table is read (the full database on the desktop, the web subset in the
browser); then, for the full database only, the position index is read from
its cache file, or built and cached, each in steps. ``status`` and ``progress`` say
where it is; ``error`` is a one-line message when the games cannot be read
(the explorer then falls back to the book, and nothing crashes).

The cache is ``explorer-<plies>.bin`` in ``cache/`` under the game's data
directory (``game.platform.storage.user_data_dir()``), versioned and keyed by the
games file's stamp: a stale, foreign, truncated or corrupt cache, or one that
is not a regular file (a FIFO, a device: never waited on or read without end,
``game.platform.files``), is rebuilt (and replaced), and ``note`` says so
once, with the reason; a cache that cannot be written only costs a rebuild
next time (``note`` says that too). Temporary files that a killed cache write
left in ``cache/`` are removed once old, as the data folder's are.
Pure Python; nothing here imports pygame.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Literal

from game.ai import stepwise
from game.i18n import _, pgettext
from game.library.database import GameTable, LibraryError, TableLoader, default_games_path
from game.library.index_builder import IndexBuilder
from game.library.index_file import IndexDecoder, IndexEncoder
from game.library.positions import PLIES, PositionIndex
from game.platform.files import FileTooLargeError, NotRegularFileError, read_regular_file, remove_stale_temporaries
from game.platform.storage import write_durably
from game.records.wthor import WTHOR_PATH

Cache = Literal["games", "explorer"]
"""Which cache a message is about."""
MAX_CACHE_BYTES = 256 * 1024 * 1024
"""The largest cache file read."""


def cache_dir() -> Path:
    """Where the library keeps its caches: ``cache/`` in the game's data directory."""
    from game.platform.storage import user_data_dir

    return user_data_dir() / "cache"


def clean_cache_folder(directory: Path) -> None:
    """Remove the temporary files that killed cache writes left in ``directory`` (once old; never raises)."""
    remove_stale_temporaries(directory)


def read_cache_file(path: Path, limit: int, what: str) -> bytes:
    """A cache file's bytes (a regular file of at most ``limit`` bytes).

    ``FileNotFoundError`` when there is none (nor a folder for it); ``LibraryError`` naming
    ``what`` (``'games cache'``) and why for anything else that keeps it from being read.
    """
    try:
        return read_regular_file(path, limit)
    except FileNotFoundError:
        raise
    except NotADirectoryError as exc:  # a file where the cache folder should be: no cache, as when none
        raise FileNotFoundError(exc.errno, exc.strerror, exc.filename) from None
    except (FileTooLargeError, NotRegularFileError) as exc:
        raise LibraryError(f"{what} is {exc.strerror}") from None
    except OSError as exc:
        raise LibraryError(f"{what} cannot be read ({exc.strerror or exc})") from None


def rebuilt_note(cache: Cache, reason: str | None, failed: str | None) -> str | None:
    """One line for the player about a cache: rebuilt (``reason``: why the old one was refused), not saved, both.

    ``None`` when there is nothing to say (the cache was missing, and is now written). The reasons are the
    files' own (English); the sentence around them is in the player's language.
    """
    if reason is None:
        return failed
    if cache == "games":
        note = _("The games cache was rebuilt, as the one on disk could not be used: {reason}; {failed}.") if failed \
            else _("The games cache was rebuilt, as the one on disk could not be used: {reason}.")
    else:
        note = _("The explorer's cache was rebuilt, as the one on disk could not be used: {reason}; {failed}.") \
            if failed else _("The explorer's cache was rebuilt, as the one on disk could not be used: {reason}.")
    return note.format(reason=reason, failed=failed)


def check_cache(path: Path, stamp: str, plies: int) -> tuple[IndexDecoder | None, str | None]:
    """A decoder for the cache at ``path`` if its header is one for these games and plies, else why not.

    The reason is ``None`` when there is no cache at all (nothing to tell the player).
    """
    try:
        decoder = IndexDecoder(read_cache_file(path, MAX_CACHE_BYTES, "explorer index cache"))
    except FileNotFoundError:
        return None, None
    except LibraryError as exc:
        return None, str(exc)
    except MemoryError:
        return None, "explorer index cache is too large to read"
    if decoder.stamp != stamp:
        return None, "explorer index cache was made from other games"
    if decoder.plies != plies:
        return None, f"explorer index cache counts {decoder.plies} moves, not {plies}"
    return decoder, None


def open_cache(path: Path, stamp: str, plies: int) -> IndexDecoder | None:
    """A decoder for the cache at ``path`` if its header is one for these games and plies, else ``None``."""
    return check_cache(path, stamp, plies)[0]


def read_cache(path: Path, stamp: str, plies: int) -> PositionIndex | None:
    """The cached index if ``path`` holds a good one for these games and plies, else ``None`` (never raises)."""
    decoder = open_cache(path, stamp, plies)
    try:
        return decoder.run() if decoder is not None else None
    except LibraryError:
        return None


def write_cache(path: Path, data: bytes, cache: Cache = "explorer") -> str | None:
    """Write a cache file, whole or not at all (``write_durably``); ``None``, or a one-line reason it could not be."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_durably(path, data)
    except OSError as exc:
        words = _("the games cache could not be saved ({reason})") if cache == "games" else \
            _("the explorer's cache could not be saved ({reason})")
        return words.format(reason=exc.strerror or exc)
    return None


class LibraryService:
    """The games table, then (for the full database) the position index: ``advance`` until done."""

    def __init__(self, games_path: Path | None = None, cache: Path | None = None, plies: int = PLIES) -> None:
        self.games_path = games_path or default_games_path()
        self.cache_path = cache
        self.plies = plies
        self.table: GameTable | None = None
        self.index: PositionIndex | None = None
        self.error: str | None = None
        self.note: str | None = None
        """A problem that changed nothing the player can see, said once: the explorer's cache was
        damaged (or stale) and rebuilt, and why; or it could not be written."""
        self._note_taken = False
        self.timings: dict[str, float] = {}
        """Seconds of work spent on each stage: ``table``, ``cache_read``, ``build``, ``cache_write``."""
        self._loader: TableLoader | None = TableLoader(self.games_path)
        self._builder: IndexBuilder | None = None
        self._encoder: IndexEncoder | None = None
        self._decoder: IndexDecoder | None = None
        self._cache_tried = False
        self._rebuilt: str | None = None
        """Why the cache on disk was refused, when there was one."""
        self._done = False
        self._job = stepwise(self._stage_in_slice, lambda: self._done)
        self.started = False
        """Whether ``advance`` has been called (something is loading this library, or has)."""

    @property
    def done(self) -> bool:
        """Whether everything that will be loaded is."""
        return self._done

    @property
    def indexing(self) -> bool:
        """Whether the position index is on its way: loading started, not done, for the full database."""
        return self.started and not self._done and self.error is None and self.index is None and \
            self.games_path.name == WTHOR_PATH.name

    @property
    def status(self) -> str:
        """What is being done, for a progress line."""
        if self.error:
            return self.error
        if self._loader is not None:
            return _("Reading the master games")
        if self._decoder is not None:
            return _("Reading the openings' count")
        if self._builder is not None:
            return _("Counting all the games' openings (once)")
        if self._encoder is not None:
            return _("Saving the openings' count")
        return _("Ready")

    def progress_text(self) -> str:
        """The status with how far it has got: ``'Reading the master games: 40%'`` (the error if there is one)."""
        if self.error:
            return self.error
        percent = pgettext("percent", "{n}%").format(n=round(100 * self.progress))
        return _("{status}: {percent}").format(status=self.status, percent=percent)

    @property
    def progress(self) -> float:
        """The current stage's share done, 0 to 1."""
        if self._loader is not None:
            return self._loader.progress
        if self._builder is not None:
            return self._builder.progress
        if self._decoder is not None:
            return self._decoder.progress
        return 1.0 if self._encoder is None else 0.99

    def _cache_file(self) -> Path:
        return (self.cache_path or cache_dir()) / f"explorer-{self.plies}.bin"

    def take_note(self) -> str | None:
        """``note`` the first time it is asked for once there is one, then ``None`` (a screen says it once)."""
        if self.note is None or self._note_taken:
            return None
        self._note_taken = True
        return self.note

    def advance(self, max_ms: float) -> bool:
        """Work for about ``max_ms`` milliseconds; ``True`` when done (or stopped by an error)."""
        self.started = True
        self._job.advance(max_ms)
        return self._done

    def _stage_in_slice(self) -> None:
        """Work on the current stage for what is left of the slice (at least a millisecond)."""
        self._stage(max(1.0, (self._job.budget.slice_end - time.perf_counter()) * 1000))

    def _stage(self, max_ms: float) -> None:
        if self._loader is not None:
            started = time.perf_counter()
            finished = self._loader.advance(max_ms)
            self._add("table", started)
            if finished:
                self.table, self.error = self._loader.table, self._loader.error
                self._loader = None
                if self.table is None or not self.table.full:
                    self._done = True  # the subset: the explorer uses the book
            return
        assert self.table is not None
        if not self._cache_tried:
            self._cache_tried = True
            started = time.perf_counter()
            clean_cache_folder(self._cache_file().parent)
            self._decoder, self._rebuilt = check_cache(self._cache_file(), self.table.stamp, self.plies)
            self._add("cache_read", started)
            if self._decoder is None:
                self._builder = IndexBuilder(self.table, self.plies)
            return
        if self._decoder is not None:
            started = time.perf_counter()
            try:
                finished = self._decoder.advance(max_ms)
            except LibraryError as exc:  # a damaged cache: count again (and replace it)
                self._decoder, finished, self._rebuilt = None, False, str(exc)
                self._builder = IndexBuilder(self.table, self.plies)
            self._add("cache_read", started)
            if finished and self._decoder is not None:
                self.index, self._decoder = self._decoder.index, None
                self._done = True
            return
        if self._builder is not None:
            started = time.perf_counter()
            finished = self._builder.advance(max_ms)
            self._add("build", started)
            if finished:
                self.index = self._builder.index
                self._builder = None
                assert self.index is not None
                self._encoder = IndexEncoder(self.index)
            return
        assert self._encoder is not None
        started = time.perf_counter()
        finished = self._encoder.advance(max_ms)
        if finished:
            assert self._encoder.data is not None
            failed = write_cache(self._cache_file(), self._encoder.data)
            self.note = rebuilt_note("explorer", self._rebuilt, failed)
            self._encoder = None
            self._done = True
        self._add("cache_write", started)

    def _add(self, stage: str, started: float) -> None:
        self.timings[stage] = self.timings.get(stage, 0.0) + time.perf_counter() - started

    def run(self) -> LibraryService:
        """Load everything at once (the command line, benchmarks)."""
        self.started = True
        self._job.run_until(None)
        return self


_shared: LibraryService | None = None


def shared() -> LibraryService:
    """The process's library (created on first use; nothing is read until ``advance``)."""
    global _shared
    if _shared is None:
        _shared = LibraryService()
    return _shared


def set_shared(service: LibraryService | None) -> None:
    """Replace the process's library (tests point it at small files)."""
    global _shared
    _shared = service


def started_shared() -> LibraryService | None:
    """The shared library if something has started loading it, else ``None`` (creates nothing)."""
    return _shared if _shared is not None and _shared.started else None


def still_loading() -> bool:
    """Whether the shared library has started loading and is not done: what it shows (the explorer's figures) still
    changes by itself (never loads anything)."""
    loading = started_shared()
    return loading is not None and not loading.done


def index_pending() -> bool:
    """Whether the shared library is building (or reading) its position index now (never loads anything)."""
    return _shared is not None and _shared.indexing


def loaded_index() -> PositionIndex | None:
    """The shared library's position index if it is loaded, else ``None`` (never loads anything)."""
    return _shared.index if _shared is not None else None
