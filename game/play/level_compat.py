"""How saved games and settings files of older versions name their level: the save format's compatibility.

Files store a level's index and, since the ladder of seven, its English name
beside it (``level`` and ``level_name``); the level table itself is the AI's
(``game.ai.LEVELS``, looked up there by name). Only reading old files needs the
ladders below.
"""

from __future__ import annotations

from game.ai import level_called

FIRST_LADDER: tuple[str, ...] = ("Novice", "Beginner", "Casual", "Club", "Expert", "Master")
"""The levels by index before Apprentice came in at index 1: how a stored index without a name is read."""
SECOND_LADDER: tuple[str, ...] = ("Novice", "Apprentice", "Beginner", "Casual", "Club", "Expert", "Master")
"""The levels by index from Apprentice's arrival until the ladder of fourteen (issue 23). Files of that time
store the name beside the index, so they are read by the name; this table reads an index of that time
when the name is missing but the file is known to be of that time (``stored_level_index(..., ladder=...)``)."""


FIRST_SETUP_FIELDS = frozenset({"mode", "human", "level", "start", "given", "custom", "clock"})
"""A saved game's set-up in the first ladder's time, before names were stored beside the index."""
FIRST_SETTINGS_FIELDS = frozenset({"show_legal", "animation", "sound", "theme", "headline", "level", "colour", "hints"})
"""The settings in the first ladder's time."""


def stored_level_index(index: object, name: object = None, ladder: tuple[str, ...] = FIRST_LADDER) -> int | None:
    """The level a settings file or saved game means by its ``level`` (index) and ``level_name``.

    A name, when there is one, decides alone: a level's name gives that level,
    any other (``"Grandmaster"``, ``""``) none, never the level its index
    happens to have. An index stored without a name is read by ``ladder``'s
    numbering: by default the first ladder of six (``FIRST_LADDER``), the only
    one that stored no names; ``SECOND_LADDER`` for an index of the ladder of
    seven. ``None`` if neither names a level.

    >>> stored_level_index(5), stored_level_index(5, "Expert"), stored_level_index(9)
    (19, 18, None)
    >>> stored_level_index(2, ladder=SECOND_LADDER), stored_level_index(2), stored_level_index(3, "Grandmaster")
    (4, 8, None)
    """
    if name is not None:
        level = level_called(name)
        return None if level is None else level.index
    if isinstance(index, int) and not isinstance(index, bool) and 0 <= index < len(ladder):
        return stored_level_index(None, ladder[index])
    return None


def document_level(data: dict[str, object], first_fields: frozenset[str]) -> int | None:
    """The level a stored document (a saved game's set-up, the settings) means; ``None`` if it names none.

    By its ``level_name`` if it has that field (even empty or null: then it
    names no level); by its index alone only if it is of the first ladder's
    time, when no names were stored: it holds none but ``first_fields``, the
    fields that document had then. A newer document without a name names no
    level (it is not read as whatever level its index has today).

    >>> document_level({"level": 3, "level_name": "Grandmaster"}, frozenset({"level"})) is None
    True
    >>> document_level({"level": 3}, frozenset({"level"})), document_level({"level": 3, "new": 1}, frozenset({"level"}))
    (15, None)
    """
    if "level_name" in data:
        return stored_level_index(None, data["level_name"]) if data["level_name"] is not None else None
    return stored_level_index(data.get("level")) if set(data) <= first_fields else None
