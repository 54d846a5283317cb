"""A position: both sides' discs and the side to move, with the rules applied.

>>> from game.engine.notation import parse_square, square_name
>>> pos = Position.start()
>>> pos.to_text()
'---------------------------OX------XO--------------------------- X'
>>> [square_name(s) for s in pos.legal_squares()]
['d3', 'c4', 'f5', 'e6']
>>> after = pos.play(parse_square("f5"))
>>> after.black_count, after.white_count, after.to_move
(4, 1, 'O')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .bitboard import FLIPPERS, MASK64, Bitboard, legal_moves, squares_of
from .errors import ExplainedError
from .notation import NotationError, square_name

Color = Literal["X", "O"]
"""``'X'`` is Black, ``'O'`` is White (the letters of the position text)."""

BLACK: Color = "X"
WHITE: Color = "O"
COLOR_NAMES: dict[Color, str] = {BLACK: "Black", WHITE: "White"}

START_BLACK: Bitboard = (1 << 28) | (1 << 35)  # e4, d5
START_WHITE: Bitboard = (1 << 27) | (1 << 36)  # d4, e5


def opponent_of(color: Color) -> Color:
    """The other colour."""
    return WHITE if color == BLACK else BLACK


class IllegalMoveError(ExplainedError):
    """A move the rules do not allow in this position (an English ``template`` and its ``params``)."""


@dataclass(frozen=True, slots=True)
class Position:
    """Black's discs, White's discs (bitboards) and whose turn it is.

    Immutable: ``play`` and ``pass_turn`` return new positions. A position
    does not decide passes by itself; ``GameRecord`` and the search do.
    """

    black: Bitboard
    white: Bitboard
    to_move: Color = BLACK

    def __post_init__(self) -> None:
        if self.black & self.white:
            raise ValueError("a square cannot hold both a black and a white disc")
        if (self.black | self.white) & ~MASK64:
            raise ValueError("bitboards must fit in 64 bits")
        if self.to_move not in (BLACK, WHITE):
            raise ValueError(f"side to move must be 'X' or 'O', not {self.to_move!r}")

    @classmethod
    def start(cls) -> Position:
        """The standard start: White d4, e5; Black d5, e4; Black to move."""
        return cls(START_BLACK, START_WHITE, BLACK)

    @classmethod
    def from_player_opponent(cls, player: Bitboard, opponent: Bitboard, to_move: Color) -> Position:
        """Build from the mover's discs and the other side's discs."""
        if to_move == BLACK:
            return cls(player, opponent, BLACK)
        return cls(opponent, player, WHITE)

    # -- views ---------------------------------------------------------------

    @property
    def player(self) -> Bitboard:
        """Discs of the side to move."""
        return self.black if self.to_move == BLACK else self.white

    @property
    def opponent(self) -> Bitboard:
        """Discs of the side not to move."""
        return self.white if self.to_move == BLACK else self.black

    @property
    def empty(self) -> Bitboard:
        """Empty squares."""
        return ~(self.black | self.white) & MASK64

    @property
    def black_count(self) -> int:
        """Number of black discs."""
        return self.black.bit_count()

    @property
    def white_count(self) -> int:
        """Number of white discs."""
        return self.white.bit_count()

    @property
    def empty_count(self) -> int:
        """Number of empty squares."""
        return 64 - (self.black | self.white).bit_count()

    def color_at(self, square: int) -> Color | None:
        """``'X'``, ``'O'`` or ``None`` for the disc on ``square``."""
        bit = 1 << square
        if self.black & bit:
            return BLACK
        if self.white & bit:
            return WHITE
        return None

    # -- rules -----------------------------------------------------------------

    def legal_moves(self) -> Bitboard:
        """All legal moves of the side to move, as a bitboard."""
        return legal_moves(self.player, self.opponent)

    def legal_squares(self) -> list[int]:
        """All legal moves of the side to move, as square indices a1..h8."""
        return squares_of(self.legal_moves())

    def is_legal(self, square: int) -> bool:
        """Whether the side to move may play on ``square``."""
        return 0 <= square < 64 and bool(self.legal_moves() >> square & 1)

    def flips(self, square: int) -> Bitboard:
        """The discs a move on ``square`` would turn over (0 if none or occupied)."""
        if not 0 <= square < 64 or (self.black | self.white) >> square & 1:
            return 0
        return FLIPPERS[square](self.player, self.opponent)

    def must_pass(self) -> bool:
        """The side to move has no legal move but the other side has one."""
        return not self.legal_moves() and bool(legal_moves(self.opponent, self.player))

    def is_over(self) -> bool:
        """Neither side has a legal move (board full, wipeout or blocked)."""
        return not self.legal_moves() and not legal_moves(self.opponent, self.player)

    def play(self, square: int) -> Position:
        """The position after the side to move plays on ``square``.

        Raises ``IllegalMoveError`` if the move flips nothing or the square
        is taken.
        """
        flipped = self.flips(square)
        if not flipped:
            name = square_name(square) if 0 <= square < 64 else str(square)
            raise IllegalMoveError("{move} is not a legal move for Black" if self.to_move == BLACK else
                                   "{move} is not a legal move for White", move=name)
        mover = self.player | flipped | (1 << square)
        other = self.opponent ^ flipped
        return Position.from_player_opponent(mover, other, self.to_move).pass_turn()

    def pass_turn(self) -> Position:
        """The same discs with the other side to move (no legality check)."""
        return Position(self.black, self.white, opponent_of(self.to_move))

    # -- text ------------------------------------------------------------------

    def to_text(self) -> str:
        """The 64-character board a1..h8 (``X``, ``O``, ``-``), a space, the side to move."""
        cells = []
        for sq in range(64):
            bit = 1 << sq
            cells.append("X" if self.black & bit else "O" if self.white & bit else "-")
        return "".join(cells) + " " + self.to_move

    @classmethod
    def from_text(cls, text: str) -> Position:
        """Parse the community test-position form (see ``to_text``).

        Accepts ``X``/``x``/``*``/``B``/``b`` for Black, ``O``/``o``/``W``/``w`` for
        White, ``-``/``.``/``_`` for empty; whitespace inside the board is ignored.
        Raises ``NotationError`` with a clear reason otherwise.
        """
        stripped = text.strip()
        if not stripped:
            raise NotationError("empty position: expected 64 squares and the side to move")
        *board_parts, side = stripped.split()
        board = "".join(board_parts)
        if not board_parts:
            raise NotationError(
                "position needs 64 squares, a space, then the side to move (X or O)"
            )
        if len(board) != 64:
            raise NotationError("position has {count} squares; it needs exactly 64", count=len(board))
        black = white = 0
        for sq, ch in enumerate(board):
            if ch in "XxBb*":
                black |= 1 << sq
            elif ch in "OoWw":
                white |= 1 << sq
            elif ch not in "-._":
                raise NotationError("square {square} holds {char!r}; use X (Black), O (White) or - (empty)",
                                    square=square_name(sq), char=ch)
        side_upper = side.upper()
        if side_upper in ("X", "B", "*"):
            to_move: Color = BLACK
        elif side_upper in ("O", "W"):
            to_move = WHITE
        else:
            raise NotationError("side to move is {side!r}; use X (Black) or O (White)", side=side)
        return cls(black, white, to_move)

    def board_diagram(self, marks: int = 0) -> str:
        """The board as text with coordinates; squares in ``marks`` shown as ``*``."""
        lines = ["  a b c d e f g h"]
        for row in range(8):
            cells = []
            for col in range(8):
                sq = row * 8 + col
                colour = self.color_at(sq)
                cells.append(colour if colour else "*" if marks >> sq & 1 else "-")
            lines.append(f"{row + 1} " + " ".join(cells))
        return "\n".join(lines)

