"""Where an exact solve centres its first window: a midgame value, nudged towards the exact score.

``guess_from`` turns a midgame value in discs into the score a solve's narrow first window is
centred on (``Solver.aspirated``); ``first_guess`` gets that value from an engine's shallow
deepening (``Engine.deepen``, the one deepening loop; the blocking solves of ``game.ai.exact``).
"""

from __future__ import annotations

from game.engine.bitboard import Bitboard, legal_moves

from .deepening import Engine
from .evaluation import DISC
from .jobs import Job

__all__ = ["GUESS_BONUS", "first_guess", "guess_from"]

GUESS_EMPTIES_LEFT = 12
"""``first_guess`` searches this many plies short of the empties (a 20-empty solve's guess: 8 plies)."""
GUESS_MAX_DEPTH = 10
"""... and at most this deep."""
GUESS_BONUS = 1
"""Discs added to the guess's midgame value. The weights of 61b709c fell 2-3 discs short of the exact score at
16-20 empties (their endgame probes' fit: exact = 1.1 x value + 2.3-2.9), and 2 was added; today's (issue 36)
fall about a disc less short (exact = 1.0 x value + 1.2-2.7), and a guess above the score costs more nodes than
one as far below it, so 1 (docs/ai-measurements.md, "Seventh round")."""


def guess_from(discs: float) -> int:
    """The score to centre a solve's first window on, from a midgame value in discs for the side to move.

    Such values fall short of the exact score: ``GUESS_BONUS`` is added (within the scores a game can have).

    >>> guess_from(3.4), guess_from(-70.0)
    (4, -64)
    """
    return max(-64, min(64, round(discs) + GUESS_BONUS))


def first_guess(player: Bitboard, opponent: Bitboard, engine: Engine) -> int:
    """The score (discs) to centre a solve's first window on: a shallow midgame search's value.

    The ``engine`` deepens (``Engine.deepen``, the one deepening loop) to ``GUESS_EMPTIES_LEFT`` plies
    short of the empties (an even depth, at most ``GUESS_MAX_DEPTH``; at least 2), and ``GUESS_BONUS``
    is added: such values fall short of the exact score for the side to move. A side that must pass
    is valued by its opponent's search.
    """
    empties = 64 - (player | opponent).bit_count()
    depth = max(2, min(GUESS_MAX_DEPTH, empties - GUESS_EMPTIES_LEFT) & ~1)
    if legal_moves(player, opponent):
        value = Job(engine.deepen(player, opponent, depth, None, engine.budget.clock())).run().value
    elif legal_moves(opponent, player):
        value = -Job(engine.deepen(opponent, player, depth, None, engine.budget.clock())).run().value
    else:  # the game is over: the solve needs no guess
        value = 0
    return guess_from(value / DISC)
