"""The game's modules compiled into Python's bytecode cache ahead of their import, and imported ahead where they
can be, one module a step.

In the browser the packed app has no ``.pyc`` (shipping them would more than
triple the code's download), so every import compiles its module's source,
and compiling was about 40 % of the time from ``main.py`` to the first frame.
While the page waits for the player's tap the runtime has nothing to do: its
boot code (``index.html``) runs ``ahead_of_the_tap`` about 12 ms of each frame
until the tap: the modules ``main.py`` imports compiled first, then those of
them that need no installed package (pygame-ce comes after the tap) imported,
with the standard library's modules they import, then the others compiled. An
import afterwards finds the module imported, or a fresh
``__pycache__/<module>.cpython-312.pyc`` and only runs it. The AI's warm-up
behind the menu compiles each module it imports in a step of its own
(``compile_module``), so no frame both compiles and runs a module.

The cache is Python's own: a timestamp ``.pyc`` beside the source, written
atomically by ``py_compile``, valid exactly when the import would take it
(``fresh_bytecode``). A source that does not compile, or a folder that cannot
be written, is left to the import, which compiles as it always did.

Standard library only; nothing here imports pygame.
"""

from __future__ import annotations

import functools
import importlib
import py_compile
import re
import sys
from collections.abc import Generator, Iterable
from contextlib import closing, suppress
from importlib.util import MAGIC_NUMBER, cache_from_source
from pathlib import Path
from typing import NamedTuple

from game.platform.files import read_regular_file, regular_file_chunks

_TOP_LEVEL_IMPORT = re.compile(r"^from (\.?)([\w.]+) import (\([^)]*\)|[^\n]*)", re.MULTILINE)
"""``from .x import a, b`` or ``from game.x.y import (a, b)`` at a line's start: an import the module's body runs."""
_TOP_LEVEL_PLAIN_IMPORT = re.compile(r"^import ([\w.]+(?: as \w+)?(?:, *[\w.]+(?: as \w+)?)*) *$", re.MULTILINE)
"""``import a, b.c as d`` at a line's start (names only: not a docstring's line that begins with "import")."""
_ALIAS = re.compile(r"\s+as\s+\w+")
HEADER_BYTES = 16
"""A ``.pyc``'s header: magic number, flags, the source's modification time and its size (PEP 552)."""
SOURCE_LIMIT = 1 << 20
"""The largest module source compiled ahead (the game's are at most 450 lines); a larger one is left to its import."""
BYTECODE_LIMIT = 8 * SOURCE_LIMIT
"""The largest ``.pyc`` looked at (only its header is read)."""
writes = not sys.dont_write_bytecode
"""Whether ``compile_module`` writes a ``.pyc``: where Python's own imports would (not under ``-B`` or
``PYTHONDONTWRITEBYTECODE``), or once the page's boot code has asked for it by compiling ahead (the page's
folder is the game's own; Pyodide's CPython starts with ``dont_write_bytecode`` set)."""
START = "main.py"
"""The script the page runs: its imports are the start's path, compiled first."""
START_MODULES = ("game.app", "game.scenes.menu")
"""What the start imports inside functions, so that its source does not show: the app (``game.start`` imports
it when it runs, so that a broken import is shown on the page) and the menu (a screen is imported when first
opened). ``tests/test_startup_imports.py`` checks the path against the modules the menu's first frame loads."""


PYGAME_STANDARD_IMPORTS = ("difflib",)
"""What pygame-ce's own import brings in from the standard library that the runtime has not loaded by the tap
(``pygame/sysfont.py`` imports ``difflib``: about 26 ms in Pyodide, whose standard library has no bytecode)."""


def top_level_imports(source: str, package: str, root: Path | None = None) -> list[str]:
    """The game's modules that a module's ``source`` imports at its top level (``package``: the module's own).

    Each ``from`` module, and where the sources' ``root`` is given, each name imported from a package that
    is a module of its own (``from game.platform import browser``). Imports inside functions or ``if
    TYPE_CHECKING:`` are indented and not counted: they are not run when the module is.

    >>> top_level_imports("from .cutoffs import x\\nfrom game.engine import y\\n    from .later import z\\n", "game.ai")
    ['game.ai.cutoffs', 'game.engine']
    >>> top_level_imports("from game.platform import browser, links as shared\\n", "game", Path(__file__).parents[2])
    ['game.platform', 'game.platform.browser', 'game.platform.links']
    """
    found = []
    for dot, module, names in _TOP_LEVEL_IMPORT.findall(source):
        module = (package if module == "." else f"{package}.{module}") if dot or module == "." else module
        found.append(module)
        # only a package has modules for names: a file looked up per name imported from a module cost a
        # warm-up step 100 stat calls, 0.35 ms each in the browser's file system on a phone
        if root is not None and _is_package(root, module):
            imported = re.findall(r"\w+", _ALIAS.sub("", names))
            found += [f"{module}.{name}" for name in imported if module_source(root, f"{module}.{name}") is not None]
    return [module for module in found if module == "game" or module.startswith("game.")]


@functools.lru_cache(maxsize=512)
def _is_package(root: Path, name: str) -> bool:
    """Whether ``name`` is a package under ``root`` (asked once per name: the game's modules import from a few)."""
    return root.joinpath(*name.split("."), "__init__.py").is_file()


def standard_imports(source: str) -> list[str]:
    """The standard library's modules that a module's ``source`` imports at its top level.

    >>> standard_imports("import os, json as j\\nfrom dataclasses import field\\nfrom .x import y\\n    import csv\\n")
    ['os', 'json', 'dataclasses']
    """
    return [name for name in _absolute_imports(source) if name.split(".")[0] in sys.stdlib_module_names]


def package_imports(source: str) -> list[str]:
    """The modules that a module's ``source`` imports at its top level from installed packages: neither the
    standard library's nor the game's (in the browser those are there only once pygbag has installed them).

    >>> package_imports("import os\\nimport pygame.freetype\\nfrom . import theme\\nfrom pygame import Rect\\n"
    ...                 "import them all, then run\\n")  # the last: a docstring's line, not an import
    ['pygame.freetype', 'pygame']
    """
    return [name for name in _absolute_imports(source)
            if name.split(".")[0] not in sys.stdlib_module_names and name.split(".")[0] != "game"]


def _absolute_imports(source: str) -> list[str]:
    """The modules ``source``'s top-level ``import`` and ``from`` lines name, but relative ones and ``__future__``."""
    plain = [_ALIAS.sub("", name).strip() for names in _TOP_LEVEL_PLAIN_IMPORT.findall(source)
             for name in names.split(",")]
    named = [module for dot, module, _ in _TOP_LEVEL_IMPORT.findall(source) if not dot and module != "."]
    return [name for name in plain + named if name != "__future__"]


def imports_ahead(start: list[StartModule]) -> Generator[str, None, None]:
    """Import what the ``start``'s modules (``walk_start``) import that needs no installed package, a module a step.

    First the standard library's modules they import at their top level, then pygame-ce's
    (``PYGAME_STANDARD_IMPORTS``), then, in the start's order, the game's modules whose import runs no
    installed package (``importable_early``); each module imported is yielded by name. The page runs this
    while it waits for the tap, before pygbag installs pygame-ce: Pyodide's standard library has no
    bytecode, so each of its imports compiles the module (``dataclasses`` about 29 ms, ``gettext`` 12),
    and the game's modules run their bodies (``dataclass`` writing its classes' methods); after the tap
    the start finds them imported. A module that fails to import is left to the start's own import,
    which reports it.
    """
    yield from import_each([name for module in start for name in standard_imports(module.text)])
    yield from import_each(PYGAME_STANDARD_IMPORTS)
    yield from import_each(importable_early({module.name: module.imports for module in start},
                                            {module.name: bool(package_imports(module.text)) for module in start}))


def importable_early(imports: dict[str, list[str]], needs_packages: dict[str, bool]) -> list[str]:
    """The modules of ``imports`` (each module's game imports, the modules in import order) whose import runs no
    installed package: neither they nor any game module their import runs (their imports, their packages, theirs
    in turn) imports one (``needs_packages``). A module not in ``imports`` counts as one that does.

    >>> importable_early({"game": [], "game.a": ["game.b"], "game.b": ["game.a"], "game.c": ["game.a", "game.d"],
    ...                   "game.d": []}, {"game": False, "game.a": False, "game.b": False, "game.c": False,
    ...                                   "game.d": True})
    ['game', 'game.a', 'game.b']
    """
    early = {name for name, needs in needs_packages.items() if not needs}
    changed = True
    while changed:  # the largest set closed under "its import runs": an import cycle of such modules stays in
        changed = False
        for name in sorted(early):
            if any(module not in early for module in _parents(name) + imports.get(name, [])):
                early.discard(name)
                changed = True
    return [name for name in imports if name in early]


def _parents(name: str) -> list[str]:
    """The packages a module's import imports first, outermost first: ``game.ui.text`` -> ``game``, ``game.ui``."""
    return [".".join(name.split(".")[:depth]) for depth in range(1, name.count(".") + 1)]


def import_each(names: Iterable[str]) -> Generator[str, None, None]:
    """Import each module of ``names`` not imported yet, one a step, yielding its name.

    One that fails is left to the import that needs it, which says what is wrong.
    """
    for name in names:
        if name in sys.modules:
            continue
        with suppress(Exception):  # the start imports it again and says what is wrong
            importlib.import_module(name)
        yield name


def fresh_bytecode(source: Path) -> bool:
    """Whether ``source``'s cached ``.pyc`` is one the import would take: this Python's, made from this source.

    A timestamp ``.pyc`` records the source's modification time and size; a hash-based one (flags
    set) is the import's to check, and counts as fresh here.
    """
    try:
        with closing(regular_file_chunks(cache_from_source(str(source)), BYTECODE_LIMIT, HEADER_BYTES)) as pyc:
            header = next(pyc, b"")
        status = source.stat()
    except (OSError, ValueError, NotImplementedError):
        return False
    if len(header) < HEADER_BYTES or header[:4] != MAGIC_NUMBER:
        return False
    if int.from_bytes(header[4:8], "little") != 0:
        return True
    return (int.from_bytes(header[8:12], "little") == int(status.st_mtime) & 0xFFFFFFFF
            and int.from_bytes(header[12:16], "little") == status.st_size & 0xFFFFFFFF)


def compile_module(source: Path) -> bool:
    """Write ``source``'s ``.pyc`` unless a fresh one is there; whether this call compiled it.

    Nothing is written unless ``writes``, nor for a source over ``SOURCE_LIMIT``, one that does not
    compile (its import will report it) or one whose folder cannot be written.
    """
    if not writes or sys.implementation.cache_tag is None or fresh_bytecode(source):
        return False
    try:
        if not source.is_file() or source.stat().st_size > SOURCE_LIMIT:
            return False
        py_compile.compile(str(source), doraise=True, invalidation_mode=py_compile.PycInvalidationMode.TIMESTAMP)
    except (py_compile.PyCompileError, OSError, ValueError, UnicodeDecodeError):
        return False
    return True


def module_source(root: Path, name: str) -> Path | None:
    """The source file of the game's module ``name`` under ``root`` (a package's ``__init__.py``), if any.

    >>> module_source(Path(__file__).parents[2], "game.platform") is not None
    True
    """
    base = root.joinpath(*name.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def start_path(root: Path, start: str = START) -> list[Path]:
    """The game's sources under ``root`` that the start imports, in the order it imports them.

    Read from the sources' top-level imports (``top_level_imports``), beginning at ``start``'s and then
    ``START_MODULES``, each module after its package and its own imports; nothing is run.
    """
    return [module.source for module in walk_start(root, start)]


def start_order(root: Path, start: str = START) -> list[Path]:
    """Every source of the game under ``root``: the ``start_path`` first, then the others by name."""
    first = start_path(root, start)
    return [*first, *_the_rest(root, first)]


def compile_ahead(root: Path) -> Generator[Path, None, None]:
    """Compile the game's modules under ``root`` in ``start_order``, yielding each module once it is done.

    A step is one module: its source read for its imports, then compiled unless its ``.pyc`` is
    fresh (at most about 11 ms in Pyodide for the largest), so the order's reading is spread over
    the steps too. The caller stops when it likes. From here on ``compile_module`` writes (``writes``).
    """
    start: list[StartModule] = []
    yield from _compile_start(root, start)
    yield from _compile_the_rest(root, start)


def ahead_of_the_tap(root: Path) -> Generator[Path | str, None, None]:
    """What the page does while it waits for the player's tap, a step at a time: compile the start's modules
    (``compile_ahead``'s first part), import what they import that needs no installed package
    (``imports_ahead``), then compile the game's other modules. Each step yields the source compiled or
    the module imported; the page stops at the tap, and whatever is left the start's imports do as always.
    """
    start: list[StartModule] = []
    yield from _compile_start(root, start)
    yield from imports_ahead(start)
    yield from _compile_the_rest(root, start)


def _compile_start(root: Path, walked: list[StartModule]) -> Generator[Path, None, None]:
    """Compile the start's modules, a module a step, each yielded and kept in ``walked``."""
    global writes
    writes = True
    for module in walk_start(root, START):
        walked.append(module)
        compile_module(module.source)
        yield module.source


def _compile_the_rest(root: Path, start: list[StartModule]) -> Generator[Path, None, None]:
    """Compile the game's modules not on the start's path, yielding each one compiled (a fresh one is no step)."""
    for source in _the_rest(root, [module.source for module in start]):
        if compile_module(source):
            yield source


class StartModule(NamedTuple):
    """A module the start imports, as its source reads: ``walk_start`` gives them in import order."""

    name: str
    source: Path
    text: str
    imports: list[str]
    """The game's modules its body imports (``top_level_imports``)."""


def walk_start(root: Path, start: str = START) -> Generator[StartModule, None, None]:
    """The modules of ``start_path``, a module at a time, each yielded once its imports have been (each source read
    once)."""
    entered: set[Path] = set()

    def visit(name: str) -> Generator[StartModule, None, None]:
        source = module_source(root, name)
        if source is None or source in entered:
            return
        entered.add(source)  # before its imports: an import cycle ends here
        package = name if source.name == "__init__.py" else name.rpartition(".")[0]
        text = _read(source)
        imports = top_level_imports(text, package, root)
        for module in _parents(name) + imports:
            yield from visit(module)
        yield StartModule(name, source, text, imports)  # after them, as the import runs them

    for name in [*top_level_imports(_read(root / start), ""), *START_MODULES]:
        yield from visit(name)


def _the_rest(root: Path, first: list[Path]) -> list[Path]:
    return sorted(set((root / "game").rglob("*.py")).difference(first))


def _read(source: Path) -> str:
    try:
        return read_regular_file(source, SOURCE_LIMIT).decode("utf-8", errors="replace")
    except (OSError, ValueError):  # the import will say what is wrong with it
        return ""
