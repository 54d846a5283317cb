"""The real built page in headless chromium: start-up by stage, frame gaps, search speed, wasm memory.

``python bench/web_page.py [--runs N]`` builds the web site as the real-browser tests do
(``tests/real_browser.py``: the build with the harness's runtime, npm ``pyodide@0.27.8`` and
pygbag's pygame-ce wasm wheel, beside it), serves it on 127.0.0.1 and measures, on an idle machine:

1. start-up over N runs, each in a fresh browser profile (nothing cached, no service worker):
   the page's ``performance.now()`` (0 = navigation start) when each loader stage is first seen
   (``othello_loader.stage()``), when the runtime's ``window.harness`` appears (Pyodide up), when
   the script clicks to play (as soon as the stage is 'waiting'), the first frame (stage
   'running') and the interactive menu (``app.frames_shown > 2``). The page is polled every
   20 ms over the DevTools pipe, so each time is late by up to one poll (about 20-30 ms). Also
   the gaps between animation frames from the menu interactive to the warm-up's end (it imports
   the AI a module a step, then loads its data, in the frames' slices).
2. gaps between animation frames (``requestAnimationFrame``) on the menu, idle, and over a
   window of a game against Casual and against Master, the player clicking the first legal
   square on each turn. The whole play window is recorded (the computer's thinking and the
   player's turns alike); the script's own polls run Python in the page and are in it too.
   Then a game's board while the player thinks, nobody moving (``GameScene.still``).
3. perft nodes per second (``game.engine.timed_perft``, what ``python -m game.cli bench`` runs)
   in the page's Python and natively in this process.
4. the wasm heap's size after the games.

``--phone`` measures a phone instead: a 412 x 915 touch screen (every input a tap), chromium's CPU
throttled 4 times and its network at DevTools' "Fast 3G" (562.5 ms latency, 1.44 Mbit/s down,
675 kbit/s up), start-up and the frame gaps of the menu, of games against Casual and Master and of a board
waiting on the player
(the search speed and the other windows are left out: they measure the engine, not the phone).
``--tap-after S`` taps S seconds after the page asks (a player's reaction; 0, at once, by default);
``--startup-only`` stops after the start-up; ``--longest-frames N`` prints the game's N longest frames
from its first to the warm-up's end, then each play window's, each with the modules it imported (the Python
of a frame, timed in the page: what a long gap was spent on).

Not a test: it prints figures. Needs what the real-browser tests need (they skip without it).
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from game.engine import Position, timed_perft  # noqa: E402
from tests.chromium import CHROMIUM, CHROMIUM_FLAGS, SwitchableSite, built_site  # noqa: E402
from tests.devtools import Browser, Tab  # noqa: E402
from tests.real_browser import (  # noqa: E402
    RUNTIME_PATH,
    GamePage,
    add_runtime,
    missing_runtime,
    pygame_wheel,
    python_truth,
)

POLL_S = 0.02
BOOT_TIMEOUT_S = 120.0
PHONE_BOOT_TIMEOUT_S = 600.0
"""On Fast 3G the runtime alone is about 90 s (pyodide.asm.wasm is 10 MB)."""
PERFT_DEPTH = 8
PLAY_WINDOW_S = 20.0
IDLE_WINDOW_S = 5.0
ANALYSIS_WINDOW_S = 10.0
LIBRARY_WINDOW_S = 8.0
REVIEW = """
from game.engine import GameRecord
from game.scenes.entries import ReviewEntry
__record = GameRecord.from_transcript("")
while not __record.position.is_over():
    __legal = __record.position.legal_squares()
    __record.play(__legal[len(__legal) // 2] if __legal else -1)
app.scene.open(ReviewEntry(__record))
True
"""
PLAYERS_TURN = ("type(app.scene).__name__ == 'GameScene' and app.scene.human_can_move() and not app.scene.busy()"
                " and not app.scene.record.is_over()")
"""Python: the game waits on the player (what ``play_until`` clicks on)."""
LONG_GAP_MS = 50.0
PHONE_VIEWPORT = (412, 915)
PHONE_CPU_SLOWDOWN = 4
FAST_3G = {"offline": False, "latency": 562.5, "downloadThroughput": 1.44e6 / 8, "uploadThroughput": 675e3 / 8}
"""Chromium DevTools' "Fast 3G" preset (its 150 ms and 1.6/0.75 Mbit/s, times its 3.75 and 0.9 adjustments)."""


def new_tab(browser: Browser, phone: bool) -> Tab:
    """A tab as the bench's visitor has it: a desktop window, or a throttled phone with a touch screen."""
    if not phone:
        return browser.new_tab()
    tab = browser.new_tab(*PHONE_VIEWPORT, phone=True)
    tab.send("Emulation.setCPUThrottlingRate", {"rate": PHONE_CPU_SLOWDOWN})
    tab.send("Network.enable")
    # the worker's own fetches (it claims the page while the runtime downloads) are not the tab's to throttle
    tab.send("Network.setBypassServiceWorker", {"bypass": True})
    # chromium 156 no longer throttles through the deprecated Network.emulateNetworkConditions: a rule
    # with no URL pattern throttles every request
    tab.send("Network.emulateNetworkConditionsByRule", {"matchedNetworkConditions": [{"urlPattern": "", **FAST_3G}]})
    return tab

GAP_RECORDER = """(() => {
    window.__gaps = []
    window.__gaps_on = true
    let last = null
    const frame = (t) => {
        if (!window.__gaps_on) return
        if (last !== null) window.__gaps.push(t - last)
        last = t
        requestAnimationFrame(frame)
    }
    requestAnimationFrame(frame)
    return true
})()"""


FRAME_RECORDER = """
import sys as _sys, time as _time
def _recording(events=None, _frame=app.frame, _longest=[]):
    before, started = set(_sys.modules), _time.perf_counter()
    going = _frame(events)
    took = (_time.perf_counter() - started) * 1000
    _longest.append((round(took, 1), app.frames_shown, sorted(set(_sys.modules) - before)))
    _longest.sort(reverse=True)
    del _longest[LONGEST:]
    return going
app.frame = _recording
app.frame.__defaults__[-1]
"""
"""Python: each of the game's frames timed (``App.frame``, the Python of a frame) with the modules it imported; the
frame's ``__defaults__`` keep the longest ``LONGEST`` (from the first frame on: the warm-up's frames included)."""


def python_probe(expression: str) -> str:
    """JavaScript: ``[performance.now(), <expression is truthy in the page's Python>]``."""
    return f"[performance.now(), {python_truth(expression)}]"


def boot_once(browser: Browser, url: str, phone: bool = False,
              tap_after_s: float = 0.0, longest: int = 0) -> tuple[GamePage, dict[str, float], list[float]]:
    """Open the page in a new tab, click (or tap) to play ``tap_after_s`` after it asks, and time each stage
    (page ms from navigation); also the gaps between animation frames from the menu interactive to the warm-up's
    end (and, as ``seen['warm-up frames']``, the game's frames shown meanwhile). ``longest``: the game's frames
    are timed from its first, and the longest kept (``FRAME_RECORDER``; read them with ``longest_frames``)."""
    tab = new_tab(browser, phone)
    tab.bring_to_front()
    tab.navigate(url)
    seen: dict[str, float] = {}
    timeout_s = PHONE_BOOT_TIMEOUT_S if phone else BOOT_TIMEOUT_S
    deadline = time.monotonic() + timeout_s
    page = GamePage(tab)
    while "menu" not in seen:
        if time.monotonic() > deadline:
            raise TimeoutError(f"the page did not reach the menu in {timeout_s:.0f} s: {seen}")
        if "running" not in seen:
            now, stage, harness = tab.evaluate(
                "[performance.now(), window.othello_loader ? othello_loader.stage() : null, !!window.harness]")
            if stage is None:
                time.sleep(POLL_S)
                continue
            if stage == "failed":
                raise RuntimeError(f"the page failed: {page.failure()}")
            seen.setdefault(stage, now)
            if harness:
                seen.setdefault("harness", now)
            if stage == "running" and longest:
                page.python(FRAME_RECORDER.replace("LONGEST", str(longest)))
            if stage == "waiting" and "click" not in seen and now - seen["waiting"] >= tap_after_s * 1000:
                box = tab.evaluate(
                    "(() => { const r = document.getElementById('play').getBoundingClientRect();"
                    " return [performance.now(), r.left + r.width / 2, r.top + r.height / 2] })()")
                seen["click"] = box[0]
                page.press_at(box[1], box[2])
        else:
            now, ready = tab.evaluate(python_probe("app.frames_shown > 2"))
            if ready:
                seen["menu"] = now
                tab.evaluate(GAP_RECORDER)  # the warm-up's frames: it imports the AI and loads its data behind the menu
                menu_frames = page.python("app.frames_shown")
        time.sleep(POLL_S)
    while "warm-up done" not in seen:  # the AI's evaluation and the board's sprites, loaded after the menu shows
        if time.monotonic() > deadline:
            raise TimeoutError(f"the warm-up did not end in {timeout_s:.0f} s: {seen}")
        now, warm = tab.evaluate(python_probe("app._warming is None"))
        if warm:
            seen["warm-up done"] = now
        time.sleep(POLL_S)
    warm_up_gaps = [float(gap) for gap in tab.evaluate("window.__gaps_on = false; window.__gaps")]
    seen["warm-up frames"] = page.python("app.frames_shown") - menu_frames
    for name, at in tab.evaluate("performance.getEntriesByType('mark').map(m => [m.name, m.startTime])"):
        if name.startswith(("othello:", "harness:")):
            seen.setdefault(name, at)
    resources = tab.evaluate(
        "performance.getEntriesByType('resource').map(e => [e.name.split('/').pop(), e.responseEnd, e.transferSize])")
    for name, end, _ in resources:
        for key, suffix in (("wasm fetched", "pyodide.asm.wasm"), ("wheel fetched", ".whl"),
                            ("game archive fetched", ".tar.gz")):
            if name.endswith(suffix):
                seen[key] = max(seen.get(key, 0.0), end)
    return page, seen, warm_up_gaps


def longest_frames(page: GamePage) -> list[tuple[float, int, list[str]]]:
    """The longest frames ``FRAME_RECORDER`` kept: (ms, the frame's number, the modules it imported)."""
    return [(float(ms), int(number), list(modules))
            for ms, number, modules in page.python("app.frame.__defaults__[-1]")]


def spread(values: list[float]) -> str:
    return f"{min(values):8.0f} {statistics.median(values):8.0f} {max(values):8.0f}"


def print_startup(runs: list[dict[str, float]]) -> None:
    print(f"\n## Start-up, ms from navigation ({len(runs)} runs, fresh profile each): min / median / max")
    rows = [("wasm fetched", "pyodide.asm.wasm downloaded (resource timing)"),
            ("harness", "Pyodide up (window.harness)"),
            ("wheel fetched", "pygame-ce wheel downloaded"),
            ("game archive fetched", "game archive (.tar.gz) downloaded"),
            ("unpack", "stage 'unpack' first seen"),
            ("waiting", "stage 'waiting' (click to play)"),
            ("click", "click issued"),
            ("start", "stage 'start' first seen"),
            ("running", "stage 'running' (first frame)"),
            ("menu", "menu interactive (frames_shown > 2)"),
            ("warm-up done", "warm-up done (the AI's weights, the sprites)"),
            # the page's own timeline: the template's marks and the harness's
            ("harness:runtime", "mark: CPython up (the loader's runtime)"),
            ("othello:unpack", "mark: unpacking the game's archive"),
            ("othello:waiting", "mark: waiting for the click"),
            ("othello:unpacked", "mark: the archive unpacked (while waiting)"),
            ("othello:start", "mark: the click taken, starting"),
            ("harness:install", "mark: installing pygame-ce (wheel)"),
            ("harness:main", "mark: main.py runs (imports, App, frame)"),
            ("othello:first-frame", "mark: the game's first frame")]
    for key, label in rows:
        values = [run[key] for run in runs if key in run]
        if values:
            print(f"  {label:48} {spread(values)}")
    print("  derived:")
    derived = [
        ("click -> first frame", lambda r: r["running"] - r["click"]),
        ("click -> menu interactive", lambda r: r["menu"] - r["click"]),
        ("Pyodide up -> 'waiting'", lambda r: r["waiting"] - r["harness"]),
        ("menu interactive -> warm-up done", lambda r: r["warm-up done"] - r["menu"]),
        ("menu after runtime up, less click latency", lambda r: r["menu"] - r["harness"] - (r["click"] - r["waiting"])),
    ]
    stages = [
        ("runtime up -> waiting (the archive read)", "harness:runtime", "othello:waiting", False),
        ("click -> install (main.py read)", "othello:start", "harness:install", False),
        ("install pygame-ce (fetch, unzip)", "harness:install", "harness:main", False),
        ("main.py -> first frame (imports, App, draw)", "harness:main", "othello:first-frame", False),
        ("runtime up -> first frame, less the wait", "harness:runtime", "othello:first-frame", True),
    ]
    for label, first, last, less_the_wait in stages:
        values = [run[last] - run[first] - (run["othello:start"] - run["othello:waiting"] if less_the_wait else 0)
                  for run in runs if all(k in run for k in (first, last, "othello:start", "othello:waiting"))]
        if values:
            print(f"  {label:48} {spread(values)}")
    for label, compute in derived:
        values = [compute(run) for run in runs if all(k in run for k in ("click", "running", "menu", "harness",
                                                                          "waiting", "warm-up done"))]
        if values:
            print(f"  {label:48} {spread(values)}")


def percentile(ordered: list[float], fraction: float) -> float:
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def record_gaps(page: GamePage, action: Any, window_s: float) -> tuple[list[float], int, float]:
    """Frame gaps while ``action(deadline)`` runs (or sleeps) for ``window_s``; also the game's frames shown."""
    page.tab.bring_to_front()
    frames_before = page.python("app.frames_shown")
    page.tab.evaluate(GAP_RECORDER)
    started = time.monotonic()
    action(started + window_s)
    elapsed = time.monotonic() - started
    gaps = page.tab.evaluate("window.__gaps_on = false; window.__gaps")
    frames = page.python("app.frames_shown") - frames_before
    return [float(g) for g in gaps], frames, elapsed


def print_gaps(label: str, gaps: list[float], frames: int, elapsed: float) -> None:
    if not gaps:
        print(f"  {label:34} no frames recorded")
        return
    ordered = sorted(gaps)
    long = sum(1 for g in gaps if g > LONG_GAP_MS)
    print(f"  {label:34} {elapsed:5.1f} s {len(gaps):5d} {percentile(ordered, 0.5):6.1f}"
          f" {percentile(ordered, 0.9):6.1f} {percentile(ordered, 0.99):6.1f} {ordered[-1]:7.1f} {long:5d}"
          f"   game frames {frames} ({frames / elapsed:.0f}/s)")


def play_until(page: GamePage, deadline: float) -> None:
    """Click the first legal square whenever it is the player's turn, until ``deadline`` or the game's end."""
    while time.monotonic() < deadline:
        state = page.python(
            "s = app.scene\n"
            "('results' if app.scene_name == 'results' else 'dialog' if getattr(s, 'dialog', None) is not None"
            " else 'mine' if type(s).__name__ == 'GameScene' and s.human_can_move() and not s.busy()"
            " and not s.record.is_over() else 'wait')")
        if state == "results":
            time.sleep(max(0.0, deadline - time.monotonic()))
            return
        if state == "dialog":
            page.click_button("ok")
        elif state == "mine":
            page.click_square(page.python("app.scene.position.legal_squares()[0]"))
        time.sleep(0.25)


def perft_rates(run: Any) -> dict[str, float]:
    """Best of three nodes per second, bulk and no-bulk, at ``PERFT_DEPTH``; ``run(bulk)`` gives (nodes, s)."""
    rates = {}
    for label, bulk in (("bulk", True), ("no_bulk", False)):
        best = 0.0
        for _ in range(3):
            nodes, seconds = run(bulk)
            best = max(best, nodes / seconds)
        rates[label] = best
    return rates


def native_perft(bulk: bool) -> tuple[int, float]:
    started = time.perf_counter()
    nodes = timed_perft(Position.start(), PERFT_DEPTH, 60.0, bulk=bulk)
    return nodes, time.perf_counter() - started


def page_perft(page: GamePage, bulk: bool) -> tuple[int, float]:
    nodes, seconds = page.python(
        "import time\nfrom game.engine import Position, timed_perft\n__t = time.perf_counter()\n"
        f"__n = timed_perft(Position.start(), {PERFT_DEPTH}, 60.0, bulk={bulk})\n"
        "[__n, time.perf_counter() - __t]", timeout_s=90)
    return int(nodes), float(seconds)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="fresh-profile start-ups to time (default 3)")
    parser.add_argument("--phone", action="store_true",
                        help="a throttled phone: 412x915 touch, CPU x4, Fast 3G (start-up and frame gaps only)")
    parser.add_argument("--tap-after", type=float, default=0.0, metavar="S",
                        help="click or tap to play S seconds after the page asks, as a player does (default 0)")
    parser.add_argument("--startup-only", action="store_true", help="time the start-up only")
    parser.add_argument("--longest-frames", type=int, default=0, metavar="N",
                        help="print the game's N longest frames from its first to the warm-up's end, then each "
                             "play window's, and the modules each imported (the Python of a frame, timed in the page)")
    args = parser.parse_args()
    problem = missing_runtime()
    if problem is not None:
        print(f"cannot run: {problem}")
        return 1
    wheel = pygame_wheel()
    assert wheel is not None and CHROMIUM is not None
    options = (" --phone" if args.phone else "") + (f" --tap-after {args.tap_after:g}" if args.tap_after else "")
    options += f" --longest-frames {args.longest_frames}" if args.longest_frames else ""
    print(f"# python bench/web_page.py --runs {args.runs}{options}{' --startup-only' if args.startup_only else ''}")
    print(f"# {datetime.datetime.now().astimezone():%Y-%m-%d %H:%M %Z}, {platform.node()}, "
          f"Python {platform.python_version()}, {CHROMIUM}, {os.cpu_count()} cores, "
          f"load average {os.getloadavg()[0]:.2f}")
    with tempfile.TemporaryDirectory(prefix="web_page_bench_") as folder:
        tmp = Path(folder)
        (tmp / "build").mkdir()
        started = time.monotonic()
        site = add_runtime(built_site(tmp / "build", cdn=RUNTIME_PATH), wheel)
        print(f"# site built in {time.monotonic() - started:.0f} s")
        server = SwitchableSite(site)
        browsers: list[Browser] = []
        try:
            url = server.url + "index.html"
            runs = []
            warm_ups: list[tuple[list[float], int]] = []
            page: GamePage | None = None
            for index in range(args.runs):
                for old in browsers:
                    old.close()
                browsers = [Browser(CHROMIUM, CHROMIUM_FLAGS, tmp / f"profile{index}")]
                page, seen, gaps = boot_once(browsers[0], url, args.phone, args.tap_after, args.longest_frames)
                runs.append(seen)
                if args.longest_frames:
                    print_longest(f"run {index + 1}, the longest frames to the warm-up's end", page)
                warm_ups.append((gaps, round(seen.pop("warm-up frames"))))
                print(f"# run {index + 1}: " + ", ".join(f"{k} {v:.0f}" for k, v in sorted(seen.items(),
                                                                                          key=lambda kv: kv[1])))
            print_startup(runs)
            print(f"\n## Frame gaps, the menu interactive to the warm-up's end, ms; long = over {LONG_GAP_MS:.0f} ms")
            for index, (gaps, frames) in enumerate(warm_ups):
                print_gaps(f"warm-up, run {index + 1}", gaps, frames, sum(gaps) / 1000)
            assert page is not None
            if args.startup_only:
                return 0
            if args.phone:
                measure_games(page, args.longest_frames)
                return 0
            in_page = measure_page(page, args.longest_frames)
        finally:
            for old in browsers:
                old.close()
            server.close()
    # natively once the browser is closed: its frame loop would take one of the cores
    native = perft_rates(native_perft)
    print(f"\n## perft({PERFT_DEPTH}) from the start, nodes/s, best of 3 (timed_perft, as `python -m game.cli bench`)")
    for label in ("bulk", "no_bulk"):
        print(f"  {label:8} page {in_page[label]:12,.0f}   native {native[label]:12,.0f}   "
              f"native / page {native[label] / in_page[label]:.2f}")
    return 0


def print_longest(title: str, page: GamePage) -> None:
    """The longest frames ``FRAME_RECORDER`` kept (``longest_frames``), printed under ``title``; then it starts over."""
    print(f"# {title} (ms, frame, imported):")
    for took, number, modules in longest_frames(page):
        print(f"#   {took:7.1f}  {number:5d}  {' '.join(modules)}")
    page.python("app.frame.__defaults__[-1].clear()\nTrue")


def measure_games(page: GamePage, longest: int = 0) -> None:
    """Frame gaps on the menu, idle, and over a play window against Casual and against Master (printed); with
    ``longest`` (the start's ``FRAME_RECORDER`` is on), each play window's longest frames too."""
    print(f"\n## Frame gaps (requestAnimationFrame), ms; long = gaps > {LONG_GAP_MS:.0f} ms")
    print(f"  {'scenario':34} window frames    p50    p90    p99     max  long")
    time.sleep(1.0)
    print_gaps("menu, idle", *record_gaps(page, lambda deadline: time.sleep(max(0.0, deadline - time.monotonic())),
                                          IDLE_WINDOW_S))
    for level in ("Casual", "Master"):
        page.start_computer_game(level)
        if longest:
            page.python("app.frame.__defaults__[-1].clear()\nTrue")
        print_gaps(f"game vs {level} (whole play window)", *record_gaps(page, lambda d: play_until(page, d),
                                                                        PLAY_WINDOW_S))
        plies = page.python("len(app.scene.record.moves) if hasattr(app.scene, 'record') else -1")
        print(f"  {'':34} ({plies} plies played in the window)")
        if longest:
            print_longest(f"the game vs {level}, its longest frames", page)
    page.start_computer_game("Casual")  # the player's turn, nobody moving: the board stays on screen
    page.wait_for_python(PLAYERS_TURN, 30, "the player's turn")
    print_gaps("game, the player thinking", *record_gaps(
        page, lambda deadline: time.sleep(max(0.0, deadline - time.monotonic())), IDLE_WINDOW_S))
    page.to_menu()


def measure_page(page: GamePage, longest: int = 0) -> dict[str, float]:
    """Frame gaps, the wasm heap, and perft in the page (printed but for perft, returned)."""
    measure_games(page, longest)
    page.python(REVIEW)  # a finished game's review: it analyses every move in the frames' slices
    print_gaps("review's analysis", *record_gaps(page, lambda d: time.sleep(max(0.0, d - time.monotonic())),
                                                 ANALYSIS_WINDOW_S))
    analysed = page.python("a = getattr(app.scene, 'analysis', None)\n-1 if a is None else a.analysed")
    print(f"  {'':34} ({analysed} moves analysed in the window)")
    page.to_menu()
    page.click_button("scene:library")  # the master games load in slices, the first time
    print_gaps("library loading", *record_gaps(page, lambda d: time.sleep(max(0.0, d - time.monotonic())),
                                               LIBRARY_WINDOW_S))
    loaded = page.python("getattr(app.scene, 'finals', None) is not None")
    print(f"  {'':34} (the games {'loaded' if loaded else 'still loading'} at the window's end)")
    tab: Tab = page.tab
    heap = tab.evaluate("window.harness.pyodide._module.HEAPU8.length")
    print(f"\n## wasm memory after the games: {heap / 2**20:.0f} MB (HEAPU8.length)")
    page.to_menu()
    print_imports(page)
    return perft_rates(lambda bulk: page_perft(page, bulk))


IMPORTS = """
import sys, time, importlib, pathlib
root = pathlib.Path(sys.modules['game'].__file__).parent
__t = time.perf_counter()
for __path in root.rglob('*.py'):
    compile(__path.read_text(encoding='utf-8'), str(__path), 'exec')
__compile = (time.perf_counter() - __t) * 1000
__saved = {k: v for k, v in sys.modules.items() if k == 'game' or k.startswith('game.')}
for __name in __saved:
    del sys.modules[__name]
__t = time.perf_counter()
try:
    importlib.import_module('game.app')
    __imported = (time.perf_counter() - __t) * 1000
    __count = sum(1 for k in sys.modules if k == 'game' or k.startswith('game.'))
finally:
    sys.modules.update(__saved)
[round(__compile), round(__imported), __count, len(list(root.rglob('*.py')))]
"""


def print_imports(page: GamePage) -> None:
    """What importing the game costs in the page: compiling its sources, and importing ``game.app`` anew."""
    compiled, imported, modules, files = page.python(IMPORTS, timeout_s=120)
    print(f"\n## The game's Python in the page: compiling its {files} files {compiled} ms;"
          f" importing game.app anew (compiled again: the archive has no .pyc) {imported} ms, {modules} modules")


if __name__ == "__main__":
    sys.exit(main())
