"""Move ordering for both searches, with its weights named in one place.

A move's key is a number, lowest tried first. The table's move (the best
move a previous search of the position found) always comes first.

- ``evaluated``: high in the midgame tree, each child's evaluation (from the
  opponent's side, so the lowest is best for us) plus the replies it leaves.
- ``searched``: high in the endgame tree, the same with a shallow search's
  value of each child instead of its evaluation.
- ``fastest_first``: the opponent's mobility after the move (fewest replies
  first), weighted by ``MIDGAME_WEIGHTS``/``ENDGAME_WEIGHTS``, plus square
  knowledge (corners first, X-squares last) and, in the midgame, a history
  of moves that caused cut-offs.
- ``SQUARE_GROUPS``: the last ply tries corners first and C/X-squares last.
- ``parity_order``: near the end of the game, empty squares in regions with an
  odd number of empties first (the last move of such a region tends to be ours),
  smaller regions before larger ones.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import NamedTuple

from game.engine.bitboard import FLIPPERS, INNER_COLS, MASK64, Bitboard

TABLE_MOVE_KEY = -(1 << 40)
"""The key of the table's move: before everything else."""

CORNERS: Bitboard = 0x8100000000000081


class Weights(NamedTuple):
    """How much each feature adds to a move's key (lower keys are tried first)."""

    reply: int
    """Per legal reply left to the opponent (fastest-first)."""
    corner_reply: int
    """Per corner among those replies, on top of ``reply``."""
    square: int
    """Times the square's own bonus (``SQUARE_BONUS`` or ``SQUARE_PRIORITY``)."""


MIDGAME_WEIGHTS = Weights(reply=200, corner_reply=0, square=100)
"""Low in the midgame tree (history is subtracted once, unweighted)."""
EVALUATED_REPLY_WEIGHT = 200
"""Evaluation units (2 discs) per reply a move leaves the opponent, in the evaluated order (of 1-7 discs, 2
needed the fewest evaluations to depth 9)."""
ENDGAME_WEIGHTS = Weights(reply=16, corner_reply=32, square=1)
"""The endgame solver's fastest-first."""
EVALUATION_PER_KEY = 32
"""At many empties the solver adds the child's evaluation to fastest-first, this many units per key
(a disc is worth about 3 keys, a reply 16: the evaluation breaks ties between equally fast moves)."""

_CORNER, _X, _C = (0, 7, 56, 63), (9, 14, 49, 54), (1, 8, 6, 15, 48, 57, 55, 62)
SQUARE_BONUS = [-4 if sq in _CORNER else 3 if sq in _X else 1 if sq in _C else 0 for sq in range(64)]
"""Midgame square knowledge: corners sooner, X- and C-squares later."""

# Squares in the order a move is worth trying when other things are equal:
# corners, then A- and B-squares on the edges, then the middle, then C- and X-squares.
SQUARE_PRIORITY = [
    0, 5, 1, 2, 2, 1, 5, 0,
    5, 6, 4, 4, 4, 4, 6, 5,
    1, 4, 3, 3, 3, 3, 4, 1,
    2, 4, 3, 9, 9, 3, 4, 2,
    2, 4, 3, 9, 9, 3, 4, 2,
    1, 4, 3, 3, 3, 3, 4, 1,
    5, 6, 4, 4, 4, 4, 6, 5,
    0, 5, 1, 2, 2, 1, 5, 0,
]  # fmt: skip
"""Endgame square knowledge, the tie-breaker of fastest-first and parity ordering."""

QUADRANT_MASKS: tuple[Bitboard, ...] = (
    0x000000000F0F0F0F,
    0x00000000F0F0F0F0,
    0x0F0F0F0F00000000,
    0xF0F0F0F000000000,
)
"""The four regions of parity ordering."""

_X_SQUARES: Bitboard = 0x0042000000004200
SQUARE_GROUPS: tuple[Bitboard, ...] = (
    0x8100000000000081,  # corners
    0x3C0081818181003C,  # edges but C-squares
    0x003C7E7E7E7E3C00 & ~_X_SQUARES,  # the middle
    0x42C300000000C342 | _X_SQUARES,  # C- and X-squares
)
"""The plain last ply's moves in the order of these groups (a cut-off comes sooner than in square order, at no
cost per move)."""

_MID_SQUARE = [MIDGAME_WEIGHTS.square * b for b in SQUARE_BONUS]
_END_SQUARE = [ENDGAME_WEIGHTS.square * b for b in SQUARE_PRIORITY]
_PARITY_KEY = [SQUARE_PRIORITY[sq] * 64 + sq for sq in range(64)]
_REGION_SIZE_KEY = 512
"""Added to the parity key per empty square of the square's region: within odd and within even regions the
smaller ones first (10 % fewer nodes at 20 empties, 8 % at 18, than square priority alone). Two regions of
the same parity differ by two squares or more, and 2 x 512 outweighs any ``_PARITY_KEY`` (at most 639)."""
_EVEN_REGION = _REGION_SIZE_KEY * 17
"""Added to the parity key of a square in an even region: after every odd one (a quadrant has 16 squares)."""

Ordered = list[tuple[int, Bitboard]]
"""Moves with their flips, in the order to try them."""
Children = list[tuple[int, Bitboard, Bitboard]]
"""The solver's moves with their flips and the opponent's replies after each (-1: not counted), in order."""


def in_key_order(scored: list[tuple[int, int, Bitboard, Bitboard]]) -> Children:
    """``(key, square, flips, replies)`` children, lowest key first, without their keys."""
    scored.sort()
    return [(sq, f, replies) for _, sq, f, replies in scored]


def evaluated(
    p: Bitboard, o: Bitboard, moves: Bitboard, table_move: int, evaluate: Callable[[Bitboard, Bitboard], int]
) -> Ordered:
    """``moves`` by each child's evaluation plus ``EVALUATED_REPLY_WEIGHT`` a reply it leaves (best for ``p`` first)."""
    weight = EVALUATED_REPLY_WEIGHT
    scored = []
    for sq, f, replies in children_with_replies(p, o, moves):
        key = TABLE_MOVE_KEY if sq == table_move else evaluate(o ^ f, p | f | (1 << sq)) + weight * replies.bit_count()
        scored.append((key, sq, f))
    scored.sort()
    return [(sq, f) for _, sq, f in scored]


def fastest_first_midgame(p: Bitboard, o: Bitboard, moves: Bitboard, table_move: int, history: list[int]) -> Children:
    """``moves`` by the replies each leaves, square knowledge and the history of cut-offs (with the replies)."""
    reply = MIDGAME_WEIGHTS.reply
    square = _MID_SQUARE
    scored = []
    for sq, f, replies in children_with_replies(p, o, moves):
        key = TABLE_MOVE_KEY if sq == table_move else replies.bit_count() * reply + square[sq] - history[sq]
        scored.append((key, sq, f, replies))
    return in_key_order(scored)


ChildSearch = Callable[[Bitboard, Bitboard, int, int, int], Generator[None, None, int]]
"""A shallow midgame search ``(player, opponent, depth, alpha, beta)`` in evaluation units (``MidgameSearch.pvs``)."""


def searched(
    p: Bitboard, o: Bitboard, moves: Bitboard, table_move: int, search: ChildSearch, depth: int, alpha: int,
    beta: int,
) -> Generator[None, None, Children]:
    """``moves`` by each child's ``depth``-ply ``search`` in the window ``alpha``-``beta`` (``p``'s side, evaluation
    units) plus ``EVALUATED_REPLY_WEIGHT`` a reply it leaves, best for ``p`` first, with the replies; a generator, as
    the search is (it yields when the slice is spent)."""
    weight = EVALUATED_REPLY_WEIGHT
    children = children_with_replies(p, o, moves)
    keys = [TABLE_MOVE_KEY] * len(children)
    for index, (sq, f, replies) in enumerate(children):
        if sq != table_move:  # (the table's move goes first unsearched)
            value = yield from search(o ^ f, p | f | (1 << sq), depth, -beta, -alpha)
            keys[index] = value + weight * replies.bit_count()
    return in_key_order([(key, *child) for key, child in zip(keys, children, strict=True)])


LANE = 96
"""Bits per position when several are packed into one int: a board's 64 and a guard wider than the longest
shift of ``_lane_moves`` (18), so no run crosses from one position into the next."""
_MAX_LANES = 64
_BOARD_LANES = [sum(MASK64 << LANE * i for i in range(n)) for n in range(_MAX_LANES + 1)]
_INNER_LANES = [sum(INNER_COLS << LANE * i for i in range(n)) for n in range(_MAX_LANES + 1)]


def _lane_moves(p: Bitboard, o: Bitboard, lanes: int) -> Bitboard:
    """The legal moves of ``lanes`` positions packed ``LANE`` bits apart, all at once.

    CPython's bitwise operations cost about the same on a few hundred bits as on 64, so one packed
    move generation for every child of a node costs about what one child's ``legal_moves`` does.
    Each direction's run is grown by one disc twice, then by two twice (up to six discs).
    """
    inner = o & _INNER_LANES[lanes]
    moves = 0
    for shift, mask in ((1, inner), (8, o), (7, inner), (9, inner)):
        double = shift * 2
        pairs = mask & (mask << shift)
        run = mask & (p << shift)
        run |= mask & (run << shift)
        run |= pairs & (run << double)
        run |= pairs & (run << double)
        moves |= run << shift
        pairs >>= shift
        run = mask & (p >> shift)
        run |= mask & (run >> shift)
        run |= pairs & (run >> double)
        run |= pairs & (run >> double)
        moves |= run >> shift
    return moves & ~(p | o) & _BOARD_LANES[lanes]


def _packed_replies(p: Bitboard, o: Bitboard, moves: Bitboard) -> tuple[list[tuple[int, Bitboard]], Bitboard]:
    """Each of ``moves`` (lowest square first) with its flips, and the opponent's replies after each packed
    ``LANE`` bits apart in the same order (the first move's lowest)."""
    flippers = FLIPPERS
    flipped = []
    packed_p = packed_o = 0
    shift = 0
    while moves:
        bit = moves & -moves
        moves ^= bit
        sq = bit.bit_length() - 1
        f = flippers[sq](p, o)
        flipped.append((sq, f))
        packed_p |= (o ^ f) << shift
        packed_o |= (p | f | bit) << shift
        shift += LANE
    return flipped, _lane_moves(packed_p, packed_o, len(flipped))


def children_with_replies(p: Bitboard, o: Bitboard, moves: Bitboard) -> Children:
    """Each of ``moves`` (lowest square first) with its flips and the opponent's replies after it."""
    flipped, replies = _packed_replies(p, o, moves)
    children = []
    for sq, f in flipped:
        children.append((sq, f, replies & MASK64))
        replies >>= LANE
    return children


def fastest_first_endgame(p: Bitboard, o: Bitboard, moves: Bitboard, table_move: int) -> Children:
    """``moves`` by the opponent's replies (corner replies weigh more), then square priority."""
    reply, corner_reply = ENDGAME_WEIGHTS.reply, ENDGAME_WEIGHTS.corner_reply
    square = _END_SQUARE
    # the replies are unpacked and weighed in one pass (the solver's most frequent ordering, from 8 empties)
    flipped, packed = _packed_replies(p, o, moves)
    scored = []
    for sq, f in flipped:
        replies = packed & MASK64
        packed >>= LANE
        if sq == table_move:
            key = TABLE_MOVE_KEY
        else:
            key = replies.bit_count() * reply + (replies & CORNERS).bit_count() * corner_reply + square[sq]
        scored.append((key, sq, f, replies))
    return in_key_order(scored)


def evaluated_fastest_first(
    p: Bitboard, o: Bitboard, moves: Bitboard, table_move: int, evaluate: Callable[[Bitboard, Bitboard], int]
) -> Children:
    """Fastest-first with the evaluation of each child added (the solver's order at many empties)."""
    reply, corner_reply = ENDGAME_WEIGHTS.reply, ENDGAME_WEIGHTS.corner_reply
    scale = EVALUATION_PER_KEY
    scored = []
    for sq, f, replies in children_with_replies(p, o, moves):
        if sq == table_move:
            key = TABLE_MOVE_KEY
        else:
            child_o = p | f | (1 << sq)
            key = (replies.bit_count() * reply + (replies & CORNERS).bit_count() * corner_reply
                   + evaluate(o ^ f, child_o) // scale)
        scored.append((key, sq, f, replies))
    return in_key_order(scored)


PARITY_CACHE_LIMIT = 1 << 16
"""Empty sets whose parity order is kept; the cache is emptied when full (a few milliseconds natively). A 20-empty
solve asks for the sets of six or fewer of its empties, C(20, 6) + ... + C(20, 1) = 60,459 of them (about 10 MB
kept; with 1 << 14 of them the solve took about 2 % more time)."""
_parity_cache: dict[Bitboard, tuple[int, ...]] = {}


def parity_order(empty: Bitboard) -> tuple[int, ...]:
    """Empty squares, those in quadrants with an odd number of empties first, smaller quadrants (fewer empties)
    before larger ones, then by square priority.

    Remembered by empty set: the solver asks for the same few thousand sets again and again.
    """
    order = _parity_cache.get(empty)
    if order is None:
        if len(_parity_cache) >= PARITY_CACHE_LIMIT:
            _parity_cache.clear()
        order = _parity_cache[empty] = _parity_sorted(empty)
    return order


def _parity_sorted(empty: Bitboard) -> tuple[int, ...]:
    key = _PARITY_KEY
    squares = []
    for mask in QUADRANT_MASKS:
        region = empty & mask
        size = region.bit_count()
        region_key = size * _REGION_SIZE_KEY + (0 if size & 1 else _EVEN_REGION)
        while region:
            low = region & -region
            region ^= low
            sq = low.bit_length() - 1
            squares.append((key[sq] + region_key, sq))
    squares.sort()
    return tuple(sq for _, sq in squares)
