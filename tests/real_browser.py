"""The built page on real WebAssembly in Debian's chromium: the site, the runtime beside it, and a driver.

``add_runtime`` lays out what a visitor's browser would get: the build's
own files (``python -m game.web build --cdn cdn/0.9.3/``) and, where pygbag's
CDN would be, the harness's runtime: ``tests/page/pyodide_loader.js`` as
``pythons.js``, the npm ``pyodide@0.27.8`` (CPython 3.12 on WebAssembly),
``tests/page/pygbag_standin.py`` (what pygbag hands Python before
``main.py``), and pygbag's own pygame-ce wasm wheel behind pygbag's package
index. ``GamePage`` plays it as a person does, with real mouse and keyboard
events, and reads the game's state through the page's Python and its pixels
through the canvas.

The wheel is the file named by ``$OTHELLO_PYGAME_WASM_WHEEL``, else the one in
``../shared/runtime/`` beside this checkout or beside the checkout it was
cloned from (CI tests a fresh clone); it comes from pygbag's CDN
(``https://pygame-web.github.io/cdn/cp312/``, the one ``index-0.9.3-cp312.json``
names). Without it, or without chromium or ``npm ci``'s pyodide, the tests
that need it skip, saying which.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

from tests.chromium import CHROMIUM, REPO, WHEEL
from tests.devtools import Tab

WHEEL_ENV = "OTHELLO_PYGAME_WASM_WHEEL"
WHEEL_NAME = Path(WHEEL).name
PYODIDE = REPO / "node_modules" / "pyodide"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
LOADER = REPO / "tests" / "page" / "pyodide_loader.js"
STANDIN = REPO / "tests" / "page" / "pygbag_standin.py"
BOOT_TIMEOUT_S = 90.0
"""Runtime, pygame-ce, the archive and the first frame on a busy 2-core machine (about 3.5 s when idle)."""
RUNTIME_PATH = "cdn/0.9.3/"
"""Where the page built for the harness looks for its runtime (``--cdn``), relative to the page."""


def _origin_checkout() -> Path | None:
    """The checkout this one was cloned from, when that is a folder on this machine."""
    try:
        url = subprocess.run(["git", "-C", str(REPO), "remote", "get-url", "origin"], capture_output=True,
                             text=True, timeout=10, check=False).stdout.strip()
    except (OSError, subprocess.TimeoutExpired):
        return None
    return Path(url).resolve() if url and Path(url).is_dir() else None


def shared_runtime_file(name: str) -> Path | None:
    """``name`` in ``../shared/runtime/`` beside this checkout or beside the one it was cloned from, if there."""
    origin = _origin_checkout()
    for checkout in (REPO, *([origin] if origin is not None else [])):
        candidate = checkout.parent / "shared" / "runtime" / name
        if candidate.is_file():
            return candidate
    return None


def pygame_wheel() -> Path | None:
    """pygbag's pygame-ce wheel for CPython 3.12 on Emscripten, if it is on this machine."""
    named = os.environ.get(WHEEL_ENV)
    if named:
        return Path(named) if Path(named).is_file() else None
    return shared_runtime_file(WHEEL_NAME)


def missing_runtime() -> str | None:
    """Why the real page cannot run here (one line), or ``None`` when it can."""
    if CHROMIUM is None:
        return "chromium is not installed (apt-get install chromium)"
    if not (PYODIDE / "pyodide.asm.wasm").is_file():
        return "node_modules/pyodide is absent: run `npm ci` in the repository"
    if pygame_wheel() is None:
        return (f"pygame-ce's wasm wheel {WHEEL_NAME} is neither named by ${WHEEL_ENV} nor in ../shared/runtime/ "
                "(it comes from https://pygame-web.github.io/cdn/cp312/)")
    return None


def add_runtime(site: Path, wheel: Path) -> Path:
    """Put the harness's runtime under ``site/cdn/``, where the page built with ``--cdn cdn/0.9.3/`` looks."""
    runtime = site / RUNTIME_PATH
    (runtime / "pyodide").mkdir(parents=True, exist_ok=True)
    for name in PYODIDE_FILES:
        shutil.copy2(PYODIDE / name, runtime / "pyodide" / name)
    shutil.copy2(LOADER, runtime / "pythons.js")
    shutil.copy2(STANDIN, runtime / "pygbag_standin.py")
    # pygbag's package index ($PYGPI, one folder above the runtime) and the wheel it names
    (site / "cdn" / "cp312").mkdir(exist_ok=True)
    shutil.copy2(wheel, site / "cdn" / WHEEL)
    index = {"pygame": "cp312/" + WHEEL_NAME.replace("cp312-cp312", "<abi>-<abi>").replace(
        "wasm32_bi_emscripten", "<api>")}
    (site / "cdn" / "index-0.9.3-cp312.json").write_text(json.dumps(index), encoding="utf-8")
    return site


FIND_APP = ("import json, asyncio\n"
            "def __harness_find_app():\n"
            "    for task in asyncio.all_tasks(asyncio.get_event_loop()):\n"
            "        coroutine = task.get_coro()\n"
            "        while coroutine is not None and getattr(coroutine, 'cr_frame', None) is not None:\n"
            "            found = coroutine.cr_frame.f_locals.get('app')\n"
            "            if type(found).__name__ == 'App':\n"
            "                return found\n"
            "            coroutine = coroutine.cr_await\n"
            "    return None\n"
            "if globals().get('app') is None:\n"
            "    app = __harness_find_app()\n")
"""Python that names the running game's ``App`` ``app``: a local of ``run_game``, found along the running task's
coroutines (``gc`` cannot see it: the game freezes its objects out of the collector's lists)."""


def python_truth(expression: str) -> str:
    """JavaScript that is true once ``expression`` is true in the page's Python (false before the game runs)."""
    source = (FIND_APP + f"try:\n    __harness_answer = json.dumps(bool(app and ({expression})))\n"
              "except Exception:\n    __harness_answer = 'false'\n")
    return f"(!!window.harness && window.harness.python({json.dumps(source)}) === 'true')"


class GamePage:
    """The game in a browser tab: real input on the canvas, the game's state read from its Python."""

    def __init__(self, tab: Tab) -> None:
        self.tab = tab

    def failure(self) -> str | None:
        """What the page's failure screen says, if it shows one."""
        shown = self.tab.evaluate(
            "(() => { const t = document.getElementById('transfer');"
            " return t && t.classList.contains('failed') ? t.dataset.failure + ': ' +"
            " document.getElementById('failure-what').textContent + ' ' +"
            " document.getElementById('failure-detail').textContent : null })()")
        return str(shown) if shown else None

    def python(self, code: str, timeout_s: float = 60.0) -> Any:
        """Run ``code`` in the page's Python; the value of its last line, through JSON.

        ``app`` is the running game (found once by the harness: the game has no hook for it).
        """
        lines = code.rstrip().split("\n")
        lines[-1] = f"__harness_answer = json.dumps({lines[-1]})"
        answer = self.tab.evaluate(f"window.harness.python({json.dumps(FIND_APP + chr(10).join(lines))})", timeout_s)
        return json.loads(answer)

    def scene(self) -> str:
        """The name of the scene on screen."""
        return str(self.python("app.scene_name"))

    def page_point(self, logical: tuple[float, float]) -> tuple[float, float]:
        """Where on the page (CSS pixels) a point of the game's logical surface is drawn."""
        window_x, window_y = self.python(f"list(app.to_window({tuple(int(v) for v in logical)!r}))")
        box = self.tab.evaluate(
            "(() => { const c = document.getElementById('canvas'); const r = c.getBoundingClientRect();"
            " return [r.left, r.top, r.width, r.height, c.width, c.height] })()")
        left, top, width, height, canvas_w, canvas_h = box
        # the canvas's pixels are spread over its box on the page (pygbag sizes the box at the game's shape)
        return left + (window_x + 0.5) * width / canvas_w, top + (window_y + 0.5) * height / canvas_h

    def press_at(self, x: float, y: float) -> None:
        """A real click at page point (x, y), or on a phone's tab a tap, as its player gives it."""
        if self.tab.phone:
            self.tab.tap(x, y)
        else:
            self.tab.click(x, y)

    def click_logical(self, logical: tuple[float, float]) -> None:
        """A real mouse click (a tap on a phone's tab) where the game draws logical point ``logical``."""
        self.press_at(*self.page_point(logical))

    def button_center(self, action: str) -> tuple[int, int]:
        """The logical centre of the on-screen button whose action is ``action`` (a dialog's first)."""
        found = self.python(
            "scene = app.scene\n"
            "group = scene.dialog.group if getattr(scene, 'dialog', None) is not None else scene.group\n"
            f"([list(b.rect.center) for b in group.buttons if b.action == {action!r}] or"
            " [[b.action for b in group.buttons]])[0]")
        if len(found) != 2 or not all(isinstance(value, int) for value in found):
            raise AssertionError(f"no button {action!r} in {self.scene()}: {found}")
        return found[0], found[1]

    def click_button(self, action: str) -> None:
        """Click the button whose action is ``action`` on the screen shown."""
        self.click_logical(self.button_center(action))

    def acknowledge_pass(self) -> None:
        """OK on the game's pass notice, and wait until it is taken: that notice is gone (the one that may
        follow at once, the other side passing too, is a new one: "no dialog" may never be seen).

        Not "the record grew": the pass is in the record when the notice shows, and after the computer's pass
        nothing more is played until the player moves (a game against Casual, whose moves are drawn at random,
        met that now and then)."""
        self.python("__harness_notice = app.scene.dialog\nTrue")  # held here: its identity cannot be reused
        self.click_button("ok")
        self.wait_for_python("app.scene_name != 'game' or app.scene.dialog is not __harness_notice", 10,
                             "the pass acknowledged")
        self.python("__harness_notice = None\nTrue")

    def click_square(self, square: int) -> None:
        """A real click on the centre of board square ``square`` (0 = a1) of the scene's board."""
        self.click_logical(tuple(self.python(f"list(app.scene.view.square_center({square}))")))

    def to_menu(self) -> None:
        """Back to the menu the way a player gets there: Escape, screen by screen (and dialog by dialog)."""
        self.tab.bring_to_front()
        for _ in range(6):
            scene = self.scene()
            dialog = self.python("getattr(app.scene, 'dialog', None) is not None")
            if scene == "menu" and not dialog:
                return
            self.tab.press("Escape", "Escape", 27)
            with contextlib.suppress(AssertionError):  # a screen may ignore keys for a moment as it opens
                self.wait_for_python(f"app.scene_name != {scene!r} or (getattr(app.scene, 'dialog', None) is None)"
                                     f" != {not dialog}", 2, "Escape to take effect")
        assert self.scene() == "menu", f"Escape did not lead back to the menu from {self.scene()}"

    def start_computer_game(self, level: str, colour: str = "black") -> None:
        """From any screen: the menu, Play the computer, ``level`` (its button's label), ``colour``, Start.

        A game in progress is given up when the menu asks (New game).
        """
        self.to_menu()
        self.click_button("scene:new_game")
        self.wait_for_python("app.scene_name == 'new_game' or app.scene.dialog is not None", 10, "the new-game screen")
        if self.scene() == "menu":
            self.click_button("confirm")
            self.wait_for_python("app.scene_name == 'new_game'", 10, "the new-game screen")
        found = self.python(f"[list(b.rect.center) for b in app.scene.group.buttons if b.label == {level!r}]")
        assert found, f"no level button {level!r}"
        self.click_logical(tuple(found[0]))
        self.click_button(f"colour:{colour}")
        self.click_button("start")
        self.wait_for_python("app.scene_name == 'game'", 10, "the game")

    def wait_for_python(self, expression: str, timeout_s: float = 60.0, what: str = "") -> Any:
        """Poll a Python expression in the page until it is truthy; the page's failure screen ends the wait."""
        return self.tab.wait_for(python_truth(expression), timeout_s, what or expression, failed=self.failure)

    def drawn_text_sizes(self) -> list[tuple[int, str]]:
        """The texts the game draws in its next frame (its text renderer's recording): (size, as shown)."""
        frame = self.python("__harness_recording = app.ctx.text.record()\napp.frames_shown")
        self.wait_for_python(f"app.frames_shown > {frame + 1}", 10, "a frame drawn while recording")
        drawn = self.python("app.ctx.text.recording = None\n[[t.size, t.shown] for t in __harness_recording.texts]")
        return [(int(size), str(shown)) for size, shown in drawn]

    def drawn_texts(self) -> list[str]:
        """The texts the game draws in its next frame, as shown."""
        return [shown for _size, shown in self.drawn_text_sizes()]

    def pixel(self, logical: tuple[int, int]) -> tuple[int, int, int]:
        """The colour the canvas shows where logical point ``logical`` is drawn (read from the canvas)."""
        window_x, window_y = self.python(f"list(app.to_window({tuple(logical)!r}))")
        rgba = self.tab.evaluate(
            "(() => { const c = document.getElementById('canvas');"
            f" return Array.from(c.getContext('2d').getImageData({window_x}, {window_y}, 1, 1).data) }})()")
        return rgba[0], rgba[1], rgba[2]


def open_game(tab: Tab, url: str | None = None) -> GamePage:
    """Open (or with ``url=None`` reload) the page, click to play as the page asks, wait for the menu."""
    tab.bring_to_front()
    tab.evaluate("window.harness_old_document = true")  # the wait below is for the next document
    if url is None:
        tab.reload()
    else:
        tab.navigate(url)
    page = GamePage(tab)
    stage = tab.wait_for("!window.harness_old_document && document.readyState === 'complete' &&"
                         " window.othello_loader &&"
                         " ['waiting', 'running', 'failed'].includes(othello_loader.stage())"
                         " && othello_loader.stage()", BOOT_TIMEOUT_S, "the page to load", failed=page.failure)
    if stage == "waiting":
        box = tab.evaluate("(() => { const r = document.getElementById('play').getBoundingClientRect();"
                           " return [r.left + r.width / 2, r.top + r.height / 2] })()")
        page.press_at(*box)  # the page's "Click, tap or press a key to play"
    page.wait_for_python("app.frames_shown > 2", BOOT_TIMEOUT_S, "the game's first frames")
    return page
