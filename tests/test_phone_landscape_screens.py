"""The screens on a phone held sideways (issue 48, item 1): everything on the 1200 x 540 screen, every control a
finger's height, and the entries of the menu side by side (the layout audit checks their text)."""

from __future__ import annotations

import pytest

from game.platform.storage import MemoryStorage
from game.ui.layout import PHONE_LANDSCAPE
from tests.app_driver import Player
from tests.test_layout_audit import recorded

FINGER = 44
"""The least height of a control touched on a phone (logical px)."""
LIST_SCREENS = ("menu", "new game", "settings", "statistics, four digits", "challenges")
BOARD_SCREENS = ("game with a clock and engine output", "pass dialog", "results: both rules, rated",
                 "review with its summary", "analysis", "explorer on the longest opening", "library with results",
                 "trainer feedback", "editor", "transcript", "challenge after a wrong try", "tutorial")


@pytest.mark.parametrize("state", LIST_SCREENS + BOARD_SCREENS)
def test_every_control_of_a_screen_is_on_the_low_screen_and_a_finger_high(player_factory, state: str) -> None:
    player: Player = player_factory(MemoryStorage(), window_size=PHONE_LANDSCAPE)
    recording = recorded(player, state, with_toast=False)
    screen = player.app.surface.get_rect()
    buttons = [w for w in recording.widgets if w.kind == "button" and w.target is player.app.surface]
    assert buttons
    assert [w.label for w in buttons if not screen.contains(w.rect)] == []
    assert [(w.label, w.rect.height) for w in buttons if w.rect.height < FINGER] == []


def test_the_menu_on_its_side_puts_its_entries_three_a_row(player_factory) -> None:
    player: Player = player_factory(MemoryStorage(), window_size=PHONE_LANDSCAPE)
    recorded(player, "menu", with_toast=False)
    rows: dict[int, int] = {}
    for button in player.app.scene.group.buttons:  # type: ignore[attr-defined]
        rows[button.rect.top] = rows.get(button.rect.top, 0) + 1
    assert set(rows.values()) == {3}
