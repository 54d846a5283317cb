"""The game in the page's address: ``index.html#f5d6c3`` opens that game, and share links point there.

In the browser the page's own address is the base of a share link; on the
desktop it is ``$OTHELLO_SHARE_URL`` or the address the web build recorded
(``game/share_base.txt``), and without either there is no link, never a
made-up address.

>>> parse_fragment("#F5-d6 C3")
'f5d6c3'
"""

from __future__ import annotations

import ipaddress
import os
import re
from dataclasses import dataclass, replace
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
MAX_SHARE_BASE_FILE = 4 * MAX_SHARE_BASE
"""The largest recorded share-base file read (the address, its line end and any spaces around it)."""

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


@dataclass(frozen=True)
class WebAddress:
    """An http or https address as a browser's URL parser reads it (``web_address``): its parts, normalized."""

    scheme: str
    """``http`` or ``https``."""
    host: str
    """Lower case; an IPv6 address in brackets."""
    port: str
    """``''`` for the scheme's own port."""
    path: str
    """Starts with ``/``."""
    query: str = ""
    """``''`` or ``?`` and the query."""
    fragment: str = ""
    """``''`` or ``#`` and the fragment."""

    @property
    def href(self) -> str:
        """The whole address, as ``new URL(...).href`` writes it."""
        port = f":{self.port}" if self.port else ""
        return f"{self.scheme}://{self.host}{port}{self.path}{self.query}{self.fragment}"


_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:")
_DEFAULT_PORTS = {"http": "80", "https": "443"}
_LABEL = re.compile(r"[a-z0-9_-]+")
_NUMERIC_LABEL = re.compile(r"[0-9]+|0[xX][0-9A-Fa-f]*")
_PATH = re.compile(r"(?:[A-Za-z0-9._~!$&'()*+,;=:@/-]|%[0-9A-Fa-f]{2})*")
_QUERY = re.compile(r"(?:[A-Za-z0-9._~!$&()*+,;=:@/?-]|%[0-9A-Fa-f]{2})*")
_DOT_SEGMENT = re.compile(r"(?:\.|%2[eE]){1,2}")


def web_address(text: str) -> WebAddress:
    r"""``text`` parsed as an http or https address; ``ValueError`` saying why it is not one.

    Everything a browser's ``new URL`` refuses is refused: no host, a port
    over 65535, an unclosed or invalid IPv6 address, an invalid IPv4 one.
    So is what it would read as another address or rewrite: spaces and
    control characters (removed), ``\`` (read as ``/``), non-ASCII
    characters (write the host in its ``xn--`` form, the rest
    percent-encoded), a user name or password, ``.`` and ``..`` segments,
    characters it percent-encodes itself (``"<>{}`` and the like).

    >>> web_address("HTTPS://Example.org:443/a/?q=1#top").href
    'https://example.org/a/?q=1#top'
    >>> web_address("https://[::1]:8000").href
    'https://[::1]:8000/'
    >>> web_address("https://h:99999/")
    Traceback (most recent call last):
    ValueError: the port must be a number from 0 to 65535
    """
    if any(not " " < ch < "\x7f" for ch in text):
        bad = next(ch for ch in text if not " " < ch < "\x7f")
        raise ValueError(f"it has a space, a control or a non-ASCII character (U+{ord(bad):04X})")
    if "\\" in text:
        raise ValueError("it has a backslash (browsers read it as '/')")
    scheme_match = _SCHEME.match(text)
    scheme = scheme_match.group(0)[:-1].lower() if scheme_match else ""
    if scheme not in _DEFAULT_PORTS:
        raise ValueError("it is not an http:// or https:// address")
    rest = text[len(scheme) + 1:]
    if not rest.startswith("//"):
        raise ValueError(f"'{scheme}:' must be followed by '//' and the host")
    rest = rest[2:]
    end = min((i for i in (rest.find("/"), rest.find("?"), rest.find("#")) if i >= 0), default=len(rest))
    authority, rest = rest[:end], rest[end:]
    if "@" in authority:
        raise ValueError("it has a user name or password ('@')")
    host, port = _host_and_port(authority)
    if port in (_DEFAULT_PORTS[scheme], ""):
        port = ""
    path, _hash, fragment = rest.partition("#")
    path, question, query = path.partition("?")
    path = path or "/"
    if not _PATH.fullmatch(path) or any(_DOT_SEGMENT.fullmatch(part) for part in path.split("/")):
        raise ValueError("its path has a character a browser would encode or read otherwise, "
                         "or a '.' or '..' segment")
    if not _QUERY.fullmatch(query) or not _QUERY.fullmatch(fragment.replace("#", "%23")):
        raise ValueError("its query or fragment has a character a browser would encode")
    return WebAddress(scheme, host, port, path, question + query, _hash + fragment)


def _host_and_port(authority: str) -> tuple[str, str]:
    """The host (lower case, IPv6 in brackets) and port (``''`` if none) of an address's authority part."""
    if authority.startswith("["):
        close = authority.find("]")
        if close < 0:
            raise ValueError("its IPv6 address has no closing ']'")
        inside, after = authority[1:close], authority[close + 1:]
        try:
            if "%" in inside:
                raise ValueError
            host = f"[{ipaddress.IPv6Address(inside).compressed}]"
        except ValueError:
            raise ValueError(f"[{inside}] is not an IPv6 address") from None
        if after and not after.startswith(":"):
            raise ValueError("only a port may follow an IPv6 address")
        port = after[1:] if after else None
    else:
        host, colon, number = authority.partition(":")
        port = number if colon else None
        host = host.lower()
        labels = host.split(".")
        if not host:
            raise ValueError("it has no host")
        if not all(_LABEL.fullmatch(label) for label in labels):
            raise ValueError(f"{host!r} is not a host name (letters, digits, '-' and '_' between dots)")
        if any(label.startswith("xn--") for label in labels):
            try:
                host.encode("ascii").decode("idna").encode("idna")
            except UnicodeError:
                raise ValueError(f"{host!r} is not a valid internationalized host name") from None
        if _NUMERIC_LABEL.fullmatch(labels[-1]):
            try:
                host = str(ipaddress.IPv4Address(host))
            except ValueError:
                raise ValueError(f"{host!r} is not an IPv4 address (four numbers 0 to 255)") from None
    if port is None:
        return host, ""
    if not port.isdigit() or len(port) > 5 or int(port) > 65535:
        raise ValueError("the port must be a number from 0 to 65535")
    return host, str(int(port))


def valid_share_base(address: str) -> str:
    """``address`` as a browser reads it (``web_address``), without its fragment; ``ValueError`` if no page address.

    The fragment is left out: a share link's fragment is its game.
    """
    address = address.strip()
    try:
        if len(address) > MAX_SHARE_BASE:
            raise ValueError(f"longer than {MAX_SHARE_BASE} characters")
        parsed = web_address(address)
    except ValueError as exc:
        raise ValueError(f"not a web page address: {address[:60]!r} ({exc}; "
                         "expected e.g. https://example.org/othello/)") from None
    return replace(parsed, fragment="").href


def share_base(recorded: Path | None = None) -> str | None:
    """The desktop's share address: ``$OTHELLO_SHARE_URL``, else the one the web build recorded, else ``None``.

    A recorded file that is not a web page address counts as none.
    """
    configured = os.environ.get(SHARE_BASE_ENV, "").strip()
    try:
        if configured:
            return valid_share_base(configured)
        # a file longer than an address can be (with room for a line end and spaces) is refused unread
        return valid_share_base(read_regular_file(recorded or SHARE_BASE_FILE, MAX_SHARE_BASE_FILE).decode(
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
