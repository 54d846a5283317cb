"""The playing screens' input, in one order: how a screen with a ``SessionBoard`` takes an event.

Every screen that plays on the board (the game, the challenges, the opening
trainer's lines, the tutorial, the analysis, the explorer) takes events the
same way, written here once:

1. a **dialog**, while one is up, takes every event (its answer goes to ``close_dialog``);
2. a **key** is the screen's shortcut if it is one (``shortcut``: the action it
   stands for, by default from ``shortcuts``); any other key moves the
   board's cursor and Enter plays on it, unless the screen gives the keys to
   its buttons' keyboard focus (``keys_for_buttons``: the explorer, whose
   Left and Right walk the line);
3. a **pointer** event (a click, a tap, a move) goes to the buttons first,
   then to the screen's other panels (``pointer``: the game's move list), then
   to the board.

A button's or a shortcut's action goes to ``act``, a square the board chose to
``try_move``. What those do is each screen's own; the order is not.
"""

from __future__ import annotations

from typing import ClassVar

import pygame

from game.scenes.base import Context, Scene
from game.ui.dialog import Dialog
from game.ui.session_board import SessionBoard
from game.ui.widgets import ButtonGroup


class BoardScene(Scene):
    """A scene that plays on a ``SessionBoard``: ``get_event`` in the one order, hooks for what differs."""

    keys_for_buttons: ClassVar[bool] = False
    """Whether the keys that are no shortcut move the buttons' keyboard focus instead of the board's cursor."""
    shortcuts: ClassVar[dict[int, str]] = {}
    """Each shortcut key and the action it stands for (``act``'s)."""

    board: SessionBoard
    group: ButtonGroup

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.dialog: Dialog | None = None
        """The question the player must answer before anything else (``close_dialog`` hears the answer)."""

    def get_event(self, event: pygame.event.Event) -> None:
        """A dialog, else a key (a shortcut, else the board's cursor) or a pointer (buttons, panels, board)."""
        if self.dialog is not None:
            answer = self.dialog.handle(event)
            if answer is not None:
                self.close_dialog(answer)
            return
        if event.type == pygame.KEYDOWN:
            self._take_key(event)
        else:
            self._take_pointer(event)

    def _take_key(self, event: pygame.event.Event) -> None:
        action = self.shortcut(event)
        if action is None and self.keys_for_buttons:
            action = self.group.handle(event)  # moves the buttons' focus, or presses the focused one
        if action is not None:
            self.act(action)
        elif not self.keys_for_buttons:
            self._take_square(event)  # the board's cursor: the arrows move it, Enter plays on it

    def _take_pointer(self, event: pygame.event.Event) -> None:
        action = self.group.handle(event)
        if action is not None:
            self.act(action)
        elif not self.pointer(event):
            self._take_square(event)

    def _take_square(self, event: pygame.event.Event) -> None:
        square = self.board.pick(event)
        if square is not None:
            self.try_move(square)

    # -- the hooks ----------------------------------------------------------------------

    def shortcut(self, event: pygame.event.Event) -> str | None:
        """The action the key of ``event`` stands for here, or ``None`` (by default, ``shortcuts``')."""
        return self.shortcuts.get(event.key)

    def pointer(self, event: pygame.event.Event) -> bool:
        """Give a pointer event the buttons left to the screen's other panels; True if one took it."""
        return False

    def act(self, action: str) -> None:
        """Carry out a button's or a shortcut's action."""

    def try_move(self, square: int) -> None:
        """Play ``square``, chosen on the board (clicked, tapped, or Enter on the cursor)."""

    def close_dialog(self, answer: str) -> None:
        """The dialog was answered: take it away and go on."""
        self.dialog = None
