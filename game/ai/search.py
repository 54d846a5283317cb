"""Midgame search: principal-variation (negascout) alpha-beta with a transposition table.

Scores are in evaluation units (``DISC`` = 100 per disc) for the side to
move. The upper part of the tree is a generator, so the caller can run the
search a slice at a time: it yields whenever the shared ``Budget``'s slice
is spent. Nodes within ``PLAIN_DEPTH`` plies of the horizon are searched by
plain recursion, each call bounded to a fraction of a millisecond natively.

Move ordering: the transposition table's move, then (high in the tree) the
evaluation of each child plus the replies it leaves the opponent, two plies
from the horizon fastest-first with square knowledge and a history of cut-off
moves, and in the plain last ply corners first, C- and X-squares last.

When the remaining depth reaches the number of empty squares, the exact
endgame solver takes over (sharing the budget), so late positions are
scored exactly.
"""

from __future__ import annotations

from collections.abc import Callable, Generator

from game.engine.bitboard import FLIPPERS, MASK64, Bitboard, legal_moves
from game.engine.outcome import final_score

from .cutoffs import table_cutoff
from .endgame import Solver
from .evaluation import DISC
from .mpc import MIN_DEPTH as MPC_MIN_DEPTH
from .mpc import ProbeTable
from .ordering import SQUARE_GROUPS, Ordered, evaluated, fastest_first_midgame
from .table import INF, TABLE_LIMIT, Table, store

__all__ = ["EVALUATED_ORDER_DEPTH", "INF", "PLAIN_DEPTH", "TABLE_LIMIT", "MidgameSearch"]

PLAIN_DEPTH = 1
"""Nodes this close to the horizon are searched by plain recursion, without checking the clock."""
SCORE_RANGE = 64 * DISC
"""Multi-ProbCut probes only windows within the scores a game can have (not the infinite bounds)."""
EVALUATED_ORDER_DEPTH = 3
"""From this remaining depth on, children are ordered by their evaluation and mobility (``ordering.evaluated``);
below, fastest-first (``ordering.fastest_first_midgame``): evaluating every child of a node two plies from the
horizon cost more evaluations than its better order saved (a third of them at depth 9)."""


class MidgameSearch:
    """Alpha-beta search with an evaluation, a bounded transposition table and history."""

    def __init__(self, evaluate: Callable[[Bitboard, Bitboard], int], solver: Solver,
                 probes: ProbeTable | None = None) -> None:
        """A search scoring leaves with ``evaluate`` and handing exact positions to ``solver`` (sharing its budget).

        Built by ``factory.build_search``, which also plugs this search into the solver (its move ordering,
        and its probes in the win/loss/draw stage).
        """
        self.evaluate = evaluate
        self.budget = solver.budget
        self.tt: Table = {}
        self.tt_limit = solver.tt_limit
        self.history = [0] * 64
        self.solver = solver
        self.probes = probes
        """Multi-ProbCut's table (``mpc.default_probes()``), or ``None`` for a full-width search."""

    @property
    def nodes(self) -> int:
        """Nodes searched so far by everything sharing this search's budget (the solver too)."""
        return self.budget.nodes

    def _exact(self, p: Bitboard, o: Bitboard, alpha: int, beta: int) -> Generator[None, None, int]:
        """Exact endgame score in evaluation units, searched with the endgame solver."""
        # the widest disc window inside which the caller's window lies
        lo = max(-64, alpha // DISC - 1)
        hi = min(64, -(-beta // DISC) + 1)
        score = yield from self.solver.search(p, o, lo, hi)
        return score * DISC

    def order(self, p: Bitboard, o: Bitboard, moves: Bitboard, tt_move: int, depth: int) -> Ordered:
        """Moves with their flips, most promising first."""
        if depth >= EVALUATED_ORDER_DEPTH:
            return evaluated(p, o, moves, tt_move, self.evaluate)
        return [(sq, f) for sq, f, _ in fastest_first_midgame(p, o, moves, tt_move, self.history)]

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
        if depth == PLAIN_DEPTH + 1:
            return (yield from self._last_plies(p, o, depth, alpha, beta, passed))
        budget = self.budget
        budget.nodes += 1
        if budget.nodes >= budget.node_limit:
            budget.nodes_spent()

        key = (p, o)
        tt_move = -1
        entry = self.tt.get(key)
        if entry is not None:
            cut = table_cutoff(entry, depth, alpha, beta)
            if cut is not None:
                return cut
            tt_move = entry[3]

        moves = legal_moves(p, o)
        if not moves:
            if passed or not legal_moves(o, p):
                return final_score(p, o) * DISC
            return -(yield from self.pvs(o, p, depth, -beta, -alpha, True))

        # Multi-ProbCut: a shallow null-window probe that says the deep search would fail
        # (never reached in an exact search: those went to the solver above)
        if self.probes is not None and depth >= MPC_MIN_DEPTH:
            probe = self.probes[depth][empty_count]
            if probe is not None:
                if -SCORE_RANGE <= beta <= SCORE_RANGE:
                    high = probe.high(beta)
                    if (yield from self.pvs(p, o, probe.depth, high - 1, high)) >= high:
                        return beta
                if -SCORE_RANGE <= alpha <= SCORE_RANGE:
                    low = probe.low(alpha)
                    if (yield from self.pvs(p, o, probe.depth, low, low + 1)) <= low:
                        return alpha

        original_alpha = alpha
        best = -INF
        best_move = -1
        first = True
        clock = budget.clock
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
            if clock() > budget.deadline and budget.expired():
                yield None  # the slice is spent: let the game loop draw a frame
        self.tt = store(self.tt, self.tt_limit, key, depth, best, original_alpha, beta, best_move)
        return best

    def _last_plies(
        self, p: Bitboard, o: Bitboard, depth: int, alpha: int, beta: int, passed: bool
    ) -> Generator[None, None, int]:
        """Alpha-beta just above the plain part, with no table; checks the clock after each child.

        Each child is a plain search of a few dozen evaluations: in the browser, a
        few milliseconds, so a slice ends within that of its deadline.
        """
        budget = self.budget
        budget.nodes += 1
        moves = legal_moves(p, o)
        if not moves:
            if passed or not legal_moves(o, p):
                return final_score(p, o) * DISC
            return -(yield from self._last_plies(o, p, depth, -beta, -alpha, True))
        best = -INF
        clock = budget.clock
        shallow = self.shallow
        last_ply = self._last_ply
        for sq, f, replies in fastest_first_midgame(p, o, moves, -1, self.history):
            bound = -max(alpha, best)
            if replies:
                score = -last_ply(o ^ f, p | f | (1 << sq), replies, bound)
            else:
                score = -shallow(o ^ f, p | f | (1 << sq), depth - 1, -beta, bound)
            if score > best:
                best = score
                if score >= beta:
                    self.history[sq] += depth * depth
                    return best
            if clock() > budget.deadline and budget.expired():
                yield None
        return best

    def _last_ply(self, p: Bitboard, o: Bitboard, moves: Bitboard, beta: int) -> int:
        """``shallow`` at depth 1 when the moves are known (the parent's ordering found them) and there are some."""
        budget = self.budget
        budget.nodes += 1 + moves.bit_count()
        flippers = FLIPPERS
        best = -INF
        evaluate = self.evaluate
        for group in SQUARE_GROUPS:
            some = moves & group
            while some:
                bit = some & -some
                some ^= bit
                f = flippers[bit.bit_length() - 1](p, o)
                score = -evaluate(o ^ f, p | f | bit)
                if score > best:
                    best = score
                    if score >= beta:
                        return best
        return best

    def shallow(self, p: Bitboard, o: Bitboard, depth: int, alpha: int, beta: int, passed: bool = False) -> int:
        """Plain alpha-beta for the last plies before the horizon (``depth`` at most ``PLAIN_DEPTH``)."""
        if depth == 0:
            self.budget.nodes += 1
            return self.evaluate(p, o)
        moves = legal_moves(p, o)
        if moves:
            return self._last_ply(p, o, moves, beta)
        self.budget.nodes += 1
        if passed or not legal_moves(o, p):
            return final_score(p, o) * DISC
        return -self.shallow(o, p, depth, -beta, -alpha, True)

    def root(
        self, p: Bitboard, o: Bitboard, depth: int, alpha: int, beta: int, order: list[int] | None = None
    ) -> Generator[None, None, tuple[int, int, dict[int, int]]]:
        """Search the root moves (in ``order`` if given) to ``depth``.

        Returns (best score, best move, {move: score}) where the scores of
        moves other than the best are upper bounds unless they fell inside
        the window.
        """
        budget = self.budget
        moves = legal_moves(p, o)
        ordered = self.order(p, o, moves, -1, max(depth, EVALUATED_ORDER_DEPTH))
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
            if budget.clock() > budget.deadline and budget.expired():
                yield None
        self.tt = store(self.tt, self.tt_limit, (p, o), depth, best, alpha, beta, best_move)
        return best, best_move, scores

    def root_values(
        self, p: Bitboard, o: Bitboard, depth: int, only: list[int] | None = None
    ) -> Generator[None, None, dict[int, int]]:
        """Every root move's score (or those of ``only``) to ``depth`` with a full window (analysis, noisy levels)."""
        budget = self.budget
        values: dict[int, int] = {}
        moves = legal_moves(p, o)
        if only is not None:
            moves &= sum(1 << sq for sq in only)
        for sq, f in self.order(p, o, moves, -1, max(depth, EVALUATED_ORDER_DEPTH)):
            values[sq] = -(yield from self.pvs(o ^ f, p | f | (1 << sq), depth - 1, -INF, INF))
            if budget.clock() > budget.deadline and budget.expired():
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
