"""The page's Content-Security-Policy: where it may load scripts from and connect to.

The template carries it as the first element of the page after ``<meta
charset>`` (a ``<meta http-equiv>`` before pygbag's loader, so it governs the loader too); the
build fills in the runtime's origin (pygbag's CDN, a mirror given with
``--cdn``, or this page's own server for a relative one). What it allows is
what pygbag's runtime and the game use: scripts and connections to this
page's origin and the runtime's (CPython's wasm and data, ``cpythonrc.py``,
the package index and pygame-ce's wheel one folder above the runtime);
``eval`` (pygbag's loader and the game call JavaScript through it) and
WebAssembly compilation; ``blob:`` and ``data:`` for the sounds, images and
downloads pygbag makes from its files; inline scripts and styles (the
template's own, pygbag's). What it refuses: a script or a connection to any
other origin, so that no address, script or package index can make the page
fetch code from elsewhere; plugins; a ``<base>`` or a form sent elsewhere.

>>> runtime_source("https://pygame-web.github.io/cdn/0.9.3/")
'https://pygame-web.github.io'
>>> runtime_source("cdn/0.9.3/")
"'self'"
"""

from __future__ import annotations

import html
from urllib.parse import urlsplit

FIELD = "__OTHELLO_CSP__"
"""The meta element's content in the template."""


def runtime_source(cdn: str) -> str:
    """The CSP source of the runtime at ``cdn``: its origin, or ``'self'`` when it is relative to the page."""
    parts = urlsplit(cdn)
    if parts.scheme and parts.netloc:
        return f"{parts.scheme}://{parts.netloc}"
    return "'self'"


def content_security_policy(cdn: str) -> str:
    """The policy of a page whose runtime is at ``cdn`` (one line, directives separated by ``;``)."""
    sources = " ".join(dict.fromkeys(["'self'", runtime_source(cdn)]))
    directives = {
        "default-src": "'self'",
        "script-src": f"{sources} 'unsafe-inline' 'unsafe-eval' 'wasm-unsafe-eval' blob:",
        "connect-src": f"{sources} blob: data:",
        "worker-src": f"{sources} blob:",
        "style-src": f"{sources} 'unsafe-inline'",
        "img-src": f"{sources} blob: data:",
        "media-src": f"{sources} blob: data:",
        "font-src": f"{sources} blob: data:",
        "frame-src": "'self' blob: data:",
        "object-src": "'none'",
        "base-uri": "'self'",
        "form-action": "'none'",
    }
    return "; ".join(f"{name} {value}" for name, value in directives.items())


def fill_policy(page: str, cdn: str) -> str:
    """``page`` with its policy filled in for the runtime at ``cdn``."""
    return page.replace(FIELD, html.escape(content_security_policy(cdn), quote=False).replace('"', "&quot;"))
