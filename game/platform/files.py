"""Reading files from disk without trusting what is there: regular files only, a bounded read.

Every loader of a file that a user (or a damaged disk) can replace goes
through ``read_regular_file`` (or ``regular_file_chunks``, the same a step at a
time): the saved documents (``game.platform.storage``), the master games and
the library's caches (``game.library``), the catalogs, the evaluation's
weights, the opening books, the fonts; a file pygame opens by its path (a
sound, the icon) is checked by ``check_regular_file`` just before
(``tests/test_file_readers.py`` lists every reader). A FIFO in place
of a file would block a plain ``open`` forever, and a symlink to ``/dev/zero``
passes a size check made with ``stat`` (its size is 0) and is then read until
memory runs out. So the file is opened without blocking (``O_NONBLOCK``), the
*open descriptor* is checked (``fstat``: a regular file, no larger than the
caller's limit), and at most ``limit + 1`` bytes are read, so a file that grew
after the check is still refused rather than read without end.

``remove_stale_temporaries`` removes the temporary files a killed atomic write
leaves (``.<name>.<random>.tmp``), once they are old enough not to be another
copy's write in progress.

Standard library only; nothing here imports pygame.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import time
from collections.abc import Generator
from pathlib import Path

TEMP_SUFFIX = ".tmp"
"""Temporary files of atomic writes are ``.<name>.<random>.tmp`` in the folder of the file they replace."""
STALE_SECONDS = 60.0
"""How old a leftover temporary file must be to be removed (a younger one may be a write in progress)."""

_READ_STEP = 1 << 20
"""Bytes asked for per read beyond the size ``fstat`` gave (a file that grew)."""

_KINDS = (
    (stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe"), (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket"),
)  # fmt: skip
_OPEN_FLAGS = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
               | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0))


class UnreadableFileError(OSError):
    """A file refused before its bytes are read; ``str()`` is one line: the file's name and why."""

    def __str__(self) -> str:
        name = Path(str(self.filename)).name if self.filename else ""
        return f"{name}: {self.strerror}" if name else str(self.strerror)


class NotRegularFileError(UnreadableFileError):
    """The path is a FIFO, a device, a folder or a socket, not a file; ``strerror`` says which."""


class FileTooLargeError(UnreadableFileError):
    """The file is larger than the caller's limit; ``strerror`` gives the limit."""


def read_regular_file(path: Path | str, limit: int) -> bytes:
    """The bytes of the regular file at ``path``, which must be at most ``limit`` bytes.

    Never opens a device, never blocks on a named pipe and never reads more
    than ``limit + 1`` bytes.
    Raises ``FileNotFoundError`` and the other ``OSError`` of opening,
    ``NotRegularFileError`` for anything but a regular file (after following
    symlinks), ``FileTooLargeError`` for a file over ``limit`` bytes.
    """
    chunks = list(regular_file_chunks(path, limit))
    return chunks[0] if len(chunks) == 1 else b"".join(chunks)


def regular_file_chunks(path: Path | str, limit: int, step: int | None = None) -> Generator[bytes, None, None]:
    """``read_regular_file`` a chunk at a time, each at most ``step`` bytes (``None``: as few reads as can be).

    For a reader that must not hold a frame for the whole file (the browser
    reads the evaluation's weights a step a frame). The same refusals, raised
    before the first chunk (or, for a file that grew, at the end).
    """
    try:
        check_regular_file(path, limit)  # a device is not even opened
        fd = os.open(path, _OPEN_FLAGS)
    except ValueError:  # a NUL in the name
        raise UnreadableFileError(errno.EINVAL, "not a usable file name", str(path)) from None
    try:
        info = os.fstat(fd)
        _refuse_unless_regular(info.st_mode, path)  # replaced between the look and the open
        if info.st_size > limit:
            raise FileTooLargeError(errno.EFBIG, f"larger than {limit} bytes", str(path))
        total, cap = 0, limit + 1
        while total < cap:
            want = max(info.st_size + 1 - total, _READ_STEP) if step is None else step
            chunk = os.read(fd, min(cap - total, want))
            if not chunk:
                break
            total += len(chunk)
            if total > limit:  # it grew since fstat
                raise FileTooLargeError(errno.EFBIG, f"larger than {limit} bytes", str(path))
            yield chunk
    finally:
        os.close(fd)


def check_regular_file(path: Path | str, limit: int) -> None:
    """Refuse, as ``read_regular_file`` would, a path that is no regular file of at most ``limit`` bytes.

    For a file another library opens by its path (pygame's fonts, sounds and
    images: in the browser pygame reads paths only), checked just before.
    """
    try:
        info = os.stat(path)
    except ValueError:  # a NUL in the name
        raise UnreadableFileError(errno.EINVAL, "not a usable file name", str(path)) from None
    _refuse_unless_regular(info.st_mode, path)
    if info.st_size > limit:
        raise FileTooLargeError(errno.EFBIG, f"larger than {limit} bytes", str(path))


def _refuse_unless_regular(mode: int, path: Path | str) -> None:
    if not stat.S_ISREG(mode):
        kind = next((name for test, name in _KINDS if test(mode)), "not a file")
        raise NotRegularFileError(errno.EINVAL, f"not a regular file ({kind})", str(path))


def remove_stale_temporaries(directory: Path, stale_seconds: float = STALE_SECONDS) -> int:
    """Remove the ``.*.tmp`` files in ``directory`` at least ``stale_seconds`` old; how many went.

    Only regular files, and never raises: a folder that cannot be listed, or a
    file that cannot be removed, is left as it is.
    """
    removed = 0
    now = time.time()
    with contextlib.suppress(OSError):
        for leftover in Path(directory).glob(f".*{TEMP_SUFFIX}"):
            with contextlib.suppress(OSError):
                info = leftover.lstat()
                if stat.S_ISREG(info.st_mode) and now - info.st_mtime >= stale_seconds:
                    leftover.unlink()
                    removed += 1
    return removed
