"""Every way of starting a game asks first when it would replace the game in progress, as the menu does."""

from __future__ import annotations

import pygame
import pytest

from game.engine import GameRecord, Position
from game.scenes.entries import EditorEntry, ReviewEntry, TranscriptEntry
from tests.app_driver import Player, start_two_player_game

ENTRIES = {
    "editor": (EditorEntry(Position.start()), "two"),
    "review": (ReviewEntry(GameRecord.from_transcript("f5d6c3d3c4")), "play"),
    "transcript": (TranscriptEntry(GameRecord.from_transcript("f5d6c3d3c4")), "two"),
}


def game_in_progress(player: Player) -> str:
    """A two-player game with a move played, left for the menu: saved, to be continued."""
    start_two_player_game(player)
    player.click_square("f5")
    player.frame()
    player.click_button("menu")
    saved = player.app.ctx.store.load_saved_game()
    assert saved is not None and saved.record.transcript == "f5"
    return saved.record.transcript


@pytest.mark.parametrize("where", sorted(ENTRIES))
def test_starting_a_game_asks_and_keep_it_changes_nothing(player_factory, where: str) -> None:
    player = player_factory()
    kept = game_in_progress(player)
    entry, action = ENTRIES[where]
    player.app.scene.open(entry)
    player.frame()
    assert player.app.scene_name == where
    player.click_button(action)
    assert player.app.scene_name == "ask_new_game"  # asked, over the scene that starts the game
    assert player.app.scene.dialog.title == "Start a new game?"  # type: ignore[attr-defined]
    player.press(pygame.K_ESCAPE)  # the safe choice: keep it
    assert player.app.scene_name == where
    saved = player.app.ctx.store.load_saved_game()
    assert saved is not None and saved.record.transcript == kept  # nothing was thrown away
    player.click_button(action)
    player.click_button("confirm")  # New game
    assert player.app.scene_name == "game"
    assert player.app.stack.names[-2] == where  # in place of the question; Menu still goes home


def test_with_no_game_in_progress_a_game_starts_at_once(player_factory) -> None:
    player = player_factory()
    player.app.scene.open(ENTRIES["editor"][0])
    player.frame()
    player.click_button("two")
    assert player.app.scene_name == "game"


def test_the_menu_asks_the_same_question(player_factory) -> None:
    player = player_factory()
    game_in_progress(player)
    player.click_button("two")
    assert player.app.scene.dialog.title == "Start a new game?"  # type: ignore[attr-defined]
    assert "Two players · move 2" in player.app.scene.dialog.message  # type: ignore[attr-defined]
