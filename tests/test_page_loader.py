"""The built page with pygbag 0.9.3's own loader (``pythons.js``, unmodified): what an address hands to Python.

pygbag's ``pythons.js`` splits the address's query on ``&`` into
``PyConfig.orig_argv`` (its ``cpythonrc.py`` turns each ``KEY=VALUE`` there into
``os.environ[KEY]``, and its installer takes pygame-ce from ``$PYGPI``), lets a
first ``python3.x`` choose the interpreter, sets ``interactive`` for any ``-i``
in it, and splices it into the ``PyConfig`` JSON. The page's head script runs
before it and drops the query. These tests load the real loader from
``../shared/runtime/pygbag-0.9.3/`` (beside this checkout or the one it was
cloned from) in Debian's chromium with crafted addresses and read the
``PyConfig`` it builds, and the interpreter it asks for, before CPython would
start (CPython's ``main.js`` is a one-line stand-in here: the test is of what
the loader hands over). Skipped, saying why, without chromium or the loader.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from typing import Any

import pytest

from tests.chromium import CHROMIUM, SwitchableSite, built_site, headless_browser
from tests.devtools import Tab
from tests.real_browser import RUNTIME_PATH, shared_runtime_file

PYGBAG_LOADER = shared_runtime_file("pygbag-0.9.3/pythons.js")

pytestmark = pytest.mark.skipif(
    CHROMIUM is None or PYGBAG_LOADER is None,
    reason="needs chromium and pygbag 0.9.3's pythons.js in ../shared/runtime/pygbag-0.9.3/",
)

ATTACKER = "https://attacker.example/cdn/"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SwitchableSite]:
    """The page built with ``--cdn cdn/0.9.3/``, pygbag's real loader there and a stand-in for CPython's main.js."""
    assert PYGBAG_LOADER is not None
    web = built_site(tmp_path_factory.mktemp("loader"), cdn=RUNTIME_PATH)
    runtime = web / RUNTIME_PATH
    (runtime / "cpython312").mkdir(parents=True)
    shutil.copy2(PYGBAG_LOADER, runtime / "pythons.js")
    (runtime / "cpython312" / "main.js").write_text(
        "window.harness_interpreter = document.currentScript ? document.currentScript.src : 'loaded'\n",
        encoding="utf-8")
    # with ?debug the loader first imports its terminal (pygbag's CDN serves it one folder up)
    (web / "cdn" / "vtx.js").write_text(
        "export class WasmTerminal { constructor() { this.xterm = { write() {} } } }\n", encoding="utf-8")
    with SwitchableSite(web) as server:
        yield server


@pytest.fixture(scope="module")
def tab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Tab]:
    """A tab of a headless chromium with a fresh profile."""
    with headless_browser(tmp_path_factory.mktemp("profile")) as browser:
        yield browser.new_tab()


def handed_over(tab: Tab, url: str) -> dict[str, Any]:
    """What pygbag's loader made of ``url``: its PyConfig, the page's address then, and the interpreter fetched."""
    tab.navigate("about:blank")
    tab.navigate(url)
    # pythons.js hands its state to CPython's main.js as window.Module (Emscripten's module object)
    tab.wait_for("!!(window.Module && window.Module.PyConfig && window.harness_interpreter)", 30,
                 "pygbag's loader to build PyConfig and load the interpreter")
    answer = tab.evaluate("JSON.stringify({ config: Module.PyConfig, address: location.href,"
                          " interpreter: window.harness_interpreter, debug: !!Module.config.debug })")
    return dict(json.loads(str(answer)))


@pytest.mark.parametrize("query", [
    f"?x&PYGPI={ATTACKER}",                                # the package index pygame-ce is installed from
    "?python3.13",                                         # another interpreter
    "?cpython3.12%22,%22prefix%22:%22/x/../../cpython312",  # spliced into PyConfig's JSON unescaped
    "?utm_source=hacker-news-item",                        # "-i" anywhere: an interactive console
])
def test_no_query_text_reaches_pythons_config(site: SwitchableSite, tab: Tab, query: str) -> None:
    handed = handed_over(tab, f"{site.url}index.html{query}#f5d6")
    config = handed["config"]
    assert config["orig_argv"] == [""]  # what pythons.js makes of no query: nothing for os.environ, no interpreter
    assert config["argv"] == ["f5d6"]  # the shared game in the fragment still reaches the game
    assert config["executable"] == "cdn/0.9.3/cpython312/main.js"
    assert config["interactive"] is False
    assert config["prefix"] == "/data/data/org.python/assets/site-packages"
    assert handed["interpreter"] == f"{site.url}cdn/0.9.3/cpython312/main.js"
    assert handed["address"] == f"{site.url}index.html#f5d6"
    assert handed["debug"] is False
    # and the page's Content-Security-Policy refused nothing pygbag's loader did up to here
    assert [line for line in tab.console() if "blocked by the page's policy" in line] == []


@pytest.mark.parametrize("fragment", [
    f"#?x&PYGPI={ATTACKER}#f5d6",                            # pythons.js cuts "<src>?" + hash at the last "?"
    "#?python3.13#f5d6",
    "#?cpython3.12%22,%22dev_mode%22:1,%22x%22:%22#f5d6",
    "#?x&-i#f5d6",
])
def test_no_fragment_text_reaches_pythons_config(site: SwitchableSite, tab: Tab, fragment: str) -> None:
    handed = handed_over(tab, f"{site.url}index.html{fragment}")
    config = handed["config"]
    assert config["orig_argv"] == [""]
    assert config["executable"] == "cdn/0.9.3/cpython312/main.js"
    assert config["dev_mode"] == -1 and "x" not in config
    assert config["interactive"] is False
    assert handed["interpreter"] == f"{site.url}cdn/0.9.3/cpython312/main.js"
    # the head script spelled the fragment's "?", "&" and "#" as escapes: one argument, the game decodes it
    assert handed["address"] == f"{site.url}index.html#" + fragment[1:].replace("?", "%3F").replace(
        "&", "%26").replace("#", "%23")
    assert handed["debug"] is False


def test_debug_in_the_query_still_opens_the_console(site: SwitchableSite, tab: Tab) -> None:
    handed = handed_over(tab, f"{site.url}index.html?debug&PYGPI={ATTACKER}")
    assert handed["config"]["orig_argv"] == ["debug"]  # a bare word: no KEY=VALUE, no interpreter
    assert handed["debug"] is True
    assert handed["address"] == f"{site.url}index.html?debug"
