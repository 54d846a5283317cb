"""Draw the game's icon, ``assets/icon.png``: a 2x2 corner of green felt with a black and a white disc.

The browser build uses it as the page's favicon (``pygbag --icon``), and the
desktop window can use it too. ``--web`` writes the icons the web app manifest
names instead (``game/web/icons/``, copied into the site by the web build):
192 and 512 pixels as drawn, a "maskable" 512 whose felt fills the square
(launchers cut it to their own shape, so the board sits inside the central
safe circle) and a 180-pixel opaque one for iOS's home screen. Run from the
repository root::

    python tools/make_icon.py [--size 128] [--out assets/icon.png]
    python tools/make_icon.py --web game/web/icons

Drawn at four times the size and smoothed down, so the edges are anti-aliased.
Needs pygame-ce but no display.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402 - the driver must be chosen before pygame is imported

# the classic theme's colours (game/ui/theme.py), repeated here so the tool stays standalone
FRAME = (58, 40, 26)
FELT = (30, 122, 74)
FELT_LIGHT = (40, 140, 88)
GRID = (20, 84, 50)
BLACK_DISC = (22, 22, 24)
BLACK_HIGHLIGHT = (78, 78, 84)
WHITE_DISC = (240, 240, 234)
WHITE_SHADE = (196, 198, 190)

SUPERSAMPLE = 4


def draw_icon(size: int) -> pygame.Surface:
    """The icon at ``size`` x ``size`` pixels, transparent outside its rounded square."""
    big = size * SUPERSAMPLE
    surface = pygame.Surface((big, big), pygame.SRCALPHA)
    radius = big // 6
    pygame.draw.rect(surface, FRAME, surface.get_rect(), border_radius=radius)
    inset = big // 14
    felt = surface.get_rect().inflate(-2 * inset, -2 * inset)
    pygame.draw.rect(surface, FELT, felt, border_radius=radius - inset)
    # a faint light from the top-left, like the board in the game
    glow = pygame.Surface(felt.size, pygame.SRCALPHA)
    pygame.draw.circle(glow, (*FELT_LIGHT, 120), (felt.width // 4, felt.height // 4), felt.width // 2)
    surface.blit(glow, felt.topleft)
    # two squares by two: grid lines through the middle
    line = max(2, big // 40)
    pygame.draw.line(surface, GRID, (felt.centerx, felt.top), (felt.centerx, felt.bottom - 1), line)
    pygame.draw.line(surface, GRID, (felt.left, felt.centery), (felt.right - 1, felt.centery), line)
    cell = felt.width // 2
    disc_radius = int(cell * 0.40)
    centres = {
        "black": (felt.left + cell // 2, felt.top + cell // 2),
        "white": (felt.left + cell + cell // 2, felt.top + cell // 2),
        "white2": (felt.left + cell // 2, felt.top + cell + cell // 2),
        "black2": (felt.left + cell + cell // 2, felt.top + cell + cell // 2),
    }
    for name, (x, y) in centres.items():
        shadow = pygame.Surface((disc_radius * 2 + 8, disc_radius * 2 + 8), pygame.SRCALPHA)
        pygame.draw.circle(shadow, (0, 0, 0, 70), (disc_radius + 4, disc_radius + 4), disc_radius)
        surface.blit(shadow, (x - disc_radius + big // 80, y - disc_radius + big // 60))
        if name.startswith("black"):
            pygame.draw.circle(surface, BLACK_DISC, (x, y), disc_radius)
            highlight = (x - disc_radius // 3, y - disc_radius // 3)
            pygame.draw.circle(surface, BLACK_HIGHLIGHT, highlight, disc_radius // 3)
        else:
            pygame.draw.circle(surface, WHITE_SHADE, (x, y), disc_radius)
            top = (x - disc_radius // 10, y - disc_radius // 10)
            pygame.draw.circle(surface, WHITE_DISC, top, disc_radius * 9 // 10)
    return pygame.transform.smoothscale(surface, (size, size))


SAFE_ZONE = 0.72
"""The share of a maskable icon's edge the drawing takes: inside the 80 % circle launchers keep."""

WEB_ICONS: tuple[tuple[str, int, bool], ...] = (
    ("icon-192.png", 192, False),
    ("icon-512.png", 512, False),
    ("icon-maskable-512.png", 512, True),
    ("icon-apple-180.png", 180, True),
)
"""The manifest's icons (name, size, full-bleed); game/web/offline.py lists them in the manifest."""


def draw_full_bleed(size: int) -> pygame.Surface:
    """The icon on an opaque square of the frame's colour, for launchers that cut their own shape."""
    surface = pygame.Surface((size, size))
    surface.fill(FRAME)
    inner = round(size * SAFE_ZONE)
    surface.blit(draw_icon(inner), ((size - inner) // 2, (size - inner) // 2))
    return surface


def write_web_icons(folder: Path) -> list[Path]:
    """Write the manifest's icons into ``folder``; the paths written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, size, full_bleed in WEB_ICONS:
        path = folder / name
        pygame.image.save(draw_full_bleed(size) if full_bleed else draw_icon(size), str(path))
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    """Write the icon and print where it went."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=128, help="edge length in pixels (default 128)")
    parser.add_argument("--out", type=Path, default=Path("assets/icon.png"), help="where to write the PNG")
    parser.add_argument("--web", type=Path, metavar="FOLDER", help="write the web app manifest's icons there")
    args = parser.parse_args(argv)
    if args.web is not None:
        for path in write_web_icons(args.web):
            print(f"wrote {path} ({path.stat().st_size} bytes)")
        return 0
    if not 16 <= args.size <= 1024:
        parser.error("--size must be between 16 and 1024")
    icon = draw_icon(args.size)  # drawing and saving need no pygame.init(), so no audio is touched
    args.out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(icon, str(args.out))
    print(f"wrote {args.out} ({args.size}x{args.size}, {args.out.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
