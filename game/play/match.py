"""Who plays whom: a match set-up, and the autosaved game (set-up plus record) in JSON form.

This module imports nothing from pygame; the scenes hand ``MatchSetup``
objects to each other and ``SavedGame`` is what the autosave holds.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace
from typing import Any

from game.ai import DEFAULT_LEVEL, CustomSpec, level_at
from game.engine import BLACK, WHITE, Color, GameRecord, Position, opponent_of, square_name
from game.engine.record import PASS
from game.i18n import _
from game.play.level_compat import FIRST_SETUP_FIELDS, document_level
from game.play.levels import level_for, level_title
from game.play.words import colour_name


class Mode(enum.StrEnum):
    """Who plays: the computer against the player, or two players at this device.

    A ``str`` enum: its value is the word saved games and settings have always kept.
    """

    COMPUTER = "computer"
    TWO = "two"


SAVEGAME_KEY = "savegame"


CLOCK_SECONDS = (10, 7200)
"""The time a side's clock may start with, in seconds."""
MAX_CLOCK_MS = CLOCK_SECONDS[1] * 1000
"""The most a clock may hold, increments included, in milliseconds."""
INCREMENT_SECONDS = (0, 60)
"""The seconds a clock may gain after each move (a Fischer increment)."""


@dataclass(frozen=True)
class MatchSetup:
    """A match: against the computer (``human`` is the player's colour) or two players on one device.

    In a two-player match ``human`` is Player 1's colour; a rematch swaps it.
    ``start`` is a position text, or ``None`` for the standard start.
    ``given`` is how many plies of the record were handed in (a pasted
    transcript, a shared link, the review's "play from here") rather than
    played in this match.
    """

    mode: Mode = Mode.COMPUTER
    human: Color = BLACK
    level: int = 0
    start: str | None = None
    given: int = 0
    custom: str | None = None
    """A custom computer level instead of ``level``: ``'time:SECONDS'`` (per move) or ``'depth:PLIES'``."""
    clock: int | None = None
    """Seconds on each side's clock for the whole game (``None``: no clocks); a flag fall loses."""
    increment: int = 0
    """Seconds added to a side's clock after each of its moves (Fischer: 5 minutes + 3 is ``300, 3``)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "mode", Mode(self.mode))  # the word ("two") is taken for its mode

    @property
    def counts(self) -> bool:
        """Whether the match goes into the statistics: played from the standard start, no moves handed in.

        Anything else is practice (a set-up or pasted position could farm wins).
        """
        return self.start is None and self.given == 0

    def rematch(self) -> MatchSetup:
        """The set-up of a fresh game of the same kind (nothing handed in)."""
        return replace(self, given=0)

    def is_computer(self, colour: Color) -> bool:
        """Whether the computer plays ``colour``."""
        return self.mode is Mode.COMPUTER and colour != self.human

    def player_name(self, colour: Color, level_name: str = "") -> str:
        """How a side is named on screen, in the player's language: 'You', 'Computer (Expert)', 'Player 1'...

        ``level_name`` is the level's ``name`` (English, as the statistics keep it).
        """
        if self.mode is Mode.COMPUTER:
            if colour == self.human:
                return _("You")
            return _("Computer ({level})").format(level=level_title(level_name)) if level_name else _("Computer")
        return _("Player 1") if colour == self.human else _("Player 2")

    def swapped(self) -> MatchSetup:
        """The same match with the colours exchanged."""
        return replace(self, human=opponent_of(self.human))

    def start_position(self) -> Position | None:
        """The start position, ``None`` for the standard one."""
        return Position.from_text(self.start) if self.start else None

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        named = level_at(self.level)
        level_name = named.name if named is not None else None
        return {"mode": self.mode.value, "human": self.human, "level": self.level, "level_name": level_name,
                "start": self.start, "given": self.given, "custom": self.custom, "clock": self.clock,
                "increment": self.increment}

    @classmethod
    def from_json(cls, data: Any) -> MatchSetup:
        """A set-up from its dict; ``ValueError`` for anything out of range."""
        if not isinstance(data, dict):
            raise TypeError("a match set-up must be a JSON object")
        human, level, start = data["human"], data["level"], data.get("start")
        try:
            mode = Mode(data["mode"])
        except ValueError:
            raise ValueError(f"unknown mode {data['mode']!r}") from None
        if human not in (BLACK, WHITE):
            raise ValueError(f"unknown colour {human!r}")
        level = document_level(data, FIRST_SETUP_FIELDS)
        if level is None:  # never the level its index happens to have today: one nobody chose
            name = data.get("level_name")
            raise ValueError(f"no level is called {name!r:.40}" if isinstance(name, str) and name
                             else f"bad level {data['level']!r:.40}")
        if start is not None:
            Position.from_text(start)  # raises NotationError (a ValueError) if malformed
        given = data.get("given", 0)
        if not isinstance(given, int) or isinstance(given, bool) or not 0 <= given <= 200:
            raise ValueError(f"bad number of given moves {given!r}")
        custom = data.get("custom")
        if custom is not None:
            CustomSpec.parse(custom)  # raises ValueError if malformed
        clock = data.get("clock")
        if clock is not None and (not isinstance(clock, int) or isinstance(clock, bool)
                                  or not CLOCK_SECONDS[0] <= clock <= CLOCK_SECONDS[1]):
            raise ValueError(f"bad clock {clock!r}")
        increment = data.get("increment", 0)
        if (not isinstance(increment, int) or isinstance(increment, bool)
                or not INCREMENT_SECONDS[0] <= increment <= INCREMENT_SECONDS[1]):
            raise ValueError(f"bad clock increment {increment!r}")
        return cls(mode, human, level, start, given, custom, clock, increment)


def file_players(setup: MatchSetup) -> tuple[str, str] | None:
    """The (Black, White) names a game's files give its players: you and the computer's level, e.g.
    ``('You', 'Othello Expert')``; ``None`` between two players (the files say Black and White)."""
    if setup.mode is not Mode.COMPUTER:
        return None
    from game.records.formats import computer_players  # the files' formats load when a file is written, not at start

    return computer_players(opponent_of(setup.human), level_for(setup).name)


def against_the_computer(colour: Color, level: int | None, custom: str | None, start: str | None = None,
                         given: int = 0) -> MatchSetup:
    """A match against the computer at the level the player chose last (``Settings.level``/``custom``).

    A level never chosen is the AI's default; a custom one is kept as it was chosen.
    """
    index = level if level is not None and level_at(level) is not None else DEFAULT_LEVEL
    return MatchSetup(Mode.COMPUTER, colour, index, start, given, custom=custom)


@dataclass
class SavedGame:
    """A game in progress: its set-up and its record, redo tail included."""

    setup: MatchSetup
    record: GameRecord
    clocks: tuple[int, int] | None = None
    """Milliseconds left on Black's and White's clocks, when the match has clocks."""

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict: the set-up, every move made (passes implied), how many are played, the clocks."""
        all_moves = "".join(square_name(p) for p in self.record.plies if p != PASS)
        return {
            "version": 1,
            "setup": self.setup.to_json(),
            "moves": all_moves,
            "played": len(self.record.moves),
            "clocks": list(self.clocks) if self.clocks is not None else None,
        }

    @classmethod
    def from_json(cls, data: Any) -> SavedGame:
        """The saved game; ``ValueError`` (e.g. ``TranscriptError``) if it cannot be replayed."""
        if not isinstance(data, dict):
            raise TypeError("a saved game must be a JSON object")
        setup = MatchSetup.from_json(data["setup"])
        moves, played = data["moves"], data["played"]
        if not isinstance(moves, str) or type(played) is not int or not 0 <= played <= len(moves) // 2:
            raise ValueError("the saved moves do not fit together")  # type(): true and false are not counts
        record = GameRecord.from_transcript(moves, setup.start_position())
        if len(record.moves) * 2 != len(moves):
            raise ValueError("the saved moves must be squares only")  # passes are implied in this form
        for _undone in range(len(moves) // 2 - played):
            record.undo()
        clocks = data.get("clocks")
        if clocks is not None:
            if (not isinstance(clocks, list) or len(clocks) != 2
                    or not all(isinstance(c, int) and not isinstance(c, bool) and 0 <= c <= MAX_CLOCK_MS
                               for c in clocks)):
                raise ValueError("the saved clocks do not fit")
            return cls(setup, record, (clocks[0], clocks[1]))
        return cls(setup, record)

    @property
    def unplayed(self) -> bool:
        """Whether nothing of the game would be lost by starting it again: from the standard start, nothing handed
        in, and no move made by a player at this device (undone ones count), though the computer may have opened.

        Such a game is not kept to continue: "Play the computer" gives it back as it was.
        """
        if self.setup.start is not None or self.setup.given:
            return False
        record = self.record
        return not any(ply != PASS and not self.setup.is_computer(record.position_at(i).to_move)
                       for i, ply in enumerate(record.plies))

    def describe(self, level_name: str) -> str:
        """One line for the menu, e.g. 'vs Expert as Black · move 12' (``level_name``: the level's ``name``);
        a game from a set-up position says so ('· from a set-up position · move 1')."""
        move = len(self.record.moves) + 1
        set_up = self.setup.start is not None
        if self.setup.mode is Mode.COMPUTER:
            words = (_("vs {level} as {colour} · from a set-up position · move {move}") if set_up
                     else _("vs {level} as {colour} · move {move}"))
            return words.format(level=level_title(level_name), colour=colour_name(self.setup.human), move=move)
        return (_("Two players · from a set-up position · move {move}") if set_up
                else _("Two players · move {move}")).format(move=move)

