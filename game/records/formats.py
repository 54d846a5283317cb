"""Standard files: GGF game records (as game servers write them) and OBF positions, in and out.

GGF (the Generic Game Format of GGS, also read by NBoard and Egaroucid) holds
one game per ``(; ... ;)`` with properties ``KEY[value]``: the players
(``PB``, ``PW``), their ratings, the place and date, the time control
(``TI``), the game type (``TY[8]``: 8x8), the result (``RE[+6.000]`` from
Black's side, ``:r`` for a resignation, ``:t`` for a loss on time), the start
position (``BO[8 <64 squares> <side>]`` with ``*`` Black, ``O`` White) and the
moves ``B[d3//3.95]`` / ``W[c5/-18.40/0.10]``: a square (or ``PA`` for a
pass), then optionally the mover's evaluation and the seconds taken.
Archives put one game per line, sometimes after a number.

OBF (Edax's and the FFO tests' board format) is one line: the 64 squares
a1..h8 (``X``, ``O``, ``-``), the side to move, then optionally
``; d3:+4; c5:-2;`` move values.

Pygame-free; bounded: at most ``MAX_FILE_CHARS`` characters and
``MAX_GAMES`` games are read, and every error is one line naming the game,
the move and the reason.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field

from game.engine import BLACK, PASS, WHITE, Color, EndReason, GameRecord, Outcome, Position, parse_square, square_name
from game.engine.errors import ExplainedError
from game.engine.notation import NotationError

MAX_FILE_CHARS = 2_000_000
"""The longest GGF text read (a few thousand server games)."""
MAX_GAMES = 5000
"""The most games read from one text."""
MAX_PROPERTY_CHARS = 4000
"""The longest property value (a comment) read."""
_KEY = re.compile(r"\s*([A-Z]{1,3})\[")
_VALUE = re.compile(r"[^\\\]]*(?:\\.[^\\\]]*)*\]", re.DOTALL)
"""A value's text after its ``[``: up to the first ``]`` not escaped by a backslash (linear, never backtracking)."""
_ESCAPE = re.compile(r"\\(.)", re.DOTALL)
_SPACE = re.compile(r"\s*")


class FormatError(ExplainedError):
    """A GGF or OBF text that cannot be read (one line: where and why; an English ``template`` and its ``params``)."""


@dataclass
class GgfMove:
    """One move of a GGF game: the square (or ``PASS``), the mover's evaluation, the seconds it took."""

    square: int
    evaluation: float | None = None
    seconds: float | None = None
    colour: Color | None = None
    """The side the file says made it (``B[...]`` or ``W[...]``)."""


@dataclass
class GgfGame:
    """A game read from (or to be written as) GGF."""

    start: Position
    moves: list[GgfMove]
    properties: dict[str, str] = field(default_factory=dict)
    """Every other property as read, e.g. ``{'PB': 'fangr', 'RE': '-40.00', 'TI': '15:00//02:00'}``."""

    @property
    def black(self) -> str:
        """Black's player name ('' if none)."""
        return self.properties.get("PB", "")

    @property
    def white(self) -> str:
        """White's player name ('' if none)."""
        return self.properties.get("PW", "")

    @property
    def result(self) -> str:
        """The result as written (``'+6.000'``, ``'-10.000:r'``, '' if none)."""
        return self.properties.get("RE", "")

    def record(self) -> GameRecord:
        """The game as a record (passes written in the file or left implied are both accepted)."""
        record = GameRecord(self.start)
        pass_unclaimed = record.plies[: record.ply] == [PASS]  # the start position itself forced a pass
        for number, move in enumerate(self.moves, start=1):
            if move.square == PASS:
                if not pass_unclaimed:
                    raise FormatError("move {number}: a pass, but the side to move has a legal move", number=number)
                pass_unclaimed = False  # the record made this forced pass already
                continue
            if record.is_over():
                raise FormatError("move {number}: {square} comes after the end of the game", number=number,
                                  square=square_name(move.square))
            if move.colour is not None and move.colour != record.position.to_move:
                raise FormatError("move {number}: {square} is written for the wrong side", number=number,
                                  square=square_name(move.square))
            if not record.position.is_legal(move.square):
                raise FormatError("move {number}: {square} is not a legal move", number=number,
                                  square=square_name(move.square))
            ply = record.ply
            record.play(move.square)
            pass_unclaimed = record.ply > ply + 1
        return record


def _board(text: str) -> Position:
    """A GGF ``BO`` value: the size, 64 squares, the side to move."""
    parts = text.split()
    if not parts or parts[0] != "8":
        raise FormatError("board {text!r}…: only 8x8 Othello is supported", text=text[:20])
    try:
        return Position.from_text(" ".join(parts[1:]))
    except NotationError as exc:
        raise FormatError("board: {error}", error=exc) from None


def _move(value: str, number: int, colour: Color) -> GgfMove:
    name, *rest = value.split("/")
    name = name.strip().lower()
    try:
        square = PASS if name in ("pa", "pass") else parse_square(name)
    except NotationError:
        raise FormatError("move {number}: {name!r} is not a square (a1 to h8) or PA", number=number,
                          name=name) from None
    numbers: list[float | None] = []
    for part in rest[:2]:
        try:
            numbers.append(float(part) if part.strip() else None)
        except ValueError:
            raise FormatError("move {number}: {part!r} is not a number", number=number, part=part) from None
    numbers += [None] * (2 - len(numbers))
    return GgfMove(square, numbers[0], numbers[1], colour)


def _properties(text: str, position: int, index: int) -> tuple[list[tuple[str, str]], int]:
    """The properties of game ``index``, read from ``position`` (just after its ``(;``), and where its ``;)`` ends.

    A value runs to the first ``]`` not escaped by a backslash, and a backslash
    escapes the character after it, so ``C[nice ;) game]`` and ``PB[a\\]b]`` are
    read whole (as ``nice ;) game`` and ``a]b``).
    """
    properties: list[tuple[str, str]] = []
    while True:
        key = _KEY.match(text, position)
        if key is None:
            position = _SPACE.match(text, position).end()  # type: ignore[union-attr]  # \s* always matches
            if text.startswith(";)", position):
                return properties, position + 2
            rest = text[position: position + 24]
            if not rest or rest.startswith("(;"):
                raise FormatError("game {index}: no closing ';)'", index=index)
            raise FormatError("game {index}: cannot read {rest!r}", index=index, rest=rest)
        value = _VALUE.match(text, key.end())
        if value is None:
            raise FormatError("game {index}: {key}[...] has no closing ']' (nor ';)' after it)", index=index,
                              key=key.group(1))
        raw = text[key.end(): value.end() - 1]
        if len(raw) > MAX_PROPERTY_CHARS:
            raise FormatError("game {index}: the {key} value is too long (over {most} characters)", index=index,
                              key=key.group(1), most=MAX_PROPERTY_CHARS)
        properties.append((key.group(1), _ESCAPE.sub(r"\1", raw) if "\\" in raw else raw))
        position = value.end()


def _game(read: list[tuple[str, str]], index: int) -> GgfGame:
    properties: dict[str, str] = {}
    moves: list[GgfMove] = []
    start: Position | None = None
    for key, value in read:
        if key in ("B", "W"):
            moves.append(_move(value, len(moves) + 1, BLACK if key == "B" else WHITE))
        elif key == "BO":
            start = _board(value)
        else:
            properties[key] = value
    if properties.get("GM", "Othello").strip().lower() not in ("othello", "reversi"):
        raise FormatError("game {index}: the game is {game!r}, not Othello", index=index, game=properties["GM"])
    game_type = properties.get("TY", "8").strip()
    if not re.fullmatch(r"[a-z]*8[a-z0-9.]*", game_type):
        raise FormatError("game {index}: type {type!r} is not 8x8 Othello", index=index, type=game_type)
    game = GgfGame(start or Position.start(), moves, properties)
    try:
        game.record()
    except FormatError as exc:
        raise FormatError("game {index}: {error}", index=index, error=exc) from None
    return game


def read_ggf(text: str, limit: int | None = None) -> list[GgfGame]:
    """The games in a GGF text, checked move by move; ``FormatError`` for the first that cannot be read.

    With ``limit`` only the first ``limit`` games are read (and checked): the
    rest of the text is not looked at, so taking the first game of a file of
    thousands costs no more than a file of one (``count_ggf_games`` counts them).
    """
    if len(text) > MAX_FILE_CHARS:
        raise FormatError("the text is too long ({count} characters; at most {most})", count=len(text),
                          most=MAX_FILE_CHARS)
    games: list[GgfGame] = []
    position = 0
    while limit is None or len(games) < limit:
        opening = text.find("(;", position)
        if opening < 0:
            break
        if len(games) == MAX_GAMES:
            raise FormatError("more than {most} games: split the file", most=MAX_GAMES)
        properties, position = _properties(text, opening + 2, len(games) + 1)
        games.append(_game(properties, len(games) + 1))
    if not games:
        raise FormatError("no GGF game found: a game starts with '(;' and ends with ';)'")
    return games


_ANY_VALUE = re.compile(r"\[[^\\\]]*(?:\\.[^\\\]]*)*\]?", re.DOTALL)
"""A value with its brackets; one never closed runs to the end (so no text is scanned twice: linear time)."""


def count_ggf_games(text: str) -> int:
    """How many games a GGF text holds (the ``(;`` outside values), without reading them: milliseconds for 2 MB."""
    return _ANY_VALUE.sub("", text).count("(;")


def looks_like_ggf(text: str) -> bool:
    """Whether a pasted text is meant as GGF (it opens a game with ``(;``)."""
    return "(;" in text[:200]


def looks_like_obf(text: str) -> bool:
    """Whether a pasted text is meant as an OBF line (a position, then ``;``)."""
    first = text.strip().split("\n", 1)[0]
    return ";" in first and len(first.partition(";")[0].strip()) >= 66


def ggf_result(outcome: Outcome | None) -> str:
    """GGF's ``RE`` value for a game's ``outcome`` (the one place it is written): Black's margin in discs on the
    board (``'+16.000'``); after a resignation or a loss on time 64 to the winner and ``:r`` or ``:t``
    (``'-64.000:r'``); ``'?'`` when the end is not known (``None``).
    """
    if outcome is None:
        return "?"
    if outcome.by_rules:
        return f"{outcome.black - outcome.white:+d}.000"
    margin = 64 if outcome.winner == BLACK else -64
    return f"{margin:+d}.000:{'r' if outcome.reason is EndReason.RESIGNATION else 't'}"


def ggf_value(text: str) -> str:
    """``text`` as a GGF value, read back the same: ``\\`` and ``]`` escaped with a backslash."""
    return text.replace("\\", "\\\\").replace("]", "\\]")


PROGRAM = "Othello"
"""How this game signs the games it played in a file: ``'Othello Expert'`` (with its level)."""
YOU = "You"
"""The player's name in the file of a game against the computer (the game asks no name)."""


def computer_players(computer: Color, level_name: str) -> tuple[str, str]:
    """(Black, White) for a game against the computer playing ``computer``: ``('You', 'Othello Expert')``."""
    program = f"{PROGRAM} {level_name}".strip()
    return (program, YOU) if computer == BLACK else (YOU, program)


def write_ggf(record: GameRecord, black: str = "Black", white: str = "White", result: str | None = None,
              place: str = "Othello (this game)", when: float | None = None, time_control: str | None = None) -> str:
    """The played part of ``record`` as one GGF game; ``time_control`` is a ``TI`` value (``'05:00//02:00'``).

    ``result`` is the ``RE`` value: ``ggf_result`` of the game's ``Outcome`` where its end is known
    (``'-64.000:r'`` for a resignation) or one read from a file, else that of the record's end by the rules.
    """
    stamp = time.strftime("%Y.%m.%d_%H:%M:%S", time.localtime(when))
    start = record.start
    board = "".join("*" if c == "X" else c for c in start.to_text()[:64])
    rows = " ".join(board[i: i + 8] for i in range(0, 64, 8))
    side = "*" if start.to_move == BLACK else "O"
    clock = "" if not time_control else f"TI[{ggf_value(time_control)}]"
    parts = [f"(;GM[Othello]PC[{ggf_value(place)}]DT[{stamp}]PB[{ggf_value(black)}]PW[{ggf_value(white)}]{clock}",
             f"TY[8]RE[{ggf_value(result if result is not None else ggf_result(record.result))}]BO[8 {rows} {side}]"]
    colour = start.to_move
    for move in record.played:
        parts.append(f"{'B' if colour == BLACK else 'W'}[{'PA' if move == PASS else square_name(move).upper()}]")
        colour = WHITE if colour == BLACK else BLACK
    parts.append(";)")
    return "".join(parts)


def read_obf(text: str) -> tuple[Position, dict[int, int]]:
    """An OBF line: the position and any ``move:value`` pairs after it; ``FormatError`` otherwise."""
    line = text.strip().splitlines()[0] if text.strip() else ""
    if len(line) > 1000:
        raise FormatError("the OBF line is too long (at most 1000 characters)")
    board, _, rest = line.partition(";")
    try:
        position = Position.from_text(board)
    except NotationError as exc:
        raise FormatError("OBF position: {error}", error=exc) from None
    values: dict[int, int] = {}
    for item in rest.split(";"):
        item = item.strip()
        if not item:
            continue
        name, _, value = item.partition(":")
        try:
            square = parse_square(name.strip().lower())
            values[square] = int(value)
        except (NotationError, ValueError):
            raise FormatError("OBF move value {item!r}: expected e.g. 'd3:+4'", item=item) from None
        if not position.is_legal(square):
            raise FormatError("OBF move value {item!r}: {move} is not a legal move here", item=item,
                              move=name.strip())
    return position, values


def write_obf(position: Position, values: dict[int, float] | None = None) -> str:
    """The position as an OBF line, with its moves' values (best first) when given."""
    line = position.to_text() + ";"
    for square, value in sorted((values or {}).items(), key=lambda item: (-item[1], item[0])):
        line += f" {square_name(square).upper()}:{round(value):+d};"
    return line
