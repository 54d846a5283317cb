"""The offline worker's copies in a real browser: only known-good ones kept, none outliving a deploy, one per game.

Debian's chromium, driven over its DevTools protocol (``tests/devtools.py``)
with one profile per test, as one visitor's browser: the page's server and a
stand-in for pygbag's CDN on another origin (``tests/page/pythons.js``,
scenario ``files``, loads real files as pygbag's loader does: CPython's
``main.js`` by a plain ``<script>``, so without CORS). Each test is a case
the worker once got wrong (issue 37):

* one failed answer for ``main.js`` (a 503, a captive portal's page) was kept
  as an opaque copy and served on every later visit;
* a copy planted in the cache by another page of the origin was carried into
  every later build's cache, and a planted runtime file (pygbag's loader) ran
  from it until the build pinned the runtime's hashes (issue 48, item 7);
* two copies of the game on one host shared their storage (and "Updated" on
  every alternate visit), and the one at the root kept the other's files and
  made its page reload on a first visit.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.chromium import SwitchableSite, built_against_standin, headless_browser, needs_chromium, standin_cdn
from tests.devtools import Tab

pytestmark = needs_chromium

FINISHED = ("(() => { const log = document.getElementById('standin-log');"
            " const box = document.getElementById('transfer');"
            " if (box && box.classList.contains('failed')) return 'failed';"
            " return !!log && /^worker /m.test(log.textContent) && 'finished' })()")
"""JavaScript: ``'finished'`` once the stand-in has started the game and reported the caches, ``'failed'``
once the page shows its failure screen; false before."""


@pytest.fixture(scope="module")
def cdn() -> Iterator[SwitchableSite]:
    """The stand-in for pygbag's CDN, on its own origin, sending CORS headers as pygbag's does."""
    with standin_cdn() as site:
        yield site


@pytest.fixture
def tab(tmp_path: Path) -> Iterator[Tab]:
    """A tab of a headless chromium with a fresh profile: one visitor."""
    with headless_browser(tmp_path / "profile") as browser:
        yield browser.new_tab()


@pytest.fixture(scope="module")
def builds(cdn: SwitchableSite, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """Two builds of the game against the stand-in CDN (the second with a line added to main.py); not changed."""

    def edit(copy: Path) -> None:
        with (copy / "main.py").open("a", encoding="utf-8") as main:
            main.write("\n# another build\n")

    return (built_against_standin(tmp_path_factory.mktemp("a"), cdn),
            built_against_standin(tmp_path_factory.mktemp("b"), cdn, edit=edit))


def visit(tab: Tab, url: str) -> str:
    """Open ``url`` and wait until the stand-in has finished (``'finished'``) or the page failed (``'failed'``)."""
    tab.navigate("about:blank")
    tab.navigate(url)
    return str(tab.wait_for(FINISHED, 60, f"{url} to start the game or fail"))


def cached(tab: Tab) -> dict[str, list[str]]:
    """This origin's caches of the game: each cache's name and the addresses it holds."""
    return dict(tab.evaluate(
        "(async () => { const out = {}; for (const name of await caches.keys()) {"
        " if (name.startsWith('othello:')) out[name] = (await (await caches.open(name)).keys()).map((r) => r.url) }"
        " return out })()"))


def page_state(tab: Tab) -> dict[str, Any]:
    """What the page shows and how it came to be: the notice, its language, how it was loaded."""
    return dict(json.loads(str(tab.evaluate(
        "JSON.stringify({ notice: document.getElementById('notice').hidden ? null :"
        " document.getElementById('notice').textContent, lang: document.documentElement.lang,"
        " navigation: performance.getEntriesByType('navigation')[0].type,"
        " controlled: othello_offline.controlled })"))))


def test_a_failed_answer_for_the_runtime_is_never_kept(
        cdn: SwitchableSite, builds: tuple[Path, Path], tab: Tab) -> None:
    page_site = SwitchableSite(builds[0])
    try:
        cdn.offline = True  # the first visit installs the worker; the runtime cannot load
        assert visit(tab, f"{page_site.url}index.html?standin=files") == "failed"
        tab.wait_for("!!navigator.serviceWorker.controller", 30, "the worker to take the page")
        cdn.offline = False
        cdn.failing = {"/cdn/0.9.3/cpython312/main.js"}  # a bad moment: the CDN (or a portal) answers 503
        assert visit(tab, f"{page_site.url}index.html?standin=files") == "failed"
        cdn.failing = set()
        assert visit(tab, f"{page_site.url}index.html?standin=files") == "finished"  # the next visit plays
        kept = [url for urls in cached(tab).values() for url in urls]
        assert f"{cdn.url}cdn/0.9.3/cpython312/main.js" in kept  # the good copy, seen whole with CORS
        cdn.offline = page_site.offline = True
        assert visit(tab, f"{page_site.url}index.html?standin=files") == "finished"  # and offline from it
    finally:
        cdn.offline = False
        cdn.failing = set()
        page_site.close()


def test_a_runtime_copy_planted_in_the_cache_never_runs_in_this_build_or_the_next(
        cdn: SwitchableSite, builds: tuple[Path, Path], tab: Tab) -> None:
    # issue 48, item 7: the planted loader ran from the cache, and wrote itself into the next build's cache
    page_site = SwitchableSite(builds[0])
    loader = f"{cdn.url}cdn/0.9.3/pythons.js"
    good = (cdn.site / "cdn" / "0.9.3" / "pythons.js").read_text(encoding="utf-8")

    def plant() -> str:
        """Write a loader of the attacker's into the game's one cache, as any page of the origin can; its name."""
        (name,) = cached(tab)
        tab.evaluate(f"caches.open({json.dumps(name)}).then((cache) => cache.put({json.dumps(loader)},"
                     " new Response('window.othello_planted = true', { headers: {"
                     " 'Content-Type': 'text/javascript', 'Access-Control-Allow-Origin': '*' } })))")
        return name

    def kept_loader(name: str) -> str:
        return str(tab.evaluate(f"caches.open({json.dumps(name)}).then((cache) => cache.match({json.dumps(loader)}))"
                                ".then((response) => response.text())"))

    try:
        assert visit(tab, f"{page_site.url}index.html?standin=files") == "finished"
        old_cache = plant()  # on GitHub Pages, every project of an account shares the origin
        assert visit(tab, f"{page_site.url}index.html?standin=files") == "finished"
        assert tab.evaluate("window.othello_planted === undefined")  # dropped, fetched anew
        assert kept_loader(old_cache) == good

        plant()
        # (an update check still under way when the next page asks joins it, and would miss the new build)
        tab.wait_for("othello_offline.asked", 30, "the page to ask for a newer build (there is none yet)")
        old_build = tab.evaluate("OTHELLO_BUILD")
        page_site.site = builds[1]  # a new build is published
        new_build = f"typeof OTHELLO_BUILD === 'string' && OTHELLO_BUILD !== {json.dumps(old_build)} && {FINISHED}"
        tab.navigate(f"{page_site.url}index.html?standin=files")
        # the old build's page (its loader fetched anew, the game started) takes the new build at its
        # next visit, or at once if it had not started yet
        banner = "(document.getElementById('update') || { hidden: true }).hidden === false"
        if tab.wait_for(f"({new_build}) || {banner}", 60, "the new build, or the banner saying it comes next") is True:
            assert visit(tab, f"{page_site.url}index.html?standin=files") == "finished"
        assert tab.evaluate(new_build) == "finished"
        assert tab.evaluate("window.othello_planted === undefined")
        (new_cache,) = cached(tab)
        assert new_cache != old_cache
        assert kept_loader(new_cache) == good
    finally:
        page_site.close()


def test_two_copies_on_one_host_keep_their_own_storage_worker_and_cache(
        cdn: SwitchableSite, builds: tuple[Path, Path], tmp_path: Path, tab: Tab) -> None:
    host = tmp_path / "host"
    root, other = builds
    host.mkdir()
    for item in root.iterdir():
        target = host / item.name
        target.symlink_to(item, target_is_directory=item.is_dir())
    (host / "games").mkdir()
    (host / "games" / "othello").symlink_to(other, target_is_directory=True)
    page_site = SwitchableSite(host)
    at_root = f"{page_site.url}index.html?standin=files"
    in_folder = f"{page_site.url}games/othello/index.html?standin=files"
    try:
        assert visit(tab, at_root) == "finished"
        # the game at the root speaks French from now on (Settings saved, as the game writes it)
        tab.evaluate("localStorage.setItem(window.othello_storage_prefix + 'settings', '{\"language\": \"fr\"}')")

        assert visit(tab, in_folder) == "finished"
        state = page_state(tab)
        # a first visit: the root's worker, whose scope covers the folder, neither reloads the page
        # nor counts as this game's; the folder's game starts from what the copies shared (French)
        assert state["navigation"] == "navigate" and state["controlled"] is False and state["notice"] is None
        assert state["lang"] == "fr"
        tab.evaluate("localStorage.setItem(window.othello_storage_prefix + 'settings', '{\"language\": \"de\"}')")
        scopes = tab.evaluate("navigator.serviceWorker.getRegistrations().then((all) => all.map((r) => r.scope))")
        assert sorted(scopes) == [page_site.url, f"{page_site.url}games/othello/"]

        for _ in range(2):  # back and forth: each keeps its own language, and neither says "Updated"
            assert visit(tab, at_root) == "finished"
            assert page_state(tab) | {"navigation": None} == {
                "notice": None, "lang": "fr", "navigation": None, "controlled": True}
            assert visit(tab, in_folder) == "finished"
            assert page_state(tab) | {"navigation": None} == {
                "notice": None, "lang": "de", "navigation": None, "controlled": True}

        root_cache = next(urls for name, urls in cached(tab).items() if name.startswith(f"othello:{page_site.url}:"))
        assert root_cache and not [url for url in root_cache if "/games/" in url]
    finally:
        page_site.close()
