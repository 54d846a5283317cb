"""A GTP (Go Text Protocol) engine for Othello, so GUIs and match tools can play the AI.

Commands: ``protocol_version, name, version, known_command, list_commands,
boardsize 8, clear_board, play <colour> <move|pass>, genmove <colour>,
undo, showboard, quit``, and for match tools ``final_score`` (``B+12``,
``W+4`` or ``0``, empty squares to the winner), ``time_settings`` and
``time_left`` (the clock's time left, less what ``genmove`` spends since, caps each move: ``Limits.on_clock``
of the limits ``game.ai.think`` is given). Colours are ``black``/``white``/``b``/``w``; moves
``a1``..``h8`` (lower case in answers) or ``pass``. A command may carry a
numeric id, echoed in the answer. Errors answer ``? message`` and change
nothing; a command that takes no arguments refuses any, and ``genmove`` with
a damaged weights file answers an error that says so. Input is cleaned as the
protocol says (section 3.1): control characters removed, tabs made spaces,
comments and blank lines dropped; a line longer than ``MAX_LINE_CHARS`` is
refused (with its id; a comment line that long is dropped like any other),
and what an error echoes of the input is cut short. Numbers are read in the
digits 0-9 only (``game.engine.whole_number``, ``decimal_number``); a
``time_left`` above ``MAX_SECONDS`` (a day) is capped at it, with a note on stderr.

Forced passes happen by themselves: after a move that leaves the other side
without a move, that side's pass is already on the board, and ``play
<colour> pass`` for it is accepted (it changes nothing). ``genmove`` for a
side that must pass answers ``pass``. ``undo`` after such a confirmed pass
takes back the confirmation only; ``clear_board`` forgets every confirmation.

>>> engine = GtpEngine()
>>> engine.handle("1 play b f5")
'=1 \\n\\n'
>>> engine.handle("play b d6")
"? it is White's turn\\n\\n"
"""

from __future__ import annotations

import contextlib
import math
import sys
import time
from collections.abc import Callable
from typing import TextIO

from game import __version__
from game.ai import LEVELS, MAX_LEVEL, MAX_SECONDS, Level, WeightsError, capped, engine_for, think, warm_up
from game.engine import (
    BLACK,
    COLOR_NAMES,
    PASS,
    WHITE,
    Color,
    GameRecord,
    NotationError,
    NumberError,
    decimal_number,
    parse_square,
    square_name,
    whole_number,
)
from game.interfaces.closed_pipe import quiet_stdout

ENGINE_NAME = "Othello-WASM"
MAX_LINE_CHARS = 4096
"""The longest command line read; longer ones are refused (and read no further than the bound at a time)."""

_ECHO_CHARS = 24
# GTP section 3.1: control characters go, except HT (made a space) and LF
_CLEAN = {code: None for code in (*range(0, 32), 127) if code not in (9, 10)} | {9: " "}


class GtpError(Exception):
    """A command that cannot be carried out; answered with ``? message``."""


def no_arguments(name: str, command: Callable[[], str]) -> Callable[[list[str]], str]:
    """A command that takes no arguments: any is refused (``undo undo`` must not undo once)."""

    def run(args: list[str]) -> str:
        if args:
            raise GtpError(f"syntax: {name} (it takes no arguments)")
        return command()

    return run


def shown(text: str) -> str:
    """``text`` quoted for an answer: ASCII only, and cut short (an answer must not echo a flood)."""
    cut = text if len(text) <= _ECHO_CHARS else text[:_ECHO_CHARS] + "..."
    return ascii(cut)


def parse_colour(text: str) -> Color:
    """``'black'``/``'b'`` or ``'white'``/``'w'`` (any case) as ``'X'`` or ``'O'``."""
    key = text.lower()
    if key in ("b", "black"):
        return BLACK
    if key in ("w", "white"):
        return WHITE
    raise GtpError(f"invalid colour {shown(text)}; use black, white, b or w")


class GtpEngine:
    """The state of one GTP session: a game record and the level playing."""

    def __init__(self, level: Level | None = None, move_time: float | None = None, log: TextIO | None = None) -> None:
        """``move_time``: seconds a move instead of the level's, above 0 and at most ``MAX_SECONDS``
        (the command line caps it first). ``log`` takes the engine's notes, one line each (``run``: stderr)."""
        chosen = level if level is not None else LEVELS[MAX_LEVEL]
        if move_time is not None and not (math.isfinite(move_time) and 0 < move_time <= MAX_SECONDS):
            raise ValueError(f"the move time must be a number of seconds above 0 and at most {MAX_SECONDS:g},"
                             f" not {move_time}")
        self.level = chosen
        self.limits = chosen.limits if move_time is None else chosen.limits.per_move(move_time)
        """What bounds each move's search: the level's own limits, or with ``move_time`` a move."""
        self.log = log
        self.clocks: dict[Color, float] = {}
        """Seconds left on each side's clock: as ``time_left`` said, less what ``genmove`` spent since."""
        self.record = GameRecord()
        self._acknowledged_ply = -1  # the ply of the last forced pass a client confirmed
        self.quit = False
        self._commands: dict[str, Callable[[list[str]], str]] = {
            "protocol_version": no_arguments("protocol_version", lambda: "2"),
            "name": no_arguments("name", lambda: ENGINE_NAME),
            "version": no_arguments("version", lambda: __version__),
            "known_command": self._known_command,
            "list_commands": no_arguments("list_commands", lambda: "\n".join(self._commands)),
            "boardsize": self._boardsize,
            "clear_board": no_arguments("clear_board", self._clear_board),
            "play": self._play,
            "genmove": self._genmove,
            "undo": no_arguments("undo", self._undo),
            "showboard": no_arguments("showboard", self._showboard),
            "final_score": no_arguments("final_score", self._final_score),
            "time_settings": self._time_settings,
            "time_left": self._time_left,
            "quit": no_arguments("quit", self._quit),
        }

    # -- protocol -----------------------------------------------------------------

    def handle(self, line: str) -> str:
        """Answer one command line (``''`` for blank or comment lines)."""
        text = line.translate(_CLEAN).split("#", 1)[0].strip()
        if not text:
            return ""
        words = text.split()
        ident = ""
        if words[0].isascii() and words[0].isdigit():
            ident = words.pop(0)
            if not words:
                return f"?{ident} empty command\n\n"
        command, args = words[0].lower(), words[1:]
        handler = self._commands.get(command)
        if handler is None:
            return f"?{ident} unknown command {shown(words[0])}\n\n"
        try:
            answer = handler(args)
        except GtpError as exc:
            return f"?{ident} {exc}\n\n"
        except Exception as exc:  # a bug must cost one answer, not the session; handlers change state last
            return f"?{ident} internal error ({type(exc).__name__})\n\n"
        return f"={ident} {answer}\n\n"

    def serve(self, stdin: TextIO, stdout: TextIO) -> None:
        """Answer commands from ``stdin`` until ``quit`` or end of input."""
        while not self.quit:
            line = stdin.readline(MAX_LINE_CHARS + 1)
            if not line:
                break
            if len(line) > MAX_LINE_CHARS and not line.endswith("\n"):
                answer = self.too_long(line)
                while line and not line.endswith("\n"):  # skip the rest, a bounded piece at a time
                    line = stdin.readline(MAX_LINE_CHARS + 1)
            else:
                answer = self.handle(line)
            if answer:
                stdout.write(answer)
                stdout.flush()

    def too_long(self, head: str) -> str:
        """The answer to a line longer than ``MAX_LINE_CHARS`` from its first ``head``: refused, with its id.

        A comment line (or a blank one) has no answer however long it is, as in ``handle``.
        """
        text = head.translate(_CLEAN)
        command = text.split("#", 1)[0]
        words = command.split()
        if not words:
            return ""
        complete = len(words) > 1 or "#" in text or command != command.rstrip()  # the id is not cut off
        ident = words[0] if complete and words[0].isascii() and words[0].isdigit() else ""
        return f"?{ident} command line longer than {MAX_LINE_CHARS} characters\n\n"

    # -- commands -------------------------------------------------------------------

    def _known_command(self, args: list[str]) -> str:
        return "true" if args and args[0].lower() in self._commands else "false"

    def _boardsize(self, args: list[str]) -> str:
        if len(args) != 1 or args[0] != "8":
            raise GtpError("unacceptable size: Othello is played on an 8x8 board")
        return ""

    def _clear_board(self) -> str:
        self.record = GameRecord()
        self._acknowledged_ply = -1  # a confirmation belongs to its game
        return ""

    def _pending_pass(self, colour: Color) -> bool:
        """Whether ``colour``'s most recent turn was a forced pass that is on the board already."""
        record = self.record
        return (
            record.ply > 0
            and record.ply != self._acknowledged_ply
            and record.plies[record.ply - 1] == PASS
            and record.position_at(record.ply - 1).to_move == colour
        )

    def _play(self, args: list[str]) -> str:
        if len(args) != 2:
            raise GtpError("syntax: play <black|white> <move|pass>")
        colour = parse_colour(args[0])
        move = args[1].lower()
        position = self.record.position
        if move == "pass":
            if self._pending_pass(colour):
                self._acknowledged_ply = self.record.ply
                return ""
            if position.is_over():
                raise GtpError("the game is over")
            if position.to_move != colour:
                raise GtpError(f"it is {COLOR_NAMES[position.to_move]}'s turn")
            raise GtpError(f"{COLOR_NAMES[colour]} has a legal move and may not pass")
        try:
            square = parse_square(move)
        except NotationError as exc:
            raise GtpError(f"invalid move: {exc}") from None
        if position.is_over():
            raise GtpError("the game is over")
        if position.to_move != colour:
            raise GtpError(f"it is {COLOR_NAMES[position.to_move]}'s turn")
        if not position.is_legal(square):
            raise GtpError(f"illegal move: {square_name(square)} is not a legal move for {COLOR_NAMES[colour]}")
        self.record.play(square)
        return ""

    def _genmove(self, args: list[str]) -> str:
        if len(args) != 1:
            raise GtpError("syntax: genmove <black|white>")
        colour = parse_colour(args[0])
        position = self.record.position
        if self._pending_pass(colour):
            self._acknowledged_ply = self.record.ply
            return "pass"
        if position.is_over():
            return "pass"
        if position.to_move != colour:
            raise GtpError(f"it is {COLOR_NAMES[position.to_move]}'s turn")
        clock = self.clocks.get(colour)
        started = time.perf_counter()
        try:
            square = think(position, self.level, limits=self.limits.on_clock(clock)).run()
        except WeightsError as exc:
            problem = " ".join(str(exc).split()).encode("ascii", "backslashreplace").decode()
            raise GtpError(f"cannot generate a move: the evaluation's weights cannot be used ({problem})") from None
        if clock is not None:  # a controller that does not send time_left again still gets no more than it has
            self.clocks[colour] = max(0.0, clock - (time.perf_counter() - started))
        self.record.play(square)
        return square_name(square)

    def _undo(self) -> str:
        record = self.record
        if self._acknowledged_ply == record.ply and record.ply > 0 and record.plies[record.ply - 1] == PASS:
            self._acknowledged_ply = -1  # the last command played was the pass: take back just that
            return ""
        if not record.can_undo():
            raise GtpError("cannot undo: no move has been played")
        record.undo()
        if self._acknowledged_ply > record.ply:
            self._acknowledged_ply = -1  # that pass is no longer on the board
        return ""

    def _showboard(self) -> str:
        position = self.record.position
        lines = [position.board_diagram()]
        lines.append(f"Black {position.black_count}  White {position.white_count}")
        if position.is_over():
            lines.append("Game over")
        else:
            lines.append(f"{COLOR_NAMES[position.to_move]} to move")
        return "\n" + "\n".join(lines)

    def _final_score(self) -> str:
        outcome = self.record.result
        if outcome is None:
            raise GtpError("the game is not over")
        margin = outcome.margin(BLACK)
        return "0" if margin == 0 else f"B+{margin}" if margin > 0 else f"W+{-margin}"

    def _note(self, line: str) -> None:
        """One line for whoever watches the engine (``log``), never part of an answer."""
        if self.log is not None:
            print(f"note: {line}", file=self.log, flush=True)

    def _time_settings(self, args: list[str]) -> str:
        if len(args) != 3:
            raise GtpError("syntax: time_settings <main seconds> <byo-yomi seconds> <stones>")
        main_time, _byo_time, _stones = (
            _whole(arg, name, unit) for arg, name, unit in zip(args, ("main time", "byo-yomi time", "stones"),
                                                              ("seconds", "seconds", "stones"), strict=True))
        if main_time < 0:
            raise GtpError("main time must not be negative")
        return ""

    def _time_left(self, args: list[str]) -> str:
        """Take the colour's clock: each move then spends a share of it, never all (``search_limits.plan``).

        The first time, the evaluation's tables are made and the level's engine is built now (0.6 s), so
        that is not charged to a move: a search cannot stop in the middle of it.
        """
        if len(args) != 3:
            raise GtpError("syntax: time_left <colour> <seconds> <stones>")
        colour = parse_colour(args[0])
        try:
            seconds = decimal_number(args[1], "seconds")
        except NumberError as exc:
            raise GtpError(f"invalid time {shown(args[1])}: {exc.reason}") from None
        _whole(args[2], "stones", "stones")
        seconds, note = capped(max(0.0, seconds), MAX_SECONDS, "time_left", "seconds")
        if note is not None:
            self._note(note)
        self.clocks[colour] = seconds
        with contextlib.suppress(WeightsError):  # genmove says what is wrong with the weights
            for _ in warm_up():
                pass
            engine_for(self.level)
        return ""

    def _quit(self) -> str:
        self.quit = True
        return ""


def _whole(text: str, name: str, unit: str) -> int:
    """A whole number of a command (``game.engine.whole_number``: the digits 0-9 only), or ``GtpError``."""
    try:
        return whole_number(text, unit)
    except NumberError as exc:
        raise GtpError(f"invalid {name} {shown(text)}: {exc.reason}") from None


def run(level: Level | None = None, move_time: float | None = None) -> None:
    """Serve GTP on standard input and output (notes on stderr); a controller that closes the pipe ends it quietly."""
    engine = GtpEngine(level, move_time, log=sys.stderr)
    with contextlib.suppress(AttributeError, ValueError):
        sys.stdin.reconfigure(errors="replace")  # type: ignore[union-attr]  # bad bytes: an unknown command
    try:
        engine.serve(sys.stdin, sys.stdout)
    except BrokenPipeError:
        quiet_stdout()
