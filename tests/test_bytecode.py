"""Modules compiled into Python's bytecode cache ahead of their import (``game.platform.bytecode``).

The page compiles the game's modules while it waits for the player's tap, and the AI's warm-up compiles
each module in a step before its import; both only help if the import then takes the ``.pyc`` as it is.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.platform import bytecode
from game.platform.bytecode import compile_ahead, compile_module, fresh_bytecode, start_order, start_path

REPO = Path(__file__).resolve().parent.parent


def same_size_edit(source: Path, text: str) -> None:
    """Replace ``source``'s text by one of the same size and keep its time: a ``.pyc`` of the old stays valid."""
    status = source.stat()
    assert len(text.encode()) == status.st_size
    source.write_text(text)
    os.utime(source, ns=(status.st_atime_ns, status.st_mtime_ns))


@pytest.fixture
def package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A tree like the packed app's: ``main.py`` and a ``game`` package, first on ``sys.path``, no ``.pyc``."""
    game = tmp_path / "game"
    (game / "ui").mkdir(parents=True)
    (tmp_path / "main.py").write_text("import sys\nfrom game.start import run\n")
    (game / "__init__.py").write_text("")
    (game / "start.py").write_text("from game.ui.menu import MENU\nrun = 1\n")
    (game / "ui" / "__init__.py").write_text("")
    (game / "ui" / "menu.py").write_text("from .text import TEXT\nMENU = 1\n")
    (game / "ui" / "text.py").write_text("TEXT = 1\n")
    (game / "later.py").write_text("def go():\n    from game.ui.text import TEXT\nLATER = 1\n")
    (game / "about.py").write_text("ABOUT = 1\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(sys, "dont_write_bytecode", True)  # as in the page: only compiling ahead writes
    monkeypatch.setattr(bytecode, "writes", True)  # as once the page has compiled ahead
    for name in [name for name in sys.modules if name == "game" or name.startswith("game.")]:
        monkeypatch.delitem(sys.modules, name)
    yield tmp_path
    importlib.invalidate_caches()


def test_the_start_is_compiled_first_each_module_after_its_package_and_imports(package: Path) -> None:
    order = [path.relative_to(package).as_posix() for path in start_order(package)]
    assert order == ["game/__init__.py", "game/ui/__init__.py", "game/ui/text.py", "game/ui/menu.py",
                     "game/start.py", "game/about.py", "game/later.py"]  # then the rest by name


def test_the_import_runs_the_compiled_module_without_compiling_its_source(package: Path) -> None:
    done = list(compile_ahead(package))
    assert done == start_order(package) and all(fresh_bytecode(path) for path in done)
    # the source changed without a trace (same size and time): only a .pyc taken as it is says 1
    same_size_edit(package / "game" / "about.py", "ABOUT = 2\n")
    importlib.invalidate_caches()
    assert importlib.import_module("game.about").ABOUT == 1
    written = {path: os.stat(importlib.util.cache_from_source(str(path))).st_mtime_ns for path in done}
    again = list(compile_ahead(package))  # the start's modules are read again, none compiled: each one fresh
    assert again == start_order(package)[:5]
    assert written == {path: os.stat(importlib.util.cache_from_source(str(path))).st_mtime_ns for path in done}


def test_a_changed_source_is_compiled_again_and_the_import_takes_the_change(package: Path) -> None:
    source = package / "game" / "about.py"
    assert compile_module(source)
    source.write_text("ABOUT = 22\n")  # another size: the old .pyc is stale
    assert not fresh_bytecode(source)
    assert compile_module(source) and fresh_bytecode(source)
    importlib.invalidate_caches()
    assert importlib.import_module("game.about").ABOUT == 22


def test_a_stale_header_is_not_fresh(package: Path) -> None:
    source = package / "game" / "about.py"
    compile_module(source)
    cached = Path(importlib.util.cache_from_source(str(source)))
    for damage in (b"", b"\0" * 16, cached.read_bytes()[:10]):
        cached.write_bytes(damage)
        assert not fresh_bytecode(source)
    cached.unlink()
    if hasattr(os, "mkfifo"):
        os.mkfifo(cached)
        assert not fresh_bytecode(source)  # a FIFO in the .pyc's place: refused at once, never waited on


def test_a_source_that_does_not_compile_is_left_to_its_import(package: Path) -> None:
    broken = package / "game" / "broken.py"
    broken.write_text("def (:\n")
    assert not compile_module(broken)
    assert not Path(importlib.util.cache_from_source(str(broken))).exists()
    compiled = [path.name for path in compile_ahead(package)]
    assert "broken.py" not in compiled and "about.py" in compiled  # the others still compiled
    with pytest.raises(SyntaxError):
        importlib.import_module("game.broken")


def test_what_cannot_be_compiled_or_written_is_skipped(package: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    big = package / "game" / "big.py"
    big.write_text("X = 1\n" + "#" * bytecode.SOURCE_LIMIT)
    assert not compile_module(big)  # over the limit: its import compiles it
    if hasattr(os, "mkfifo"):
        os.mkfifo(package / "game" / "pipe.py")
        assert not compile_module(package / "game" / "pipe.py")  # never opened
    cache = package / "game" / "__pycache__"
    cache.write_text("a file where the cache's folder would be: nothing can be written under it")
    assert not compile_module(package / "game" / "about.py") and not fresh_bytecode(package / "game" / "about.py")
    assert importlib.import_module("game.about").ABOUT == 1  # the import compiles it as it always did


def test_nothing_is_written_where_python_is_told_not_to_until_the_page_compiles_ahead(
        package: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bytecode, "writes", False)  # python -B, PYTHONDONTWRITEBYTECODE: the warm-up writes nothing
    assert not compile_module(package / "game" / "about.py")
    assert not (package / "game" / "__pycache__").exists()
    next(compile_ahead(package))  # the page's boot code asks: from now on the warm-up writes too
    assert bytecode.writes and compile_module(package / "game" / "about.py")


def test_the_games_own_start_is_read_from_main_py() -> None:
    order = [path.relative_to(REPO).as_posix() for path in start_order(REPO)]
    assert len(order) == len(set(order)) == len(list((REPO / "game").rglob("*.py")))
    assert order.index("game/__init__.py") < order.index("game/platform/__init__.py") < order.index(
        "game/platform/browser.py")
    assert order.index("game/app.py") < order.index("game/scenes/menu.py") < order.index("game/ai/search.py")


def run_fresh(code: str) -> str:
    """``code`` run by a fresh interpreter in the checkout (nothing imported yet); its output."""
    import subprocess

    completed = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=120,
                               check=True, env={**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
    return completed.stdout.strip()


def test_what_the_start_imports_that_needs_no_package_is_imported_ahead_one_module_a_step() -> None:
    import json

    steps, pygame_imported, game_modules = json.loads(run_fresh(
        "import json, sys\nfrom pathlib import Path\n"
        "from game.platform.bytecode import imports_ahead, walk_start\n"
        "steps = [[name, name in sys.modules] for name in imports_ahead(list(walk_start(Path('.'))))]\n"
        "print(json.dumps([steps, 'pygame' in sys.modules,\n"
        "                  sorted(name for name in sys.modules if name.startswith('game'))]))"))
    names = [name for name, _ in steps]
    assert all(imported for _, imported in steps) and len(names) == len(set(names))
    assert {"dataclasses", "gettext"} <= set(names)  # what the app's and the scenes' modules import
    assert set(bytecode.PYGAME_STANDARD_IMPORTS) <= set(names)
    # the game's own modules that import no package, directly or through another, were run; not one that does
    assert not pygame_imported
    assert {"game.start", "game.i18n", "game.engine", "game.ai", "game.play.settings", "game.play.store",
            "game.ui.theme"} <= set(game_modules)
    assert not {"game.app", "game.ui.text", "game.ui.assets", "game.scenes", "game.scenes.menu"} & set(game_modules)
    first_game = next(index for index, name in enumerate(names) if name.startswith("game"))
    assert not any(name.startswith("game") for name in names[:first_game])  # the standard library's first
    assert not any(not name.startswith("game") for name in names[first_game:])


def test_the_wait_compiles_the_start_then_imports_ahead_then_compiles_the_rest(package: Path) -> None:
    (package / "game" / "ui" / "menu.py").write_text("import pygame\nfrom .text import TEXT\nMENU = 1\n")
    steps = list(bytecode.ahead_of_the_tap(package))
    start = start_path(package)
    assert steps[:len(start)] == start and all(map(fresh_bytecode, start))
    imported = [step for step in steps[len(start):] if isinstance(step, str)]
    # the menu imports a package (pygame, installed after the tap), and the start imports the menu
    assert [name for name in imported if name.startswith("game")] == ["game", "game.ui", "game.ui.text"]
    assert "game.ui.menu" not in sys.modules and "game.start" not in sys.modules
    rest = [step for step in steps[len(start):] if isinstance(step, Path)]
    assert rest == [package / "game" / "about.py", package / "game" / "later.py"]
    assert steps.index(rest[0]) > max(steps.index(name) for name in imported)  # after the imports


def test_an_import_cycle_of_modules_that_need_no_package_is_imported_ahead_and_one_that_fails_is_left(
        package: Path) -> None:
    (package / "game" / "ui" / "text.py").write_text("from game.ui.menu import MENU\nTEXT = 1\n")
    (package / "game" / "ui" / "menu.py").write_text("from . import text\nMENU = 1\n")
    (package / "game" / "start.py").write_text("from game.ui.menu import MENU\nraise RuntimeError('at start')\n")
    names = [step for step in bytecode.ahead_of_the_tap(package) if isinstance(step, str) and step.startswith("game")]
    assert {"game.ui.menu", "game.ui.text"} <= set(sys.modules)
    assert "game.start" in names and "game.start" not in sys.modules  # tried; the start's import says what failed
    with pytest.raises(RuntimeError, match="at start"):
        importlib.import_module("game.start")


def test_pygames_standard_imports_are_what_its_import_brings() -> None:
    # the list is pygame-ce's, not read from its sources (the page has no pygame before the tap): kept true here
    brought = run_fresh("import sys\nbefore = set(sys.modules)\nimport pygame\n"
                        "print(' '.join(sorted(set(sys.modules) - before)))").split()
    assert set(bytecode.PYGAME_STANDARD_IMPORTS) <= set(brought)
