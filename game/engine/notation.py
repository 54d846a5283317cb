"""Square names and transcripts.

Columns a-h run left to right and rows 1-8 top to bottom, so a1 is the
top-left square (bit 0) and h8 the bottom-right one (bit 63).

>>> square_name(0), square_name(63), parse_square("F5")
('a1', 'h8', 37)
>>> split_transcript("F5 d6 c3")
['f5', 'd6', 'c3']
>>> split_transcript("1. f5 d6 2. c3")
['f5', 'd6', 'c3']
"""

from __future__ import annotations

import re

SQUARE_NAMES: tuple[str, ...] = tuple(f"{'abcdefgh'[i % 8]}{i // 8 + 1}" for i in range(64))
"""``SQUARE_NAMES[sq]`` is the lower-case name of square index ``sq``."""

_SQUARE_INDEX = {name: i for i, name in enumerate(SQUARE_NAMES)}
PASS_NAMES = frozenset({"pass", "pa", "ps", "--", "@@"})
"""Spellings of a pass accepted where a move is read (GTP, typed input)."""

_MOVE_NUMBER = re.compile(r"\d+\.+")
_TOKEN = re.compile(r"[a-h][1-8]")


class NotationError(ValueError):
    """Text that is not a square, a transcript or a position."""


def square_name(square: int) -> str:
    """The name (``'a1'`` .. ``'h8'``) of square index ``square``."""
    if not 0 <= square < 64:
        raise NotationError(f"square index {square} is off the board (0-63)")
    return SQUARE_NAMES[square]


def parse_square(text: str) -> int:
    """The index of a square named like ``'d3'`` or ``'D3'``.

    Raises ``NotationError`` for anything else.
    """
    index = _SQUARE_INDEX.get(text.strip().lower())
    if index is None:
        raise NotationError(f"{text.strip()!r} is not a square (a1 to h8)")
    return index


def split_transcript(text: str) -> list[str]:
    """The move names in a transcript, lower case, in order.

    Accepts the common forms: ``f5d6c3``, upper case, spaces, commas and move
    numbers (``1. f5 d6 2. c3``). Raises ``NotationError`` naming the first
    thing that is not a square.
    """
    cleaned = _MOVE_NUMBER.sub(" ", text.lower())
    cleaned = re.sub(r"[\s,;]+", "", cleaned)
    moves: list[str] = []
    pos = 0
    while pos < len(cleaned):
        match = _TOKEN.match(cleaned, pos)
        if match is None:
            bad = cleaned[pos : pos + 2]
            raise NotationError(f"ply {len(moves) + 1}: {bad!r} is not a square (a1 to h8)")
        moves.append(match.group())
        pos = match.end()
    return moves
