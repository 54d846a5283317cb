"""The opening explorer: walk the tree of master games move by move, and back.

Beside the board: the opening's name, how many master games reached the
position, and each move with its number of games (and share), how it scored
for the player making it, and the book's value. A move is played by a click
on its row or on the board (any legal move, played or not); ``<`` / ``>``
(Left/Right) take it back and replay it, ``|<`` (Home) returns to the
start, Train opens the opening trainer here (answering for the side to
move), Back (Escape) returns where the explorer was opened from.

It opens with an ``ExplorerEntry``: moves from the start, or a set-up
position. The figures come from
``game.library.explorer.explore``: the full database's index once it is
loaded (this scene keeps loading it, a slice a frame), the opening book
until then and in the browser; the panel says which.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

import pygame

from game.engine import PASS, GameRecord, IllegalMoveError, Position, parse_square
from game.i18n import _, ngettext, number, pgettext
from game.library.explorer import Exploration, MoveStats, explore, reach_words, share_label
from game.library.service import index_pending, loaded_index, shared
from game.play.session import Refusal
from game.play.words import colour_name
from game.scenes.base import Context
from game.scenes.board_scene import BoardScene
from game.scenes.entries import Entry, ExplorerEntry, TrainerPlayEntry
from game.scenes.library import load_library_slice
from game.ui.board_view import Marks
from game.ui.layout import game_layout, is_portrait
from game.ui.session_board import SessionBoard
from game.ui.text_flow import say_above
from game.ui.widgets import Button, ButtonGroup, button_row, draw_panel, fill_background


def figures(stats: MoveStats, total: int, twins: tuple[str, ...] = ()) -> tuple[str, str]:
    """A move's row: ``'f4  46,513 games (62%)'`` and ``'score -0.4 · book -0.3'`` (then its mirrored twins)."""
    share = share_label(stats.games, total)
    if not stats.games:
        first = _("no game")
    elif share:
        first = ngettext("{n} game ({share})", "{n} games ({share})", stats.games).format(
            n=number(stats.games), share=share)
    else:
        first = ngettext("{n} game", "{n} games", stats.games).format(n=number(stats.games))
    parts = []
    if stats.score is not None:
        parts.append(_("score {value}").format(value=signed(stats.score)))
    if stats.value is not None:
        parts.append(_("book {value}").format(value=signed(stats.value)))
    second = " · ".join(parts) or _("not in the book")
    if twins:
        second = _("{figures} · same as {squares} (mirrored)").format(
            figures=second, squares=pgettext("list separator", ", ").join(twins))
    return first, second


def signed(value: float) -> str:
    """``+0.3``, ``-1.2``, ``0.0``: one decimal, the language's mark, a sign on anything not zero."""
    shown = number(value, 1)
    return "+" + shown if round(value, 1) > 0 else shown


class ExplorerScene(BoardScene):
    """The tree of master games' openings, one position at a time."""

    shortcuts: ClassVar[dict[int, str]] = {pygame.K_LEFT: "undo", pygame.K_RIGHT: "redo", pygame.K_HOME: "start",
                                           pygame.K_ESCAPE: "back", pygame.K_BACKSPACE: "undo"}
    keys_for_buttons = True  # the arrow keys walk the line here, not a cursor on the board

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.board = SessionBoard(ctx)
        """Moves tried on the board, judged by the rules alone (its plain session): any legal move may be explored."""
        self.now_ms = 0
        self.group = ButtonGroup()
        self.exploration: Exploration | None = None
        self.rows: list[str] = []
        """The squares of the move rows shown, top to bottom."""
        self._seen: tuple[bool, bool] | None = None
        """(index loaded, index on its way) when the position was last looked up: a change looks again."""

    def startup(self, now_ms: int, entry: Entry) -> None:
        """Start at the moves or the position handed on (else the standard start)."""
        assert isinstance(entry, ExplorerEntry)
        self.now_ms = now_ms
        record = GameRecord(entry.position)
        for square in entry.moves:
            if square == PASS:
                continue
            try:
                record.play(square)
            except IllegalMoveError:
                break
        self.board.reset(record=record)
        self.refresh()
        super().startup(now_ms, entry)

    # -- state -------------------------------------------------------------------------

    def refresh(self) -> None:
        """Look the position up again (after a move, or when the full index becomes ready)."""
        standard = self.record.start == Position.start()
        self.exploration = explore(self.record.position, line=self.record.moves if standard else None)
        self._seen = (loaded_index() is not None, index_pending())
        self.layout()

    @property
    def record(self) -> GameRecord:
        """The line explored (its cursor is the position shown)."""
        return self.board.record

    def try_move(self, square: int) -> None:
        """Play a move (any legal one); a square that cannot be played changes nothing (the board flashes it)."""
        if not isinstance(self.board.click(square, self.now_ms), Refusal):
            self.refresh()

    def step(self, move: Callable[[], None]) -> None:
        """Move along the line (back, forward, to the start) and look the position up."""
        self.board.skip_animation()
        move()
        self.board.session.follow_record()
        self.refresh()

    # -- layout ------------------------------------------------------------------------

    def layout(self) -> None:
        """The board, and beside it (below it in portrait) the name, the moves and the buttons."""
        rects = game_layout(self.ctx.size)
        self.board.view = self.ctx.board_view(rects.board)
        side = rects.side
        if is_portrait(self.ctx.size):
            self.header = pygame.Rect(16, 12, side.width, 160)
            nav = pygame.Rect(side.left, self.ctx.size[1] - 76, side.width, 60)
            rows_area = pygame.Rect(side.left, side.top, side.width, nav.top - side.top - 34)
        else:
            self.header = pygame.Rect(side.left, side.top, side.width, 160)
            nav = pygame.Rect(side.left, side.bottom - 60, side.width, 60)
            rows_area = pygame.Rect(side.left, self.header.bottom + 10, side.width, nav.top - self.header.bottom - 52)
        self.credit_pos = (side.left, nav.top - 26)
        self.ctx.toasts.area = self.header  # no buttons there
        buttons = button_row(nav, [("|<", "start"), ("<", "undo"), (">", "redo"), (_("Train"), "train"),
                                   (_("Back"), "back")], gap=8, size=22)
        ranked = self.exploration.ranked() if self.exploration is not None else []
        row_height, gap = 54, 6
        count = max(0, min(len(ranked), (rows_area.height + gap) // (row_height + gap)))
        self.rows = [name for name, _stats in ranked[:count]]
        total = self.exploration.total_games if self.exploration is not None else 0
        for i, (name, stats) in enumerate(ranked[:count]):
            first, second = figures(stats, total, self.exploration.twins.get(name, ()) if self.exploration else ())
            rect = pygame.Rect(rows_area.left, rows_area.top + i * (row_height + gap), rows_area.width, row_height)
            buttons.append(Button(rect, f"{name}   {first}", f"move:{name}", subtitle=second, size=21))
        self.group = ButtonGroup(buttons)

    # -- events ------------------------------------------------------------------------

    def act(self, action: str) -> None:
        """Carry out a button's action."""
        if action.startswith("move:"):
            self.try_move(parse_square(action[5:]))
        elif action == "undo" and self.record.can_undo():
            self.step(self.record.undo)
        elif action == "redo" and self.record.can_redo():
            self.step(self.record.redo)
        elif action == "start":  # a start that must pass keeps its pass
            self.step(lambda: self.record.goto(1 if self.record.plies[:1] == [PASS] else 0))
        elif action == "train":
            # the opening trainer from this position, answering for the side to move
            colour = self.record.position.to_move
            self.open(TrainerPlayEntry(colour, moves=self.record.moves) if self.record.start == Position.start()
                      else TrainerPlayEntry(colour, position=self.record.position))
        elif action == "back":
            self.back()

    def still(self) -> bool:
        """Whether the frame on screen can stay: the library is loaded (its counts would change the figures), no
        question is up and nothing moves on the board."""
        return self.dialog is None and self.board.at_rest(self.now_ms) and shared().done

    def update(self, now_ms: int) -> None:
        """The move's animation; keep loading the library; look again when the full database's counts are ready."""
        self.now_ms = now_ms
        self.board.advance(now_ms, self.ctx.frame.slice_ms)
        service = load_library_slice(self.ctx)
        if self.exploration is not None and self._seen != (service.index is not None, service.indexing):
            self.refresh()

    # -- drawing -----------------------------------------------------------------------

    def marks(self) -> Marks:
        """Each move's share of the games on its square (a mirrored move's on one); the most played ringed."""
        position = self.record.position
        marks = self.board.marks(self.now_ms, legal=False)
        marks.legal = 0 if position.is_over() else position.legal_moves()  # every move is worth a look: always dotted
        exploration = self.exploration
        if exploration is None or not exploration.moves:
            return marks
        ranked = exploration.ranked()  # a move mirrored on several squares is marked once, as its row shows
        for name, stats in ranked:
            if stats.games:
                marks.hints[parse_square(name)] = exploration.share(stats)
        if ranked and ranked[0][1].games:
            marks.best = [parse_square(ranked[0][0])]
        return marks

    def header_lines(self) -> list[tuple[str, int, bool]]:
        """(text, size, dim) lines above the moves."""
        exploration = self.exploration
        position = self.record.position
        lines: list[tuple[str, int, bool]] = []
        name = exploration.name if exploration is not None else None
        lines.append((pgettext("opening", name) if name else _("Opening explorer"), 28, False))
        moves = len(self.record.moves)
        if position.is_over():
            after = ngettext("After {n} move: the game is over", "After {n} moves: the game is over", moves)
        else:
            after = ngettext("After {n} move: {colour} to move", "After {n} moves: {colour} to move", moves)
        lines.append((after.format(n=moves, colour=colour_name(position.to_move)), 18, True))
        if exploration is not None:
            total = exploration.total_games
            if total:
                lines.append((ngettext("{n} master game went on from here", "{n} master games went on from here",
                                       total).format(n=number(total)), 18, True))
            else:  # no game counted: why, unless it is the truth that none went on
                lines.append((reach_words(exploration) or _("No master game went on from here"), 18, True))
            lines.append((_("Counts from all master games") if exploration.source == "index" else
                          _("Counts from the opening book"), 16, True))
        service = shared()
        if not service.done:
            lines.append((service.progress_text(), 16, True))
        elif service.error:
            lines.append((service.error, 16, True))
        return lines

    def draw(self, surface: pygame.Surface, now_ms: int) -> None:
        """Board, header, move rows, buttons and the credit."""
        theme = self.ctx.theme
        text = self.ctx.text
        fill_background(surface, theme)
        self.board.draw(surface, self.marks(), now_ms)
        draw_panel(surface, self.header.inflate(12, 8), theme)
        y = self.header.top + 6
        for line, size, dim in self.header_lines():
            row = pygame.Rect(self.header.left + 6, y, self.header.width - 12, size + 8).clip(self.header)
            if row.height < size:
                break
            wrap = not text.fits_one_line(line, size, row.width, bold=not dim)  # too long at its smallest: two lines
            if wrap:
                row.height = self.header.bottom - y
            taken = text.draw_in(surface, line, size, theme.text_dim if dim else theme.text, row, "left", "top",
                                 not dim, wrap=wrap)
            y = taken.bottom + 6 if wrap else y + size + 8
        self.group.draw(surface, text, theme)
        credit = _(self.exploration.credit) if self.exploration is not None else ""
        x, y = self.credit_pos
        say_above(text, surface, credit, 14, theme.text_dim, pygame.Rect(x, 0, self.header.width, y + 17),
                  line_gap=17.5 / 14)
