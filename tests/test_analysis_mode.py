"""The analysis mode (``game.scenes.analysis``): opened from the editor, the game and the review, the live
search over the position on its board, its moves and undo, and the way back."""

from __future__ import annotations

import pygame

from game.engine import BLACK, GameRecord, parse_square
from game.play.match import MatchSetup
from game.records.formats import read_obf
from game.scenes.analysis import AnalysisScene
from game.scenes.entries import ReviewEntry
from game.scenes.review import ReviewScene
from tests.app_driver import Player


def analysis_scene(player: Player) -> AnalysisScene:
    scene = player.app.scene
    assert isinstance(scene, AnalysisScene), player.app.scene_name
    return scene


def test_analysis_from_the_editor_updates_live_and_stops(player_factory, monkeypatch) -> None:
    import game.scenes.analysis as analysis_module

    player = player_factory()
    player.click_button("scene:editor")
    player.click_button("analyse")
    scene = analysis_scene(player)
    legal = set(scene.board.position.legal_squares())
    player.run_until(lambda: scene.live.latest is not None and scene.live.latest.depth >= 2, frames=600)
    found = scene.live.latest
    assert found is not None and set(found.values) == legal and found.best[0] in legal and found.pv
    assert "depth" in scene.status_line() and "nodes" in scene.status_line()
    shown = scene.best_line()
    assert shown.startswith("Best ") and "line:" in shown
    player.run_until(lambda: scene.live.latest is not None and scene.live.latest.depth >= 3, frames=600)
    player.click_button("stop")
    assert not scene.live.running and "stopped" in scene.status_line()
    depth, nodes = scene.live.depth, scene.live.progress.nodes
    for _ in range(20):
        player.frame()
    assert (scene.live.depth, scene.live.progress.nodes) == (depth, nodes)
    player.click_button("stop")  # now labelled Resume
    assert scene.live.running
    player.frame()
    assert scene.live.progress.nodes > nodes
    copies: list[str] = []
    monkeypatch.setattr(analysis_module, "copy_to_clipboard",
                        lambda text, on_result=None: copies.append(text) or (on_result and on_result(True)))
    player.click_button("copy")
    position, values = read_obf(copies[-1])
    assert position == scene.board.position and set(values) == legal
    player.click_button("back")
    assert player.app.scene_name == "editor"

def test_analysis_follows_moves_played_on_its_board_and_undo(player_factory) -> None:
    player = player_factory()
    player.click_button("two")
    player.press(pygame.K_a)
    scene = analysis_scene(player)
    start = scene.board.position
    player.click(scene.board.view.square_center(parse_square("f5")))
    assert scene.board.position != start and scene.live.position == scene.board.position
    player.run_until(lambda: scene.live.latest is not None, frames=600)
    assert set(scene.live.latest.values) == set(scene.board.position.legal_squares())
    player.click_button("undo")
    assert scene.board.position == start
    player.click_button("back")
    assert player.app.scene_name == "game" and player.game.record.moves == []

def test_analysis_from_the_review_and_back_to_the_same_move(player_factory) -> None:
    player = player_factory()
    record = GameRecord.from_transcript("f5d6c3d3c4")
    player.app.scene.open(ReviewEntry(record=record, setup=MatchSetup("two", BLACK)))  # type: ignore[attr-defined]
    player.frame()
    review = player.app.scene
    assert isinstance(review, ReviewScene)
    player.press(pygame.K_RIGHT)
    player.press(pygame.K_RIGHT)
    player.click_button("analyse")
    scene = analysis_scene(player)
    assert scene.board.position == record.position_at(2)
    player.press(pygame.K_ESCAPE)
    assert player.app.scene is review and review.index == 2
