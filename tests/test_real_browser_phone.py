"""The game on a phone: the real page on real WebAssembly in chromium's phone emulation, played by touch.

A 412 x 915 viewport (a common Android phone's CSS size) with a touch
screen, ``isMobile`` on, and the harness's stand-in for pygbag 0.9.3's
canvas fit (``window_canvas_adjust`` in ``tests/page/pyodide_loader.js``:
the canvas's box is the largest of the game's shape the window holds,
centred). Every input is a finger: taps, a double tap, a swipe over the
board, the page's own text field and the phone's keyboard text, and the
phone turned round in the middle of a game (``tests/real_browser.py``
gives ``GamePage`` taps when its tab is a phone's).
"""

from __future__ import annotations

import pytest

from tests.chromium import SwitchableSite
from tests.devtools import Browser
from tests.real_browser import GamePage, missing_runtime, open_game

pytestmark = pytest.mark.skipif(missing_runtime() is not None, reason=str(missing_runtime()))

PORTRAIT = (412, 915)
LANDSCAPE = (915, 412)
MIN_READABLE_CSS_PX = 12.0
"""The smallest text a phone's reader is asked to read, in CSS pixels (Lighthouse's legible font size)."""


@pytest.fixture(scope="module")
def phone(real_page_browser: Browser, real_page_site: SwitchableSite) -> GamePage:
    """The page on a phone held upright, started by a tap on the page's "tap to play"."""
    return open_game(real_page_browser.new_tab(*PORTRAIT, phone=True), real_page_site.url + "index.html")


def canvas_box(page: GamePage) -> list[float]:
    """The canvas's box on the page (left, top, width, height in CSS pixels) and its pixels (width, height)."""
    box: list[float] = page.tab.evaluate(
        "(() => { const c = document.getElementById('canvas'); const r = c.getBoundingClientRect();"
        " return [r.left, r.top, r.width, r.height, c.width, c.height] })()")
    return box


def fitted(page: GamePage, viewport: tuple[int, int]) -> bool:
    """Whether the canvas fills ``viewport`` on one side at the game's own shape, centred (pygbag's fit)."""
    left, top, width, height, pixels_wide, pixels_high = canvas_box(page)
    same_shape = abs(width / height - pixels_wide / pixels_high) < 0.01
    fills_a_side = abs(width - viewport[0]) <= 1 or abs(height - viewport[1]) <= 1
    centred = abs(left * 2 + width - viewport[0]) <= 2 and abs(top * 2 + height - viewport[1]) <= 2
    return same_shape and fills_a_side and centred


def wait_fitted(page: GamePage, viewport: tuple[int, int]) -> None:
    """Wait for the game's layout and the canvas's box to follow a viewport of ``viewport``."""
    page.wait_for_python(f"app.surface.get_size() == app.window.get_size() and (app.surface.get_width() >"
                         f" app.surface.get_height()) == {viewport[0] > viewport[1]}", 10, "the layout to turn")
    try:
        page.tab.wait_for(f"(() => {{ const c = document.getElementById('canvas'); const r = c.getBoundingClientRect();"
                          f" return Math.abs(r.width / r.height - c.width / c.height) < 0.01 && (Math.abs(r.width -"
                          f" {viewport[0]}) <= 1 || Math.abs(r.height - {viewport[1]}) <= 1) }})()", 10)
    except AssertionError as error:
        raise AssertionError(f"the canvas is not fitted to {viewport}: {canvas_box(page)}") from error


def wait_turn(page: GamePage) -> None:
    """Wait for the player to be asked something: a move, a pass to acknowledge, or the results."""
    page.wait_for_python("app.scene_name == 'results' or (type(app.scene).__name__ == 'GameScene' and"
                         " ((app.scene.dialog is None and app.scene.human_can_move() and not app.scene.busy())"
                         " or app.scene.dialog is not None))", 60, "the player's turn")


def play_moves(page: GamePage, moves: int) -> None:
    """Tap the first legal square ``moves`` times (acknowledging the computer's passes), or to the results."""
    for _ in range(moves):
        wait_turn(page)
        if page.scene() == "results":
            return
        if page.python("app.scene.dialog is not None"):
            page.acknowledge_pass()
            continue
        plies = page.python("len(app.scene.record.moves)")
        page.click_square(page.python("app.scene.position.legal_squares()[0]"))
        page.wait_for_python(f"len(app.scene.record.moves) > {plies} or app.scene_name == 'results'", 10,
                             "the tap to play the move")


def smallest_text_css_px(page: GamePage) -> tuple[float, str]:
    """The smallest text the next frame draws, as tall as the page shows it (CSS px), and that text."""
    sizes = [(size, shown) for size, shown in page.drawn_text_sizes() if shown.strip()]
    _left, _top, width, _height, pixels_wide, _pixels_high = canvas_box(page)
    size, text = min(sizes)
    return size * width / pixels_wide, text


def test_the_page_fits_the_game_to_a_phone_upright_and_its_menu_opens_by_taps(phone: GamePage) -> None:
    assert phone.scene() == "menu"
    wait_fitted(phone, PORTRAIT)
    assert phone.python("list(app.surface.get_size())")[1] > phone.python("list(app.surface.get_size())")[0]
    phone.click_button("scene:settings")
    phone.wait_for_python("app.scene_name == 'settings'", 10, "Settings opened by a tap")
    phone.to_menu()


def test_a_whole_game_by_touch_turned_from_portrait_to_landscape_midway(phone: GamePage) -> None:
    # the discs turn at once (Settings' "off"): a turning disc costs a second a move and proves nothing of touch
    phone.python("app.ctx.settings.animation = 'off'\nTrue")
    phone.start_computer_game("Casual")
    # the squares are square on the glass: the fit keeps the game's shape (no stretched discs)
    a1 = phone.page_point(tuple(phone.python("list(app.scene.view.square_center(0))")))
    h8 = phone.page_point(tuple(phone.python("list(app.scene.view.square_center(63))")))
    assert abs((h8[0] - a1[0]) - (h8[1] - a1[1])) < 2
    play_moves(phone, 10)
    wait_turn(phone)  # the computer's reply is in
    moves_before = phone.python("app.scene.record.transcript")
    phone.tab.resize(*LANDSCAPE)  # the phone turned round mid-game
    wait_fitted(phone, LANDSCAPE)
    assert phone.python("app.scene.record.transcript") == moves_before  # the same game, on the turned layout
    play_moves(phone, 80)
    assert phone.scene() == "results"
    result = phone.python("r = app.scene.record.result\n[r.black, r.white]")
    assert sum(result) > 0
    phone.tab.resize(*PORTRAIT)
    wait_fitted(phone, PORTRAIT)
    phone.python("app.ctx.settings.animation = 'normal'\nTrue")
    phone.to_menu()


def test_a_double_tap_does_not_zoom_the_page_and_a_swipe_over_the_board_does_not_scroll_it(phone: GamePage) -> None:
    phone.start_computer_game("Casual")
    centre = phone.page_point(tuple(phone.python("list(app.scene.view.square_center(0))")))  # a1: not a move
    phone.tab.tap(*centre)
    phone.tab.tap(*centre)
    corner = phone.page_point(tuple(phone.python("list(app.scene.view.square_center(63))")))
    phone.tab.drag(corner, centre)
    phone.tab.drag(centre, (centre[0], centre[1] + 300))
    viewport = phone.tab.evaluate("[visualViewport.scale, window.scrollX, window.scrollY,"
                                  " document.scrollingElement.scrollTop, visualViewport.offsetTop]")
    assert viewport == [1, 0, 0, 0, 0]
    assert phone.python("len(app.scene.record.moves)") == 0  # a1 is no move: the taps changed nothing
    phone.to_menu()


def test_the_transcript_box_gives_the_phone_its_keyboard_and_takes_what_is_typed(phone: GamePage) -> None:
    phone.to_menu()
    phone.click_button("scene:transcript")
    phone.wait_for_python("app.scene_name == 'transcript'", 10)
    if phone.python("app.scene.text"):
        phone.click_button("clear")
        phone.wait_for_python("app.scene.text == ''", 10, "Clear")
    field = phone.tab.wait_for("(() => { const f = document.getElementById('othello-text');"
                               " if (!f || f.hidden) return null; const r = f.getBoundingClientRect();"
                               " return [r.left + r.width / 2, r.top + r.height / 2] })()", 10, "the page's text field")
    phone.tab.tap(*field)
    assert phone.tab.evaluate("document.activeElement && document.activeElement.id") == "othello-text"
    phone.tab.insert_text("f5d6c3d3c4")
    phone.wait_for_python("app.scene.text == 'f5d6c3d3c4'", 10, "the phone's typing in the game's box")
    phone.click_button("review")
    phone.wait_for_python("app.scene_name == 'review'", 10, "Review by a tap")
    assert phone.python("app.scene.record.transcript") == "f5d6c3d3c4"
    assert phone.tab.evaluate("document.getElementById('othello-text').hidden") is True  # the field went too
    phone.to_menu()


@pytest.mark.parametrize("viewport", [PORTRAIT, LANDSCAPE], ids=["upright", "sideways"])
def test_every_text_of_the_menu_and_a_game_is_readable_on_a_phone(phone: GamePage, viewport: tuple[int, int]) -> None:
    phone.to_menu()
    phone.tab.resize(*viewport)
    wait_fitted(phone, viewport)
    sizes = [smallest_text_css_px(phone)]
    phone.start_computer_game("Casual")
    sizes.append(smallest_text_css_px(phone))
    phone.to_menu()
    phone.tab.resize(*PORTRAIT)
    wait_fitted(phone, PORTRAIT)
    for size, text in sizes:
        assert size >= MIN_READABLE_CSS_PX, f"{text!r} is {size:.1f} CSS px tall on a {viewport} phone"
