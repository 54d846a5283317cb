"""Midgame search: principal-variation (negascout) alpha-beta with a transposition table.

Scores are in evaluation units (``DISC`` = 100 per disc) for the side to
move. The upper part of the tree is a generator, so the caller can run the
search a slice at a time: it yields whenever ``slice_deadline`` has passed.
Nodes within ``PLAIN_DEPTH`` plies of the horizon are searched by plain
recursion, each call bounded to a few milliseconds.

Move ordering: the transposition table's move, then (high in the tree) the
evaluation of each child as a one-ply shallow search, lower down the
opponent's mobility (fastest-first), corner and X-square knowledge and a
history table of moves that caused cut-offs.

When the remaining depth reaches the number of empty squares, the exact
endgame solver takes over, so late positions are scored exactly.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator

from game.engine.bitboard import FLIPPERS, MASK64, Bitboard, legal_moves

from .endgame import NodeLimitReached, Solver, final_score
from .evaluation import DISC, Evaluation

INF = 1_000_000
PLAIN_DEPTH = 2
"""Nodes this close to the horizon are searched without yielding."""
SHALLOW_ORDER_DEPTH = 2
"""From this remaining depth on, children are ordered by their evaluation."""

_X_SQUARE_CORNER = {9: 0, 14: 7, 49: 56, 54: 63}
_ORDER_BONUS = [0] * 64
for _sq in (0, 7, 56, 63):
    _ORDER_BONUS[_sq] = -40
for _sq in (9, 14, 49, 54):
    _ORDER_BONUS[_sq] = 30
for _sq in (1, 8, 6, 15, 48, 57, 55, 62):
    _ORDER_BONUS[_sq] = 10

TTEntry = tuple[int, int, int, int]
"""(depth, lower bound, upper bound, best move) of a searched position."""


class MidgameSearch:
    """Alpha-beta search with an evaluation, a bounded transposition table and history."""

    def __init__(self, evaluation: Evaluation, tt_limit: int = 200_000) -> None:
        # the pattern evaluation offers its plain function, which saves a __call__ per leaf
        self.evaluate: Callable[[Bitboard, Bitboard], int] = getattr(evaluation, "evaluate", evaluation)
        self.tt: dict[tuple[Bitboard, Bitboard], TTEntry] = {}
        self.tt_limit = tt_limit
        self.history = [0] * 64
        self.nodes = 0
        self.node_limit = 1 << 62
        self.slice_deadline = float("inf")
        self.clock = time.perf_counter
        self.solver = Solver(tt_limit=tt_limit)

    # -- helpers ---------------------------------------------------------------

    def _count_node(self) -> None:
        """Count a node, stopping the search when the node budget is spent."""
        self.nodes += 1
        if self.nodes >= self.node_limit:
            raise NodeLimitReached

    def _store(self, key: tuple[Bitboard, Bitboard], depth: int, best: int, alpha: int, beta: int, move: int) -> None:
        if best <= alpha:
            entry: TTEntry = (depth, -INF, best, move)
        elif best >= beta:
            entry = (depth, best, INF, move)
        else:
            entry = (depth, best, best, move)
        tt = self.tt
        if len(tt) >= self.tt_limit and key not in tt:
            tt.clear()  # a crude but bounded replacement policy
        tt[key] = entry

    def _exact(self, p: Bitboard, o: Bitboard, alpha: int, beta: int) -> Generator[None, None, int]:
        """Exact endgame score in evaluation units, searched with the endgame solver."""
        solver = self.solver
        solver.slice_deadline = self.slice_deadline
        solver.node_limit = solver.nodes + (self.node_limit - self.nodes)
        before = solver.nodes
        # the widest disc window inside which the caller's window lies
        lo = max(-64, alpha // DISC - 1)
        hi = min(64, -(-beta // DISC) + 1)
        score = yield from solver.search(p, o, lo, hi)
        self.nodes += solver.nodes - before
        return score * DISC

    def order(self, p: Bitboard, o: Bitboard, moves: Bitboard, tt_move: int, depth: int) -> list[tuple[int, Bitboard]]:
        """Moves with their flips, most promising first."""
        flippers = FLIPPERS
        mobility = legal_moves
        history = self.history
        bonus = _ORDER_BONUS
        scored = []
        use_eval = depth >= SHALLOW_ORDER_DEPTH
        evaluate = self.evaluate
        while moves:
            bit = moves & -moves
            moves ^= bit
            sq = bit.bit_length() - 1
            f = flippers[sq](p, o)
            if sq == tt_move:
                key = -(1 << 40)
            elif use_eval:
                key = evaluate(o ^ f, p | f | bit)
            else:
                key = mobility(o ^ f, p | f | bit).bit_count() * 100 + bonus[sq] * 10 - history[sq]
            scored.append((key, sq, f))
        scored.sort()
        return [(sq, f) for _, sq, f in scored]

    # -- the search ----------------------------------------------------------------

    def pvs(
        self, p: Bitboard, o: Bitboard, depth: int, alpha: int, beta: int, passed: bool = False
    ) -> Generator[None, None, int]:
        """Negascout to ``depth`` plies; yields when the slice is spent."""
        empty_count = 64 - (p | o).bit_count()
        if depth >= empty_count:
            return (yield from self._exact(p, o, alpha, beta))
        if depth <= PLAIN_DEPTH:
            return self.shallow(p, o, depth, alpha, beta, passed)
        self._count_node()

        key = (p, o)
        tt_move = -1
        entry = self.tt.get(key)
        if entry is not None:
            entry_depth, lower, upper, tt_move = entry
            if entry_depth >= depth:
                if lower >= beta:
                    return lower
                if upper <= alpha:
                    return upper
                if lower == upper:
                    return lower

        moves = legal_moves(p, o)
        if not moves:
            if passed or not legal_moves(o, p):
                return final_score(p, o) * DISC
            return -(yield from self.pvs(o, p, depth, -beta, -alpha, True))

        original_alpha = alpha
        best = -INF
        best_move = -1
        first = True
        for sq, f in self.order(p, o, moves, tt_move, depth):
            child_p, child_o = o ^ f, p | f | (1 << sq)
            if first:
                score = -(yield from self.pvs(child_p, child_o, depth - 1, -beta, -alpha))
                first = False
            else:
                score = -(yield from self.pvs(child_p, child_o, depth - 1, -alpha - 1, -alpha))
                if alpha < score < beta:
                    score = -(yield from self.pvs(child_p, child_o, depth - 1, -beta, -score))
            if score > best:
                best = score
                best_move = sq
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        self.history[sq] += depth * depth
                        break
            if self.clock() > self.slice_deadline:
                yield None  # the slice is spent: let the game loop draw a frame
        self._store(key, depth, best, original_alpha, beta, best_move)
        return best

    def shallow(self, p: Bitboard, o: Bitboard, depth: int, alpha: int, beta: int, passed: bool = False) -> int:
        """Plain alpha-beta for the last plies before the horizon."""
        self.nodes += 1
        if depth == 0:
            return self.evaluate(p, o)
        moves = legal_moves(p, o)
        if not moves:
            if passed or not legal_moves(o, p):
                return final_score(p, o) * DISC
            return -self.shallow(o, p, depth, -beta, -alpha, True)
        flippers = FLIPPERS
        best = -INF
        if depth == 1:
            evaluate = self.evaluate
            self.nodes += moves.bit_count()
            while moves:
                bit = moves & -moves
                moves ^= bit
                f = flippers[bit.bit_length() - 1](p, o)
                score = -evaluate(o ^ f, p | f | bit)
                if score > best:
                    best = score
                    if score >= beta:
                        return best
            return best
        for sq, f in self.order(p, o, moves, -1, depth):
            score = -self.shallow(o ^ f, p | f | (1 << sq), depth - 1, -beta, -max(alpha, best))
            if score > best:
                best = score
                if score >= beta:
                    self.history[sq] += depth * depth
                    return best
        return best

    def root(
        self, p: Bitboard, o: Bitboard, depth: int, alpha: int, beta: int, order: list[int] | None = None
    ) -> Generator[None, None, tuple[int, int, dict[int, int]]]:
        """Search the root moves (in ``order`` if given) to ``depth``.

        Returns (best score, best move, {move: score}) where the scores of
        moves other than the best are upper bounds unless they fell inside
        the window.
        """
        moves = legal_moves(p, o)
        ordered = self.order(p, o, moves, -1, max(depth, SHALLOW_ORDER_DEPTH))
        if order:
            rank = {sq: i for i, sq in enumerate(order)}
            ordered.sort(key=lambda item: rank.get(item[0], len(rank)))
        best = -INF
        best_move = ordered[0][0]
        scores: dict[int, int] = {}
        for sq, f in ordered:
            child_p, child_o = o ^ f, p | f | (1 << sq)
            if best == -INF:
                score = -(yield from self.pvs(child_p, child_o, depth - 1, -beta, -alpha))
            else:
                bound = max(alpha, best)
                score = -(yield from self.pvs(child_p, child_o, depth - 1, -bound - 1, -bound))
                if bound < score < beta:
                    score = -(yield from self.pvs(child_p, child_o, depth - 1, -beta, -score))
            scores[sq] = score
            if score > best:
                best, best_move = score, sq
            if self.clock() > self.slice_deadline:
                yield None
        self._store((p, o), depth, best, alpha, beta, best_move)
        return best, best_move, scores

    def root_values(self, p: Bitboard, o: Bitboard, depth: int) -> Generator[None, None, dict[int, int]]:
        """Every root move's score to ``depth`` with a full window (for analysis and noisy levels)."""
        values: dict[int, int] = {}
        for sq, f in self.order(p, o, legal_moves(p, o), -1, max(depth, SHALLOW_ORDER_DEPTH)):
            values[sq] = -(yield from self.pvs(o ^ f, p | f | (1 << sq), depth - 1, -INF, INF))
            if self.clock() > self.slice_deadline:
                yield None
        return values

    def principal_variation(self, p: Bitboard, o: Bitboard, first: int, limit: int = 12) -> list[int]:
        """The expected line from the root, following the table's best moves after ``first``."""
        line = [first]
        f = FLIPPERS[first](p, o)
        p, o = o ^ f, (p | f | (1 << first)) & MASK64
        seen = {(p, o)}
        while len(line) < limit:
            entry = self.tt.get((p, o))
            if entry is None or entry[3] < 0:
                break
            move = entry[3]
            f = FLIPPERS[move](p, o)
            if not f:
                break
            line.append(move)
            p, o = o ^ f, p | f | (1 << move)
            if not legal_moves(p, o) and legal_moves(o, p):
                p, o = o, p
            if (p, o) in seen:
                break
            seen.add((p, o))
        return line
