"""The engine's output in words: depth, value, principal variation, nodes and speed (pygame-free).

One place for how the game scene (while the computer thinks) and the
analysis mode describe a search, so both read alike: ``depth 9`` or
``exact``/``win-loss`` once the endgame is solved, values in discs named by
the side they are for (``White +2.5``, an estimate unless the depth says
``exact``), node counts as ``12.3k``/``4.1M``.
"""

from __future__ import annotations

from game.ai import Progress
from game.engine import COLOR_NAMES, Color, square_name

PV_SHOWN = 10
"""Moves of the principal variation written out."""


def format_nodes(count: float) -> str:
    """'950', '12.3k', '4.1M'."""
    if count >= 1e6:
        return f"{count / 1e6:.1f}M"
    if count >= 1e3:
        return f"{count / 1e3:.1f}k"
    return str(round(count))


def depth_text(depth: int, exact: bool = False, solving: str | None = None) -> str:
    """'depth 9', 'exact', or 'depth 6, solving (win-loss)' while the endgame solver runs."""
    if exact:
        return "exact"
    if solving is not None:
        return f"depth {depth}, solving ({solving})"
    return f"depth {depth}"


def line_text(pv: tuple[int, ...] | list[int]) -> str:
    """The principal variation as squares, cut after ``PV_SHOWN`` moves."""
    shown = " ".join(square_name(s) for s in pv[:PV_SHOWN])
    return shown + (" …" if len(pv) > PV_SHOWN else "")


def speed_text(progress: Progress) -> str:
    """Nodes searched and nodes per second, e.g. ``'74.2k nodes · 89.3k/s'``."""
    return f"{format_nodes(progress.nodes)} nodes · {format_nodes(progress.nodes_per_second)}/s"


def thinking_lines(progress: Progress, mover: Color) -> tuple[str, str]:
    """Two lines on a search in progress: depth, nodes and speed; then the value (for ``mover``) and line."""
    speed = speed_text(progress)
    if progress.depth == 0:
        return f"Searching… {speed}", ""
    first = f"{depth_text(progress.depth, progress.exact, progress.solving)} · {speed}"
    return first, f"{COLOR_NAMES[mover]} {progress.value or 0.0:+.1f}: {line_text(progress.pv)}"
