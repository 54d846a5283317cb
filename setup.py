"""Packaging: everything else is in pyproject.toml; this file only maps ``assets/`` into the package.

The fonts, sounds and icon stay in the repository's top-level ``assets/``
folder (the web build packs the folder as it is), and the wheel carries them
as ``game/assets`` (``game.platform.resources`` looks there first). pyproject.toml
cannot map one folder into a package while finding the others, so the
package list is made here: every package under ``game/`` plus the mapped one,
but for the catalogs' sources (``game/locale/po``: the compiled
``game/locale/*.mo`` are what the game reads).
"""

from setuptools import find_namespace_packages, setup

ASSET_PACKAGES = ["game.assets", "game.assets.fonts", "game.assets.sounds"]

setup(
    packages=find_namespace_packages(include=["game", "game.*"], exclude=["game.assets*", "game.locale.po*"])
    + ASSET_PACKAGES,
    package_dir={"game.assets": "assets"},
)
