"""Scripted input for the desktop game: a small text file of clicks, keys and waits, fed as real pygame events.

``othello --script FILE --frames N`` plays the file into the event queue
(``pygame.event.post``), so every event goes the way a player's does: the
app's pointer mapping, the scene's buttons, the scene switches. It is the
smoke test of an installed game and a way to reach a screen quickly.

One command a line; ``#`` starts a comment::

    wait 30               # let 30 frames pass
    click two             # press and release the left button on the button with action "two"
    click 640 400         # ... at a point of the logical screen (1280 x 800 in landscape)
    key escape            # press and release a key (pygame's key names)
    expect game           # stop with a failure unless the current scene is "game"
    quit                  # close the window, as its close button does

A click on a button names the button's action (the scene's own, or its open
dialog's). Numbers are ASCII digits (``-`` before a click's coordinate): a
wait is 1 to ``MAX_WAIT`` frames, a coordinate -``MAX_COORDINATE`` to
``MAX_COORDINATE``. Lines end as a text editor sees them (LF, CR LF or CR),
so the line a message names is the one the editor shows. The file
must be a regular file of UTF-8 text, at most ``MAX_SCRIPT_BYTES``; anything
else is refused in one line (a named pipe too, without waiting for a writer).
Each click or key takes one frame, ``wait N`` takes ``N``. When
the file is done the game goes on (unless ``--frames`` ends it); when
``--frames`` frames have passed first, the run fails. This module never
reads the clock: frames are counted.
"""

from __future__ import annotations

import os
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import pygame

from game.engine import NumberError
from game.engine import whole_number as parse_whole
from game.platform import files

MAX_SCRIPT_BYTES = 64 * 1024
MAX_COMMANDS = 2000
MAX_WAIT = 1_000_000
MAX_COORDINATE = 10_000
"""A click's x and y lie within this of 0: the logical screen and well around it (pygame takes C ints)."""
SHOWN_WORD = 40
COMMANDS = ("wait", "click", "key", "expect", "quit")


class ScriptError(ValueError):
    """A script that cannot be read: the message names the line."""


@dataclass(frozen=True)
class Command:
    """One line of a script: its name, its arguments and its line number (for messages)."""

    name: str
    args: tuple[str, ...]
    line: int


class Driven(Protocol):
    """What a script drives: ``game.app.App``."""

    @property
    def scene_name(self) -> str: ...

    @property
    def scene(self) -> Any: ...

    def to_window(self, pos: tuple[float, float]) -> tuple[int, int]: ...


def parse_script(text: str, source: str = "script") -> list[Command]:
    """The commands of a script's text; ``ScriptError`` naming ``source`` and the line for anything wrong."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_SCRIPT_BYTES:
        raise ScriptError(f"{source}: larger than {MAX_SCRIPT_BYTES} bytes")
    commands: list[Command] = []
    lines = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    for number, raw in enumerate(lines, 1):
        words = raw.split("#", 1)[0].split()
        if not words:
            continue
        if len(commands) == MAX_COMMANDS:
            raise ScriptError(f"{source} line {number}: more than {MAX_COMMANDS} commands")
        command = Command(words[0].lower(), tuple(words[1:]), number)
        _check(command, source)
        commands.append(command)
    return commands


def whole_number(text: str, least: int, most: int) -> int | None:
    """``text`` as a whole number from ``least`` to ``most``: the digits 0-9, ``-`` first if negative; else ``None``.

    The game's one reader of typed numbers (``game.engine.whole_number``): ``str.isdigit``
    alone passes ``²`` (which ``int`` refuses) and ``٣`` (which ``int`` reads as 3).
    """
    try:
        return parse_whole(text, "units", least, most, signs="-")
    except NumberError:
        return None


def _shown(word: str) -> str:
    """A word of the script for a message: quoted, escaped, and cut if long."""
    return repr(word) if len(word) <= SHOWN_WORD else f"{word[:SHOWN_WORD]!r}..."


def _check(command: Command, source: str) -> None:
    where = f"{source} line {command.line}"
    name, args = command.name, command.args
    if name not in COMMANDS:
        raise ScriptError(f"{where}: unknown command {_shown(name)} (known: {', '.join(COMMANDS)})")
    if name == "wait" and not (len(args) == 1 and whole_number(args[0], 1, MAX_WAIT) is not None):
        raise ScriptError(f"{where}: wait takes a number of frames, 1 to {MAX_WAIT}")
    if name == "click" and not (len(args) == 1 or (
            len(args) == 2 and all(whole_number(a, -MAX_COORDINATE, MAX_COORDINATE) is not None for a in args))):
        raise ScriptError(f"{where}: click takes a button's action or two whole numbers x y "
                          f"from -{MAX_COORDINATE} to {MAX_COORDINATE}")
    if name == "key":
        if len(args) != 1:
            raise ScriptError(f"{where}: key takes one key name")
        try:
            key_code(args[0])
        except ValueError:  # UnicodeEncodeError (a lone surrogate) is one too
            raise ScriptError(f"{where}: unknown key {_shown(args[0])}") from None
    if name == "expect" and len(args) != 1:
        raise ScriptError(f"{where}: expect takes one scene name")
    if name == "quit" and args:
        raise ScriptError(f"{where}: quit takes nothing")


def key_code(name: str) -> int:
    """pygame's code for a key name (``ValueError`` if unknown), quietly before ``pygame.init()`` too."""
    with warnings.catch_warnings():  # pygame warns that it has not been initialised; the names are fixed
        warnings.simplefilter("ignore")
        return int(pygame.key.key_code(name))


def shown_name(path: Path | str) -> str:
    """A file name for a one-line message: bytes that are not UTF-8 as ``\\xff``, line breaks and controls escaped."""
    text = os.fsencode(path).decode("utf-8", "backslashreplace")
    return "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in text)


def read_regular_file(path: Path, limit: int) -> bytes:
    """The bytes of the regular file at ``path``, at most ``limit`` of them; ``ScriptError`` in one line otherwise.

    ``game.platform.files.read_regular_file`` reads it: a named pipe, a
    folder or a device is refused without blocking, and the read is bounded.
    """
    shown = shown_name(path)
    try:
        return files.read_regular_file(path, limit)
    except OSError as exc:
        raise ScriptError(f"{shown}: {exc.strerror or exc}") from None


def load_script(path: Path) -> list[Command]:
    """The commands in the file at ``path``; ``ScriptError`` with a one-line reason if it cannot be used."""
    data = read_regular_file(path, MAX_SCRIPT_BYTES)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].replace(b"\r\n", b"\n").replace(b"\r", b"\n").count(b"\n") + 1
        raise ScriptError(f"{shown_name(path)} line {line}: not UTF-8 text") from None
    return parse_script(text, shown_name(path))


def button_centre(app: Driven, action: str) -> tuple[int, int] | None:
    """The logical centre of the current scene's button (or its open dialog's) with ``action``, if there is one."""
    dialog = getattr(app.scene, "dialog", None)
    group = getattr(dialog, "group", None) if dialog is not None else getattr(app.scene, "group", None)
    for button in getattr(group, "buttons", ()):
        if button.action == action:
            centre: tuple[int, int] = button.rect.center
            return centre
    return None


@dataclass
class ScriptRunner:
    """Feeds a script's events before each frame; ``step`` is ``App.run``'s ``before_frame``."""

    commands: list[Command]
    frames: int | None = None
    """Stop after this many frames (a failure if commands are left), or ``None`` to play on."""
    source: str = "script"
    failure: str | None = None
    frames_run: int = 0
    _next: int = 0
    _waiting: int = 0
    log: list[str] = field(default_factory=list)

    @property
    def finished(self) -> bool:
        """Whether every command has been played."""
        return self._next >= len(self.commands) and self._waiting == 0

    def step(self, app: Driven) -> bool:
        """Post the events due before this frame; False when the run should end (frames done or failed)."""
        if self.frames is not None and self.frames_run >= self.frames:
            if not self.finished:
                left = len(self.commands) - self._next
                self.failure = f"{self.source}: {self.frames} frames passed with {left} command(s) still to play"
            return False
        self.frames_run += 1
        if self._waiting:
            self._waiting -= 1
            return True
        while self._next < len(self.commands):
            command = self.commands[self._next]
            self._next += 1
            if not self._play(command, app):
                return False
            if command.name != "expect":
                return True  # one frame for what was posted
        return True

    def _play(self, command: Command, app: Driven) -> bool:
        where = f"{self.source} line {command.line}"
        name, args = command.name, command.args
        self.log.append(f"frame {self.frames_run}: {name} {' '.join(args)}".rstrip())
        if name == "wait":
            self._waiting = int(args[0]) - 1
        elif name == "expect":
            if app.scene_name != args[0]:
                self.failure = f"{where}: expected the {args[0]!r} screen, in {app.scene_name!r}"
                return False
        elif name == "click":
            if len(args) == 2:
                logical = (int(args[0]), int(args[1]))
            else:
                found = button_centre(app, args[0])
                if found is None:
                    self.failure = f"{where}: no button {args[0]!r} in the {app.scene_name!r} screen"
                    return False
                logical = found
            pos = app.to_window(logical)
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        elif name == "key":
            code = key_code(args[0])
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0))
        elif name == "quit":
            pygame.event.post(pygame.event.Event(pygame.QUIT))
        return True
