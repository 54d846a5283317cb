"""Where the game's bundled files are, found from the package itself, never from the current directory.

Everything but the fonts, sounds and icon lives inside the ``game`` package
next to the code that reads it (``Path(__file__)`` there). The fonts, sounds
and icon sit in the top-level ``assets/`` folder of the repository, which the
web build (pygbag) packs as it is; a wheel, an sdist and the PyInstaller
build carry that folder inside the package as ``game/assets`` (the
``package_dir`` mapping in ``setup.py``). ``assets_dir()`` takes the first of
the two that exists.

This module imports nothing from pygame.
"""

from __future__ import annotations

from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent.parent
"""The ``game`` package's folder."""

INSTALLED_ASSETS = PACKAGE_DIR / "assets"
"""The assets in an installed wheel or a PyInstaller bundle."""

CHECKOUT_ASSETS = PACKAGE_DIR.parent / "assets"
"""The assets in a checkout and in the web build (the repository's top-level folder)."""

FONT_REGULAR = "fonts/DejaVuSans.ttf"
FONT_BOLD = "fonts/DejaVuSans-Bold.ttf"
FONT_LICENCE = "fonts/LICENSE-DejaVu.txt"
SCRIPT_FONTS = {"ja": "fonts/NotoSansCJK-ja.otf", "zh_CN": "fonts/NotoSansCJK-zh_CN.otf"}
"""The languages DejaVu cannot write, and the font each is drawn with (one face: bold is made from it).

In the browser these are not in the game's archive: the page fetches the one
a language needs when it is chosen (``build/web/fonts/``, made by the web build)."""
SCRIPT_FONT_LICENCE = "fonts/LICENSE-NotoSansCJK.txt"
FONT_NAMES = "fonts/NotoSansCJK-names.otf"
"""The few characters of the languages' own names that DejaVu lacks (日本語, 简体中文), a few kB: the fallback
for any character the language's font lacks, so the language list names each language in itself everywhere."""
WEB_LOCALE_DIR = "locale"
"""Where the web build puts the compiled catalogs beside the page (they are not in the archive either)."""
SOUND_FILES = {"place": "sounds/place.ogg", "flip": "sounds/flip.ogg"}
ICON_FILE = "icon.png"
ASSET_FILES = (FONT_REGULAR, FONT_BOLD, FONT_LICENCE, *SCRIPT_FONTS.values(), SCRIPT_FONT_LICENCE, FONT_NAMES,
               *SOUND_FILES.values(), ICON_FILE)
"""Every file of the assets folder, relative to it (the packaging test checks a wheel carries them all)."""


class MissingAssetsError(FileNotFoundError):
    """Neither place holds the game's assets (a broken install)."""


def assets_dir(candidates: tuple[Path, ...] = (INSTALLED_ASSETS, CHECKOUT_ASSETS)) -> Path:
    """The folder with the fonts, sounds and icon: inside the package if installed, else the checkout's."""
    for candidate in candidates:
        if (candidate / FONT_REGULAR).is_file():
            return candidate
    looked = ", ".join(str(candidate) for candidate in candidates)
    raise MissingAssetsError(f"the game's fonts and sounds are missing (looked in {looked}); reinstall the game")
