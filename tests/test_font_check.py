"""A damaged font costs that font, never the game (issue 46, item 4).

pygame-ce 2.5 crashes the process (a segmentation fault, status 134) on a font
whose ``head`` table is zeroed, whose ``hmtx`` or ``loca`` entry has length 0,
whose directory holds one table, whose ``CFF `` table is damaged; flipped bytes
stop the start with ``pygame.error: Couldn't find glyph``. Every damaged copy
``tests/font_damage.py`` makes of the real fonts is refused by the check with
a reason, and the real fonts pass.
"""

from __future__ import annotations

import pytest

from game.platform.resources import FONT_BOLD, FONT_NAMES, FONT_REGULAR, SCRIPT_FONTS, assets_dir
from game.ui.font_file import font_problem
from tests.font_damage import damaged_variants, with_checksums_made_right

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
