"""A still scene is not drawn again while nothing of it changes (``Scene.still``, ``App.frame``).

On a phone the menu's drawing took most of each frame, which left the warm-up behind it the smallest slice;
the frame on screen stays until the player acts, a toast shows, or the size, theme, language or pointer change.
"""

from __future__ import annotations

import pygame
import pytest

from game.platform.storage import MemoryStorage
from tests.app_driver import Player


def counting_draws(player: Player) -> list[int]:
    """A list that grows by one each time the scene on top draws."""
    scene = player.app.scene
    drawn: list[int] = []
    draw = scene.draw

    def counted(surface: pygame.Surface, now_ms: int) -> None:
        drawn.append(now_ms)
        draw(surface, now_ms)

    scene.draw = counted  # type: ignore[method-assign]
    return drawn


def test_the_idle_menu_is_drawn_once_and_again_only_when_something_changes(player_factory) -> None:  # type: ignore[no-untyped-def]
    player = player_factory(MemoryStorage())
    player.frame()
    assert player.app.scene_name == "menu"
    drawn = counting_draws(player)
    before = pygame.image.tobytes(player.app.surface, "RGB")
    for _ in range(5):
        player.frame()
    assert drawn == [] and pygame.image.tobytes(player.app.surface, "RGB") == before  # the same frame stays
    assert player.app.ctx.frame.slice_ms == 10.0  # its drawing time goes to the work behind the menu

    centre = player.app.to_window(player.button("scene:settings").center)
    player.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(1, 1), buttons=(0, 0, 0))])
    assert len(drawn) == 1  # input: drawn (the hover)
    player.frame()
    assert len(drawn) == 1

    player.app.ctx.toasts.show("A message")
    player.frame()
    player.frame()
    assert len(drawn) == 3  # a toast fades: drawn every frame while it shows

    player.app.ctx.toasts.clear()
    player.frame()
    player.app.ctx.settings.theme = "contrast"
    player.frame()
    player.frame()
    assert len(drawn) == 5  # the toast gone, then the theme changed: drawn once each

    recording = player.recorded_frame()
    assert len(drawn) == 6 and recording.texts  # a recording asks for what a frame draws


def test_a_scene_that_moves_by_itself_is_drawn_every_frame(player_factory) -> None:  # type: ignore[no-untyped-def]
    player = player_factory(MemoryStorage())
    player.frame()
    player.click_button("two")
    player.frame()
    assert player.app.scene_name == "game" and not player.app.scene.still()
    drawn = counting_draws(player)
    for _ in range(3):
        player.frame()
    assert len(drawn) == 3


@pytest.mark.parametrize("action", ["scene:settings", "scene:stats", "scene:new_game", "scene:challenges"])
def test_each_screen_that_waits_on_the_player_stays_on_screen_between_inputs(  # type: ignore[no-untyped-def]
        player_factory, action: str) -> None:
    player = player_factory(MemoryStorage())
    player.frame()
    player.click_button(action)
    player.frame()
    assert player.app.scene_name == action.removeprefix("scene:") and player.app.scene.still()
    drawn = counting_draws(player)
    for _ in range(3):
        player.frame()
    assert drawn == []
    player.press(pygame.K_TAB)  # input: drawn
    assert len(drawn) == 1
