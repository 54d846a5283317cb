"""Driving Debian's chromium, headless, against a site served on 127.0.0.1: what the page tests share.

``visit`` loads an address in a fresh or kept profile, lets page time pass
(``--virtual-time-budget`` runs the page's timers fast) and returns the DOM
as the browser left it. ``built_site`` builds a copy of the game with the
web build; ``serve`` serves a folder; ``SwitchableSite`` is a server whose
files can be swapped (a new build published) and whose network can be cut
(the visitor goes offline: every request gets no answer at all).
"""

from __future__ import annotations

import contextlib
import http.server
import json
import os
import shutil
import subprocess
import tempfile
import threading
import time
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from game.web.build import build
from game.web.serve import StaticSiteHandler, make_server, page_url
from tests.devtools import Browser

REPO = Path(__file__).resolve().parent.parent
STANDIN = REPO / "tests" / "page" / "pythons.js"
CHROMIUM = shutil.which("chromium")
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",  # no network but the test server
]

needs_chromium = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install chromium)")
"""Mark for tests that drive the browser: skipped, with the reason, without it."""


@dataclass
class Element:
    """One element of the dumped DOM: its attributes and its text."""

    attrs: dict[str, str]
    text: str = ""

    @property
    def classes(self) -> set[str]:
        """The element's class names."""
        return set(self.attrs.get("class", "").split())


@dataclass
class Page:
    """The DOM as the browser left it: the elements that have an id, and the head's title, metas and links."""

    elements: dict[str, Element] = field(default_factory=dict)

    def __getitem__(self, element_id: str) -> Element:
        return self.elements[element_id]

    def failure(self) -> str | None:
        """The kind of failure the page shows (``data-failure``), ``None`` if it shows none."""
        transfer = self["transfer"]
        return transfer.attrs.get("data-failure") if "failed" in transfer.classes else None


class _DomReader(HTMLParser):
    VOID = {"meta", "link", "br", "img", "input", "hr", "source"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.page = Page()
        self.open: list[Element | None] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        key = self._key(tag, values)
        element = Element(values) if key is not None else None
        if key is not None and element is not None:
            self.page.elements[key] = element
        if tag not in self.VOID:
            self.open.append(element)

    @staticmethod
    def _key(tag: str, values: dict[str, str]) -> str | None:
        """An element's key in ``Page``: its id; else ``title``, ``meta:<name>`` or ``link:<rel>``; else none."""
        if "id" in values:
            return values["id"]
        if tag == "title":
            return "title"
        if tag == "meta" and "name" in values:
            return "meta:" + values["name"]
        if tag == "link" and "rel" in values:
            return "link:" + values["rel"]
        return None

    def handle_endtag(self, tag: str) -> None:
        if tag not in self.VOID and self.open:
            self.open.pop()

    def handle_data(self, data: str) -> None:
        for element in self.open:
            if element is not None:
                element.text += data


def visit(url: str, budget_ms: int, profile: Path, flags: tuple[str, ...] = ()) -> Page:
    """Load ``url`` in headless chromium, let ``budget_ms`` of page time pass, read the DOM.

    ``flags``: more of chromium's switches (``--lang=fr``: a French browser).
    """
    assert CHROMIUM is not None
    completed = subprocess.run(
        [CHROMIUM, *CHROMIUM_FLAGS, *flags, f"--user-data-dir={profile}", f"--virtual-time-budget={budget_ms}",
         "--dump-dom", url],
        capture_output=True, text=True, timeout=120, check=False,
    )
    assert "<html" in completed.stdout, f"no page from chromium ({completed.returncode}): {completed.stderr[-800:]}"
    reader = _DomReader()
    reader.feed(completed.stdout)
    return reader.page


def built_site(tmp: Path, cdn: str | None, edit: Callable[[Path], None] | None = None, offline: bool = True,
               runtime_files: Path | None = None) -> Path:
    """Build a copy of the game (main.py, game/, assets/, the template) and return its ``build/web``.

    ``edit`` may change the copy first (a new build differs from the last);
    ``runtime_files``: the runtime's files the service worker is pinned to (``build``'s).
    """
    for name in ("main.py", "index.html", "pygbag.ini"):
        shutil.copy2(REPO / name, tmp / name)
    for folder in ("game", "assets"):
        shutil.copytree(REPO / folder, tmp / folder, ignore=shutil.ignore_patterns("__pycache__", "wthor"))
    if edit is not None:
        edit(tmp)
    return build(tmp, cdn=cdn, offline=offline, runtime_files=runtime_files).output_dir


def built_against_standin(tmp: Path, cdn: SwitchableSite, edit: Callable[[Path], None] | None = None,
                          offline: bool = True) -> Path:
    """``built_site`` against the stand-in CDN ``cdn`` (``standin_cdn``), its runtime's files pinned."""
    return built_site(tmp, cdn=cdn.url + "cdn/0.9.3/", edit=edit, offline=offline, runtime_files=cdn.site / "cdn")


def serve(site: Path) -> Iterator[str]:
    server = make_server(site, port=0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield page_url(server)
    finally:
        server.shutdown()
        server.server_close()



class SwitchableSite:
    """A static server on 127.0.0.1 whose folder can be swapped and whose network can be cut.

    ``offline``: every request is dropped without an answer, as when the
    visitor has no network. ``cors``: every answer may be read by any origin
    (what pygbag's CDN and a mirror send). ``POST /__wait`` answers after
    ``WAIT_S`` of real time (offline: fails after it): a page that must give the browser's own work
    (a service worker's) real time under ``--virtual-time-budget`` keeps
    such a request open, since virtual time stands still while a request is.
    """

    WAIT_S = 0.2
    STALL_S = 3.0

    def __init__(self, site: Path, cors: bool = False, cache_control: str | None = None) -> None:
        self.site = site
        self.offline = False
        self.cors = cors
        self.cache_control = cache_control
        """``None``: ``no-store``, as ``python -m game.web serve``; else this, as a real host sends."""
        self.failing: set[str] = set()
        """Paths answered ``503`` with an HTML page (a server's error, a captive portal's page)."""
        self.stalling: set[str] = set()
        """Paths answered only after ``STALL_S`` (a host that does not answer in time)."""
        self.gzip_encoded: set[str] = set()
        """Paths sent with ``Content-Encoding: gzip`` (their bytes are gzip's already: a ``.tar.gz``), as a host that
        marks a gzip file so: the browser hands the page what is inside."""
        self.requests: list[str] = []
        self.served: list[tuple[str, int, int]] = []
        """Every GET answered: its path, status and the bytes of the body sent."""
        outer = self

        class Handler(StaticSiteHandler):
            def __init__(self, *args: Any, **kwargs: Any) -> None:
                super().__init__(*args, directory=str(outer.site), **kwargs)

            def do_GET(self) -> None:
                if outer.offline:
                    self.close_connection = True
                    return
                outer.requests.append(self.path)
                self.status_sent, self.body_bytes = 0, 0
                if self.path.split("?")[0] in outer.stalling:
                    time.sleep(outer.STALL_S)
                if self.path.split("?")[0] in outer.failing:
                    self.send_error(503, "Service Unavailable", "<p>Log in to the network to go on.</p>")
                    outer.served.append((self.path, 503, 0))
                    return
                super().do_GET()
                outer.served.append((self.path, self.status_sent, self.body_bytes))

            def send_response(self, code: int, message: str | None = None) -> None:
                self.status_sent = code
                super().send_response(code, message)

            def copyfile(self, source: Any, outputfile: Any) -> None:
                self.body_bytes = os.fstat(source.fileno()).st_size
                super().copyfile(source, outputfile)

            def do_POST(self) -> None:
                if self.path == "/__wait":
                    time.sleep(outer.WAIT_S)  # offline too: the request fails, but only after a while
                if outer.offline or self.path != "/__wait":
                    self.close_connection = True
                    return
                self.send_response(204)
                self.end_headers()

            def end_headers(self) -> None:
                if self.command == "GET" and self.path.split("?")[0] in outer.gzip_encoded:
                    self.send_header("Content-Encoding", "gzip")
                if outer.cors:
                    self.send_header("Access-Control-Allow-Origin", "*")
                if outer.cache_control is None:
                    super().end_headers()
                else:  # like GitHub Pages: cacheable for a while, revalidated by date after that
                    self.send_header("Cache-Control", outer.cache_control)
                    http.server.SimpleHTTPRequestHandler.end_headers(self)

        self.server = make_server(site, port=0)
        self.server.RequestHandlerClass = Handler
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        """The site's address, ending in ``/``."""
        return page_url(self.server)

    def close(self) -> None:
        """Stop serving."""
        self.server.shutdown()
        self.server.server_close()

    def __enter__(self) -> SwitchableSite:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


WHEEL = "cp312/pygame_ce-2.5.7.dev1-cp312-cp312-wasm32_bi_emscripten.whl"
"""pygame-ce's wheel, as pygbag 0.9.3's package index names it (``index-0.9.3-cp312.json``)."""


def standin_runtime(folder: Path) -> Path:
    """Write the stand-in CDN's files under ``folder/cdn/``: the loader and what it loads, as pygbag 0.9.3 names them.

    The files are small stand-ins (their sizes are checked, not meaningful); ``folder`` is returned.
    """
    runtime = folder / "cdn" / "0.9.3"
    (runtime / "cpython312").mkdir(parents=True)
    (folder / "cdn" / "cp312").mkdir()
    index = {"-CDN-": "https://pygame-web.github.io/cdn/", "pygame": "cp312/pygame_ce-2.5.7.dev1-<abi>-<abi>-<api>.whl"}
    (folder / "cdn" / "index-0.9.3-cp312.json").write_text(json.dumps(index), encoding="utf-8")
    shutil.copy2(STANDIN, runtime / "pythons.js")
    (runtime / "cpython312" / "main.js").write_text("window.standin_main_js = true\n", encoding="utf-8")
    (runtime / "cpython312" / "main.wasm").write_bytes(b"\0asm\1\0\0\0")
    (runtime / "cpython312" / "main.data").write_bytes(bytes(range(256)) * 40)
    (runtime / "cpythonrc.py").write_text("print('rc')\n", encoding="utf-8")
    with zipfile.ZipFile(folder / "cdn" / WHEEL, "w") as wheel:
        wheel.writestr("pygame/__init__.py", "")
    return folder


@contextlib.contextmanager
def standin_cdn() -> Iterator[SwitchableSite]:
    """The stand-in for pygbag's CDN (``standin_runtime``) on its own origin, sending CORS headers as pygbag's does."""
    with tempfile.TemporaryDirectory() as folder:
        root = standin_runtime(Path(folder))
        (root / "index.html").write_text("the stand-in CDN\n", encoding="utf-8")
        with SwitchableSite(root, cors=True) as site:
            yield site


@contextlib.contextmanager
def headless_browser(profile: Path) -> Iterator[Browser]:
    """Debian's chromium, headless, driven over its DevTools pipe with the profile ``profile``; closed after."""
    assert CHROMIUM is not None
    browser = Browser(CHROMIUM, CHROMIUM_FLAGS, profile)
    try:
        yield browser
    finally:
        browser.close()


DEVTOOLS_SCRIPT = REPO / "tests" / "page" / "devtools.mjs"


def app_report(url: str, profile: Path, wait_ms: int = 3_000) -> dict[str, Any]:
    """What chromium, asked through its DevTools protocol, says of ``url`` as an installable app.

    ``installabilityErrors`` (empty: it would offer "Install"), the manifest's
    ``manifestUrl`` and ``manifestErrors``, and ``workerActive``. Needs
    ``node`` and ``npm ci`` (the ``ws`` package); skips the test otherwise.
    """
    if shutil.which("node") is None or not (REPO / "node_modules" / "ws").is_dir():
        pytest.skip("node and npm ci are needed to talk to chromium's DevTools")
    assert CHROMIUM is not None
    browser = subprocess.Popen([CHROMIUM, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", "--remote-debugging-port=0",
                                "about:blank"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        active_port = profile / "DevToolsActivePort"
        for _ in range(300):
            if active_port.is_file() and len(active_port.read_text(encoding="utf-8").split()) == 2:
                break
            time.sleep(0.1)
        port, path = active_port.read_text(encoding="utf-8").split()
        completed = subprocess.run(["node", str(DEVTOOLS_SCRIPT), f"ws://127.0.0.1:{port}{path}", url, str(wait_ms)],
                                   capture_output=True, text=True, timeout=90, check=False)
        report: dict[str, Any] = json.loads(completed.stdout or "{}")
        assert "error" not in report, report
        return report
    finally:
        browser.terminate()
        browser.wait(timeout=30)
