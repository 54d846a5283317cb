"""Issue 47, items 13-16: the transcript box, the unplayed game, the editor's words and choices, the players' names.

Each test drives the real app with pygame events (keys, clicks), headless.
"""

from __future__ import annotations

from pathlib import Path

from game.engine import BLACK, GameRecord, square_name
from game.platform.storage import FileStorage
from game.play.match import MatchSetup
from game.records.formats import read_ggf
from game.scenes.entries import GameEntry
from game.scenes.transcript import TranscriptScene
from tests.test_transcripts import random_game

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
