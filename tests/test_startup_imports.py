"""What the game's start loads (issue 48, item 3): the menu's first frame imports no search, evaluation or book
and compiles no generated function; the warm-up behind the menu imports the AI a module a step and compiles
the rest; the first game against the computer plays; the sounds load at the first click. The import checks run
in a fresh interpreter: this process has long imported everything. (Times are the benchmarks' business:
``bench/web_page.py``, ``bench/frame_times.py``.)"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pygame

import game.ai
from game.ai.warming import importing, imports_of
from game.platform.bytecode import start_path

REPO = Path(__file__).resolve().parent.parent
DESKTOP_ONLY = {"game.platform.window_memory"}
"""Loaded at the first frame by the desktop only (it places the window)."""


def module_name(source: Path) -> str:
    """``game/ui/text.py`` -> ``game.ui.text``; a package's ``__init__.py`` is the package."""
    parts = list(source.relative_to(REPO).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)

START = """
import json, sys
from game.app import App
from game.engine.bitboard import FLIP_FUNCTIONS
from game.platform.storage import MemoryStorage
import game.ai

def game_modules():
    return {name for name in sys.modules if name.startswith("game.")}

now = [0]
def frame():
    now[0] += 50
    app.frame([])

app = App(storage=MemoryStorage(), window_size=(1280, 800), clock=lambda: now[0])
frame()  # the menu's first frame
first = game_modules()
steps = []
while app._warming is not None:
    before = game_modules()
    frame()
    steps.append(sorted(game_modules() - before))
from game.ai.last_square import LAST_SQUARE_FUNCTIONS
from game.engine import WHITE
from game.play.match import MatchSetup
from game.scenes.entries import GameEntry
pending = [FLIP_FUNCTIONS.pending, LAST_SQUARE_FUNCTIONS.pending]
app.scene.open(GameEntry(setup=MatchSetup("computer", WHITE, 3)))  # Casual plays Black
for _ in range(400):
    frame()
    if app.scene_name == "game" and app.scene.record.ply >= 1:
        break
print(json.dumps({"first": sorted(first), "steps": steps, "pending": pending,
                  "later": sorted(f"game.ai.{module}" for module in game.ai.LATER.values()),
                  "scene": app.scene_name, "ply": app.scene.record.ply}))
"""


def run_fresh(script: str) -> dict[str, object]:
    """``script`` in a fresh headless interpreter from the repository's root: what it printed last, as JSON."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(REPO))
    done = subprocess.run([sys.executable, "-c", script], cwd=REPO, env=env, capture_output=True, text=True,
                          timeout=300, check=True)
    answer: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return answer


def test_the_menus_first_frame_loads_no_search_and_the_warm_up_loads_them_behind_it() -> None:
    run = run_fresh(START)
    later = set(run["later"])  # type: ignore[arg-type]
    first = set(run["first"])  # type: ignore[arg-type]
    searches = {"game.ai.search", "game.ai.endgame", "game.ai.last_square", "game.ai.deepening", "game.ai.patterns",
                "game.ai.book", "game.ai.thinking"}
    assert first & (later | searches) == set()  # the menu drawn without them
    assert "game.scenes.menu" in first and "game.scenes.game" not in first  # each screen when first opened
    steps = run["steps"]
    assert isinstance(steps, list)
    imported_by_warm_up = {name for step in steps for name in step}
    assert later | searches <= imported_by_warm_up  # behind the menu, over frames
    assert "game.library.service" in imported_by_warm_up  # what an idle menu loads ahead, imported a step at a time
    assert len([step for step in steps if step]) >= 3  # not all in one frame
    assert run["pending"] == [0, 0]  # every generated function compiled by the warm-up
    assert run["scene"] == "game" and run["ply"] == 1  # the computer moved first
    # the page compiles ahead, while it waits for the tap, exactly what this first frame loads, and before the rest
    path = {module_name(source) for source in start_path(REPO)}
    assert first - DESKTOP_ONLY <= path and path - first <= {"game", "game.start"}


def test_the_warm_ups_imports_run_one_module_a_step() -> None:
    script = """
import json, sys
import game.ai
from game.ai import warming

read = []
reading = warming._imports
warming._imports = lambda name: read.append(name) or reading(name)
names = sorted(f"game.ai.{module}" for module in game.ai.LATER.values())
steps, sources_read = [], []
for _ in warming.importing(names):
    steps.append(sorted(name for name in sys.modules if name.startswith("game.")))
    sources_read.append(len(read))
    read.clear()
print(json.dumps({"steps": steps, "names": names, "sources_read": sources_read}))
"""
    run = run_fresh(script)
    steps = run["steps"]
    assert isinstance(steps, list)
    added = [sorted(set(after) - set(before)) for before, after in zip(steps, steps[1:], strict=False)]
    # each step one module at most (a step that compiled a module without a fresh .pyc imports none)
    assert all(len(new) <= 1 for new in added), [new for new in added if len(new) > 1]
    # and one module's source read for its imports at most: a chain of modules not imported yet had been read
    # in one step (with a file looked up per name imported, 150 ms of a frame on a phone)
    assert max(run["sources_read"]) == 1  # type: ignore[type-var]
    assert set(run["names"]) <= set(steps[-1])  # type: ignore[arg-type]


def test_the_standard_librarys_modules_are_imported_in_steps_of_their_own() -> None:
    # the library's games file imports hashlib, which loads five modules of its own: 60-75 ms of one frame on a
    # phone at CPU x4 when the step that ran the games file's module imported it too
    script = """
import json, sys
from game.ai.warming import importing

steps, before = [], set(sys.modules)
for _ in importing(["game.library.service"]):
    steps.append(sorted(set(sys.modules) - before))
    before = set(sys.modules)
print(json.dumps(steps))
"""
    steps = run_fresh(script)
    assert isinstance(steps, list)
    database = next(step for step in steps if "game.library.database" in step)
    assert database == ["game.library.database"]  # hashlib came in a step before, on its own
    hashing = next(step for step in steps if "hashlib" in step)
    assert not any(name.startswith("game.") for name in hashing)


def test_a_modules_imports_are_read_from_its_top_level() -> None:
    assert imports_of("game.ai.deepening") == [
        "game.engine.bitboard", "game.ai.budget", "game.ai.endgame", "game.ai.evaluation", "game.ai.jobs",
        "game.ai.search", "game.ai.search_limits", "game.ai.table"]
    assert "game.ai.book" not in imports_of("game.trainer.openings")  # under TYPE_CHECKING: not run
    assert list(importing(["game.ai.budget"])) == []  # imported already: nothing to do


def test_the_doors_later_names_are_its_type_checked_names() -> None:
    door = ast.parse((REPO / "game" / "ai" / "__init__.py").read_text(encoding="utf-8"))
    checked = next(node for node in door.body if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING")
    typed = {alias.name: node.module for node in checked.body if isinstance(node, ast.ImportFrom)
             for alias in node.names}
    assert typed == game.ai.LATER  # what mypy sees is what the door imports
    for name, module in game.ai.LATER.items():
        assert getattr(game.ai, name) is getattr(sys.modules[f"game.ai.{module}"], name)
    assert {name for name in game.ai.__all__ if not hasattr(game.ai, name)} == set()


def test_the_sounds_load_at_the_first_click_not_at_the_start(player_factory) -> None:  # type: ignore[no-untyped-def]
    pygame.mixer.quit()
    player = player_factory()
    sounds = player.app.assets.sounds
    assert pygame.mixer.get_init() is None and not sounds.available  # the menu drawn without the mixer
    player.click_button("two")
    assert sounds.available == bool(pygame.mixer.get_init())  # opened at the click (the dummy driver has one)
    assert pygame.mixer.get_init() is not None
    player.click_square("f5")  # and played
    assert player.game.record.transcript == "f5"
