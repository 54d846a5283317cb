"""A level is one row (issue 49, item 2): every row of ``LEVELS`` is taken everywhere a level is, by itself.

Each test here runs once for every row of the table, so a new row is checked the
moment it is written: the lookups (``--level`` and GTP by name and index), the
save format (a saved game's set-up and the settings keep it by name), the
player's words (its numbered title), the ratings ("Play at my level" and the
statistics find it) and the New game picker (a button that chooses it). What a
new row needs besides is its words in the catalogs (``tests/test_catalogs.py``)
and its line in ``docs/strength.md`` (``tests/test_docs_levels.py``).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from game.ai import (
    CUSTOM_INDEX,
    LEVELS,
    CustomSpec,
    Level,
    custom_level,
    level_at,
    level_by_name_or_index,
    level_called,
    level_named,
)
from game.engine import BLACK
from game.play.level_compat import FIRST_SETTINGS_FIELDS, FIRST_SETUP_FIELDS, document_level
from game.play.levels import level_description, level_title
from game.play.match import MatchSetup
from game.play.rating import PlayerRating, level_for_rating, my_level, rated_level
from game.play.settings import Settings
from tests.app_driver import Player

EVERY_ROW = pytest.mark.parametrize("level", LEVELS, ids=[level.name for level in LEVELS])


@EVERY_ROW
def test_every_row_is_found_by_its_index_and_its_name(level: Level) -> None:
    assert level_at(level.index) is level_named(level.index) is level_called(level.name) is level
    assert level_by_name_or_index(str(level.index)) is level_by_name_or_index(level.name.upper()) is level
    assert level.custom is None and level.index != CUSTOM_INDEX


@EVERY_ROW
def test_every_row_is_kept_by_its_name_in_a_saved_game_and_the_settings(level: Level) -> None:
    stored = MatchSetup("computer", BLACK, level.index).to_json()
    assert stored["level_name"] == level.name
    assert MatchSetup.from_json(stored).level == level.index
    moved = {**stored, "level": (level.index + 1) % len(LEVELS)}  # a ladder reordered since: the name decides
    assert MatchSetup.from_json(moved).level == level.index
    assert Settings.from_json(Settings(level=level.index).to_json()).level == level.index
    for first_fields in (FIRST_SETUP_FIELDS, FIRST_SETTINGS_FIELDS):
        assert document_level({"level": 0, "level_name": level.name}, first_fields) == level.index


@EVERY_ROW
def test_every_row_has_its_numbered_title_and_its_description(level: Level) -> None:
    assert level_title(level.name) == f"{level.index + 1} · {level.name}"
    assert level_title(level.name, numbered=False) == level.name
    assert level_description(level) == level.description != ""


@EVERY_ROW
def test_every_row_is_rated_and_is_the_level_for_a_player_of_its_rating(level: Level) -> None:
    assert level.rating is not None and rated_level(level.name) is level
    assert level_for_rating(level.rating) is level
    assert my_level(PlayerRating(level.rating, 80)) == (level, 0.5)


@EVERY_ROW
def test_every_row_has_a_button_in_the_new_game_picker_that_chooses_it(
    level: Level, player_factory: Callable[..., Player]
) -> None:
    player = player_factory()
    player.click_button("scene:new_game")
    player.click_button(f"level:{level.index}")
    assert player.app.scene.level_index == level.index  # type: ignore[attr-defined]
    assert player.app.scene.setup().level == level.index  # type: ignore[attr-defined]


def test_the_picker_offers_the_rows_and_no_other_level(player_factory: Callable[..., Player]) -> None:
    player = player_factory()
    player.click_button("scene:new_game")
    actions = {button.action for button in player.app.scene.group.buttons}  # type: ignore[attr-defined]
    assert {action for action in actions if action.startswith("level:")} == {f"level:{lv.index}" for lv in LEVELS}


@pytest.mark.parametrize("text", ["time:0.1", "time:3", "time:30", "depth:1", "depth:8", "depth:20"])
def test_a_custom_level_carries_its_spec_and_its_name_reads_back_to_it(text: str) -> None:
    level = custom_level(text)
    assert level.custom == CustomSpec.parse(text) and level.index == CUSTOM_INDEX
    assert CustomSpec.named(level.name) == level.custom  # the statistics key is the spec's name
    assert custom_level(level.custom) == level
