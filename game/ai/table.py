"""Scores' infinity and the one transposition-table entry type both searches use.

An entry is ``(depth, lower, upper, move)``: the bounds on the position's
score found by a search of ``depth`` (plies for the midgame search; for the
endgame solver ``EXACT_DEPTH``, since it searches to the end), and the best
move found (-1 if none). Tables are plain dicts keyed by ``(player,
opponent)``, replaced by an empty one when they reach their size limit: a
crude but bounded replacement policy (anything cleverer costs more per node
in pure Python). The full table is not freed at once (emptying 200,000
entries takes about 20 ms natively and three times that in the browser, a
frame or three): it is retired, and each later store frees a few of its
entries (``RELEASE_PER_STORE``), long before the new table fills.
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

TABLE_LIMIT = 174_000
"""Entries a transposition table holds by default (the midgame search's and the solver's two) before it is
replaced by an empty one.

Just below the 174,762 entries at which a dict of 262,144 slots grows to 524,288: that growth copies every
entry in one go, 6 ms natively and up to 20 ms in WebAssembly, which no clock check can split. The largest
growth left, at 87,381 entries, takes 1-3 ms in either."""
RELEASE_PER_STORE = 4
"""Entries of retired tables freed by each store."""
_retired: list[Table] = []


def store(
    table: Table, limit: int, key: Key, depth: int, best: int, alpha: int, beta: int, move: int,
    previous: Entry | None = None,
) -> Table:
    """Record the result ``best`` of a search of ``key`` with window (``alpha``, ``beta``).

    With ``previous`` (the entry read before the search, of the same depth)
    the new bounds tighten the old ones. Returns the table now in use: a new
    one when ``table`` was full (the caller keeps it instead).
    """
    lower, upper = (-INF, INF) if previous is None else (previous[1], previous[2])
    if best <= alpha:
        upper = min(upper, best)
    elif best >= beta:
        lower = max(lower, best)
    else:
        lower = upper = best
    if len(table) >= limit and key not in table:
        _retired.append(table)
        table = {}
    elif _retired:
        _release(_retired[-1])
    table[key] = (depth, lower, upper, move)
    return table


def _release(retired: Table) -> None:
    """Free a few entries of a retired table; forget it once it is empty."""
    for _ in range(RELEASE_PER_STORE):
        if not retired:
            _retired.remove(retired)
            return
        retired.popitem()
