"""A font file's tables, read without any font library: whether the file is whole, which characters it has.

pygame cannot tell either. Handed a truncated font, a zeroed ``head`` table,
a ``hmtx`` or ``loca`` entry of length 0 or a damaged ``CFF `` table,
pygame-ce 2.5 crashes the process (a segmentation fault), so every font is
checked with ``font_problem`` before pygame sees it: the structure FreeType
relies on and every table's checksum. The browser has no child process to
try a font in, so the check is pure Python. And ``Font.metrics`` of a missing character gives ``None``
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
>>> at = data.index(b"head") + 8  # the head table's offset, in its directory entry
>>> head = int.from_bytes(data[at:at + 4], "big")
>>> font_problem(data[:head] + bytes(54) + data[head + 54:])
"the 'head' table does not match its checksum"
"""

from __future__ import annotations

import array
import struct
import sys

MAX_SUBTABLE_GROUPS = 1 << 20
"""A format 12 subtable with more groups than this is damaged (a whole Unicode font has a few thousand)."""
MAX_CODES = 1 << 18
"""A table mapping more code points than this (overlapping ranges) is damaged: reading stops there."""


SFNT_VERSIONS = (b"\x00\x01\x00\x00", b"OTTO", b"true")
"""How a TrueType or OpenType (CFF) font file begins (collections are not used here)."""
MAX_TABLES = 512
"""A directory of more tables than this is damaged (a whole Unicode font has about 30)."""
NEEDED_TABLES = (b"cmap", b"head", b"hhea", b"hmtx", b"maxp")
"""The tables FreeType and SDL_ttf read from every font (the outlines aside)."""
SHORTEST = {b"cmap": 4, b"head": 54, b"hhea": 36, b"maxp": 6, b"loca": 2}
"""The fewest bytes each table has in a whole font."""
HEAD_MAGIC = 0x5F0F3CF5
FILE_CHECKSUM = 0xB1B0AFBA
"""What a whole font file's 32-bit words add up to (the ``head`` table's checkSumAdjustment makes it so)."""
_WORDS = next(code for code in "IL" if array.array(code).itemsize == 4)
"""The array type code of unsigned 32-bit numbers on this machine (for the checksums)."""


class DamagedFont(ValueError):
    """What is wrong with a font file (the message says which table and how)."""


def is_whole_font(data: bytes) -> bool:
    """Whether ``data`` is a font file ``font_problem`` finds nothing wrong with."""
    return font_problem(data) is None


def font_problem(data: bytes) -> str | None:
    """What is wrong with the font file ``data`` (a short English text), or ``None`` if it is fit for pygame.

    Checked without any font library, since FreeType (inside pygame) crashes the whole process on some damaged
    fonts: the table directory (every table within the file, none overlapping another), the tables FreeType
    needs (``cmap``, ``head``, ``hhea``, ``hmtx``, ``maxp`` and the outlines, ``glyf`` with ``loca`` or ``CFF ``
    or ``CFF2``), each table's checksum against its directory entry, and the numbers that size the other tables
    (the glyph count, the metrics count, the ``loca`` offsets, the ``CFF `` indexes). The work is one pass over
    the file's bytes (about 5 ms a megabyte).
    """
    try:
        _check(data)
    except DamagedFont as problem:
        return str(problem)
    except (struct.error, IndexError):
        return "a table ends before its data does"
    return None


def _directory(data: bytes) -> dict[bytes, tuple[int, int, int]]:
    """The table directory, tag -> (checksum, offset, length), each table found within the file."""
    if len(data) < 12 or data[:4] not in SFNT_VERSIONS:
        raise DamagedFont("not a TrueType or OpenType font")
    (count,) = struct.unpack_from(">H", data, 4)
    end = 12 + 16 * count
    if not 0 < count <= MAX_TABLES or end > len(data):
        raise DamagedFont(f"a table directory of {count} tables")
    tables: dict[bytes, tuple[int, int, int]] = {}
    for i in range(count):
        tag, checksum, offset, length = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        name = tag.decode("latin-1")
        if tag in tables:
            raise DamagedFont(f"two {name!r} tables")
        if offset % 4 or offset < end or offset + length > len(data):
            raise DamagedFont(f"the {name!r} table lies outside the file")
        tables[tag] = (checksum, offset, length)
    last_end = end
    for tag, (_checksum, offset, length) in sorted(tables.items(), key=lambda item: item[1][1]):
        if offset < last_end:
            raise DamagedFont(f"the {tag.decode('latin-1')!r} table overlaps another")
        if data[last_end:offset].strip(b"\0"):
            raise DamagedFont(f"bytes other than padding before the {tag.decode('latin-1')!r} table")
        last_end = offset + length
    if data[last_end:].strip(b"\0"):
        raise DamagedFont("bytes other than padding after the last table")
    return tables


def _checksum(table: bytes) -> int:
    """The sum of ``table``'s big-endian 32-bit words (zeros padding the last), modulo 2**32."""
    words = array.array(_WORDS, table + bytes(-len(table) % 4))
    if sys.byteorder == "little":
        words.byteswap()
    return sum(words) & 0xFFFFFFFF


def _check(data: bytes) -> None:
    tables = _directory(data)
    for tag in NEEDED_TABLES:
        if tag not in tables:
            raise DamagedFont(f"no {tag.decode('latin-1')!r} table")
    truetype = data[:4] != b"OTTO"
    outlines = (b"glyf", b"loca") if truetype else (b"CFF ",) if b"CFF " in tables else (b"CFF2",)
    for tag in outlines:
        if tag not in tables:
            raise DamagedFont(f"no {tag.decode('latin-1')!r} table")
    table: dict[bytes, bytes] = {}
    for tag, (checksum, offset, length) in tables.items():
        name = tag.decode("latin-1")
        table[tag] = data[offset:offset + length]
        if length < SHORTEST.get(tag, 0):
            raise DamagedFont(f"the {name!r} table is {length} bytes long")
        summed = table[tag][:8] + bytes(4) + table[tag][12:] if tag == b"head" else table[tag]
        if _checksum(summed) != checksum:
            raise DamagedFont(f"the {name!r} table does not match its checksum")
    # With every table's checksum right and nothing but zeros between the tables, the whole file's checksum
    # (which the head's checkSumAdjustment completes to a constant) is the directory's plus the tables'.
    header = data[:12 + 16 * len(tables)]
    whole = (_checksum(header) + sum(checksum for checksum, _offset, _length in tables.values())) & 0xFFFFFFFF
    (adjustment,) = struct.unpack_from(">I", table[b"head"], 8)
    if (whole + adjustment) & 0xFFFFFFFF != FILE_CHECKSUM:
        raise DamagedFont("the table directory does not match the file's checksum")
    glyphs = _head_and_metrics(table)
    if truetype:
        _check_loca(table, glyphs)
    elif b"CFF " in table:
        _check_cff(table[b"CFF "], glyphs)
    elif table[b"CFF2"][:1] != b"\x02" or len(table[b"CFF2"]) < 5:
        raise DamagedFont("the 'CFF2' table has no header")
    _check_cmap(table[b"cmap"])


def _head_and_metrics(table: dict[bytes, bytes]) -> int:
    """Check ``head``, ``maxp``, ``hhea`` and ``hmtx``; the number of glyphs."""
    head = table[b"head"]
    major, _minor, _revision, _adjustment, magic, _flags, units = struct.unpack_from(">HHIIIHH", head)
    (loca_format,) = struct.unpack_from(">h", head, 50)
    if major != 1 or magic != HEAD_MAGIC:
        raise DamagedFont("the 'head' table is not one")
    if not 16 <= units <= 16384 or loca_format not in (0, 1):
        raise DamagedFont(f"the 'head' table gives {units} units per em, 'loca' format {loca_format}")
    maxp = table[b"maxp"]
    version, glyphs = struct.unpack_from(">IH", maxp)
    if version not in (0x5000, 0x10000) or (version == 0x10000 and len(maxp) < 32) or glyphs == 0:
        raise DamagedFont(f"the 'maxp' table gives {glyphs} glyphs")
    hhea = table[b"hhea"]
    (hhea_major,) = struct.unpack_from(">H", hhea)
    (metrics,) = struct.unpack_from(">H", hhea, 34)
    if hhea_major != 1 or not 1 <= metrics <= glyphs:
        raise DamagedFont(f"the 'hhea' table gives {metrics} metrics for {glyphs} glyphs")
    if len(table[b"hmtx"]) < 4 * metrics + 2 * (glyphs - metrics):
        raise DamagedFont(f"the 'hmtx' table is too short for {glyphs} glyphs")
    return int(glyphs)


def _check_loca(table: dict[bytes, bytes], glyphs: int) -> None:
    """The glyph offsets: one more than the glyphs, never decreasing, none beyond ``glyf``."""
    (loca_format,) = struct.unpack_from(">h", table[b"head"], 50)
    step, code = (4, "I") if loca_format else (2, "H")
    loca = table[b"loca"]
    if len(loca) < step * (glyphs + 1):
        raise DamagedFont(f"the 'loca' table is too short for {glyphs} glyphs")
    offsets = struct.unpack_from(f">{glyphs + 1}{code}", loca)
    if any(later < earlier for earlier, later in zip(offsets, offsets[1:], strict=False)) or (
            offsets[-1] * (1 if loca_format else 2) > len(table[b"glyf"])):
        raise DamagedFont("the 'loca' table's offsets are out of order or beyond 'glyf'")


def _cff_index(cff: bytes, at: int) -> tuple[int, int, int]:
    """The INDEX at ``at`` in a ``CFF `` table: (its count, where its data begins, where it ends)."""
    (count,) = struct.unpack_from(">H", cff, at)
    if count == 0:
        return 0, at + 2, at + 2
    size = cff[at + 2]
    if not 1 <= size <= 4:
        raise DamagedFont("a damaged 'CFF ' table (an index's offset size)")
    offsets_at = at + 3
    data_at = offsets_at + (count + 1) * size - 1  # the offsets count from 1
    first = int.from_bytes(cff[offsets_at:offsets_at + size], "big")
    last = int.from_bytes(cff[offsets_at + count * size:offsets_at + (count + 1) * size], "big")
    if first != 1 or last < first or data_at + last > len(cff):
        raise DamagedFont("a damaged 'CFF ' table (an index beyond it)")
    return count, data_at + 1, data_at + last


def _dict_operands(data: bytes) -> dict[int, list[int]]:
    """A CFF DICT's whole-number operands by operator (12 x as 1200 + x; real numbers count as 0)."""
    found: dict[int, list[int]] = {}
    operands: list[int] = []
    at = 0
    while at < len(data):
        b0 = data[at]
        if b0 <= 21:
            operator = 1200 + data[at + 1] if b0 == 12 else b0
            at += 2 if b0 == 12 else 1
            found[operator], operands = operands, []
        elif b0 == 28:
            operands.append(struct.unpack_from(">h", data, at + 1)[0])
            at += 3
        elif b0 == 29:
            operands.append(struct.unpack_from(">i", data, at + 1)[0])
            at += 5
        elif b0 == 30:  # a real: nibbles up to one of 0xf
            at += 1
            while data[at] & 0x0F != 0x0F and data[at] >> 4 != 0x0F:
                at += 1
            at += 1
            operands.append(0)
        elif 32 <= b0 <= 246:
            operands.append(b0 - 139)
            at += 1
        elif 247 <= b0 <= 254:
            value = (b0 - 247) * 256 + data[at + 1] + 108 if b0 <= 250 else -(b0 - 251) * 256 - data[at + 1] - 108
            operands.append(value)
            at += 2
        else:
            raise DamagedFont("a damaged 'CFF ' table (its top DICT)")
    return found


def _check_cff(cff: bytes, glyphs: int) -> None:
    """The ``CFF `` header and its first four indexes within the table, and one charstring a glyph."""
    major, _minor, header_size, offset_size = struct.unpack_from(">BBBB", cff)
    if major != 1 or header_size < 4 or not 1 <= offset_size <= 4:
        raise DamagedFont("the 'CFF ' table has no header")
    names, _start, end = _cff_index(cff, header_size)
    top_count, top_start, top_end = _cff_index(cff, end)
    _strings, _start, end = _cff_index(cff, top_end)
    _cff_index(cff, end)  # the global subroutines
    if names != 1 or top_count != 1:
        raise DamagedFont("a damaged 'CFF ' table (not one font)")
    top = _dict_operands(cff[top_start:top_end])
    charstrings = top.get(17)
    if not charstrings or not 0 < charstrings[-1] < len(cff) or _cff_index(cff, charstrings[-1])[0] != glyphs:
        raise DamagedFont(f"the 'CFF ' table does not hold {glyphs} glyphs")


def _check_cmap(cmap: bytes) -> None:
    """A Unicode subtable of format 4 or 12 (what SDL_ttf and ``font_characters`` read) within the table."""
    _version, count = struct.unpack_from(">HH", cmap)
    for i in range(count):
        platform, encoding, offset = struct.unpack_from(">HHI", cmap, 4 + 8 * i)
        if platform not in (0, 3) or (platform == 3 and encoding not in (1, 10)) or offset + 8 > len(cmap):
            continue
        (fmt,) = struct.unpack_from(">H", cmap, offset)
        if fmt == 4:
            length, _language, segments_x2 = struct.unpack_from(">HHH", cmap, offset + 2)
            if segments_x2 and not segments_x2 % 2 and 16 + 4 * segments_x2 <= length <= len(cmap) - offset:
                return
        elif fmt == 12:
            _reserved, length, _language, groups = struct.unpack_from(">HIII", cmap, offset + 2)
            if 16 + 12 * groups <= length <= len(cmap) - offset:
                return
    raise DamagedFont("the 'cmap' table has no Unicode map")


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
