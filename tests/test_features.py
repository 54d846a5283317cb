"""Issue 13's features for strong players, driven by real events through the real scenes (headless)."""

from __future__ import annotations

import pygame
import pytest

from game.engine import BLACK, WHITE, GameRecord, parse_square
from game.play.levels import custom_level
from game.play.match import MatchSetup
from game.records.formats import read_ggf, read_obf
from game.scenes.analysis import AnalysisScene
from game.scenes.entries import ReviewEntry
from game.scenes.results import ResultsScene
from game.scenes.review import ReviewScene
from game.scenes.transcript import TranscriptScene
from tests.app_driver import Player
from tests.test_formats import GGS_GAME


def cell_of(player: Player, ply: int) -> pygame.Rect:
    return next(rect for rect, index in player.game.moves.cells if index == ply)


def test_the_move_list_jumps_to_any_move_and_keeps_undone_moves_greyed_until_replaced(player_factory) -> None:
    player = player_factory()
    player.click_button("two")
    for name in ("f5", "d6", "c3", "d3"):
        player.click_square(name)
    player.click(cell_of(player, 0).center)  # back to the position after f5
    game = player.game
    assert game.record.transcript == "f5" and len(game.record.plies) == 4
    assert len(game.moves.cells) == 4  # the undone moves are still listed
    theme = player.app.ctx.theme
    later = cell_of(player, 2)
    greyed = {player.pixel((x, y)) for x in range(later.left, later.right) for y in range(later.top, later.bottom)}
    assert theme.text not in greyed  # drawn, but not in the colour of played moves
    player.click(cell_of(player, 2).center)  # forward to a greyed move
    assert game.record.transcript == "f5d6c3"
    player.click(cell_of(player, 0).center)
    player.click_square("f6")  # a different move from d6
    assert len(game.record.plies) == 2 and len(game.moves.cells) == 2  # the old tail is gone


# -- analysis mode ------------------------------------------------------------------------------


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


# -- a custom level ------------------------------------------------------------------------------


def test_a_custom_level_by_depth_plays_and_is_counted_under_its_name(player_factory) -> None:
    player = player_factory()
    player.click_button("scene:new_game")
    player.click_button("colour:white")
    player.click_button("custom:depth:4")
    player.click_button("start")
    game = player.game
    assert game.setup.custom == "depth:4" and game.level.name == "Custom (depth 4)" and game.level.depth == 4
    player.run_until(player.my_turn, frames=600)  # the computer (Black) moved
    assert len(game.record.moves) == 1
    player.click_button("resign")
    player.click_button("confirm")
    assert player.app.ctx.stats.tally("Custom (depth 4)", WHITE).lost == 1


def test_custom_level_specs_are_checked() -> None:
    assert custom_level("time:2").seconds == 2.0 and custom_level("time:2").depth > 20
    for bad in ("time:0", "time:99", "depth:0", "depth:2.5", "speed:3", "depth:x"):
        with pytest.raises(ValueError):
            custom_level(bad)
    with pytest.raises(ValueError):
        MatchSetup.from_json({**MatchSetup("computer", BLACK, 1).to_json(), "custom": "depth:99"})
    setup = MatchSetup("computer", BLACK, 1, custom="time:3")
    assert MatchSetup.from_json(setup.to_json()) == setup


# -- clocks ----------------------------------------------------------------------------------------


def test_a_two_player_game_with_clocks_ends_on_a_flag_fall(player_factory) -> None:
    player = player_factory()
    player.click_button("scene:new_game")
    player.click_button("colour:black")
    player.click_button("clock:60")
    player.click_button("two")
    game = player.game
    assert game.setup.mode == "two" and game.setup.clock == 60
    player.click_square("f5")
    player.now += 20_000
    player.frame()
    black, white = game.match.clocks[BLACK], game.match.clocks[WHITE]
    assert black > 59_000 and 39_000 <= white <= 41_000
    player.press(pygame.K_ESCAPE)  # the clocks are saved with the game
    player.click_button("continue")
    clocks = player.game.match.clocks
    assert clocks is not None and white - 200 <= clocks[WHITE] <= white  # the frames it took to leave
    player.now += 45_000
    player.frame()
    player.run_until(lambda: isinstance(player.app.scene, ResultsScene))
    results = player.app.scene
    assert isinstance(results, ResultsScene)
    summary = results.summary()
    assert summary.winner == BLACK and summary.reason.startswith("White (Player 2) ran out of time after 1 move")
    assert player.app.ctx.stats.two_player_games == 1


# -- GGF and OBF through the transcript scene --------------------------------------------------------


def test_a_pasted_server_ggf_game_is_read_reviewed_and_saved_as_ggf(player_factory, tmp_path) -> None:
    player = player_factory()
    player.click_button("scene:transcript")
    scene = player.app.scene
    assert isinstance(scene, TranscriptScene)
    scene.set_text("")
    player.frame([pygame.event.Event(pygame.TEXTINPUT, text=GGS_GAME)])
    assert scene.record is not None, scene.error
    status, is_error = scene.status_lines()
    assert not is_error and status.startswith("GGF: hercule vs scorp+, result +6.000") and "60 moves" in status
    player.click_button("save")  # the file chooser, in the games folder, with a GGF name
    player.click_button("confirm")
    (saved,) = (tmp_path / "games").glob("othello-*.ggf")
    (again,) = read_ggf(saved.read_text(encoding="utf-8"))
    assert again.black == "hercule" and again.record().played == read_ggf(GGS_GAME)[0].record().played
    player.click_button("review")
    review = player.app.scene
    assert isinstance(review, ReviewScene) and len(review.record.moves) == 60


def test_a_bad_ggf_or_obf_paste_says_why_and_changes_nothing(player_factory) -> None:
    player = player_factory()
    player.click_button("scene:transcript")
    scene = player.app.scene
    assert isinstance(scene, TranscriptScene)
    scene.set_text("")
    player.frame([pygame.event.Event(pygame.TEXTINPUT, text="(;GM[Othello]B[f5]W[f5];)")])
    assert scene.record is None and "move 2: f5 is not a legal move" in scene.status_lines()[0]
    scene.set_text("")
    obf = GameRecord.from_transcript("f5d6c3").position.to_text() + "; D3:+1;"
    player.frame([pygame.event.Event(pygame.TEXTINPUT, text=obf)])
    assert scene.record is not None and scene.record.position == GameRecord.from_transcript("f5d6c3").position
    player.click_button("two")
    assert player.game.position == scene.record.position and not player.game.setup.counts
