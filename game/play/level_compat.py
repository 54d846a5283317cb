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


def stored_level_index(index: object, name: object = None, ladder: tuple[str, ...] = FIRST_LADDER) -> int | None:
    """The level a settings file or saved game means by its ``level`` (index) and ``level_name``.

    The name wins when it is a level's; an index stored without a name is
    read by ``ladder``'s numbering: by default the first ladder of six
    (``FIRST_LADDER``), the only one that stored no names; ``SECOND_LADDER``
    for an index of the ladder of seven. ``None`` if neither names a level.

    >>> stored_level_index(5), stored_level_index(5, "Expert"), stored_level_index(9)
    (19, 18, None)
    >>> stored_level_index(2, ladder=SECOND_LADDER), stored_level_index(2)
    (4, 8)
    """
    level = level_called(name)
    if level is not None:
        return level.index
    if isinstance(index, int) and not isinstance(index, bool) and 0 <= index < len(ladder):
        return stored_level_index(None, ladder[index])
    return None
