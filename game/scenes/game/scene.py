"""The game: the board, both players, the move list, and everything a player does during a match.

The turn logic lives in the match's play session (``game.play.match_controller``
on ``game.play.session``: one explicit phase, every move judged there); this
scene draws it, animates the moves and forwards input. The search and the
hint advance a slice per frame (``ctx.frame.slice_ms``), so the window never
freezes. A forced pass is announced and waits to be acknowledged. The game
is autosaved after every move; its end is saved in ``_on_end``, once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, ClassVar

import pygame

import game.scenes.game.panels as panels
from game.ai import HINT_LIMITS, HINT_LIMITS_IN_PAGE
from game.engine import Color, GameRecord, Position, opponent_of
from game.i18n import _
from game.library import service
from game.play.engine_output import thinking_lines
from game.play.match import MatchSetup, SavedGame, file_players
from game.play.match_controller import MatchController
from game.play.session import Move, Phase, Refusal, RefusalReason
from game.review.hints import hint_marks
from game.scenes.base import Context
from game.scenes.board_scene import BoardScene
from game.scenes.entries import AnalysisEntry, Entry, GameEntry, ResultsEntry, TutorialEntry
from game.ui.board_view import Marks
from game.ui.dialog import Dialog
from game.ui.explorer_panel import ExplorerPanel
from game.ui.layout import game_layout
from game.ui.move_list import MoveList
from game.ui.session_board import SessionBoard
from game.ui.widgets import ButtonGroup, fill_background

END_PAUSE_MS = 1400
"""How long the final position stays on screen before the results."""
class GameScene(BoardScene):
    """A match in progress against the computer or between two players."""

    shortcuts: ClassVar[dict[int, str]] = {
        pygame.K_u: "undo", pygame.K_BACKSPACE: "undo", pygame.K_r: "redo", pygame.K_h: "hint", pygame.K_a: "analyse",
        pygame.K_n: "new", pygame.K_ESCAPE: "menu", pygame.K_o: "output"}  # O for output (E is the review's explorer)

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.match = MatchController(MatchSetup())
        self.board = SessionBoard(ctx, self.match)
        self.moves = MoveList(pygame.Rect(0, 0, 0, 0))
        self._on_choice: Callable[[str], None] | None = None
        self.message = ""
        self.message_until_ms = 0
        self.over_since_ms: int | None = None
        self.group = ButtonGroup()
        self.now_ms = 0
        self.explorer = ExplorerPanel()
        self.explorer_rect: pygame.Rect | None = None
        """Where the opening explorer goes (the setting is on), cut from the move list's panel."""
        self._quiet = False
        self._clocks_shown: tuple[str, str] | None = None

    # -- life cycle -----------------------------------------------------------

    def startup(self, now_ms: int, entry: Entry) -> None:
        """Start the match in the entry's set-up, continuing its record if it has one.

        A record handed in is "given" (practice) unless the entry resumes this match's own (a saved game).
        """
        assert isinstance(entry, GameEntry)
        self.now_ms = now_ms
        setup = entry.setup
        record = entry.record
        if record is not None and not entry.resume:
            setup = replace(setup, given=max(setup.given, record.ply))
        self.match.stop()
        clocks = entry.clocks
        self.match = MatchController(setup, record, self.ctx.stats, on_end=self._on_end,
                                     clocks=clocks if setup.clock is not None else None,
                                     hint_limits=HINT_LIMITS_IN_PAGE if self.ctx.is_browser else HINT_LIMITS)
        self.board.bind(self.match)
        self.dialog = None
        self.over_since_ms = None
        self.message = ""
        super().startup(now_ms, entry)
        if entry.message:
            self.ctx.toasts.show(entry.message)
        if not self.record.is_over():
            self._autosave()

    def pause(self, now_ms: int) -> None:
        """The rules or the analysis open above: the search stops, the clocks stop, the time left is saved."""
        self.cleanup()
        self.match.pause_clock()

    def resume(self, now_ms: int) -> None:
        """Back to the match as it was; the clock of the side to move runs again from now."""
        self.now_ms = now_ms
        super().resume(now_ms)

    def cleanup(self) -> None:
        """Stop any search before leaving; a match with clocks is saved with the time left."""
        self.match.stop()
        if self.match.clocks is not None and not self.match.over:
            self.match.tick(self.ctx.now_ms)
            if not self.match.over:
                self._autosave()

    def layout(self) -> None:
        """Place the board and the buttons for the current orientation."""
        self.layout_rects = game_layout(self.ctx.size)
        self.board.view = self.ctx.board_view(self.layout_rects.board)
        moves = self.layout_rects.moves
        self.explorer_rect = None
        if self.ctx.settings.show_explorer:  # the explorer's share while the game is in its reach, else a line
            moves, self.explorer_rect = self.explorer.place(moves, self.position, self.opening_line())
            self.layout_rects = replace(self.layout_rects, moves=moves)
        self.moves = MoveList(pygame.Rect(moves.left + 10, moves.top + 34, moves.width - 20, moves.height - 40))
        self.ctx.toasts.area = moves.inflate(-20, -16)
        self.group = ButtonGroup(panels.game_buttons(self.layout_rects.buttons))

    # -- what the tests and the other scenes look at ------------------------------

    @property
    def setup(self) -> MatchSetup:
        """The match's set-up."""
        return self.match.setup

    @property
    def record(self) -> GameRecord:
        """The match's record."""
        return self.match.record

    @property
    def position(self) -> Position:
        """The position on the board."""
        return self.match.position

    @property
    def level(self) -> Any:
        """The computer's level."""
        return self.match.level

    @property
    def view(self) -> Any:
        """The board view."""
        return self.board.view

    @property
    def animation(self) -> Any:
        """The move being animated, if any."""
        return self.board.animation

    @property
    def hint(self) -> Any:
        """The hint found for this position, if any."""
        return self.match.hint

    @property
    def analysis(self) -> Any:
        """The hint analysis while it runs, else ``None``."""
        return self.match.hint_job

    def busy(self) -> bool:
        """Whether something must finish before the player may move (animation, dialog, end)."""
        return self.board.animation is not None or self.dialog is not None or self.match.phase is Phase.OVER

    def human_can_move(self) -> bool:
        """Whether a click on the board would be taken as a move now."""
        return self.match.phase is Phase.HUMAN and self.dialog is None

    def can_undo(self) -> bool:
        """Whether Undo does something."""
        return self.match.can_undo()

    def can_redo(self) -> bool:
        """Whether Redo does something."""
        return self.match.can_redo()

    # -- events -------------------------------------------------------------

    def shortcut(self, event: pygame.event.Event) -> str | None:
        """The letters and Escape, and Ctrl+Z and Ctrl+Y (Cmd on a Mac) for undo and redo."""
        if event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META) and event.key in (pygame.K_z, pygame.K_y):
            return "undo" if event.key == pygame.K_z else "redo"
        return super().shortcut(event)

    def pointer(self, event: pygame.event.Event) -> bool:
        """A click on a move of the move list goes back (or on) to just after it."""
        ply = self.moves.handle(event)
        if ply is not None:
            self.jump_to(ply + 1)
        return ply is not None

    def try_move(self, square: int) -> None:
        """Play ``square`` for the player to move if the match accepts it; gentle feedback if not.

        The board's one rule holds: a click during an animation finishes it at once, then is played or refused.
        """
        phase = self.match.phase
        if phase is Phase.HUMAN:
            self.match.tick(self.ctx.now_ms)  # the thinking time up to this click is the mover's
        played = self.board.click(square, self.now_ms)
        if isinstance(played, Refusal):
            if played.reason is RefusalReason.PASS:
                self._show_pass()  # the pass the animation kept back is announced at once
            elif phase is not Phase.OVER and not self.match.over:
                self._say(played.text)
            return
        self._show_move(played)

    def _say(self, message: str, ms: int = 2600) -> None:
        self.message = message
        self.message_until_ms = self.now_ms + ms

    # -- buttons and dialogs -----------------------------------------------

    def act(self, action: str) -> None:
        """Carry out a button's or a shortcut's action."""
        simple = {"undo": self.undo, "redo": self.redo, "hint": self.request_hint, "share": self.share,
                  "output": self.toggle_engine_output}
        if action in simple:
            simple[action]()
        elif action == "menu":
            self.home()
        elif action == "analyse":
            self.open(AnalysisEntry(self.position))
        elif action == "rules":
            self.open(TutorialEntry())
        elif action == "new":
            if self.record.moves and not self.record.is_over():
                self._open_dialog(*panels.new_game_question(),
                                  lambda choice: self.new_game() if choice == "confirm" else None)
            else:
                self.new_game()
        elif action == "resign" and self.match.can_resign():
            self._open_dialog(_("Resign?"), panels.resign_question(self.match), panels.resign_choices(),
                              lambda choice: self.resign() if choice == "confirm" else None)

    def _open_dialog(self, title: str, message: str, choices: list[tuple[str, str]],
                     on_choice: Callable[[str], None]) -> None:
        """A modal dialog; the first choice is the safe default (Enter and Escape choose it)."""
        self.dialog = Dialog(self.ctx.size, title, message, choices, self.ctx.text)
        self._on_choice = on_choice

    def close_dialog(self, answer: str) -> None:
        """The dialog was answered: its question's own follow-up (a new game, a resignation) hears how."""
        on_choice, self._on_choice, self.dialog = self._on_choice, None, None
        if on_choice is not None:
            on_choice(answer)

    def _show_pass(self) -> None:
        passer = self.match.pending_pass
        if passer is None or self.dialog is not None:
            return
        title, detail = panels.pass_message(self.setup, passer, self.level.name)
        self._open_dialog(title, detail, [(_("OK"), "ok")], lambda choice: self.match.acknowledge_pass())

    def new_game(self) -> None:
        """Start again with the same set-up (a random colour is drawn again by the menu, not here)."""
        self.match.stop()
        self.startup(self.now_ms, GameEntry(self.setup.rematch()))

    def resign(self) -> None:
        """The player to move (the human against the computer) gives up."""
        self.match.resign()
        self._show_results()

    def undo(self) -> None:
        """Take back a move; against the computer, go back to your previous turn."""
        self._history_changing()
        self._autosave() if self.match.undo() else self._say(_("Nothing to undo."))

    def redo(self) -> None:
        """Replay an undone move (against the computer, up to your next turn)."""
        self._history_changing()
        self._autosave() if self.match.redo() else self._say(_("Nothing to redo."))

    def jump_to(self, ply: int) -> None:
        """Show the position after ``ply`` plies (a click in the move list); later moves stay redoable."""
        self._history_changing()
        if self.match.goto(ply):
            self._autosave()

    def _history_changing(self) -> None:
        self.board.skip_animation()
        self.board.bad_square = None
        self.message = ""

    def toggle_engine_output(self) -> None:
        """Show or hide the computer's search while it thinks (O; also in Settings), and remember it."""
        settings = self.ctx.settings
        settings.engine_output = not settings.engine_output
        self.ctx.store.save_settings()
        self.ctx.toasts.show(panels.engine_output_words(settings.engine_output), ms=2500)

    def request_hint(self) -> None:
        """Start analysing the position for the player to move."""
        if self.dialog is not None or not self.match.start_hint(self.ctx.settings.hints == "all"):
            if self.match.hint is None:
                self._say(_("A hint is available on your turn."))
            return
        self._say(panels.looking_words(), 60_000)

    def share(self) -> None:
        """Put a link to this game on the clipboard, or the game's text where no web address is known."""
        panels.share_game(self.ctx, self.record)

    # -- playing ------------------------------------------------------------

    def _show_move(self, move: Move) -> None:
        """A move just made (the board animates it): tidy the status, announce a pass, save."""
        if self.message == panels.looking_words() or self.message_until_ms < self.now_ms + 10_000:
            self.message = ""
        if move.passer is not None and self.board.animation is None:
            self._show_pass()
        if not self.record.is_over():
            self._autosave()

    def _autosave(self) -> None:
        saved = SavedGame(self.setup, self.record, self.match.clock_state())
        if saved.unplayed:  # nothing to continue: the menu offers none, and asks nothing before a new game
            self.ctx.store.clear_saved_game()
        else:
            self.ctx.store.save_game(saved)

    def _on_end(self, match: MatchController) -> None:
        """The match has ended (the controller has counted it if it counts): the one place its end is saved."""
        if match.counted:
            self.ctx.store.save_stats()
        self.ctx.store.clear_saved_game()
        self.ctx.store.keep_last_game(match.record, file_players(match.setup))

    def _show_results(self) -> None:
        self.switch(ResultsEntry(self.setup, self.record, self.match.outcome, self.match.counted,
                                 self.match.rating_change))

    def update(self, now_ms: int) -> None:
        """Animations, the computer's search, the hint analysis, and the end of the game; then whether it is still."""
        self._advance(now_ms)
        shown = panels.clocks_shown(self.match)
        quiet = (self.idle() and self.dialog is None and shown == self._clocks_shown and self.board.at_rest(now_ms)
                 and (self.match.hint is not None or self.ctx.settings.hints == "off")
                 and not (self.message and now_ms < self.message_until_ms) and self._explorer_settled())
        self._quiet, self._clocks_shown = quiet, shown

    def still(self) -> bool:
        """Whether the frame on screen can stay: the player's turn, and nothing moves, counts or comes by itself (no
        clock showing a new second, search, hint to come, move shown, red flash, message to take away, library still
        loading for the explorer); on a phone the board's drawing took most of a frame."""
        return self._quiet

    def _explorer_settled(self) -> bool:
        return self.explorer_rect is None or not service.still_loading()

    def _advance(self, now_ms: int) -> None:
        self.now_ms = now_ms
        animation = self.board.animation
        self.match.tick(now_ms, showing=animation is not None and not animation.done(now_ms))
        had_hint = self.match.hint is not None
        move = self.board.advance(now_ms, self.ctx.frame.slice_ms, hold=self.dialog is not None)
        if move is not None:
            self._show_move(move)
            return
        if self.board.animation is not None or self.dialog is not None:
            return
        phase = self.match.phase
        if phase is Phase.PASS:
            self._show_pass()
            return
        if phase is Phase.OVER:
            if self.over_since_ms is None:
                self.over_since_ms = now_ms
            elif now_ms - self.over_since_ms >= END_PAUSE_MS:
                self._show_results()
            return
        if self.match.hint is not None and not had_hint:
            if self.ctx.settings.hints == "off":  # asked for with the button: also said in words
                self._describe_hint()
            elif self.message == panels.looking_words():
                self.message = ""
        elif (phase is Phase.HUMAN and self.match.hint is None and not self.match.hint_running
              and self.ctx.settings.hints != "off"):
            self.match.start_hint(self.ctx.settings.hints == "all")

    def idle(self) -> bool:
        """A player's turn with no hint being looked for, nothing moving, no question: the slice is free."""
        return self.match.phase is Phase.HUMAN and not self.match.hint_running and self.board.animation is None

    def opening_line(self) -> list[int] | None:
        """The moves from the standard start (for the explorer's opening name), or ``None`` from a set-up."""
        return self.record.moves if self.record.start == Position.start() else None

    def _describe_hint(self) -> None:
        words = panels.hint_words(self.match.hint, self.position)
        if words is not None:
            self._say(words, 8000)

    # -- drawing ------------------------------------------------------------

    def marks(self) -> Marks:
        """What to mark on the board now."""
        marks = self.board.marks(self.now_ms, legal=self.human_can_move())
        if self.match.hint is not None:
            marks.best, marks.hints = hint_marks(self.match.hint, self.ctx.settings.hints)
        return marks

    def draw(self, surface: pygame.Surface, now_ms: int) -> None:
        """Board, player cards, status, move list, buttons and any dialog."""
        theme = self.ctx.theme
        fill_background(surface, theme)
        self.board.draw(surface, self.marks(), now_ms)
        for colour, rect in zip(self.card_order(), self.layout_rects.cards, strict=True):
            panels.draw_card(surface, self.ctx, self.match, self.board, colour, rect, now_ms)
        panels.draw_status(surface, self.ctx, self.layout_rects.status, self.status_text(), self.engine_lines(),
                           self.status_text(speed=False))
        panels.draw_moves(surface, self.ctx, self.layout_rects.moves, self.moves, self.record)
        if self.explorer_rect is not None:
            if self.explorer.refolds(self.position, self.opening_line()):  # left (or came back into) its reach
                self.layout()
            self.explorer.draw(surface, self.ctx.text, theme, self.explorer_rect, self.position, self.opening_line())
        enabled = {"undo": self.can_undo(), "redo": self.can_redo(), "hint": self.match.can_hint(),
                   "resign": self.match.can_resign()}
        for button in self.group.buttons:
            button.enabled = enabled.get(button.action, True)
        self.group.draw(surface, self.ctx.text, theme)
        if self.dialog is not None:
            self.dialog.draw(surface, self.ctx.text, theme)

    def card_order(self) -> tuple[Color, Color]:
        """The colours of the left and right player cards: you (Player 1) on the left."""
        return (self.setup.human, opponent_of(self.setup.human))

    def status_text(self, speed: bool = True) -> str:
        """The line under the player cards: a message, whose turn it is, or the end (the search's ``speed`` while
        the computer thinks)."""
        if self.message and self.now_ms < self.message_until_ms:
            return self.message
        return panels.match_status(self.match, speed)

    def engine_lines(self) -> tuple[str, str] | None:
        """The engine output while the computer thinks (depth, value, line, speed), if shown."""
        if not self.ctx.settings.engine_output or self.message and self.now_ms < self.message_until_ms:
            return None
        progress = self.match.thinking_progress()
        return None if progress is None else thinking_lines(progress, self.position.to_move)
