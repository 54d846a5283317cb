"""Exact endgame solving: the final disc difference under perfect play.

Scores are for the side to move, with empty squares going to the winner
(the FFO convention). ``solve`` finds the exact score and every best move;
``solve_wld`` only decides win, loss or draw, which is much faster.

The search is alpha-beta (negascout) over the empty squares with:
- special code for the last one and two empty squares;
- parity ordering near the end (squares in regions with an odd number of
  empties first) and fastest-first ordering higher up (moves leaving the
  opponent the fewest replies first, corners before X-squares);
- a stability cut-off (discs the opponent can never lose bound the score);
- a transposition table for the upper part of the tree.

The upper part of the tree is written as generators so that a game loop can
run the solver a slice at a time (``Solver.run`` yields between nodes when
its slice is spent); the lower part is plain recursion, each call of which
is bounded to a few milliseconds.

>>> from game.engine import Position
>>> pos = Position.from_text("XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXOOO- X")
>>> solve(pos.player, pos.opponent).score
64
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from typing import TypeVar

from game.engine.bitboard import FLIPPERS, MASK64, Bitboard, legal_moves

INF = 10_000
T = TypeVar("T")

# Squares in the order a move is worth trying when other things are equal:
# corners, then A- and B-squares on the edges, then the middle, then C- and X-squares.
_SQUARE_PRIORITY = [
    0, 5, 1, 2, 2, 1, 5, 0,
    5, 6, 4, 4, 4, 4, 6, 5,
    1, 4, 3, 3, 3, 3, 4, 1,
    2, 4, 3, 9, 9, 3, 4, 2,
    2, 4, 3, 9, 9, 3, 4, 2,
    1, 4, 3, 3, 3, 3, 4, 1,
    5, 6, 4, 4, 4, 4, 6, 5,
    0, 5, 1, 2, 2, 1, 5, 0,
]  # fmt: skip
SQUARE_ORDER: tuple[int, ...] = tuple(sorted(range(64), key=lambda sq: (_SQUARE_PRIORITY[sq], sq)))

# Quadrant of each square, for parity: a region with an odd number of empties
# is where the last move of the region tends to be ours.
QUADRANT_MASKS: tuple[Bitboard, ...] = (
    0x000000000F0F0F0F,
    0x00000000F0F0F0F0,
    0x0F0F0F0F00000000,
    0xF0F0F0F000000000,
)
_QUADRANT_OF = [(sq // 32) * 2 + (sq % 8) // 4 for sq in range(64)]

PLAIN_EMPTIES = 7
"""Below this many empties the solver recurses without yielding."""
DEEP_TT_EMPTIES = 12
"""Positions with this many empties and more go to the deep transposition table."""
STABILITY_MIN_EMPTIES = 9
FASTEST_FIRST_MIN_EMPTIES = 8
ETC_MIN_EMPTIES = 8
ASPIRATION_WIDTH = 1
"""Half-width of the first window around the expected score, in discs."""



def final_score(player: Bitboard, opponent: Bitboard) -> int:
    """Final disc difference for ``player`` with the empty squares to the winner."""
    mine = player.bit_count()
    theirs = opponent.bit_count()
    diff = mine - theirs
    if diff > 0:
        return diff + (64 - mine - theirs)
    if diff < 0:
        return diff - (64 - mine - theirs)
    return 0


# -- stability -----------------------------------------------------------------

_EDGE_ROWS = 0xFF000000000000FF
_EDGE_COLS = 0x8181818181818181


def _full_lines(filled: Bitboard) -> tuple[Bitboard, Bitboard, Bitboard, Bitboard]:
    """Squares whose row, column, diagonal and anti-diagonal are completely filled."""
    row = filled & (filled >> 1) & (filled >> 2) & (filled >> 3)
    row &= row >> 4
    row &= 0x0101010101010101
    row *= 0xFF  # spread each full row's bit over the row

    col = filled & (filled >> 8) & (filled >> 16) & (filled >> 24)
    col &= col >> 32
    col &= 0xFF
    col *= 0x0101010101010101

    diag = 0
    for mask in _DIAG_MASKS:
        if filled & mask == mask:
            diag |= mask
    anti = 0
    for mask in _ANTI_MASKS:
        if filled & mask == mask:
            anti |= mask
    return row & MASK64, col & MASK64, diag, anti


def _line_masks(step_row: int, step_col: int) -> tuple[Bitboard, ...]:
    masks = []
    seen = 0
    for start in range(64):
        if seen >> start & 1:
            continue
        r, c = divmod(start, 8)
        # walk back to the start of the line
        while 0 <= r - step_row < 8 and 0 <= c - step_col < 8:
            r, c = r - step_row, c - step_col
        mask = 0
        while 0 <= r < 8 and 0 <= c < 8:
            mask |= 1 << (r * 8 + c)
            r, c = r + step_row, c + step_col
        seen |= mask
        if mask.bit_count() >= 3:
            masks.append(mask)
    return tuple(masks)


_DIAG_MASKS = _line_masks(1, 1)
_ANTI_MASKS = _line_masks(1, -1)


def stable_discs(player: Bitboard, opponent: Bitboard) -> Bitboard:
    """A subset of ``player``'s discs that can never be flipped.

    A disc is stable when, along each of the four lines through it, its line
    is full or it touches the edge or a stable disc of its own colour. The
    set grows from the edges inwards until nothing changes.
    """
    filled = player | opponent
    row_full, col_full, diag_full, anti_full = _full_lines(filled)
    stable = 0
    candidates = player
    while True:
        horizontal = row_full | _EDGE_COLS | ((stable << 1) & 0xFEFEFEFEFEFEFEFE) | ((stable >> 1) & 0x7F7F7F7F7F7F7F7F)
        vertical = col_full | _EDGE_ROWS | (stable << 8) | (stable >> 8)
        diagonal = (
            diag_full
            | _EDGE_ROWS
            | _EDGE_COLS
            | ((stable << 9) & 0xFEFEFEFEFEFEFEFE)
            | ((stable >> 9) & 0x7F7F7F7F7F7F7F7F)
        )
        anti = (
            anti_full
            | _EDGE_ROWS
            | _EDGE_COLS
            | ((stable << 7) & 0x7F7F7F7F7F7F7F7F)
            | ((stable >> 7) & 0xFEFEFEFEFEFEFEFE)
        )
        grown = candidates & horizontal & vertical & diagonal & anti
        if grown == stable:
            return stable
        stable = grown


# -- the solver ------------------------------------------------------------------


@dataclass
class SolveResult:
    """An exact endgame result for the side to move."""

    score: int
    best: list[int]
    nodes: int
    seconds: float
    pv: list[int] = field(default_factory=list)


class NodeLimitReached(Exception):
    """A search has used its node budget."""


class Solver:
    """An exact (or win/loss/draw) endgame search that can run in slices.

    ``run(...)`` is a generator: it yields ``None`` whenever the current
    slice's deadline (``slice_deadline``) has passed, and returns the score.
    """

    def __init__(self, tt_limit: int = 200_000) -> None:
        self.nodes = 0
        # Two tables, so the many small subtrees cannot crowd out the few big ones:
        # each is emptied when full, and the deep one fills slowly.
        self.tt: dict[tuple[Bitboard, Bitboard], tuple[int, int, int]] = {}
        self.tt_shallow: dict[tuple[Bitboard, Bitboard], tuple[int, int, int]] = {}
        self.tt_limit = tt_limit
        self.slice_deadline = float("inf")
        self.node_limit = 1 << 62
        self.clock = time.perf_counter

    # -- lowest levels: plain recursion ------------------------------------------

    def _last1(self, p: Bitboard, o: Bitboard, sq: int) -> int:
        """Score with exactly one empty square ``sq``; ``p`` to move."""
        self.nodes += 1
        n_p = p.bit_count()
        f = FLIPPERS[sq](p, o)
        if f:
            return 2 * (n_p + 1 + f.bit_count()) - 64
        f = FLIPPERS[sq](o, p)
        if f:
            return 2 * (n_p - f.bit_count()) - 64
        # nobody can play the last square: it goes to the winner
        diff = 2 * n_p - 63
        return diff + 1 if diff > 0 else diff - 1

    def _last2(self, p: Bitboard, o: Bitboard, alpha: int, beta: int, first: int, second: int, passed: bool) -> int:
        """Score with exactly two empty squares; ``p`` to move."""
        self.nodes += 1
        best = -INF
        f = FLIPPERS[first](p, o)
        if f:
            best = -self._last1(o ^ f, p | f | (1 << first), second)
            if best >= beta:
                return best
        f = FLIPPERS[second](p, o)
        if f:
            score = -self._last1(o ^ f, p | f | (1 << second), first)
            if score > best:
                best = score
        if best == -INF:
            if passed:
                return final_score(p, o)
            return -self._last2(o, p, -beta, -alpha, first, second, True)
        return best

    def _plain(self, p: Bitboard, o: Bitboard, alpha: int, beta: int, empties: list[int], passed: bool) -> int:
        """Alpha-beta over a short list of empties (parity-ordered), no yielding."""
        n = len(empties)
        if n == 2:
            return self._last2(p, o, alpha, beta, empties[0], empties[1], passed)
        if n == 1:
            return self._last1(p, o, empties[0])
        self.nodes += 1
        flippers = FLIPPERS
        best = -INF
        moved = False
        for i, sq in enumerate(empties):
            f = flippers[sq](p, o)
            if not f:
                continue
            moved = True
            rest = empties[:i] + empties[i + 1 :]
            score = -self._plain(o ^ f, p | f | (1 << sq), -beta, -alpha, rest, False)
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        return best
        if not moved:
            if passed:
                return final_score(p, o)
            return -self._plain(o, p, -beta, -alpha, empties, True)
        return best

    # -- upper levels: generators ---------------------------------------------------

    def _ordered_moves(
        self, p: Bitboard, o: Bitboard, moves: Bitboard, tt_move: int, n_empty: int
    ) -> list[tuple[int, Bitboard]]:
        """Legal moves with their flips, fastest-first (fewest opponent replies first)."""
        scored = []
        flippers = FLIPPERS
        mobility = legal_moves
        while moves:
            bit = moves & -moves
            moves ^= bit
            sq = bit.bit_length() - 1
            f = flippers[sq](p, o)
            np_, no = o ^ f, p | f | bit
            replies = mobility(np_, no)
            key = replies.bit_count() * 16 + (replies & 0x8100000000000081).bit_count() * 32 + _SQUARE_PRIORITY[sq]
            if sq == tt_move:
                key = -(1 << 30)
            scored.append((key, sq, f))
        scored.sort()
        return [(sq, f) for _, sq, f in scored]

    def search(
        self, p: Bitboard, o: Bitboard, alpha: int, beta: int, passed: bool = False
    ) -> Generator[None, None, int]:
        """Negascout over all empties; yields when the slice is spent, returns the score."""
        empty = ~(p | o) & MASK64
        n_empty = empty.bit_count()
        if n_empty < PLAIN_EMPTIES:
            return self._plain(p, o, alpha, beta, _parity_order(empty), passed)
        self.nodes += 1
        if self.nodes >= self.node_limit:
            raise NodeLimitReached

        # stability cut-off: the opponent's stable discs bound our best score
        if n_empty >= STABILITY_MIN_EMPTIES and alpha >= 64 - 2 * 20:
            bound = 64 - 2 * stable_discs(o, p).bit_count()
            if bound <= alpha:
                return bound

        key = (p, o)
        tt_move = -1
        table = self.tt if n_empty >= DEEP_TT_EMPTIES else self.tt_shallow
        entry = table.get(key)
        if entry is not None:
            lower, upper, tt_move = entry
            if lower >= beta:
                return lower
            if upper <= alpha:
                return upper
            if lower == upper:
                return lower
            alpha = max(alpha, lower)
            beta = min(beta, upper)

        moves = legal_moves(p, o)
        if not moves:
            if passed or not legal_moves(o, p):
                return final_score(p, o)
            score = yield from self.search(o, p, -beta, -alpha, True)
            return -score

        original_alpha = alpha
        best = -INF
        best_move = -1
        first = True
        if n_empty >= FASTEST_FIRST_MIN_EMPTIES:
            ordered = self._ordered_moves(p, o, moves, tt_move, n_empty)
        else:
            ordered = [(sq, FLIPPERS[sq](p, o)) for sq in _parity_order(empty) if moves >> sq & 1]
        if n_empty >= ETC_MIN_EMPTIES:
            # enhanced transposition cut-off: a child already known to be bad enough for the opponent
            child_table = self.tt if n_empty - 1 >= DEEP_TT_EMPTIES else self.tt_shallow
            for sq, f in ordered:
                known = child_table.get((o ^ f, p | f | (1 << sq)))
                if known is not None and -known[1] >= beta:
                    return -known[1]
        for sq, f in ordered:
            child_p, child_o = o ^ f, p | f | (1 << sq)
            if first:
                score = -(yield from self.search(child_p, child_o, -beta, -alpha))
                first = False
            else:
                score = -(yield from self.search(child_p, child_o, -alpha - 1, -alpha))
                if alpha < score < beta:
                    score = -(yield from self.search(child_p, child_o, -beta, -score))
            if score > best:
                best = score
                best_move = sq
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
            if self.clock() > self.slice_deadline:
                yield None  # the slice is spent: let the game loop draw a frame

        self._store(table, key, best, original_alpha, beta, best_move, entry)
        return best

    def _store(
        self,
        table: dict[tuple[Bitboard, Bitboard], tuple[int, int, int]],
        key: tuple[Bitboard, Bitboard],
        best: int,
        alpha: int,
        beta: int,
        move: int,
        entry: tuple[int, int, int] | None,
    ) -> None:
        lower, upper = (-INF, INF) if entry is None else (entry[0], entry[1])
        if best <= alpha:
            upper = min(upper, best)
        elif best >= beta:
            lower = max(lower, best)
        else:
            lower = upper = best
        if len(table) >= self.tt_limit and key not in table:
            table.clear()
        table[key] = (lower, upper, move)

    def root(
        self, p: Bitboard, o: Bitboard, mode: str = "best", alpha: int = -64, beta: int = 64
    ) -> Generator[None, None, tuple[int, list[int], dict[int, int]]]:
        """Solve the root position.

        Returns the score, the best moves and exact values of moves. ``mode``:
        ``"best"`` finds the score and one best move; ``"all_best"`` also proves
        which other moves tie it; ``"all_values"`` finds every move's exact value.
        A root that must pass returns the score with no moves.
        """
        moves = legal_moves(p, o)
        if not moves:
            if legal_moves(o, p):
                score = yield from self.search(o, p, -beta, -alpha, True)
                return -score, [], {}
            return final_score(p, o), [], {}
        values: dict[int, int] = {}
        best = -INF
        best_moves: list[int] = []
        for sq, f in self._ordered_moves(p, o, moves, -1, 64 - (p | o).bit_count()):
            child_p, child_o = o ^ f, p | f | (1 << sq)
            if best == -INF or mode == "all_values":
                score = -(yield from self.search(child_p, child_o, -beta, -alpha))
            else:
                bound = max(best - 1 if mode == "all_best" else best, alpha)
                score = -(yield from self.search(child_p, child_o, -bound - 1, -bound))
                if score <= bound:
                    continue
                score = -(yield from self.search(child_p, child_o, -beta, -bound))
            values[sq] = score
            if score > best:
                best = score
                best_moves = [sq]
            elif score == best:
                best_moves.append(sq)
            if self.clock() > self.slice_deadline:
                yield None
        return best, sorted(best_moves), values


    def aspirated(
        self, p: Bitboard, o: Bitboard, guess: int, all_best: bool = False
    ) -> Generator[None, None, tuple[int, list[int]]]:
        """The exact score and best move(s), searched with narrow windows around ``guess``.

        Narrow windows cut far more than a full one; when the score falls
        outside, the window moves towards it (on the side it failed).
        """
        width = ASPIRATION_WIDTH
        lo, hi = max(guess - width, -64), min(guess + width, 64)
        while True:
            score, best, _ = yield from self.root(p, o, "best", lo, hi)
            if score <= lo and lo > -64:
                lo, hi = max(score - 2 * width, -64), score + 1
            elif score >= hi and hi < 64:
                lo, hi = score - 1, min(score + 2 * width, 64)
            else:
                break
        if all_best and best:
            score, best, _ = yield from self.root(p, o, "all_best", score - 1, score + 1)
        return score, best


_PRIORITY_KEY = [_SQUARE_PRIORITY[sq] * 64 + sq for sq in range(64)]


def _parity_order(empty: Bitboard) -> list[int]:
    """Empty squares, those in quadrants with an odd number of empties first, then by square priority."""
    odd = 0
    for mask in QUADRANT_MASKS:
        region = empty & mask
        if region.bit_count() & 1:
            odd |= region
    squares = []
    key = _PRIORITY_KEY
    while empty:
        low = empty & -empty
        empty ^= low
        sq = low.bit_length() - 1
        squares.append((key[sq] if odd & low else key[sq] + 4096, sq))
    squares.sort()
    return [sq for _, sq in squares]


def run_to_end(gen: Generator[None, None, T]) -> T:
    """Drive a search generator to completion, ignoring slice pauses."""
    while True:
        try:
            next(gen)
        except StopIteration as done:
            result: T = done.value
            return result


def solve(
    player: Bitboard,
    opponent: Bitboard,
    all_best: bool = True,
    evaluation: Callable[[Bitboard, Bitboard], int] | None = None,
) -> SolveResult:
    """Solve exactly (blocking); the score is the final disc difference for ``player``.

    With ``all_best`` every best move is listed, otherwise just one. An
    ``evaluation`` (like the pattern evaluation) gives the first guess of the
    score, which speeds the search up; it never changes the result.
    """
    solver = Solver()
    started = time.perf_counter()
    guess = 0 if evaluation is None else round(evaluation(player, opponent) / 100)
    score, best = run_to_end(solver.aspirated(player, opponent, guess, all_best))
    return SolveResult(score, best, solver.nodes, time.perf_counter() - started)
