"""Every file the game reads goes through the one bounded reader of regular files (``game.platform.files``).

The scan below lists each place in ``game/`` that opens or reads a file
(``open``, ``Path.read_bytes``/``read_text``/``open``, ``lzma.open``,
``os.open``, pygame's loaders, ...). Only the reader itself and the places
named in ``KNOWN_READERS``, each with its reason, may do so: a new
``path.read_bytes()`` fails here, where a named pipe in that file's place
would hang the game. Then each loader is handed a named pipe and must refuse
it at once.
"""

from __future__ import annotations

import ast
import os
import signal
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

GAME = Path(__file__).resolve().parent.parent / "game"
MODULES = {"lzma", "gzip", "bz2", "tarfile", "zipfile", "io", "os", "json", "pickle", "codecs", "shelve", "sqlite3",
           "mmap"}
"""Modules whose ``open``/``load``/``read`` reads a file."""
PYGAME_LOADERS = {"pygame.image.load", "pygame.mixer.Sound", "pygame.font.Font", "pygame.freetype.Font",
                  "pygame.mixer.music.load", "pygame.font.SysFont"}

KNOWN_READERS: dict[str, dict[str, str]] = {
    "game/platform/files.py": {"os.open": "the reader", "os.read": "the reader"},
    "game/platform/storage.py": {"os.fdopen": "writes a temporary file", "os.open": "opens a folder to sync it"},
    "game/interfaces/closed_pipe.py": {"os.open": "the null device, written to after a reader closed stdout"},
    "game/ui/assets.py": {"pygame.font.Font": "a font read whole and checked first (font_file)",
                          "pygame.mixer.Sound": "checked by check_regular_file just before",
                          "pygame.image.load": "checked by check_regular_file just before"},
}
"""The places besides the reader that open files, and why each may."""
BUILD_TOOLS = "game/web/"
"""The web build reads the project's own files on the developer's machine, never a player's."""


def readers(source: str) -> Iterator[tuple[int, str]]:
    """(line, what) for each call in ``source`` that opens or reads a file."""
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        function = node.func
        name = ast.unparse(function)
        if isinstance(function, ast.Name) and function.id == "open":
            yield node.lineno, "open"
        elif not isinstance(function, ast.Attribute):
            continue
        elif function.attr in ("read_bytes", "read_text") or name in PYGAME_LOADERS:
            yield node.lineno, function.attr if function.attr.startswith("read_") else name
        elif isinstance(function.value, ast.Name) and function.value.id in MODULES and function.attr in (
                "open", "fdopen", "load", "read", "ZipFile", "connect", "mmap"):
            yield node.lineno, name
        elif function.attr == "open" and (
                any(isinstance(arg, ast.Constant) and isinstance(arg.value, str) and arg.value[:1] in "rab"
                    for arg in node.args) or any(k.arg in ("encoding", "mode", "errors") for k in node.keywords)):
            yield node.lineno, "Path.open"


def test_the_scan_finds_each_kind_of_reader() -> None:
    source = ("a = p.read_bytes()\nb = open(x)\nc = lzma.open(p)\nd = p.open('rb')\ne = q.open(encoding='utf-8')\n"
              "f = pygame.mixer.Sound(s)\ng = scene.open(entry)\n")
    assert [what for _, what in readers(source)] == ["read_bytes", "open", "lzma.open", "Path.open", "Path.open",
                                                     "pygame.mixer.Sound"]


def test_every_file_the_game_reads_goes_through_the_one_reader() -> None:
    unexpected, unused = [], {(module, what) for module, kinds in KNOWN_READERS.items() for what in kinds}
    for path in sorted(GAME.rglob("*.py")):
        module = path.relative_to(GAME.parent).as_posix()
        if module.startswith(BUILD_TOOLS):
            continue
        for line, what in readers(path.read_text(encoding="utf-8")):
            if what in KNOWN_READERS.get(module, {}):
                unused.discard((module, what))
            else:
                unexpected.append(f"{module}:{line}: {what}")
    assert unexpected == [], "read these through game.platform.files.read_regular_file"
    assert unused == set(), "the list names a reader that is gone"


def _loaders() -> dict[str, Callable[[Path], object]]:
    from game import i18n
    from game.ai import Job, book, mpc, patterns
    from game.challenges import model
    from game.library import database
    from game.records import wthor

    def catalog(path: Path) -> object:
        i18n.LOCALE_DIR = path.parent
        return i18n.read_catalog("fr")

    def parameters(path: Path) -> object:
        mpc.PARAMETERS_PATH = path
        return mpc._parameters_text()

    return {"book": book.load_book, "weights": patterns.load,
            "weights in steps": lambda path: Job(patterns.loading(path)).run(),
            "wthor": lambda path: list(wthor.read_games(path)), "library": database.read_games_file,
            "challenges": model.load_challenges, "catalog": catalog, "mpc": parameters}


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
@pytest.mark.parametrize("name", sorted(_loaders()))
def test_each_loader_refuses_a_named_pipe_at_once(name: str, tmp_path: Path, monkeypatch) -> None:
    from game import i18n
    from game.ai import mpc

    monkeypatch.setattr(i18n, "LOCALE_DIR", i18n.LOCALE_DIR)
    monkeypatch.setattr(mpc, "PARAMETERS_PATH", mpc.PARAMETERS_PATH)
    pipe = tmp_path / "fr.mo"
    os.mkfifo(pipe)

    def hung(*_: object) -> None:
        raise TimeoutError(f"the {name} loader waits on a named pipe")

    previous = signal.signal(signal.SIGALRM, hung)
    signal.alarm(5)
    try:
        with pytest.raises((OSError, ValueError)) as refused:
            _loaders()[name](pipe)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    assert not isinstance(refused.value, TimeoutError)
    assert "named pipe" in str(refused.value) or "regular file" in str(refused.value)
