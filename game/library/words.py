"""What the library's screen says about a game and a search, in the player's language (pure Python, no pygame).

Players' and events' names are the database's own and stay as they are;
the words around them are messages with placeholders.
"""

from __future__ import annotations

from game.engine import PASS, GameRecord, square_name
from game.i18n import _, ngettext, number, pgettext
from game.library.search import SearchResult
from game.play.words import colour_name
from game.records.openings import opening_name
from game.records.wthor import WthorGame

STAR = "★ "
"""Marks a world championship game in the lists."""


def game_label(game: WthorGame) -> tuple[str, str]:
    """A row: ``'2010  Takanashi Yusuke - Borassi Michele  38-26'`` and the event (starred: a championship)."""
    return (f"{game.year}  {game.black} - {game.white}  {game.result}",
            (STAR if game.championship else "") + game.event)


def search_heading(found: SearchResult) -> str:
    """``'1,234 games, newest first (the newest 10,000) · Tiger'``: what a search found."""
    if found.total > len(found.games):
        words = ngettext("{n} game, newest first (the newest {shown})", "{n} games, newest first (the newest {shown})",
                         found.total)
    else:
        words = ngettext("{n} game, newest first", "{n} games, newest first", found.total)
    heading = words.format(n=number(found.total), shown=number(len(found.games)))
    if found.openings:
        names = pgettext("list separator", ", ").join(pgettext("opening", name) for name in found.openings[:2])
        heading = _("{found} · {openings}").format(found=heading, openings=names)
    return heading


def played_moves(record: GameRecord, ply: int) -> list[int]:
    """A game's moves up to ``ply`` (passes left out)."""
    return [p for p in record.plies[:ply] if p != PASS]


def move_line(record: GameRecord, ply: int) -> str:
    """Where the board is in a game: ``'Move 23 of 60: c4 by Black · White to move · Tiger'``."""
    played = played_moves(record, ply)
    total = len(record.moves)
    name = opening_name(played)
    position = record.position_at(ply)
    where = _("the end") if position.is_over() else _("{colour} to move").format(colour=colour_name(position.to_move))
    if played:
        mover = next(colour_name(record.position_at(i).to_move) for i in reversed(range(ply))
                     if record.plies[i] != PASS)
        line = _("Move {number} of {total}: {square} by {colour} · {where}").format(
            number=len(played), total=total, square=square_name(played[-1]), colour=mover, where=where)
    else:
        line = _("The start, before move 1 of {total} · {where}").format(total=total, where=where)
    return _("{line} · {opening}").format(line=line, opening=pgettext("opening", name)) if name else line


def info_lines(game: WthorGame | None, record: GameRecord | None, ply: int) -> list[tuple[str, int, bool]]:
    """(text, size, dim) lines about the chosen game."""
    if game is None or record is None:
        return [(_("Choose a game"), 24, False), (_("Its board, players and result show here."), 17, True)]
    # the move line comes before the note of a game that stopped early: the panel has room for four lines
    event = f"{STAR if game.championship else ''}{game.event}" + (
        "" if str(game.year) in game.event else f", {game.year}")
    lines = [(_("{black} (Black) - {white} (White)").format(black=game.black, white=game.white), 20, False),
             (_("{event} · result {result} (Black first)").format(event=event, result=game.result), 17, True),
             (move_line(record, ply), 17, True)]
    final = record.position_at(len(record.plies))
    if not (final.is_over() and final.black_count == game.black_discs):
        lines.append((ngettext("The result as recorded: the game stopped after {n} move",
                               "The result as recorded: the game stopped after {n} moves", game.move_count).format(
            n=game.move_count), 17, True))
    return lines
