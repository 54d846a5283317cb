"""The size figures of docs/web.md, made from a build rather than by hand.

``python -m game.web build --figures docs/web.md`` measures what the page
downloads of the game itself (beside pygbag's runtime) and writes the table
between the ``<!-- build figures -->`` markers of that file, and the
language files' sizes (``language_files``) between the ``<!-- language
files -->`` ones. Each group of files in the archive is deflated on its own
(zlib level 9), so the groups add up to a little more than the archive itself.
"""

from __future__ import annotations

import gzip
import tarfile
import zlib
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from game.platform.resources import SCRIPT_FONTS, WEB_LOCALE_DIR

BEGIN = "<!-- build figures: python -m game.web build --figures docs/web.md -->"
END = "<!-- end of build figures -->"
LANGUAGE_BEGIN = "<!-- language files: python -m game.web build --figures docs/web.md -->"
LANGUAGE_END = "<!-- end of language files -->"
SCRIPT_NAMES = {"ja": "Japanese", "zh_CN": "Chinese"}
"""The languages of ``SCRIPT_FONTS`` as the docs name them (a test keeps the two in step)."""
BUDGET_BYTES = 1_500_000
"""The most the packed app may weigh (tests/test_web_build.py holds it to this)."""
MAX_MEMBER_BYTES = 64 * 1024 * 1024
"""No member of our own archive is near this; a larger one is not read (a damaged archive)."""

GROUPS: tuple[tuple[str, str], ...] = (
    ("game/ai/weights/patterns.bin", "the evaluation's weights (`game/ai/weights/patterns.bin`, compressed already)"),
    ("game/ai/weights/book.bin", "the opening book (`game/ai/weights/book.bin`)"),
    (".py", "the Python code (the desktop's command lines left out)"),
    (".ttf", "the fonts (cut by `tools/make_font.py`)"),
    (".otf", "the fonts (cut by `tools/make_font.py`)"),
    ("", "the rest: challenges, sounds, licence, icon, the library's finals, openings"),
)
"""How the archive's files are grouped in the table: by path, by ending, and the rest."""


@dataclass(frozen=True)
class Group:
    """One row of the table: the files' raw bytes and what they take deflated on their own."""

    label: str
    files: int
    raw: int
    packed: int


def group_of(name: str) -> str:
    """The label of the group an archive member belongs to."""
    path = PurePosixPath(name)
    for key, label in GROUPS:
        if key and (str(path).endswith(key)):
            return label
    return GROUPS[-1][1]


def measure(tarball: Path) -> list[Group]:
    """The archive's files by group, raw and deflated (zlib 9), in the order of ``GROUPS``."""
    data: dict[str, list[bytes]] = {label: [] for _, label in GROUPS}
    with tarfile.open(tarball, "r:gz") as archive:
        for member in archive:
            if not member.isfile() or member.size > MAX_MEMBER_BYTES:
                continue
            handle = archive.extractfile(member)
            if handle is not None:
                data[group_of(member.name)].append(handle.read())
    return [Group(label, len(parts), sum(map(len, parts)), len(zlib.compress(b"".join(parts), 9)))
            for label, parts in data.items()]


def table(tarball: Path, index_html: Path, favicon: Path, when: str) -> str:
    """The markdown table, with the day it was measured."""
    size = tarball.stat().st_size
    rows = [f"Measured on {when} by `python -m game.web build --figures docs/web.md`:", "",
            "| | bytes |", "| --- | ---: |",
            f"| `<name>.tar.gz` (here `{tarball.name}`), the packed app (budget {BUDGET_BYTES:,}) "
            f"| **{size:,}** ({size / 2**20:.2f} MiB) |"]
    for group in measure(tarball):
        rows.append(f"| of which {group.label}: {group.files} files, {group.raw:,} bytes | ~{group.packed:,} |")
    rows.append(f"| `{index_html.name}` | {index_html.stat().st_size:,} |")
    rows.append(f"| `{favicon.name}` | {favicon.stat().st_size:,} |")
    return "\n".join(rows)


def write_into(doc: Path, text: str, begin: str = BEGIN, end: str = END) -> None:
    """Put ``text`` between the markers ``begin`` and ``end`` of ``doc``; ``ValueError`` if it has no such markers."""
    content = doc.read_text(encoding="utf-8")
    start, stop = content.find(begin), content.find(end)
    if start < 0 or stop < start:
        raise ValueError(f"{doc} has no '{begin}' … '{end}' markers")
    doc.write_text(content[: start + len(begin)] + "\n" + text + "\n" + content[stop:], encoding="utf-8")


def _kilobytes(sizes: list[int]) -> str:
    """The range of ``sizes`` in whole kB (1,000 bytes): ``"77-89 kB"``, or one figure when they round alike."""
    low, high = round(min(sizes) / 1000), round(max(sizes) / 1000)
    return f"{low} kB" if low == high else f"{low}-{high} kB"


def language_files(output_dir: Path) -> str:
    """What a player of another language than English fetches beside the page, as docs/web.md says it.

    Measured in the built site ``output_dir``: the compiled catalogs
    (``locale/*.mo``, raw and gzip'd at level 9, as a host that compresses
    sends them) and the Japanese and Chinese fonts.
    """
    catalogs = [path.read_bytes() for path in sorted((output_dir / WEB_LOCALE_DIR).glob("*.mo"))]
    if not catalogs:
        raise FileNotFoundError(f"{output_dir / WEB_LOCALE_DIR} has no catalogs to measure")
    fonts = ", ".join(f"{SCRIPT_NAMES[code]} {_kilobytes([(output_dir / relative).stat().st_size])}"
                      for code, relative in SCRIPT_FONTS.items())
    return (f"A player whose language is not English also fetches its catalog (`{WEB_LOCALE_DIR}/<code>.mo`, "
            f"{_kilobytes([len(data) for data in catalogs])}, "
            f"{_kilobytes([len(gzip.compress(data, 9)) for data in catalogs])} gzip'd) and, for a language "
            f"with a font of its own, that font ({fonts}), once: the worker keeps them.")
