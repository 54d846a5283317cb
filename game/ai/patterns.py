"""The trained pattern evaluation: Logistello/Edax-style patterns with weights per game phase.

A pattern is a set of squares; each of its instances (its images under the
board's eight symmetries) reads the squares as a base-3 number (0 empty,
1 side to move, 2 opponent), and a table per pattern and game phase turns
that number into a score. The evaluation is the sum over all 46 instances
plus a constant per number of empty squares, in hundredths of a disc of
final disc difference for the side to move (``DISC`` units, ``game.ai.evaluation``).

Patterns (canonical instance; the others are its symmetric images):

============  ================================  ==========
name          squares                           instances
============  ================================  ==========
edge_x        a1-h1 with b2, g2                 4
corner3       a1-c3 (3x3)                       4
corner25      a1-e1, a2-e2 (2x5)                8
line2         a2-h2                             4
line3         a3-h3                             4
line4         a4-h4                             4
diag8         a1-h8                             2
diag7         a2-g8                             4
diag6         a3-f8                             4
diag5         a4-e8                             4
diag4         a5-d8                             4
============  ================================  ==========

Weights are tied across symmetric readings (a pattern read backwards scores
the same), so the evaluation is exactly invariant under the 8 symmetries.

Speed (this runs in pure CPython inside the search): the two boards are
packed into one wide int, transposed (columns become rows) and
"pseudo-rotated" by 45 degrees (each diagonal becomes part of one byte) with
a few shift-and-mask steps on all of them at once, then cut into 64 bytes
with one ``struct`` call. A byte of each colour gives a line's base-3 code by
two 256-entry table look-ups; every pattern index is then one or a few
look-ups on those codes. There is no loop in the hot path.

>>> from game.engine import Position
>>> evaluate = default_evaluation()
>>> start = Position.start()
>>> abs(evaluate(start.player, start.opponent)) < 300
True
"""

from __future__ import annotations

import struct
import sys
import zlib
from array import array
from collections.abc import Callable, Generator, Iterator, Sequence
from functools import cache
from itertools import accumulate
from operator import add
from pathlib import Path
from typing import NamedTuple

from game.engine.bitboard import Bitboard
from game.engine.notation import parse_square
from game.engine.symmetry import map_square
from game.platform.files import read_regular_file, regular_file_chunks

from .evaluation import HeuristicEvaluation
from .jobs import Job

WEIGHTS_PATH = Path(__file__).parent / "weights" / "patterns.bin"
MAX_WEIGHTS_BYTES = 64 * 1024 * 1024
"""A weights file larger than this is refused unread (the shipped one is 0.95 MB)."""
"""The shipped weights; looked up at each load, so a test can point it at a copy (damaged or not)."""
MAGIC = b"OTPW"
VERSION = 2


class Pattern(NamedTuple):
    """A pattern: its name and canonical squares, digit ``i`` worth ``3**i``."""

    name: str
    squares: tuple[int, ...]

    @property
    def size(self) -> int:
        """Number of entries of its weight table."""
        return int(3 ** len(self.squares))

    @classmethod
    def of(cls, name: str, squares: str) -> Pattern:
        """The pattern ``name`` on the squares named in ``squares``, in digit order.

        >>> Pattern.of("corner", "a1 b1 a2").squares
        (0, 1, 8)
        """
        return cls(name, tuple(parse_square(square) for square in squares.split()))


PATTERNS: tuple[Pattern, ...] = (
    Pattern.of("edge_x", "a1 b1 c1 d1 e1 f1 g1 h1 b2 g2"),
    Pattern.of("corner3", "a1 b1 c1 a2 b2 c2 a3 b3 c3"),
    Pattern.of("corner25", "a1 b1 c1 d1 e1 a2 b2 c2 d2 e2"),
    Pattern.of("line2", "a2 b2 c2 d2 e2 f2 g2 h2"),
    Pattern.of("line3", "a3 b3 c3 d3 e3 f3 g3 h3"),
    Pattern.of("line4", "a4 b4 c4 d4 e4 f4 g4 h4"),
    Pattern.of("diag8", "a1 b2 c3 d4 e5 f6 g7 h8"),
    Pattern.of("diag7", "a2 b3 c4 d5 e6 f7 g8"),
    Pattern.of("diag6", "a3 b4 c5 d6 e7 f8"),
    Pattern.of("diag5", "a4 b5 c6 d7 e8"),
    Pattern.of("diag4", "a5 b6 c7 d8"),
)

N_PHASES = 20
"""Game phases of the shipped weights: 1-3 empty squares, 4-6, ..., 58-60 (a file may choose others)."""


def phase_table(n_phases: int) -> tuple[int, list[int]]:
    """``n_phases`` equal phases over 1-60 empties: (n_phases, phase of each empties count 0-64).

    >>> phase_table(20)[1][1:8]
    [0, 0, 0, 1, 1, 1, 2]
    """
    return n_phases, [min(n_phases - 1, (max(e, 1) - 1) * n_phases // 60) for e in range(65)]


PHASE_OF_EMPTIES: tuple[int, ...] = tuple(phase_table(N_PHASES)[1])


def instances(pattern: Pattern) -> list[tuple[int, ...]]:
    """The distinct instances of a pattern (one ordered square list per distinct square set).

    The images under the board's symmetries (``game.engine.symmetry``); where two
    symmetries give one square set, their readings differ by a symmetric reading of
    the pattern, which shares its weight, so either serves.
    """
    seen: set[frozenset[int]] = set()
    found = []
    for s in range(8):
        image = tuple(map_square(s, sq) for sq in pattern.squares)
        if frozenset(image) not in seen:
            seen.add(frozenset(image))
            found.append(image)
    return found


def self_permutations(pattern: Pattern) -> list[tuple[int, ...]]:
    """Digit permutations of the symmetries that map the pattern's squares onto themselves.

    ``perm[i]`` is the digit that square ``i`` moves to; the identity is included.
    """
    position = {sq: i for i, sq in enumerate(pattern.squares)}
    perms = []
    for s in range(8):
        image = [map_square(s, sq) for sq in pattern.squares]
        if set(image) == set(pattern.squares):
            perm = tuple(position[sq] for sq in image)
            if perm not in perms:
                perms.append(perm)
    return perms


def canonical_indices(pattern: Pattern) -> list[int]:
    """For each index of the pattern, the smallest index of a symmetric reading of the same squares.

    Indices with the same canonical index must share one weight; then the
    evaluation does not depend on which way round an instance is read.
    """
    n = len(pattern.squares)
    perms = self_permutations(pattern)
    powers = [3**i for i in range(n)]
    canon = []
    for index in range(pattern.size):
        digits = [index // powers[i] % 3 for i in range(n)]
        canon.append(min(sum(digits[i] * powers[perm[i]] for i in range(n)) for perm in perms))
    return canon


def reference_indices(pattern: Pattern, player: Bitboard, opponent: Bitboard) -> list[int]:
    """Base-3 index of every instance, square by square (slow and obviously right)."""
    out = []
    for squares in instances(pattern):
        index = 0
        for i, sq in enumerate(squares):
            if player >> sq & 1:
                index += 3**i
            elif opponent >> sq & 1:
                index += 2 * 3**i
        out.append(index)
    return out


# -- classes of readings -----------------------------------------------------------


_CLASS_MAPS: dict[int, list[int]] = {}
_STEP_ENTRIES = 2048
"""Table entries handled per warm-up step: about 0.3 ms natively and 1 ms in WebAssembly, so a frame's slice
of the warm-up ends within about a millisecond of its budget there (``bench/slices.py``)."""


def class_map(k: int) -> list[int]:
    """For pattern ``k``, the class of each index: symmetric readings of the same squares share a class.

    Classes are numbered by their smallest index, so class ``c`` is the
    ``c``-th smallest index that no symmetric reading makes smaller (the
    order ``canonical_indices`` gives).
    """
    if k not in _CLASS_MAPS:
        for _ in building_class_map(k):
            pass
    return _CLASS_MAPS[k]


def building_class_map(k: int) -> Iterator[None]:
    """Build ``class_map(k)``, yielding between slices of the work (the evaluation's warm-up runs it).

    Built from two half-tables per symmetry instead of digit by digit.
    """
    if k in _CLASS_MAPS:
        return
    pattern = PATTERNS[k]
    n = len(pattern.squares)
    size = pattern.size
    low_digits = n // 2
    low_size = 3**low_digits
    others = [perm for perm in self_permutations(pattern) if list(perm) != list(range(n))]
    if not others:
        _CLASS_MAPS[k] = list(range(size))  # no symmetry maps the pattern onto itself: each reading its own class
        return
    rows = max(1, _STEP_ENTRIES // low_size)  # high-digit values per step
    canon = list(range(size))
    for perm in others:
        # the index of the permuted reading, split into the low digits' part and the high digits' part
        low = [sum(a // 3**d % 3 * 3 ** perm[d] for d in range(low_digits)) for a in range(low_size)]
        high = [
            sum(b // 3**d % 3 * 3 ** perm[low_digits + d] for d in range(n - low_digits))
            for b in range(3 ** (n - low_digits))
        ]
        for first in range(0, len(high), rows):
            start, stop = first * low_size, min(size, (first + rows) * low_size)
            image = [h + lo for h in high[first : first + rows] for lo in low]
            canon[start:stop] = map(min, canon[start:stop], image)
            yield None
    rank: list[int] = []  # representatives (indices no symmetric reading makes smaller) up to each index
    for start in range(0, size, _STEP_ENTRIES):
        flags = [c == i for i, c in enumerate(canon[start : start + _STEP_ENTRIES], start)]
        rank += list(accumulate(flags, initial=rank[-1] if rank else 0))[1:]
        yield None
    classes: list[int] = []
    for start in range(0, size, _STEP_ENTRIES):
        classes += [rank[c] - 1 for c in canon[start : start + _STEP_ENTRIES]]
        yield None
    _CLASS_MAPS[k] = classes


@cache
def class_count(k: int) -> int:
    """Number of classes (distinct weights) of pattern ``k``, by Burnside's count (no class map needed).

    >>> [class_count(k) for k in range(3)]
    [29646, 10206, 59049]
    """
    perms = self_permutations(PATTERNS[k])
    return sum(int(3 ** _cycles(perm)) for perm in perms) // len(perms)


def _cycles(perm: Sequence[int]) -> int:
    seen: set[int] = set()
    cycles = 0
    for start in range(len(perm)):
        if start not in seen:
            cycles += 1
            at = start
            while at not in seen:
                seen.add(at)
                at = perm[at]
    return cycles


# -- the weights file --------------------------------------------------------------


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
            for start in range(0, class_count(k), _STEP_ENTRIES):
                values.extend(values_at(at + start, min(_STEP_ENTRIES, class_count(k) - start)))
                yield None
            phase.append(values)
            at += class_count(k)
        deltas.append(phase)
    return PatternWeights(phase_of, step, deltas, values_at(0, 65))


def decode_weights(data: bytes) -> PatternWeights:
    """Weights from file bytes; ``WeightsError`` if they are not a valid weights file."""
    return Job(decoding_weights(data)).run()


def loading(path: Path | None = None) -> Generator[None, None, PatternEvaluation]:
    """``load`` a step at a time (well under a millisecond a step natively, about one in WebAssembly)."""
    data = yield from _reading(WEIGHTS_PATH if path is None else path)
    weights = yield from decoding_weights(data)
    return PatternEvaluation(weights)


def load(path: Path | None = None) -> PatternEvaluation:
    """The pattern evaluation with the weights stored at ``path`` (default: ``WEIGHTS_PATH`` as it is now)."""
    return PatternEvaluation(decode_weights(_read(WEIGHTS_PATH if path is None else path)))


def _read(path: Path) -> bytes:
    """The file's bytes; ``WeightsError`` if it cannot be read."""
    try:
        return read_regular_file(path, MAX_WEIGHTS_BYTES)
    except OSError as err:
        raise _unreadable(path, err) from None


def _reading(path: Path) -> Generator[None, None, bytes]:
    """``_read`` a step at a time, ``READ_STEP`` bytes a step (the whole file took 4 ms in WebAssembly)."""
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


# -- the shipped evaluation, and the game's stand-in for it -----------------------

_default: list[PatternEvaluation | HeuristicEvaluation] = []
"""The shipped evaluation once loaded, or the stand-in once the file was found damaged (at most one)."""
_stand_in_allowed: list[bool] = []
"""Holds ``True`` once ``play_on_without_weights`` was called (by the game)."""
_problem: list[str] = []
"""What was wrong with the shipped weights file, when it was last found damaged."""


def play_on_without_weights() -> None:
    """From now on a damaged shipped weights file gives the hand-written evaluation instead of ``WeightsError``.

    The game calls this: it plays on (weaker) and tells the player what
    ``weights_problem`` says, as a damaged opening book costs the book and
    never the game. The command line, GTP and the tools do not: for them a
    damaged file is an error to report.
    """
    if not _stand_in_allowed:
        _stand_in_allowed.append(True)


def weights_problem() -> str | None:
    """Why the shipped weights file could not be used (``WeightsError``'s message), or ``None`` if it was not."""
    return _problem[-1] if _problem else None


def _stand_in(err: WeightsError) -> HeuristicEvaluation:
    """The hand-written evaluation in place of the damaged weights; ``err`` again unless the stand-in is allowed."""
    _problem[:] = [str(err)]
    if not _stand_in_allowed:
        raise err
    return HeuristicEvaluation()


def _keep(evaluation: PatternEvaluation | HeuristicEvaluation) -> PatternEvaluation | HeuristicEvaluation:
    """The shared evaluation: ``evaluation`` unless another was kept meanwhile."""
    if not _default:
        _default.append(evaluation)
        if isinstance(evaluation, PatternEvaluation):
            _problem.clear()  # a file repaired since an earlier failed try
    return _default[0]


def default_evaluation() -> PatternEvaluation | HeuristicEvaluation:
    """The shipped evaluation (``WEIGHTS_PATH``), loaded once and shared.

    ``WeightsError`` if the file is damaged (tried again at the next call),
    or the hand-written evaluation for good after ``play_on_without_weights``.
    """
    if _default:
        return _default[0]
    try:
        evaluation: PatternEvaluation | HeuristicEvaluation = load()
    except WeightsError as err:
        evaluation = _stand_in(err)
    return _keep(evaluation)


def loading_default() -> Generator[None, None, PatternEvaluation | HeuristicEvaluation]:
    """``default_evaluation`` a step at a time, for a game loop; at once if it is loaded already."""
    if _default:
        return _default[0]
    try:
        evaluation: PatternEvaluation | HeuristicEvaluation = yield from loading()
    except WeightsError as err:
        evaluation = _stand_in(err)
    return _keep(evaluation)


# -- the fast evaluation -----------------------------------------------------------


def _code(digits: Sequence[int]) -> int:
    return sum(d * 3**i for i, d in enumerate(digits))


_T3 = tuple(_code([b >> i & 1 for i in range(8)]) for b in range(256))
_T3x2 = tuple(2 * v for v in _T3)
# Tables from a row's code (digit i = column i) to the part of a pattern index it gives, in plain
# arithmetic on the code (the page builds them at start: a list of digits per code took ten times longer)
_ROWS = range(6561)
# (digit i of a code c is c // 3**i % 3, spelt out: a call per digit would cost as much as the lists did)
_EDGE_X = tuple(6561 * (c // 3 % 3 + 3 * (c // 729 % 3)) for c in _ROWS)
"""Columns b and g (the X-squares' row neighbours) as two digits, shifted past the edge's eight."""
_LOW3 = tuple(c % 27 for c in _ROWS)
"""Columns a, b, c."""
_HIGH3 = tuple(c // 2187 + 3 * (c // 729 % 3) + 9 * (c // 243 % 3) for c in _ROWS)
"""Columns h, g, f (from the right-hand corner inwards)."""
_LOW3_27 = tuple(27 * v for v in _LOW3)
_HIGH3_27 = tuple(27 * v for v in _HIGH3)
_LOW3_729 = tuple(729 * v for v in _LOW3)
_HIGH3_729 = tuple(729 * v for v in _HIGH3)
_LOW5 = tuple(c % 243 for c in _ROWS)
"""Columns a to e."""
_HIGH5 = tuple(c // 2187 + 3 * (c // 729 % 3) + 9 * (c // 243 % 3) + 27 * (c // 81 % 3) + 81 * (c // 27 % 3)
               for c in _ROWS)
"""Columns h to d (from the right-hand corner inwards)."""
_LOW5_243 = tuple(243 * v for v in _LOW5)
_HIGH5_243 = tuple(243 * v for v in _HIGH5)

_M64 = (1 << 64) - 1


def _wide(*words: int) -> int:
    """Words of 64 bits side by side, the first lowest."""
    out = 0
    for i, w in enumerate(words):
        out |= w << (64 * i)
    return out


# Transposing both boards at once (two 64-bit words), as three delta swaps.
_TR4 = _wide(0x0F0F0F0F00000000, 0x0F0F0F0F00000000)
_TR2 = _wide(0x3333000033330000, 0x3333000033330000)
_TR1 = _wide(0x5500550055005500, 0x5500550055005500)
# Pseudo-rotating by 45 degrees, clockwise for words 0-1 and anticlockwise for 2-3:
# each step moves some bits by a rotation within their word.
_RO1 = _wide(0xAAAAAAAAAAAAAAAA, 0xAAAAAAAAAAAAAAAA, 0x5555555555555555, 0x5555555555555555)
_RO2 = _wide(0xCCCCCCCCCCCCCCCC, 0xCCCCCCCCCCCCCCCC, 0x3333333333333333, 0x3333333333333333)
_RO4 = _wide(0xF0F0F0F0F0F0F0F0, 0xF0F0F0F0F0F0F0F0, 0x0F0F0F0F0F0F0F0F, 0x0F0F0F0F0F0F0F0F)
_LO8, _HI8 = _wide(*[_M64 >> 8] * 4), _wide(*[_M64 ^ (_M64 >> 8)] * 4)
_LO16, _HI16 = _wide(*[_M64 >> 16] * 4), _wide(*[_M64 ^ (_M64 >> 16)] * 4)
_LO32, _HI32 = _wide(*[_M64 >> 32] * 4), _wide(*[_M64 ^ (_M64 >> 32)] * 4)


def board_bytes(player: Bitboard, opponent: Bitboard) -> tuple[int, ...]:
    """The 64 bytes the evaluation reads (for tests): rows, columns and diagonals of both sides.

    Bytes 0-7 are the player's rows, 8-15 the opponent's; 16-31 the same for
    columns (byte ``r`` = column ``r``, bit ``i`` = row ``i``); 32-47 for the
    diagonals parallel to a1-h8 and 48-63 for those parallel to a8-h1,
    two diagonals to a byte (see ``_make_evaluate``).
    """
    x = player | opponent << 64
    t = _TR4 & (x ^ (x << 28))
    u = x ^ t ^ (t >> 28)
    t = _TR2 & (u ^ (u << 14))
    u ^= t ^ (t >> 14)
    t = _TR1 & (u ^ (u << 7))
    u ^= t ^ (t >> 7)
    y = x | x << 128
    y ^= _RO1 & (y ^ (((y >> 8) & _LO8) | ((y << 56) & _HI8)))
    y ^= _RO2 & (y ^ (((y >> 16) & _LO16) | ((y << 48) & _HI16)))
    y ^= _RO4 & (y ^ (((y >> 32) & _LO32) | ((y << 32) & _HI32)))
    return tuple((x | u << 128 | y << 256).to_bytes(64, "little"))


class _Tables:
    """Each phase's full weight tables as lists, made when first needed, in small steps.

    Lists index about twice as fast as int16 arrays but take more memory, so
    a phase's tables are made when it is first evaluated (or by the warm-up,
    a step at a time). A phase's class weights are the running sum of the
    file's differences, kept as int16 arrays per pattern; equal weights in a
    list share one int object, which keeps the lists small.
    """

    SLICE = _STEP_ENTRIES

    def __init__(self, weights: PatternWeights) -> None:
        self.weights = weights
        self.summed: list[list[array[int]]] = [[] for _ in PATTERNS]  # per pattern: class weights by phase
        self.lists: list[list[list[int] | None]] = [[None] * len(PATTERNS) for _ in range(weights.n_phases)]
        self.ready: list[tuple[list[int], ...] | None] = [None] * weights.n_phases

    def _making(self, phase: int, k: int) -> Iterator[None]:
        """Make pattern ``k``'s list for ``phase``, yielding between slices of the work."""
        yield from building_class_map(k)
        summed, deltas, size = self.summed[k], self.weights.deltas, self.SLICE
        while len(summed) <= phase:
            p = len(summed)
            running = array("h")
            for start in range(0, class_count(k), size):
                part = deltas[p][k][start : start + size]
                running.extend(map(add, summed[-1][start : start + size], part) if p else part)
                yield None
            summed.append(running)
        values = summed[phase]
        shared: dict[int, int] = {}
        class_weights: list[int] = []
        for start in range(0, len(values), size):
            part = values[start : start + size]
            for v in set(part):
                shared.setdefault(v, v)
            class_weights += map(shared.__getitem__, part)
            yield None
        classes = class_map(k)
        table: list[int] = []
        for start in range(0, len(classes), size):
            table += map(class_weights.__getitem__, classes[start : start + size])
            yield None
        self.lists[phase][k] = table

    def phase(self, phase: int) -> tuple[list[int], ...]:
        """All of ``phase``'s lists (made now if needed)."""
        for k in range(len(PATTERNS)):
            if self.lists[phase][k] is None:
                for _ in self._making(phase, k):
                    pass
        made = tuple(t for t in self.lists[phase] if t is not None)
        self.ready[phase] = made
        return made

    def steps(self) -> Iterator[None]:
        """Prepare every phase, yielding between small pieces of work."""
        for phase in range(self.weights.n_phases):
            for k in range(len(PATTERNS)):
                if self.lists[phase][k] is None:
                    yield from self._making(phase, k)
            self.phase(phase)
            yield None


def _make_evaluate(tables: _Tables) -> Callable[[Bitboard, Bitboard], int]:
    """The evaluation as a plain function over the given weights (closure for speed)."""
    unpack: Callable[[bytes], tuple[int, ...]] = struct.Struct("64B").unpack
    t3, t3x2 = _T3, _T3x2
    edge_x, low3, high3, low3_27, high3_27, low3_729, high3_729 = (
        _EDGE_X,
        _LOW3,
        _HIGH3,
        _LOW3_27,
        _HIGH3_27,
        _LOW3_729,
        _HIGH3_729,
    )
    low5, high5, low5_243, high5_243 = _LOW5, _HIGH5, _LOW5_243, _HIGH5_243
    tr4, tr2, tr1, ro1, ro2, ro4 = _TR4, _TR2, _TR1, _RO1, _RO2, _RO4
    lo8, hi8, lo16, hi16, lo32, hi32 = _LO8, _HI8, _LO16, _HI16, _LO32, _HI32
    phase_of = list(tables.weights.phase_of)
    bias_of = list(tables.weights.bias)
    step = tables.weights.step
    phases = tables.ready
    phase_lists = tables.phase

    def evaluate(p: Bitboard, o: Bitboard) -> int:
        x = p | o << 64
        t = tr4 & (x ^ (x << 28))
        u = x ^ t ^ (t >> 28)
        t = tr2 & (u ^ (u << 14))
        u ^= t ^ (t >> 14)
        t = tr1 & (u ^ (u << 7))
        u ^= t ^ (t >> 7)
        y = x | x << 128
        y ^= ro1 & (y ^ (((y >> 8) & lo8) | ((y << 56) & hi8)))
        y ^= ro2 & (y ^ (((y >> 16) & lo16) | ((y << 48) & hi16)))
        y ^= ro4 & (y ^ (((y >> 32) & lo32) | ((y << 32) & hi32)))
        (
            p0, p1, p2, p3, p4, p5, p6, p7, o0, o1, o2, o3, o4, o5, o6, o7,
            pa, pb, pc, pd, pe, pf, pg, ph, oa, ob, oc, od, oe, of, og, oh,
            pd0, pd1, pd2, pd3, pd4, pd5, pd6, pd7, od0, od1, od2, od3, od4, od5, od6, od7,
            pa0, pa1, pa2, pa3, pa4, pa5, pa6, pa7, oa0, oa1, oa2, oa3, oa4, oa5, oa6, oa7,
        ) = unpack((x | u << 128 | y << 256).to_bytes(64, "little"))  # fmt: skip
        # rows (r*), columns (k*) and diagonals (d* parallel to a1-h8, a* to a8-h1) as base-3 codes
        r0 = t3[p0] + t3x2[o0]
        r1 = t3[p1] + t3x2[o1]
        r2 = t3[p2] + t3x2[o2]
        r5 = t3[p5] + t3x2[o5]
        r6 = t3[p6] + t3x2[o6]
        r7 = t3[p7] + t3x2[o7]
        k0 = t3[pa] + t3x2[oa]
        k1 = t3[pb] + t3x2[ob]
        k6 = t3[pg] + t3x2[og]
        k7 = t3[ph] + t3x2[oh]
        # a diagonal byte holds two diagonals: the low digits from the a-file side, the rest
        d4 = t3[pd4] + t3x2[od4]
        a4 = t3[pa4] + t3x2[oa4]
        e = 64 - (p | o).bit_count()
        weights = phases[phase_of[e]] or phase_lists(phase_of[e])
        w_edge, w_c3, w_c25, w_l2, w_l3, w_l4, w_d8, w_d7, w_d6, w_d5, w_d4 = weights
        return bias_of[e] + step * (
            w_edge[r0 + edge_x[r1]] + w_edge[r7 + edge_x[r6]]
            + w_edge[k0 + edge_x[k1]] + w_edge[k7 + edge_x[k6]]
            + w_c3[low3[r0] + low3_27[r1] + low3_729[r2]] + w_c3[high3[r0] + high3_27[r1] + high3_729[r2]]
            + w_c3[low3[r7] + low3_27[r6] + low3_729[r5]] + w_c3[high3[r7] + high3_27[r6] + high3_729[r5]]
            + w_c25[low5[r0] + low5_243[r1]] + w_c25[high5[r0] + high5_243[r1]]
            + w_c25[low5[r7] + low5_243[r6]] + w_c25[high5[r7] + high5_243[r6]]
            + w_c25[low5[k0] + low5_243[k1]] + w_c25[high5[k0] + high5_243[k1]]
            + w_c25[low5[k7] + low5_243[k6]] + w_c25[high5[k7] + high5_243[k6]]
            + w_l2[r1] + w_l2[r6] + w_l2[k1] + w_l2[k6]
            + w_l3[r2] + w_l3[r5] + w_l3[t3[pc] + t3x2[oc]] + w_l3[t3[pf] + t3x2[of]]
            + w_l4[t3[p3] + t3x2[o3]] + w_l4[t3[p4] + t3x2[o4]]
            + w_l4[t3[pd] + t3x2[od]] + w_l4[t3[pe] + t3x2[oe]]
            + w_d8[t3[pd0] + t3x2[od0]] + w_d8[t3[pa0] + t3x2[oa0]]
            + w_d7[(t3[pd1] + t3x2[od1]) % 2187] + w_d7[(t3[pd7] + t3x2[od7]) // 3]
            + w_d7[(t3[pa1] + t3x2[oa1]) // 3] + w_d7[(t3[pa7] + t3x2[oa7]) % 2187]
            + w_d6[(t3[pd2] + t3x2[od2]) % 729] + w_d6[(t3[pd6] + t3x2[od6]) // 9]
            + w_d6[(t3[pa2] + t3x2[oa2]) // 9] + w_d6[(t3[pa6] + t3x2[oa6]) % 729]
            + w_d5[(t3[pd3] + t3x2[od3]) % 243] + w_d5[(t3[pd5] + t3x2[od5]) // 27]
            + w_d5[(t3[pa3] + t3x2[oa3]) // 27] + w_d5[(t3[pa5] + t3x2[oa5]) % 243]
            + w_d4[d4 % 81] + w_d4[d4 // 81] + w_d4[a4 % 81] + w_d4[a4 // 81]
        )  # fmt: skip

    return evaluate


class PatternEvaluation:
    """The trained pattern evaluation: ``evaluation(player, opponent)`` in ``DISC`` units.

    For speed inside a search, bind ``evaluation.evaluate`` (a plain
    function, no method call overhead) once and call that.
    """

    name = "patterns"

    def __init__(self, weights: PatternWeights) -> None:
        if len(weights.phase_of) != 65 or len(weights.bias) != 65 or not weights.deltas:
            raise WeightsError("weights have the wrong shape")
        if any(not 0 <= p < weights.n_phases for p in weights.phase_of):
            raise WeightsError("weights name a phase they do not have")
        for phase in weights.deltas:
            if [len(d) for d in phase] != [class_count(k) for k in range(len(PATTERNS))]:
                raise WeightsError("weights do not match the patterns")
        self.weights = weights
        self._tables = _Tables(weights)
        self.evaluate = _make_evaluate(self._tables)

    def __call__(self, player: Bitboard, opponent: Bitboard) -> int:
        return self.evaluate(player, opponent)

    def warm_up_steps(self) -> Iterator[None]:
        """Prepare every phase's tables now, a pattern per step, instead of at their first use mid-search.

        A step takes at most a few milliseconds natively; a game loop can take
        one or more a frame behind a menu.
        """
        return self._tables.steps()

    def warm_up(self) -> None:
        """Prepare every phase now, in one go."""
        for _ in self.warm_up_steps():
            pass
