"""Driving the real ``App`` with pygame events and a virtual clock, headless, as a player would.

Shared by the scene tests. Time advances 50 ms a frame, so animations and the
computer's minimum thinking time pass quickly without sleeping.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.app import App
from game.engine import parse_square
from game.platform.storage import Storage
from game.scenes.game import GameScene
from game.scenes.results import ResultsScene
from game.ui.drawn import Recording

FRAME_MS = 50


class Player:
    """Drives an ``App`` with events and a virtual clock."""

    def __init__(self, storage: Storage, window_size: tuple[int, int] = (1280, 800),
                 fragment: str | None = None, animation: str = "off") -> None:
        self.now = 0
        self.printed: list[str] = []
        self.app = App(storage=storage, window_size=window_size, clock=lambda: self.now, fragment=fragment)
        self.app.ctx.print_line = self.printed.append
        self.app.ctx.settings.animation = animation
        self.frame()

    @property
    def scene(self) -> object:
        return self.app.scene

    @property
    def game(self) -> GameScene:
        assert isinstance(self.app.scene, GameScene), f"in {self.app.scene_name}, not the game"
        return self.app.scene

    def frame(self, events: list[pygame.event.Event] | None = None) -> None:
        self.now += FRAME_MS
        self.app.frame(events or [])

    def recorded_frame(self, events: list[pygame.event.Event] | None = None) -> Recording:
        """One frame with the text renderer recording: every text and widget the screen drew."""
        renderer = self.app.ctx.text
        recording = renderer.record()
        try:
            self.frame(events)
        finally:
            renderer.recording = None
        return recording

    def click(self, logical_pos: tuple[int, int]) -> None:
        """Press and release the left button at a logical point (mapped to the window first)."""
        pos = self.app.to_window(logical_pos)
        self.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                    pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])

    def click_square(self, name: str) -> None:
        self.click(self.game.view.square_center(parse_square(name)))

    def press(self, key: int, mod: int = 0) -> None:
        self.frame([pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="")])

    def button(self, action: str) -> pygame.Rect:
        scene = self.app.scene
        group = scene.dialog.group if getattr(scene, "dialog", None) is not None else scene.group  # type: ignore[attr-defined]
        if getattr(scene, "chooser", None) is not None:  # a file chooser open over the scene
            group = scene.chooser.group  # type: ignore[attr-defined]
        for button in group.buttons:
            if button.action == action:
                return button.rect
        raise AssertionError(f"no button {action!r} in {self.app.scene_name}: "
                             f"{[b.action for b in group.buttons]}")

    def click_button(self, action: str) -> None:
        self.click(self.button(action).center)

    def type_name(self, name: str, erase: int = 200) -> None:
        """Erase what a text field holds (Backspace) and type ``name`` in one frame."""
        backspace = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="")
        self.frame([backspace] * erase + [pygame.event.Event(pygame.TEXTINPUT, text=name)])

    def run_until(self, done: Callable[[], bool], frames: int = 400) -> None:
        for _ in range(frames):
            if done():
                return
            self.frame()
        raise AssertionError(f"still waiting after {frames} frames in {self.app.scene_name}")

    def pixel(self, pos: tuple[int, int]) -> tuple[int, int, int]:
        colour = self.app.surface.get_at(pos)
        return colour.r, colour.g, colour.b

    def my_turn(self) -> bool:
        scene = self.app.scene
        return (isinstance(scene, GameScene) and scene.human_can_move() and not scene.busy()
                and not scene.record.is_over())


def start_two_player_game(player: Player) -> None:
    """From the menu, a game between two players at this device."""
    player.click_button("two")
    assert player.app.scene_name == "game"


def finish(player: Player) -> ResultsScene:
    """Frames until the results are shown (the game is over): the results scene."""
    player.run_until(lambda: isinstance(player.app.scene, ResultsScene))
    scene = player.app.scene
    assert isinstance(scene, ResultsScene)
    return scene
