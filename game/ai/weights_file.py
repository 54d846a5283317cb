"""The pattern weights file: its format (``encode_weights``, ``decoding_weights``), read whole or a step at a time.

The file holds each phase's class weights (``pattern_geometry``) as differences from the phase
before, in units of a step, low bytes then high bytes, compressed; ``WeightsError`` says what is
wrong with a bad one.
"""

from __future__ import annotations

import struct
import sys
import zlib
from array import array
from collections.abc import Generator, Sequence
from operator import add
from pathlib import Path
from typing import NamedTuple

from game.platform.files import read_regular_file, regular_file_chunks

from .jobs import Job
from .pattern_geometry import PATTERNS, STEP_ENTRIES, class_count, class_map

MAGIC = b"OTPW"
VERSION = 2
MAX_WEIGHTS_BYTES = 64 * 1024 * 1024
"""A weights file larger than this is refused unread (the shipped one is 0.95 MB)."""


class WeightsError(ValueError):
    """The weights file is missing, truncated or not a weights file."""


class PatternWeights(NamedTuple):
    """All weights, stored as the file holds them.

    ``deltas[phase][k]`` holds pattern ``k``'s class weights in phase
    ``phase`` minus those of the phase before (the first phase against 0),
    in units of ``step`` hundredths of a disc; ``bias[empties]`` is in
    ``DISC`` units; ``phase_of[empties]`` picks the phase.
    """

    phase_of: Sequence[int]
    step: int
    deltas: list[list[Sequence[int]]]
    bias: Sequence[int]

    @classmethod
    def from_classes(
        cls, phase_of: Sequence[int], classes: Sequence[Sequence[Sequence[int]]], bias: Sequence[int], step: int
    ) -> PatternWeights:
        """Weights from class values per phase and pattern, in units of ``step``."""
        deltas: list[list[Sequence[int]]] = []
        previous = [[0] * class_count(k) for k in range(len(PATTERNS))]
        for phase in classes:
            deltas.append(
                [[v - u for v, u in zip(now, before, strict=True)] for now, before in zip(phase, previous, strict=True)]
            )
            previous = [list(v) for v in phase]
        return cls(list(phase_of), step, deltas, list(bias))

    @property
    def n_phases(self) -> int:
        """Number of phases."""
        return len(self.deltas)

    def class_values(self, phase: int, k: int) -> list[int]:
        """Pattern ``k``'s class weights in ``phase``, in units of ``step`` (slow: for tests and tools)."""
        values = [0] * class_count(k)
        for p in range(phase + 1):
            values = list(map(add, values, self.deltas[p][k]))
        return values

    def table(self, phase: int, k: int) -> list[int]:
        """Pattern ``k``'s full weight table in ``phase``, in ``DISC`` units (slow: for tests and tools)."""
        values = self.class_values(phase, k)
        return [values[c] * self.step for c in class_map(k)]


_HEADER = struct.Struct("<4sHHHHI")
"""magic, version, number of phases, number of patterns, step, number of weights."""


def encode_weights(
    phase_of: Sequence[int], classes: Sequence[Sequence[Sequence[float]]], bias: Sequence[float], step: int = 5
) -> bytes:
    """The file bytes for class weights (``classes[phase][k][c]``) and biases, both in ``DISC`` units.

    Weights are rounded to multiples of ``step`` hundredths of a disc and
    stored as differences from the phase before (small numbers, since
    neighbouring phases are alike), low bytes then high bytes, compressed.
    """
    if len(phase_of) != 65 or not classes or any(not 0 <= p < len(classes) for p in phase_of):
        raise ValueError("phase_of needs 65 entries naming phases that exist")
    if len(bias) != 65 or not 1 <= step <= 1000:
        raise ValueError("65 biases and a step of 1-1000 are needed")
    quantised = []
    for phase in classes:
        if [len(v) for v in phase] != [class_count(k) for k in range(len(PATTERNS))]:
            raise ValueError("class weights do not match the patterns")
        quantised.append([[round(v / step) for v in values] for values in phase])
    weights = PatternWeights.from_classes(phase_of, quantised, [round(b) for b in bias], step)
    flat = array("h", [round(b) for b in bias])
    for phase_deltas in weights.deltas:
        for d in phase_deltas:
            flat.extend(d)
    if sys.byteorder == "big":
        flat.byteswap()
    raw = flat.tobytes()
    header = _HEADER.pack(MAGIC, VERSION, len(classes), len(PATTERNS), step, len(flat))
    return header + bytes(phase_of) + zlib.compress(raw[0::2] + raw[1::2], 9)


INFLATE_STEP = 1 << 17
"""Bytes of the weights a loading step inflates: about 0.5 ms natively, 1.5 ms in WebAssembly."""
READ_STEP = 1 << 18
"""Bytes of the weights file a loading step reads."""


def decoding_weights(data: bytes) -> Generator[None, None, PatternWeights]:
    """``decode_weights`` a step at a time: yields between pieces of work of a few milliseconds each."""
    if len(data) < _HEADER.size + 65:
        raise WeightsError("weights file is truncated")
    magic, version, n_phases, n_patterns, step, count = _HEADER.unpack_from(data)
    if magic != MAGIC:
        raise WeightsError("not a pattern weights file")
    if version != VERSION:
        raise WeightsError(f"weights file version {version} is not supported (this program reads {VERSION})")
    per_phase = sum(class_count(k) for k in range(len(PATTERNS)))
    if n_patterns != len(PATTERNS) or not 1 <= n_phases <= 60 or count != 65 + n_phases * per_phase or step < 1:
        raise WeightsError("weights file does not match this program's patterns")
    phase_of = list(data[_HEADER.size : _HEADER.size + 65])
    if any(p >= n_phases for p in phase_of):
        raise WeightsError("weights file is corrupt: bad phase table")
    inflate = zlib.decompressobj()
    # filled in place as it is inflated: joining the pieces at the end was one step of 6 ms in WebAssembly
    yield None
    raw = bytearray(2 * count)
    size = 0
    pending: bytes | memoryview = memoryview(data)[_HEADER.size + 65 :]  # not a copy of the whole payload
    yield None
    try:
        # bounded: never more than the header promises (plus a byte, to notice a longer payload)
        while size <= 2 * count:
            piece = inflate.decompress(pending, min(INFLATE_STEP, 2 * count + 1 - size))
            pending = inflate.unconsumed_tail
            if not piece:
                break
            raw[size : size + len(piece)] = piece
            size += len(piece)
            yield None
    except zlib.error as err:
        raise WeightsError(f"weights file is corrupt: {err}") from None
    if size != 2 * count or not inflate.eof or inflate.unused_data:
        raise WeightsError("weights file is corrupt: wrong payload size")

    def values_at(at: int, n: int) -> array[int]:
        """The ``n`` weights from ``at``, put together from their low and high byte planes."""
        interleaved = bytearray(2 * n)
        interleaved[0::2] = raw[at : at + n]
        interleaved[1::2] = raw[count + at : count + at + n]
        values = array("h")
        values.frombytes(interleaved)
        if sys.byteorder == "big":
            values.byteswap()
        return values

    deltas: list[list[Sequence[int]]] = []
    at = 65
    for _ in range(n_phases):
        phase: list[Sequence[int]] = []
        for k in range(len(PATTERNS)):
            values = array("h")
            for start in range(0, class_count(k), STEP_ENTRIES):
                values.extend(values_at(at + start, min(STEP_ENTRIES, class_count(k) - start)))
                yield None
            phase.append(values)
            at += class_count(k)
        deltas.append(phase)
    return PatternWeights(phase_of, step, deltas, values_at(0, 65))


def decode_weights(data: bytes) -> PatternWeights:
    """Weights from file bytes; ``WeightsError`` if they are not a valid weights file."""
    return Job(decoding_weights(data)).run()


def read_weights(path: Path) -> bytes:
    """The file's bytes; ``WeightsError`` if it cannot be read."""
    try:
        return read_regular_file(path, MAX_WEIGHTS_BYTES)
    except OSError as err:
        raise _unreadable(path, err) from None


def reading_weights(path: Path) -> Generator[None, None, bytes]:
    """``read_weights`` a step at a time, ``READ_STEP`` bytes a step (the whole file took 4 ms in WebAssembly)."""
    chunks = []
    try:
        for chunk in regular_file_chunks(path, MAX_WEIGHTS_BYTES, READ_STEP):
            chunks.append(chunk)
            yield None
    except OSError as err:
        raise _unreadable(path, err) from None
    return b"".join(chunks)


def _unreadable(path: Path, err: OSError) -> WeightsError:
    return WeightsError(f"cannot read weights file {path}: {err.strerror or err}")
