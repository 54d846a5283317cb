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

from .errors import ExplainedError

SQUARE_NAMES: tuple[str, ...] = tuple(f"{'abcdefgh'[i % 8]}{i // 8 + 1}" for i in range(64))
"""``SQUARE_NAMES[sq]`` is the lower-case name of square index ``sq``."""

_SQUARE_INDEX = {name: i for i, name in enumerate(SQUARE_NAMES)}
PASS_NAMES = frozenset({"pass", "pa", "ps", "--", "@@"})
"""Spellings of a pass accepted in transcripts, where the side to move must pass (read as ``'pass'``)."""

MAX_TRANSCRIPT_CHARS = 4096
"""The longest transcript text read; a whole game with move numbers and spaces is a few hundred."""

_PASSES_LONGEST_FIRST = tuple(sorted(PASS_NAMES, key=len, reverse=True))
_DIGITS = "0123456789"


class NotationError(ExplainedError):
    """Text that is not a square, a transcript or a position (an English ``template`` and its ``params``)."""


def square_name(square: int) -> str:
    """The name (``'a1'`` .. ``'h8'``) of square index ``square``."""
    if not 0 <= square < 64:
        raise NotationError("square index {square} is off the board (0-63)", square=square)
    return SQUARE_NAMES[square]


def parse_square(text: str) -> int:
    """The index of a square named like ``'d3'`` or ``'D3'``.

    Raises ``NotationError`` for anything else.
    """
    index = _SQUARE_INDEX.get(text.strip().lower()) if len(text) <= 64 else None
    if index is None:
        shown = text.strip()
        shown = shown if len(shown) <= 12 else shown[:12] + "..."
        raise NotationError("{text!r} is not a square (a1 to h8)", text=shown)
    return index


def split_transcript(text: str) -> list[str]:
    """The move names in a transcript, lower case, in order; an explicit pass is ``'pass'``.

    Accepts the common forms: ``f5d6c3``, upper case, spaces, commas, move
    numbers (``1. f5 d6 2. c3``) and passes (``pass``, ``ps``, ``--``...).
    Raises ``NotationError`` naming the ply, the text and the character where
    it is not a move. One pass over the text (no regular expressions), after
    refusing texts longer than ``MAX_TRANSCRIPT_CHARS``.
    """
    if len(text) > MAX_TRANSCRIPT_CHARS:
        raise NotationError("the transcript is too long ({count} characters; at most {most})",
                            count=len(text), most=MAX_TRANSCRIPT_CHARS)
    moves: list[str] = []
    pos, size = 0, len(text)
    while pos < size:
        char = text[pos]
        if char.isspace() or char in ",;":
            pos += 1
            continue
        if char in _DIGITS:  # a move number: digits, then one or more dots
            end = pos
            while end < size and text[end] in _DIGITS:
                end += 1
            dots = end
            while dots < size and text[dots] == ".":
                dots += 1
            if dots == end:
                raise NotationError("ply {ply}: {text!r} is not a square or a move number like '1.', at character {at}",
                                    **_where(text, pos, end, len(moves)))
            pos = dots
            continue
        pair = text[pos : pos + 2].lower()
        if pair in _SQUARE_INDEX:
            moves.append(pair)
            pos += 2
            continue
        spelled = next((p for p in _PASSES_LONGEST_FIRST if text[pos : pos + len(p)].lower() == p), None)
        if spelled is not None:
            moves.append("pass")
            pos += len(spelled)
            continue
        raise NotationError("ply {ply}: {text!r} is not a square (a1 to h8), at character {at}",
                            **_where(text, pos, pos + (2 if char.isalnum() else 1), len(moves)))
    return moves


def _where(text: str, start: int, end: int, ply_count: int) -> dict[str, object]:
    """The params of the error for ``text[start:end]`` (cut short): the ply, the text and the character."""
    return {"ply": ply_count + 1, "text": text[start : min(end, start + 12)], "at": start + 1}
