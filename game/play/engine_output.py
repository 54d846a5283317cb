"""The engine's output in words: depth, value, principal variation, nodes and speed (pygame-free).

One place for how the game scene (while the computer thinks) and the
analysis mode describe a search, so both read alike: ``depth 9`` or
``exact``/``win-loss`` once the endgame is solved, values in discs named by
the side they are for (``White +2.5``, an estimate unless the depth says
``exact``), node counts as ``12.3k``/``4.1M``.
"""

from __future__ import annotations

from game.ai import Progress
from game.engine import Color, square_name
from game.i18n import _, number, pgettext
from game.play.words import colour_name

PV_SHOWN = 10
"""Moves of the principal variation written out."""


def format_nodes(count: float) -> str:
    """'950', '12.3k', '4.1M' (the decimal mark the language's)."""
    if count >= 1e6:
        return _("{count}M").format(count=number(count / 1e6, 1))
    if count >= 1e3:
        return _("{count}k").format(count=number(count / 1e3, 1))
    return number(round(count))


def depth_text(depth: int, exact: bool = False, solving: str | None = None) -> str:
    """'depth 9', 'exact', or 'depth 6, solving (win-loss)' while the endgame solver runs."""
    if exact:
        return pgettext("search", "exact")
    if solving is not None:
        how = pgettext("search", "exact") if solving == "exact" else pgettext("search", "win-loss")
        return _("depth {depth}, solving ({how})").format(depth=depth, how=how)
    return _("depth {depth}").format(depth=depth)


def line_text(pv: tuple[int, ...] | list[int]) -> str:
    """The principal variation as squares, cut after ``PV_SHOWN`` moves."""
    shown = " ".join(square_name(s) for s in pv[:PV_SHOWN])
    return shown + (" …" if len(pv) > PV_SHOWN else "")


def speed_text(progress: Progress) -> str:
    """Nodes searched and nodes per second, e.g. ``'74.2k nodes · 89.3k/s'``."""
    return _("{nodes} nodes · {speed}/s").format(nodes=format_nodes(progress.nodes),
                                                  speed=format_nodes(progress.nodes_per_second))


def thinking_lines(progress: Progress, mover: Color) -> tuple[str, str]:
    """Two lines on a search in progress: depth, nodes and speed; then the value (for ``mover``) and line."""
    speed = speed_text(progress)
    if progress.depth == 0:
        return _("Searching… {speed}").format(speed=speed), ""
    first = f"{depth_text(progress.depth, progress.exact, progress.solving)} · {speed}"
    value = progress.value or 0.0
    return first, _("{colour} {value}: {line}").format(colour=colour_name(mover), value=signed(value, 1),
                                                       line=line_text(progress.pv))


def signed(value: float, decimals: int = 1) -> str:
    """``value`` with its sign, the language's way: '+2.5', '-1.0', '+0.0'."""
    return ("-" if value < 0 else "+") + number(abs(value), decimals)
