"""Words the play area shows in several places, in the player's language (pygame-free).

The engine names the colours in English (``COLOR_NAMES``, for the command
line and the files); what a player reads goes through here:

>>> from game.engine import BLACK
>>> colour_name(BLACK), seconds_text(0.5), seconds_text(3)
('Black', '0.5', '3')
"""

from __future__ import annotations

from game.engine import BLACK, Color
from game.i18n import _, number


def colour_name(colour: Color) -> str:
    """'Black' or 'White' in the player's language."""
    return _("Black") if colour == BLACK else _("White")


def seconds_text(value: float) -> str:
    """A number of seconds as the language writes it, with no more decimals than it has ('3', '0.5')."""
    shown = f"{value:g}"
    decimals = len(shown.partition(".")[2]) if "e" not in shown else 2
    return number(value, decimals)
