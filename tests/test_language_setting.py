"""The Language setting: chosen in Settings, applied at once (the screen lays itself out again) and saved."""

from __future__ import annotations

import json
from collections.abc import Callable

from game import i18n
from game.i18n import LANGUAGES
from game.platform.storage import FileStorage
from game.scenes.entries import SettingsEntry
from game.scenes.settings_scene import SettingsScene
from tests.app_driver import Player


def open_settings(player: Player) -> SettingsScene:
    player.app.scene.open(SettingsEntry())
    player.frame()
    scene = player.app.scene
    assert isinstance(scene, SettingsScene)
    return scene


def test_the_settings_offer_every_language_named_in_itself(player_factory: Callable[..., Player]) -> None:
    scene = open_settings(player_factory())
    labels = {button.action.removeprefix("language="): button.label for button in scene.group.buttons
              if button.action.startswith("language=")}
    assert labels == LANGUAGES
    assert next(b for b in scene.group.buttons if b.action == "language=en").selected


def test_choosing_francais_switches_at_once_saves_it_and_lays_the_screen_out_again(
        player_factory: Callable[..., Player], tmp_path) -> None:
    player = player_factory(FileStorage(tmp_path))
    scene = open_settings(player)
    before, generation = scene.group, i18n.generation()
    assert player.button("language=fr")  # a real click on the Français button
    player.click_button("language=fr")
    assert i18n.language() == "fr"
    assert player.app.ctx.settings.language == "fr"
    saved = json.loads(FileStorage(tmp_path).read("settings") or "{}")
    assert saved["language"] == "fr"
    assert i18n.generation() != generation
    assert player.app.scene is scene and scene.group is not before  # laid out again, in the new language
    chosen = {b.action for b in scene.group.buttons if b.selected and b.action.startswith("language=")}
    assert chosen == {"language=fr"}
    player.frame()  # and drawn

    again = player_factory(FileStorage(tmp_path))  # the next start speaks it too
    assert again.app.ctx.settings.language == "fr" and i18n.language() == "fr"


def test_the_language_row_keeps_back_on_screen_upright(player_factory: Callable[..., Player]) -> None:
    player = player_factory(window_size=(720, 1280))
    scene = open_settings(player)
    width, height = player.app.ctx.size
    for button in scene.group.buttons:
        assert button.rect.left >= 0 and button.rect.right <= width and button.rect.bottom <= height, button.action


def test_upright_the_languages_take_two_lines_and_their_names_a_readable_size(
        player_factory: Callable[..., Player]) -> None:
    player = player_factory(window_size=(720, 1280))
    scene = open_settings(player)
    languages = [b for b in scene.group.buttons if b.action.startswith("language=")]
    assert len({b.rect.top for b in languages}) == 2  # seven names in one line were drawn at 12 px
    recording = player.recorded_frame()
    sizes = {t.text: t.size for t in recording.texts if t.text in LANGUAGES.values()}
    assert set(sizes) == set(LANGUAGES.values()) and min(sizes.values()) >= 16, sizes
    lines = sorted({b.rect.top for b in languages})
    others = [b for b in scene.group.buttons if not b.action.startswith("language=")]
    assert all(b.rect.top > lines[1] for b in others)  # the next setting comes below the second line
