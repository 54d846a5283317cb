"""The move list keeps the highlighted ply in view and its space full (a late move never shows a lone row)."""

from __future__ import annotations

import pygame
import pytest

from game.engine import BLACK, WHITE
from game.ui.assets import Assets
from game.ui.move_list import MoveList
from game.ui.text import TextRenderer
from game.ui.theme import CLASSIC

PLIES = list(range(62))  # 31 rows of two plies: any squares, the list only names them


@pytest.fixture(scope="module")
def text() -> TextRenderer:
    pygame.init()
    return TextRenderer(Assets(with_sound=False))


def shown(move_list: MoveList, text: TextRenderer, focus: int, start: int = BLACK) -> list[int]:
    move_list.draw(pygame.Surface((800, 800)), text, CLASSIC, PLIES, start, len(PLIES), focus)
    return [ply for _, ply in move_list.cells]


@pytest.mark.parametrize("columns", [1, 3])
def test_the_last_move_shows_with_a_full_list_before_it(text: TextRenderer, columns: int) -> None:
    rows_each = 5
    move_list = MoveList(pygame.Rect(0, 0, 180 * columns, 8 + 24 * rows_each), columns=columns, row_height=24)
    plies = shown(move_list, text, focus=61)
    assert plies == PLIES[-2 * rows_each * columns:]  # the last screen full: 61 in view, and as many as fit


@pytest.mark.parametrize("focus", [0, 9, 30, 45, 61])
def test_the_focus_is_always_in_view(text: TextRenderer, focus: int) -> None:
    move_list = MoveList(pygame.Rect(0, 0, 180, 8 + 24 * 5), columns=1, row_height=24)
    plies = shown(move_list, text, focus)
    assert focus in plies and len(plies) == 10


def test_a_short_game_starts_at_the_first_row(text: TextRenderer) -> None:
    move_list = MoveList(pygame.Rect(0, 0, 180, 8 + 24 * 5), columns=1, row_height=24)
    move_list.draw(pygame.Surface((800, 800)), text, CLASSIC, PLIES[:5], WHITE, 5, 4)
    assert [ply for _, ply in move_list.cells] == [0, 1, 2, 3, 4]  # White first: row 1 holds its move alone
