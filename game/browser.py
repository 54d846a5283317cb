"""Everything that depends on running in a web browser (pygbag, ``sys.platform == "emscripten"``).

This is the one module that asks where the game runs. The rest of the game
imports from here: the storage backend over ``window.localStorage``, the
game transcript in the page address (``index.html#f5d6c3``), share links,
the clipboard and the audio unlock browsers require.

Importing this module is always safe: pygame and pygbag's ``platform``
object (which only exists in the browser) are imported lazily, inside the
functions that need them.
"""

from __future__ import annotations

import os
import sys
from typing import Any, Protocol

IS_BROWSER: bool = sys.platform == "emscripten"
"""True when running in CPython on WebAssembly inside a browser page."""

STORAGE_PREFIX = "othello:"
"""Prefix of every key this game keeps in ``localStorage`` (the origin may host other pages)."""

SHARE_BASE_ENV = "OTHELLO_SHARE_URL"
"""Environment variable holding the page address desktop share links point at."""

DEFAULT_SHARE_BASE = "https://othello-wasm.github.io/othello-wasm/"
"""Where desktop share links point when ``OTHELLO_SHARE_URL`` is unset.

This is the GitHub Pages address of the published site under the README's
placeholder owner; deployments set ``OTHELLO_SHARE_URL`` to their own page.
"""


class WebStorageLike(Protocol):
    """The part of the browser's ``Storage`` API (``window.localStorage``) we use."""

    def getItem(self, key: str) -> Any: ...  # noqa: N802 - browser API name

    def setItem(self, key: str, value: str) -> Any: ...  # noqa: N802

    def removeItem(self, key: str) -> Any: ...  # noqa: N802


def _browser_window() -> Any:
    """pygbag's ``platform.window`` (the page's JavaScript ``window``); browser only."""
    import platform  # in pygbag this module is replaced by one with .window

    return getattr(platform, "window")  # noqa: B009 - absent from the stdlib module mypy knows


class LocalStorage:
    """The storage protocol (``read``/``write``/``delete`` of text by key) over ``localStorage``.

    Keys are prefixed so the game's entries do not collide with other pages
    of the same origin. ``backend`` stands in for ``window.localStorage`` in
    tests; by default the browser's own is used (which only exists in the
    browser). Values survive a page reload because ``localStorage`` does.
    """

    def __init__(self, backend: WebStorageLike | None = None, prefix: str = STORAGE_PREFIX) -> None:
        self._backend: WebStorageLike = backend if backend is not None else _browser_window().localStorage
        self._prefix = prefix

    def _key(self, key: str) -> str:
        return self._prefix + key

    def read(self, key: str) -> str | None:
        """The text stored under ``key``, or ``None`` if there is none."""
        value = self._backend.getItem(self._key(key))
        # JavaScript null arrives as None; anything else is a string (or a JS proxy of one)
        return None if value is None else str(value)

    def write(self, key: str, text: str) -> None:
        """Store ``text`` under ``key``, replacing what was there (one atomic setItem)."""
        self._backend.setItem(self._key(key), text)

    def delete(self, key: str) -> None:
        """Forget ``key``; deleting a missing key does nothing."""
        self._backend.removeItem(self._key(key))


def location_fragment() -> str | None:
    """The fragment of the page address without its ``#`` (``''`` if none); ``None`` on desktop."""
    if not IS_BROWSER:
        return None
    hash_text = str(_browser_window().location.hash or "")
    return hash_text[1:] if hash_text.startswith("#") else hash_text


def parse_fragment(fragment: str) -> str:
    """The clean game transcript a page-address fragment holds, e.g. ``'#F5d6 C3'`` -> ``'f5d6c3'``.

    Raises ``ValueError`` with a message a player can read if the fragment
    is empty or is not a playable game.
    """
    from game.engine import GameRecord, TranscriptError

    text = fragment.strip()
    if text.startswith("#"):
        text = text[1:]
    text = text.replace("%20", "").replace(" ", "").replace("-", "")
    if not text:
        raise ValueError("the link holds no game (nothing after '#')")
    try:
        record = GameRecord.from_transcript(text)
    except TranscriptError as exc:
        raise ValueError(f"the link's game cannot be played: {exc}") from None
    return record.transcript()


def page_address() -> str:
    """The address of the page without its fragment: the browser's own, or the share base on desktop."""
    if IS_BROWSER:
        location = _browser_window().location
        return f"{location.origin}{location.pathname}{location.search}"
    return os.environ.get(SHARE_BASE_ENV) or DEFAULT_SHARE_BASE


def share_link(transcript: str) -> str:
    """The address that opens the game ``transcript`` (e.g. ``'…/index.html#f5d6c3'``)."""
    return f"{page_address()}#{transcript}"


def copy_to_clipboard(text: str) -> bool:
    """Put ``text`` on the clipboard; True if that was possible. Never raises."""
    try:
        if IS_BROWSER:
            _browser_window().navigator.clipboard.writeText(text)
            return True
        import pygame

        if not pygame.display.get_init() or pygame.display.get_surface() is None:
            return False
        if not pygame.scrap.get_init():
            pygame.scrap.init()
        pygame.scrap.put_text(text)
        return True
    except Exception:  # clipboard access is best effort: no display, no permission, no scrap
        return False


def unlock_audio() -> None:
    """Let sound play: browsers keep audio suspended until the first click or tap.

    Call it from the handler of the first mouse button / finger event. In
    the browser it resumes the page's audio context(s); on desktop it does
    nothing.
    """
    if not IS_BROWSER:
        return
    try:
        window = _browser_window()
        window.eval(_RESUME_AUDIO_JS)
    except Exception:  # a page without an audio context has nothing to resume
        pass


_RESUME_AUDIO_JS = """
(function () {
  var contexts = [];
  if (window.SDL2 && window.SDL2.audioContext) contexts.push(window.SDL2.audioContext);
  if (window.MM && window.MM.audioContext) contexts.push(window.MM.audioContext);
  contexts.forEach(function (ctx) { if (ctx.state === "suspended") ctx.resume(); });
})();
"""
