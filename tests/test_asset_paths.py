"""pygame is handed paths only: the browser's pygame-ce opens fonts, images and sounds from no file object.

``tests/asset_guard.py`` (installed by ``conftest.py``) makes every test
check it; these tests show the guard refuses a file object and that the
game's fonts, in every language, are opened by path.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import shutil
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.platform.resources import FONT_BOLD, FONT_NAMES, FONT_REGULAR, SCRIPT_FONTS, assets_dir
from tests import asset_guard


@pytest.mark.parametrize("name", sorted(asset_guard.guarded_loaders()))
def test_the_guard_refuses_a_file_object_naming_the_caller(name: str) -> None:
    loader = asset_guard.guarded_loaders()[name]
    data = (assets_dir() / FONT_REGULAR).read_bytes()
    refusal = f"{re.escape(name)} was given BytesIO, not a path, at .*test_asset_paths.py"
    with pytest.raises(AssertionError, match=refusal):
        loader(io.BytesIO(data), 20)
    refused = asset_guard.take_refusals()  # kept for the conftest's check after the test: taken, as expected here
    assert len(refused) == 1 and name in refused[0]


def test_the_guard_refuses_a_sound_from_memory() -> None:
    for keyword in ("buffer", "array"):
        with pytest.raises(AssertionError, match=f"Sound\\({keyword}="):
            pygame.mixer.Sound(**{keyword: b"\0" * 64})
    assert len(asset_guard.take_refusals()) == 2


def test_the_guard_lets_paths_through_and_keeps_the_types() -> None:
    pygame.font.init()
    path = assets_dir() / FONT_REGULAR
    for file in (str(path), path):
        font = pygame.font.Font(file, 20)
        assert isinstance(font, pygame.font.Font) and font.get_height() > 0
    assert pygame.image.load(assets_dir() / "icon.png").get_width() > 0


class OpenedFonts:
    """Records what every ``pygame.font.Font`` is opened from (on top of the guard)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.files: list[object] = []
        guarded, files = pygame.font.Font, self.files

        class Recording(guarded):  # type: ignore[misc, valid-type]
            def __init__(self, file: Any, *args: Any, **kwargs: Any) -> None:
                files.append(file)
                super().__init__(file, *args, **kwargs)

        monkeypatch.setattr(pygame.font, "Font", Recording)

    def paths(self) -> set[Path]:
        assert all(isinstance(file, str) for file in self.files), self.files
        return {Path(str(file)) for file in self.files}


def draw_everything(assets: Any, size: int) -> None:
    """Every font ``assets`` can hand out now at ``size`` (not asked for before: cached fonts are not opened again):
    regular, bold and the fallback for characters the language lacks."""
    for bold in (False, True):
        assets.font(size, bold)
        assert len(assets.runs("English 日本語 简体中文", size, bold)) > 1  # the fallback draws some of it


def test_every_font_is_opened_by_path_in_every_script(monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui.assets import Assets

    opened = OpenedFonts(monkeypatch)
    assets = Assets(with_sound=False)
    draw_everything(assets, 20)
    root = assets.root
    assert opened.paths() == {root / FONT_REGULAR, root / FONT_BOLD, root / FONT_NAMES}
    for size, code in enumerate(SCRIPT_FONTS, start=21):
        opened.files.clear()
        assert assets.use_fonts_for(code) and assets.script == code
        draw_everything(assets, size)
        assert opened.paths() == {root / SCRIPT_FONTS[code], root / FONT_REGULAR, root / FONT_NAMES}, code
    assert assets.use_fonts_for("en") and assets.script is None


def test_a_script_font_the_page_fetched_is_opened_by_path(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """In the browser the Japanese font is not in the assets: the page writes it to FETCHED_DIR."""
    from game.ui import assets as assets_module

    root, fetched = tmp_path / "assets", tmp_path / "fetched"
    shutil.copytree(assets_dir(), root)
    fetched.mkdir()
    (root / SCRIPT_FONTS["ja"]).rename(fetched / Path(SCRIPT_FONTS["ja"]).name)
    monkeypatch.setattr(assets_module, "FETCHED_DIR", fetched)
    opened = OpenedFonts(monkeypatch)
    assets = assets_module.Assets(root, with_sound=False)
    assert assets.use_fonts_for("ja")
    assets.font(20)
    assert fetched / Path(SCRIPT_FONTS["ja"]).name in opened.paths()


def open_font_files(root: Path) -> list[str]:
    """The files under ``root`` this process holds open (Linux: /proc/self/fd)."""
    held = []
    for fd in os.listdir("/proc/self/fd"):
        with contextlib.suppress(OSError):
            target = os.readlink(f"/proc/self/fd/{fd}")
            if target.startswith(str(root)):
                held.append(target)
    return held


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="reads the open files from /proc")
@pytest.mark.parametrize("how", ["close", "pygame.quit"])
def test_the_assets_let_go_of_every_font_file_before_pygame_quits(how: str) -> None:
    """A font opened by path holds its file while it lives, and for good if it is freed after pygame.quit():
    ``close()`` lets go of them, and pygame.quit() calls it first, whoever calls that."""
    from game.ui.assets import Assets

    fonts = assets_dir() / "fonts"
    before = len(open_font_files(fonts))  # an earlier test's leftovers, if any
    assets = Assets(with_sound=False)
    assert assets.use_fonts_for("ja")
    draw_everything(assets, 20)
    assert len(open_font_files(fonts)) > before
    if how == "close":
        assets.close()
    else:
        pygame.quit()
    assert len(open_font_files(fonts)) == before
    pygame.font.init()
    assert assets.font(20).get_height() > 0  # opened again when asked for
