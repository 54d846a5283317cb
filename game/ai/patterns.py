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

The squares and classes are ``pattern_geometry``'s, the file ``weights_file``'s; the
shipped evaluation, shared, and its stand-in are ``shipped_evaluation``'s.

>>> from game.engine import Position
>>> evaluate = load()
>>> start = Position.start()
>>> abs(evaluate(start.player, start.opponent)) < 300
True
"""

from __future__ import annotations

import struct
from array import array
from collections.abc import Callable, Generator, Iterator, Sequence
from operator import add
from pathlib import Path
from typing import NamedTuple

from game.engine.bitboard import Bitboard

from .jobs import Job
from .pattern_geometry import PATTERNS, STEP_ENTRIES, building_class_map, class_count, class_map
from .weights_file import PatternWeights, WeightsError, decode_weights, decoding_weights, read_weights, reading_weights

WEIGHTS_PATH = Path(__file__).parent / "weights" / "patterns.bin"
"""The shipped weights; looked up at each load, so a test can point it at a copy (damaged or not)."""


def loading(path: Path | None = None) -> Generator[None, None, PatternEvaluation]:
    """``load`` a step at a time (well under a millisecond a step natively, about one in WebAssembly)."""
    data = yield from reading_weights(WEIGHTS_PATH if path is None else path)
    weights = yield from decoding_weights(data)
    yield from _making_row_tables()
    return PatternEvaluation(weights)


def load(path: Path | None = None) -> PatternEvaluation:
    """The pattern evaluation with the weights stored at ``path`` (default: ``WEIGHTS_PATH`` as it is now)."""
    return PatternEvaluation(decode_weights(read_weights(WEIGHTS_PATH if path is None else path)))


# -- the fast evaluation -----------------------------------------------------------


def _code(digits: Sequence[int]) -> int:
    return sum(d * 3**i for i, d in enumerate(digits))


_T3 = tuple(_code([b >> i & 1 for i in range(8)]) for b in range(256))
_T3x2 = tuple(2 * v for v in _T3)
class _RowTables(NamedTuple):
    """Tables from a row's code (digit i = column i) to the part of a pattern index it gives, in plain
    arithmetic on the code (a list of digits per code took ten times longer to make)."""

    edge_x: tuple[int, ...]
    """Columns b and g (the X-squares' row neighbours) as two digits, shifted past the edge's eight."""
    low3: tuple[int, ...]
    """Columns a, b, c."""
    high3: tuple[int, ...]
    """Columns h, g, f (from the right-hand corner inwards)."""
    low3_27: tuple[int, ...]
    high3_27: tuple[int, ...]
    low3_729: tuple[int, ...]
    high3_729: tuple[int, ...]
    low5: tuple[int, ...]
    """Columns a to e."""
    high5: tuple[int, ...]
    """Columns h to d (from the right-hand corner inwards)."""
    low5_243: tuple[int, ...]
    high5_243: tuple[int, ...]


_row_tables: list[_RowTables] = []
"""The row tables once made (by the first load): at import they had made the module's import the warm-up's
longest step, about 14 ms in WebAssembly, 60 ms on a phone."""


def _making_row_tables() -> Generator[None, None, _RowTables]:
    """The row tables, made the first time a table or two a step."""
    if _row_tables:
        return _row_tables[0]
    rows = range(6561)
    # (digit i of a code c is c // 3**i % 3, spelt out: a call per digit would cost as much as the lists did)
    edge_x = tuple(6561 * (c // 3 % 3 + 3 * (c // 729 % 3)) for c in rows)
    low3 = tuple(c % 27 for c in rows)
    yield None
    high3 = tuple(c // 2187 + 3 * (c // 729 % 3) + 9 * (c // 243 % 3) for c in rows)
    yield None
    low3_27, high3_27 = tuple(27 * v for v in low3), tuple(27 * v for v in high3)
    low3_729, high3_729 = tuple(729 * v for v in low3), tuple(729 * v for v in high3)
    yield None
    low5 = tuple(c % 243 for c in rows)
    yield None
    high5 = tuple(c // 2187 + 3 * (c // 729 % 3) + 9 * (c // 243 % 3) + 27 * (c // 81 % 3) + 81 * (c // 27 % 3)
                  for c in rows)
    yield None
    made = _RowTables(edge_x, low3, high3, low3_27, high3_27, low3_729, high3_729, low5, high5,
                      tuple(243 * v for v in low5), tuple(243 * v for v in high5))
    if not _row_tables:  # another load may have made them meanwhile: one copy
        _row_tables.append(made)
    return _row_tables[0]


def _the_row_tables() -> _RowTables:
    """The row tables, made now in one go if no load has made them."""
    return Job(_making_row_tables()).run()


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

    SLICE = STEP_ENTRIES

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
    edge_x, low3, high3, low3_27, high3_27, low3_729, high3_729, low5, high5, low5_243, high5_243 = _the_row_tables()
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
