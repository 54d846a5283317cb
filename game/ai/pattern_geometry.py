"""The patterns' geometry: which squares each pattern reads, its symmetric instances, and its classes of readings.

A pattern is a set of squares (``PATTERNS``, in digit order); its instances are its images under the
board's eight symmetries; a reading is a base-3 index (0 empty, 1 side to move, 2 opponent); readings
that a symmetry maps onto each other share a class and so a weight (``class_map``, ``class_count``).
The game phases (``N_PHASES``, ``PHASE_OF_EMPTIES``) split the game by empty squares. The evaluation
(``patterns``), the weights file (``weights_file``) and the training tools build on this.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache
from itertools import accumulate
from typing import NamedTuple

from game.engine.bitboard import Bitboard
from game.engine.notation import parse_square
from game.engine.symmetry import map_square


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


STEP_ENTRIES = 2048
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
    rows = max(1, STEP_ENTRIES // low_size)  # high-digit values per step
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
    for start in range(0, size, STEP_ENTRIES):
        flags = [c == i for i, c in enumerate(canon[start : start + STEP_ENTRIES], start)]
        rank += list(accumulate(flags, initial=rank[-1] if rank else 0))[1:]
        yield None
    classes: list[int] = []
    for start in range(0, size, STEP_ENTRIES):
        classes += [rank[c] - 1 for c in canon[start : start + STEP_ENTRIES]]
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
