"""The WTHOR database of the French Othello Federation: its games, read, checked and replayed.

``game/data/wthor/wthor-1977-2023.tsv.xz`` holds 131,212 tournament games
(1977-2023) published by the FFO (https://www.ffothello.org/informatique/la-base-wthor/)
for study and for training programs: one game a line, tab-separated
``year, event, black, white, result, moves``. The training of the evaluation
and the opening book are made from it (``tools/``); the desktop game shows
its games in the library (``game.library``). The web build leaves the file out
(see ``pygbag.ini``).

One game type, ``WthorGame``, and one line parser, ``parse_line``, serve both
users: the library, which holds every game (its moves kept as their text,
``f5d6c3...``, and its names shared), and the tools, which replay them
(``game.squares``, the moves as square numbers). A line is checked without
being replayed; ``replay`` judges the moves' legality.

Pure Python (``lzma`` from the standard library); nothing here imports pygame.

>>> game = parse_line("2023\\tWorld Championship\\tA\\tB\\t13-51\\tf5f4e3")
>>> game.black_discs, game.white_discs, game.moves, game.squares
(13, 51, 'f5f4e3', [37, 29, 20])
>>> [len(replay(game.squares)), replay(game.squares)[0].empties]
[3, 60]
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from game.engine.bitboard import FLIPPERS, Bitboard, legal_moves
from game.engine.position import START_BLACK, START_WHITE
from game.i18n import N_
from game.platform.files import read_regular_file

WTHOR_PATH = Path(__file__).resolve().parent.parent / "data" / "wthor" / "wthor-1977-2023.tsv.xz"
MAX_TABLE_BYTES = 32 * 1024 * 1024
"""The largest compressed table read (the full database is 5.5 MB)."""
CREDIT = N_("Master games: the WTHOR database of the French Othello Federation (FFO), ffothello.org")
"""The credit the FFO asks for (English; ``_()`` it where the game shows it, the command line prints it as is)."""
HEADER = "year\tevent\tblack\twhite\tresult\tmoves"
MAX_LINE = 1000
"""No game line is longer than this (60 moves take 120 characters); longer lines are refused."""
CHAMPIONSHIP = "World Championship"
"""Events whose name contains this are world championships (the blitz one of 2018 included)."""

_MOVES = re.compile(r"(?:[a-h][1-8]){0,60}")
_NUMBER = re.compile(r"[0-9]{1,4}")
_SQUARE_OF = {f"{column}{row + 1}": row * 8 + at for at, column in enumerate("abcdefgh") for row in range(8)}
"""Square name -> square number (a1 = 0, h1 = 7, h8 = 63), as ``game.engine.notation`` numbers them."""


class WthorError(ValueError):
    """A line of the database that is not a well-formed game, or a move of one that is not legal."""


@dataclass(frozen=True, slots=True)
class WthorGame:
    """One game: where, who, the recorded result (Black's discs first) and the moves as text (``f5d6c3...``).

    ``index`` is the game's place in the file, from 0 (the header is line 1, so game ``i`` is line ``i + 2``).
    """

    index: int
    year: int
    event: str
    black: str
    white: str
    black_discs: int
    white_discs: int
    moves: str

    @property
    def squares(self) -> list[int]:
        """The moves as square numbers (a1 = 0, h8 = 63), for ``replay``."""
        moves = self.moves
        return [_SQUARE_OF[moves[at : at + 2]] for at in range(0, len(moves), 2)]

    @property
    def result(self) -> str:
        """The recorded result as the file writes it: ``'33-31'``, Black's discs first."""
        return f"{self.black_discs}-{self.white_discs}"

    @property
    def black_margin(self) -> int:
        """Black's disc difference by the FFO rule (empty squares to the winner)."""
        return self.black_discs - self.white_discs

    @property
    def championship(self) -> bool:
        """Whether the game was played at a world championship."""
        return CHAMPIONSHIP in self.event

    @property
    def move_count(self) -> int:
        """Number of moves recorded."""
        return len(self.moves) // 2

    def as_json(self) -> dict[str, object]:
        """The CLI's keys: ``year, event, black, white, result, moves``."""
        return {
            "year": self.year, "event": self.event, "black": self.black, "white": self.white,
            "result": self.result, "moves": self.moves,
        }  # fmt: skip


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


def _bad_moves(moves: str) -> str:
    """What is wrong with a moves field the pattern refused: its first bad square, else its shape."""
    if len(moves) % 2 == 0 and len(moves) <= 120:
        for at in range(0, len(moves), 2):
            if moves[at : at + 2] not in _SQUARE_OF:
                return f"{moves[at:at + 2]!r} at move {at // 2 + 1} is not a square"
    return "the moves are not a list of squares like f5d6c3"


def parse_line(line: str, index: int = 0) -> WthorGame:
    """Game ``index`` (from 0) from its line of the file; ``WthorError`` names the line and what is wrong.

    The line is numbered as in the file (game ``index`` is line ``index + 2``, after the header).
    Checked: the length (``MAX_LINE``), six tab-separated fields, the year and both disc counts as
    1 to 4 digits with at most 64 discs in all, and the moves as up to 60 squares ``a1``-``h8`` in
    lower case, two characters each. Names are interned: they repeat thousands of times in the
    database, and one string each is a third less memory for the whole of it.
    """
    if len(line) > MAX_LINE:
        raise WthorError(f"line {index + 2}: longer than {MAX_LINE} characters")
    fields = line.rstrip("\r\n").split("\t")
    if len(fields) != 6:
        raise WthorError(f"line {index + 2}: expected 6 tab-separated fields, found {len(fields)}")
    year_text, event, black, white, result, moves = fields
    black_text, dash, white_text = result.partition("-")
    if not (dash and _NUMBER.fullmatch(year_text) and _NUMBER.fullmatch(black_text) and _NUMBER.fullmatch(white_text)):
        raise WthorError(f"line {index + 2}: bad year or result ({year_text[:10]!r}, {result[:10]!r})")
    black_discs, white_discs = int(black_text), int(white_text)
    if black_discs + white_discs > 64:
        raise WthorError(f"line {index + 2}: the result {result!r} has more than 64 discs")
    if not _MOVES.fullmatch(moves):
        raise WthorError(f"line {index + 2}: {_bad_moves(moves)}")
    return WthorGame(index, int(year_text), sys.intern(event), sys.intern(black), sys.intern(white),
                     black_discs, white_discs, moves)


def _squares(moves: Sequence[int] | str) -> Sequence[int]:
    if isinstance(moves, str):
        if not _MOVES.fullmatch(moves):
            raise WthorError(_bad_moves(moves))
        return [_SQUARE_OF[moves[at : at + 2]] for at in range(0, len(moves), 2)]
    return moves


def replay(moves: Sequence[int] | str) -> list[Ply]:
    """The position before every move, passes applied (a side with no move passes).

    ``moves``: square numbers (``game.squares``) or their text (``game.moves``, ``'f5d6c3'``).
    Raises ``WthorError`` at the first illegal move.
    """
    p, o, black = START_BLACK, START_WHITE, True
    plies = []
    for number, sq in enumerate(_squares(moves), 1):
        if not legal_moves(p, o):
            p, o, black = o, p, not black
        f = FLIPPERS[sq](p, o)
        if not f or (p | o) >> sq & 1:
            raise WthorError(f"move {number} is illegal")
        plies.append(Ply(p, o, black, sq))
        p, o, black = o ^ f, p | f | (1 << sq), not black
    return plies


def final_position(moves: Sequence[int] | str) -> tuple[Bitboard, Bitboard, bool]:
    """The position after the last move: (side to move's discs, other side's, is Black to move)."""
    if not moves:
        return START_BLACK, START_WHITE, True
    last = replay(moves)[-1]
    f = FLIPPERS[last.move](last.player, last.opponent)
    return last.opponent ^ f, last.player | f | (1 << last.move), not last.black_to_move


def read_games(path: Path = WTHOR_PATH, limit: int | None = None) -> Iterator[WthorGame]:
    """The games of an xz table in file order (``index`` counts from 0), at most ``limit`` of them.

    The tools' reader (at once, a line at a time); the library reads its table in
    bounded slices with ``game.library.database.TableLoader``, through the same ``parse_line``.
    """
    import io
    import lzma  # here, not at the top: the browser imports this module (its credit line) and may lack lzma

    packed = io.BytesIO(read_regular_file(path, MAX_TABLE_BYTES))
    with io.TextIOWrapper(lzma.LZMAFile(packed), encoding="utf-8") as lines:
        header = lines.readline(MAX_LINE).rstrip("\r\n")
        if header != HEADER:
            raise WthorError(f"{path}: not a WTHOR table (header {header[:60]!r})")
        for index, line in enumerate(lines):
            if limit is not None and index >= limit:
                return
            yield parse_line(line, index)
