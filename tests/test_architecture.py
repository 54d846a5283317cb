"""The house plan, checked from the code's own imports (read with ``ast``, nothing is run).

The layers depend one way: engine <- ai <- the models (library, records,
play, review, challenges, trainer) <- ui and scenes (pygame) <- the app <-
the entry points. No import circle; the top of ``game/`` holds only entry
points; what runs in the browser or on the command line imports no pygame
where it must not.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

GAME = Path(__file__).resolve().parent.parent / "game"

ENTRY_POINTS = {"app", "cli", "start"}
"""The modules at the top of ``game/`` besides ``__init__`` and ``__main__`` (at most four)."""

PYGAME_FREE = ("game.i18n", "game.engine", "game.ai", "game.library", "game.records", "game.play", "game.review",
               "game.challenges", "game.trainer", "game.interfaces.gtp",
               "game.platform.storage", "game.platform.documents", "game.platform.web_storage", "game.platform.files",
               "game.platform.bytecode", "game.platform.links", "game.platform.dirs", "game.platform.resources",
               "game.platform.languages")
"""Packages and modules that never import pygame (they run under Pyodide and on the command line)."""

FILE_READER = "game.platform.files"
"""The one bounded reader of regular files: standard library only, so the lowest layers may read through it."""
BYTECODE = "game.platform.bytecode"
"""The modules compiled ahead of their import (the AI's warm-up compiles through it): the file reader beneath."""
LOWER_LAYERS = {
    FILE_READER: (),
    BYTECODE: (FILE_READER,),
    "game.i18n": ("game.i18n", FILE_READER),
    "game.engine": ("game.engine",),
    "game.ai": ("game.engine", "game.ai", FILE_READER, BYTECODE),
}
"""What the pure layers may import from the game (nothing above them; the file reader, which imports nothing)."""

MODEL_PACKAGES = ("game.library", "game.records", "game.play", "game.review", "game.challenges", "game.trainer",
                  "game.platform", "game.interfaces")
"""Below the screen: none of these imports the scenes, the ui or the app."""


def module_name(path: Path) -> str:
    """``game/play/match.py`` -> ``game.play.match``; a package's ``__init__`` is the package."""
    parts = list(path.relative_to(GAME.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    """Every module of the game (the web build's tooling included)."""
    return {module_name(path): path for path in sorted(GAME.rglob("*.py"))}


def imported(path: Path, name: str, known: set[str]) -> Iterator[str]:
    """The modules ``path`` imports anywhere in it (inside functions too), resolved to known game modules."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            yield source
            for alias in node.names:  # ``from game.platform import browser`` imports a module
                if f"{source}.{alias.name}" in known:
                    yield f"{source}.{alias.name}"


def import_graph() -> dict[str, set[str]]:
    """Each game module -> the game modules (and outside packages) it imports."""
    found = modules()
    known = set(found)
    return {name: set(imported(path, name, known)) for name, path in found.items()}


def inside(name: str, prefix: str) -> bool:
    """Whether module ``name`` is ``prefix`` or below it."""
    return name == prefix or name.startswith(prefix + ".")


def test_the_import_graph_reads_the_code() -> None:
    graph = import_graph()
    assert "game.engine.position" in graph["game.engine"]  # relative imports resolve
    assert "game.platform.browser" in graph["game.platform.web_storage"]  # ``from package import module`` counts
    assert "pygame" in graph["game.app"]


def test_there_is_no_import_circle() -> None:
    graph = import_graph()
    edges = {name: {t for t in targets if t in graph and t != name} for name, targets in graph.items()}
    # a package's ``__init__`` re-exporting its own modules is not a circle between modules
    edges = {name: {t for t in targets if not inside(t, name) and not (inside(name, t) and t != "game")}
             for name, targets in edges.items()}
    state: dict[str, int] = {}
    circles: list[list[str]] = []

    def visit(name: str, path: list[str]) -> None:
        state[name] = 1
        for target in sorted(edges[name]):
            if state.get(target) == 1:
                circles.append(path[path.index(target):] + [target] if target in path else [name, target])
            elif target not in state:
                visit(target, path + [target])
        state[name] = 2

    for name in sorted(edges):
        if name not in state:
            visit(name, [name])
    assert circles == []


def test_the_top_of_the_game_holds_only_entry_points() -> None:
    top = {path.stem for path in GAME.glob("*.py")} - {"__init__", "__main__"}
    assert top == ENTRY_POINTS
    assert len(top) <= 4


def test_the_lower_layers_import_nothing_above_them() -> None:
    for name, targets in import_graph().items():
        game_targets = {t for t in targets if inside(t, "game")}
        for layer, allowed in LOWER_LAYERS.items():
            if inside(name, layer):
                assert all(any(inside(t, a) for a in allowed) for t in game_targets), (name, game_targets)
        if any(inside(name, package) for package in MODEL_PACKAGES):
            above = {t for t in game_targets if any(inside(t, p) for p in ("game.scenes", "game.ui", "game.app"))}
            assert above == set(), name


def test_everything_outside_the_ai_comes_in_by_its_one_door() -> None:
    """Code outside ``game/ai`` imports ``game.ai`` (its ``__init__``), never one of its modules."""
    behind = {}
    for name, targets in import_graph().items():
        if inside(name, "game.ai"):
            continue
        reached = {t for t in targets if inside(t, "game.ai") and t != "game.ai"}
        if reached:
            behind[name] = reached
    assert behind == {}


LAB = ("tools", "bench")
"""The folders of the lab (training, fitting, building data, measuring), which come in by ``game.ai.lab``."""
AI_DOORS = {"game.ai", "game.ai.lab"}


def past_the_doors(source: str) -> set[str]:
    """The AI modules a script imports other than the two doors (``from game.ai import endgame`` too)."""
    reached = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            reached |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            reached.add(node.module)
            if node.module == "game.ai":  # a module through the door is past it
                reached |= {f"game.ai.{alias.name}" for alias in node.names
                            if (GAME / "ai" / f"{alias.name}.py").exists()}
    return {name for name in reached if inside(name, "game.ai") and name not in AI_DOORS}


def test_the_lab_comes_in_by_its_own_declared_door() -> None:
    """``tools/`` and ``bench/`` import ``game.ai`` or ``game.ai.lab``, never another of the AI's modules."""
    root = GAME.parent
    behind = {str(path.relative_to(root)): past for folder in LAB for path in sorted((root / folder).rglob("*.py"))
              if (past := past_the_doors(path.read_text(encoding="utf-8")))}
    assert behind == {}


def test_the_lab_check_sees_a_reach_past_the_door() -> None:
    script = "from game.ai.endgame import Solver\nfrom game.ai import patterns, think\nfrom game.ai.lab import solve\n"
    assert past_the_doors(script) == {"game.ai.endgame", "game.ai.patterns"}


def test_the_widgets_never_import_the_scenes_or_the_app() -> None:
    for name, targets in import_graph().items():
        if inside(name, "game.ui"):
            assert not {t for t in targets if inside(t, "game.scenes") or inside(t, "game.app")}, name


MAX_MODULE_LINES = 450
"""A module longer than this holds more than one concept: split it by concept (issue 49, item 5)."""
LONG_MODULES = {
    "ai/endgame.py": "the solver and its unrolled last few empties (_solve2 to _solve5) share a module-level leaf "
                     "counter in the hot path: apart, each leaf would pay an attribute lookup",
}
"""The modules allowed over ``MAX_MODULE_LINES``, each with why it is one concept all the same."""


def test_no_module_of_the_game_is_over_450_lines_but_the_named_ones() -> None:
    sizes = {path.relative_to(GAME).as_posix(): len(path.read_text(encoding="utf-8").splitlines())
             for path in GAME.rglob("*.py")}
    assert {name: lines for name, lines in sizes.items()
            if lines > MAX_MODULE_LINES and name not in LONG_MODULES} == {}
    assert all(sizes.get(name, 0) > MAX_MODULE_LINES for name in LONG_MODULES)  # an exception no longer needed goes


def test_what_runs_without_a_window_never_imports_pygame() -> None:
    for name, targets in import_graph().items():
        if any(inside(name, free) for free in PYGAME_FREE):
            assert not any(inside(t, "pygame") for t in targets), name


def test_the_command_line_reaches_no_pygame() -> None:
    """``python -m game.cli`` imports nothing from pygame, through any chain of imports."""
    graph = import_graph()
    seen, todo = set(), ["game.cli"]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        assert not any(inside(t, "pygame") for t in graph.get(name, ())), name
        todo += [t for t in graph.get(name, ()) if t in graph]
    assert "game.interfaces.gtp" in seen


def test_every_module_is_on_its_packages_map() -> None:
    # each package's __init__ maps its files (game/ai's map is docs/ai.md): a new file gets its line
    missing = []
    for init in sorted(GAME.rglob("__init__.py")):
        package = init.parent
        if package.name == "ai":
            text = (GAME.parent / "docs" / "ai.md").read_text(encoding="utf-8")
        else:
            text = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8"))) or ""
        # the module's name as a word ("store" is not on a map that only says "storage")
        missing += [f"{path.relative_to(GAME.parent)}" for path in sorted(package.glob("*.py"))
                    if path.stem != "__init__" and not re.search(rf"(?<![\w.]){re.escape(path.stem)}(?!\w)", text)]
    assert missing == [], "not on their package's map: " + ", ".join(missing)


def test_no_screen_reaches_past_the_players_store() -> None:
    """The store saves every document and says what went wrong itself: no screen passes its messages on or
    reads and writes its documents by key (issue 49, item 4)."""
    past_the_store = re.compile(r"store\.documents|flush_storage_messages|JsonDocuments")
    reaching = {str(path.relative_to(GAME)) for path in (GAME / "scenes").rglob("*.py")
                if past_the_store.search(path.read_text(encoding="utf-8"))}
    assert reaching == set()
