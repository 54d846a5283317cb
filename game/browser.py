"""Everything that depends on running in a web browser (pygbag, ``sys.platform == "emscripten"``).

This is the one module that asks where the game runs. The rest of the game
imports from here: the storage backend over ``window.localStorage``, the
game transcript in the page address (``index.html#f5d6c3``), share links,
the clipboard, the page's size and the audio unlock browsers require.

Importing this module is always safe: pygame and pygbag's ``platform``
object (which only exists in the browser) are imported lazily, inside the
functions that need them.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
from typing import Any, Protocol
from urllib.parse import unquote

IS_BROWSER: bool = sys.platform == "emscripten"
"""True when running in CPython on WebAssembly inside a browser page."""

STORAGE_PREFIX = "othello:"
"""Prefix of every key this game keeps in ``localStorage`` (the origin may host other pages)."""

SHARE_BASE_ENV = "OTHELLO_SHARE_URL"
"""Environment variable holding the page address that desktop share links point at."""

DEFAULT_SHARE_BASE = "https://OWNER.github.io/othello-wasm/"
"""Where desktop share links point when ``OTHELLO_SHARE_URL`` is unset.

The GitHub Pages address the workflow publishes to, with the repository
owner still to be filled in (README, "Play in the browser"). In the browser
the page's own address is used instead.
"""

_DEBUG_FRAGMENTS = ("debug", "debug-mobile")
"""pygbag's own switches in the fragment (``#debug``): not games."""


class WebStorageLike(Protocol):
    """The part of the browser's ``Storage`` API (``window.localStorage``) used here."""

    def getItem(self, key: str) -> Any: ...  # noqa: N802 - the browser's names

    def setItem(self, key: str, value: str) -> Any: ...  # noqa: N802

    def removeItem(self, key: str) -> Any: ...  # noqa: N802


def _browser_window() -> Any:
    """pygbag's ``platform.window``: the page's JavaScript ``window`` (browser only)."""
    import platform  # in pygbag this module is replaced by one with .window

    return getattr(platform, "window")  # noqa: B009 - absent from the stdlib module mypy knows


def _run_js(code: str) -> Any:
    """Evaluate JavaScript in the page (browser only)."""
    return _browser_window().eval(code)


class LocalStorage:
    """The storage protocol (``read``/``write``/``delete`` of text by key) over ``localStorage``.

    Keys are prefixed so the game's entries do not collide with other pages
    of the same origin. ``backend`` stands in for ``window.localStorage`` in
    tests; by default the browser's own is used (which only exists in the
    browser). Values survive a page reload because ``localStorage`` does.
    A full or disabled ``localStorage`` raises ``OSError`` from ``write``,
    as a full disk does for files.
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
        """Store ``text`` under ``key``, replacing what was there (one ``setItem``: all or nothing)."""
        try:
            self._backend.setItem(self._key(key), text)
        except Exception as exc:  # QuotaExceededError, SecurityError (storage disabled) from JavaScript
            raise OSError(f"the browser refused to save {key!r}: {exc}") from exc

    def delete(self, key: str) -> None:
        """Forget ``key``; deleting a missing key does nothing."""
        self._backend.removeItem(self._key(key))


def location_fragment() -> str | None:
    """The page address's fragment without ``#`` (``''`` if none); ``None`` on desktop.

    pygbag's own ``#debug`` switch is not a game and reads as ``''``.
    """
    if not IS_BROWSER:
        return None
    return clean_fragment(str(_browser_window().location.hash or ""))


def clean_fragment(hash_text: str) -> str:
    """``hash_text`` without its ``#`` and URL escapes, ``''`` for pygbag's debug switches."""
    text = hash_text.strip()
    text = unquote(text[1:] if text.startswith("#") else text).strip()
    return "" if text.lower() in _DEBUG_FRAGMENTS else text


def parse_fragment(fragment: str) -> str:
    """The clean game transcript a page-address fragment holds, e.g. ``'#F5d6 C3'`` -> ``'f5d6c3'``.

    Spaces, dashes and URL escapes are ignored and letters may be upper
    case. Raises ``ValueError`` with a message a player can read if the
    fragment is empty or is not a playable game.
    """
    from game.engine import GameRecord, TranscriptError

    text = clean_fragment(fragment)
    text = "".join(ch for ch in text if not ch.isspace() and ch not in "-_.,")
    if not text:
        raise ValueError("the link holds no game (nothing after '#')")
    if len(text) > 200:
        raise ValueError(f"the link's game is too long to be Othello ({len(text)} characters)")
    try:
        record = GameRecord.from_transcript(text)
    except TranscriptError as exc:
        raise ValueError(f"the link's game cannot be played: {exc}") from None
    return record.transcript()


def page_address() -> str:
    """The address of the page without query or fragment; on desktop the share base (see module)."""
    if IS_BROWSER:
        location = _browser_window().location
        return f"{location.origin}{location.pathname}"
    return os.environ.get(SHARE_BASE_ENV) or DEFAULT_SHARE_BASE


def share_link(transcript: str) -> str:
    """The address that opens the game ``transcript`` (e.g. ``'…/index.html#f5d6c3'``)."""
    return f"{page_address().split('#', 1)[0]}#{transcript}"


_COPY_JS = """
(function (text) {
  function fallback() {
    var area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    try { document.execCommand("copy"); } catch (e) {}
    document.body.removeChild(area);
  }
  if (navigator.clipboard && navigator.clipboard.writeText) {
    navigator.clipboard.writeText(text).catch(fallback);
  } else {
    fallback();
  }
  return 1;
})(%s)
"""


def copy_to_clipboard(text: str) -> bool:
    """Put ``text`` on the clipboard; True if that was possible (as far as can be known). Never raises.

    In the browser the copy is asynchronous and may still be refused (the
    page must have been clicked recently); failures never surface as
    errors. On desktop it uses ``pygame.scrap`` and needs an open window.
    """
    try:
        if IS_BROWSER:
            _run_js(_COPY_JS % json.dumps(text))  # JSON string = a safe JavaScript string literal
            return True
        import pygame

        if not pygame.display.get_init() or pygame.display.get_surface() is None:
            return False
        pygame.scrap.put_text(text)  # pygame-ce's text API needs no scrap.init (deprecated)
        return True
    except Exception:  # clipboard access is best effort: no display, no permission, no scrap
        return False


_RESUME_AUDIO_JS = """
(function () {
  if (window.MM) window.MM.UME = true;
  var contexts = [];
  if (window.SDL2 && window.SDL2.audioContext) contexts.push(window.SDL2.audioContext);
  if (window.Module && window.Module.SDL2 && window.Module.SDL2.audioContext)
    contexts.push(window.Module.SDL2.audioContext);
  contexts.forEach(function (ctx) {
    if (ctx.state === "suspended") ctx.resume().catch(function () {});
  });
  return contexts.length;
})()
"""


def unlock_audio() -> None:
    """Let sound play: browsers keep audio suspended until the first click, tap or key press.

    Call it when handling the first mouse button, finger or key event. In the
    browser it resumes the page's suspended audio context(s); the page
    template already waits for that first gesture before starting the game,
    so this is the second line of defence. On desktop it does nothing.
    """
    if not IS_BROWSER:
        return
    with contextlib.suppress(Exception):  # a page without an audio context has nothing to resume
        _run_js(_RESUME_AUDIO_JS)


def viewport_size() -> tuple[int, int] | None:
    """The page's inner size in CSS pixels, or ``None`` on desktop.

    A display mode of this aspect ratio fills the browser window exactly
    (pygbag scales the canvas to fit the window, keeping its aspect ratio).
    """
    if not IS_BROWSER:
        return None
    try:
        window = _browser_window()
        width, height = int(window.innerWidth), int(window.innerHeight)
    except Exception:
        return None
    return (width, height) if width > 0 and height > 0 else None
