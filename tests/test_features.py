"""Issue 13's features for strong players, driven by real events through the real scenes (headless)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from tests.app_driver import Player  # noqa: E402


def cell_of(player: Player, ply: int) -> pygame.Rect:
    return next(rect for rect, index in player.game.moves.cells if index == ply)


def test_the_move_list_jumps_to_any_move_and_keeps_undone_moves_greyed_until_replaced(player_factory) -> None:
    player = player_factory()
    player.click_button("two")
    for name in ("f5", "d6", "c3", "d3"):
        player.click_square(name)
    player.click(cell_of(player, 0).center)  # back to the position after f5
    game = player.game
    assert game.record.transcript() == "f5" and len(game.record.plies) == 4
    assert len(game.moves.cells) == 4  # the undone moves are still listed
    theme = player.app.ctx.theme
    later = cell_of(player, 2)
    greyed = {player.pixel((x, y)) for x in range(later.left, later.right) for y in range(later.top, later.bottom)}
    assert theme.text not in greyed  # drawn, but not in the colour of played moves
    player.click(cell_of(player, 2).center)  # forward to a greyed move
    assert game.record.transcript() == "f5d6c3"
    player.click(cell_of(player, 0).center)
    player.click_square("f6")  # a different move from d6
    assert len(game.record.plies) == 2 and len(game.moves.cells) == 2  # the old tail is gone
