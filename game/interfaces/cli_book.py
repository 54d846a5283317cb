"""The ``book`` subcommand (``python -m game.cli book``): the opening book's moves and the opening's name."""

from __future__ import annotations

import argparse

from game.engine import GameRecord, TranscriptError, square_name
from game.interfaces.cli_args import UsageError, emit, position_arg


def cmd_book(args: argparse.Namespace) -> None:
    """The opening book's moves in a position (a transcript or a position text) and the opening's name."""
    from game.ai import BookError, default_book
    from game.records.openings import default_book as named_openings
    from game.records.openings import opening_name

    tokens = args.position.split()
    if len(tokens) >= 2 and len(tokens[-1]) == 1:  # a side to move ends a position text; no move is one letter
        position = position_arg(args.position)
        named = named_openings().named(position)
        name = named.name if named is not None else None
    else:
        try:
            record = GameRecord.from_transcript(args.position)
        except TranscriptError as exc:
            raise UsageError(f"bad transcript: {exc}") from None
        position = record.position
        name = opening_name(record.moves)
    try:
        found = default_book().lookup(position.player, position.opponent)
    except BookError as exc:
        raise UsageError(f"book: {exc}") from None
    ranked = sorted(found.items(), key=lambda kv: (-kv[1].value, -kv[1].games, kv[0]))
    moves = {square_name(sq): {"games": e.games, "score": e.score, "value": e.value} for sq, e in ranked}
    lines = [f"{name}" if name else "(no opening name)"]
    lines += [f"{sq}: value {e['value']:+.1f}, {e['games']} games"
              + (f", average {e['score']:+.1f}" if e["score"] is not None else "") for sq, e in moves.items()]
    if not moves:
        lines.append("Not in the book.")
    emit(args, {"moves": moves, "name": name}, "\n".join(lines))

