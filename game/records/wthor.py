"""The WTHOR database of the French Othello Federation: its games, read and replayed.

``game/data/wthor/wthor-1977-2023.tsv.xz`` holds 131,212 tournament games
(1977-2023) published by the FFO (https://www.ffothello.org/informatique/la-base-wthor/)
for study and for training programs: one game a line, tab-separated
``year, event, black, white, result, moves``. The training of the evaluation
and the opening book are made from it (``tools/``); the desktop game can show
its games. The web build leaves the file out (see ``pygbag.ini``).

Pure Python (``lzma`` from the standard library); nothing here imports pygame.

>>> game = parse_line("2023\\tWorld Championship\\tA\\tB\\t13-51\\tf5f4e3")
>>> game.black_discs, game.white_discs, game.moves[:3]
(13, 51, [37, 29, 20])
>>> [len(replay(game.moves)), replay(game.moves)[0].empties]
[3, 60]
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from game.engine.bitboard import FLIPPERS, Bitboard, legal_moves
from game.engine.position import START_BLACK, START_WHITE

WTHOR_PATH = Path(__file__).resolve().parent.parent / "data" / "wthor" / "wthor-1977-2023.tsv.xz"
CREDIT = "Master games: the WTHOR database of the French Othello Federation (FFO), ffothello.org"
HEADER = "year\tevent\tblack\twhite\tresult\tmoves"
MAX_LINE = 1000
"""No game line is longer than this (60 moves take 120 characters); longer lines are refused."""


class WthorError(ValueError):
    """A line of the database that is not a legal, well-formed game."""


@dataclass(frozen=True, slots=True)
class WthorGame:
    """One game: where and who, the recorded result (Black's discs first) and the moves as squares."""

    index: int
    year: int
    event: str
    black: str
    white: str
    black_discs: int
    white_discs: int
    moves: list[int]

    @property
    def black_margin(self) -> int:
        """The recorded result as Black's disc difference (the FFO rule: empties to the winner)."""
        return self.black_discs - self.white_discs


@dataclass(frozen=True, slots=True)
class Ply:
    """A position of a game just before a move: the mover's and the other side's discs, the move."""

    player: Bitboard
    opponent: Bitboard
    black_to_move: bool
    move: int

    @property
    def empties(self) -> int:
        """Number of empty squares."""
        return 64 - (self.player | self.opponent).bit_count()


def _square(text: str, at: int) -> int:
    column = "abcdefgh".find(text[at].lower())
    row = "12345678".find(text[at + 1 : at + 2])
    if column < 0 or row < 0:
        raise WthorError(f"{text[at:at + 2]!r} at move {at // 2 + 1} is not a square")
    return row * 8 + column


def parse_line(line: str, index: int = 0) -> WthorGame:
    """One game from one line of the file; ``WthorError`` says what is wrong with a bad line."""
    if len(line) > MAX_LINE:
        raise WthorError(f"line {index}: longer than {MAX_LINE} characters")
    fields = line.rstrip("\r\n").split("\t")
    if len(fields) != 6:
        raise WthorError(f"line {index}: expected 6 tab-separated fields, found {len(fields)}")
    year_text, event, black, white, result, move_text = fields
    try:
        year = int(year_text)
        black_text, _, white_text = result.partition("-")
        black_discs, white_discs = int(black_text), int(white_text)
    except ValueError:
        raise WthorError(f"line {index}: bad year or result ({year_text!r}, {result!r})") from None
    if len(move_text) % 2 or len(move_text) > 120:
        raise WthorError(f"line {index}: the moves are not a list of squares")
    moves = [_square(move_text, at) for at in range(0, len(move_text), 2)]
    return WthorGame(index, year, event, black, white, black_discs, white_discs, moves)


def replay(moves: list[int]) -> list[Ply]:
    """The position before every move, passes applied (a side with no move passes).

    Raises ``WthorError`` at the first illegal move.
    """
    p, o, black = START_BLACK, START_WHITE, True
    plies = []
    for number, sq in enumerate(moves, 1):
        if not legal_moves(p, o):
            p, o, black = o, p, not black
        f = FLIPPERS[sq](p, o)
        if not f or (p | o) >> sq & 1:
            raise WthorError(f"move {number} is illegal")
        plies.append(Ply(p, o, black, sq))
        p, o, black = o ^ f, p | f | (1 << sq), not black
    return plies


def final_position(moves: list[int]) -> tuple[Bitboard, Bitboard, bool]:
    """The position after the last move: (side to move's discs, other side's, is Black to move)."""
    if not moves:
        return START_BLACK, START_WHITE, True
    last = replay(moves)[-1]
    f = FLIPPERS[last.move](last.player, last.opponent)
    return last.opponent ^ f, last.player | f | (1 << last.move), not last.black_to_move


def read_games(path: Path = WTHOR_PATH, limit: int | None = None) -> Iterator[WthorGame]:
    """The games of the database in file order (``index`` counts from 0), at most ``limit`` of them."""
    import lzma  # here, not at the top: the browser imports this module (its credit line) and may lack lzma

    with lzma.open(path, "rt", encoding="utf-8") as lines:
        header = lines.readline(MAX_LINE).rstrip("\r\n")
        if header != HEADER:
            raise WthorError(f"{path}: not a WTHOR table (header {header[:60]!r})")
        for index, line in enumerate(lines):
            if limit is not None and index >= limit:
                return
            yield parse_line(line, index)
