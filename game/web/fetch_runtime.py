"""A copy of the runtime files pygbag's page fetches, downloaded once: what ``--runtime-files`` pins.

``python -m game.web fetch-runtime DIR [--cdn URL] [--print-pins]`` downloads,
from pygbag's CDN or a mirror, each file a page built for that ``--cdn``
fetches without ``?debug`` (``docs/web.md``, "What a visit downloads"):
pygbag 0.9.3's ``pythons.js`` reads the runtime's folder and fetches
``cpython312/main.js``, which fetches ``main.wasm`` and ``main.data`` beside
it (``locateFile``), then ``cpythonrc.py`` (``config.cdn`` + interpreter +
``rc.py``); its installer (``aio/pep0723.py``) reads the package index one
folder up and the wheel that names for pygame-ce. ``DIR`` is laid out as the
folder above the runtime (``DIR/0.9.3/pythons.js``, ``DIR/cp312/<wheel>``),
which ``python -m game.web build --runtime-files DIR`` pins and a mirror can
publish as it is.

Bounded: one request per file, each with a time limit and a size limit; a
file that fails is named with why, and then nothing is written at all (the
files are written only once every one is in hand, each to a temporary name
first). ``--print-pins`` prints the files' hashes as
``runtime_pins.PYGBAG_RUNTIME`` holds them, to paste there.
"""

from __future__ import annotations

import json
import os
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from game.web.offline import safe_file_name
from game.web.runtime_pins import hash_folder, runtime_root

RUNTIME_FILES = ("pythons.js", "cpython312/main.js", "cpython312/main.wasm", "cpython312/main.data", "cpythonrc.py")
"""What pygbag 0.9.3's page fetches from the runtime's folder (``--cdn``), CPython 3.12, no ``?debug``."""
PACKAGE_INDEX = "index-{version}-cp312.json"
"""The package index, in the folder above the runtime (``$PYGPI``); ``{version}`` is pygbag's."""
PACKAGES = ("pygame",)
"""The index's entries the game installs: pygbag's name (``Config.mapping``) for ``main.py``'s pygame-ce."""
INDEX_ABI, INDEX_API = "cp312", "wasm32_bi_emscripten"
"""What pygbag's CPython 3.12 fills into the index's ``<abi>`` and ``<api>``."""
MAX_FILE_BYTES = 128 * 1024 * 1024
"""The largest runtime file taken: CPython's ``main.wasm`` and ``main.data`` are some megabytes each."""
TIMEOUT_S = 60.0
"""How long one request may go without an answer (connecting, or between two reads)."""


class FetchError(RuntimeError):
    """Some runtime file could not be had; the message names each one and why, one a line after the first."""


@dataclass(frozen=True)
class RuntimeFile:
    """One file of the runtime: its path in the copy (below the package index's folder) and its address."""

    path: str
    url: str


def runtime_files(cdn: str, version: str) -> list[RuntimeFile]:
    """The runtime's own files for a page whose runtime is at ``cdn`` (an http(s) address), then the package index."""
    root = runtime_root(cdn)
    if urlsplit(cdn).scheme not in {"http", "https"} or not root:
        raise ValueError(f"--cdn {cdn!r}: an http or https address of a folder below the package index's is needed")
    folder = cdn[len(root):]
    files = [RuntimeFile(folder + name, cdn + name) for name in RUNTIME_FILES]
    index = PACKAGE_INDEX.format(version=version)
    return [*files, RuntimeFile(index, root + index)]


def wheels(index: bytes, root: str) -> list[RuntimeFile]:
    """The wheels the package index ``index`` names for ``PACKAGES``, addressed as pygbag addresses them.

    ``ValueError`` for an index that is no JSON object, lacks an entry, or
    names a path the copy could not hold (``offline.safe_file_name``, each part).
    """
    try:
        text = index.decode("utf-8").replace("<abi>", INDEX_ABI).replace("<api>", INDEX_API)
        entries = json.loads(text)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValueError(f"the package index is not JSON: {exc}") from None
    found = []
    for name in PACKAGES:
        entry = entries.get(name) if isinstance(entries, dict) else None
        if not isinstance(entry, str):
            raise ValueError(f"the package index names no {name!r}")
        for part in entry.split("/"):
            safe_file_name(part)
        found.append(RuntimeFile(entry, root + entry))
    return found


def download(url: str, max_bytes: int = MAX_FILE_BYTES, timeout_s: float = TIMEOUT_S) -> bytes:
    """The body of a ``200`` answer to one GET of ``url``, at most ``max_bytes``; ``FetchError`` saying why not."""
    request = urllib.request.Request(url, headers={"User-Agent": "othello-fetch-runtime"})
    try:
        with urllib.request.urlopen(request, timeout=timeout_s) as answer:  # noqa: S310 - http(s) only, checked
            if answer.status != 200:
                raise FetchError(f"{url}: HTTP {answer.status}")
            body: bytes = answer.read(max_bytes + 1)
    except urllib.error.HTTPError as exc:
        raise FetchError(f"{url}: HTTP {exc.code} {exc.reason}") from None
    except TimeoutError:
        raise FetchError(f"{url}: no answer within {timeout_s:g} s") from None
    except (urllib.error.URLError, OSError) as exc:
        reason = getattr(exc, "reason", exc)
        why = f"no answer within {timeout_s:g} s" if isinstance(reason, TimeoutError) else str(reason)
        raise FetchError(f"{url}: {why}") from None
    if len(body) > max_bytes:
        raise FetchError(f"{url}: larger than {max_bytes:,} bytes")
    return body


def fetch_runtime(folder: Path, cdn: str, version: str, max_bytes: int = MAX_FILE_BYTES,
                  timeout_s: float = TIMEOUT_S) -> dict[str, str]:
    """Download the runtime at ``cdn`` into ``folder`` (created; it must hold nothing yet); each file's SHA-256.

    ``FetchError`` naming every file that could not be had, and then nothing
    is written; ``ValueError`` for a ``cdn`` that is not an http(s) address or
    a ``folder`` that holds files already (each would be pinned).
    """
    files = runtime_files(cdn, version)
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise ValueError(f"{folder} is not an empty folder: every file in it would be pinned")
    bodies: dict[str, bytes] = {}
    failures: list[str] = []
    for file in files:
        try:
            bodies[file.path] = download(file.url, max_bytes, timeout_s)
        except FetchError as exc:
            failures.append(str(exc))
    index = files[-1]
    if index.path in bodies:
        try:
            named = wheels(bodies[index.path], runtime_root(cdn))
        except ValueError as exc:
            failures.append(f"{index.url}: {exc}")
            named = []
        for file in named:
            try:
                bodies[file.path] = download(file.url, max_bytes, timeout_s)
            except FetchError as exc:
                failures.append(str(exc))
    if failures:
        raise FetchError(f"{len(failures)} of the runtime's files could not be had (nothing written):\n  "
                         + "\n  ".join(failures))
    for path, body in bodies.items():
        target = folder / path
        target.parent.mkdir(parents=True, exist_ok=True)
        partial = target.with_name(target.name + ".part")
        partial.write_bytes(body)
        os.replace(partial, target)
    return hash_folder(folder)


def pins_table(hashes: dict[str, str], source: str) -> str:
    """``hashes`` as the Python of ``runtime_pins.PYGBAG_RUNTIME``, learnt from ``source``, to paste there."""
    lines = ["PYGBAG_RUNTIME: dict[str, str] = {", f"    # learnt from {source} (python -m game.web fetch-runtime)"]
    for path, digest in sorted(hashes.items()):
        line = f"    {json.dumps(path)}: {json.dumps(digest)},"
        lines.extend([line] if len(line) <= 120 else [f"    {json.dumps(path)}:", f"        {json.dumps(digest)},"])
    return "\n".join([*lines, "}"])

