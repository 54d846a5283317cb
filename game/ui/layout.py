"""Logical screen sizes and where things go on them, landscape and portrait.

Every scene draws on a fixed logical surface; the app picks the landscape
or the portrait one to suit the window (or the browser canvas) and scales
it to fit. Positions here are in logical pixels.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

LANDSCAPE = (1280, 800)
PORTRAIT = (720, 1280)
PHONE = (540, 1200)
"""Portrait on a phone: narrower than ``PORTRAIT`` so that its text is read at a phone's scale (the smallest,
16 px, is 12 CSS px on a 412 px wide phone), and as tall as a phone's screen (412 x 915 is filled)."""
PHONE_LANDSCAPE = (1200, 540)
"""A phone held sideways: as low as its text is read at a phone's scale (16 px is 12 CSS px on a 915 x 412 screen),
and as wide as such a screen's shape (2.2 : 1) fills."""
PHONE_WIDEST = 600
"""The widest window (CSS px in the browser) held upright that gets the phone's layout, and the highest held
sideways."""
PHONE_LANDSCAPE_SHAPE = 1.7
"""A window low enough for ``PHONE_LANDSCAPE`` gets it only if it is at least this many times as wide as high: a
phone's screen on its side is (1.8 to 2.3 : 1), the smallest desktop window (640 x 400, 1.6 : 1) is not."""
PHONE_TEXT_FLOOR = 16
"""On the phone's layout no text is smaller (12 CSS px on a 412 px wide phone): a smaller size asked for is raised."""


def logical_size_for(window_size: tuple[int, int]) -> tuple[int, int]:
    """The logical size that fits a window best: portrait when it is clearly taller than wide, the phone's
    portrait when it is narrow too; the phone's landscape when it is low and wide.

    >>> logical_size_for((412, 915)), logical_size_for((768, 1024)), logical_size_for((915, 412))
    ((540, 1200), (720, 1280), (1200, 540))
    >>> logical_size_for((1280, 800)), logical_size_for((640, 400))
    ((1280, 800), (1280, 800))
    """
    width, height = window_size
    if height <= width * 1.15:
        low_and_wide = height < PHONE_WIDEST and width >= height * PHONE_LANDSCAPE_SHAPE
        return PHONE_LANDSCAPE if low_and_wide else LANDSCAPE
    return PHONE if width < PHONE_WIDEST else PORTRAIT


def text_floor(size: tuple[int, int]) -> int:
    """The smallest text size on a logical surface of ``size`` (0: any size the layout asks for)."""
    return PHONE_TEXT_FLOOR if size in (PHONE, PHONE_LANDSCAPE) else 0


def is_low(size: tuple[int, int]) -> bool:
    """Whether a logical size is the phone's landscape: wide and lower than ``LANDSCAPE`` (its text at least
    ``PHONE_TEXT_FLOOR``), so a screen puts beside what it stacks on the others.

    >>> is_low(PHONE_LANDSCAPE), is_low(LANDSCAPE), is_low(PHONE)
    (True, False, False)
    """
    return not is_portrait(size) and size[1] < LANDSCAPE[1]


def is_portrait(size: tuple[int, int]) -> bool:
    """Whether a logical size is the portrait one."""
    return size[1] > size[0]


def is_phone(size: tuple[int, int]) -> bool:
    """Whether a logical size is the phone's: portrait and narrower than ``PORTRAIT`` (its text at least
    ``PHONE_TEXT_FLOOR``, so a screen stacks and wraps what sits side by side on the others).

    >>> is_phone(PHONE), is_phone(PORTRAIT), is_phone(LANDSCAPE)
    (True, False, False)
    """
    return is_portrait(size) and size[0] < PORTRAIT[0]


@dataclass(frozen=True)
class GameLayout:
    """Rects of the game and results scenes."""

    board: pygame.Rect
    cards: tuple[pygame.Rect, pygame.Rect]
    status: pygame.Rect
    buttons: tuple[pygame.Rect, ...]
    """The rows of buttons, top to bottom (two; three on the phone, where five side by side would be cramped)."""
    moves: pygame.Rect
    side: pygame.Rect
    """The whole area beside (or below) the board."""


def game_layout(size: tuple[int, int]) -> GameLayout:
    """Where the board, the player cards, the status line, the buttons and the move list go."""
    if is_portrait(size):
        width = size[0]
        if is_phone(size):  # a card each across the whole width (a level's name is long)
            cards = (pygame.Rect(16, 16, width - 32, 96), pygame.Rect(16, 120, width - 32, 96))
        else:
            half = (width - 48) // 2
            cards = (pygame.Rect(16, 16, half, 96), pygame.Rect(32 + half, 16, half, 96))
        status = pygame.Rect(16, cards[1].bottom + 8, width - 32, 56)
        board = pygame.Rect(0, status.bottom + 4, width, width)
        rows = tuple(pygame.Rect(16, board.bottom + 12 + 74 * row, width - 32, 62)
                     for row in range(3 if is_phone(size) else 2))
        moves = pygame.Rect(16, rows[-1].bottom + 14, width - 32, size[1] - 16 - rows[-1].bottom - 14)
        side = pygame.Rect(16, rows[0].top, width - 32, size[1] - 16 - rows[0].top)
        return GameLayout(board, cards, status, rows, moves, side)
    board = pygame.Rect(20, 20, size[1] - 40, size[1] - 40)
    left = board.right + 24
    width = size[0] - left - 24
    half = (width - 16) // 2
    if is_low(size):  # the same column, its bands thinner and the move list shorter, down to the board's foot
        cards = (pygame.Rect(left, 20, half, 100), pygame.Rect(left + half + 16, 20, half, 100))
        status = pygame.Rect(left, 126, width, 56)
        rows = (pygame.Rect(left, board.bottom - 124, width, 56), pygame.Rect(left, board.bottom - 56, width, 56))
        moves = pygame.Rect(left, 188, width, rows[0].top - 12 - 188)
        return GameLayout(board, cards, status, rows, moves, pygame.Rect(left, 20, width, board.height))
    cards = (pygame.Rect(left, 28, half, 104), pygame.Rect(left + half + 16, 28, half, 104))
    status = pygame.Rect(left, 144, width, 64)
    moves = pygame.Rect(left, 220, width, 384)
    rows = (pygame.Rect(left, 622, width, 60), pygame.Rect(left, 696, width, 60))
    side = pygame.Rect(left, 28, width, size[1] - 56)
    return GameLayout(board, cards, status, rows, moves, side)


def menu_column(size: tuple[int, int], count: int, top: int | None = None, height: int = 72,
                gap: int = 16, width: int = 520) -> list[pygame.Rect]:
    """``count`` stacked button rects centred horizontally."""
    column_width = min(width, size[0] - 48)
    start = top if top is not None else (size[1] - count * height - (count - 1) * gap) // 2
    left = (size[0] - column_width) // 2
    return [pygame.Rect(left, start + i * (height + gap), column_width, height) for i in range(count)]
