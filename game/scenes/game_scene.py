"""The game: the board, both players, the move list, and everything a player does during a match.

The turn logic lives in ``game.play.match_controller`` (pygame-free, one explicit
phase); this scene draws it, animates the moves and forwards input. The
computer's search and the hint analysis advance a slice per frame (what
drawing leaves of a 60 fps frame, 6 to 10 ms), so the window never freezes.
Forced passes are made by the record; the scene announces them and waits
for the player to acknowledge. The game is autosaved after every move.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pygame

from game.engine import BLACK, COLOR_NAMES, Color, GameRecord, Position, opponent_of, square_name
from game.platform.browser import copy_to_clipboard
from game.platform.links import share_link
from game.play.engine_output import speed_text, thinking_lines
from game.play.match import MatchSetup, SavedGame
from game.play.match_controller import MatchController, Move, Phase, level_named, refusal
from game.records.openings import opening_name
from game.review.hints import book_note, hint_marks, value_label
from game.review.transcripts import game_text
from game.scenes.base import Scene
from game.scenes.names import ANALYSIS, GAME, MENU, RESULTS, TUTORIAL
from game.ui.board_play import BoardPlay
from game.ui.board_view import Marks, spinner
from game.ui.explorer_panel import ExplorerPanel, share_with_moves
from game.ui.layout import game_layout
from game.ui.move_list import MoveList
from game.ui.text import plural
from game.ui.widgets import ButtonGroup, Dialog, button_row, draw_panel, fill_background

__all__ = ["GameScene", "level_named", "pass_message"]

MIN_THINK_MS = 450
"""The computer's move appears no sooner than this, so the player sees whose turn it was."""
END_PAUSE_MS = 1400
"""How long the final position stays on screen before the results."""
CLOCK_WARNING_MS = 10_000
"""A clock with less than this left is drawn in the danger colour."""


def clock_text(ms: int) -> str:
    """'4:59', '0:09.5' (tenths in the last ten seconds)."""
    if ms < CLOCK_WARNING_MS:
        return f"0:{ms // 1000:02d}.{ms % 1000 // 100}"
    seconds = (ms + 999) // 1000
    return f"{seconds // 60}:{seconds % 60:02d}"


def pass_message(setup: MatchSetup, passer: Color, level_name: str) -> tuple[str, str]:
    """Title and detail of the announcement that ``passer`` has no legal move."""
    title = f"{COLOR_NAMES[passer]} has no legal move and passes"
    other = opponent_of(passer)
    if setup.mode == "computer":
        if passer == setup.human:
            detail = f"You have nowhere to play, so the computer ({COLOR_NAMES[other]}) moves again."
        else:
            detail = f"The computer has nowhere to play. Your turn again ({COLOR_NAMES[other]})."
    else:
        detail = f"{COLOR_NAMES[other]} ({setup.player_name(other)}) moves again."
    return title, detail


class GameScene(Scene):
    """A match in progress against the computer or between two players."""

    def __init__(self, ctx: Any) -> None:
        super().__init__(ctx)
        self.match = MatchController(MatchSetup())
        self.board = BoardPlay(ctx, self.match.record)
        self.moves = MoveList(pygame.Rect(0, 0, 0, 0))
        self.dialog: Dialog | None = None
        self._on_choice: Callable[[str], None] | None = None
        self.message = ""
        self.message_until_ms = 0
        self.over_since_ms: int | None = None
        self.group = ButtonGroup()
        self.now_ms = 0
        self.explorer = ExplorerPanel()
        self.explorer_rect: pygame.Rect | None = None
        """Where the opening explorer goes (the setting is on), cut from the move list's panel."""

    # -- life cycle -----------------------------------------------------------

    def startup(self, now_ms: int, persist: dict[str, Any]) -> None:
        """Start the match in ``persist['setup']``, continuing ``persist['record']`` if given.

        A record handed in is "given" (practice) unless ``persist['resume']`` says it is this match's own.
        """
        self.now_ms = now_ms
        setup: MatchSetup = persist.get("setup") or MatchSetup()
        record: GameRecord | None = persist.get("record")
        if record is not None and not persist.get("resume"):
            setup = replace(setup, given=max(setup.given, record.ply))
        self.match.stop()
        clocks = persist.get("clocks")
        self.match = MatchController(setup, record, self.ctx.stats, on_end=self._on_end,
                                     clocks=clocks if setup.clock is not None else None)
        self.board.reset(record=self.match.record)
        self.dialog = None
        self.over_since_ms = None
        self.message = ""
        super().startup(now_ms, persist)
        if persist.get("message"):
            self.ctx.toast(str(persist["message"]))
        if not self.record.is_over():
            self._autosave()

    def cleanup(self) -> dict[str, Any]:
        """Stop any search before leaving; a match with clocks is saved with the time left."""
        self.match.stop()
        if self.match.clocks is not None and not self.match.over:
            self.match.tick(self.ctx.now_ms)
            if not self.match.over:
                self._autosave()
        return super().cleanup()

    def layout(self) -> None:
        """Place the board and the buttons for the current orientation."""
        self.layout_rects = game_layout(self.ctx.size)
        self.board.view = self.ctx.board_view(self.layout_rects.board)
        moves = self.layout_rects.moves
        self.explorer_rect = None
        if self.ctx.settings.show_explorer:
            moves, self.explorer_rect = share_with_moves(moves)
            self.layout_rects = replace(self.layout_rects, moves=moves)
        self.moves = MoveList(pygame.Rect(moves.left + 10, moves.top + 34, moves.width - 20, moves.height - 40))
        self.ctx.toast_area = moves.inflate(-20, -16)
        top = button_row(self.layout_rects.buttons[0],
                         [("Undo", "undo"), ("Redo", "redo"), ("Hint", "hint"), ("Analyse", "analyse"),
                          ("Share", "share")])
        bottom = button_row(self.layout_rects.buttons[1],
                            [("New game", "new"), ("Resign", "resign"), ("Rules", "rules"), ("Menu", "menu")])
        self.group = ButtonGroup(top + bottom, columns=4)

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
    def cursor(self) -> int | None:
        """The keyboard cursor's square."""
        return self.board.cursor

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

    def computer_to_move(self) -> bool:
        """Whether the computer is to move now."""
        return self.match.phase is Phase.COMPUTER

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

    def get_event(self, event: pygame.event.Event) -> None:
        """Clicks and taps on the board, the move list and the buttons, keys, and the dialogs."""
        if self.dialog is not None:
            action = self.dialog.handle(event)
            if action is not None:
                self._close_dialog(action)
            return
        action = self.group.handle(event) if event.type != pygame.KEYDOWN else None
        if action is not None:
            self._button_action(action)
            return
        ply = self.moves.handle(event)
        if ply is not None:
            self.jump_to(ply + 1)
            return
        if event.type == pygame.KEYDOWN and self._key(event):
            return
        square = self.board.pick(event)
        if square is not None:
            self.try_move(square)

    def _key(self, event: pygame.event.Event) -> bool:
        """Shortcut keys; True if the key was one."""
        ctrl = bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
        key = event.key
        if (key == pygame.K_z and ctrl) or key in (pygame.K_u, pygame.K_BACKSPACE):
            self._button_action("undo")
        elif (key == pygame.K_y and ctrl) or key == pygame.K_r:
            self._button_action("redo")
        elif key == pygame.K_h:
            self._button_action("hint")
        elif key == pygame.K_a:
            self._button_action("analyse")
        elif key == pygame.K_n:
            self._button_action("new")
        elif key == pygame.K_o:  # O for output (E is the review's explorer)
            self.toggle_engine_output()
        elif key == pygame.K_ESCAPE:
            self._button_action("menu")
        else:
            return False
        return True

    def try_move(self, square: int) -> bool:
        """Play ``square`` for the player to move if allowed; gentle feedback if not. True if played."""
        phase = self.match.phase
        if phase is Phase.OVER:
            return False
        if phase is Phase.COMPUTER:
            self._say("Please wait: the computer is thinking.")
            return False
        if self.board.animation is not None:
            self.board.skip_animation()  # a quick player skips the rest of the animation
            if phase is Phase.PASS:
                self._show_pass()
                return False
        if phase is Phase.PASS:
            return False
        why = refusal(self.position, square)
        if why is not None:
            self.board.flash_bad(square, self.now_ms)
            self._say(why)
            return False
        self.match.tick(self.ctx.now_ms)  # the thinking time up to this click is the mover's
        if self.match.over:
            return False
        self._show_move(self.match.play(square))
        return True

    def _say(self, message: str, ms: int = 2600) -> None:
        self.message = message
        self.message_until_ms = self.now_ms + ms

    # -- buttons and dialogs -----------------------------------------------

    def _button_action(self, action: str) -> None:
        if action == "undo":
            self.undo()
        elif action == "redo":
            self.redo()
        elif action == "hint":
            self.request_hint()
        elif action == "share":
            self.share()
        elif action == "menu":
            self.match.stop()
            self.go(MENU)
        elif action == "analyse":
            self.match.stop()
            self.go(ANALYSIS, position=self.position, back=GAME, back_persist=self._resume_persist())
        elif action == "rules":
            self.match.stop()
            self.go(TUTORIAL, back=GAME, **self._resume_persist())
        elif action == "new":
            if self.record.moves() and not self.record.is_over():
                self._open_dialog("New game?", "This game will be abandoned (it does not count).",
                                  [("Keep playing", "cancel"), ("New game", "confirm")],
                                  lambda choice: self.new_game() if choice == "confirm" else None)
            else:
                self.new_game()
        elif action == "resign" and self.match.can_resign():
            who = "You resign" if self.setup.mode == "computer" else (
                f"{COLOR_NAMES[self.position.to_move]} resigns")
            counted = " and the game counts as a loss" if self.setup.counts else " (a practice game: not counted)"
            self._open_dialog("Resign?", f"{who}{counted}.", [("Keep playing", "cancel"), ("Resign", "confirm")],
                              lambda choice: self.resign() if choice == "confirm" else None)

    def _open_dialog(self, title: str, message: str, choices: list[tuple[str, str]],
                     on_choice: Callable[[str], None]) -> None:
        """A modal dialog; the first choice is the safe default (Enter and Escape choose it)."""
        self.dialog = Dialog(self.ctx.size, title, message, choices, self.ctx.text)
        self._on_choice = on_choice

    def _close_dialog(self, action: str) -> None:
        on_choice, self._on_choice, self.dialog = self._on_choice, None, None
        if on_choice is not None:
            on_choice(action)

    def _show_pass(self) -> None:
        passer = self.match.pending_pass
        if passer is None or self.dialog is not None:
            return
        title, detail = pass_message(self.setup, passer, self.level.name)
        self._open_dialog(title, detail, [("OK", "ok")], lambda _: self.match.acknowledge_pass())

    def _resume_persist(self) -> dict[str, Any]:
        """What brings this match back after a visit elsewhere (the analysis, the rules)."""
        return {"setup": self.setup, "record": self.record, "resume": True, "clocks": self.match.clock_state()}

    def new_game(self) -> None:
        """Start again with the same set-up (a random colour is drawn again by the menu, not here)."""
        self.match.stop()
        self.startup(self.now_ms, {"setup": self.setup.rematch()})

    def resign(self) -> None:
        """The player to move (the human against the computer) gives up."""
        loser = self.match.resign()
        self.go(RESULTS, setup=self.setup, record=self.record, resigned=loser, counted=self.match.counted)

    def undo(self) -> None:
        """Take back a move; against the computer, go back to your previous turn."""
        self._history_changing()
        if not self.match.undo():
            self._say("Nothing to undo.")
            return
        self._autosave()

    def redo(self) -> None:
        """Replay an undone move (against the computer, up to your next turn)."""
        self._history_changing()
        if not self.match.redo():
            self._say("Nothing to redo.")
            return
        self._autosave()

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
        self.ctx.save_settings()
        self.ctx.toast(f"Engine output {'on' if settings.engine_output else 'off'} (O switches it).", ms=2500)

    def request_hint(self) -> None:
        """Start analysing the position for the player to move."""
        if self.dialog is not None or not self.match.start_hint():
            if self.match.hint is None:
                self._say("A hint is available on your turn.")
            return
        self._say("Looking for the best move…", 60_000)

    def share(self) -> None:
        """Put a link to this game on the clipboard, or the game's text where no web address is known."""
        standard = self.record.start == Position.start()
        link = share_link(self.record.transcript()) if standard else None
        if link is not None:
            if not self.ctx.is_browser:
                self.ctx.print_line(f"Share this game: {link}")
            # the browser answers a frame or two later, and may refuse: the toast says which
            copy_to_clipboard(link, lambda copied: self.ctx.toast(
                ("Link copied: " if copied else "Could not copy the link (the browser refused): ") + link, ms=6000))
            return
        text = game_text(self.record)
        if not self.ctx.is_browser:
            self.ctx.print_line(f"This game: {text}")
        why = "no web address is set up for links" if standard else "a link holds only games from the start"
        copy_to_clipboard(text, lambda copied: self.ctx.toast(
            f"{'Copied' if copied else 'Could not reach the clipboard'}: the game's moves "
            f"({why}). Paste them into Transcript.", ms=6000))

    # -- playing ------------------------------------------------------------

    def _show_move(self, move: Move) -> None:
        """Animate a move just made, tidy the status, announce a pass, save."""
        self.board.animate(move.square, move.colour, move.flipped, self.now_ms)
        if self.message.startswith("Looking for") or self.message_until_ms < self.now_ms + 10_000:
            self.message = ""
        if move.passer is not None and self.board.animation is None:
            self._show_pass()
        if not self.record.is_over():
            self._autosave()

    def _autosave(self) -> None:
        self.ctx.save_game(SavedGame(self.setup, self.record, self.match.clock_state()))

    def _on_end(self, match: MatchController) -> None:
        """The match has ended (the controller has counted it if it counts)."""
        if match.counted:
            self.ctx.save_stats()
        self.ctx.clear_saved_game()

    def update(self, now_ms: int) -> None:
        """Animations, the computer's search, the hint analysis, and the end of the game."""
        self.now_ms = now_ms
        self.match.tick(now_ms)
        if self.board.update(now_ms) or self.dialog is not None:
            return
        phase = self.match.phase
        if phase is Phase.PASS:
            self._show_pass()
            return
        if phase is Phase.OVER:
            if self.over_since_ms is None:
                self.over_since_ms = now_ms
            elif now_ms - self.over_since_ms >= END_PAUSE_MS:
                self.go(RESULTS, setup=self.setup, record=self.record, resigned=None,
                        flagged=self.match.flagged, counted=self.match.counted)
            return
        had_hint = self.match.hint is not None
        move = self.match.advance(now_ms, self.ctx.frame.slice_ms, self.min_think_ms())
        if move is not None:
            self._show_move(move)
        elif self.match.hint is not None and not had_hint:
            if self.ctx.settings.hints == "off":  # asked for with the button: also said in words
                self._describe_hint()
            elif self.message.startswith("Looking for"):
                self.message = ""
        elif (phase is Phase.HUMAN and self.match.hint is None and not self.match.hint_running
              and self.ctx.settings.hints != "off"):
            self.match.start_hint()

    def min_think_ms(self) -> int:
        """The shortest visible thinking time (none when animations are off, e.g. for quick play)."""
        return MIN_THINK_MS if self.ctx.settings.flip_seconds > 0 else 0

    def _describe_hint(self) -> None:
        hint = self.match.hint
        if hint is None or not hint.best:
            return
        best = hint.best[0]
        value = round(hint.values.get(best, 0))
        kind = "exact" if hint.exact else "estimate"
        others = ", ".join(square_name(s) for s in hint.best[1:])
        also = f" (as good: {others})" if others else ""
        book = book_note(self.position, best)
        self._say(f"Hint: {square_name(best)}{also}, final margin {value_label(value)} "
                  f"disc{'' if abs(value) == 1 else 's'} ({kind}).{' ' + book if book else ''}", 8000)

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
            self._draw_card(surface, colour, rect, now_ms)
        self._draw_status(surface)
        self._draw_moves(surface)
        if self.explorer_rect is not None:
            line = self.record.moves() if self.record.start == Position.start() else None
            self.explorer.draw(surface, self.ctx.text, theme, self.explorer_rect, self.position, line)
        for button in self.group.buttons:
            button.enabled = self._enabled(button.action)
        self.group.draw(surface, self.ctx.text, theme)
        if self.dialog is not None:
            self.dialog.draw(surface, self.ctx.text, theme)

    def card_order(self) -> tuple[Color, Color]:
        """The colours of the left and right player cards: you (Player 1) on the left."""
        return (self.setup.human, opponent_of(self.setup.human))

    def _enabled(self, action: str) -> bool:
        if action == "undo":
            return self.can_undo()
        if action == "redo":
            return self.can_redo()
        if action == "hint":
            return self.match.can_hint()
        if action == "resign":
            return self.match.can_resign()
        return True

    def _draw_card(self, surface: pygame.Surface, colour: Color, rect: pygame.Rect, now_ms: int) -> None:
        theme, text = self.ctx.theme, self.ctx.text
        draw_panel(surface, rect, theme)
        to_move = not self.record.is_over() and self.position.to_move == colour
        if to_move:
            pygame.draw.rect(surface, theme.accent, rect, width=4, border_radius=14)
        icon_size = 40
        view = self.board.view
        assert view is not None
        icon = view.disc_icon(colour, icon_size)
        surface.blit(icon, icon.get_rect(topright=(rect.right - 14, rect.top + 12)))
        count = self.position.black_count if colour == BLACK else self.position.white_count
        count_rect = text.draw(surface, str(count), 34, theme.text, (rect.right - 14, rect.bottom - 8),
                               "bottomright", True)
        left = rect.left + 16
        clocks = self.match.clocks
        name = self.setup.player_name(colour, self.level.name if clocks is not None else "")
        text.draw(surface, text.ellipsize(name, 24, rect.right - icon_size - 30 - left, bold=True), 24,
                  theme.text, (left, rect.top + 14), "topleft", True)
        baseline = rect.bottom - 26
        if clocks is not None:
            remaining = clocks[colour]
            shade = theme.danger if remaining < CLOCK_WARNING_MS else theme.accent if to_move else theme.text_dim
            shown = text.draw(surface, clock_text(remaining), 22, shade, (left, baseline), "midleft", True)
            if self.setup.increment:  # the time control's increment, so both players know it
                shown = text.draw(surface, f"+{self.setup.increment} s", 16, theme.text_dim,
                                  (shown.right + 8, baseline + 1), "midleft")
            if to_move and self.match.phase is Phase.COMPUTER and self.board.animation is None:
                spinner(surface, (shown.right + 16, baseline), 8, theme.accent, now_ms)
        elif to_move and self.match.phase is Phase.COMPUTER and self.board.animation is None:
            spinner(surface, (left + 9, baseline), 9, theme.accent, now_ms)
            text.draw(surface, "thinking", 18, theme.accent, (left + 26, baseline), "midleft")
        else:
            detail = self.level.name if self.setup.is_computer(colour) else COLOR_NAMES[colour]
            detail = text.ellipsize(detail, 18, count_rect.left - 10 - left)
            text.draw(surface, detail, 18, theme.text_dim, (left, baseline), "midleft")

    def status_text(self) -> str:
        """The line under the player cards: a message, whose turn it is, or the end."""
        if self.message and self.now_ms < self.message_until_ms:
            return self.message
        if self.record.is_over():
            result = self.record.result()
            if result is None:
                return ""
            if result.winner == "draw":
                return "Game over: a draw."
            return f"Game over: {COLOR_NAMES[result.winner]} wins."
        mover = self.position.to_move
        practice = "" if self.setup.counts else " Practice game: not counted."
        if self.setup.mode == "computer":
            if mover == self.setup.human:
                return f"Your turn ({COLOR_NAMES[mover]}): choose a square with a dot.{practice}"
            progress = self.match.thinking_progress()
            if progress is None or progress.seconds < 0.2:
                return f"The computer ({self.level.name}) is thinking…"
            return f"The computer ({self.level.name}) is thinking… {speed_text(progress)}"
        return f"{COLOR_NAMES[mover]} to move ({self.setup.player_name(mover)}).{practice}"

    def engine_lines(self) -> tuple[str, str] | None:
        """The engine output while the computer thinks (depth, value, line, speed), if shown."""
        if not self.ctx.settings.engine_output or self.message and self.now_ms < self.message_until_ms:
            return None
        progress = self.match.thinking_progress()
        if progress is None:
            return None
        return thinking_lines(progress, self.position.to_move)

    def _draw_status(self, surface: pygame.Surface) -> None:
        theme, text = self.ctx.theme, self.ctx.text
        rect = self.layout_rects.status
        engine = self.engine_lines()
        size = 20 if engine is None else 18
        if engine is not None:
            lines = [text.ellipsize(line, size, rect.width - 8) for line in engine if line]
        else:
            lines = text.wrap(self.status_text(), size, rect.width - 8)[:2]
        y = rect.centery - 13 * len(lines) + 2
        for line in lines:
            text.draw(surface, line, size, theme.text, (rect.centerx, y), "midtop")
            y += 26

    def _draw_moves(self, surface: pygame.Surface) -> None:
        theme, text = self.ctx.theme, self.ctx.text
        rect = self.layout_rects.moves
        draw_panel(surface, rect, theme)
        text.draw(surface, "Moves", 18, theme.text_dim, (rect.left + 16, rect.top + 10), "topleft", True)
        played = len(self.record.moves())
        count = plural(played, "move") + " played"
        count_rect = text.draw(surface, count, 18, theme.text_dim, (rect.right - 16, rect.top + 10), "topright")
        opening = opening_name(self.record.moves(), self.record.start)
        if opening:
            room = 2 * min(rect.centerx - rect.left - 90, count_rect.left - rect.centerx - 12)
            text.draw(surface, text.ellipsize(opening, 18, room, bold=True), 18, theme.accent,
                      (rect.centerx, rect.top + 10), "midtop", True)
        last = self.record.ply - 1
        self.moves.draw(surface, text, theme, self.record.plies, self.record.start.to_move, self.record.ply,
                        last if last >= 0 else None)
