"""Serve the built site (``build/web``) on this computer, the way a static host would.

Bind to 127.0.0.1 and open ``http://127.0.0.1:PORT/``, not ``localhost``:
pygbag's runtime treats a page on ``http://localhost:8…`` as its own
development server and fetches packages (pygame-ce) from ``/cdn/`` on it,
which a plain static server does not have. On 127.0.0.1 the page behaves
as on any real host and loads the runtime from the CDN.
"""

from __future__ import annotations

import functools
import http.server
from pathlib import Path
from typing import Any

DEFAULT_BIND = "127.0.0.1"
DEFAULT_PORT = 8000


class StaticSiteHandler(http.server.SimpleHTTPRequestHandler):
    """Files from the site folder, never cached (so a rebuild shows on reload), quiet log."""

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".html": "text/html; charset=utf-8",  # as static hosts send it (the page says so too, first)
        ".wasm": "application/wasm",
        ".apk": "application/zip",
        ".gz": "application/gzip",  # the packed app: served as bytes, never as Content-Encoding
        ".js": "text/javascript",
        ".mjs": "text/javascript",
    }

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's name
        if args and str(args[1] if len(args) > 1 else "").startswith(("4", "5")):
            super().log_message(format, *args)


def make_server(site: Path, bind: str = DEFAULT_BIND, port: int = DEFAULT_PORT) -> http.server.ThreadingHTTPServer:
    """A server for ``site`` on ``bind:port`` (port 0 picks a free one); call ``serve_forever()``."""
    if not (site / "index.html").is_file():
        raise FileNotFoundError(f"{site} has no index.html: run `python -m game.web build` first")
    handler = functools.partial(StaticSiteHandler, directory=str(site))
    return http.server.ThreadingHTTPServer((bind, port), handler)


def page_url(server: http.server.ThreadingHTTPServer) -> str:
    """The address of the served page."""
    host, port = server.server_address[:2]
    return f"http://{host!s}:{port}/"


def serve_until_interrupted(server: http.server.ThreadingHTTPServer) -> None:
    """Serve until Ctrl+C, then close the server."""
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
