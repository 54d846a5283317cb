"""Searching the master games: by player, event, year and opening, newest first.

>>> parse_years("1990-1999"), parse_years(" 2003 ")
((1990, 1999), (2003, 2003))
>>> opening_line("d3c5")  # a game begun on d3 is the same game begun on f5, turned
'f5d6'

A ``SearchIndex`` over a ``GameTable`` is built once (the games sorted newest
first: by year, latest first, then in the file's order within a year; the
distinct names lower-cased) and answers a ``Query`` with a scan of the games
that compares small integers and interned strings (tens of milliseconds for
the 131,212 games natively; ``bench/library.py``).

The rules, which the tests check against a plain scan of the file:

* ``player``: a case-insensitive substring of the Black or the White player's
  name (``color`` ``'black'`` or ``'white'`` for one side only);
* ``event``: a case-insensitive substring of the event's name;
* ``years``: from, to (inclusive);
* ``opening``: either a transcript (``f5d6c3``, any of the four first moves:
  the database writes every game from f5, so a line begun on d3, c4 or e6 is
  turned to begin on f5), matching the games whose moves begin with it; or a
  name from ``game/data/openings.txt`` (exact, case-insensitive; else every
  opening whose name contains the text), matching the games whose moves begin
  with that opening's line as the table writes it. (Games that reach the same
  position by another move order are not found by a name; the explorer counts
  those.)

Pure Python; nothing here imports pygame.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from game.engine import GameRecord, NotationError, TranscriptError, parse_square, split_transcript, square_name
from game.engine.notation import MAX_TRANSCRIPT_CHARS
from game.engine.position import START_BLACK, START_WHITE
from game.engine.symmetry import SQUARE_IMAGE, images
from game.i18n import _, number, pgettext
from game.library.database import GameTable
from game.records.openings import Opening
from game.records.openings import default_book as named_openings
from game.records.wthor import WthorGame

Color = Literal["any", "black", "white"]
MAX_TEXT = 80
"""The longest player, event or year text searched for (longer ones are refused, never cut: no name is that long)."""
MAX_OPENING_TEXT = MAX_TRANSCRIPT_CHARS
"""The longest opening text: a whole transcript (60 moves with numbers and spaces fit many times over)."""
MAX_RESULTS = 10_000
"""The most games one search returns (``SearchResult.total`` still counts them all)."""

_F5 = parse_square("f5")
_YEARS = re.compile(r"\s*(\d{4})\s*(?:-\s*(\d{4})\s*)?")
_START_SYMMETRIES = tuple(
    s for s in range(8) if images(START_BLACK)[s] == START_BLACK and images(START_WHITE)[s] == START_WHITE
)


class QueryError(ValueError):
    """A search text that cannot be used; the message is one line for the player."""


@dataclass(frozen=True)
class Query:
    """What to look for; empty fields match everything."""

    player: str = ""
    color: Color = "any"
    event: str = ""
    years: tuple[int, int] | None = None
    opening: str = ""


@dataclass(frozen=True)
class SearchResult:
    """The games found (newest first, at most ``limit`` from ``offset``), how many in all, and the lines used."""

    games: list[WthorGame]
    total: int
    lines: tuple[str, ...] = ()
    """The move prefixes the opening matched (f5 first), empty when no opening was asked for."""
    openings: tuple[str, ...] = ()
    """The names of the openings the text matched, when it was a name."""


def parse_years(text: str) -> tuple[int, int]:
    """``'1990'`` or ``'1990-1999'`` as (from, to); ``QueryError`` for anything else."""
    match = _YEARS.fullmatch(text) if len(text) <= MAX_TEXT else None
    if match is None:
        raise QueryError(_("year must be like 1990 or 1990-1999, not {text!r}").format(text=text[:20]))
    first = int(match.group(1))
    last = int(match.group(2) or first)
    if last < first:
        raise QueryError(_("year range {first}-{last} runs backwards").format(first=first, last=last))
    return first, last


def opening_line(text: str) -> str:
    """A transcript as the database writes it: legal from the start, turned to begin on f5.

    ``QueryError`` when it is not a legal line from the start (or longer than ``MAX_OPENING_TEXT``).
    """
    _check_length(text, MAX_OPENING_TEXT, "opening")
    try:
        names = split_transcript(text)
        record = GameRecord.from_transcript(" ".join(names))
    except (NotationError, TranscriptError) as exc:
        raise QueryError(_("bad opening moves: {reason}").format(reason=exc)) from None
    squares = [sq for sq in record.moves if sq >= 0]
    if len(squares) != len(record.moves):
        raise QueryError(_("bad opening moves: a pass cannot start a game's opening"))
    if not squares:
        return ""
    turn = next(s for s in _START_SYMMETRIES if SQUARE_IMAGE[s][squares[0]] == _F5)
    return "".join(square_name(SQUARE_IMAGE[turn][sq]) for sq in squares)


def _looks_like_moves(text: str) -> bool:
    try:
        return bool(split_transcript(text))
    except NotationError:
        return False


def _check_length(text: str, limit: int, what: str) -> None:
    """``QueryError`` if ``text`` is longer than ``limit``: a search text is used whole or refused, never cut."""
    if len(text) > limit:
        words = {"player": _("the player text is too long ({n} characters; at most {limit})"),
                 "event": _("the event text is too long ({n} characters; at most {limit})")}.get(
            what, _("the opening text is too long ({n} characters; at most {limit})"))
        raise QueryError(words.format(n=number(len(text)), limit=number(limit)))


def openings_named(text: str) -> list[Opening]:
    """The table's openings with this name (case-insensitive), else those whose name contains it."""
    wanted = text.strip().lower()
    table = named_openings().openings
    exact = [o for o in table if wanted in (o.name.lower(), o.short_name.lower(), pgettext("opening", o.name).lower())]
    return exact or [o for o in table if wanted in o.name.lower() or wanted in pgettext("opening", o.name).lower()]


def opening_lines(text: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The move prefixes an opening text stands for, and the opening names it matched (none for moves)."""
    text = text.strip()
    _check_length(text, MAX_OPENING_TEXT, "opening")
    if not text:
        return (), ()
    if _looks_like_moves(text):
        return (opening_line(text),), ()
    found = openings_named(text)
    if not found:
        raise QueryError(_("no opening is named like {text!r} (try its first moves, e.g. f5d6c3)").format(
            text=text[:40]))
    lines = {"".join(square_name(sq) for sq in o.moves) for o in found}
    return tuple(sorted(lines)), tuple(o.name for o in found)


class SearchIndex:
    """A table's games newest first, and its distinct names, for fast searches."""

    def __init__(self, table: GameTable) -> None:
        self.table = table
        self.order = sorted(table.games, key=lambda g: (-g.year, g.index))
        self._players = sorted({g.black for g in table.games} | {g.white for g in table.games})
        self._events = sorted({g.event for g in table.games})

    def players(self, text: str) -> set[str]:
        """The player names containing ``text`` (case-insensitive); ``QueryError`` over ``MAX_TEXT`` characters."""
        wanted = text.strip().lower()
        _check_length(wanted, MAX_TEXT, "player")
        return {name for name in self._players if wanted in name.lower()}

    def events(self, text: str) -> set[str]:
        """The event names containing ``text`` (case-insensitive); ``QueryError`` over ``MAX_TEXT`` characters."""
        wanted = text.strip().lower()
        _check_length(wanted, MAX_TEXT, "event")
        return {name for name in self._events if wanted in name.lower()}

    def search(self, query: Query, limit: int = 50, offset: int = 0) -> SearchResult:
        """The games matching ``query``, newest first, ``limit`` from ``offset``; ``QueryError`` for bad text."""
        lines, names = opening_lines(query.opening)
        games: list[WthorGame] = self.order
        if query.player.strip():
            players = self.players(query.player)
            if query.color == "black":
                games = [g for g in games if g.black in players]
            elif query.color == "white":
                games = [g for g in games if g.white in players]
            else:
                games = [g for g in games if g.black in players or g.white in players]
        if query.event.strip():
            events = self.events(query.event)
            games = [g for g in games if g.event in events]
        if query.years is not None:
            first, last = query.years
            games = [g for g in games if first <= g.year <= last]
        if lines:
            starts = tuple(lines)
            games = [g for g in games if g.moves.startswith(starts)]
        limit = max(0, min(limit, MAX_RESULTS))
        offset = max(0, offset)
        return SearchResult(games[offset : offset + limit], len(games), lines, names)
