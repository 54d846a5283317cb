"""The game in the page's address: ``index.html#f5d6c3`` opens that game, and share links point there.

In the browser the page's own address is the base of a share link; on the
desktop it is ``$OTHELLO_SHARE_URL`` or the address the web build recorded
(``game/share_base.txt``), and without either there is no link, never a
made-up address.

>>> parse_fragment("#F5-d6 C3")
'f5d6c3'
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from urllib.parse import unquote

from game.i18n import _, translated
from game.platform import browser
from game.platform.files import read_regular_file

SHARE_BASE_ENV = "OTHELLO_SHARE_URL"
"""Environment variable holding the page address that desktop share links point at."""

SHARE_BASE_FILE = Path(__file__).resolve().parent.parent / "share_base.txt"
"""Where the web build records the address the site is published at (``build --share-base URL``).

Desktop share links use it when ``OTHELLO_SHARE_URL`` is unset; without
either there is no link (the game's moves are shared instead), never a
made-up address. In the browser the page's own address is used.
"""
MAX_SHARE_BASE = 300
"""The longest page address taken as a share base."""

_STRAY_PERCENT = re.compile(r"%(?![0-9A-Fa-f]{2})")
_ESCAPES = re.compile(r"(?:%[0-9A-Fa-f]{2})+")
_DEBUG_FRAGMENTS = ("debug", "debug-mobile")
"""pygbag's own switches in the fragment (``#debug``): not games."""



def location_fragment() -> str | None:
    """The page address's fragment without ``#`` (``''`` if none); ``None`` on desktop.

    pygbag's own ``#debug`` switch is not a game and reads as ``''``.
    """
    if not browser.IS_BROWSER:
        return None
    raw = str(browser._browser_window().location.hash or "").strip().removeprefix("#")
    return "" if raw.lower() in _DEBUG_FRAGMENTS else raw  # still escaped: parse_fragment decodes it, once


def clean_fragment(hash_text: str) -> str:
    """``hash_text`` without its ``#``, its URL escapes decoded once; ``ValueError`` naming a bad escape.

    >>> clean_fragment("#f5d6%20c3"), clean_fragment("f5d6%2520c3")
    ('f5d6 c3', 'f5d6%20c3')
    """
    text = hash_text.strip().removeprefix("#")
    stray = _STRAY_PERCENT.search(text)
    if stray:
        raise ValueError(_("the link has a stray '%' ({found}): an escape is '%' and two hex digits").format(
            found=repr(text[stray.start():stray.start() + 3])))
    try:
        return unquote(text, errors="strict").strip()
    except UnicodeDecodeError:
        escapes = _ESCAPES.search(text)
        shown = escapes.group(0) if escapes else text[:12]
        raise ValueError(_("the link's escapes {escapes} are not UTF-8 text").format(
            escapes=repr(shown[:24]))) from None


def parse_fragment(fragment: str) -> str:
    """The clean game transcript a page-address fragment holds, e.g. ``'#F5d6 C3'`` -> ``'f5d6c3'``.

    Spaces, dashes and URL escapes are ignored and letters may be upper
    case. Raises ``ValueError`` with a message a player can read if the
    fragment is empty or is not a playable game.
    """
    from game.engine import GameRecord, TranscriptError

    text = clean_fragment(fragment)
    if text.lower() in _DEBUG_FRAGMENTS:
        text = ""  # pygbag's own switch, not a game
    text = "".join(ch for ch in text if not ch.isspace() and ch not in "-_.,")
    if not text:
        raise ValueError(_("the link holds no game (nothing after '#')"))
    if len(text) > 200:
        raise ValueError(_("the link's game is too long to be Othello ({count} characters)").format(count=len(text)))
    try:
        record = GameRecord.from_transcript(text)
    except TranscriptError as exc:
        raise ValueError(_("the link's game cannot be played: {error}").format(error=translated(exc))) from None
    return record.transcript


def valid_share_base(address: str) -> str:
    """``address`` if it is a web page address (http or https, a host, no spaces); ``ValueError`` otherwise."""
    address = address.strip()
    scheme, _, rest = address.partition("://")
    host = rest.split("/", 1)[0]
    if (scheme not in ("http", "https") or not host or len(address) > MAX_SHARE_BASE
            or any(ch.isspace() or ord(ch) < 32 for ch in address)):
        raise ValueError(f"not a web page address: {address[:60]!r} (expected e.g. https://example.org/othello/)")
    return address


def share_base(recorded: Path | None = None) -> str | None:
    """The desktop's share address: ``$OTHELLO_SHARE_URL``, else the one the web build recorded, else ``None``.

    A recorded file that is not a web page address counts as none.
    """
    configured = os.environ.get(SHARE_BASE_ENV, "").strip()
    try:
        if configured:
            return valid_share_base(configured)
        # longer than an address can be: refused unread (read_regular_file raises), as any other bad file
        return valid_share_base(read_regular_file(recorded or SHARE_BASE_FILE, 4 * MAX_SHARE_BASE).decode(
            "utf-8", errors="replace"))
    except (OSError, ValueError):
        return None


def page_address() -> str | None:
    """The address of the page without query or fragment; on the desktop ``share_base()`` (maybe ``None``)."""
    if browser.IS_BROWSER:
        location = browser._browser_window().location
        return f"{location.origin}{location.pathname}"
    return share_base()


def share_link(transcript: str) -> str | None:
    """The address that opens the game ``transcript`` (e.g. ``'…/index.html#f5d6c3'``); ``None`` without one."""
    address = page_address()
    return None if address is None else f"{address.split('#', 1)[0]}#{transcript}"
