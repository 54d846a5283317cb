"""Analysis mode: any position (from the game, the review or the board editor) analysed until stopped.

The engine's output updates live: the depth reached, nodes and nodes per
second, the best move with its value and principal variation, and every
legal move's value, written on its square too. Playing a move on the board
analyses the new position (Undo goes back); Stop and Resume control the
search; Copy OBF puts the position and the moves' values on the clipboard;
Back returns where the analysis was opened from.
"""

from __future__ import annotations

from typing import ClassVar

import pygame

from game.engine import Position, square_name
from game.i18n import _, number, pgettext
from game.platform.browser import copy_to_clipboard
from game.play.engine_output import depth_text, line_text, signed, speed_text
from game.play.live_analysis import LiveAnalysis
from game.play.session import Refusal, Session
from game.play.words import colour_name
from game.records.formats import write_obf
from game.review.hints import value_label
from game.scenes.base import Context
from game.scenes.board_scene import BoardScene
from game.scenes.entries import AnalysisEntry, Entry
from game.ui.layout import game_layout, is_portrait
from game.ui.session_board import SessionBoard
from game.ui.widgets import ButtonGroup, button_row, draw_panel, fill_background


class AnalysisScene(BoardScene):
    """A position, the live analysis of it, and moves to try."""

    shortcuts: ClassVar[dict[int, str]] = {pygame.K_ESCAPE: "back", pygame.K_s: "stop", pygame.K_BACKSPACE: "undo",
                                           pygame.K_u: "undo"}
    """Escape, S (stop or resume), Backspace or U (undo)."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.board = SessionBoard(ctx)
        """Moves tried on the board: both sides are played here, judged by the rules alone (its plain session)."""
        self.live = LiveAnalysis(Position.start())
        self.group = ButtonGroup()
        self.now_ms = 0

    @property
    def session(self) -> Session:
        """The moves tried on the board (the board's session)."""
        return self.board.session

    def startup(self, now_ms: int, entry: Entry) -> None:
        """Analyse the entry's position; Back returns to the scene it was opened from, as it was."""
        assert isinstance(entry, AnalysisEntry)
        self.now_ms = now_ms
        self.board.reset(entry.position)
        self._restart()
        super().startup(now_ms, entry)

    def cleanup(self) -> None:
        """Stop the search before leaving."""
        self.live.stop()

    def _restart(self) -> None:
        self.live.stop()
        self.live = LiveAnalysis(self.board.position)

    def layout(self) -> None:
        """The board, the engine output panel and the buttons."""
        width, height = self.ctx.size
        if is_portrait(self.ctx.size):
            self.board.view = self.ctx.board_view(pygame.Rect((width - 620) // 2, 60, 620, 620))
            self.panel = pygame.Rect(16, 692, width - 32, height - 692 - 96)
            row = pygame.Rect(16, height - 84, width - 32, 64)
            self.title_pos = (16, 30)
        else:
            rects = game_layout(self.ctx.size)
            self.board.view = self.ctx.board_view(rects.board)
            side = rects.side
            self.panel = pygame.Rect(side.left, side.top + 50, side.width, side.height - 50 - 84)
            row = pygame.Rect(side.left, side.bottom - 68, side.width, 64)
            self.title_pos = (side.left, side.top + 16)
        self.ctx.toasts.area = self.panel.inflate(-20, -20)
        actions = [(_("Stop"), "stop"), (_("Undo move"), "undo"), (_("Copy OBF"), "copy"), (_("Back"), "back")]
        self.group = ButtonGroup(button_row(row, actions, gap=12, size=22))

    # -- input ------------------------------------------------------------------------

    def act(self, action: str) -> None:
        """Carry out a button's action."""
        if action == "back":
            self.live.stop()
            self.back()
        elif action == "stop":
            if self.live.running:
                self.live.stop()
            else:
                self.live.resume()
        elif action == "copy":
            found = self.live.latest
            line = write_obf(self.board.position, found.values if found is not None else None)
            copy_to_clipboard(line, lambda copied: self.ctx.toasts.show(
                (_("Copied (OBF): {line}") if copied else _("Could not reach the clipboard. {line}")).format(line=line),
                ms=6000))
        elif action == "undo" and self.session.undo():
            self.board.skip_animation()
            self._restart()

    def try_move(self, square: int) -> None:
        """Play ``square`` (for the side to move) to analyse the position after it."""
        if not isinstance(self.board.click(square, self.now_ms), Refusal):  # a refused square: the board flashes it
            self._restart()

    def still(self) -> bool:
        """Whether the frame on screen can stay: the analysis has reached its depth or was stopped, no question is up
        and nothing moves on the board."""
        return self.dialog is None and not self.live.running and self.board.at_rest(self.now_ms)

    def update(self, now_ms: int) -> None:
        """Run the analysis for a slice of the frame."""
        self.now_ms = now_ms
        self.board.advance(now_ms, self.ctx.frame.slice_ms)
        self.live.advance(self.ctx.frame.slice_ms)

    # -- output -------------------------------------------------------------------------

    def status_line(self) -> str:
        """Depth, nodes, speed and whether it runs."""
        live = self.live
        position = self.board.position
        if position.is_over():
            return _("The game is over in this position.")
        if not position.legal_moves():
            return _("{colour} must pass here.").format(colour=colour_name(position.to_move))
        state = (pgettext("analysis", "searching") if live.running else pgettext("analysis", "stopped")
                 if live.stopped else pgettext("analysis", "done"))
        found = live.latest
        depth = depth_text(found.depth if found else 0, found is not None and found.exact)
        return _("{depth} · {speed} · {seconds} s · {state}").format(
            depth=depth, speed=speed_text(live.progress), seconds=number(live.progress.seconds, 1), state=state)

    def best_line(self) -> str:
        """The best move, its value and the principal variation."""
        found = self.live.latest
        if found is None or not found.best:
            return _("Analysing…") if self.live.running else ""
        best = found.best[0]
        return _("Best {square} {value} · line: {line}").format(
            square=square_name(best), value=value_label(found.values.get(best, 0.0), found.is_exact(best)),
            line=line_text(found.pv))

    def draw(self, surface: pygame.Surface, now_ms: int) -> None:
        """Board with values, the engine output and the buttons."""
        theme, text = self.ctx.theme, self.ctx.text
        fill_background(surface, theme)
        marks = self.board.marks(now_ms, legal=self.live.latest is None)
        found = self.live.latest
        if found is not None:
            marks.hints = {sq: value_label(v, found.is_exact(sq)) for sq, v in found.values.items()}
            marks.best = list(found.best)
        self.board.draw(surface, marks, now_ms)
        position = self.board.position
        band = pygame.Rect(self.panel.left, self.title_pos[1] - 22, self.panel.width, 44)
        title = text.draw_in(surface, _("Analysis"), 34, theme.text, band, "left", bold=True)
        mover = _("{colour} to move").format(colour=colour_name(position.to_move))
        beside = pygame.Rect(title.right + 16, band.top, band.right - title.right - 16, band.height)
        text.draw_in(surface, mover, 20, theme.text_dim, beside, "right")
        draw_panel(surface, self.panel, theme)
        inner = self.panel.inflate(-32, -28)
        taken = text.draw_in(surface, self.status_line(), 20, theme.text_dim, pygame.Rect(inner.left, inner.top,
                                                                                          inner.width, 76),
                             "left", "top", wrap=True, line_gap=1.3)
        best = pygame.Rect(inner.left, taken.bottom + 6, inner.width, 90).clip(inner)
        taken = text.draw_in(surface, self.best_line(), 22, theme.text, best, "left", "top", True, wrap=True,
                             line_gap=1.3)
        y = taken.bottom + 10
        if found is not None:
            ranked = sorted(found.values.items(), key=lambda item: (-item[1], item[0]))
            columns = 3
            width = inner.width // columns
            for n, (square, value) in enumerate(ranked):
                column, line = n % columns, n // columns
                cell_y = y + line * 28
                if cell_y + 24 > inner.bottom:
                    break
                colour = theme.accent if square in found.best else theme.text
                text.draw_in(surface, f"{square_name(square)}  {signed(value, 1)}", 20, colour,
                             pygame.Rect(inner.left + column * width, cell_y, width - 8, 26), "left", "top")
        for button in self.group.buttons:
            if button.action == "stop":
                button.label = _("Stop") if self.live.running else _("Resume")
                button.enabled = self.live.running or self.live.stopped
            elif button.action == "undo":
                button.enabled = self.board.record.can_undo()
        self.group.draw(surface, text, theme)
