"""The rules of Othello on bitboards: positions, moves, outcomes, records and notation.

Pure Python with no dependencies, so it runs unchanged in CPython on
WebAssembly. Nothing here imports pygame.
"""

from .bitboard import Bitboard, flips, legal_moves, popcount, squares_of
from .notation import NotationError, parse_square, split_transcript, square_name
from .outcome import EndReason, Outcome, final_score, tournament_split
from .perft import PerftTimeout, perft, timed_perft
from .position import BLACK, COLOR_NAMES, WHITE, Color, IllegalMoveError, Position, opponent_of
from .record import PASS, GameRecord, TranscriptError, ply_name

__all__ = [
    "PerftTimeout",
    "BLACK",
    "COLOR_NAMES",
    "PASS",
    "WHITE",
    "Bitboard",
    "Color",
    "EndReason",
    "GameRecord",
    "IllegalMoveError",
    "NotationError",
    "Outcome",
    "Position",
    "TranscriptError",
    "final_score",
    "flips",
    "legal_moves",
    "opponent_of",
    "parse_square",
    "perft",
    "timed_perft",
    "tournament_split",
    "ply_name",
    "popcount",
    "split_transcript",
    "square_name",
    "squares_of",
]
