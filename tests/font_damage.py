"""Damaged copies of a font file, each as one way a download, a disk or an editor can spoil it.

``damaged_variants(data)`` names each copy (``"head zeroed"``, ``"byte 1234 flipped"``...). They are the
kinds issue 46 found crashing pygame-ce (a segmentation fault) or stopping the start: a table zeroed or
filled with 0xff, a directory entry of length 0, a directory cut to one table, a truncated file, flipped
bytes, a damaged ``CFF `` table.
"""

from __future__ import annotations

import struct

FLIPS = 24
"""How many single flipped bytes, spread over the file, make a variant each."""


def tables(data: bytes) -> dict[bytes, tuple[int, int, int]]:
    """The font's table directory: tag -> (where its record is, the table's offset, its length)."""
    (count,) = struct.unpack_from(">H", data, 4)
    found = {}
    for i in range(min(count, (len(data) - 12) // 16)):
        record = 12 + 16 * i
        tag, _checksum, offset, length = struct.unpack_from(">4sIII", data, record)
        found[tag] = (record, offset, length)
    return found


def _filled(data: bytes, offset: int, length: int, byte: int) -> bytes:
    return data[:offset] + bytes([byte]) * length + data[offset + length:]


def damaged_variants(data: bytes) -> dict[str, bytes]:
    """Damaged copies of the font ``data``, by what was done to each."""
    variants: dict[str, bytes] = {}
    directory = tables(data)
    for tag, (record, offset, length) in directory.items():
        name = tag.decode("latin-1").strip()
        variants[f"{name} zeroed"] = _filled(data, offset, length, 0)
        variants[f"{name} filled with 0xff"] = _filled(data, offset, length, 0xFF)
        variants[f"{name} of length 0"] = data[:record + 12] + bytes(4) + data[record + 16:]
    variants["numTables 1"] = data[:4] + struct.pack(">H", 1) + data[6:]
    variants["numTables 0"] = data[:4] + struct.pack(">H", 0) + data[6:]
    variants["numTables 0xffff"] = data[:4] + struct.pack(">H", 0xFFFF) + data[6:]
    variants["truncated to half"] = data[: len(data) // 2]
    variants["truncated by one byte"] = data[:-1]
    variants["directory only"] = data[: 12 + 16 * len(directory)]
    for i in range(FLIPS):
        at = 12 + (len(data) - 13) * i // (FLIPS - 1)
        variants[f"byte {at} flipped"] = data[:at] + bytes([data[at] ^ 0xFF]) + data[at + 1:]
    if b"CFF " in directory:
        _record, offset, length = directory[b"CFF "]
        for part in range(4):
            at = offset + length * part // 4
            variants[f"CFF quarter {part} zeroed"] = _filled(data, at, min(64, length - (at - offset)), 0)
    return variants


def _sum(data: bytes) -> int:
    padded = data + bytes(-len(data) % 4)
    return sum(struct.unpack(f">{len(padded) // 4}I", padded)) & 0xFFFFFFFF


def with_checksums_made_right(data: bytes) -> bytes:
    """``data`` with every table's checksum and the file's made to match what it holds (as a font editor
    saving a damaged font would): damage only the other checks can find."""
    out = bytearray(data)
    directory = tables(data)
    head = directory.get(b"head")
    if head is not None and head[2] >= 12:
        out[head[1] + 8:head[1] + 12] = bytes(4)
    for record, offset, length in directory.values():
        if offset + length <= len(out):
            out[record + 4:record + 8] = struct.pack(">I", _sum(bytes(out[offset:offset + length])))
    if head is not None and head[2] >= 12:
        out[head[1] + 8:head[1] + 12] = struct.pack(">I", (0xB1B0AFBA - _sum(bytes(out))) & 0xFFFFFFFF)
    return bytes(out)
