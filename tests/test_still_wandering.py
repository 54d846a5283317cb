"""A player wandering through every screen at random: whatever the app leaves on screen is what it would draw now.

The app draws a frame only when input comes or something changed (``Scene.still``, ``App._looks``). After each
frame it did not draw, the screen is drawn again from scratch: it must not differ by a pixel from the frame left on
screen, whatever the screen, its state or the events before. Buttons that reach outside the game (quitting, the
clipboard, the file chooser on the computer's own folders) are left alone.
"""

from __future__ import annotations

import random

import pygame
import pytest

from game.platform.storage import MemoryStorage
from tests.app_driver import Player

OUTSIDE = ("quit", "copy", "paste", "share", "save", "open", "gif")
"""What a button whose action holds one of these reaches: the process, the clipboard, the computer's files."""
KEYS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_RETURN, pygame.K_TAB, pygame.K_ESCAPE,
        pygame.K_HOME, pygame.K_END, pygame.K_u, pygame.K_h, pygame.K_e, pygame.K_s, pygame.K_BACKSPACE)


def buttons_to_press(player: Player) -> list[pygame.Rect]:
    """The enabled buttons on screen whose actions stay inside the game."""
    scene = player.app.scene
    group = getattr(getattr(scene, "dialog", None), "group", None) or getattr(scene, "group", None)
    if group is None:
        return []
    return [b.rect for b in group.buttons
            if b.enabled and not any(word in b.action for word in OUTSIDE)]


def one_step(player: Player, rng: random.Random) -> None:
    """A click on a button, a click or a move anywhere, a key, or nothing, for one frame."""
    width, height = player.app.surface.get_size()
    anywhere = (rng.randrange(width), rng.randrange(height))
    kind = rng.random()
    buttons = buttons_to_press(player)
    if kind < 0.3 and buttons:
        player.click(rng.choice(buttons).center)
    elif kind < 0.45:
        player.click(anywhere)
    elif kind < 0.65:
        held = rng.random() < 0.2
        player.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=player.app.to_window(anywhere), rel=(1, 0),
                                         buttons=(1, 0, 0) if held else (0, 0, 0))])
    elif kind < 0.75:
        player.press(rng.choice(KEYS))
    else:
        player.frame()


@pytest.mark.parametrize("seed", range(4))
def test_the_frame_left_on_screen_is_the_one_the_screen_would_draw(player_factory, seed: int) -> None:  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    size = [(1280, 800), (412, 915), (915, 412)][seed % 3]  # a desktop, a phone upright and on its side
    player = player_factory(MemoryStorage(), window_size=size, animation=rng.choice(["off", "fast"]))
    app = player.app
    draws = [0]
    draw = app.draw

    def counted() -> None:
        draws[0] += 1
        draw()

    app.draw = counted  # type: ignore[method-assign]
    seen: set[str] = set()
    left = 0
    for step in range(500):
        before = draws[0]
        one_step(player, rng)
        seen.add(player.app.scene_name)
        if draws[0] == before:  # the frame stayed: it is what a drawing now gives
            left += 1
            shown = pygame.image.tobytes(app.window, "RGB")
            draw()
            same = pygame.image.tobytes(app.window, "RGB") == shown
            assert same, f"seed {seed}, step {step}: {player.app.scene_name} left a stale frame on screen"
    assert left > 20 and len(seen) >= 3, (left, seen)  # it wandered, and frames stayed on screen
