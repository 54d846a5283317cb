"""The statistics: what counts (only games from the standard start), and resetting them."""

from __future__ import annotations

import pygame

from game.engine import BLACK
from tests.app_driver import finish
from tests.test_transcripts import ONE_FROM_WIPEOUT, WIPEOUT_POSITION, open_transcript


def test_a_win_from_a_pasted_game_or_position_counts_nothing_even_on_rematch(player_factory) -> None:
    player = player_factory()
    for typed in (ONE_FROM_WIPEOUT, WIPEOUT_POSITION):
        open_transcript(player, typed)
        player.click_button("computer")
        game = player.game
        assert game.setup.human == BLACK and not game.setup.counts
        assert "Practice" in game.status_text()
        player.click_square("f4")
        results = finish(player)
        assert results.record.result is not None and results.summary().headline == "You win!"
        assert player.app.ctx.stats.totals().played == 0
        if typed == WIPEOUT_POSITION:  # a rematch from the pasted position is still practice
            player.click_button("rematch")
            player.click_square("f4")
            finish(player)
            assert player.app.ctx.stats.totals().played == 0
        player.click_button("menu")


def test_a_game_from_the_standard_start_still_counts_and_the_statistics_can_be_reset(player_factory) -> None:
    player = player_factory()
    player.click_button("scene:new_game")
    player.click_button("start")
    player.click_button("resign")
    player.click_button("confirm")
    assert player.app.ctx.stats.totals().lost == 1
    player.click_button("menu")
    player.click_button("scene:stats")
    player.click_button("reset")
    player.press(pygame.K_RETURN)  # the dialog's default keeps them
    assert player.app.ctx.stats.totals().lost == 1
    player.click_button("reset")
    player.click_button("confirm")
    assert player.app.ctx.stats.totals().played == 0
    # and it stays reset after a restart
    player.click_button("back")
    assert player.app.scene_name == "menu"
