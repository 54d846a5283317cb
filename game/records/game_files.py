"""A game as text and as a file: what a pasted or opened text holds, and what a saved game's file says.

The transcript scene reads and writes through these (pure Python; the file
chooser does the disk). A text is a GGF game (as game servers write them),
an OBF position or a transcript; a file's ending decides what it holds.
"""

from __future__ import annotations

import time

from game.engine import GameRecord
from game.records.formats import (
    GgfGame,
    count_ggf_games,
    looks_like_ggf,
    looks_like_obf,
    read_ggf,
    read_obf,
    write_ggf,
    write_obf,
)
from game.records.transcripts import game_text, read_game


def parse_text(text: str) -> tuple[GameRecord, GgfGame | None, int]:
    """The game a text holds (a GGF game, an OBF position or a transcript), its GGF game and how many there were.

    Of GGF only the first game is read (the one used): a file of thousands
    opens at once. Raises ``TranscriptError`` or ``FormatError`` (one line) if it holds none.
    """
    if looks_like_ggf(text):
        (first,) = read_ggf(text, limit=1)
        return first.record(), first, count_ggf_games(text)
    if looks_like_obf(text):
        return GameRecord(read_obf(text)[0]), None, 0
    return read_game(text), None, 0


def file_text(record: GameRecord, suffix: str, black: str = "Black", white: str = "White",
              time_control: str | None = None, result: str | None = None) -> str:
    """The file a game is saved as: GGF for ``.ggf``, its position as OBF for ``.obf``, else its transcript.

    ``result`` is GGF's ``RE`` where the game's end is known (``formats.ggf_result`` of its ``Outcome``).
    """
    if suffix == ".ggf":
        return write_ggf(record, black, white, result, time_control=time_control) + "\n"
    if suffix == ".obf":
        return write_obf(record.position) + "\n"
    return game_text(record) + "\n"


def default_file_name(record: GameRecord, now: float | None = None) -> str:
    """'othello-20261201-093000.ggf' (``.obf`` for a position without moves)."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now))
    return f"othello-{stamp}{'.obf' if not record.moves else '.ggf'}"
