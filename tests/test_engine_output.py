"""The engine output while the computer thinks: shown on request, its depth, nodes and line, and the
endgame solve named in the search's progress."""

from __future__ import annotations

import pygame

from game.ai import Progress, think
from game.engine import BLACK, WHITE, Position, parse_square
from game.play.engine_output import thinking_lines
from game.play.session import Phase
from tests.test_levels import level_by_name
from tests.test_transcripts import random_game


def test_the_engine_output_shows_a_depth_and_a_line_while_the_computer_thinks(player_factory) -> None:
    player = player_factory()
    player.click_button("scene:new_game")
    player.click_button("colour:white")
    player.click_button("custom:depth:12")  # no book, deep enough to think for many frames
    player.click_button("start")
    game = player.game
    assert game.match.phase is Phase.COMPUTER
    player.frame()
    assert game.engine_lines() is None  # off by default: a newcomer sees only "thinking"
    assert "is thinking" in game.status_text()
    player.press(pygame.K_o)
    assert player.app.ctx.settings.engine_output
    player.run_until(lambda: game.match.thinking_progress() is not None
                     and game.match.thinking_progress().depth >= 2, frames=400)
    lines = game.engine_lines()
    assert lines is not None, game.status_text()
    first, second = lines
    assert first.startswith("depth ") and "nodes" in first and "/s" in first
    assert second.startswith("Black ")  # the computer's (the mover's) view, named
    line = second.split(": ", 1)[1].split()
    assert line and parse_square(line[0]) in Position.start().legal_squares()
    progress = game.match.thinking_progress()
    assert progress is not None and progress.nodes > 0 and progress.nodes_per_second > 0
    before = progress.nodes
    player.frame()
    assert game.match.thinking_progress() is None or game.match.thinking_progress().nodes >= before  # live
    player.press(pygame.K_ESCAPE)
    assert player.app.scene_name == "menu"


def test_the_endgame_solve_is_named_in_the_progress() -> None:
    record = random_game(7, moves=46)  # 14 empties: Club solves them win-loss after a quick look
    position = record.position
    assert position.empty_count == 14 and position.legal_moves()
    job = think(position, level_by_name("Club"))
    seen: set[str | None] = set()
    move = None
    while move is None:
        move = job.advance(1)
        seen.add(job.progress.solving)
    progress = job.progress
    assert progress.endgame == "win-loss" and progress.deepened and progress.depth >= 1
    assert "win-loss" in seen or progress.exact  # the solve took slices of its own (unless the look was exact)
    assert move in position.legal_squares()


def test_engine_output_words() -> None:
    mid = Progress(nodes=12_300, seconds=0.5, depth=9, value=2.46, pv=(19, 18, 26))
    assert thinking_lines(mid, WHITE) == ("depth 9 · 12.3k nodes · 24.6k/s", "White +2.5: d3 c3 c4")
    solving = Progress(nodes=2_000_000, seconds=1.0, depth=6, value=-1.0, pv=(19,), deepened=True,
                       endgame="exact")
    assert thinking_lines(solving, BLACK)[0] == "depth 6, solving (exact) · 2.0M nodes · 2.0M/s"
    assert thinking_lines(Progress(), BLACK)[0].startswith("Searching")
