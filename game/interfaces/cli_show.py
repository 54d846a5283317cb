"""The ``show`` subcommand (``python -m game.cli show``): the board after a transcript."""

from __future__ import annotations

import argparse
from typing import Any

from game.engine import GameRecord, TranscriptError, square_name
from game.interfaces.cli_args import UsageError, emit, position_arg


def describe(record: GameRecord) -> dict[str, Any]:
    """The JSON description of the position at the record's cursor (the ``show`` keys)."""
    position = record.position
    over = position.is_over()
    outcome = record.result
    legal = [] if over else [square_name(s) for s in position.legal_squares()]
    return {
        "board": position.to_text()[:64],
        "to_move": None if over else position.to_move,
        "legal": legal,
        "black": position.black_count,
        "white": position.white_count,
        "empty": position.empty_count,
        "over": over,
        "winner": (outcome.winner or "draw") if outcome else None,
        "score_discs": outcome.score_discs if outcome else None,
        "score_tournament": outcome.score_tournament if outcome else None,
        "transcript": record.transcript,
    }


def cmd_show(args: argparse.Namespace) -> None:
    """Show the board after a transcript (from the start or ``--position``)."""
    start = position_arg(args.position)
    try:
        record = GameRecord.from_transcript(args.transcript or "", start)
    except TranscriptError as exc:
        raise UsageError(f"bad transcript: {exc}") from None
    data = describe(record)
    position = record.position
    lines = [position.board_diagram(0 if data["over"] else position.legal_moves())]
    lines.append(f"Black {data['black']}  White {data['white']}  Empty {data['empty']}")
    if data["over"]:
        winner = {"X": "Black wins", "O": "White wins", "draw": "Draw"}[data["winner"]]
        lines.append(
            f"Game over: {winner}, {data['score_discs']} on the board, "
            f"{data['score_tournament']} by the tournament rule"
        )
    else:
        side = "Black (X)" if position.to_move == "X" else "White (O)"
        lines.append(f"{side} to move; legal: {' '.join(data['legal'])}")
    if data["transcript"]:
        lines.append(f"Transcript: {data['transcript']}")
    emit(args, data, "\n".join(lines))

