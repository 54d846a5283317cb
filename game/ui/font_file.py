"""A font file's tables, read without any font library: whether the file is whole, which characters it has.

pygame cannot tell either. Handed a truncated font, ``pygame.font.Font``
returns an object whose first use crashes the process (a segmentation
fault, pygame-ce 2.5), so every font is checked with ``is_whole_font`` before
pygame sees it. And ``Font.metrics`` of a missing character gives ``None``
in some fonts and the missing glyph's box in others (the cut Noto Sans CJK):
the text renderer asks ``font_characters`` to draw a character its font
lacks with the fallback font instead of a box.

>>> import pathlib
>>> data = (pathlib.Path(__file__).parents[2] / "assets/fonts/DejaVuSans.ttf").read_bytes()
>>> chars = font_characters(data)
>>> ord("é") in chars, ord("日") in chars
(True, False)
>>> is_whole_font(data), is_whole_font(data[: len(data) // 2]), is_whole_font(b"not a font")
(True, False, False)
"""

from __future__ import annotations

import struct

MAX_SUBTABLE_GROUPS = 1 << 20
"""A format 12 subtable with more groups than this is damaged (a whole Unicode font has a few thousand)."""
MAX_CODES = 1 << 18
"""A table mapping more code points than this (overlapping ranges) is damaged: reading stops there."""


SFNT_VERSIONS = (b"\x00\x01\x00\x00", b"OTTO", b"true")
"""How a TrueType or OpenType (CFF) font file begins (collections are not used here)."""


def is_whole_font(data: bytes) -> bool:
    """Whether ``data`` is a font file whose every table lies within it (no truncated download or copy)."""
    if len(data) < 12 or data[:4] not in SFNT_VERSIONS:
        return False
    (num_tables,) = struct.unpack_from(">H", data, 4)
    if num_tables == 0 or len(data) < 12 + 16 * num_tables:
        return False
    for i in range(num_tables):
        _tag, _checksum, offset, length = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        if offset + length > len(data):
            return False
    return True


def font_characters(data: bytes) -> frozenset[int]:
    """The code points ``data`` (a TrueType or OpenType font) maps to a glyph other than the missing one.

    A font this cannot read (no ``cmap``, a truncated table) yields the empty set: every character then
    counts as missing, which only means the fallback font is asked first.
    """
    try:
        return frozenset(_read(data))
    except (struct.error, IndexError, ValueError):
        return frozenset()


def _read(data: bytes) -> set[int]:
    (num_tables,) = struct.unpack_from(">H", data, 4)
    cmap_offset = None
    for i in range(num_tables):
        tag, _checksum, offset, _length = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        if tag == b"cmap":
            cmap_offset = offset
    if cmap_offset is None:
        raise ValueError("no cmap table")
    _version, count = struct.unpack_from(">HH", data, cmap_offset)
    subtables: list[int] = []
    for i in range(count):
        platform, encoding, offset = struct.unpack_from(">HHI", data, cmap_offset + 4 + 8 * i)
        if (platform, encoding) in ((3, 10), (0, 4), (0, 6)):
            subtables.insert(0, cmap_offset + offset)  # full Unicode first
        elif (platform, encoding) in ((3, 1), (0, 3), (0, 1), (0, 0)):
            subtables.append(cmap_offset + offset)
    for start in subtables:
        (fmt,) = struct.unpack_from(">H", data, start)
        if fmt == 12:
            return _format12(data, start)
        if fmt == 4:
            return _format4(data, start)
    raise ValueError("no Unicode cmap subtable this reads")


def _format4(data: bytes, start: int) -> set[int]:
    (seg_x2,) = struct.unpack_from(">H", data, start + 6)
    segments = seg_x2 // 2
    ends = struct.unpack_from(f">{segments}H", data, start + 14)
    starts = struct.unpack_from(f">{segments}H", data, start + 16 + seg_x2)
    deltas = struct.unpack_from(f">{segments}h", data, start + 16 + 2 * seg_x2)
    range_at = start + 16 + 3 * seg_x2
    range_offsets = struct.unpack_from(f">{segments}H", data, range_at)
    if sum(max(0, end - begin + 1) for begin, end in zip(starts, ends, strict=True)) > MAX_CODES:
        raise ValueError("too many code points")
    found: set[int] = set()
    for i in range(segments):
        for code in range(starts[i], ends[i] + 1):
            if code == 0xFFFF:
                continue
            if range_offsets[i] == 0:
                glyph = (code + deltas[i]) & 0xFFFF
            else:
                at = range_at + 2 * i + range_offsets[i] + 2 * (code - starts[i])
                (glyph,) = struct.unpack_from(">H", data, at)
                if glyph:
                    glyph = (glyph + deltas[i]) & 0xFFFF
            if glyph:
                found.add(code)
    return found


def _format12(data: bytes, start: int) -> set[int]:
    (groups,) = struct.unpack_from(">I", data, start + 12)
    if groups > MAX_SUBTABLE_GROUPS:
        raise ValueError("too many cmap groups")
    found: set[int] = set()
    total = 0
    for i in range(groups):
        first, last, glyph = struct.unpack_from(">III", data, start + 16 + 12 * i)
        total += last - first + 1
        if last < first or last > 0x10FFFF or total > MAX_CODES:
            raise ValueError("a damaged cmap group")
        found.update(code for offset, code in enumerate(range(first, last + 1)) if glyph + offset)
    return found
