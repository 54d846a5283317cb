"""A first visit fetches pygame-ce's wheel while the page waits for the tap, and only once (issue 48, item 7);
meanwhile it compiles the game's modules into their bytecode cache and imports what the start imports that
needs no pygame-ce (issue 48, item 3). It fetches the game's
archive while CPython starts, once the runtime's wasm is in, and only once (issue 48, items 2 and 3).

pygbag installs the packages ``main.py`` lists (pygame-ce) only after the
player's tap: on a phone on 3G that was ten seconds between the tap and the
game. The page fetches the package index and the wheel it names before the
tap, and hands pygbag's own later request the copy it has. The harness's
installer fetches both as pygbag 0.9.3's does (``tests/page/pygbag_standin.py``),
so what the test server records is what a player's browser asks for. The server sends
``Cache-Control: max-age=600``, as GitHub Pages does, so the offline worker keeps its copy of each
runtime file from the browser's HTTP cache (``docs/web.md``, "Offline play") rather than downloading it again.
"""

from __future__ import annotations

import io
import shutil
import tarfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.chromium import WHEEL, SwitchableSite, headless_browser
from tests.real_browser import BOOT_TIMEOUT_S, GamePage, missing_runtime, open_game

pytestmark = pytest.mark.skipif(missing_runtime() is not None, reason=str(missing_runtime()))

WHEEL_PATH = "/cdn/" + WHEEL
INDEX_PATH = "/cdn/index-0.9.3-cp312.json"
PREFETCH_TIMEOUT_S = 60.0
"""The wheel (1.5 MB) from the local server, on a busy 2-core machine: a second or two when idle."""


COMPILED_AHEAD = ("import sys\nfrom pathlib import Path\n"
                  "from game.platform.bytecode import fresh_bytecode, start_order, start_path\n"
                  "root = Path(sys.modules['game.platform.bytecode'].__file__).parents[2]\n"
                  "[all(map(fresh_bytecode, start_path(root))), all(map(fresh_bytecode, start_order(root)))]")
"""Python run in the page before the tap: whether the start's modules, then all, have a fresh ``.pyc``."""


IMPORTED_AHEAD = ("import sys\nfrom pathlib import Path\n"
                  "from game.platform import bytecode\n"
                  "root = Path(sys.modules['game.platform.bytecode'].__file__).parents[2]\n"
                  "start = list(bytecode.walk_start(root))\n"
                  "wanted = [name for module in start for name in bytecode.standard_imports(module.text)]\n"
                  "wanted += bytecode.importable_early({module.name: module.imports for module in start},\n"
                  "    {module.name: bool(bytecode.package_imports(module.text)) for module in start})\n"
                  "wanted += [*bytecode.PYGAME_STANDARD_IMPORTS, 'dataclasses', 'game.i18n', 'game.play.store']\n"
                  "[name for name in wanted if name not in sys.modules]")
"""Python run in the page before the tap: what the start imports that needs no installed package (the standard
library's modules, the game's own: a few named, so that the list is never vacuously empty) and is not imported."""


WORKER_REGISTERED = "navigator.serviceWorker.getRegistration().then((registration) => !!registration)"
"""JavaScript: whether the page's offline worker is registered (a promise, awaited)."""


def served(site: SwitchableSite, path: str, since: int) -> list[int]:
    """The status of every answer the site gave ``path`` among its answers from number ``since`` on."""
    return [status for served_path, status, _size in site.served[since:] if served_path.split("?")[0] == path]


def wait_until(condition: Callable[[], bool], timeout_s: float, what: str) -> None:
    """Poll ``condition()`` until it is true; fail saying ``what`` was not seen in ``timeout_s``."""
    deadline = time.monotonic() + timeout_s
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what}: not seen in {timeout_s:.0f} s")
        time.sleep(0.1)


@contextmanager
def first_visit(real_page_site: SwitchableSite, tmp_path: Path) -> Iterator[tuple[SwitchableSite, GamePage, int]]:
    """The page opened in a fresh profile (nothing cached, no worker) from a server sending
    ``Cache-Control: max-age=600``: that server, the page, and the number of the server's first answer for it."""
    with SwitchableSite(real_page_site.site, cache_control="max-age=600") as site, \
            headless_browser(tmp_path / "profile") as browser:
        page = GamePage(browser.new_tab())
        since = len(site.served)
        page.tab.navigate(site.url + "index.html")
        yield site, page, since


def test_a_first_visit_fetches_the_wheel_before_the_tap_and_only_once(
        real_page_site: SwitchableSite, tmp_path: Path) -> None:
    with first_visit(real_page_site, tmp_path) as (site, page, since):
        tab = page.tab
        stage = tab.wait_for("document.readyState === 'complete' && window.othello_loader &&"
                             " ['waiting', 'running', 'failed'].includes(othello_loader.stage()) &&"
                             " othello_loader.stage()", BOOT_TIMEOUT_S, "the page to wait for the tap",
                             failed=page.failure)
        assert stage == "waiting"
        # no tap yet: the package index and the wheel it names are fetched meanwhile
        wait_until(lambda: served(site, WHEEL_PATH, since) == [200], PREFETCH_TIMEOUT_S,
                   "pygame-ce's wheel fetched before the tap")
        assert served(site, INDEX_PATH, since) == [200]
        # the game's archive is unpacked while the page waits: the tap is asked for once the archive is read
        wait_until(lambda: page.python("import sys\n'game.platform.bytecode' in sys.modules"), PREFETCH_TIMEOUT_S,
                   "the game's archive unpacked before the tap")
        asked, unpacked = tab.evaluate("['othello:waiting', 'othello:unpacked']"
                                       ".map((name) => performance.getEntriesByName(name)[0].startTime)")
        assert asked < unpacked
        # and the game's modules are compiled into their bytecode cache, the start's path first
        wait_until(lambda: page.python(COMPILED_AHEAD) == [True, True], PREFETCH_TIMEOUT_S,
                   "the game's modules compiled before the tap")
        assert tab.evaluate("othello_loader.stage()") == "waiting"
        assert "game.ai.search" not in page.python("list(sys.modules)")  # compiled, not run
        # then what the start imports that needs no pygame-ce is imported: the standard library's modules (the
        # runtime's have no bytecode), the game's own (their bodies run); nothing that needs pygame-ce
        wait_until(lambda: page.python(IMPORTED_AHEAD) == [], PREFETCH_TIMEOUT_S,
                   "the start's imports that need no pygame-ce imported before the tap")
        imported = page.python("list(sys.modules)")
        assert "pygame" not in imported and "game.ui.text" not in imported and "game.app" not in imported
        # no offline worker yet: its install fetches the page's files, the archive among them, which would
        # share a slow network with the runtime's download; it comes once the game has settled
        assert tab.evaluate(WORKER_REGISTERED) is False
        box = tab.evaluate("(() => { const r = document.getElementById('play').getBoundingClientRect();"
                           " return [r.left + r.width / 2, r.top + r.height / 2] })()")
        page.press_at(*box)
        page.wait_for_python("app.frames_shown > 2", BOOT_TIMEOUT_S, "the game's first frames")
        assert page.scene() == "menu"
        # the worker is registered and keeps the runtime once the game has settled (its warm-up behind the
        # menu done), not over the menu's first frames: read in one go, so the warm-up cannot end between
        warming, keeping = page.python("import js\n[app._warming is not None, bool(js.othello_offline.keeping)]")
        assert keeping is not warming
        page.wait_for_python("app._warming is None", BOOT_TIMEOUT_S, "the warm-up behind the menu")
        tab.wait_for("othello_offline.kept", 60, "the worker to keep the runtime")
        assert tab.evaluate(WORKER_REGISTERED) is True
        # pygbag's own requests were answered with the page's copies, the worker's from the HTTP cache:
        # each file was downloaded once
        assert served(site, WHEEL_PATH, since) == [200]
        assert served(site, INDEX_PATH, since) == [200]


ARCHIVE_TIMING = ("(() => { const mark = (name) => performance.getEntriesByName(name)[0].startTime;"
                  " return [performance.getEntriesByType('resource').filter((e) => /[.]tar[.]gz$/.test(e.name))"
                  "  .map((e) => e.startTime), mark('harness:runtime'), mark('othello:unpack')] })()")
"""JavaScript: when the page asked for the game's archive (each request's start), CPython was up, the boot code
began."""


def test_a_first_visit_fetches_the_archive_while_cpython_starts_and_only_once_and_a_tap_while_loading_plays(
        real_page_site: SwitchableSite, tmp_path: Path) -> None:
    archive_path = "/" + next(real_page_site.site.glob("*.tar.gz")).name
    with first_visit(real_page_site, tmp_path) as (site, page, since):
        tab = page.tab
        tab.wait_for("document.readyState === 'complete' && window.othello_loader"
                     " && othello_loader.stage() === 'download'", BOOT_TIMEOUT_S, "the page to load its runtime")
        page.press_at(200, 200)  # a tap while the runtime loads: the game starts with no second one
        page.wait_for_python("app.frames_shown > 2", BOOT_TIMEOUT_S, "the game's first frames")
        assert page.scene() == "menu"
        requested, runtime_up, boot_code = tab.evaluate(ARCHIVE_TIMING)
        # one request from the page, made before CPython was up: the boot code's fopen was handed its copy
        assert len(requested) == 1 and requested[0] < runtime_up < boot_code
        tab.wait_for("othello_offline.kept", 60, "the worker to keep the runtime")
        # downloaded once in the visit: the worker's install, which fetches it too, revalidated it (a 304) or
        # found it in the HTTP cache
        assert [status for status in served(site, archive_path, since) if status != 304] == [200]


def test_an_archive_the_host_sends_gzip_encoded_still_starts_the_game(
        real_page_site: SwitchableSite, tmp_path: Path) -> None:
    # the boot code ungzips the archive itself only when it is gzip's: here the browser has done it
    archive = "/" + next(real_page_site.site.glob("*.tar.gz")).name
    with SwitchableSite(real_page_site.site) as site, headless_browser(tmp_path / "profile") as browser:
        site.gzip_encoded.add(archive)
        page = open_game(browser.new_tab(), site.url + "index.html")
        assert page.failure() is None and page.scene() == "menu"
        assert served(site, archive, 0)[:1] == [200]  # the page's (the worker may fetch its own copy after)


def test_an_archive_with_a_member_outside_the_apps_folder_is_refused(
        real_page_site: SwitchableSite, tmp_path: Path) -> None:
    # the boot code writes the archive's files itself: a member's path must stay inside the app's folder
    site_copy = Path(shutil.copytree(real_page_site.site, tmp_path / "site", symlinks=True))
    archive = next(site_copy.glob("*.tar.gz"))
    with tarfile.open(archive) as tar:
        members = [(member, tar.extractfile(member).read() if member.isfile() else None)  # type: ignore[union-attr]
                   for member in tar]
    escaping = tarfile.TarInfo("assets/../../escaped.py")
    escaping.size = len(b"ESCAPED = 1\n")
    with tarfile.open(archive, "w:gz") as tar:
        tar.addfile(escaping, io.BytesIO(b"ESCAPED = 1\n"))
        for member, data in members:
            tar.addfile(member, io.BytesIO(data) if data is not None else None)
    with SwitchableSite(site_copy) as site, headless_browser(tmp_path / "profile") as browser:
        tab = browser.new_tab()
        tab.navigate(site.url + "index.html")
        page = GamePage(tab)
        tab.wait_for("window.othello_loader && othello_loader.stage() === 'failed'", BOOT_TIMEOUT_S,
                     "the page to refuse the archive")
        assert (page.failure() or "").startswith("unpack: ") and "outside the app's folder" in (page.failure() or "")
        assert page.python("__import__('glob').glob('/data/**/escaped.py', recursive=True)") == []
