"""The open scenes, the menu at the bottom: the one on top gets the events, the updates and the frame.

A scene asks to go somewhere through ``Scene.request`` (``open``, ``switch``,
``back``, ``home``); ``SceneStack.settle`` carries the request out after the
event or update that made it. A scene opened above another leaves that one
alive and paused below it (``pause``), and Back resumes it as it was
(``resume``): nothing is rebuilt from what was handed on. A scene that is
closed is cleaned up (``cleanup``). Each scene class has one instance,
reused from visit to visit (a scene keeps its state, as the library its
search), unless it is already open lower in the stack: then a fresh one is
made (the results of a rematch above the results of the game before).
"""

from __future__ import annotations

from collections.abc import Mapping

from game.scenes.base import Context, Navigation, Scene
from game.scenes.entries import Entry, MenuEntry

MAX_HOPS = 8
"""Requests carried out in a row at most (a scene that opens another at once, which opens another…)."""


class SceneStack:
    """The stack of open scenes; ``top`` is the current one."""

    def __init__(self, ctx: Context, classes: Mapping[str, type[Scene]]) -> None:
        self.ctx = ctx
        self.classes = classes
        self._kept: dict[str, Scene] = {}
        self._open: list[tuple[str, Scene]] = []

    @property
    def top(self) -> Scene:
        """The scene on top (the one shown)."""
        return self._open[-1][1]

    @property
    def top_name(self) -> str:
        """The name of the scene on top (``game.scenes.names``)."""
        return self._open[-1][0]

    @property
    def below(self) -> Scene | None:
        """The scene under the top one (drawn beneath an overlay), or ``None`` at the bottom."""
        return self._open[-2][1] if len(self._open) > 1 else None

    @property
    def names(self) -> list[str]:
        """The names of the open scenes, bottom first."""
        return [name for name, _ in self._open]

    def start(self, now_ms: int, entry: Entry) -> None:
        """Open the menu, and ``entry``'s scene above it unless it is the menu."""
        self._push(now_ms, MenuEntry())
        if not isinstance(entry, MenuEntry):
            self.top.pause(now_ms)
            self._push(now_ms, entry)
        self.settle(now_ms)

    def settle(self, now_ms: int) -> None:
        """Carry out what the scene on top asked for (and what the next one asks at once, a few hops)."""
        for _ in range(MAX_HOPS):
            request = self.top.request
            if request is None:
                return
            self.top.request = None
            self._carry_out(now_ms, request)

    def _carry_out(self, now_ms: int, request: Navigation) -> None:
        if request.kind == "open":
            assert request.entry is not None
            self.top.pause(now_ms)
            self._push(now_ms, request.entry)
        elif request.kind == "switch":
            assert request.entry is not None
            if len(self._open) > 1:
                self._pop()
            else:
                self.top.pause(now_ms)  # the menu stays at the bottom
            self._push(now_ms, request.entry)
        elif request.kind == "back":
            if len(self._open) > 1:
                self._pop()
                self.top.resume(now_ms)
        else:  # home
            if len(self._open) > 1:
                while len(self._open) > 1:
                    self._pop()
                self.top.resume(now_ms)

    def _push(self, now_ms: int, entry: Entry) -> None:
        name = entry.scene
        scene = self._kept.get(name)
        if scene is None or any(open_scene is scene for _, open_scene in self._open):
            scene = self.classes[name](self.ctx)
            self._kept.setdefault(name, scene)
        self._open.append((name, scene))
        scene.startup(now_ms, entry)

    def _pop(self) -> None:
        _, scene = self._open.pop()
        scene.cleanup()
