"""Everything that depends on running in a web browser (pygbag, ``sys.platform == "emscripten"``).

This is the one module that asks where the game runs. The rest of the game
imports from here: the clipboard (copy and paste,
both answered a frame or two later in the browser), file downloads, the page's size, the
loading screen (hidden after the first frame, or showing an error) and the audio unlock
browsers require; ``page_text_field`` lays a text box over the canvas for touch screens through it.

Importing this module is always safe: pygame and pygbag's ``platform``
object (which only exists in the browser) are imported lazily, inside the
functions that need them.
"""

from __future__ import annotations

import contextlib
import json
import sys
import time
from collections.abc import Callable
from typing import Any

IS_BROWSER: bool = sys.platform == "emscripten"
"""True when running in CPython on WebAssembly inside a browser page."""

def _browser_window() -> Any:
    """pygbag's ``platform.window``: the page's JavaScript ``window`` (browser only)."""
    import platform  # in pygbag this module is replaced by one with .window

    return getattr(platform, "window")  # noqa: B009 - absent from the stdlib module mypy knows


def _run_js(code: str) -> Any:
    """Evaluate JavaScript in the page (browser only)."""
    return _browser_window().eval(code)


# -- answers that arrive later: the clipboard ------------------------------------------

_ASYNC_JS = """
window.othello_async = window.othello_async || {
  next: 1, done: {},
  start: function (promise) {
    var id = this.next++, done = this.done;
    promise.then(function (value) { done[id] = {ok: true, value: value}; },
                 function (error) { done[id] = {ok: false, value: String((error && error.message) || error)}; });
    return id;
  },
  take: function (id) {
    var result = this.done[id];
    if (!result) return "";
    delete this.done[id];
    return JSON.stringify(result);
  }
};
"""
"""A page-side table of promises (clipboard calls) whose results Python picks up on a later frame."""

ASYNC_TIMEOUT_S = 20.0
"""A clipboard call still unanswered after this long counts as refused (a paste bubble ignored)."""

_pending: dict[int, tuple[float, Callable[[bool, str], None]]] = {}


def _start_async(code: str, on_done: Callable[[bool, str], None], timeout_s: float | None = None) -> bool:
    """Run ``code`` (JavaScript giving a promise id) and call ``on_done(ok, value)`` when it settles.

    Unsettled after ``timeout_s`` (default ``ASYNC_TIMEOUT_S``), it is answered as failed.
    """
    try:
        ident = int(_run_js(_ASYNC_JS + code))
    except Exception as exc:  # no page, a JavaScript exception: answered at once
        on_done(False, str(exc))
        return False
    _pending[ident] = (time.monotonic() + (ASYNC_TIMEOUT_S if timeout_s is None else timeout_s), on_done)
    return True


def answers_arrived() -> bool:
    """Hand over the clipboard answers that have arrived (``poll_answers``, once a frame); whether any had."""
    awaited = len(_pending)
    return bool(awaited) and poll_answers() < awaited


def poll_answers() -> int:
    """Hand over the clipboard answers that have arrived; how many are still awaited."""
    for ident, (deadline, on_done) in list(_pending.items()):
        try:
            raw = str(_run_js(f"window.othello_async.take({ident})") or "")
        except Exception as exc:
            raw = json.dumps({"ok": False, "value": str(exc)})
        if not raw and time.monotonic() < deadline:
            continue
        del _pending[ident]
        try:
            answer = json.loads(raw) if raw else {"ok": False, "value": "no answer from the browser"}
            ok, value = bool(answer["ok"]), str(answer.get("value") or "")
        except (ValueError, TypeError, KeyError, AttributeError):
            ok, value = False, f"an unreadable answer from the page: {raw[:60]!r}"
        on_done(ok, value)
    return len(_pending)


_COPY_JS = """
(function (text) {
  function fallback() {
    var area = document.createElement("textarea"), copied = false;
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    try { copied = document.execCommand("copy"); } catch (e) {}
    document.body.removeChild(area);
    if (!copied) throw new Error("the browser refused the copy");
    return true;
  }
  var copying;
  if (navigator.clipboard && navigator.clipboard.writeText) {
    copying = navigator.clipboard.writeText(text).then(function () { return true; }, fallback);
  } else {
    copying = new Promise(function (resolve) { resolve(fallback()); });
  }
  return window.othello_async.start(copying);
})(%s)
"""


def copy_to_clipboard(text: str, on_result: Callable[[bool], None] | None = None) -> bool:
    """Put ``text`` on the clipboard; ``on_result(copied)`` says whether it worked. Never raises.

    In the browser the copy is asynchronous and may be refused (browsers
    allow it only on HTTPS or 127.0.0.1, soon after a click): ``on_result``
    comes a frame or two later, from ``poll_answers()``, which the app calls
    every frame. On the desktop it uses ``pygame.scrap`` (an open window is
    needed) and ``on_result`` is called before this returns. The return value
    is False when the copy failed at once.
    """
    report = on_result or (lambda copied: None)
    if IS_BROWSER:
        return _start_async(_COPY_JS % json.dumps(text), lambda ok, _value: report(ok))
    try:
        import pygame

        if not pygame.display.get_init() or pygame.display.get_surface() is None:
            report(False)
            return False
        pygame.scrap.put_text(text)  # pygame-ce's text API needs no scrap.init (deprecated)
    except Exception:  # clipboard access is best effort: no display, no scrap
        report(False)
        return False
    report(True)
    return True


_PASTE_JS = """
(function () {
  if (!navigator.clipboard || !navigator.clipboard.readText)
    return window.othello_async.start(Promise.reject(new Error("this browser has no clipboard API")));
  return window.othello_async.start(navigator.clipboard.readText());
})()
"""


def paste_from_clipboard(on_text: Callable[[str | None], None]) -> None:
    """Read the clipboard's text and call ``on_text(text)``, with ``None`` where it cannot be read.

    In the browser this goes through the async Clipboard API (the browser may
    ask the player first) and ``on_text`` comes later, from ``poll_answers()``;
    on the desktop it reads ``pygame.scrap`` at once.
    """
    if IS_BROWSER:
        _start_async(_PASTE_JS, lambda ok, value: on_text(value if ok and value else None))
        return
    try:
        import pygame

        if not pygame.display.get_init() or pygame.display.get_surface() is None:
            on_text(None)
            return
        text = pygame.scrap.get_text()  # pygame-ce 2.2+: SDL's clipboard, no scrap.init needed
    except Exception:  # no clipboard on this system: typing still works
        on_text(None)
        return
    on_text(text or None)


_DOWNLOAD_JS = """
(function (name, text) {
  var url = URL.createObjectURL(new Blob([text], {type: "text/plain;charset=utf-8"}));
  var link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.style.display = "none";
  document.body.appendChild(link);
  link.click();
  document.body.removeChild(link);
  setTimeout(function () { URL.revokeObjectURL(url); }, 10000);
  return 1;
})(%s, %s)
"""


def download_text(name: str, text: str) -> bool:
    """Offer ``text`` as a file download named ``name`` (browser only: a Blob and a link); False if it failed.

    The browser saves it where it keeps downloads (or asks). On the desktop
    this does nothing and answers False: files are saved with the in-game
    file chooser there.
    """
    if not IS_BROWSER:
        return False
    try:
        return bool(_run_js(_DOWNLOAD_JS % (json.dumps(name), json.dumps(text))))
    except Exception:  # no page, a JavaScript exception: nothing was downloaded
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


FETCH_TIMEOUT_S = 120.0
"""A file the page fetches for the game (a language's font) that has not arrived after this long has failed."""
MAX_FETCHED_BYTES = 32 * 1024 * 1024
"""The page refuses to hand the game a fetched file larger than this."""

_FETCH_JS = """
window.othello_async.start((async function (url, path, most) {
  // the build's hash in the address: a new build's files are fetched anew, never an older build's copy
  if (typeof OTHELLO_BUILD === "string") url += (url.indexOf("?") < 0 ? "?" : "&") + "build=" + OTHELLO_BUILD;
  var response = await fetch(url);
  if (!response.ok) throw new Error(url + ": HTTP " + response.status);
  var bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes.length > most) throw new Error(url + " is too large (" + bytes.length + " bytes)");
  var fs = window.FS || (window.VM && window.VM.FS);
  if (!fs) throw new Error("the runtime's file system is not there");
  fs.writeFile(path, bytes);
  return String(bytes.length);
})(%s, %s, %d));
"""


def fetch_page_file(relative_url: str, path: str, on_done: Callable[[bool, str], None]) -> bool:
    """Have the page fetch ``relative_url`` (beside the page) into ``path`` of the runtime's files.

    ``on_done(ok, detail)`` is called on a later frame (``poll_answers``):
    the byte count, or what went wrong. False on the desktop (nothing to fetch).
    The service worker keeps what was fetched, so it is there offline too.
    """
    if not IS_BROWSER:
        return False
    code = _FETCH_JS % (json.dumps(relative_url), json.dumps(path), MAX_FETCHED_BYTES)
    return _start_async(code, on_done, FETCH_TIMEOUT_S)


def navigator_languages() -> list[str]:
    """The browser's languages, best first (``navigator.languages``); empty on the desktop or if unreadable."""
    if not IS_BROWSER:
        return []
    try:
        listed = str(_run_js("JSON.stringify(Array.from(navigator.languages || [navigator.language || '']))"))
        languages = json.loads(listed)
    except Exception:  # the page's JavaScript answered something else: no preference
        return []
    if not isinstance(languages, list):
        return []
    return [code for code in languages if isinstance(code, str) and code][:20]


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


# -- the page around the canvas ------------------------------------------------------------

def fit_canvas() -> None:
    """Ask pygbag to fit the canvas to the window again (after the display changed shape)."""
    if IS_BROWSER:
        with contextlib.suppress(Exception):  # pygbag's window_resize() may not be there yet
            _run_js("window.window_resize && window.window_resize()")


def page_ready() -> None:
    """Hide the loading screen: the game's first frame is on screen (the page template's ``done``)."""
    if IS_BROWSER:
        with contextlib.suppress(Exception):  # a page without the template's loader has nothing to hide
            _run_js("window.othello_loader && window.othello_loader.done()")


def page_settled() -> None:
    """Tell the page the game has loaded what it loads behind its menu (the warm-up is done): the page then has
    its offline worker keep the runtime (the template's ``settled``), work that held the menu's first frames back."""
    if IS_BROWSER:
        with contextlib.suppress(Exception):  # a page without the template's loader keeps nothing
            _run_js("window.othello_loader && window.othello_loader.settled && window.othello_loader.settled()")


def failure_text(exc: BaseException, frames: int = 3) -> str:
    """The end of ``exc``'s traceback (its last ``frames`` lines of frames and the error), for the page."""
    import traceback

    lines = traceback.format_exception(exc)
    return "".join(lines[:1] + lines[-frames:] if len(lines) > frames + 1 else lines).strip()


def show_failure(detail: str) -> bool:
    """Show on the page that the game stopped with an error (``detail``: the traceback's end).

    True in the browser, where the page now says what happened and what to
    try; False on the desktop, where the caller lets the exception through.
    """
    if not IS_BROWSER:
        return False
    try:
        _run_js(f"window.othello_loader.fail('python', {json.dumps(detail)})")
    except Exception:  # not even the page can be reached: pygbag's console still has the traceback
        return False
    return True
