"""Colour themes: the calm classic green board and a high-contrast one for accessibility."""

from __future__ import annotations

from dataclasses import dataclass

RGB = tuple[int, int, int]


@dataclass(frozen=True)
class Theme:
    """Every colour the game draws with."""

    name: str
    background: RGB
    background_top: RGB
    panel: RGB
    panel_edge: RGB
    text: RGB
    text_dim: RGB
    accent: RGB
    accent_text: RGB
    danger: RGB
    board_frame: RGB
    felt: RGB
    felt_light: RGB
    grid: RGB
    coordinates: RGB
    black_disc: RGB
    black_highlight: RGB
    white_disc: RGB
    white_shade: RGB
    disc_edge: RGB | None
    legal_dot: RGB
    legal_ring: RGB
    """The light edge that makes the legal-move dots stand out on the felt."""
    last_move: RGB
    cursor: RGB
    hint: RGB
    bad_move: RGB
    button: RGB
    button_hover: RGB
    button_disabled: RGB
    button_text: RGB
    button_disabled_text: RGB
    """A disabled button's label: dimmer than any enabled one's, still readable."""
    button_disabled_edge: RGB
    selected: RGB
    toast: RGB
    """A toast's box (its text is ``text``; an error's is ``accent_text`` on ``danger``)."""
    shadow_alpha: int
    grid_width: int


CLASSIC = Theme(
    name="classic",
    background=(24, 33, 30),
    background_top=(34, 48, 43),
    panel=(36, 47, 44),
    panel_edge=(58, 74, 69),
    text=(236, 240, 236),
    text_dim=(160, 176, 170),
    accent=(224, 176, 72),
    accent_text=(30, 26, 18),
    danger=(240, 120, 108),
    board_frame=(58, 40, 26),
    felt=(30, 122, 74),
    felt_light=(38, 138, 84),
    grid=(20, 84, 52),
    coordinates=(214, 196, 160),
    black_disc=(26, 26, 28),
    black_highlight=(96, 96, 104),
    white_disc=(246, 246, 240),
    white_shade=(196, 198, 192),
    disc_edge=None,
    legal_dot=(10, 48, 28),
    legal_ring=(150, 214, 170),
    last_move=(236, 92, 76),
    cursor=(250, 226, 120),
    hint=(250, 210, 80),
    bad_move=(226, 54, 44),
    button=(52, 68, 63),
    button_hover=(68, 88, 81),
    button_disabled=(40, 50, 47),
    button_text=(236, 240, 236),
    button_disabled_text=(150, 162, 157),
    button_disabled_edge=(40, 50, 47),
    selected=(224, 176, 72),
    toast=(58, 74, 69),
    shadow_alpha=90,
    grid_width=2,
)

HIGH_CONTRAST = Theme(
    name="contrast",
    background=(0, 0, 0),
    background_top=(0, 0, 0),
    panel=(16, 16, 16),
    panel_edge=(255, 255, 255),
    text=(255, 255, 255),
    text_dim=(230, 230, 230),
    accent=(255, 220, 0),
    accent_text=(0, 0, 0),
    danger=(255, 90, 90),
    board_frame=(40, 40, 40),
    felt=(0, 92, 40),
    felt_light=(0, 92, 40),
    grid=(255, 255, 255),
    coordinates=(255, 255, 255),
    black_disc=(0, 0, 0),
    black_highlight=(40, 40, 40),
    white_disc=(255, 255, 255),
    white_shade=(255, 255, 255),
    disc_edge=(255, 220, 0),
    legal_dot=(255, 220, 0),
    legal_ring=(0, 0, 0),
    last_move=(255, 60, 200),
    cursor=(0, 220, 255),
    hint=(0, 220, 255),
    bad_move=(255, 60, 60),
    button=(0, 0, 0),
    button_hover=(50, 50, 50),
    button_disabled=(20, 20, 20),
    button_text=(255, 255, 255),
    button_disabled_text=(150, 150, 150),
    button_disabled_edge=(90, 90, 90),
    selected=(255, 220, 0),
    toast=(24, 24, 24),
    shadow_alpha=0,
    grid_width=3,
)

THEMES: dict[str, Theme] = {CLASSIC.name: CLASSIC, HIGH_CONTRAST.name: HIGH_CONTRAST}


def theme_named(name: str) -> Theme:
    """The theme called ``name``, or the classic one."""
    return THEMES.get(name, CLASSIC)
