"""Exact endgame solving: the final disc difference under perfect play.

Scores are for the side to move, with empty squares going to the winner
(the FFO convention). ``Solver.root`` finds the exact score and the best moves
(``Solver.aspirated`` in narrow windows around a guess); in a window around zero
(``alpha=-1, beta=1``) it only decides win, loss or draw, which is much faster.
Solvers are built by the factory (``factory.new_solver``); ``game.ai.exact``
runs one to its end at once, its first window centred by ``game.ai.first_guess``.

The search is alpha-beta (negascout) over the empty squares with:
- special code for the last five empty squares (no lists, no move generation; the
  last four unrolled, the last one scored by counting its flips only);
- parity ordering near the end (squares in regions with an odd number of
  empties first) and fastest-first ordering higher up (moves leaving the
  opponent the fewest replies first, corners before X-squares), with each
  child's evaluation added from 12 empties and, from 16, a 2-ply search's
  value instead when a midgame search is at hand (``Solver.order_search``);
- a stability cut-off (discs the opponent can never lose bound the score);
- a transposition table for the upper part of the tree.

The upper part of the tree is written as generators so that a game loop can
run the solver a slice at a time (``Solver.root`` and ``Solver.search``
yield between nodes, and a job's budget decides when its slice is spent);
the lower part is plain recursion, each call of which is bounded to a few
milliseconds.

>>> from game.engine import Position
>>> from game.ai.jobs import Job
>>> pos = Position.from_text("XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXOOO- X")
>>> Job(Solver().root(pos.player, pos.opponent)).run()[:2]
(64, [63])
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from enum import Enum

from game.engine.bitboard import FLIPPERS, MASK64, Bitboard, legal_moves
from game.engine.outcome import final_score

from .budget import Budget, NodeLimitReached
from .cutoffs import ETC_MIN_EMPTIES, STABILITY_THRESHOLD, etc_cutoff, stability_cutoff, stable_discs, table_cutoff
from .evaluation import DISC
from .last_square import LAST_SQUARE
from .mpc import WLD_MIN_EMPTIES, WLD_THRESHOLD, EndgameProbes
from .ordering import ChildSearch, evaluated_fastest_first, fastest_first_endgame, parity_order, searched
from .table import EXACT_DEPTH, INF, TABLE_LIMIT, Entry, Table, store

__all__ = [
    "NodeLimitReached", "ProbeSearch", "SolveMode", "SolveResult", "Solver", "stable_discs",
]

PLAIN_EMPTIES = 7
"""Below this many empties the solver recurses without table or cut-offs (just below, checking the clock)."""
DEEP_TT_EMPTIES = 12
"""Positions with this many empties and more go to the deep transposition table."""
FASTEST_FIRST_MIN_EMPTIES = 8
"""From this many empties on, moves are ordered fastest-first; below, by parity."""
EVALUATED_ORDER_EMPTIES = 12
"""From this many empties on, with an evaluation, fastest-first adds each child's evaluation (about 20 %
fewer nodes at 16 empties: a node there is worth an evaluation per child)."""
SEARCHED_ORDER_EMPTIES = 16
"""From this many empties on, with an ``order_search``, the children are ordered by a shallow search of each (9 %
fewer nodes at 20 empties, counting the searches'; from 14 or 15 empties the searches cost more than they save)."""
ORDER_SEARCH_DEPTH = 2
"""... this many plies deep (3 plies: more nodes)."""
ORDER_SEARCH_MARGIN = 8
"""... in the node's window widened by this many discs on each side (values far outside it order nothing)."""
ASPIRATION_WIDTH = 1
"""Half-width of the first window around the expected score, in discs."""
SELECTIVE_DEPTH = EXACT_DEPTH - 1
"""The depth recorded for a selective (Multi-ProbCut) result: below an exact one, so an exact search never
trusts it, while a selective search trusts both."""

ProbeSearch = ChildSearch
"""A shallow midgame search ``(player, opponent, depth, alpha, beta)`` in evaluation units: the probe."""



class SolveMode(Enum):
    """What a root solve finds (``Solver.root``)."""

    BEST = "best"
    """The score and one best move."""
    ALL_BEST = "all_best"
    """The score and every move that reaches it."""
    ALL_VALUES = "all_values"
    """Every move's exact value."""


@dataclass
class SolveResult:
    """An exact endgame result for the side to move."""

    score: int
    best: list[int]
    nodes: int
    seconds: float
    pv: list[int] = field(default_factory=list)


class Solver:
    """An exact (or win/loss/draw) endgame search that can run in slices.

    ``search(...)`` is a generator: it yields ``None`` whenever the budget's
    slice is spent, and returns the score. The budget (shared by reference
    with the job and any midgame search that calls the solver) also counts
    the nodes and holds the hard time and node limits.
    """

    def __init__(
        self, budget: Budget | None = None, tt_limit: int = TABLE_LIMIT,
        evaluate: Callable[[Bitboard, Bitboard], int] | None = None,
    ) -> None:
        self.budget = Budget() if budget is None else budget
        self.evaluate = evaluate
        """Orders the moves at many empties when given (never changes a score)."""
        self.evaluated_order_empties = EVALUATED_ORDER_EMPTIES if evaluate is not None else 65
        # Two tables, so the many small subtrees cannot crowd out the few big ones:
        # each is emptied when full, and the deep one fills slowly.
        self.tt: Table = {}
        self.tt_shallow: Table = {}
        self.tt_limit = tt_limit
        self.probes: EndgameProbes | None = None
        self.probe_search: ProbeSearch | None = None
        """With ``probes``, what a selective root (``root(..., selective=True)``) probes with."""
        self.order_search: ProbeSearch | None = None
        """What orders the children from ``SEARCHED_ORDER_EMPTIES`` on (``MidgameSearch.pvs``; never changes a
        score); its nodes count on its own search's budget, which is this one's in a ``MidgameSearch``."""
        self.table_depth = EXACT_DEPTH
        """``EXACT_DEPTH``, or ``SELECTIVE_DEPTH`` while a selective root runs."""

    @property
    def nodes(self) -> int:
        """Nodes searched so far by everything sharing this solver's budget."""
        return self.budget.nodes

    # -- lowest levels: plain recursion ------------------------------------------

    def _last_few(self, p: Bitboard, o: Bitboard, alpha: int, beta: int, empties: tuple[int, ...], passed: bool) -> int:
        """Score with zero to five empty squares through the unrolled solvers (``_solve5`` and below)."""
        global _leaves
        _leaves = 0
        n = len(empties)
        if n == 5:
            score = _solve5(p, o, alpha, beta, ~(p | o) & MASK64, passed)
        elif n == 4:
            x1, x2, x3, x4 = empties
            score = _solve4(p, o, alpha, beta, x1, x2, x3, x4, passed)
        elif n == 3:
            x1, x2, x3 = empties
            score = _solve3(p, o, alpha, beta, x1, x2, x3, passed)
        elif n == 2:
            x1, x2 = empties
            score = _solve2(p, o, alpha, beta, x1, x2, passed)
        elif n == 1:
            _leaves = 1
            score = LAST_SQUARE[empties[0]](p, o)
        else:  # a full board
            _leaves = 1
            score = final_score(p, o)
        self.budget.nodes += _leaves
        return score

    # -- upper levels: generators ---------------------------------------------------

    def _plain_steps(
        self, p: Bitboard, o: Bitboard, alpha: int, beta: int, passed: bool = False, moves: Bitboard = -1
    ) -> Generator[None, None, int]:
        """Alpha-beta with six empties over ``_solve5``, as a generator: checks the clock after each child.

        Called like ``search`` (a 7-empty node calls it directly; ``moves`` is not needed). A child is
        a plain search of at most a few hundred nodes, so a slice ends within a few milliseconds of its
        deadline even in the browser.
        """
        global _leaves
        empty = ~(p | o) & MASK64
        budget = self.budget
        budget.nodes += 1
        flippers = FLIPPERS
        clock = budget.clock
        best = -INF
        moved = False
        for sq in parity_order(empty):
            f = flippers[sq](p, o)
            if not f:
                continue
            moved = True
            _leaves = 0
            score = -_solve5(o ^ f, p | f | (1 << sq), -beta, -alpha, empty ^ (1 << sq), False)
            budget.nodes += _leaves
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        return best
            if clock() > budget.deadline and budget.expired():
                yield None
        if not moved:
            if passed:
                return final_score(p, o)
            return -(yield from self._plain_steps(o, p, -beta, -alpha, True))
        return best

    def search(
        self, p: Bitboard, o: Bitboard, alpha: int, beta: int, passed: bool = False, moves: Bitboard = -1
    ) -> Generator[None, None, int]:
        """Negascout over all empties; yields when the slice is spent, returns the score.

        ``moves`` are ``p``'s legal moves when the caller knows them (the parent's ordering counted them).
        """
        empty = ~(p | o) & MASK64
        n_empty = empty.bit_count()
        if n_empty < PLAIN_EMPTIES:
            if n_empty == PLAIN_EMPTIES - 1:
                return (yield from self._plain_steps(p, o, alpha, beta, passed))
            return self._last_few(p, o, alpha, beta, parity_order(empty), passed)
        budget = self.budget
        budget.nodes += 1
        if budget.nodes >= budget.node_limit:
            budget.nodes_spent()

        if alpha >= STABILITY_THRESHOLD[n_empty]:
            cut = stability_cutoff(p, o, alpha)
            if cut is not None:
                return cut

        key = (p, o)
        tt_move = -1
        depth = self.table_depth
        deep = n_empty >= DEEP_TT_EMPTIES
        entry = (self.tt if deep else self.tt_shallow).get(key)
        if entry is not None:
            tt_move = entry[3]
            if entry[0] >= depth:
                cut = table_cutoff(entry, depth, alpha, beta)
                if cut is not None:
                    return cut
                alpha = max(alpha, entry[1])
                beta = min(beta, entry[2])
            else:
                entry = None  # a selective result: its bounds are no proof for an exact search

        if depth == SELECTIVE_DEPTH and n_empty >= WLD_MIN_EMPTIES:
            cut = yield from self._probe(p, o, n_empty, alpha, beta)
            if cut is not None:
                return cut

        if n_empty >= FASTEST_FIRST_MIN_EMPTIES:
            if moves < 0:
                moves = legal_moves(p, o)
            if not moves:
                if passed or not legal_moves(o, p):
                    return final_score(p, o)
                score = yield from self.search(o, p, -beta, -alpha, True)
                return -score
            if n_empty >= SEARCHED_ORDER_EMPTIES and self.order_search is not None:
                margin = ORDER_SEARCH_MARGIN
                ordered = yield from searched(
                    p, o, moves, tt_move, self.order_search, ORDER_SEARCH_DEPTH,
                    max(-64, alpha - margin) * DISC, min(64, beta + margin) * DISC,
                )
            elif n_empty >= self.evaluated_order_empties:
                ordered = evaluated_fastest_first(p, o, moves, tt_move, self.evaluate)  # type: ignore[arg-type]
            else:
                ordered = fastest_first_endgame(p, o, moves, tt_move)
        else:
            # Few empties: each one's flips are cheaper than a move generation (and needed anyway).
            flippers = FLIPPERS
            if moves < 0:
                ordered = [(sq, f, -1) for sq in parity_order(empty) if (f := flippers[sq](p, o))]
            else:
                ordered = [(sq, flippers[sq](p, o), -1) for sq in parity_order(empty) if moves >> sq & 1]
            if not ordered:
                if passed or not legal_moves(o, p):
                    return final_score(p, o)
                score = yield from self.search(o, p, -beta, -alpha, True)
                return -score

        original_alpha = alpha
        best = -INF
        best_move = -1
        first = True
        if n_empty >= ETC_MIN_EMPTIES:
            child_table = self.tt if n_empty - 1 >= DEEP_TT_EMPTIES else self.tt_shallow
            cut = etc_cutoff(child_table, ordered, p, o, depth, beta)
            if cut is not None:
                return cut
        clock = budget.clock
        # (a 7-empty node's children go straight to the six-empty level: one generator a child, not two)
        descend = self._plain_steps if n_empty == PLAIN_EMPTIES else self.search
        for sq, f, replies in ordered:
            child_p, child_o = o ^ f, p | f | (1 << sq)
            if first:
                score = -(yield from descend(child_p, child_o, -beta, -alpha, False, replies))
                first = False
            else:
                score = -(yield from descend(child_p, child_o, -alpha - 1, -alpha, False, replies))
                if alpha < score < beta:
                    score = -(yield from descend(child_p, child_o, -beta, -score, False, replies))
            if score > best:
                best = score
                best_move = sq
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
            if clock() > budget.deadline and budget.expired():
                yield None  # the slice is spent: let the game loop draw a frame

        self._store(deep, key, depth, best, original_alpha, beta, best_move, entry)
        return best

    def _store(
        self, deep: bool, key: tuple[Bitboard, Bitboard], depth: int, best: int, alpha: int, beta: int, move: int,
        entry: Entry | None,
    ) -> None:
        """``store`` into the deep table (``deep``) or the shallow one, whichever is in use now.

        Not the one the node read: a store below it may have replaced that one by an empty table since.
        """
        if deep:
            self.tt = store(self.tt, self.tt_limit, key, depth, best, alpha, beta, move, entry)
        else:
            self.tt_shallow = store(self.tt_shallow, self.tt_limit, key, depth, best, alpha, beta, move, entry)

    def _probe(
        self, p: Bitboard, o: Bitboard, n_empty: int, alpha: int, beta: int
    ) -> Generator[None, None, int | None]:
        """Multi-ProbCut in a selective search: the bound a shallow search says the node fails at, else None."""
        probe = None if self.probes is None else self.probes[n_empty]
        if probe is None or self.probe_search is None:
            return None
        if beta <= 64:
            high = probe.high(beta, WLD_THRESHOLD)
            if (yield from self.probe_search(p, o, probe.depth, high - 1, high)) >= high:
                return beta
        if alpha >= -64:
            low = probe.low(alpha, WLD_THRESHOLD)
            if (yield from self.probe_search(p, o, probe.depth, low, low + 1)) <= low:
                return alpha
        return None

    def root(
        self, p: Bitboard, o: Bitboard, mode: SolveMode = SolveMode.BEST, alpha: int = -64, beta: int = 64,
        selective: bool = False,
    ) -> Generator[None, None, tuple[int, list[int], dict[int, int]]]:
        """Solve the root position.

        Returns the score, the best moves and exact values of moves, as
        ``mode`` (a ``SolveMode``) asks.
        A root that must pass returns the score with no moves. ``selective``
        (for the win/loss/draw stage, with ``probes``) lets Multi-ProbCut cut
        nodes a shallow search says fail: much faster, almost always right, not
        a proof. Without it the result is exact.
        """
        self.table_depth = SELECTIVE_DEPTH if selective and self.probes is not None else EXACT_DEPTH
        try:
            return (yield from self._root(p, o, mode, alpha, beta))
        finally:
            self.table_depth = EXACT_DEPTH

    def _root(
        self, p: Bitboard, o: Bitboard, mode: SolveMode, alpha: int, beta: int
    ) -> Generator[None, None, tuple[int, list[int], dict[int, int]]]:
        moves = legal_moves(p, o)
        if not moves:
            if legal_moves(o, p):
                score = yield from self.search(o, p, -beta, -alpha, True)
                return -score, [], {}
            return final_score(p, o), [], {}
        budget = self.budget
        values: dict[int, int] = {}
        best = -INF
        best_moves: list[int] = []
        # the root is remembered like any node: a search of it again (the next window) tries its best move first
        key = (p, o)
        depth = self.table_depth
        deep = (~(p | o) & MASK64).bit_count() >= DEEP_TT_EMPTIES
        entry = (self.tt if deep else self.tt_shallow).get(key)
        for sq, f, _ in fastest_first_endgame(p, o, moves, -1 if entry is None else entry[3]):
            child_p, child_o = o ^ f, p | f | (1 << sq)
            if best == -INF or mode is SolveMode.ALL_VALUES:
                score = -(yield from self.search(child_p, child_o, -beta, -alpha))
            else:
                bound = max(best - 1 if mode is SolveMode.ALL_BEST else best, alpha)
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
            if budget.clock() > budget.deadline and budget.expired():
                yield None
        if mode is SolveMode.BEST:  # (the other modes' windows differ from move to move)
            self._store(deep, key, depth, best, alpha, beta, best_moves[0],
                        entry if entry is not None and entry[0] == depth else None)
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
            score, best, _ = yield from self.root(p, o, SolveMode.BEST, lo, hi)
            if score <= lo and lo > -64:
                lo, hi = max(score - 2 * width, -64), score + 1
            elif score >= hi and hi < 64:
                lo, hi = score - 1, min(score + 2 * width, 64)
            else:
                break
        if all_best and best:
            score, best, _ = yield from self.root(p, o, SolveMode.ALL_BEST, score - 1, score + 1)
        return score, best

    def perfect_line(self, p: Bitboard, o: Bitboard, line: list[int]) -> Generator[None, None, None]:
        """Extend ``line`` (at least its first move, a best one, from ``p`` to move) with a best reply at each step.

        Each reply is appended as soon as it is solved, so a job cut short by its
        deadline (or its node limit) keeps the line as far as it got: the one
        perfect-play line of the analysis, the hint and the command line.
        """
        while True:
            f = FLIPPERS[line[-1]](p, o)
            p, o = o ^ f, p | f | (1 << line[-1])
            if not legal_moves(p, o):
                p, o = o, p
            if not legal_moves(p, o):
                return
            _, best, _ = yield from self.root(p, o, SolveMode.BEST)
            line.append(best[0])



_leaves = 0
"""Nodes the unrolled solvers below have searched since ``Solver._last_few`` reset it (module-level: cheap)."""

_QUADRANT = [(sq >> 5 & 1) << 1 | (sq >> 2 & 1) for sq in range(64)]
"""Each square's parity region (as ``QUADRANT_MASKS``): 0 a1-d4, 1 e1-h4, 2 a5-d8, 3 e5-h8."""


def _solve2(p: Bitboard, o: Bitboard, alpha: int, beta: int, x1: int, x2: int, passed: bool) -> int:
    """Score with exactly the two empty squares ``x1``, ``x2``; ``p`` to move (counts its nodes in ``_leaves``)."""
    global _leaves
    f = FLIPPERS[x1](p, o)
    if f:
        best = -LAST_SQUARE[x2](o ^ f, p | f | (1 << x1))
        if best >= beta:
            _leaves += 2
            return best
        g = FLIPPERS[x2](p, o)
        if g:
            _leaves += 3
            score = -LAST_SQUARE[x1](o ^ g, p | g | (1 << x2))
            return score if score > best else best
        _leaves += 2
        return best
    g = FLIPPERS[x2](p, o)
    if g:
        _leaves += 2
        return -LAST_SQUARE[x1](o ^ g, p | g | (1 << x2))
    _leaves += 1
    if passed:
        return final_score(p, o)
    return -_solve2(o, p, -beta, -alpha, x1, x2, True)


def _solve3(p: Bitboard, o: Bitboard, alpha: int, beta: int, x1: int, x2: int, x3: int, passed: bool) -> int:
    """Score with exactly three empty squares; ``p`` to move. The square alone in its region goes first."""
    global _leaves
    _leaves += 1
    if not passed:
        q1, q2, q3 = _QUADRANT[x1], _QUADRANT[x2], _QUADRANT[x3]
        if q1 == q2:
            if q1 != q3:
                x1, x2, x3 = x3, x1, x2
        elif q1 == q3:
            x1, x2 = x2, x1
    best = -INF
    f = FLIPPERS[x1](p, o)
    if f:
        best = -_solve2(o ^ f, p | f | (1 << x1), -beta, -alpha, x2, x3, False)
        if best >= beta:
            return best
        if best > alpha:
            alpha = best
    f = FLIPPERS[x2](p, o)
    if f:
        score = -_solve2(o ^ f, p | f | (1 << x2), -beta, -alpha, x1, x3, False)
        if score > best:
            if score >= beta:
                return score
            best = score
            if score > alpha:
                alpha = score
    f = FLIPPERS[x3](p, o)
    if f:
        score = -_solve2(o ^ f, p | f | (1 << x3), -beta, -alpha, x1, x2, False)
        return score if score > best else best
    if best == -INF:
        if passed:
            return final_score(p, o)
        return -_solve3(o, p, -beta, -alpha, x1, x2, x3, True)
    return best


def _solve4(
    p: Bitboard, o: Bitboard, alpha: int, beta: int, x1: int, x2: int, x3: int, x4: int, passed: bool
) -> int:
    """Score with exactly four empty squares, tried in the order given (the parity order); ``p`` to move."""
    global _leaves
    _leaves += 1
    best = -INF
    f = FLIPPERS[x1](p, o)
    if f:
        best = -_solve3(o ^ f, p | f | (1 << x1), -beta, -alpha, x2, x3, x4, False)
        if best >= beta:
            return best
        if best > alpha:
            alpha = best
    f = FLIPPERS[x2](p, o)
    if f:
        score = -_solve3(o ^ f, p | f | (1 << x2), -beta, -alpha, x1, x3, x4, False)
        if score > best:
            if score >= beta:
                return score
            best = score
            if score > alpha:
                alpha = score
    f = FLIPPERS[x3](p, o)
    if f:
        score = -_solve3(o ^ f, p | f | (1 << x3), -beta, -alpha, x1, x2, x4, False)
        if score > best:
            if score >= beta:
                return score
            best = score
            if score > alpha:
                alpha = score
    f = FLIPPERS[x4](p, o)
    if f:
        score = -_solve3(o ^ f, p | f | (1 << x4), -beta, -alpha, x1, x2, x3, False)
        return score if score > best else best
    if best == -INF:
        if passed:
            return final_score(p, o)
        return -_solve4(o, p, -beta, -alpha, x1, x2, x3, x4, True)
    return best


def _solve5(p: Bitboard, o: Bitboard, alpha: int, beta: int, empty: Bitboard, passed: bool) -> int:
    """Score with exactly the five empty squares ``empty``, in parity order; ``p`` to move."""
    global _leaves
    _leaves += 1
    flippers = FLIPPERS
    order = parity_order
    best = -INF
    for x in order(empty):
        f = flippers[x](p, o)
        if f:
            x1, x2, x3, x4 = order(empty ^ (1 << x))
            score = -_solve4(o ^ f, p | f | (1 << x), -beta, -alpha, x1, x2, x3, x4, False)
            if score > best:
                if score >= beta:
                    return score
                best = score
                if score > alpha:
                    alpha = score
    if best == -INF:
        if passed:
            return final_score(p, o)
        return -_solve5(o, p, -beta, -alpha, empty, True)
    return best


