"""The README's screenshots script (tools/make_screenshots.py) still renders: one screen, into a temporary folder."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pygame

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
TOOL = Path(__file__).resolve().parent.parent / "tools" / "make_screenshots.py"


def load_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_screenshots", TOOL)
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    return tool


def test_the_menu_renders_into_a_small_png_that_is_not_blank(tmp_path: Path) -> None:
    tool = load_tool()
    try:
        path = tool.render("menu", tmp_path)
        assert path == tmp_path / "menu.png"
        assert path.read_bytes()[:8] == PNG_SIGNATURE
        assert path.stat().st_size < 100_000
        image = pygame.image.load(str(path))
    finally:
        pygame.quit()
    assert image.get_size() == (tool.WIDTH, 400)
    colours = {tuple(image.get_at((x, y)))
               for x in range(0, image.get_width(), 4) for y in range(0, image.get_height(), 4)}
    assert len(colours) >= 16, f"only {len(colours)} colours: a blank or broken screen"
    assert len(colours) <= tool.COLOURS
