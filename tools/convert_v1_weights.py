"""Convert the first shipped weights (file format 1: full int16 tables, 15 phases) to the current format.

For the benchmarks only: ``bench/weights/patterns-v1.bin`` keeps the
evaluation trained on self-play (commit a2bc6c2), which the WTHOR-trained
one replaced, so ladders and accuracy reports can set the two side by side.
The values are kept exactly (step 1, the old phases).

    git show a2bc6c2:game/ai/weights/patterns.bin > build/patterns-v1-original.bin
    python -m tools.convert_v1_weights build/patterns-v1-original.bin bench/weights/patterns-v1.bin
"""

from __future__ import annotations

import array
import struct
import sys
import zlib
from pathlib import Path

from game.ai.lab import PATTERNS, class_count, class_map, encode_weights

V1_PHASES = 15


def read_v1(data: bytes) -> tuple[list[int], list[list[list[int]]]]:
    """(bias per empties, full tables per phase and pattern) of a format-1 file."""
    magic, version, n_phases, n_patterns, count = struct.unpack_from("<4sHHHI", data)
    if magic != b"OTPW" or version != 1 or n_phases != V1_PHASES or n_patterns != len(PATTERNS):
        raise SystemExit("not a format-1 weights file")
    values = array.array("h")
    values.frombytes(zlib.decompress(data[struct.calcsize("<4sHHHI") :]))
    if sys.byteorder == "big":
        values.byteswap()
    bias = list(values[:65])
    tables, at = [], 65
    for _ in range(n_phases):
        phase = []
        for pattern in PATTERNS:
            phase.append(list(values[at : at + pattern.size]))
            at += pattern.size
        tables.append(phase)
    return bias, tables


def main(argv: list[str]) -> int:
    """Read a format-1 file, write it in the current format."""
    source, target = Path(argv[0]), Path(argv[1])
    bias, tables = read_v1(source.read_bytes())
    classes = []
    for phase in tables:
        row = []
        for k, table in enumerate(phase):
            values = [0] * class_count(k)
            for index, c in enumerate(class_map(k)):
                values[c] = table[index]
            row.append(values)
        classes.append(row)
    phase_of = [min(V1_PHASES - 1, max(0, (e - 1) // 4)) for e in range(65)]
    target.write_bytes(encode_weights(phase_of, classes, bias, step=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
