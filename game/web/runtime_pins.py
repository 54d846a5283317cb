"""The runtime's pins: each runtime file's SHA-256, which the service worker checks a copy against.

pygbag's page loads its runtime (``pythons.js``, CPython's ``main.js``,
``main.wasm`` and ``main.data``, ``cpythonrc.py``, the package index and
pygame-ce's wheel) from the runtime's folder (``--cdn``) and the folder above
it (the package index's, ``$PYGPI``). Any page of the origin can write into
the worker's cache, so a copy of a runtime file the worker serves must be the
one the build knew (issue 48, item 7): the build records the hashes of

* the files of a copy of the runtime given to it (``--runtime-files DIR``:
  ``DIR`` laid out as the folder above the runtime, e.g. ``DIR/0.9.3/pythons.js``,
  ``DIR/cp312/<wheel>``), every file in it; or, when none is given,
* pygbag 0.9.3's own files on its CDN that this project has a copy of
  (``PYGBAG_RUNTIME``), for the default ``--cdn`` only: a mirror's files are
  its own, so a mirror gives its copy with ``--runtime-files``.

A runtime file with no pin is kept and served as before (pygbag's CDN files
that are not in ``PYGBAG_RUNTIME`` yet: it needs the network to learn them).
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from urllib.parse import urljoin

from game.web.offline import safe_file_name

PYGBAG_RUNTIME: dict[str, str] = {
    # pygame-web/cdn at 05665552f6ee5dd1b77636ef30dbc637d029a375 (../shared/runtime/pygbag-0.9.3/)
    "0.9.3/pythons.js": "a1cb9b28472cec2f279800aa19159ac225df9291bc226c1eccdc085e9320fbed",
    "0.9.3/cpythonrc.py": "8a5b3f113f02de5d8e50a5320fd013f1c6bb6e876171a391e9f6e30d876b25a6",
    # pygame-web/cdn at 5f40e45, the pygame-ce pygbag 0.9.3's package index names for CPython 3.12
    "cp312/pygame_ce-2.5.7.dev1-cp312-cp312-wasm32_bi_emscripten.whl":
        "9c6aa80480c7f199dd024639fc1e1f6b4a5c5c6a7a888b11110ad17b35abdd27",
}
"""SHA-256 of pygbag 0.9.3's runtime files on its CDN, by path below ``https://pygame-web.github.io/cdn/``.

Learnt once from the copies in ``../shared/runtime/`` (their provenance in its README); CPython's
``main.js``, ``main.wasm``, ``main.data`` and the package index are not there to learn."""


def runtime_root(cdn: str) -> str:
    """The folder above the runtime at ``cdn`` (its package index's), absolute or relative to the page.

    The template's ``$PYGPI`` (``build.fill_page_values`` fills it in).

    >>> runtime_root("https://pygame-web.github.io/cdn/0.9.3/"), runtime_root("cdn/0.9.3/"), runtime_root("cdn/")
    ('https://pygame-web.github.io/cdn/', 'cdn/', '')
    """
    parent = cdn.rstrip("/").rpartition("/")[0]
    return parent + "/" if parent else ""


def hash_folder(folder: Path) -> dict[str, str]:
    """Each file below ``folder`` by its path there (``/``-separated) and its SHA-256 (hex), sorted.

    ``ValueError`` for a name the page could not fetch by (``offline.safe_file_name``).
    """
    hashes = {}
    for path in sorted(folder.rglob("*")):
        if path.is_file():
            relative = path.relative_to(folder)
            for part in relative.parts:
                safe_file_name(part)
            hashes[relative.as_posix()] = hashlib.sha256(path.read_bytes()).hexdigest()
    return hashes


def runtime_pins(cdn: str, default_cdn: str, runtime_files: Path | None = None) -> dict[str, str]:
    """The runtime's pins for a page whose runtime is at ``cdn``: each file's address and its SHA-256.

    The addresses are absolute, or relative to the page when ``cdn`` is; the
    files are those of ``runtime_files`` when given, else ``PYGBAG_RUNTIME``
    when ``cdn`` is ``default_cdn`` (pygbag's own), else none.
    """
    if runtime_files is not None:
        if not runtime_files.is_dir():
            raise FileNotFoundError(f"--runtime-files {runtime_files}: no such folder")
        hashes = hash_folder(runtime_files)
    elif cdn == default_cdn:
        hashes = PYGBAG_RUNTIME
    else:
        return {}
    root = runtime_root(cdn)
    return {urljoin(root, path): digest for path, digest in hashes.items()}
