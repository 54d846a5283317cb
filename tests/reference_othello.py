"""A deliberately simple Othello for checking the bitboard engine against.

Written for the tests from the rule texts alone and sharing no code with
``game.engine``: the board is an 8x8 list of lists (``board[row][col]``,
row 0 is row 1 at the top, col 0 is column a), and every rule is a plain
loop over the eight directions. It is slow and that is the point: it is
easy to read and check by eye.

>>> board = RefBoard.start()
>>> [square_name(r, c) for r, c in board.legal_moves()]
['d3', 'c4', 'f5', 'e6']
>>> [square_name(r, c) for r, c in board.flips(*parse_name("f5"))]
['e5']
"""

from __future__ import annotations

from dataclasses import dataclass

EMPTY = "-"
BLACK = "X"
WHITE = "O"
COLUMNS = "abcdefgh"
DIRECTIONS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


def other(color: str) -> str:
    """The other colour."""
    return WHITE if color == BLACK else BLACK


def on_board(row: int, col: int) -> bool:
    """Whether (row, col) is one of the 64 squares."""
    return 0 <= row < 8 and 0 <= col < 8


def square_name(row: int, col: int) -> str:
    """'a1' for (0, 0), 'h8' for (7, 7)."""
    return COLUMNS[col] + str(row + 1)


def parse_name(name: str) -> tuple[int, int]:
    """(row, col) of a square name such as 'd3'."""
    col = COLUMNS.index(name[0])
    row = int(name[1]) - 1
    return row, col


@dataclass
class RefResult:
    """Final counts, winner, end reason and the tournament score, worked out longhand."""

    black: int
    white: int
    empty: int
    winner: str  # "X", "O" or "draw"
    reason: str  # "board full", "wipeout" or "blocked"
    tournament_black: int
    tournament_white: int


class RefBoard:
    """Discs as a list of 8 rows of 8 characters, plus the side to move."""

    def __init__(self, cells: list[list[str]], to_move: str) -> None:
        self.cells = cells
        self.to_move = to_move

    @classmethod
    def start(cls) -> RefBoard:
        """White d4 and e5, Black d5 and e4, Black to move."""
        cells = [[EMPTY] * 8 for _ in range(8)]
        cells[3][3] = WHITE  # d4
        cells[4][4] = WHITE  # e5
        cells[4][3] = BLACK  # d5
        cells[3][4] = BLACK  # e4
        return cls(cells, BLACK)

    @classmethod
    def from_text(cls, text: str) -> RefBoard:
        """Read exactly 64 of 'X', 'O', '-' (a1..h1, a2..h2, ...), a space and 'X' or 'O'."""
        board, side = text.split(" ")
        assert len(board) == 64 and set(board) <= {BLACK, WHITE, EMPTY} and side in (BLACK, WHITE)
        cells = [list(board[row * 8 : row * 8 + 8]) for row in range(8)]
        return cls(cells, side)

    def to_text(self) -> str:
        """The board in the same form ``from_text`` reads."""
        return "".join("".join(row) for row in self.cells) + " " + self.to_move

    def copy(self) -> RefBoard:
        """An independent copy."""
        return RefBoard([list(row) for row in self.cells], self.to_move)

    def count(self, color: str) -> int:
        """How many squares hold ``color`` (or are empty, for EMPTY)."""
        return sum(row.count(color) for row in self.cells)

    def flips(self, row: int, col: int, color: str | None = None) -> list[tuple[int, int]]:
        """The discs a disc of ``color`` (default: side to move) placed on (row, col) turns over.

        In each direction: walk over the opponent's discs; if the walk stops on
        one's own disc (not an empty square, not the edge) the discs walked over
        are outflanked. An occupied square flips nothing.
        """
        me = self.to_move if color is None else color
        them = other(me)
        if self.cells[row][col] != EMPTY:
            return []
        flipped: list[tuple[int, int]] = []
        for drow, dcol in DIRECTIONS:
            run = []
            r, c = row + drow, col + dcol
            while on_board(r, c) and self.cells[r][c] == them:
                run.append((r, c))
                r, c = r + drow, c + dcol
            if run and on_board(r, c) and self.cells[r][c] == me:
                flipped.extend(run)
        return sorted(flipped)

    def legal_moves(self, color: str | None = None) -> list[tuple[int, int]]:
        """Every empty square where a disc of ``color`` flips something, a1..h8 order."""
        moves = []
        for row in range(8):
            for col in range(8):
                if self.flips(row, col, color):
                    moves.append((row, col))
        return moves

    def play(self, row: int, col: int) -> list[tuple[int, int]]:
        """Place a disc for the side to move, flip, hand the turn over; return the flipped discs."""
        flipped = self.flips(row, col)
        assert flipped, f"{square_name(row, col)} is not legal"
        self.cells[row][col] = self.to_move
        for r, c in flipped:
            self.cells[r][c] = self.to_move
        self.to_move = other(self.to_move)
        return flipped

    def pass_turn(self) -> None:
        """Hand the turn over without placing a disc."""
        self.to_move = other(self.to_move)

    def must_pass(self) -> bool:
        """The side to move has no move, the other side has one."""
        return not self.legal_moves() and bool(self.legal_moves(other(self.to_move)))

    def is_over(self) -> bool:
        """Neither side can move."""
        return not self.legal_moves(BLACK) and not self.legal_moves(WHITE)

    def result(self) -> RefResult:
        """Counts, winner, reason and tournament score (empty squares to the winner, split on a draw)."""
        black, white, empty = self.count(BLACK), self.count(WHITE), self.count(EMPTY)
        if black > white:
            winner = BLACK
            tournament = (black + empty, white)
        elif white > black:
            winner = WHITE
            tournament = (black, white + empty)
        else:
            winner = "draw"
            tournament = (black + empty // 2, white + empty // 2)
        if black == 0 or white == 0:
            reason = "wipeout"
        elif empty == 0:
            reason = "board full"
        else:
            reason = "blocked"
        return RefResult(black, white, empty, winner, reason, tournament[0], tournament[1])


def play_transcript(moves: str, start: RefBoard | None = None) -> tuple[RefBoard, list[str]]:
    """Play 'f5d6...' from ``start`` with forced passes; return the board and the plies ('pass' for a pass)."""
    board = (start or RefBoard.start()).copy()
    plies: list[str] = []
    if board.must_pass():
        board.pass_turn()
        plies.append("pass")
    for i in range(0, len(moves), 2):
        name = moves[i : i + 2]
        board.play(*parse_name(name))
        plies.append(name)
        if board.must_pass():
            board.pass_turn()
            plies.append("pass")
    return board, plies


def perft(board: RefBoard, depth: int) -> int:
    """Leaf nodes ``depth`` plies ahead; a pass is a ply, a finished game is one leaf."""
    if depth == 0:
        return 1
    moves = board.legal_moves()
    if not moves:
        if not board.legal_moves(other(board.to_move)):
            return 1
        passed = board.copy()
        passed.pass_turn()
        return perft(passed, depth - 1)
    total = 0
    for row, col in moves:
        child = board.copy()
        child.play(row, col)
        total += perft(child, depth - 1)
    return total


# -- sample games ---------------------------------------------------------------------------------
# Whole games found by random play on this reference board (not by the engine), kept for the tests
# because each shows a rule at work in a real game. ``play_transcript`` replays them.

SHORTEST_WIPEOUT = "f5d6c5f4e7f6g5e6e3"
"""Nine moves, then White has no disc left: 13-0."""

FIVE_WHITE_MOVES_IN_A_ROW = (
    "c4c3e6f4e3d2g3c5d3f5f6g4b2g5g6g7e7h2g2a1e2f3d6e8d7d1b5f7f2c7g8b4f8a5c8g1d8h1b3c6a6c2c1a2a3h8h6"
    "b7a8h4h5b1h3a4f1a7b8b6e1h7"
)
"""Black passes four times near the end (plies 57, 59, 61, 63) while White moves five times; 12-52."""

BLOCKED_WITH_TWO_EMPTY = (
    "e6f6f5d6d7f7e7f4g6h5g8g7f3g4g5h6c6f2h7b7f1d8h4h8c8e8c7f8a6a7b6g2d3a5b8e2a8d2c2h3d1e3g3c5a4c4e1c1"
    "b4b3b5h2b1a3a2b2g1c3"
)
"""58 moves, then neither side can move with a1 and h1 empty: 29-33 on the board."""

DRAW_32_32 = (
    "d3c5f6e3f3g7c6f2e6c3b5f5g5g6g4g3e2f4b3a3h2h3h8e7d6f1b2b7d7d8b4h1e1c1c2a5a1b1a4d2h5b6f7h6h7d1a2"
    "g8f8e8a7c4c8a6c7a8h4b8g1g2"
)
"""A full board, 32-32."""
