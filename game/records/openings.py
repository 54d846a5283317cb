"""Named Othello openings: the table in ``game/data/openings.txt`` and the name a game is following.

>>> from game.engine import GameRecord
>>> opening_name(GameRecord.from_transcript("f5d6c3d3c4").moves)
'Tiger'
>>> opening_name(GameRecord.from_transcript("e6f4c3c4d3").moves)  # the same Tiger from e6
'Tiger'

Openings are recognised by the position they reach, under the four
symmetries of the board that keep the start position (so a game begun on
d3, c4 or e6 finds the names written from f5), which also finds an opening
reached by a different move order. Pure Python; nothing here imports pygame.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from game.engine import NotationError, Position, parse_square, split_transcript
from game.engine.symmetry import images
from game.platform.files import read_regular_file

DATA_FILE = Path(__file__).resolve().parent.parent / "data" / "openings.txt"
MAX_TABLE_BYTES = 1024 * 1024
"""The largest table of named openings read (the shipped one is 5 kB)."""

Key = tuple[int, int]
"""(black discs, white discs) of a position in its canonical orientation."""


@dataclass(frozen=True)
class Opening:
    """One named opening: its name(s) and its moves from the f5 start."""

    name: str
    moves: tuple[int, ...]

    @property
    def short_name(self) -> str:
        """The first name, without the other names in parentheses."""
        return self.name.split(" (")[0] if self.name.endswith(")") and " (" in self.name else self.name


START_SYMMETRIES = (0, 3, 4, 7)
"""The symmetries that keep the start position (``game.engine.symmetry`` numbering): identity, the half turn,
and the reflections in both diagonals."""


def symmetric_boards(board: int) -> list[int]:
    """The board under the four symmetries that keep the start position."""
    every = images(board)
    return [every[s] for s in START_SYMMETRIES]


def position_key(position: Position) -> Key:
    """A key equal for positions that are the same up to the four start-keeping symmetries."""
    blacks = symmetric_boards(position.black)
    whites = symmetric_boards(position.white)
    return min(zip(blacks, whites, strict=True))


def parse_table(text: str) -> list[Opening]:
    """The openings in the table's text (``moves | name`` lines; ``#`` comments).

    Raises ``ValueError`` naming the line for a malformed entry or illegal moves.
    """
    openings: list[Opening] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        moves_text, bar, name = line.partition("|")
        if not bar or not name.strip():
            raise ValueError(f"line {number}: expected 'moves | name', got {line!r}")
        try:
            squares = tuple(parse_square(m) for m in split_transcript(moves_text))
        except NotationError as exc:
            raise ValueError(f"line {number}: {exc}") from None
        position = Position.start()
        for ply, square in enumerate(squares, start=1):
            if not position.is_legal(square):
                raise ValueError(f"line {number} ({name.strip()}): move {ply} is not legal")
            position = position.play(square)
        openings.append(Opening(name.strip(), squares))
    return openings


class OpeningBook:
    """Named positions, looked up by the position a game reaches."""

    def __init__(self, openings: Iterable[Opening]) -> None:
        self.openings = list(openings)
        self._by_key: dict[Key, Opening] = {}
        for opening in self.openings:
            position = Position.start()
            for square in opening.moves:
                position = position.play(square)
            # the first entry wins when two lines reach the same position
            self._by_key.setdefault(position_key(position), opening)

    def named(self, position: Position) -> Opening | None:
        """The opening named for exactly this position, if any."""
        return self._by_key.get(position_key(position))

    def follow(self, moves: Sequence[int], start: Position | None = None) -> Opening | None:
        """The deepest named opening the game ``moves`` (from the standard start) passed through.

        ``None`` for a game from another start position or one that never
        reached a named position.
        """
        if start is not None and start != Position.start():
            return None
        position = Position.start()
        found: Opening | None = None
        for square in moves:
            if not position.is_legal(square):
                break
            position = position.play(square)
            if position.must_pass():
                break  # no named opening has a pass in it
            found = self.named(position) or found
        return found


@lru_cache(maxsize=1)
def default_book() -> OpeningBook:
    """The book from ``game/data/openings.txt`` (read once)."""
    return OpeningBook(parse_table(read_regular_file(DATA_FILE, MAX_TABLE_BYTES).decode("utf-8")))


def opening_name(moves: Sequence[int], start: Position | None = None) -> str | None:
    """The name of the deepest named opening the game passed through, or ``None``.

    Cached, so a scene may ask every frame.
    """
    return _name_of(tuple(moves), start)


@lru_cache(maxsize=256)
def _name_of(moves: tuple[int, ...], start: Position | None) -> str | None:
    opening = default_book().follow(moves, start)
    return opening.name if opening is not None else None
