"""Offline play and installing as an app: the service worker, the web app manifest, its icons.

The build calls ``add_offline_files`` once pygbag has written the site:

* ``manifest.webmanifest`` (name, icons, colours, ``display: standalone``),
  one more for each other language (``manifest-<code>.webmanifest``, with
  that language's name and description: the page links the one of its
  language), and the icons (``game/web/icons/``, drawn by
  ``tools/make_icon.py --web``), so Chromium, Android and iOS offer to
  install the game;
* ``sw.js``, the service worker (``service_worker.js`` with this build's
  hash, file list and the SHA-256 of each page file and of each runtime file
  the build knows filled in: it keeps and serves only copies that match)
  that keeps the page and the runtime for
  offline play; with ``offline=False`` the retiring worker instead, which
  removes an earlier build's worker and caches from visitors' browsers;
* the build's hash in ``index.html`` (``__OTHELLO_BUILD__``), which the page
  shows once as "updated" when it changes, and whether the page registers
  the worker (``__OTHELLO_OFFLINE__``).

The hash covers every file the worker caches, so a build that changes any
of them replaces the cache, and an identical build keeps it.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import shutil
from collections.abc import Mapping
from pathlib import Path

from game.web.page_texts import PageHead, manifest_file

HERE = Path(__file__).resolve().parent
ICONS_DIR = HERE / "icons"
SERVICE_WORKER = "sw.js"
BUILD_FIELD = "__OTHELLO_BUILD__"
OFFLINE_FIELD = "__OTHELLO_OFFLINE__"
FILES_FIELD = "__OTHELLO_PAGE_FILES__"
HASHES_FIELD = "__OTHELLO_PAGE_HASHES__"
"""``sw.js``'s ``HASHES``: each page file's SHA-256 (hex) as the build wrote it, ``index.html`` filled in, and
each runtime file's the build knows (``runtime_pins.py``), by address."""
RUNTIME_PART = "runtime pins"
"""The runtime's pins among the parts of the build's hash: another runtime makes another cache."""
THEME_COLOUR = "#18211e"
"""The page's background (index.html's ``theme-color``): the splash screen and the title bar."""

ICONS: tuple[tuple[str, int, str], ...] = (
    ("icon-192.png", 192, "any"),
    ("icon-512.png", 512, "any"),
    ("icon-maskable-512.png", 512, "maskable"),
)
"""The manifest's icons: file, edge in pixels, purpose (``tools/make_icon.py``'s ``WEB_ICONS``)."""
APPLE_ICON = "icon-apple-180.png"
"""iOS ignores the manifest's icons: the page links this one (opaque, 180 pixels)."""
_SAFE_FILE_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9._-]{0,99}")


def safe_file_name(name: str) -> str:
    """``name`` if it is a safe name for a file of the site; ``ValueError`` otherwise.

    Safe: ASCII letters, digits, ``_``, ``-`` and ``.`` (not
    first), at most 100. Such a name is the same file name, relative URL
    and string everywhere it goes: ``sw.js``'s list, pygbag's loader, the
    boot code, a zip, any server; no URL parser reads it as a fragment
    (``#``), a query (``?``), an escape (``%``), a folder (``\\``), a
    scheme (``:``), nor drops a tab or line break from it.

    >>> safe_file_name("othello.tar.gz")
    'othello.tar.gz'
    >>> safe_file_name("a#b.tar.gz")
    Traceback (most recent call last):
    ValueError: 'a#b.tar.gz' is not a safe file name for the site (ASCII letters, digits, '_', '-' and '.' not first)
    """
    if not _SAFE_FILE_NAME.fullmatch(name):
        raise ValueError(f"{name!r} is not a safe file name for the site "
                         "(ASCII letters, digits, '_', '-' and '.' not first)")
    return name


def manifest(head: PageHead) -> dict[str, object]:
    """The web app manifest in ``head``'s language (paths relative: any base path works)."""
    return {
        "id": "./",
        "lang": head.lang,
        "name": head.title,
        "short_name": head.title,
        "description": head.description,
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "orientation": "any",
        "background_color": THEME_COLOUR,
        "theme_color": THEME_COLOUR,
        "categories": ["games"],
        "icons": [{"src": name, "sizes": f"{size}x{size}", "type": "image/png", "purpose": purpose}
                  for name, size, purpose in ICONS],
    }


def build_hash(parts: dict[str, bytes]) -> str:
    """Twelve hex digits of SHA-256 over the named parts (names and contents, sorted by name).

    >>> build_hash({"a": b"1"}) == build_hash({"a": b"1"}) != build_hash({"a": b"2"})
    True
    """
    digest = hashlib.sha256()
    for name in sorted(parts):
        digest.update(name.encode("utf-8") + b"\0" + hashlib.sha256(parts[name]).digest())
    return digest.hexdigest()[:12]


def archive_pins(archive: bytes) -> list[str]:
    """The SHA-256s the worker takes for the game's archive: the ``.tar.gz``'s, and the tar's inside it.

    A host that sends the archive with ``Content-Encoding: gzip`` (it is gzip
    already) has the browser hand the worker the tar inside, not the file the
    build wrote; both are this build's. (The archive is the one this build
    just packed, within its budget: no limit of its own is needed to read it.)

    >>> inside = b"a tar"
    >>> archive_pins(gzip.compress(inside))[1] == hashlib.sha256(inside).hexdigest()
    True
    """
    return [hashlib.sha256(archive).hexdigest(), hashlib.sha256(gzip.decompress(archive)).hexdigest()]


def add_offline_files(output_dir: Path, tarball: Path, heads: Mapping[str, PageHead], offline: bool = True,
                      runtime_pins: Mapping[str, str] | None = None) -> str:
    """Write the manifests (one per language of ``heads``), icons and ``sw.js`` into ``output_dir``; fill in the page.

    ``runtime_pins`` (``runtime_pins.runtime_pins``: each runtime file's
    address, absolute or relative to the page, and its SHA-256) go into
    ``sw.js``'s ``HASHES`` beside the page files'. Returns the build's hash. Raises ``FileNotFoundError`` naming an icon
    that is missing (run ``python tools/make_icon.py --web game/web/icons``),
    ``ValueError`` for a file the worker could not fetch by its name
    (``safe_file_name``).
    """
    for name in [name for name, _, _ in ICONS] + [APPLE_ICON]:
        source = ICONS_DIR / name
        if not source.is_file():
            raise FileNotFoundError(f"{source} is missing: python tools/make_icon.py --web game/web/icons")
        shutil.copy2(source, output_dir / name)
    manifests = [manifest_file(code) for code in heads]
    for code, head in heads.items():
        (output_dir / manifest_file(code)).write_text(json.dumps(manifest(head), indent=2, ensure_ascii=False) + "\n",
                                                      encoding="utf-8")

    index_html = output_dir / "index.html"
    template = index_html.read_text(encoding="utf-8")
    page_files = ["index.html", tarball.name, "favicon.png", *manifests, APPLE_ICON, *(name for name, _, _ in ICONS)]
    for name in page_files:
        safe_file_name(name)  # sw.js fetches each by this name, relative to the page
    worker_source = (HERE / ("service_worker.js" if offline else "retiring_worker.js")).read_text(encoding="utf-8")
    parts = {name: (output_dir / name).read_bytes() for name in page_files if name != "index.html"}
    runtime = dict(runtime_pins or {})
    parts.update({"index.html": template.encode("utf-8"), SERVICE_WORKER: worker_source.encode("utf-8"),
                  RUNTIME_PART: json.dumps(runtime, sort_keys=True).encode("utf-8")})
    version = build_hash(parts)

    filled = template.replace(BUILD_FIELD, version).replace(OFFLINE_FIELD, "true" if offline else "false")
    index_html.write_text(filled, encoding="utf-8")
    written = parts | {"index.html": index_html.read_bytes()}
    pins: dict[str, str | list[str]] = dict(runtime)
    pins.update({name: hashlib.sha256(written[name]).hexdigest() for name in page_files})
    pins[tarball.name] = archive_pins(written[tarball.name])
    worker = (worker_source.replace(BUILD_FIELD, version).replace(FILES_FIELD, json.dumps(page_files))
              .replace(HASHES_FIELD, json.dumps(pins)))
    (output_dir / SERVICE_WORKER).write_text(worker, encoding="utf-8")
    return version
