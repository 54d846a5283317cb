"""A game as text: the transcript to copy, the file to save on the desktop, and reading one back.

>>> from game.engine import GameRecord
>>> game_text(GameRecord.from_transcript("f5d6c3"))
'f5d6c3'
>>> read_game("1. F5 d6 2. c3").transcript
'f5d6c3'

A game from the standard start is its transcript alone. A game from a
set-up position is written as the position (64 squares, a space, the side
to move), a newline, then the moves, and read back the same way.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from game.engine import GameRecord, NotationError, Position, TranscriptError
from game.engine.notation import MAX_TRANSCRIPT_CHARS
from game.i18n import number

_POSITION_LINE = re.compile(r"^[XxOoBbWw*\-._\s]{20,}$")
"""A line of a position (no digits, unlike any transcript)."""

MAX_GAME_CHARS = MAX_TRANSCRIPT_CHARS + 256
"""The longest game text read: a position line and a transcript, with room to spare."""


def game_text(record: GameRecord) -> str:
    """The moves played so far as one transcript, preceded by the start position if it is not the standard one."""
    moves = record.transcript
    if record.start == Position.start():
        return moves
    return f"{record.start.to_text()}\n{moves}"


def read_game(text: str) -> GameRecord:
    """A record from a transcript, optionally after a line with the start position.

    Transcripts come in the common forms: ``f5d6c3``, ``F5 D6``, ``1. f5 d6 2. c3``.

    Raises ``TranscriptError`` naming the ply and the reason, and refuses a
    text longer than ``MAX_GAME_CHARS`` before looking at it.
    """
    if len(text) > MAX_GAME_CHARS:
        raise TranscriptError("the game text is too long ({count} characters; at most {most})",
                              count=number(len(text)), most=number(MAX_GAME_CHARS))
    stripped = text.strip()
    if not stripped:
        raise TranscriptError("the transcript is empty: type or paste moves such as f5d6c3")
    first, _newline, rest = stripped.partition("\n")
    start: Position | None = None
    if _POSITION_LINE.match(first):
        try:
            start = Position.from_text(first)
        except NotationError as exc:
            raise TranscriptError("start position: {error}", error=exc) from None
        stripped = rest
    record = GameRecord.from_transcript(stripped, start)
    if start is None and not record.moves:
        raise TranscriptError("the transcript has no moves: type or paste moves such as f5d6c3")
    return record




LAST_GAME_KEY = "lastgame"
"""Storage key of the last finished (or resigned) game, kept for review."""


@dataclass(frozen=True)
class LastGame:
    """The last game that ended, with its players' (Black, White) names for its files when it had any."""

    record: GameRecord
    players: tuple[str, str] | None = None


def last_game_to_json(record: GameRecord, players: tuple[str, str] | None = None) -> dict[str, object]:
    """The stored form of the last game (with its players' names, when it has them)."""
    stored: dict[str, object] = {"game": game_text(record)}
    if players is not None:
        stored["players"] = list(players)
    return stored


def last_game_from_json(data: object) -> LastGame:
    """The last game from its stored form; ``ValueError`` or ``TypeError`` if it is not one."""
    if not isinstance(data, dict) or not isinstance(data.get("game"), str):
        raise TypeError("the last game must be a JSON object with a 'game' text")
    players = data.get("players")
    if players is not None and (not isinstance(players, list) or len(players) != 2
                                or not all(isinstance(name, str) and len(name) <= 200 for name in players)):
        raise TypeError("the last game's players must be two names")
    return LastGame(read_game(data["game"]), (players[0], players[1]) if players is not None else None)
