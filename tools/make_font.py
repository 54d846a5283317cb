"""Make the bundled fonts: DejaVu Sans (regular and bold) and Noto Sans CJK, cut down to the characters used.

The full fonts are about 750 kB each (DejaVu) and 16 MB (Noto Sans CJK); the
browser build has to download whatever is bundled, so only what the game
writes is kept:

* DejaVu Sans, regular and bold: Latin-1, a few punctuation marks and
  symbols, and every character the Latin catalogs (French, German, Dutch,
  Spanish) use (about 60 kB each);
* Noto Sans CJK, regular: one font for Japanese (the JP face) and one for
  Simplified Chinese (the SC face), each with exactly the characters of its
  catalog and of the English texts (Latin, digits, symbols), for the screens
  in that language. The browser fetches them only when that language is in
  use (``docs/translating.md``).

Run it again whenever the catalogs change (``python tools/catalogs.py
compile`` first). Needs Debian's ``fonts-dejavu-core`` and ``fonts-noto-cjk``,
``fonttools`` and Babel (PyPI): tools only, the game itself needs none.

    apt-get install fonts-dejavu-core fonts-noto-cjk && pip install fonttools babel
    python tools/make_font.py
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from fontTools import subset

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(1, str(Path(__file__).resolve().parent.parent))

import catalogs  # noqa: E402 - tools/catalogs.py

SOURCE_DIR = Path("/usr/share/fonts/truetype/dejavu")
LICENCE_SOURCE = Path("/usr/share/doc/fonts-dejavu-core/copyright")
TARGET_DIR = Path(__file__).resolve().parent.parent / "assets" / "fonts"
FONTS = {"DejaVuSans.ttf": "DejaVuSans.ttf", "DejaVuSans-Bold.ttf": "DejaVuSans-Bold.ttf"}

# Basic Latin + Latin-1, general punctuation (dashes, quotes, ellipsis, bullets), minus sign,
# arrows, a few geometric shapes, check marks and stars, and the replacement character (what the game
# draws for a name's undrawable characters: game.ui.text.drawable).
UNICODES = (
    "U+0020-007E,U+00A0-00FF,U+2010-2027,U+2030-203A,U+2190-2199,U+21B6-21B7,U+21BA-21BB,"
    "U+2212,U+2022,U+25A0-25CF,U+2605-2606,U+2713-2714,U+2715-2717,U+FFFD"
)


CJK_SOURCE = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
CJK_LICENCE_SOURCE = Path("/usr/share/doc/fonts-noto-cjk/copyright")
CJK_FONTS = {"ja": (0, "NotoSansCJK-ja.otf"), "zh_CN": (2, "NotoSansCJK-zh_CN.otf")}
"""Language -> (face in the collection: 0 is Japanese, 2 Simplified Chinese, as the glyphs differ; the file)."""
LATIN_LANGUAGES = ("fr", "de", "nl", "es")
NAMES_FONT = "NotoSansCJK-names.otf"
"""The few characters of 日本語 and 简体中文 (the JP face), so every language's list names them in themselves:
the text renderer's fallback for characters the language's own font lacks (in the browser's archive too)."""


def catalog_characters(codes: tuple[str, ...]) -> set[str]:
    """Every character the translations of ``codes`` and the English texts use."""
    characters: set[str] = set()
    messages = catalogs.collect()
    for area, wanted in messages.items():
        for message in wanted.values():
            characters.update(message.message + (message.plural or ""))
        for code in codes:
            for entry in catalogs.read_source(area, code):
                strings = [entry.string] if isinstance(entry.string, str) else list(entry.string or ())
                for string in strings:
                    characters.update(string)
    return {ch for ch in characters if ch.isprintable() or ch in "\u00a0\u202f"}


def _unicodes(characters: set[str]) -> str:
    return ",".join(f"U+{ord(ch):04X}" for ch in sorted(characters))


def main() -> None:
    """Write the cut-down fonts and their licences into ``assets/fonts``."""
    TARGET_DIR.mkdir(parents=True, exist_ok=True)
    latin = catalog_characters(LATIN_LANGUAGES)
    for source_name, target_name in FONTS.items():
        target = TARGET_DIR / target_name
        subset.main(
            [
                str(SOURCE_DIR / source_name),
                f"--unicodes={UNICODES},{_unicodes(latin)}",
                "--layout-features=kern,liga",
                "--name-IDs=*",
                "--name-languages=*",
                "--notdef-outline",
                f"--output-file={target}",
            ]
        )
        print(f"{target.relative_to(TARGET_DIR.parent.parent)}: {target.stat().st_size} bytes")
    shutil.copyfile(LICENCE_SOURCE, TARGET_DIR / "LICENSE-DejaVu.txt")
    for code, (face, target_name) in CJK_FONTS.items():
        target = TARGET_DIR / target_name
        characters = catalog_characters((code,))
        subset.main(
            [
                str(CJK_SOURCE),
                f"--font-number={face}",
                f"--unicodes={UNICODES},{_unicodes(characters)}",
                "--layout-features=kern,liga,vert,palt",
                "--name-IDs=*",
                "--notdef-outline",
                f"--output-file={target}",
            ]
        )
        print(f"{target.relative_to(TARGET_DIR.parent.parent)}: {len(characters)} characters, "
              f"{target.stat().st_size} bytes")
    shutil.copyfile(CJK_LICENCE_SOURCE, TARGET_DIR / "LICENSE-NotoSansCJK.txt")
    names = sorted(name_characters())
    target = TARGET_DIR / NAMES_FONT
    subset.main([str(CJK_SOURCE), "--font-number=0", f"--unicodes={_unicodes(set(names))}", "--layout-features=",
                 "--name-IDs=*", "--notdef-outline", f"--output-file={target}"])
    print(f"{target.relative_to(TARGET_DIR.parent.parent)}: {''.join(names)}, {target.stat().st_size} bytes")
    refuse_unless_checked([*FONTS.values(), *(name for _face, name in CJK_FONTS.values()), NAMES_FONT])


def refuse_unless_checked(names: list[str]) -> None:
    """Stop with the reason if the game's font check would refuse any of the fonts ``names`` just written."""
    from game.ui.font_file import font_problem

    for name in names:
        problem = font_problem((TARGET_DIR / name).read_bytes())
        if problem is not None:
            raise SystemExit(f"{name}: the game would refuse this font: {problem}")


def name_characters() -> set[str]:
    """The characters of the languages' own names (the language list) that the cut DejaVu Sans does not have."""
    from game.i18n import LANGUAGES
    from game.ui.font_file import font_characters

    latin = font_characters((TARGET_DIR / "DejaVuSans.ttf").read_bytes())
    return {ch for name in LANGUAGES.values() for ch in name if ord(ch) not in latin and not ch.isspace()}


if __name__ == "__main__":
    main()
