"""Make the bundled fonts: DejaVu Sans (regular and bold) cut down to the characters the game uses.

The full fonts are about 750 kB each; the browser build has to download
whatever is bundled, so only Latin-1 and a few punctuation marks and
symbols are kept (about 60 kB each). Needs Debian's ``fonts-dejavu-core``
and ``fonttools`` (PyPI) - tools only, the game itself needs neither.

    apt-get install fonts-dejavu-core && pip install fonttools
    python tools/make_font.py
"""

from __future__ import annotations

import shutil
from pathlib import Path

from fontTools import subset

SOURCE_DIR = Path("/usr/share/fonts/truetype/dejavu")
LICENCE_SOURCE = Path("/usr/share/doc/fonts-dejavu-core/copyright")
TARGET_DIR = Path(__file__).resolve().parent.parent / "assets" / "fonts"
FONTS = {"DejaVuSans.ttf": "DejaVuSans.ttf", "DejaVuSans-Bold.ttf": "DejaVuSans-Bold.ttf"}

# Basic Latin + Latin-1, general punctuation (dashes, quotes, ellipsis, bullets), minus sign,
# arrows, a few geometric shapes, check marks and stars.
UNICODES = (
    "U+0020-007E,U+00A0-00FF,U+2010-2027,U+2030-203A,U+2190-2199,U+21B6-21B7,U+21BA-21BB,"
    "U+2212,U+2022,U+25A0-25CF,U+2605-2606,U+2713-2714,U+2715-2717"
)


def main() -> None:
    """Write the cut-down fonts and the licence into ``assets/fonts``."""
    TARGET_DIR.mkdir(parents=True, exist_ok=True)
    for source_name, target_name in FONTS.items():
        target = TARGET_DIR / target_name
        subset.main(
            [
                str(SOURCE_DIR / source_name),
                f"--unicodes={UNICODES}",
                "--layout-features=kern,liga",
                "--name-IDs=*",
                "--name-languages=*",
                "--notdef-outline",
                f"--output-file={target}",
            ]
        )
        print(f"{target.relative_to(TARGET_DIR.parent.parent)}: {target.stat().st_size} bytes")
    shutil.copyfile(LICENCE_SOURCE, TARGET_DIR / "LICENSE-DejaVu.txt")


if __name__ == "__main__":
    main()
