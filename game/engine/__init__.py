"""The rules of Othello on bitboards: positions, moves, outcomes, records and notation.

Pure Python with no dependencies, so it runs unchanged in CPython on
WebAssembly. Nothing here imports pygame. The files:

* ``bitboard``: two 64-bit ints, legal moves and flips (``legal_moves``, ``flips``);
* ``generated``: tables of functions generated from source (the flip functions), each compiled when
  first called;
* ``position``: ``Position``, both sides' discs and the side to move, with the rules applied
  (``play``, ``pass_turn``, ``is_over``), and ``IllegalMoveError``;
* ``record``: ``GameRecord``, the moves and the forced passes from a start, undo and redo,
  transcripts read and written (``TranscriptError``);
* ``outcome``: ``Outcome``, how a game ended (by the rules, by resignation, on time), who won, and
  its score under both scoring rules; ``final_score``, the tournament rule, written once;
* ``notation``: square names (a1 top-left, h8 bottom-right) and transcripts split into moves;
* ``symmetry``: the board's eight symmetries, numbered once for the whole game;
* ``perft``: counting the game tree's leaves to a depth, within a time limit;
* ``errors``: ``ExplainedError``, errors whose English template the screens translate;
* ``numbers``: numbers typed on a command line or sent over GTP, read in the digits 0-9 only
  (``whole_number``, ``decimal_number``, ``NumberError``).
"""

from .bitboard import Bitboard, flips, legal_moves, popcount, squares_of
from .notation import NotationError, parse_square, split_transcript, square_name
from .numbers import NumberError, decimal_number, whole_number
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
    "NumberError",
    "Outcome",
    "Position",
    "TranscriptError",
    "decimal_number",
    "final_score",
    "flips",
    "legal_moves",
    "opponent_of",
    "parse_square",
    "perft",
    "timed_perft",
    "tournament_split",
    "whole_number",
    "ply_name",
    "popcount",
    "split_transcript",
    "square_name",
    "squares_of",
]
