"""Issue 47, items 13-16: the transcript box, the unplayed game, the editor's words and choices, the players' names.

Each test drives the real app with pygame events (keys, clicks), headless.
"""

from __future__ import annotations

import re
from pathlib import Path

import pygame

from game.engine import BLACK, WHITE, GameRecord, square_name
from game.platform.storage import FileStorage
from game.play.match import MatchSetup
from game.records.formats import read_ggf
from game.scenes.editor import EditorScene
from game.scenes.entries import GameEntry
from game.scenes.menu import MenuScene
from game.scenes.transcript import TranscriptScene
from game.ui.widgets import Button
from tests.app_driver import Player
from tests.test_transcripts import LONG_GAME, WIPEOUT_POSITION, random_game

# -- item 16: Menu -> Transcript -> Save names the players as the game's own file does ------------------------


def test_the_last_game_against_the_computer_is_saved_from_the_menu_under_its_players_names(
        tmp_path: Path, player_factory) -> None:
    finished = random_game(3)
    before = GameRecord.from_transcript(finished.transcript[:-2])
    human = before.position.to_move
    player = player_factory(FileStorage(tmp_path))
    player.app.scene.open(GameEntry(MatchSetup("computer", human, 0), before))  # Novice has the other side
    player.frame()
    player.click_square(square_name(finished.moves[-1]))
    player.run_until(lambda: player.app.scene_name == "results")
    player.click_button("menu")
    player.click_button("scene:transcript")
    scene = player.app.scene
    assert isinstance(scene, TranscriptScene) and scene.text == finished.transcript
    player.click_button("save")
    player.type_name("othello-last.ggf")
    player.click_button("confirm")
    (saved,) = (tmp_path / "games").glob("othello-*.ggf")
    (game,) = read_ggf(saved.read_text(encoding="utf-8"))
    you, computer = ("You", "Othello Novice")
    assert (game.black, game.white) == ((you, computer) if human == BLACK else (computer, you))


# -- item 14: a game nobody has played in is not kept, and the menu's entries keep their places ----------------


def menu_places(player: Player) -> dict[str, pygame.Rect]:
    """Each menu entry's place, by its action."""
    menu = player.app.scene
    assert isinstance(menu, MenuScene)
    return {b.action: b.rect for b in menu.group.buttons}


def continue_button(player: Player) -> Button:
    menu = player.app.scene
    assert isinstance(menu, MenuScene)
    (button,) = [b for b in menu.group.buttons if b.action == "continue"]
    return button


def test_a_game_without_a_move_is_not_offered_to_continue_and_the_entries_stay_put(player_factory) -> None:
    player = player_factory()
    places = menu_places(player)
    assert not continue_button(player).enabled
    player.click_button("two")
    player.press(pygame.K_ESCAPE)  # Menu, no move made: nothing to continue
    assert player.app.ctx.store.documents.storage.read("savegame") is None
    assert not continue_button(player).enabled and menu_places(player) == places
    player.click_button("continue")  # a disabled entry does nothing
    assert player.app.scene_name == "menu"
    player.click_button("two")  # and nothing is asked before a new game: nothing would be lost
    assert player.app.scene_name == "game"
    player.click_square("f5")
    player.press(pygame.K_ESCAPE)
    button = continue_button(player)
    assert button.enabled and button.primary and "move 2" in button.subtitle
    assert menu_places(player) == places  # Settings, Quit and the rest where they were


def test_a_game_where_only_the_computer_has_moved_is_not_kept(player_factory) -> None:
    player = player_factory()
    player.app.scene.open(GameEntry(MatchSetup("computer", WHITE, 0)))  # the computer (Novice) plays first
    player.frame()
    player.run_until(lambda: player.my_turn())
    assert len(player.game.record.moves) == 1
    player.press(pygame.K_ESCAPE)
    assert player.app.ctx.store.documents.storage.read("savegame") is None
    assert not continue_button(player).enabled
    player.click_button("scene:new_game")  # nothing to lose: no question first
    assert player.app.scene_name == "new_game"


# -- item 13: the transcript box wraps between moves, and Ctrl+A selects its text ------------------------------


def box_lines(player: Player, scene: TranscriptScene) -> list[str]:
    """The lines the transcript box drew this frame (its text, not the status or the buttons)."""
    recording = player.recorded_frame()
    inner = scene.box.inflate(-32, -28)
    return [t.shown for t in recording.texts if inner.contains(t.rect) and t.size == 24]


def test_the_transcript_box_wraps_between_moves_never_inside_one(player_factory) -> None:
    player = player_factory()
    player.click_button("scene:transcript")
    scene = player.app.scene
    assert isinstance(scene, TranscriptScene)
    for typed in (LONG_GAME, "1. " + LONG_GAME, LONG_GAME.upper()):
        player.click_button("clear")
        player.frame([pygame.event.Event(pygame.TEXTINPUT, text=typed)])
        lines = box_lines(player, scene)
        assert len(lines) > 1 and "".join(lines).replace(" ", "") == typed.replace(" ", "")
        for line in lines:
            assert re.fullmatch(r"(1\. )?([a-hA-H][1-8])+", line), (typed, lines)


def test_ctrl_a_selects_the_transcript_and_what_is_typed_replaces_it(player_factory) -> None:
    player = player_factory()
    player.click_button("scene:transcript")
    scene = player.app.scene
    assert isinstance(scene, TranscriptScene)
    player.frame([pygame.event.Event(pygame.TEXTINPUT, text="f5d6c3")])
    player.press(pygame.K_a, pygame.KMOD_CTRL)
    assert scene.selected
    position = WIPEOUT_POSITION + "\n" + "f4"
    player.frame([pygame.event.Event(pygame.TEXTINPUT, text=position)])
    assert scene.text == position and not scene.selected and scene.record is not None
    player.press(pygame.K_a, pygame.KMOD_CTRL)
    player.press(pygame.K_BACKSPACE)  # clears a selected text
    assert scene.text == "" and not scene.selected
    player.frame([pygame.event.Event(pygame.TEXTINPUT, text="f5")])
    player.press(pygame.K_a, pygame.KMOD_META)  # Cmd+A on a Mac
    player.press(pygame.K_RETURN)  # Enter uses the game, as before
    assert player.app.scene_name == "review"


# -- item 15: the editor's words, its messages off the board, and a level and colour before playing ------------


def toast_rect(player: Player) -> pygame.Rect:
    """Where the newest message is drawn."""
    player.frame()
    rect, _lines = player.app.ctx.toasts[-1].layout(player.app.ctx.size, player.app.ctx.text)
    return rect


def test_the_editor_says_in_plain_words_why_a_text_is_not_a_board_and_keeps_messages_off_it(player_factory) -> None:
    player = player_factory()
    player.click_button("scene:editor")
    scene = player.app.scene
    assert isinstance(scene, EditorScene)
    player.click(scene.field.rect.center)
    player.frame([pygame.event.Event(pygame.TEXTINPUT, text="XOXOX X")])
    player.press(pygame.K_RETURN)
    toast = player.app.ctx.toasts[-1]
    assert toast.message == "That is not a board: it has 5 squares, a board has 64. Nothing was changed."
    assert not toast_rect(player).colliderect(scene.view.rect)
    player.press(pygame.K_a, pygame.KMOD_CTRL)
    player.frame([pygame.event.Event(pygame.TEXTINPUT, text="X" * 63 + "Q O")])
    player.press(pygame.K_RETURN)
    assert player.app.ctx.toasts[-1].message.startswith("That is not a board: square h8 holds “Q”")
    player.press(pygame.K_a, pygame.KMOD_CTRL)
    player.frame([pygame.event.Event(pygame.TEXTINPUT, text=WIPEOUT_POSITION + "; F4:+64;")])  # OBF as well
    player.press(pygame.K_RETURN)
    assert player.app.ctx.toasts[-1].message == "Position set."
    assert not toast_rect(player).colliderect(scene.view.rect)  # clear of the board and its g and h
    assert all("OBF" not in t.message for t in player.app.ctx.toasts)


def test_play_computer_from_the_editor_asks_level_and_colour_and_continue_says_set_up(player_factory) -> None:
    player = player_factory()
    player.click_button("scene:editor")
    scene = player.app.scene
    assert isinstance(scene, EditorScene)
    position = GameRecord.from_transcript("f5d6c3d3c4").position  # White to move
    scene.position = position
    player.click_button("computer")
    assert player.app.scene_name == "new_game"  # the level and the colour first
    player.click_button("level:1")
    player.click_button("colour:white")
    player.click_button("start")
    game = player.game
    assert game.setup.start == position.to_text() and game.setup.human == WHITE and game.setup.level == 1
    assert game.record.start == position
    assert any(t.message == "Playing from your position." for t in player.app.ctx.toasts)
    player.press(pygame.K_ESCAPE)
    button = continue_button(player)
    assert button.enabled and "from a set-up position" in button.subtitle
