"""Scores' infinity and the one transposition-table entry type both searches use.

An entry is ``(depth, lower, upper, move)``: the bounds on the position's
score found by a search of ``depth`` (plies for the midgame search; for the
endgame solver ``EXACT_DEPTH``, since it searches to the end), and the best
move found (-1 if none). Tables are plain dicts keyed by ``(player,
opponent)``, emptied when they reach their size limit: a crude but bounded
replacement policy (anything cleverer costs more per node in pure Python).
"""

from __future__ import annotations

from game.engine.bitboard import Bitboard

INF = 1_000_000
"""Above every score either search returns (evaluation units or discs)."""
EXACT_DEPTH = 99
"""The depth recorded for an entry of the exact solver (deeper than any midgame search)."""

Key = tuple[Bitboard, Bitboard]
Entry = tuple[int, int, int, int]
"""(depth, lower bound, upper bound, best move)."""
Table = dict[Key, Entry]


def store(
    table: Table, limit: int, key: Key, depth: int, best: int, alpha: int, beta: int, move: int,
    previous: Entry | None = None,
) -> None:
    """Record the result ``best`` of a search of ``key`` with window (``alpha``, ``beta``).

    With ``previous`` (the entry read before the search, of the same depth)
    the new bounds tighten the old ones.
    """
    lower, upper = (-INF, INF) if previous is None else (previous[1], previous[2])
    if best <= alpha:
        upper = min(upper, best)
    elif best >= beta:
        lower = max(lower, best)
    else:
        lower = upper = best
    if len(table) >= limit and key not in table:
        table.clear()
    table[key] = (depth, lower, upper, move)
