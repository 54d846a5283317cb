"""The languages the player's system asks for, best first: the browser's or the desktop's locale.

In the browser, ``navigator.languages`` (what the browser's settings list);
on the desktop, the ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` and ``LANG``
variables as gettext reads them, then the locale Python finds. The game
picks the first one it speaks (``game.i18n.best_language``) on its first
start; Settings changes it after that.
"""

from __future__ import annotations

import locale
import os
from collections.abc import Mapping

from game.platform import browser

MAX_PREFERENCES = 20
"""No more languages than this are read from the system (a browser may list many)."""


def desktop_languages(environ: Mapping[str, str] | None = None) -> list[str]:
    """The desktop's languages, best first, from the environment as gettext reads it, then the locale.

    >>> desktop_languages({"LANGUAGE": "fr_CA:fr", "LANG": "de_DE.UTF-8"})
    ['fr_CA', 'fr', 'de_DE.UTF-8']
    >>> desktop_languages({"LC_ALL": "C", "LANG": "C.UTF-8"})[:1]
    []
    """
    environ = os.environ if environ is None else environ
    found: list[str] = []
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for part in environ.get(name, "").split(":"):
            if part and part.split(".")[0] not in ("C", "POSIX") and part not in found:
                found.append(part)
    if environ is os.environ and not found:
        try:
            code = locale.getlocale()[0]
        except ValueError:
            code = None
        if code and code not in ("C", "POSIX"):
            found.append(code)
    return found[:MAX_PREFERENCES]


def system_languages() -> list[str]:
    """The player's languages, best first: the browser's in the browser, the desktop's otherwise."""
    if browser.IS_BROWSER:
        return browser.navigator_languages()[:MAX_PREFERENCES]
    return desktop_languages()
