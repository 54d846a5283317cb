"""Offline play in a real browser: the page reaches the game's first frame from the service worker's cache.

The page is built to load its runtime from a second server on another port
(another origin, as pygbag's CDN is), where the stand-in loader
(``tests/page/pythons.js``, scenario ``files``) loads real files the way
pygbag's does: a script element, a wasm compiled while streaming, data by
XMLHttpRequest, the archive by fetch. One browser profile is kept from visit
to visit, as a visitor's browser is:

1. online, the first visit: the game starts, and the worker keeps every file
   the page fetched, including those fetched before it was running;
2. both servers unreachable (no answer at all): the game starts again, every
   file from the cache;
3. a new build published: the old build's page, served from the cache,
   takes the new one at once (the game had not started), which says
   "Updated" once; the old cache is gone;
4. offline again: the new build starts from its own cache, without the notice.
"""

from __future__ import annotations

import gzip
import json
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from game.web.offline import SERVICE_WORKER
from game.web.page_texts import MANIFEST
from tests.chromium import WHEEL, SwitchableSite, app_report, built_against_standin, needs_chromium, standin_cdn, visit

pytestmark = needs_chromium

@pytest.fixture(scope="module")
def cdn() -> Iterator[SwitchableSite]:
    """The stand-in for pygbag's CDN, on its own origin (another port), sending CORS headers."""
    with standin_cdn() as site:
        yield site


Build = Callable[..., Path]
"""``build(tmp, change="", offline=True)``: a copy, in ``tmp/web``, of the game built against the stand-in CDN."""


@pytest.fixture(scope="module")
def build(cdn: SwitchableSite, tmp_path_factory: pytest.TempPathFactory) -> Build:
    """The game built against the stand-in CDN, once for the module per ``change`` (appended to main.py: a new
    build) and ``offline``; each test gets a copy of its own in ``tmp``, to change as it likes."""
    built: dict[tuple[str, bool], Path] = {}

    def copy_of(tmp: Path, change: str = "", offline: bool = True) -> Path:
        if (change, offline) not in built:
            source = tmp_path_factory.mktemp("build")

            def edit(copy: Path) -> None:
                with (copy / "main.py").open("a", encoding="utf-8") as main:
                    main.write(f"\n# {change}\n")

            built[change, offline] = built_against_standin(source, cdn, edit=edit if change else None, offline=offline)
        return Path(shutil.copytree(built[change, offline], tmp / "web"))

    return copy_of


def _log(page_text: str) -> dict[str, str]:
    """The stand-in's log lines by their first word."""
    return {line.split(" ", 1)[0]: line for line in page_text.splitlines() if line.strip()}


def _published(site: Path, base: str) -> Path:
    """The folder a host serves when the site is published under ``base`` (``""``: at the root)."""
    if not base:
        return site
    root = site.parent / "host"
    shutil.copytree(site, root / base)
    (root / "index.html").write_text("the host's own home page\n", encoding="utf-8")
    return root


@pytest.mark.parametrize("base", ["", "games/othello/"], ids=["at the root", "under a project path"])
def test_after_one_visit_the_game_starts_offline_and_a_new_build_replaces_the_cache(
    cdn: SwitchableSite, build: Build, tmp_path: Path, base: str
) -> None:
    first_build = build(tmp_path / "a")
    page_site = SwitchableSite(_published(first_build, base))
    profile = tmp_path / "profile"  # the visitor's browser, kept from visit to visit
    address = f"{page_site.url}{base}index.html?standin=files#f5d6"
    try:
        first = visit(address, 15_000, profile)
        log = _log(first["standin-log"].text)
        assert first.failure() is None, first["failure-detail"].text
        assert "first frame" in first["standin-log"].text
        wheel = (cdn.site / "cdn" / WHEEL).stat().st_size
        archive = next(first_build.glob("*.tar.gz")).stat().st_size
        assert log["runtime"] == f"runtime wasm true data 10240 rc 12 wheel {wheel} archive {archive}"
        version_a = log["build"].split()[1]
        assert log["build"].endswith("controlled false")  # nothing cached before this visit
        assert log["kept"].startswith("kept ") and " failed 0 " in log["kept"], log["kept"]
        assert int(log["kept"].split()[1]) >= 7  # loader, main.js, wasm, data, rc, package index, wheel
        assert log["caches"] == f"caches {version_a}"
        assert first["notice"].attrs.get("hidden") is not None  # a first visit is not an update

        page_site.offline = cdn.offline = True
        offline = visit(address, 15_000, profile)
        log = _log(offline["standin-log"].text)
        assert offline.failure() is None, offline["failure-detail"].text
        assert "first frame" in offline["standin-log"].text
        assert log["build"] == f"build {version_a} controlled true"

        page_site.site = _published(build(tmp_path / "b", change="a new build"), base)
        page_site.offline = cdn.offline = False
        updated = visit(f"{page_site.url}{base}index.html?standin=update", 15_000, profile)
        log = _log(updated["standin-log"].text)
        version_b = log["build"].split()[1]
        assert version_b != version_a
        assert updated["notice"].text == "Updated to the latest version."
        assert updated["notice"].attrs.get("hidden") is None
        assert updated.failure() is None

        page_site.offline = cdn.offline = True
        again = visit(address, 15_000, profile)
        log = _log(again["standin-log"].text)
        assert again.failure() is None, again["failure-detail"].text
        assert log["build"] == f"build {version_b} controlled true"
        assert log["caches"] == f"caches {version_b}"  # the old build's cache is gone
        assert again["notice"].attrs.get("hidden") is not None  # said once
    finally:
        cdn.offline = False
        page_site.close()


def test_a_host_that_sends_the_archive_gzip_encoded_still_gets_offline_play(
    cdn: SwitchableSite, build: Build, tmp_path: Path
) -> None:
    site = build(tmp_path / "a")
    page_site = SwitchableSite(site)
    # the browser hands the worker the tar inside, whose bytes are not the .tar.gz's the build hashed
    archive = next(site.glob("*.tar.gz"))
    page_site.gzip_encoded = {"/" + archive.name}
    tar = len(gzip.decompress(archive.read_bytes()))
    profile = tmp_path / "profile"
    address = f"{page_site.url}index.html?standin=files"
    try:
        first = visit(address, 15_000, profile)
        log = _log(first["standin-log"].text)
        assert first.failure() is None and "first frame" in first["standin-log"].text
        version = log["build"].split()[1]
        assert log["worker"] == "worker registered", first["standin-log"].text  # installed: before, "worker none"
        assert log["kept"].startswith("kept ") and " failed 0 " in log["kept"], log["kept"]
        assert log["runtime"].endswith(f" archive {tar}")  # what the browser handed the page

        page_site.offline = cdn.offline = True
        offline = visit(address, 15_000, profile)
        log = _log(offline["standin-log"].text)
        assert offline.failure() is None, offline["failure-detail"].text
        assert "first frame" in offline["standin-log"].text
        assert log["build"] == f"build {version} controlled true" and log["runtime"].endswith(f" archive {tar}")
    finally:
        cdn.offline = False
        page_site.close()


def test_a_new_build_arriving_during_a_game_waits_for_the_next_visit(build: Build, tmp_path: Path) -> None:
    page_site = SwitchableSite(build(tmp_path / "a"))
    profile = tmp_path / "profile"
    try:
        first = visit(f"{page_site.url}index.html?standin=files", 15_000, profile)
        version_a = _log(first["standin-log"].text)["build"].split()[1]
        page_site.site = build(tmp_path / "b", change="published while someone plays")
        # page time for the stand-in's own wait (up to 45 s, ended by the banner): on a busy machine the new
        # build's worker copies the runtime for longer than 20 s of it
        playing = visit(f"{page_site.url}index.html?standin=playing", 50_000, profile)
        log = _log(playing["standin-log"].text)
        assert log["build"] == f"build {version_a} controlled true" and "still playing" in log["still"]
        assert playing["standin-log"].text.count("first frame") == 1  # not reloaded under the player
        assert "banner shown: A new version is ready: it starts the next time you open the game" in log["still"]
    finally:
        page_site.close()


def test_a_build_without_offline_play_removes_the_worker_and_its_caches(build: Build, tmp_path: Path) -> None:
    page_site = SwitchableSite(build(tmp_path / "a"))
    profile = tmp_path / "profile"
    try:
        first = visit(f"{page_site.url}index.html?standin=files", 15_000, profile)
        assert _log(first["standin-log"].text)["worker"] == "worker registered"
        page_site.site = build(tmp_path / "b", change="offline play turned off", offline=False)
        visit(f"{page_site.url}index.html?standin=update", 15_000, profile)  # the old page, from the cache
        after = visit(f"{page_site.url}index.html?standin=files", 15_000, profile)
        log = _log(after["standin-log"].text)
        assert after.failure() is None and "first frame" in after["standin-log"].text
        assert log["build"].endswith("controlled false")  # the page came from the network
        assert log["caches"].strip() == "caches" and log["worker"] == "worker none"
    finally:
        page_site.close()


def test_where_the_worker_is_refused_the_page_works_as_without_one(build: Build, tmp_path: Path) -> None:
    site = build(tmp_path / "a")
    (site / SERVICE_WORKER).unlink()  # the registration fails, as in a frame that refuses workers
    page_site = SwitchableSite(site)
    try:
        page = visit(f"{page_site.url}index.html?standin=files", 15_000, tmp_path / "profile")
        log = _log(page["standin-log"].text)
        assert page.failure() is None and "first frame" in page["standin-log"].text
        assert log["kept"] == "kept nothing" and log["caches"].strip() == "caches"
    finally:
        page_site.close()


def test_chromium_would_offer_to_install_the_game(build: Build, tmp_path: Path) -> None:
    site = build(tmp_path / "a")
    page_site = SwitchableSite(site)
    try:
        report = app_report(f"{page_site.url}index.html?standin=files", tmp_path / "profile")
        assert report["installabilityErrors"] == [] and report["manifestErrors"] == []
        assert report["manifestUrl"] == f"{page_site.url}{MANIFEST}" and report["workerActive"] is True
        (site / MANIFEST).unlink()  # the check can fail: without its manifest the page is not an app
        report = app_report(f"{page_site.url}index.html?standin=files", tmp_path / "profile-2")
        assert report["installabilityErrors"] != []
    finally:
        page_site.close()


def test_the_manifest_names_the_game_and_its_icons(build: Build, tmp_path: Path) -> None:
    site = build(tmp_path / "a")
    manifest = json.loads((site / MANIFEST).read_text(encoding="utf-8"))
    assert manifest["display"] == "standalone" and manifest["start_url"] == "./"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes  # what Chromium asks of an installable app
    for icon in manifest["icons"]:
        assert (site / icon["src"]).is_file()
    assert '<link rel="manifest" href="manifest.webmanifest">' in (site / "index.html").read_text(encoding="utf-8")
