"""Desktop conventions: the per-user data folder of each platform, and opening a folder in the file manager.

* Linux and other Unix: ``$XDG_DATA_HOME/<app>``, else ``~/.local/share/<app>``
  (the XDG base directory specification; a relative ``XDG_DATA_HOME`` is
  ignored, as the specification says);
* macOS: ``~/Library/Application Support/<app>``;
* Windows: ``%APPDATA%\\<app>`` (the roaming profile), else ``~\\AppData\\Roaming\\<app>``.

The game has kept its data there since its first version, so there is no
older place to move saves from. This module imports nothing from pygame.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from game.i18n import _

APP_DIR_NAME = "othello-wasm"
"""The data folder's name (the distribution's name, distinct from other Othello programs' folders)."""


def data_home(platform: str = sys.platform, environ: Mapping[str, str] = os.environ,
              home: Path | None = None) -> Path:
    """The folder under which applications keep per-user data on ``platform``."""
    home = Path.home() if home is None else home
    if platform == "win32":
        appdata = environ.get("APPDATA", "")
        return Path(appdata) if appdata else home / "AppData" / "Roaming"
    if platform == "darwin":
        return home / "Library" / "Application Support"
    xdg = environ.get("XDG_DATA_HOME", "")
    return Path(xdg) if xdg and os.path.isabs(xdg) else home / ".local" / "share"


def app_data_dir(platform: str = sys.platform, environ: Mapping[str, str] = os.environ,
                 home: Path | None = None) -> Path:
    """The game's own data folder on ``platform`` (saves, settings, statistics, the window's place)."""
    return data_home(platform, environ, home) / APP_DIR_NAME


def open_command(path: Path, platform: str = sys.platform) -> Sequence[str] | None:
    """The command that shows ``path`` in the file manager; ``None`` on Windows (``os.startfile`` does it)."""
    if platform == "win32":
        return None
    return ["open" if platform == "darwin" else "xdg-open", str(path)]


def open_folder(path: Path, platform: str = sys.platform, launch: Callable[..., Any] | None = None) -> str | None:
    """Show ``path`` in the file manager (created first if missing); ``None`` or a one-line reason it could not.

    The file manager is started and left running (never waited for), so the
    game's frame goes on at once. ``launch`` stands in for ``subprocess.Popen``
    in tests.
    """
    import subprocess  # here, not at the top: the browser build imports this module and has no processes

    launch = subprocess.Popen if launch is None else launch
    try:
        path.mkdir(parents=True, exist_ok=True)
        command = open_command(path, platform)
        if command is None:
            os.startfile(path)  # type: ignore[attr-defined]  # Windows only
        else:
            launch(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   start_new_session=True)
    except (OSError, AttributeError) as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        return _("Could not open {path}: {reason}").format(path=path, reason=reason)
    return None


def shown_path(path: Path, home: Path | None = None) -> str:
    """``path`` for the player to read, with the home folder as ``~``."""
    home = Path.home() if home is None else home
    try:
        return str(Path("~") / path.relative_to(home))
    except ValueError:
        return str(path)


def shown_path_end(path: Path, home: Path | None = None, parts: int = 2) -> str:
    """``shown_path`` where there is no room for it: its last ``parts`` folders after an ellipsis (the start of a
    long path is the part every folder of the player's shares; its end is this game's).

    >>> shown_path_end(Path("/home/ann/.local/share/othello"), home=Path("/home/ann"))
    '…/share/othello'
    >>> shown_path_end(Path("/home/ann/othello"), home=Path("/home/ann"))
    '~/othello'
    """
    shown = Path(shown_path(path, home))
    if len(shown.parts) <= parts + 1:
        return str(shown)
    return str(Path("…", *shown.parts[-parts:]))
