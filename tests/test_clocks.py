"""Clocks: a flag fall in a two-player game and against the computer, Fischer increments, the clocks kept
with the saved game (a move's share of the clock is in tests/test_levels.py, tiny clocks in tests/test_time_cap.py)."""

from __future__ import annotations

import pygame

from game.engine import BLACK, WHITE
from game.scenes.game import GameScene
from game.scenes.results import ResultsScene


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


def test_a_fischer_clock_adds_its_increment_after_each_move(player_factory) -> None:
    player = player_factory()
    player.click_button("scene:new_game")
    player.click_button("colour:black")
    player.click_button("clock:300+3")
    player.click_button("two")
    game = player.game
    assert (game.setup.clock, game.setup.increment) == (300, 3)
    player.now += 2000
    player.frame()
    before = game.match.clocks[BLACK]
    assert 297_900 <= before <= 298_000
    player.click_square("f5")
    after = game.match.clocks[BLACK]
    assert before + 3000 - 100 <= after <= before + 3000  # Black moved: three seconds back (less its last frame)
    player.now += 10_000
    player.frame()
    player.click_square("d6")
    assert 292_900 <= game.match.clocks[WHITE] <= 293_000  # 300 - 10 + 3, less a frame or two
    player.press(pygame.K_ESCAPE)  # kept with the game
    player.click_button("continue")
    assert player.game.setup.increment == 3
    assert after - 200 <= player.game.match.clocks[BLACK] <= after  # Black's clock ran while leaving


def test_a_flag_fall_against_the_computer_loses_on_time(player_factory) -> None:
    player = player_factory()
    player.click_button("scene:new_game")
    player.click_button("colour:black")
    player.click_button("clock:60")
    player.click_button("level:0")
    player.click_button("start")
    assert isinstance(player.app.scene, GameScene) and player.game.match.clocks is not None
    player.now += 61_000
    player.frame()
    outcome = player.game.match.outcome
    assert player.game.match.over and outcome is not None and outcome.stopped == BLACK
    player.run_until(lambda: isinstance(player.app.scene, ResultsScene))
    summary = player.app.scene.summary()  # type: ignore[attr-defined]
    assert summary.winner == WHITE and "ran out of time" in summary.reason
    stats = player.app.ctx.stats
    assert stats.vs_computer[stats.key("Novice", BLACK)].lost == 1
