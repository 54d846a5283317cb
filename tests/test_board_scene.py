"""The playing screens' one input order (``game.scenes.board_scene``), driven with real pygame events.

A dialog takes every event; a key is the screen's shortcut or else the board's cursor; a click goes to the
buttons, then the board. The explorer's keys (its arrows walk the line) are in ``tests/test_explorer.py``.
"""

from __future__ import annotations

import pygame
import pytest

from game.engine import BLACK, Position, parse_square
from game.platform.storage import MemoryStorage
from game.play.match import MatchSetup, Mode
from game.scenes.board_scene import BoardScene
from game.scenes.entries import AnalysisEntry, ChallengeEntry, Entry, GameEntry, TrainerPlayEntry, TutorialEntry
from tests.app_driver import Player

PLAYING = {
    "game": GameEntry(MatchSetup(Mode.TWO)),
    "analysis": AnalysisEntry(Position.start()),
    "challenge": ChallengeEntry(""),
    "trainer": TrainerPlayEntry(BLACK),
    "tutorial": TutorialEntry(),
}
"""A screen of each kind that plays on the board, the player to move at once."""


def open_board_scene(player: Player, entry: Entry) -> BoardScene:
    player.app.scene.open(entry)
    for _ in range(3):
        player.frame()
    scene = player.app.scene
    assert isinstance(scene, BoardScene), player.app.scene_name
    return scene


@pytest.mark.parametrize("name", list(PLAYING))
def test_keys_that_are_no_shortcut_move_the_board_cursor_and_enter_plays_on_it(player_factory, name: str) -> None:
    player = player_factory(MemoryStorage())
    scene = open_board_scene(player, PLAYING[name])
    tried: list[int] = []
    try_move = scene.try_move
    scene.try_move = lambda square: (tried.append(square), try_move(square))  # type: ignore[method-assign]
    first = scene.board.position.legal_squares()[0]
    player.press(pygame.K_RETURN)  # the first Enter shows the cursor, on the first legal square
    assert scene.board.cursor == first and tried == []
    player.press(pygame.K_DOWN)
    player.press(pygame.K_UP)
    assert scene.board.cursor == first
    player.press(pygame.K_RETURN)  # the second plays there, as a click would
    assert tried == [first]


@pytest.mark.parametrize(("name", "key", "scene_after"), [
    ("game", pygame.K_ESCAPE, "menu"), ("analysis", pygame.K_ESCAPE, "menu"), ("challenge", pygame.K_ESCAPE, "menu"),
    ("trainer", pygame.K_ESCAPE, "menu"), ("tutorial", pygame.K_ESCAPE, "menu"),
])
def test_a_shortcut_is_taken_before_the_board_sees_the_key(player_factory, name: str, key: int,
                                                           scene_after: str) -> None:
    player = player_factory(MemoryStorage())
    scene = open_board_scene(player, PLAYING[name])
    player.press(pygame.K_RETURN)
    cursor = scene.board.cursor
    assert cursor is not None
    player.press(key)
    assert player.app.scene_name == scene_after  # gone, as Escape says, the board none the wiser
    assert scene.board.cursor == cursor and scene.board.record.moves == []


def test_while_a_dialog_is_up_it_takes_every_event(player_factory) -> None:
    player = player_factory(MemoryStorage())
    scene = open_board_scene(player, PLAYING["game"])
    player.click(scene.board.view.square_center(parse_square("f5")))  # type: ignore[union-attr]
    player.click_button("new")  # a game in progress: asked first
    assert scene.dialog is not None
    player.press(pygame.K_u)  # Undo's shortcut, an arrow and a square go to the question only
    player.press(pygame.K_DOWN)
    player.click(scene.board.view.square_center(parse_square("d6")))  # type: ignore[union-attr]
    assert scene.dialog is not None and scene.board.record.transcript == "f5" and scene.board.cursor is None
    player.press(pygame.K_ESCAPE)  # the safe answer: the game goes on, the menu is not asked for
    assert scene.dialog is None and player.app.scene_name == "game" and scene.board.record.transcript == "f5"


def test_the_analysis_flashes_a_refused_square_only_when_the_square_is_at_fault(player_factory) -> None:
    player = player_factory(MemoryStorage())
    scene = open_board_scene(player, PLAYING["analysis"])
    player.click(scene.board.view.square_center(parse_square("d4")))  # type: ignore[union-attr]
    assert scene.board.bad_square == parse_square("d4")  # taken: the square is at fault
    last = open_board_scene(player, AnalysisEntry(Position.from_text("X" * 62 + "O- X")))
    player.click(last.board.view.square_center(parse_square("h8")))  # type: ignore[union-attr]
    assert last.board.position.is_over() and last.board.bad_square is None
    player.click(last.board.view.square_center(parse_square("a1")))  # type: ignore[union-attr]
    assert last.board.bad_square is None  # the game is over: the moment is at fault, as on every board
