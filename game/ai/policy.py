"""The level policy: how each level turns its row of ``LEVELS`` into a move.

- Levels with a temperature value every move (a fixed-depth search, or the
  exact solver near the end) and draw one with noise, novices also weighing
  how many discs a move flips.
- Levels with a ``book`` margin play from the opening book while the
  position is in it (any move within the margin of the best, weighted by
  how often masters chose it).
- The others search by iterative deepening within their time per move; from
  ``exact_empties`` (or ``wld_empties`` for win/loss/draw) they solve the
  endgame after a quick midgame look, within their ``TimeShape``'s ``solve``
  factor (``search_limits``) times their time, falling back on the midgame move if the solve runs out.
  The win/loss/draw stage keeps the margin: once the best outcome is proved it
  plays, of the moves that keep it, the exact best if the solve finishes in
  time, else the one the midgame values most (never just the first win found);
  when every move loses, the one that loses least if solved in time.
  What bounds each level's search is one ``Limits``: its ``Level.limits`` unless ``think`` is given others
  (on a clock: ``Limits.on_clock``; another time a move: ``Limits.per_move``), and every deadline comes
  from their one ``search_limits.plan``: on a clock, nothing runs past its hard limit.
"""

from __future__ import annotations

import math
import random
from collections.abc import Generator

from game.engine.bitboard import FLIPPERS, Bitboard, legal_moves
from game.engine.position import Position

from .book import BookError, choose_book_move, default_book
from .budget import BudgetSpent
from .deepening import Decision, Engine, hard_limit
from .endgame import SolveMode
from .evaluation import DISC
from .factory import engine_for
from .first_guess import guess_from
from .jobs import Job
from .levels import LEVELS, Level
from .search_limits import QUICK_LOOK_DEPTH, Limits, plan

GREED_DISCS_PER_FLIP = 4.0
"""What a novice thinks a flipped disc is worth, in discs."""


def choose(values: dict[int, float], temperature: float, rng: random.Random) -> int:
    """A move drawn with probability falling off exponentially with its loss (in discs)."""
    best = max(values.values())
    if temperature <= 0:
        return min(sq for sq, v in values.items() if v == best)
    squares = sorted(values)
    weights = [math.exp((values[sq] - best) / temperature) for sq in squares]
    return rng.choices(squares, weights)[0]


def choose_move(
    engine: Engine, level: Level, position: Position, rng: random.Random, started: float, limits: Limits,
) -> Generator[None, None, int]:
    """The level's move in ``position`` within ``limits`` (a generator to run in a job).

    On a clock (``limits.clock``) the move's time is cut to it and no search passes its hard limit
    (``search_limits.plan``).
    """
    p, o = position.player, position.opponent
    moves = legal_moves(p, o)
    if not moves:
        raise ValueError("the side to move has no legal move")
    if moves & (moves - 1) == 0:
        return moves.bit_length() - 1
    n_empty = 64 - (p | o).bit_count()
    time = plan(limits, n_empty)
    hard = time.deadline(started, time.hard)
    budget = engine.budget
    if level.book is not None:
        move = book_move(position, level.book, rng)
        if move is not None:
            return move

    if level.temperature > 0:
        # weaker levels: value every move, then choose with noise (and, for novices, greed)
        try:
            with hard_limit(budget, hard):
                if 0 < n_empty <= limits.exact_empties:
                    _, _, exact_values = yield from engine.solver.root(p, o, SolveMode.ALL_VALUES)
                    values = {sq: float(v) for sq, v in exact_values.items()}
                else:
                    depth = n_empty if limits.depth is None else min(limits.depth, n_empty)
                    search_values = yield from engine.search.root_values(p, o, depth)
                    values = {sq: v / DISC for sq, v in search_values.items()}
        except BudgetSpent:  # out of the clock's time: a look one move ahead (a few evaluations) must do
            search_values = yield from engine.search.root_values(p, o, 1)
            values = {sq: v / DISC for sq, v in search_values.items()}
        if level.greed > 0:
            for sq in values:
                flipped = FLIPPERS[sq](p, o).bit_count()
                values[sq] = (1 - level.greed) * values[sq] + level.greed * GREED_DISCS_PER_FLIP * flipped
        return choose(values, level.temperature, rng)

    if limits.nodes is not None:
        budget.limit_nodes(limits.nodes)
    depth_limit = n_empty if limits.depth is None else min(limits.depth, n_empty)
    if n_empty > max(limits.exact_empties, limits.wld_empties):
        decision = yield from engine.deepen(p, o, depth_limit, time.seconds, started, hard=hard, shape=limits.shape)
        return decision.move
    engine.progress.endgame = "exact" if n_empty <= limits.exact_empties else "win-loss"
    # a quick midgame look first, so a solve that runs out of time still leaves a good move
    decision = yield from engine.deepen(p, o, min(depth_limit, QUICK_LOOK_DEPTH), time.quick_look, started, hard=hard,
                                        shape=limits.shape)
    if limits.nodes is not None:
        budget.limit_nodes(limits.nodes)  # the solve has a budget of its own
    settled: list[int] = []  # the move the win-loss stage settled on, kept if the margin's solve runs out
    try:
        with hard_limit(budget, time.deadline(started, time.solve)):
            if n_empty <= limits.exact_empties:
                _, best = yield from engine.solver.aspirated(p, o, guess_from(decision.value / DISC))
                return best[0] if best else decision.move
            score, keeping, _ = yield from engine.solver.root(p, o, SolveMode.ALL_BEST, -1, 1, selective=True)
            if score < 0 or not keeping:
                # every move loses: the midgame choice gives the opponent the most chances to go wrong,
                # unless the exact solve below finds the move that loses least in time
                settled.append(decision.move)
            else:
                settled.append((yield from best_estimated(engine, p, o, keeping, decision)))
                if score == 0:
                    return settled[0]  # a draw is the most there is
            # the outcome is settled; now the margin: the exact best move if the solve finishes in time
            _, best = yield from engine.solver.aspirated(p, o, max(score, guess_from(decision.value / DISC)))
            return best[0] if best else settled[0]
    except BudgetSpent:
        return settled[0] if settled else decision.move
    finally:
        budget.limit_nodes(None)


def best_estimated(
    engine: Engine, p: Bitboard, o: Bitboard, moves: list[int], decision: Decision
) -> Generator[None, None, int]:
    """Of ``moves`` (which the win-loss solve found keep the best outcome), the one the midgame values most.

    The quick look's own move when it is among them; else each is valued at the look's depth.
    """
    if decision.move in moves or len(moves) == 1:
        return decision.move if decision.move in moves else moves[0]
    values = yield from engine.search.root_values(p, o, max(1, decision.depth), only=moves)
    return max(sorted(values), key=lambda sq: values[sq])


def book_move(position: Position, margin: float, rng: random.Random) -> int | None:
    """A book move within ``margin`` discs of the book's best, or ``None`` out of book (or without a book)."""
    try:
        book = default_book()
    except BookError:
        return None  # a damaged book costs the opening knowledge, never the game
    return choose_book_move(book, position.player, position.opponent, margin, rng)


def think(
    position: Position, level: int | Level, seed: int | None = None, node_budget: int | None = None,
    limits: Limits | None = None,
) -> Job[int]:
    """Start choosing a move for the side to move; advance the returned job to get it.

    The job's ``progress`` follows the search live: the depth, value and
    principal variation of each finished iteration, and ``endgame`` says
    which solve (exact or win-loss) follows them.

    ``limits``: what bounds the search instead of the level's own ``Level.limits``
    (made from them: ``on_clock`` for the mover's clock, whose time is then a
    cap ending before the clock would, ``per_move`` for another time a move).
    ``node_budget`` replaces the time limit by a node count (``Limits.by_nodes``),
    which makes the search reproducible (tests, matches).
    """
    chosen = level if isinstance(level, Level) else LEVELS[level]
    bounds = chosen.limits if limits is None else limits
    if node_budget is not None:
        bounds = bounds.by_nodes(node_budget)
    engine = engine_for(chosen, fresh=bounds.nodes is not None)
    # a move starts with no hard time limit: one left by a job that was dropped mid-solve would
    # otherwise end every slice of this one before it began
    engine.budget.set_hard_limit(None)
    rng = random.Random(seed)
    steps = choose_move(engine, chosen, position, rng, engine.budget.clock(), bounds)
    return Job(steps, engine.budget, engine.progress)


__all__ = ["book_move", "choose", "choose_move", "think"]
