"""The searches' cut-offs, each a small helper, with their thresholds in one table (as Edax's search.c has).

- stability: the opponent's stable discs (discs that can never flip) bound our
  best final score; tried only when the window is high enough to be cut.
- table: a transposition-table entry of sufficient depth whose bounds fall
  outside the window answers the search at once.
- enhanced transposition cut-off (ETC): before searching the children, one of
  them already known (from the table) to be bad enough for the opponent cuts.

The search calls a helper only after the cheap threshold test in its own
loop, so a node that cannot cut pays one comparison.
"""

from __future__ import annotations

from game.engine.bitboard import MASK64, Bitboard

from .table import Entry, Key

STABILITY_MIN_EMPTIES = 9
"""The stability cut-off is tried from this many empties on (below, the search is cheaper than the test)."""
STABILITY_MIN_ALPHA = 64 - 2 * 20
"""... and only when alpha is at least this (in discs): stable discs rarely bound the score lower."""
ETC_MIN_EMPTIES = 8
"""The enhanced transposition cut-off is tried from this many empties on."""

NEVER = 1 << 20
STABILITY_THRESHOLD: list[int] = [NEVER if n < STABILITY_MIN_EMPTIES else STABILITY_MIN_ALPHA for n in range(65)]
"""By empties: the alpha (discs) from which the stability cut-off is tried."""


# -- stability -----------------------------------------------------------------

_EDGE_ROWS = 0xFF000000000000FF
_EDGE_COLS = 0x8181818181818181


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


def stability_cutoff(p: Bitboard, o: Bitboard, alpha: int) -> int | None:
    """The upper bound from the opponent's stable discs if it fails low (``<= alpha``, discs), else None."""
    bound = 64 - 2 * stable_discs(o, p).bit_count()
    return bound if bound <= alpha else None


# -- the transposition table -----------------------------------------------------


def table_cutoff(entry: Entry, depth: int, alpha: int, beta: int) -> int | None:
    """The score an entry of at least ``depth`` proves outside (or at) the window, else None."""
    if entry[0] < depth:
        return None
    lower, upper = entry[1], entry[2]
    if lower >= beta:
        return lower
    if upper <= alpha:
        return upper
    if lower == upper:
        return lower
    return None


def etc_cutoff(
    table: dict[Key, Entry], children: list[tuple[int, Bitboard, Bitboard]], p: Bitboard, o: Bitboard, depth: int,
    beta: int,
) -> int | None:
    """A child whose entry (of at least ``depth``) has an upper bound proving the move reaches ``beta``: that score."""
    get = table.get
    for sq, f, _ in children:
        known = get((o ^ f, p | f | (1 << sq)))
        if known is not None and known[0] >= depth and -known[2] >= beta:
            return -known[2]
    return None
