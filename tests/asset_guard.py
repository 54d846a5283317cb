"""Every pygame loader the tests reach takes a path, never a file object: the browser's pygame-ce opens no other.

pygame-ce compiled for WebAssembly (what the web page runs) opens fonts,
images and sounds only from a filesystem path; handed anything else, such as
``io.BytesIO``, it raises "can't access resource on platform" and the page
stops at start. The desktop pygame-ce takes file objects, so nothing on the
desktop would show it. ``install()`` (called by ``conftest.py`` before any
test runs) wraps pygame's loaders so that a call with something other than a
``str`` or ``os.PathLike`` fails, naming its caller: every test that opens a
screen checks it. Each refusal is also kept in ``refusals`` (the conftest
fails the test after it, should the game have caught the error).

Policed: ``pygame.font.Font``, ``pygame.freetype.Font``, ``pygame.mixer.Sound``
(``buffer=`` and ``array=`` too: the game never makes a sound from memory),
``pygame.mixer.music.load`` and ``queue``, and every ``pygame.image.load*``.
"""

from __future__ import annotations

import functools
import importlib
import os
import sys
from collections.abc import Callable
from typing import Any

import pygame

refusals: list[str] = []
"""What was refused since the last ``take_refusals()``, one line each."""

_PLATFORM = "pygame-ce on WebAssembly opens fonts, images and sounds only from a path (str or os.PathLike)"


def take_refusals() -> list[str]:
    """The refusals so far, forgotten."""
    taken = refusals[:]
    refusals.clear()
    return taken


def _refuse(loader: str, given: object, depth: int) -> None:
    frame = sys._getframe(depth + 1)  # noqa: SLF001 - the loader's caller, to name it
    where = f"{frame.f_code.co_filename}:{frame.f_lineno} ({frame.f_code.co_name})"
    message = f"{loader} was given {type(given).__name__}, not a path, at {where}: {_PLATFORM}"
    refusals.append(message)
    raise AssertionError(message)


def _is_path(file: object) -> bool:
    return isinstance(file, str | os.PathLike)


def _file_argument(args: tuple[Any, ...], kwargs: dict[str, Any]) -> object:
    return args[0] if args else kwargs.get("file")


def _guarded_function(module: Any, prefix: str, name: str) -> None:
    loader = getattr(module, name)
    if getattr(loader, "__wrapped__", None) is not None:
        return  # installed already
    label = f"{prefix}.{name}"

    @functools.wraps(loader)
    def guarded(*args: Any, **kwargs: Any) -> Any:
        file = _file_argument(args, kwargs)
        if not _is_path(file):
            _refuse(label, file, 1)
        return loader(*args, **kwargs)

    setattr(module, name, guarded)


def _guarded_font(base: Any, label: str) -> Any:
    """A subclass of the font type ``base`` that refuses a file that is not a path (``isinstance`` still holds)."""

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        file = _file_argument(args, kwargs)
        if not _is_path(file):
            _refuse(label, file, 1)
        base.__init__(self, *args, **kwargs)

    return type(base.__name__, (base,), {"__init__": __init__, "__module__": base.__module__,
                                         "__qualname__": base.__qualname__, "guarded": True})


def _guarded_sound(base: Any) -> Any:
    """A subclass of ``pygame.mixer.Sound`` that takes only a path (``file=`` or the first argument)."""

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        for keyword in ("buffer", "array"):
            if keyword in kwargs:
                _refuse(f"pygame.mixer.Sound({keyword}=…)", kwargs[keyword], 1)
        file = _file_argument(args, kwargs)
        if not _is_path(file):
            _refuse("pygame.mixer.Sound", file, 1)
        base.__init__(self, *args, **kwargs)

    return type(base.__name__, (base,), {"__init__": __init__, "__module__": base.__module__,
                                         "__qualname__": base.__qualname__, "guarded": True})


def install() -> None:
    """Wrap pygame's loaders (once; calling again changes nothing)."""
    if not getattr(pygame.font.Font, "guarded", False):
        pygame.font.Font = _guarded_font(pygame.font.Font, "pygame.font.Font")  # type: ignore[misc]
    freetype = _optional("pygame.freetype")
    if freetype is not None and not getattr(freetype.Font, "guarded", False):
        freetype.Font = _guarded_font(freetype.Font, "pygame.freetype.Font")
    for name in dir(pygame.image):
        if name.startswith("load"):
            _guarded_function(pygame.image, "pygame.image", name)
    mixer = _optional("pygame.mixer")
    if mixer is not None:
        if not getattr(mixer.Sound, "guarded", False):
            mixer.Sound = _guarded_sound(mixer.Sound)
        for name in ("load", "queue"):
            _guarded_function(mixer.music, "pygame.mixer.music", name)


def guarded_loaders() -> dict[str, Callable[..., Any]]:
    """Every loader ``install()`` polices, by name (the test of the guard calls each)."""
    loaders: dict[str, Callable[..., Any]] = {"pygame.font.Font": pygame.font.Font}
    loaders |= {f"pygame.image.{name}": getattr(pygame.image, name) for name in dir(pygame.image)
                if name.startswith("load")}
    freetype = _optional("pygame.freetype")
    if freetype is not None:
        loaders["pygame.freetype.Font"] = freetype.Font
    mixer = _optional("pygame.mixer")
    if mixer is not None:
        loaders |= {"pygame.mixer.Sound": mixer.Sound, "pygame.mixer.music.load": mixer.music.load,
                    "pygame.mixer.music.queue": mixer.music.queue}
    return loaders


def _optional(module: str) -> Any:
    try:
        return importlib.import_module(module)
    except ImportError:  # a pygame built without it
        return None
