"""The browser side of the game (game/browser.py), driven through stand-ins for the page's objects.

``localStorage`` is replaced by a dict-backed object with the browser's
method names; a "reload" is a new ``LocalStorage`` over the same object.
The JavaScript that copies to the clipboard and resumes audio is run for
real under Node.js against fake ``navigator``/``document``/audio objects.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from types import SimpleNamespace
from typing import Any

import pytest

from game import browser
from game.engine import GameRecord


class FakeLocalStorage:
    """The browser's ``Storage`` API over a dict; ``quota`` (characters) makes ``setItem`` fail."""

    def __init__(self, quota: int | None = None) -> None:
        self.items: dict[str, str] = {}
        self.quota = quota

    def getItem(self, key: str) -> str | None:  # noqa: N802 - the browser's name
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        used = sum(len(k) + len(v) for k, v in self.items.items() if k != key)
        if self.quota is not None and used + len(key) + len(value) > self.quota:
            raise RuntimeError("QuotaExceededError: the quota has been exceeded")
        self.items[key] = str(value)

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.items.pop(key, None)


def a_whole_game() -> str:
    """A finished game's transcript: always the first legal move, passes implied."""
    record = GameRecord()
    while not record.is_over():
        moves = record.position.legal_squares()
        record.play(moves[0])
    return record.transcript()


# -- localStorage -------------------------------------------------------------


def test_saved_text_survives_a_reload() -> None:
    page_storage = FakeLocalStorage()
    before_reload = browser.LocalStorage(page_storage)
    before_reload.write("settings", '{"level": 3, "sound": false}')
    before_reload.write("autosave", "f5d6c3")

    after_reload = browser.LocalStorage(page_storage)
    assert after_reload.read("settings") == '{"level": 3, "sound": false}'
    assert after_reload.read("autosave") == "f5d6c3"


def test_missing_keys_read_as_none_and_delete_forgets() -> None:
    storage = browser.LocalStorage(FakeLocalStorage())
    assert storage.read("statistics") is None
    storage.write("statistics", "{}")
    storage.delete("statistics")
    assert storage.read("statistics") is None
    storage.delete("statistics")  # deleting again is harmless


def test_a_write_replaces_the_previous_text() -> None:
    storage = browser.LocalStorage(FakeLocalStorage())
    storage.write("autosave", "f5")
    storage.write("autosave", "f5d6")
    assert storage.read("autosave") == "f5d6"


def test_keys_are_prefixed_and_other_pages_entries_are_left_alone() -> None:
    page_storage = FakeLocalStorage()
    page_storage.setItem("settings", "another game's settings")
    storage = browser.LocalStorage(page_storage)

    assert storage.read("settings") is None
    storage.write("settings", "ours")
    storage.delete("settings")
    assert page_storage.items == {"settings": "another game's settings"}
    storage.write("settings", "ours")
    assert page_storage.items[browser.STORAGE_PREFIX + "settings"] == "ours"


def test_a_full_storage_raises_oserror_and_keeps_the_old_value() -> None:
    storage = browser.LocalStorage(FakeLocalStorage(quota=60))
    storage.write("autosave", "f5d6")
    with pytest.raises(OSError, match="refused to save 'autosave'"):
        storage.write("autosave", "x" * 100)
    assert storage.read("autosave") == "f5d6"


def test_unicode_and_json_text_round_trip() -> None:
    storage = browser.LocalStorage(FakeLocalStorage())
    text = json.dumps({"name": "Zoë ♟ 白", "quote": 'say "hi"\n'})
    storage.write("profile", text)
    assert json.loads(browser.LocalStorage(storage._backend).read("profile") or "") == json.loads(text)


# -- fragments ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fragment", "transcript"),
    [
        ("#f5d6c3d3c4", "f5d6c3d3c4"),
        ("f5d6c3d3c4", "f5d6c3d3c4"),
        ("#F5D6C3", "f5d6c3"),
        ("#f5%20d6%20c3", "f5d6c3"),
        ("#f5-d6-c3", "f5d6c3"),
        ("  #f5d6  ", "f5d6"),
    ],
)
def test_good_fragments_give_the_clean_transcript(fragment: str, transcript: str) -> None:
    assert browser.parse_fragment(fragment) == transcript


def test_a_whole_finished_game_parses_and_replays_to_its_end() -> None:
    transcript = a_whole_game()
    parsed = browser.parse_fragment("#" + transcript)
    assert parsed == transcript
    assert GameRecord.from_transcript(parsed).is_over()


@pytest.mark.parametrize(
    ("fragment", "message"),
    [
        ("", "holds no game"),
        ("#", "holds no game"),
        ("#debug", "holds no game"),
        ("#zz", "'zz' is not a square"),
        ("#a1", "ply 1: a1 is not a legal move for Black"),
        ("#f5f5", "ply 2: f5 is not a legal move for White"),
        ("#f5d", "cannot be played"),
        ("#" + "f5d6" * 80, "too long"),
    ],
)
def test_bad_fragments_are_refused_with_a_clear_message(fragment: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        browser.parse_fragment(fragment)


def test_moves_after_the_end_of_the_game_are_refused() -> None:
    with pytest.raises(ValueError, match="after the end of the game"):
        browser.parse_fragment(a_whole_game() + "a1")


# -- share links (desktop) ---------------------------------------------------------


def test_desktop_share_link_uses_the_configured_page(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(browser.SHARE_BASE_ENV, "https://games.example.org/othello/index.html")
    link = browser.share_link("f5d6c3")
    assert link == "https://games.example.org/othello/index.html#f5d6c3"
    assert browser.parse_fragment(link.split("#", 1)[1]) == "f5d6c3"


def test_desktop_share_link_defaults_to_the_documented_address(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(browser.SHARE_BASE_ENV, raising=False)
    assert browser.share_link("f5d6") == browser.DEFAULT_SHARE_BASE + "#f5d6"


def test_a_configured_address_with_its_own_fragment_is_not_doubled(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(browser.SHARE_BASE_ENV, "https://example.org/play#old")
    assert browser.share_link("f5d6") == "https://example.org/play#f5d6"


def test_desktop_clipboard_without_a_window_reports_false_without_raising() -> None:
    assert browser.copy_to_clipboard("https://example.org/#f5d6") is False


def test_on_the_desktop_nothing_reaches_for_the_browser(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_page() -> None:
        raise AssertionError("the desktop must not look for a browser window")

    monkeypatch.setattr(browser, "_browser_window", no_page)
    browser.unlock_audio()
    assert browser.location_fragment() is None
    assert browser.viewport_size() is None
    assert browser.page_address().startswith("http")


# -- the browser, simulated ------------------------------------------------------


class FakeWindow:
    """The few parts of the page's ``window`` the module touches; ``eval`` records the code."""

    def __init__(self, href_hash: str = "", search: str = "") -> None:
        self.localStorage = FakeLocalStorage()
        self.location = SimpleNamespace(
            origin="https://example.github.io", pathname="/othello-wasm/index.html", hash=href_hash, search=search
        )
        self.innerWidth = 390
        self.innerHeight = 844
        self.evaluated: list[str] = []

    def eval(self, code: str) -> int:
        self.evaluated.append(code)
        return 1


@pytest.fixture
def page(monkeypatch: pytest.MonkeyPatch) -> FakeWindow:
    window = FakeWindow(href_hash="#f5d6c3", search="?debug")
    monkeypatch.setattr(browser, "IS_BROWSER", True)
    monkeypatch.setattr(browser, "_browser_window", lambda: window)
    return window


def test_in_the_browser_the_fragment_and_share_link_come_from_the_page(page: FakeWindow) -> None:
    assert browser.location_fragment() == "f5d6c3"
    # the query (?debug) is not part of a shared link
    assert browser.share_link("f5d6c3d3") == "https://example.github.io/othello-wasm/index.html#f5d6c3d3"
    page.location.hash = "#debug"
    assert browser.location_fragment() == ""
    page.location.hash = ""
    assert browser.location_fragment() == ""


def test_in_the_browser_default_storage_is_the_pages_local_storage(page: FakeWindow) -> None:
    browser.LocalStorage().write("settings", "{}")
    assert page.localStorage.items == {browser.STORAGE_PREFIX + "settings": "{}"}
    assert browser.LocalStorage().read("settings") == "{}"


def test_in_the_browser_viewport_size_is_the_window_size(page: FakeWindow) -> None:
    assert browser.viewport_size() == (390, 844)


def test_a_failing_clipboard_script_reports_false(page: FakeWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken_eval(code: str) -> None:
        raise RuntimeError("JavaScript exception")

    monkeypatch.setattr(page, "eval", broken_eval)
    assert browser.copy_to_clipboard("x") is False
    browser.unlock_audio()  # swallowed too


NODE = shutil.which("node")
needs_node = pytest.mark.skipif(NODE is None, reason="Node.js is needed to run the page's JavaScript")

_FAKE_PAGE_JS = """
const log = [];
globalThis.window = globalThis;
globalThis.document = {
  body: { appendChild() {}, removeChild() {} },
  createElement() { return { style: {}, setAttribute() {}, select() {} }; },
  execCommand(name) { log.push(["execCommand", name]); return true; },
};
const mode = process.env.FAKE_CLIPBOARD;
Object.defineProperty(globalThis, "navigator", { value: { clipboard: {
  writeText(text) {
    log.push(["writeText", text]);
    return mode === "refuse" ? Promise.reject(new Error("NotAllowedError")) : Promise.resolve();
  },
} } });
globalThis.SDL2 = { audioContext: { state: "suspended", resume() { log.push(["resume"]);
  this.state = "running"; return Promise.resolve(); } } };
globalThis.MM = { UME: false };
process.on("unhandledRejection", (e) => { log.push(["unhandled", String(e)]); });
const result = eval(require("fs").readFileSync(0, "utf8"));
setTimeout(() => console.log(JSON.stringify({ result, log, ume: MM.UME })), 20);
"""


def run_page_js(code: str, mode: str = "allow") -> dict[str, Any]:
    """Evaluate ``code`` (what the module hands to ``window.eval``) under Node with a fake page."""
    assert NODE is not None
    completed = subprocess.run(
        [NODE, "-e", _FAKE_PAGE_JS],
        input=code,
        env={**os.environ, "FAKE_CLIPBOARD": mode},
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    outcome: dict[str, Any] = json.loads(completed.stdout)
    return outcome


@needs_node
def test_the_clipboard_script_copies_any_text_exactly(page: FakeWindow) -> None:
    tricky = 'https://example.org/#f5d6 "quoted" \\ back\nnew line </script> ♟ 白'
    assert browser.copy_to_clipboard(tricky) is True
    outcome = run_page_js(page.evaluated[-1])
    assert outcome["log"] == [["writeText", tricky]]


@needs_node
def test_a_refused_clipboard_falls_back_quietly(page: FakeWindow) -> None:
    browser.copy_to_clipboard("f5d6")
    outcome = run_page_js(page.evaluated[-1], mode="refuse")
    assert outcome["log"] == [["writeText", "f5d6"], ["execCommand", "copy"]]  # no unhandled rejection


@needs_node
def test_the_audio_script_resumes_a_suspended_context(page: FakeWindow) -> None:
    browser.unlock_audio()
    outcome = run_page_js(page.evaluated[-1])
    assert outcome["log"] == [["resume"]]
    assert outcome["ume"] is True
    assert outcome["result"] == 1
