"""The browser side of the game (game/platform/browser.py), driven through stand-ins for the page's objects.

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
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from game.engine import GameRecord
from game.platform import browser, links, page_text_field, web_storage
from tests.test_transcripts import open_transcript


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
    return record.transcript


# -- localStorage -------------------------------------------------------------


def test_saved_text_survives_a_reload() -> None:
    page_storage = FakeLocalStorage()
    before_reload = web_storage.LocalStorage(page_storage)
    before_reload.write("settings", '{"level": 3, "sound": false}')
    before_reload.write("autosave", "f5d6c3")

    after_reload = web_storage.LocalStorage(page_storage)
    assert after_reload.read("settings") == '{"level": 3, "sound": false}'
    assert after_reload.read("autosave") == "f5d6c3"


def test_missing_keys_read_as_none_and_delete_forgets() -> None:
    storage = web_storage.LocalStorage(FakeLocalStorage())
    assert storage.read("statistics") is None
    storage.write("statistics", "{}")
    storage.delete("statistics")
    assert storage.read("statistics") is None
    storage.delete("statistics")  # deleting again is harmless


def test_a_write_replaces_the_previous_text() -> None:
    storage = web_storage.LocalStorage(FakeLocalStorage())
    storage.write("autosave", "f5")
    storage.write("autosave", "f5d6")
    assert storage.read("autosave") == "f5d6"


def test_keys_are_prefixed_and_other_pages_entries_are_left_alone() -> None:
    page_storage = FakeLocalStorage()
    page_storage.setItem("settings", "another game's settings")
    storage = web_storage.LocalStorage(page_storage)

    assert storage.read("settings") is None
    storage.write("settings", "ours")
    storage.delete("settings")
    assert page_storage.items == {"settings": "another game's settings"}
    storage.write("settings", "ours")
    assert page_storage.items[web_storage.STORAGE_PREFIX + "settings"] == "ours"


def test_a_full_storage_raises_oserror_and_keeps_the_old_value() -> None:
    storage = web_storage.LocalStorage(FakeLocalStorage(quota=60))
    storage.write("autosave", "f5d6")
    with pytest.raises(OSError, match="refused to save 'autosave'"):
        storage.write("autosave", "x" * 100)
    assert storage.read("autosave") == "f5d6"


def test_unicode_and_json_text_round_trip() -> None:
    storage = web_storage.LocalStorage(FakeLocalStorage())
    text = json.dumps({"name": "Zoë ♟ 白", "quote": 'say "hi"\n'})
    storage.write("profile", text)
    assert json.loads(web_storage.LocalStorage(storage._backend).read("profile") or "") == json.loads(text)


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
    assert links.parse_fragment(fragment) == transcript


def test_a_whole_finished_game_parses_and_replays_to_its_end() -> None:
    transcript = a_whole_game()
    parsed = links.parse_fragment("#" + transcript)
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
        links.parse_fragment(fragment)


def test_moves_after_the_end_of_the_game_are_refused() -> None:
    with pytest.raises(ValueError, match="after the end of the game"):
        links.parse_fragment(a_whole_game() + "a1")


# -- share links (desktop) ---------------------------------------------------------


def test_desktop_share_link_uses_the_configured_page(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(links.SHARE_BASE_ENV, "https://games.example.org/othello/index.html")
    link = links.share_link("f5d6c3")
    assert link == "https://games.example.org/othello/index.html#f5d6c3"
    assert links.parse_fragment(link.split("#", 1)[1]) == "f5d6c3"


def test_desktop_share_link_without_an_address_is_none_never_a_placeholder(
        monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    monkeypatch.delenv(links.SHARE_BASE_ENV, raising=False)
    monkeypatch.setattr(links, "SHARE_BASE_FILE", tmp_path / "share_base.txt")
    assert links.share_link("f5d6") is None


def test_desktop_share_link_uses_the_address_the_web_build_recorded(monkeypatch: pytest.MonkeyPatch,
                                                                   tmp_path) -> None:
    from game.web.build import BuildError, record_share_base

    monkeypatch.delenv(links.SHARE_BASE_ENV, raising=False)
    (tmp_path / "game").mkdir()
    recorded = record_share_base(tmp_path, "https://someone.github.io/othello/")
    monkeypatch.setattr(links, "SHARE_BASE_FILE", recorded)
    assert links.share_link("f5d6") == "https://someone.github.io/othello/#f5d6"
    with pytest.raises(BuildError, match="not a web page address"):
        record_share_base(tmp_path, "OWNER here")
    assert links.share_link("f5d6") == "https://someone.github.io/othello/#f5d6"  # unchanged
    recorded.write_text("not an address\n", encoding="utf-8")  # a damaged file counts as none
    assert links.share_link("f5d6") is None


def test_the_share_base_command_records_the_address_and_refuses_a_bad_one(tmp_path, capsys, monkeypatch) -> None:
    from game.web.__main__ import main

    monkeypatch.delenv(links.SHARE_BASE_ENV, raising=False)
    (tmp_path / "game").mkdir()
    assert main(["--repo", str(tmp_path), "share-base", "https://someone.github.io/othello/"]) == 0
    recorded = tmp_path / "game" / "share_base.txt"
    assert links.share_base(recorded) == "https://someone.github.io/othello/"
    assert recorded.read_text(encoding="utf-8").strip() == "https://someone.github.io/othello/"
    assert main(["--repo", str(tmp_path), "share-base", "OWNER"]) == 1
    error = capsys.readouterr().err.strip()
    assert error.count("\n") == 0 and "not a web page address" in error
    assert recorded.read_text(encoding="utf-8").strip() == "https://someone.github.io/othello/"  # unchanged


def test_a_configured_address_with_its_own_fragment_is_not_doubled(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(links.SHARE_BASE_ENV, "https://example.org/play#old")
    assert links.share_link("f5d6") == "https://example.org/play#f5d6"


def test_desktop_clipboard_without_a_window_reports_false_without_raising() -> None:
    assert browser.copy_to_clipboard("https://example.org/#f5d6") is False


def test_on_the_desktop_nothing_reaches_for_the_browser(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_page() -> None:
        raise AssertionError("the desktop must not look for a browser window")

    monkeypatch.setattr(browser, "_browser_window", no_page)
    browser.unlock_audio()
    assert links.location_fragment() is None
    assert browser.viewport_size() is None
    monkeypatch.setenv(links.SHARE_BASE_ENV, "https://example.org/othello/")
    assert links.page_address() == "https://example.org/othello/"


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


@pytest.fixture(autouse=True)
def no_pending_answers(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test starts with no clipboard call awaiting the page's answer."""
    monkeypatch.setattr(browser, "_pending", {})


@pytest.fixture
def page(monkeypatch: pytest.MonkeyPatch) -> FakeWindow:
    window = FakeWindow(href_hash="#f5d6c3", search="?debug")
    monkeypatch.setattr(browser, "IS_BROWSER", True)
    monkeypatch.setattr(browser, "_browser_window", lambda: window)
    return window


def test_in_the_browser_the_fragment_and_share_link_come_from_the_page(page: FakeWindow) -> None:
    assert links.location_fragment() == "f5d6c3"
    # the query (?debug) is not part of a shared link
    assert links.share_link("f5d6c3d3") == "https://example.github.io/othello-wasm/index.html#f5d6c3d3"
    page.location.hash = "#debug"
    assert links.location_fragment() == ""
    page.location.hash = ""
    assert links.location_fragment() == ""


def test_in_the_browser_default_storage_is_the_pages_local_storage(page: FakeWindow) -> None:
    web_storage.LocalStorage().write("settings", "{}")
    assert page.localStorage.items == {web_storage.STORAGE_PREFIX + "settings": "{}"}
    assert web_storage.LocalStorage().read("settings") == "{}"


def test_a_copy_in_a_folder_keeps_its_keys_under_the_prefix_the_page_chose(page: FakeWindow) -> None:
    page.othello_storage_prefix = "othello:/othello-wasm/:"  # type: ignore[attr-defined]
    web_storage.default_storage().write("settings", "{}")
    assert page.localStorage.items == {"othello:/othello-wasm/:settings": "{}"}
    page.othello_storage_prefix = "mine:"  # type: ignore[attr-defined]  # not the game's: the game's own
    assert web_storage.LocalStorage().read("settings") is None
    web_storage.LocalStorage().write("settings", "[]")
    assert page.localStorage.items["othello:settings"] == "[]"


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
  execCommand(name) { log.push(["execCommand", name]); return mode !== "refuse-all"; },
};
const mode = process.env.FAKE_CLIPBOARD;
Object.defineProperty(globalThis, "navigator", { value: { clipboard: {
  writeText(text) {
    log.push(["writeText", text]);
    return mode.startsWith("refuse") ? Promise.reject(new Error("NotAllowedError")) : Promise.resolve();
  },
  readText() {
    log.push(["readText"]);
    return mode.startsWith("refuse") ? Promise.reject(new Error("Read permission denied.")) : Promise.resolve("F5 d6");
  },
} } });
globalThis.SDL2 = { audioContext: { state: "suspended", resume() { log.push(["resume"]);
  this.state = "running"; return Promise.resolve(); } } };
globalThis.MM = { UME: false };
process.on("unhandledRejection", (e) => { log.push(["unhandled", String(e)]); });
const result = eval(require("fs").readFileSync(0, "utf8"));
setTimeout(() => console.log(JSON.stringify({ result, log, ume: MM.UME,
  answer: globalThis.othello_async ? othello_async.take(result) : null })), 20);
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


# -- the download of a game ---------------------------------------------------------------


def test_in_the_browser_download_offers_the_game_as_a_ggf_file(player_factory, monkeypatch) -> None:
    window = FakeWindow()
    player = player_factory()
    player.app.ctx.is_browser = True
    scene = open_transcript(player)  # its text box stays the canvas's own (no page to hold a field over it)
    monkeypatch.setattr(browser, "IS_BROWSER", True)
    monkeypatch.setattr(browser, "_browser_window", lambda: window)
    actions = [b.action for b in scene.group.buttons]
    assert "download" in actions and "save" not in actions and "open" not in actions
    scene.set_text("f5d6c3")
    player.frame()
    player.click_button("download")
    (code,) = [c for c in window.evaluated if "Blob" in c]
    assert ".ggf" in code and "B[F5]W[D6]B[C3]" in code
    assert "Downloading othello-" in player.app.ctx.toasts[-1].message


def test_on_the_desktop_download_does_nothing_and_says_so() -> None:
    assert browser.download_text("x.ggf", "(;GM[Othello];)") is False


# -- clipboard answers that arrive later -------------------------------------------------


@needs_node
def test_a_copy_the_browser_refuses_is_reported_as_refused(page: FakeWindow) -> None:
    assert browser.copy_to_clipboard("f5d6") is True  # started; the answer comes later
    outcome = run_page_js(page.evaluated[-1], mode="refuse-all")
    assert outcome["log"] == [["writeText", "f5d6"], ["execCommand", "copy"]]
    assert json.loads(outcome["answer"]) == {"ok": False, "value": "the browser refused the copy"}


@needs_node
def test_a_copy_the_browser_allows_is_reported_as_copied(page: FakeWindow) -> None:
    browser.copy_to_clipboard("f5d6")
    assert json.loads(run_page_js(page.evaluated[-1])["answer"]) == {"ok": True, "value": True}


@needs_node
def test_paste_goes_through_the_async_clipboard_api(page: FakeWindow) -> None:
    browser.paste_from_clipboard(lambda text: None)
    outcome = run_page_js(page.evaluated[-1])
    assert outcome["log"] == [["readText"]]
    assert json.loads(outcome["answer"]) == {"ok": True, "value": "F5 d6"}
    refused = run_page_js(page.evaluated[-1], mode="refuse")
    assert json.loads(refused["answer"])["ok"] is False


class AnsweringWindow(FakeWindow):
    """A page whose clipboard calls get id 7 and whose answer arrives on the second look."""

    def __init__(self, answer: dict[str, Any]) -> None:
        super().__init__()
        self.answer = answer
        self.looks = 0

    def eval(self, code: str) -> Any:
        self.evaluated.append(code)
        if code.startswith("window.othello_async.take(7)"):
            self.looks += 1
            return json.dumps(self.answer) if self.looks >= 2 else ""
        return 7


@pytest.mark.parametrize(("answer", "expected"), [({"ok": True, "value": True}, [True]),
                                                  ({"ok": False, "value": "NotAllowedError"}, [False])])
def test_the_copys_outcome_reaches_the_game_when_the_page_answers(
    monkeypatch: pytest.MonkeyPatch, answer: dict[str, Any], expected: list[bool]
) -> None:
    window = AnsweringWindow(answer)
    monkeypatch.setattr(browser, "IS_BROWSER", True)
    monkeypatch.setattr(browser, "_browser_window", lambda: window)
    outcomes: list[bool] = []
    browser.copy_to_clipboard("f5d6", outcomes.append)
    assert outcomes == []  # not known yet: no "Link copied" before the browser says so
    assert browser.poll_answers() == 1
    assert outcomes == []
    assert browser.poll_answers() == 0
    assert outcomes == expected


def test_pasted_text_reaches_the_game_and_an_unanswered_call_times_out(monkeypatch: pytest.MonkeyPatch) -> None:
    window = AnsweringWindow({"ok": True, "value": "f5 d6"})
    monkeypatch.setattr(browser, "IS_BROWSER", True)
    monkeypatch.setattr(browser, "_browser_window", lambda: window)
    pasted: list[str | None] = []
    browser.paste_from_clipboard(pasted.append)
    browser.poll_answers()
    browser.poll_answers()
    assert pasted == ["f5 d6"]

    window.answer, window.looks = {}, -10**6  # the browser never answers (a paste prompt ignored)
    monkeypatch.setattr(browser, "ASYNC_TIMEOUT_S", 0.0)
    browser.paste_from_clipboard(pasted.append)
    assert browser.poll_answers() == 0
    assert pasted == ["f5 d6", None]


# -- blocked site data ---------------------------------------------------------------------


class BlockedWindow(FakeWindow):
    """A page where reading ``window.localStorage`` throws, as with third-party cookies blocked."""

    @property  # type: ignore[override]
    def localStorage(self) -> FakeLocalStorage:  # noqa: N802 - the browser's name
        raise RuntimeError("SecurityError: Failed to read the 'localStorage' property from 'Window'")

    @localStorage.setter
    def localStorage(self, value: FakeLocalStorage) -> None:  # noqa: N802
        pass


def test_storage_falls_back_to_memory_when_the_getter_throws(monkeypatch: pytest.MonkeyPatch) -> None:
    from game.platform.web_storage import default_storage

    monkeypatch.setattr(browser, "IS_BROWSER", True)
    monkeypatch.setattr(browser, "_browser_window", BlockedWindow)
    storage = default_storage()
    assert isinstance(storage, web_storage.UnkeptStorage)
    assert "SecurityError" in storage.reason
    storage.write("settings", "{}")  # the game goes on, in memory
    assert storage.read("settings") == "{}"


def test_storage_is_the_pages_local_storage_when_it_can_be_read(page: FakeWindow) -> None:
    assert isinstance(web_storage.browser_storage(), web_storage.MemoryWhenFull)


def test_the_player_is_told_once_that_progress_will_not_be_kept(player_factory: Any) -> None:
    player = player_factory(web_storage.UnkeptStorage("SecurityError"))
    notices = [t.message for t in player.app.ctx.toasts if t.message == web_storage.STORAGE_BLOCKED_NOTICE]
    assert notices == [web_storage.STORAGE_BLOCKED_NOTICE]
    for _ in range(5):
        player.frame()
    assert [t.message for t in player.app.ctx.toasts].count(web_storage.STORAGE_BLOCKED_NOTICE) <= 1


# -- random where it says so --------------------------------------------------------------------


def test_colours_are_drawn_from_real_entropy_even_after_pygbags_seed(player_factory: Any) -> None:
    import random

    from game.engine import BLACK

    draws = []
    for _ in range(2):
        random.seed(1)  # what pygbag's cpythonrc.py does before the game starts
        player = player_factory()
        draws.append([player.app.ctx.rng.choice((0, 1)) for _ in range(64)])
    assert draws[0] != draws[1]  # equal by chance once in 2**64

    class Always:
        def choice(self, options: tuple[int, ...]) -> int:
            return options[-1]

    player.app.ctx.rng = Always()  # type: ignore[assignment]
    player.click_button("two")  # "On this device, colours drawn at random": from the game's own RNG
    assert player.game.setup.human != BLACK


# -- the page: loading screen, errors, shape --------------------------------------------------------


def test_the_page_is_told_when_the_first_frame_is_shown_and_when_the_game_fails(page: FakeWindow) -> None:
    browser.page_ready()
    assert page.evaluated[-1] == "window.othello_loader && window.othello_loader.done()"
    browser.page_settled()
    assert page.evaluated[-1] == ("window.othello_loader && window.othello_loader.settled"
                                  " && window.othello_loader.settled()")
    assert browser.show_failure("ZeroDivisionError: 'division' by zero") is True
    assert page.evaluated[-1] == "window.othello_loader.fail('python', \"ZeroDivisionError: 'division' by zero\")"


def test_on_the_desktop_a_failure_is_not_swallowed() -> None:
    assert browser.show_failure("boom") is False


def test_main_py_shows_an_error_at_start_on_the_page(page: FakeWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    import game.app

    class BrokenApp:
        def __init__(self) -> None:
            raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(game.app, "App", BrokenApp)
    main_py = (Path(__file__).resolve().parent.parent / "main.py").read_text(encoding="utf-8")
    exec(compile(main_py, "main.py", "exec"), {"__name__": "__main__"})  # noqa: S102 - the game's own main.py
    failure = page.evaluated[-1]
    assert failure.startswith("window.othello_loader.fail('python', ")
    assert "ZeroDivisionError: division by zero" in json.loads(failure.split(", ", 1)[1].rstrip(")"))


def test_main_py_on_the_desktop_lets_the_error_through(monkeypatch: pytest.MonkeyPatch) -> None:
    import game.app

    class BrokenApp:
        def __init__(self, **_: object) -> None:
            raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(game.app, "App", BrokenApp)
    monkeypatch.setattr(sys, "argv", ["main.py"])  # main.py reads the desktop's options, not pytest's
    main_py = (Path(__file__).resolve().parent.parent / "main.py").read_text(encoding="utf-8")
    with pytest.raises(ZeroDivisionError):
        exec(compile(main_py, "main.py", "exec"), {"__name__": "__main__"})  # noqa: S102


def test_the_layout_follows_the_page_when_it_turns(player_factory: Any) -> None:
    from game.ui.layout import LANDSCAPE, PHONE, PHONE_LANDSCAPE, PORTRAIT

    player = player_factory()
    assert player.app.surface.get_size() == LANDSCAPE
    assert player.app.follow_page_shape((390, 844)) is True  # a phone turned upright
    assert player.app.surface.get_size() == PHONE and player.app.ctx.size == PHONE
    assert player.app.ctx.assets.text_floor == 16  # its texts read at a phone's scale
    assert player.app.follow_page_shape((400, 860)) is False  # the same shape: nothing to do
    assert player.app.follow_page_shape((844, 390)) is True  # the phone on its side: low and wide
    assert player.app.surface.get_size() == PHONE_LANDSCAPE and player.app.ctx.assets.text_floor == 16
    assert player.app.follow_page_shape((1024, 768)) is True  # a tablet on its side: the desktop's layout
    assert player.app.surface.get_size() == LANDSCAPE and player.app.ctx.assets.text_floor == 0
    assert player.app.follow_page_shape((768, 1024)) is True  # a tablet upright: the roomier portrait
    assert player.app.surface.get_size() == PORTRAIT


def test_a_malformed_escape_in_the_link_is_named_not_fatal() -> None:
    # the page spells the stray "%" of "#f5d6%zz" as "%25" before pygbag reads it (index.html)
    assert links.clean_fragment("#f5d6%25zz") == "f5d6%zz"
    with pytest.raises(ValueError, match="cannot be played"):
        links.parse_fragment("#f5d6%25zz")


def test_the_text_field_over_the_canvas_opens_on_a_touch_screen_only(page: FakeWindow) -> None:
    field = page_text_field.PageTextField()  # the fake page answers 1 to the pointer query: a touch screen
    assert field.active is True
    field.open((0.1, 0.2, 0.5, 0.3), "f5", "Type a game")
    assert 'window.othello_text.open([0.1, 0.2, 0.5, 0.3], "f5", "Type a game")' in page.evaluated[-1]
    page.eval = lambda code: 0  # type: ignore[method-assign]  # a mouse: the game's own box is enough
    assert page_text_field.PageTextField().active is False


def test_on_the_desktop_there_is_no_text_field() -> None:
    field = page_text_field.PageTextField()
    field.open((0, 0, 1, 1), "f5", "")
    assert field.active is False and field.sync("f5") is None


def test_main_py_shows_an_error_in_the_loop_on_the_page(page: FakeWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    import game.app
    import tests.app_driver  # noqa: F401 - SDL's dummy drivers, before the app opens a display

    frames: list[int] = []

    def crash_on_the_third_frame(app: game.app.App, events: object = None) -> bool:
        frames.append(1)
        if len(frames) == 3:
            raise KeyError("a bug in the loop")
        return True

    monkeypatch.setattr(game.app.App, "frame", crash_on_the_third_frame)
    monkeypatch.setattr(game.app, "IS_BROWSER", True)
    main_py = (Path(__file__).resolve().parent.parent / "main.py").read_text(encoding="utf-8")
    try:
        exec(compile(main_py, "main.py", "exec"), {"__name__": "__main__"})  # noqa: S102
    finally:
        import pygame

        pygame.quit()
    assert len(frames) == 3, page.evaluated[-3:]
    assert "KeyError: 'a bug in the loop'" in page.evaluated[-1]
    assert page.evaluated[-1].startswith("window.othello_loader.fail('python', ")


@pytest.mark.parametrize(("fragment", "says"), [
    ("#f5d6%2520c3", "cannot be played"),  # decoded once: '%20' is not a square (twice it was a space)
    ("#%E0%A4%25A", "not UTF-8 text"),  # the page spells the stray '%' as '%25': the escapes are named
    ("#%E0%A4%A", "stray '%'"),
    ("#f5%g6", "stray '%'"),
    ("#f5%d6", "not UTF-8 text"),  # %d6 is an escape, of a byte that is not text alone
])
def test_the_links_escapes_are_decoded_once_and_a_bad_one_is_named(fragment: str, says: str) -> None:
    with pytest.raises(ValueError, match=says):
        links.parse_fragment(fragment)
    assert links.parse_fragment("#f5%20d6%2Dc3") == "f5d6c3"


def test_the_page_fragment_reaches_the_parser_still_escaped(page: FakeWindow) -> None:
    page.location.hash = "#f5d6%2520c3"
    raw = links.location_fragment()
    assert raw == "f5d6%2520c3"
    with pytest.raises(ValueError, match="cannot be played"):
        links.parse_fragment(raw or "")


def test_a_full_page_storage_moves_the_saves_to_memory_once_with_one_notice() -> None:
    page_storage = FakeLocalStorage(quota=200)
    store = web_storage.MemoryWhenFull(web_storage.LocalStorage(page_storage))
    store.write("settings", "{}")
    assert store.take_notice() is None and page_storage.items  # while there is room, the page keeps it
    store.write("savegame", "x" * 300)  # refused by the page
    notice = store.take_notice()
    assert notice is not None and "kept only until you leave" in notice and "quota" in notice
    assert store.take_notice() is None  # said once
    assert store.read("savegame") == "x" * 300  # the game goes on from memory
    store.write("savegame", "y")
    assert store.read("savegame") == "y" and store.take_notice() is None
    store.delete("settings")
    assert store.read("settings") is None  # forgotten, not read back from the page's old copy


def test_a_full_page_storage_says_so_once_however_many_moves_are_saved(player_factory) -> None:
    from game.engine import BLACK
    from game.play.match import MatchSetup
    from game.scenes.entries import GameEntry

    page_storage = FakeLocalStorage(quota=259)  # the first autosaves fit; a few moves later they do not
    player = player_factory(web_storage.MemoryWhenFull(web_storage.LocalStorage(page_storage)))
    player.app.scene.open(GameEntry(MatchSetup("two", BLACK)))
    player.frame()
    for _ in range(6):
        square = player.game.position.legal_squares()[0]
        player.click(player.game.view.square_center(square))
        player.frame()
    said = [t.message for t in player.app.ctx.toasts]
    assert sum("kept only until you leave" in m for m in said) == 1, said
    assert not any(m.startswith("Could not save") for m in said), said
    assert player.app.ctx.store.load_saved_game() is not None  # the game in progress is still there, in memory


def test_the_page_fetches_a_file_for_the_game_and_says_when_it_is_there(monkeypatch: pytest.MonkeyPatch) -> None:
    window = AnsweringWindow({"ok": True, "value": "123456"})
    monkeypatch.setattr(browser, "IS_BROWSER", True)
    monkeypatch.setattr(browser, "_browser_window", lambda: window)
    answers: list[tuple[bool, str]] = []
    assert browser.fetch_page_file("fonts/NotoSansCJK-ja.otf", "/tmp/othello-fonts/a.otf",
                                   lambda ok, detail: answers.append((ok, detail)))
    script = window.evaluated[-1]
    assert '"fonts/NotoSansCJK-ja.otf"' in script and '"/tmp/othello-fonts/a.otf"' in script
    assert str(browser.MAX_FETCHED_BYTES) in script  # the page refuses a file larger than this
    browser.poll_answers()
    browser.poll_answers()
    assert answers == [(True, "123456")]
    monkeypatch.setattr(browser, "IS_BROWSER", False)
    assert browser.fetch_page_file("fonts/x.otf", "/tmp/x", lambda ok, detail: None) is False  # the desktop


def test_the_fetch_script_runs_in_a_page_and_writes_the_file(tmp_path: Path) -> None:
    """The page-side script under Node.js, with a fake fetch and file system."""
    import shutil
    import subprocess

    if shutil.which("node") is None:
        pytest.skip("node is not installed")
    code = browser._FETCH_JS % ('"fonts/a.otf"', '"/tmp/a.otf"', 8)
    script = tmp_path / "fetch.js"
    script.write_text(
        "globalThis.window = globalThis\n"
        "const written = {}\n"
        "window.FS = { writeFile: (path, bytes) => { written[path] = bytes.length } }\n"
        "globalThis.fetch = async (url) => url === 'fonts/a.otf'\n"
        "  ? { ok: true, status: 200, arrayBuffer: async () => new Uint8Array([1, 2, 3]).buffer }\n"
        "  : { ok: false, status: 404 }\n"
        + browser._ASYNC_JS + "\nconst id = " + code.strip().rstrip(";") + "\n"
        "setTimeout(() => console.log(JSON.stringify([othello_async.take(id), written])), 50)\n",
        encoding="utf-8",
    )
    answer = subprocess.run(["node", str(script)], capture_output=True, text=True, timeout=60, check=True)
    taken, written = json.loads(answer.stdout)
    assert json.loads(taken) == {"ok": True, "value": "3"} and written == {"/tmp/a.otf": 3}
