"""The computer's level as players choose it: a named level by index, or a custom one by time or depth.

The named levels themselves, and looking them up (``level_named``: an index
clamped to the levels that exist), are the AI's (``game.ai``); this module is
everything a match adds: the custom specs (``'time:3'``: three seconds a move, ``'depth:8'``:
eight plies) checked and turned into a ``Level``, the level a match set-up
plays at. (A clock is not applied to the level: the match passes ``game.ai.think`` the
level's ``Limits`` on the clock, ``Limits.on_clock``.)

>>> custom_level("time:3").name, custom_level("depth:8").limits.depth
('Custom (3 s a move)', 8)

The names are English, as the statistics and the files keep them; what a
player reads is ``level_title`` and ``level_description`` (in the player's
language: a named level's from the catalog, a custom one's from a template).

A named level's title carries its place on the ladder, weakest first, so the
names need not say their order ("Beginner" is the fifth of twenty):

>>> level_title("Custom (3 s a move)"), level_title("Custom (depth 8)"), level_title("Novice")
('Custom (3 s a move)', 'Custom (depth 8)', '1 · Novice')
>>> level_description(custom_level("time:1")), level_description(custom_level("depth:8"))
('Searches 1 second a move', 'Searches 8 moves ahead, however long it takes')
"""

from __future__ import annotations

import re
from typing import Protocol

from game.ai import LEVELS, Level, Limits, level_called, level_named
from game.engine import NumberError, decimal_number
from game.i18n import _, ngettext, pgettext
from game.play.words import seconds_text

CUSTOM_INDEX = -2
"""The index custom levels carry (not one of ``LEVELS``)."""
CUSTOM_NAME = "Custom"
"""How every custom level's name begins (the statistics count them under their names)."""
CUSTOM_SECONDS = (0.1, 30.0)
"""The time per move a custom level may take, in seconds."""
CUSTOM_DEPTHS = (1, 20)
"""The search depths a custom level may use."""


class LevelChoice(Protocol):
    """What a match set-up says of the computer's level (``MatchSetup`` is one)."""

    @property
    def level(self) -> int:
        """The named level's index."""

    @property
    def custom(self) -> str | None:
        """A custom spec used instead of ``level``, or ``None``."""


def parse_custom(spec: str) -> tuple[str, float]:
    """``('time', seconds)`` or ``('depth', plies)`` from ``'time:2'`` / ``'depth:8'``; ``ValueError`` otherwise."""
    kind, _, value = spec.partition(":") if isinstance(spec, str) else ("", "", "")
    try:
        number = decimal_number(value, "seconds")  # the digits 0-9 only: 'time:٣' is no level
    except NumberError:
        number = float("nan")
    if kind == "time" and CUSTOM_SECONDS[0] <= number <= CUSTOM_SECONDS[1]:
        return kind, number
    if kind == "depth" and number.is_integer() and CUSTOM_DEPTHS[0] <= number <= CUSTOM_DEPTHS[1]:
        return kind, number
    raise ValueError(f"bad custom level {spec!r}: use time:{CUSTOM_SECONDS[0]:g}-{CUSTOM_SECONDS[1]:g} "
                     f"or depth:{CUSTOM_DEPTHS[0]}-{CUSTOM_DEPTHS[1]}")


def custom_level(spec: str) -> Level:
    """The level a custom spec describes (``'time:2'``: two seconds a move; ``'depth:8'``: eight plies).

    Full strength otherwise: the trained evaluation, no randomness, the exact
    endgame from as many empties as the time or depth can afford.
    """
    kind, value = parse_custom(spec)
    strongest = LEVELS[-1]
    if kind == "time":
        exact = 12 if value < 0.5 else 14 if value < 2 else 16
        seconds = f"{value:g} second{'s' if value != 1 else ''}"  # English: the name is a statistics key
        return Level(CUSTOM_INDEX, f"{CUSTOM_NAME} ({value:g} s a move)", f"Searches {seconds} a move",
                     strongest.evaluation, Limits(value, 40, None, exact, exact + 2), 0.0)
    depth = int(value)
    exact = min(14, depth + 6)
    return Level(CUSTOM_INDEX, f"{CUSTOM_NAME} (depth {depth})", f"Searches {depth} moves ahead, however long it takes",
                 strongest.evaluation, Limits(None, depth, None, exact, 0), 0.0)


_CUSTOM_TIME = re.compile(rf"{CUSTOM_NAME} \(([0-9.e+-]+) s a move\)")
_CUSTOM_DEPTH = re.compile(rf"{CUSTOM_NAME} \(depth ([0-9]+)\)")


def level_title(name: str, numbered: bool = True) -> str:
    """A level's name (``Level.name``, a statistics key) as the player reads it, in their language.

    A named level's title starts with its number on the ladder (``numbered``;
    a level button shows the number under the name instead).
    """
    found = _CUSTOM_TIME.fullmatch(name)
    if found is not None:
        try:
            return _("Custom ({seconds} s a move)").format(seconds=seconds_text(float(found[1])))
        except ValueError:
            return name
    found = _CUSTOM_DEPTH.fullmatch(name)
    if found is not None:
        return _("Custom (depth {depth})").format(depth=found[1])
    if name == CUSTOM_NAME:
        return pgettext("level", "Custom")
    named = level_called(name)
    if named is None or not numbered:
        return pgettext("level", name) if name else name
    return _("{number} · {level}").format(number=named.index + 1, level=pgettext("level", name))


def level_description(level: Level) -> str:
    """What a level does, as the player reads it (a custom level's from its time or depth)."""
    if level.index != CUSTOM_INDEX:
        return _(level.description) if level.description else ""
    found = _CUSTOM_TIME.fullmatch(level.name)  # its name: its ``seconds`` may be cut (GTP's ``--time``)
    if found is not None:
        try:
            seconds = float(found[1])
        except ValueError:
            return level.description
        count = int(seconds) if seconds.is_integer() else 2
        return ngettext("Searches {seconds} second a move", "Searches {seconds} seconds a move",
                        count).format(seconds=seconds_text(seconds))
    depth = level.limits.depth or 0  # a custom level by depth has one
    return ngettext("Searches {depth} move ahead, however long it takes",
                    "Searches {depth} moves ahead, however long it takes", depth).format(depth=depth)


def is_custom_name(name: str) -> bool:
    """Whether a level's name (a statistics key's) is a custom level's."""
    return name.startswith(CUSTOM_NAME)


def level_for(setup: LevelChoice) -> Level:
    """The computer's level in a match: its custom one, or the named level."""
    return custom_level(setup.custom) if setup.custom else level_named(setup.level)


def remembered_level(level: int | None, custom: str | None) -> Level | None:
    """The level the player chose last (the settings' ``level`` and ``custom``): the custom one when set.

    ``None`` if no level was ever chosen; a custom spec that is not a valid
    one falls back to the named level.
    """
    if custom:
        try:
            return custom_level(custom)
        except ValueError:
            pass
    return level_named(level) if level is not None else None
