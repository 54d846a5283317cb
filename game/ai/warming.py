"""The AI made ready behind the menu, a step at a time: its modules imported, then what its searches load.

The game's first frame does not import the AI's searches, its evaluation or
its book (``game.ai`` imports those when a name of theirs is first used:
``game.ai.LATER``). ``warm_up()`` imports them one module a step, each after
the modules it imports (read from its source's top-level imports, not run, one
source a step; the standard library's modules it imports each in a step of its own), so that no step
executes more than one of the game's modules, and compiles a module without a
fresh ``.pyc`` in a step before its import (``game.platform.bytecode``); then ``thinking.load_ahead``
loads the weights, the book and the tables, and compiles the generated
functions, in steps of about a millisecond in WebAssembly. A game loop
advances it in each frame's slice (``App``); the command line runs it whole.
"""

from __future__ import annotations

import sys
from collections.abc import Generator, Iterable
from importlib import import_module
from importlib.util import find_spec
from pathlib import Path

from game.platform.bytecode import SOURCE_LIMIT, compile_module, import_each, standard_imports, top_level_imports
from game.platform.files import read_regular_file


def imports_of(name: str) -> list[str]:
    """The game's modules that module ``name`` imports at its top level, from its source (nothing is run):
    ``game.platform.bytecode.top_level_imports``, a name imported from a package that is a module counted too.

    Imports inside functions or ``if TYPE_CHECKING:`` are indented and not counted: they are not run
    when the module is.

    >>> imports_of("game.ai.cutoffs")
    ['game.engine.bitboard', 'game.ai.table']
    """
    return _imports(name)[0]


def _imports(name: str) -> tuple[list[str], list[str]]:
    """``imports_of(name)``, and the standard library's modules it imports at its top level (one reading)."""
    spec = find_spec(name)
    if spec is None or spec.origin is None:
        return [], []
    is_package = spec.submodule_search_locations is not None
    package = name if is_package else name.rpartition(".")[0]
    root = Path(spec.origin).parents[name.count(".") + is_package]  # the folder the game's package is in
    source = read_regular_file(spec.origin, SOURCE_LIMIT).decode("utf-8")
    return top_level_imports(source, package, root), standard_imports(source)


def importing(names: Iterable[str]) -> Generator[None, None, None]:
    """Import the modules ``names`` and the game's modules they import, one module a step, each after its own.

    A module's package counts as one of its imports (Python imports it first).
    """
    for name in names:
        yield from _import_after_its_imports(name, set())


def _import_after_its_imports(name: str, seen: set[str]) -> Generator[None, None, None]:
    if name in sys.modules or name in seen:
        return
    seen.add(name)
    package = name.rpartition(".")[0]
    if package:  # first: finding a module's source imports its package
        yield from _import_after_its_imports(package, seen)
    imported, standard = _imports(name)
    yield None  # a step of its own: a chain of modules not imported yet is read one source a step
    for module in imported:
        yield from _import_after_its_imports(module, seen)
    # the standard library's too, each in a step of its own (hashlib's import loads five modules of its own)
    yield from (None for _ in import_each(standard))
    spec = find_spec(name)
    if spec is not None and spec.origin is not None and compile_module(Path(spec.origin)):
        yield None  # compiled in a step of its own: the import below only runs it
    import_module(name)
    yield None


def warm_up() -> Generator[None, None, None]:
    """Import the AI's modules, then load what its searches need, a step at a time (see the module's text)."""
    from . import LATER  # the door's, imported by now: the modules its names come from

    yield from importing(sorted({f"{__package__}.{module}" for module in LATER.values()}))
    from .thinking import load_ahead  # imported above, a module a step

    yield from load_ahead()
