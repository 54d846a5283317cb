"""The computer's level as players choose it: a named level by index, or a custom one by time or depth.

The levels themselves, named and custom (``game.ai.custom_level``: ``'time:3'``,
three seconds a move, ``'depth:8'``, eight plies, kept as the level's typed
``Level.custom``), and looking them up (``level_named``: an index clamped to the
levels that exist) are the AI's (``game.ai``); this module is what a match adds:
the level a match set-up plays at, and how a player reads a level. (A clock is
not applied to the level: the match passes ``game.ai.think`` the level's
``Limits`` on the clock, ``Limits.on_clock``.)

>>> custom_level("time:3").name, custom_level("depth:8").limits.depth
('Custom (3 s a move)', 8)

The names are English, as the statistics and the files keep them; what a
player reads is ``level_title`` and ``level_description`` (in the player's
language: a named level's from the catalog, a custom one's from a template).

A named level's title carries its place on the ladder, weakest first, so the
names need not say their order ("Beginner" is the fifth):

>>> level_title("Custom (3 s a move)"), level_title("Custom (depth 8)"), level_title("Novice")
('Custom (3 s a move)', 'Custom (depth 8)', '1 · Novice')
>>> level_description(custom_level("time:1")), level_description(custom_level("depth:8"))
('Searches 1 second a move', 'Searches 8 moves ahead, however long it takes')
"""

from __future__ import annotations

from typing import Protocol

from game.ai import CUSTOM_NAME, CustomSpec, Level, custom_level, level_called, level_named
from game.i18n import _, ngettext, pgettext
from game.play.words import seconds_text


class LevelChoice(Protocol):
    """What a match set-up says of the computer's level (``MatchSetup`` is one)."""

    @property
    def level(self) -> int:
        """The named level's index."""

    @property
    def custom(self) -> str | None:
        """A custom spec used instead of ``level``, or ``None``."""


def level_title(name: str, numbered: bool = True) -> str:
    """A level's name (``Level.name``, a statistics key) as the player reads it, in their language.

    A named level's title starts with its number on the ladder (``numbered``;
    a level button shows the number under the name instead).
    """
    custom = CustomSpec.named(name)
    if custom is not None:
        if custom.kind == "time":
            return _("Custom ({seconds} s a move)").format(seconds=seconds_text(custom.value))
        return _("Custom (depth {depth})").format(depth=int(custom.value))
    if name == CUSTOM_NAME:
        return pgettext("level", "Custom")
    named = level_called(name)
    if named is None or not numbered:
        return pgettext("level", name) if name else name
    return _("{number} · {level}").format(number=named.index + 1, level=pgettext("level", name))


def level_description(level: Level) -> str:
    """What a level does, as the player reads it (a custom level's from its spec: its time or depth)."""
    custom = level.custom
    if custom is None:
        return _(level.description) if level.description else ""
    if custom.kind == "time":
        seconds = custom.value
        count = int(seconds) if seconds.is_integer() else 2
        return ngettext("Searches {seconds} second a move", "Searches {seconds} seconds a move",
                        count).format(seconds=seconds_text(seconds))
    depth = int(custom.value)
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
