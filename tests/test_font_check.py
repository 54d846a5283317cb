"""A damaged font costs that font, never the game (issue 46, item 4).

pygame-ce 2.5 crashes the process (a segmentation fault, status 134) on a font
whose ``head`` table is zeroed, whose ``hmtx`` or ``loca`` entry has length 0,
whose directory holds one table, whose ``CFF `` table is damaged; flipped bytes
stop the start with ``pygame.error: Couldn't find glyph``. Every damaged copy
``tests/font_damage.py`` makes of the real fonts is refused by the check with
a reason, the real fonts pass, and a font that passes the check but cannot draw
gives way to pygame's own font with a message.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.platform.resources import FONT_BOLD, FONT_NAMES, FONT_REGULAR, SCRIPT_FONTS, assets_dir
from game.ui.assets import Assets, builtin_font, read_font
from game.ui.font_file import DamagedFont, font_problem
from tests.font_damage import damaged_variants, with_checksums_made_right

REPO = Path(__file__).resolve().parent.parent
FONTS = [FONT_REGULAR, FONT_BOLD, FONT_NAMES, *SCRIPT_FONTS.values()]
CRASHING = ("head zeroed", "head filled with 0xff", "head of length 0", "hhea of length 0", "hmtx of length 0",
            "loca of length 0", "numTables 1", "CFF zeroed", "CFF filled with 0xff", "CFF of length 0",
            "CFF quarter 0 zeroed")
"""The damage that crashed pygame-ce whatever the checksums say (found trying each variant in a child process)."""


@pytest.mark.parametrize("font", FONTS)
def test_the_real_fonts_pass_and_every_damaged_copy_is_refused_with_a_reason(font: str) -> None:
    data = (assets_dir() / font).read_bytes()
    assert font_problem(data) is None
    assert with_checksums_made_right(data) == data  # the test's checksum arithmetic is the font's
    variants = damaged_variants(data)
    passed = [name for name, damaged in variants.items() if font_problem(damaged) is None]
    assert passed == []
    assert all(font_problem(damaged) for damaged in variants.values())  # a reason, never an empty one
    remade = {name: with_checksums_made_right(damaged) for name, damaged in variants.items() if name in CRASHING}
    assert len(remade) >= 6
    passed = [name for name, damaged in remade.items() if font_problem(damaged) is None]
    assert passed == [], "damage that crashes pygame is found by the structure alone, whatever the checksums say"


def copied_assets(tmp_path: Path, font: str, damage: str, checksums_right: bool = False) -> Path:
    """A copy of the assets whose ``font`` has ``damage`` (a ``damaged_variants`` name)."""
    root = tmp_path / "assets"
    shutil.copytree(assets_dir(), root)
    damaged = damaged_variants((root / font).read_bytes())[damage]
    (root / font).write_bytes(with_checksums_made_right(damaged) if checksums_right else damaged)
    return root


def test_a_damaged_dejavu_gives_way_to_pygames_own_font_with_a_message(tmp_path: Path) -> None:
    said: list[str] = []
    assets = Assets(copied_assets(tmp_path, FONT_REGULAR, "head zeroed"), with_sound=False, report=said.append)
    assert len(said) == 2 and "'head' table" in said[0] and "pygame's own font" in said[1]
    assert assets._font_files[False].path == builtin_font()  # noqa: SLF001 - which file draws
    assert assets._font_files[True].path.name == Path(FONT_BOLD).name  # noqa: SLF001 - the whole one stays
    assert assets.font(20).size("Othello é")[0] > 0


def test_a_font_that_passes_the_check_but_cannot_draw_is_refused_when_read(tmp_path: Path) -> None:
    """Damaged hinting instructions with their checksum made right: FreeType opens the font and then finds no
    glyph (``pygame.error: Couldn't find glyph``, which stopped the start): refused on its trial text."""
    root = copied_assets(tmp_path, FONT_BOLD, "fpgm zeroed", checksums_right=True)
    assert font_problem((root / FONT_BOLD).read_bytes()) is None
    with pytest.raises(DamagedFont, match="cannot draw"):
        read_font(root / FONT_BOLD)
    said: list[str] = []
    assets = Assets(root, with_sound=False, report=said.append)
    assert "cannot draw" in said[0] and assets._font_files[True].path == builtin_font()  # noqa: SLF001
    assert assets.font(20, bold=True).size("Othello")[0] > 0


def test_a_damaged_script_font_is_refused_with_a_message(tmp_path: Path) -> None:
    said: list[str] = []
    assets = Assets(copied_assets(tmp_path, SCRIPT_FONTS["ja"], "CFF quarter 0 zeroed"), with_sound=False,
                    report=said.append)
    assert said == [] and not assets.use_fonts_for("ja") and assets.script is None
    assert len(said) == 1 and "NotoSansCJK-ja.otf is damaged" in said[0]


def test_the_game_starts_on_a_font_that_crashed_it(tmp_path: Path) -> None:
    """The issue's case, as a whole process: ``python -m game --frames 30`` with DejaVuSans.ttf's head zeroed
    ended with "pygame parachute Segmentation Fault" (status 134)."""
    root = copied_assets(tmp_path, FONT_REGULAR, "head zeroed")
    start = ("import pathlib, sys; import game.ui.assets as assets; assets.assets_dir = lambda: pathlib.Path("
             "sys.argv[1]); from game.__main__ import main; sys.exit(main(sys.argv[2:]))")
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    completed = subprocess.run([sys.executable, "-c", start, str(root), "--frames", "30", "--data-dir",
                                str(tmp_path / "data")], cwd=REPO, env=env, capture_output=True, text=True,
                               timeout=120)
    assert completed.returncode == 0, completed.stderr
    assert "DejaVuSans.ttf is damaged: the 'head' table" in completed.stderr
    assert "drawing with pygame's own font instead of DejaVuSans.ttf" in completed.stderr


def test_pygames_own_font_draws() -> None:
    """The stand-in is read as a file by its path, like every font (the browser's pygame opens no other)."""
    assert builtin_font().is_file()
    pygame.font.init()
    assert read_font(builtin_font(), checked=False).open(20).get_height() > 0
