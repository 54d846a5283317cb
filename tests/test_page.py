"""The built page in a real browser: Debian's chromium, headless, against the site served on 127.0.0.1.

pygbag's runtime cannot load here (it comes from pygbag's CDN), so the page is
built with its runtime address pointing at ``cdn/0.9.3/`` on the test server, where
``tests/page/pythons.js``, the project's stand-in for pygbag's loader, takes
the page through one scenario (``?standin=NAME``): every step to the game's
first frame, a slow but progressing download, a stall, a missing runtime, an
unpack failure, a Python error. Each test asserts what the visitor sees: the
DOM's text and classes after ``--dump-dom``, with ``--virtual-time-budget``
running the page's timers (the 20 s watchdog) in a fraction of a second.
The page built for the real CDN is also loaded with no network at all.

Needs ``chromium`` on the PATH (CI installs Debian's package); skipped
otherwise. Every run uses a fresh profile and resolves no host but 127.0.0.1.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.chromium import STANDIN, Page, SwitchableSite, built_site, needs_chromium, serve, visit

WATCHDOG_BUDGET_MS = 30_000  # the issue: within 30 s of a failure the page says what happened

pytestmark = needs_chromium


@pytest.fixture(scope="module")
def built_for_standin(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The page built to load its runtime from ``cdn/0.9.3/`` beside it (its package index's folder above)."""
    return built_site(tmp_path_factory.mktemp("standin"), cdn="cdn/0.9.3/")


@pytest.fixture(scope="module")
def standin_site(built_for_standin: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """That page served with the stand-in for pygbag's loader in ``cdn/0.9.3/``."""
    site = tmp_path_factory.mktemp("site") / "web"
    shutil.copytree(built_for_standin, site)
    runtime = site / "cdn" / "0.9.3"
    runtime.mkdir(parents=True)
    shutil.copy2(STANDIN, runtime / "pythons.js")
    (runtime / "empty.wasm").write_bytes(b"\0asm\1\0\0\0")  # the smallest valid module
    yield from serve(site)


@pytest.fixture(scope="module")
def loaderless_site(built_for_standin: Path) -> Iterator[str]:
    """That page served with nothing in ``cdn/0.9.3/``: the loader itself is missing."""
    yield from serve(built_for_standin)


@pytest.fixture(scope="module")
def cdn_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The page as published: its runtime from pygbag's CDN (unreachable here, as on CI)."""
    yield from serve(built_site(tmp_path_factory.mktemp("cdn"), cdn=None))


def scenario(site: str, name: str, budget_ms: int, profile: Path, address_tail: str = "") -> Page:
    """The page after ``budget_ms`` with the stand-in playing scenario ``name``."""
    return visit(f"{site}index.html?standin={name}{address_tail}", budget_ms, profile)


# -- the game starts -----------------------------------------------------------------------------


def test_a_successful_start_hides_the_loader_once_the_first_frame_is_drawn(standin_site: str, tmp_path: Path) -> None:
    page = scenario(standin_site, "success", 10_000, tmp_path)
    assert page.failure() is None
    assert "first frame" in page["standin-log"].text
    assert "gone" in page["transfer"].classes and "hidden" in page["transfer"].attrs
    assert "visibility: visible" in page["canvas"].attrs.get("style", "")
    # in the tab order where it stands, not before everything else (Lighthouse: no tabindex above 0),
    # and named: a screen reader says what the canvas is
    assert page["canvas"].attrs["tabindex"] == "0" and page["canvas"].attrs["aria-label"] == "Othello"
    assert page["canvas"].attrs["role"] == "application"
    assert all(int(element.attrs.get("tabindex", 0)) <= 0 for element in page.elements.values())


def test_the_loader_stays_until_the_game_has_drawn_and_says_so_if_it_never_does(
    standin_site: str, tmp_path: Path
) -> None:
    queued = scenario(standin_site, "start-hang", 5_000, tmp_path / "early")
    assert queued.failure() is None
    assert "gone" not in queued["transfer"].classes and "hidden" not in queued["transfer"].attrs
    assert queued["status"].text == "Installing pygame-ce\u2026"
    stuck = scenario(standin_site, "start-hang", WATCHDOG_BUDGET_MS, tmp_path / "late")
    assert stuck.failure() == "start"
    assert stuck["failure-what"].text == "The game did not start."


def test_a_slow_download_that_keeps_progressing_is_not_cut_off(standin_site: str, tmp_path: Path) -> None:
    # 15 chunks 8 s apart: two minutes of downloading, far beyond the watchdog's 20 s
    page = scenario(standin_site, "slow", 150_000, tmp_path)
    assert page.failure() is None
    assert "first frame" in page["standin-log"].text


def test_counting_download_progress_leaves_webassembly_streaming_working(standin_site: str, tmp_path: Path) -> None:
    page = scenario(standin_site, "wasm", 3_000, tmp_path)
    assert "loading wasm in CSS1Compat" in page["standin-log"].text  # standards mode: the page has a doctype
    assert "wasm true counting true type application/wasm url true" in page["standin-log"].text
    assert page.failure() is None


def test_waiting_for_the_click_is_not_a_failure(standin_site: str, tmp_path: Path) -> None:
    page = scenario(standin_site, "waiting", 90_000, tmp_path)
    assert page.failure() is None
    assert "ready" in page["transfer"].classes
    assert page["play"].text.strip() == "Click, tap or press a key to play"


# -- the runtime does not load -------------------------------------------------------------------


def test_a_download_that_stops_is_reported_within_30_seconds(standin_site: str, tmp_path: Path) -> None:
    page = scenario(standin_site, "stalled", WATCHDOG_BUDGET_MS, tmp_path)
    assert page.failure() == "runtime"
    assert page["failure-what"].text == "The game's runtime could not be downloaded."
    assert "network" in page["failure-try"].text
    assert "No progress for 20 s" in page["failure-detail"].text
    assert "Downloading data" in page["failure-detail"].text
    # a self-hosted runtime: the message names the host the page used, not pygbag's CDN
    assert "pygame-web.github.io" not in page["failure-try"].text
    assert standin_site.split("/")[2] in page["failure-try"].text


def test_a_missing_main_js_is_reported_at_once(standin_site: str, tmp_path: Path) -> None:
    page = scenario(standin_site, "runtime", 3_000, tmp_path)
    assert page.failure() == "runtime"
    assert "cpython312/main.js" in page["failure-detail"].text


def test_emscripten_giving_up_is_reported_at_once(standin_site: str, tmp_path: Path) -> None:
    page = scenario(standin_site, "abort", 3_000, tmp_path)
    assert page.failure() == "runtime"
    assert "the runtime stopped: both async and sync fetching of the wasm failed" in page["failure-detail"].text


def test_a_missing_loader_is_reported_at_once(loaderless_site: str, tmp_path: Path) -> None:
    page = visit(f"{loaderless_site}index.html", 3_000, tmp_path)
    assert page.failure() == "runtime"
    assert "cdn/0.9.3/pythons.js" in page["failure-detail"].text


def test_the_published_page_with_no_network_says_the_runtime_is_unreachable(cdn_site: str, tmp_path: Path) -> None:
    page = visit(f"{cdn_site}index.html", WATCHDOG_BUDGET_MS, tmp_path)
    assert page.failure() == "runtime"
    assert page["failure-what"].text == "The game's runtime could not be downloaded."
    assert "pygame-web.github.io/cdn/0.9.3/pythons.js" in page["failure-detail"].text
    assert "pygame-web.github.io" in page["failure-try"].text  # pygbag's CDN, named as such
    assert page["reload"].text == "Reload the page"


# -- the game's files or code fail -----------------------------------------------------------------


def test_an_archive_that_never_unpacks_is_reported_within_30_seconds(standin_site: str, tmp_path: Path) -> None:
    page = scenario(standin_site, "unpack-hang", WATCHDOG_BUDGET_MS, tmp_path)
    assert page.failure() == "unpack"
    assert page["failure-what"].text == "The game's files could not be unpacked."
    assert "Content-Encoding: gzip" in page["failure-try"].text
    assert "Unpacking the game" in page["failure-detail"].text


def test_an_archive_that_cannot_be_read_is_reported(standin_site: str, tmp_path: Path) -> None:
    page = scenario(standin_site, "unpack-error", 5_000, tmp_path)
    assert page.failure() == "unpack"
    assert "ReadError" in page["failure-detail"].text


def test_a_python_error_at_start_is_shown_on_the_page(standin_site: str, tmp_path: Path) -> None:
    page = scenario(standin_site, "python-error", 10_000, tmp_path)
    assert page.failure() == "python"
    assert page["failure-what"].text == "The game stopped because of an error."
    assert "ZeroDivisionError: division by zero" in page["failure-detail"].text
    assert "hidden" not in page["transfer"].attrs


def test_an_error_in_the_running_game_covers_the_frozen_canvas(standin_site: str, tmp_path: Path) -> None:
    page = scenario(standin_site, "loop-error", 10_000, tmp_path)
    assert "first frame" in page["standin-log"].text
    assert page.failure() == "python"
    assert "hidden" not in page["transfer"].attrs and "gone" not in page["transfer"].classes
    assert "KeyError: 'a bug in the loop'" in page["failure-detail"].text


# -- the address -------------------------------------------------------------------------------------


def test_a_malformed_escape_in_the_link_no_longer_stops_the_loader(standin_site: str, tmp_path: Path) -> None:
    page = scenario(standin_site, "success", 10_000, tmp_path, "#f5d6%zz")
    assert page.failure() is None
    assert "first frame" in page["standin-log"].text
    assert "hash #f5d6%25zz" in page["standin-log"].text  # the game then reads "f5d6%zz" and says why


def test_a_real_game_link_is_left_as_it_is(standin_site: str, tmp_path: Path) -> None:
    page = scenario(standin_site, "success", 10_000, tmp_path, "#f5d6c3")
    assert page.failure() is None
    assert "hash #f5d6c3\n" in page["standin-log"].text + "\n"


# -- the game's own page scripts (game/platform/browser.py) in the real browser -----------------------------


def _script_page(tmp: Path, script: str) -> Iterator[str]:
    """A page with a canvas that runs ``script`` and writes its JSON result into ``#out``.

    Served by a ``SwitchableSite``: a script that waits for the browser's own work (a clipboard's answer)
    keeps a ``POST /__wait`` open meanwhile, since virtual time stands still while a request is.
    """
    (tmp / "index.html").write_text(
        '<!doctype html><html><head><meta charset="utf-8"></head><body style="margin:0">'
        '<canvas id="canvas" width="640" height="400" '
        'style="position:absolute;left:100px;top:50px;width:800px;height:500px"></canvas>'
        '<pre id="out"></pre><script>\n' + script + "\n</script></body></html>",
        encoding="utf-8",
    )
    with SwitchableSite(tmp) as site:
        yield site.url


def _script_result(tmp_path: Path, script: str, budget_ms: int = 2_000) -> dict[str, object]:
    import json

    site = tmp_path / "site"
    site.mkdir()
    pages = _script_page(site, script)
    url = next(pages)
    try:
        page = visit(f"{url}index.html", budget_ms, tmp_path / "profile")
    finally:
        pages.close()
    result: dict[str, object] = json.loads(page["out"].text)
    return result


def test_a_refused_copy_and_paste_are_reported_as_refused(tmp_path: Path) -> None:
    import json

    from game.platform import browser

    # headless, unfocused and never clicked: the browser refuses both, as it may refuse a player
    copy = browser._ASYNC_JS + "var copy = " + browser._COPY_JS % json.dumps("https://example.org/#f5d6")
    paste = "var paste = " + browser._PASTE_JS
    # the browser answers in real time: a request kept open stops virtual time until both answers are in
    script = copy + paste + """
function report() {
  if (!(othello_async.done[copy] && othello_async.done[paste])) {
    fetch("/__wait", {method: "POST"}).then(report, report);
    return;
  }
  document.getElementById("out").textContent = JSON.stringify({
    copy: JSON.parse(othello_async.take(copy)), paste: JSON.parse(othello_async.take(paste)),
    again: othello_async.take(copy) });
}
report();"""
    result = _script_result(tmp_path, script)
    assert result["copy"] == {"ok": False, "value": "the browser refused the copy"}
    assert isinstance(result["paste"], dict) and result["paste"]["ok"] is False
    assert result["again"] == ""  # an answer is handed over once


def test_the_text_field_lies_over_the_box_and_trades_text_with_the_game(tmp_path: Path) -> None:
    from game.platform import page_text_field

    script = page_text_field._TEXT_FIELD_JS + """
var keys = 0;
window.addEventListener("keydown", function () { keys++; });
othello_text.open([0.1, 0.2, 0.5, 0.3], "f5", "Type a game");
var field = document.getElementById("othello-text"), box = field.getBoundingClientRect();
var out = { box: [box.left, box.top, box.width, box.height], placeholder: field.placeholder, start: field.value };
out.quiet = othello_text.sync("f5");
field.value = "f5 d6";  // the player types on the phone's keyboard
field.dispatchEvent(new KeyboardEvent("keydown", { key: "6", bubbles: true }));
out.typed = othello_text.sync("f5");
out.after = othello_text.sync("f5 d6");
out.cleared = othello_text.sync("");  // the game's Clear button
out.value = field.value;
out.keys_seen_by_the_game = keys;
othello_text.close();
out.hidden = field.hidden;
out.closed = othello_text.sync("x");
document.getElementById("out").textContent = JSON.stringify(out);
"""
    result = _script_result(tmp_path, script)
    assert result["box"] == [180, 150, 400, 150]  # canvas at (100, 50), 800 x 500 CSS pixels
    assert result["placeholder"] == "Type a game" and result["start"] == "f5"
    assert result["quiet"] is None
    assert result["typed"] == "f5 d6"
    assert result["after"] is None
    assert result["cleared"] is None and result["value"] == ""
    assert result["keys_seen_by_the_game"] == 0
    assert result["hidden"] is True and result["closed"] is None


# -- the page's language -----------------------------------------------------------------------------


def test_a_french_browser_gets_the_loading_screen_in_french(standin_site: str, tmp_path: Path) -> None:
    from game import i18n

    french = i18n.read_catalog("fr")
    # new headless chromium takes navigator.languages from --accept-lang (--lang alone leaves it English)
    page = visit(f"{standin_site}index.html?standin=waiting", 5_000, tmp_path, flags=("--lang=fr", "--accept-lang=fr"))
    assert page.failure() is None
    assert page["play"].text.strip() == french.gettext("Click, tap or press a key to play") != (
        "Click, tap or press a key to play")
    assert page["status"].text.strip() == french.gettext("Ready")
    assert page["reload"].text.strip() == french.gettext("Reload the page")
    english = visit(f"{standin_site}index.html?standin=waiting", 5_000, tmp_path / "en",
                    flags=("--lang=en-US", "--accept-lang=en-US"))
    assert english["play"].text.strip() == "Click, tap or press a key to play"


def test_a_japanese_browser_gets_the_pages_name_description_and_manifest_in_japanese(
        standin_site: str, built_for_standin: Path, tmp_path: Path) -> None:
    from game import i18n
    from game.web.page_texts import DESCRIPTION

    japanese = i18n.read_catalog("ja")
    description = japanese.gettext(DESCRIPTION).replace("{title}", "オセロ")
    page = visit(f"{standin_site}index.html?standin=waiting", 5_000, tmp_path, flags=("--lang=ja", "--accept-lang=ja"))
    assert page["title"].text == "オセロ" and page["meta:apple-mobile-web-app-title"].attrs["content"] == "オセロ"
    assert page["meta:description"].attrs["content"] == description != DESCRIPTION
    assert page["link:manifest"].attrs["href"] == "manifest-ja.webmanifest"
    manifest = json.loads((built_for_standin / "manifest-ja.webmanifest").read_text(encoding="utf-8"))
    assert (manifest["lang"], manifest["name"], manifest["description"]) == ("ja", "オセロ", description)
    english = visit(f"{standin_site}index.html?standin=waiting", 5_000, tmp_path / "en",
                    flags=("--lang=en-US", "--accept-lang=en-US"))
    assert english["title"].text == "Othello" and english["link:manifest"].attrs["href"] == "manifest.webmanifest"
    assert english["meta:description"].attrs["content"] == DESCRIPTION.replace("{title}", "Othello")


def test_a_failure_is_told_in_the_players_language(standin_site: str, tmp_path: Path) -> None:
    from game import i18n

    german = i18n.read_catalog("de")
    page = scenario_in(standin_site, "runtime", tmp_path, "--lang=de", "--accept-lang=de")
    assert page.failure() == "runtime"
    assert page["failure-what"].text == german.gettext("The game's runtime could not be downloaded.")


def scenario_in(site: str, name: str, profile: Path, *flags: str) -> Page:
    """The page after 3 s with the stand-in playing scenario ``name``, with chromium's ``flags``."""
    return visit(f"{site}index.html?standin={name}", 3_000, profile, flags=flags)
