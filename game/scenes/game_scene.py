"""The game: the board, both players, the move list, and everything a player does during a match.

The computer's search and the hint analysis advance a slice per frame
(what drawing leaves of a 60 fps frame, 6 to 10 ms), so the window never
freezes. Forced passes are made by the record; the scene announces them
and waits for the player to acknowledge. The game is autosaved after
every move.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.ai import LEVELS, analyze, think
from game.browser import copy_to_clipboard, share_link
from game.engine import BLACK, COLOR_NAMES, PASS, WHITE, Color, GameRecord, opponent_of, square_name
from game.match import MatchSetup, SavedGame
from game.openings import opening_name
from game.review.hints import hint_marks
from game.scenes.base import Scene
from game.ui.anim import MoveAnimation
from game.ui.board_view import Marks, spinner
from game.ui.layout import game_layout
from game.ui.widgets import ButtonGroup, Dialog, button_row, draw_panel, fill_background

FRAME_BUDGET_MS = 16.0
"""A 60 fps frame: the search gets what drawing leaves of it."""
AI_SLICE_MIN_MS, AI_SLICE_MAX_MS = 6.0, 10.0
"""Bounds of the search's slice per frame."""
MIN_THINK_MS = 450
"""The computer's move appears no sooner than this, so the player sees whose turn it was."""
END_PAUSE_MS = 1400
"""How long the final position stays on screen before the results."""
BAD_MOVE_MS = 700
HINT_LEVEL_CAP = 3
"""Hints use at most this level's analysis (strong, and quick enough to feel instant)."""

KEY_STEPS = {pygame.K_LEFT: (0, -1), pygame.K_RIGHT: (0, 1), pygame.K_UP: (-1, 0), pygame.K_DOWN: (1, 0)}


def level_named(index: int) -> Any:
    """The AI level for an index, clamped to the levels that exist."""
    return LEVELS[max(0, min(index, len(LEVELS) - 1))]


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
        self.setup = MatchSetup()
        self.record = GameRecord()
        self.thinking: Any = None
        self.think_started_ms = 0
        self.ai_choice: int | None = None
        self.analysis: Any = None
        self.hint: Any = None
        self.animation: MoveAnimation | None = None
        self.sounded: set[int] = set()
        self.queued_pass: Color | None = None
        self.dialog: Dialog | None = None
        self.dialog_kind = ""
        self.cursor: int | None = None
        self.pressed_square: int | None = None
        self.hover_square: int | None = None
        self.bad_square: int | None = None
        self.bad_until_ms = 0
        self.message = ""
        self.message_until_ms = 0
        self.finished_at_ms: int | None = None
        self.group = ButtonGroup()
        self.now_ms = 0
        self.counted = False

    # -- life cycle -----------------------------------------------------------

    def startup(self, now_ms: int, persist: dict[str, Any]) -> None:
        """Start the match in ``persist['setup']``, continuing ``persist['record']`` if given."""
        self.now_ms = now_ms
        self.setup = persist.get("setup") or MatchSetup()
        record = persist.get("record")
        self.record = record if record is not None else GameRecord(self.setup.start_position())
        self._cancel_jobs()
        self.animation = None
        self.queued_pass = None
        self.dialog = None
        self.cursor = None
        self.pressed_square = None
        self.bad_square = None
        self.finished_at_ms = None
        self.message = ""
        self.counted = self.record.is_over()  # a finished game opened from a link is not counted again
        super().startup(now_ms, persist)
        if persist.get("message"):
            self.ctx.toast(str(persist["message"]))
        if self.record.plies[: self.record.ply] == [PASS]:
            self._announce_pass(self.record.start.to_move)
        if not self.record.is_over():
            self._autosave()

    def cleanup(self) -> dict[str, Any]:
        """Stop any search before leaving."""
        self._cancel_jobs()
        return super().cleanup()

    def layout(self) -> None:
        """Place the board and the buttons for the current orientation."""
        self.layout_rects = game_layout(self.ctx.size)
        self.view = self.ctx.board_view(self.layout_rects.board)
        top = button_row(self.layout_rects.buttons[0],
                         [("Undo", "undo"), ("Redo", "redo"), ("Hint", "hint"), ("Share", "share")])
        bottom = button_row(self.layout_rects.buttons[1],
                            [("New game", "new"), ("Resign", "resign"), ("Rules", "rules"), ("Menu", "menu")])
        self.group = ButtonGroup(top + bottom, columns=4)

    # -- who is who ---------------------------------------------------------

    @property
    def level(self) -> Any:
        """The computer's level."""
        return level_named(self.setup.level)

    @property
    def position(self) -> Any:
        """The position on the board."""
        return self.record.position

    def computer_to_move(self) -> bool:
        """Whether the computer is to move now."""
        return not self.record.is_over() and self.setup.is_computer(self.position.to_move)

    def busy(self) -> bool:
        """Whether something must finish before the player may move (animation, announcement, end)."""
        return self.animation is not None or self.dialog is not None or self.finished_at_ms is not None

    def human_can_move(self) -> bool:
        """Whether a click on the board would be taken as a move now."""
        return not self.record.is_over() and not self.computer_to_move() and self.dialog is None

    def can_undo(self) -> bool:
        """Whether Undo does something: against the computer, only when one of your moves can go back."""
        if self.finished_at_ms is not None:
            return False
        if self.setup.mode == "computer":
            return any(self._colour_of_ply(i) == self.setup.human and p != PASS
                       for i, p in enumerate(self.record.played()))
        return self.record.can_undo()

    def can_redo(self) -> bool:
        """Whether Redo does something."""
        return self.finished_at_ms is None and self.record.can_redo()

    def _colour_of_ply(self, index: int) -> Color:
        start = self.record.start.to_move
        return start if index % 2 == 0 else opponent_of(start)

    # -- events -------------------------------------------------------------

    def get_event(self, event: pygame.event.Event) -> None:
        """Clicks and taps on the board and buttons, keys, and the dialogs."""
        if self.dialog is not None:
            action = self.dialog.handle(event)
            if action is not None:
                self._dialog_action(action)
            return
        action = self.group.handle(event) if event.type != pygame.KEYDOWN else None
        if action is not None:
            self._button_action(action)
            return
        if event.type == pygame.MOUSEMOTION:
            self.hover_square = None if getattr(event, "touch", False) else self.view.square_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed_square = self.view.square_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            square = self.view.square_at(event.pos)
            if square is not None and square == self.pressed_square:
                self.cursor = None
                self.try_move(square)
            self.pressed_square = None
        elif event.type == pygame.KEYDOWN:
            self._key(event)

    def _key(self, event: pygame.event.Event) -> None:
        ctrl = bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META))
        key = event.key
        if key in KEY_STEPS:
            self._move_cursor(*KEY_STEPS[key])
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.cursor is not None:
                self.try_move(self.cursor)
            else:
                self._move_cursor(0, 0)
        elif (key == pygame.K_z and ctrl) or key in (pygame.K_u, pygame.K_BACKSPACE):
            self._button_action("undo")
        elif (key == pygame.K_y and ctrl) or key == pygame.K_r:
            self._button_action("redo")
        elif key == pygame.K_h:
            self._button_action("hint")
        elif key == pygame.K_n:
            self._button_action("new")
        elif key == pygame.K_ESCAPE:
            self._button_action("menu")

    def _move_cursor(self, drow: int, dcol: int) -> None:
        if self.cursor is None:
            legal = self.position.legal_squares()
            self.cursor = legal[0] if legal else 27
            return
        row, col = divmod(self.cursor, 8)
        self.cursor = max(0, min(7, row + drow)) * 8 + max(0, min(7, col + dcol))

    def try_move(self, square: int) -> bool:
        """Play ``square`` for the player to move if allowed; gentle feedback if not. True if played."""
        if self.record.is_over() or self.finished_at_ms is not None:
            return False
        if self.computer_to_move():
            self._say("Please wait: the computer is thinking.")
            return False
        if self.animation is not None:
            self.animation = None  # a quick player skips the rest of the animation
            if self.queued_pass is not None:
                self._show_queued_pass()
                return False
        position = self.position
        if not position.is_legal(square):
            self.bad_square = square
            self.bad_until_ms = self.now_ms + BAD_MOVE_MS
            name = square_name(square)
            if position.color_at(square) is not None:
                self._say(f"{name} is already taken.")
            else:
                self._say(f"{name} is not a legal move: a move must outflank at least one disc.")
            return False
        self._play(square)
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
            self._cancel_jobs()
            self.go("menu")
        elif action == "rules":
            self._cancel_jobs()
            self.go("tutorial", back="game", setup=self.setup, record=self.record)
        elif action == "new":
            if self.record.moves() and not self.record.is_over():
                self._open_dialog("new", "New game?", "This game will be abandoned (it does not count).",
                                  [("Keep playing", "cancel"), ("New game", "confirm")])
            else:
                self.new_game()
        elif action == "resign" and not self.record.is_over() and self.finished_at_ms is None:
            who = "You resign" if self.setup.mode == "computer" else (
                f"{COLOR_NAMES[self.position.to_move]} resigns")
            self._open_dialog("resign", "Resign?", f"{who} and the game counts as a loss.",
                              [("Keep playing", "cancel"), ("Resign", "confirm")])

    def _open_dialog(self, kind: str, title: str, message: str, choices: list[tuple[str, str]]) -> None:
        self.dialog = Dialog(self.ctx.size, title, message, choices, self.ctx.text)
        self.dialog_kind = kind

    def _dialog_action(self, action: str) -> None:
        kind, self.dialog = self.dialog_kind, None
        if kind == "pass":
            self.queued_pass = None
        elif kind == "new" and action == "confirm":
            self.new_game()
        elif kind == "resign" and action == "confirm":
            self.resign()

    def new_game(self) -> None:
        """Start again with the same set-up (a random colour is drawn again by the menu, not here)."""
        self._cancel_jobs()
        self.startup(self.now_ms, {"setup": self.setup})

    def resign(self) -> None:
        """The player to move (the human against the computer) gives up."""
        self._cancel_jobs()
        loser = self.setup.human if self.setup.mode == "computer" else self.position.to_move
        if self.setup.mode == "computer":
            self.ctx.stats.record_computer_game(self.level.name, self.setup.human, -1)
        else:
            self.ctx.stats.two_player_games += 1
        self.ctx.save_stats()
        self.ctx.clear_saved_game()
        self.go("results", setup=self.setup, record=self.record, resigned=loser)

    def undo(self) -> None:
        """Take back a move; against the computer, go back to your previous turn."""
        if not self.can_undo():
            self._say("Nothing to undo.")
            return
        self._stop_for_history_change()
        self.record.undo()
        if self.setup.mode == "computer":
            while self.position.to_move != self.setup.human and self.record.can_undo():
                self.record.undo()
        self._autosave()

    def redo(self) -> None:
        """Replay an undone move (against the computer, up to your next turn)."""
        if not self.can_redo():
            self._say("Nothing to redo.")
            return
        self._stop_for_history_change()
        self.record.redo()
        if self.setup.mode == "computer":
            while (self.position.to_move != self.setup.human and self.record.can_redo()
                   and not self.record.is_over()):
                self.record.redo()
        self._autosave()

    def _stop_for_history_change(self) -> None:
        self._cancel_jobs()
        self.animation = None
        self.queued_pass = None
        self.bad_square = None
        self.message = ""

    def request_hint(self) -> None:
        """Start analysing the position for the player to move."""
        if not self.human_can_move() or self.busy() and self.animation is None:
            self._say("A hint is available on your turn.")
            return
        if self.analysis is not None or self.hint is not None:
            return
        self.analysis = analyze(self.position, min(HINT_LEVEL_CAP, len(LEVELS) - 1))
        self._say("Looking for the best move…", 60_000)

    def share(self) -> None:
        """Put a link to this game on the clipboard (and print it on the desktop)."""
        link = share_link(self.record.transcript())
        copied = copy_to_clipboard(link)
        if not self.ctx.is_browser:
            self.ctx.print_line(f"Share this game: {link}")
        self.ctx.toast(("Link copied: " if copied else "Link to this game: ") + link, ms=6000)

    # -- playing ------------------------------------------------------------

    def _play(self, square: int) -> None:
        before = self.position
        ply_before = self.record.ply
        flipped = before.flips(square)
        self.record.play(square)
        self.hint = None
        if self.analysis is not None:
            self.analysis.cancel()
            self.analysis = None
        if self.message.startswith("Looking for") or self.message_until_ms < self.now_ms + 10_000:
            self.message = ""
        flip_ms = int(self.ctx.settings.flip_seconds * 1000)
        flipped_squares = [sq for sq in range(64) if flipped >> sq & 1]
        self.animation = MoveAnimation(square, before.to_move, flipped_squares, self.now_ms, flip_ms)
        self.sounded = set()
        if flip_ms <= 0:
            self.animation = None
        self.ctx.assets.sounds.play("place")
        if self.record.ply > ply_before + 1:
            self.queued_pass = opponent_of(before.to_move)
            if self.animation is None:
                self._show_queued_pass()
        if not self.record.is_over():
            self._autosave()

    def _announce_pass(self, passer: Color) -> None:
        title, detail = pass_message(self.setup, passer, self.level.name)
        self._open_dialog("pass", title, detail, [("OK", "ok")])

    def _show_queued_pass(self) -> None:
        if self.queued_pass is not None and self.dialog is None:
            self._announce_pass(self.queued_pass)

    def _autosave(self) -> None:
        self.ctx.save_game(SavedGame(self.setup, self.record))

    def _cancel_jobs(self) -> None:
        if self.thinking is not None:
            self.thinking.cancel()
            self.thinking = None
        self.ai_choice = None
        if self.analysis is not None:
            self.analysis.cancel()
            self.analysis = None
        self.hint = None

    def _game_over(self) -> None:
        result = self.record.result()
        if result is None or self.counted:
            return
        self.counted = True
        if self.setup.mode == "computer":
            self.ctx.stats.record_computer_game(self.level.name, self.setup.human,
                                                result.disc_difference(self.setup.human))
        else:
            self.ctx.stats.two_player_games += 1
        self.ctx.save_stats()
        self.ctx.clear_saved_game()

    def update(self, now_ms: int) -> None:
        """Animations, the computer's search, the hint analysis, and the end of the game."""
        self.now_ms = now_ms
        if self.animation is not None:
            for square in self.animation.flipped:
                if square not in self.sounded and self.animation.flip_started(square, now_ms):
                    self.sounded.add(square)
                    if len(self.sounded) <= 6:
                        self.ctx.assets.sounds.play("flip", 0.7)
            if self.animation.done(now_ms):
                self.animation = None
                self._show_queued_pass()
        if self.animation is not None or self.dialog is not None:
            return
        if self.record.is_over():
            if self.finished_at_ms is None:
                self.finished_at_ms = now_ms
                self._game_over()
            elif now_ms - self.finished_at_ms >= END_PAUSE_MS:
                self.go("results", setup=self.setup, record=self.record, resigned=None)
            return
        if self.computer_to_move():
            self._advance_computer(now_ms)
        elif self.analysis is not None:
            found = self.analysis.advance(self.ai_slice_ms())
            if found is not None:
                self.analysis = None
                self.hint = found
                if self.ctx.settings.hints == "off":  # asked for with the button: also said in words
                    self._describe_hint()
        elif self.hint is None and self.ctx.settings.hints != "off" and self.human_can_move():
            self.analysis = analyze(self.position, min(HINT_LEVEL_CAP, len(LEVELS) - 1))

    def _advance_computer(self, now_ms: int) -> None:
        if self.thinking is None and self.ai_choice is None:
            self.thinking = think(self.position, self.level.index)
            self.think_started_ms = now_ms
        if self.thinking is not None:
            square = self.thinking.advance(self.ai_slice_ms())
            if square is not None:
                self.thinking = None
                self.ai_choice = square
        if self.ai_choice is not None and now_ms - self.think_started_ms >= self.min_think_ms():
            square, self.ai_choice = self.ai_choice, None
            self._play(square)

    def ai_slice_ms(self) -> float:
        """Search time this frame: the frame budget less drawing and a margin, within bounds."""
        return max(AI_SLICE_MIN_MS, min(AI_SLICE_MAX_MS, FRAME_BUDGET_MS - self.ctx.draw_ms - 2.0))

    def min_think_ms(self) -> int:
        """The shortest visible thinking time (none when animations are off, e.g. for quick play)."""
        return MIN_THINK_MS if self.ctx.settings.flip_seconds > 0 else 0

    def _describe_hint(self) -> None:
        hint = self.hint
        if hint is None or not hint.best:
            return
        best = hint.best[0]
        value = round(hint.values.get(best, 0))
        kind = "exact" if hint.exact else "estimate"
        others = ", ".join(square_name(s) for s in hint.best[1:])
        also = f" (as good: {others})" if others else ""
        self._say(f"Hint: {square_name(best)}{also}, final margin {value:+d} discs ({kind}).", 8000)

    # -- drawing ------------------------------------------------------------

    def marks(self) -> Marks:
        """What to mark on the board now."""
        marks = Marks(last_move=self.record.last_move(), cursor=self.cursor)
        if (self.ctx.settings.show_legal and self.human_can_move() and self.finished_at_ms is None
                and self.animation is None):
            marks.legal = self.position.legal_moves()
            if self.hover_square is not None and marks.legal >> self.hover_square & 1:
                marks.ghost = (self.hover_square, self.position.to_move)
        if self.hint is not None:
            marks.best, marks.hints = hint_marks(self.hint, self.ctx.settings.hints)
        if self.bad_square is not None and self.now_ms < self.bad_until_ms:
            marks.bad_square = self.bad_square
            marks.bad_strength = (self.bad_until_ms - self.now_ms) / BAD_MOVE_MS
        return marks

    def draw(self, surface: pygame.Surface, now_ms: int) -> None:
        """Board, player cards, status, move list, buttons and any dialog."""
        theme = self.ctx.theme
        fill_background(surface, theme)
        self.view.draw(surface, self.position, self.marks(), self.animation, now_ms)
        for colour, rect in zip((BLACK, WHITE), self.layout_rects.cards, strict=True):
            self._draw_card(surface, colour, rect, now_ms)
        self._draw_status(surface, now_ms)
        self._draw_moves(surface)
        for button in self.group.buttons:
            button.enabled = self._enabled(button.action)
        self.group.draw(surface, self.ctx.text, theme)
        if self.dialog is not None:
            self.dialog.draw(surface, self.ctx.text, theme)

    def _enabled(self, action: str) -> bool:
        if action == "undo":
            return self.can_undo()
        if action == "redo":
            return self.can_redo()
        if action == "hint":
            return self.human_can_move() and self.finished_at_ms is None and self.hint is None
        if action == "resign":
            return not self.record.is_over()
        return True

    def _draw_card(self, surface: pygame.Surface, colour: Color, rect: pygame.Rect, now_ms: int) -> None:
        theme, text = self.ctx.theme, self.ctx.text
        draw_panel(surface, rect, theme)
        to_move = not self.record.is_over() and self.position.to_move == colour
        if to_move:
            pygame.draw.rect(surface, theme.accent, rect, width=4, border_radius=14)
        icon_size = 40
        icon = self.view.disc_icon(colour, icon_size)
        surface.blit(icon, icon.get_rect(topright=(rect.right - 14, rect.top + 12)))
        count = self.position.black_count() if colour == BLACK else self.position.white_count()
        count_rect = text.draw(surface, str(count), 34, theme.text, (rect.right - 14, rect.bottom - 8),
                               "bottomright", True)
        left = rect.left + 16
        name = self.setup.player_name(colour)
        size = text.fit_size(name, 24, rect.right - icon_size - 30 - left, bold=True)
        text.draw(surface, name, size, theme.text, (left, rect.top + 14), "topleft", True)
        detail_width = count_rect.left - 10 - left
        baseline = rect.bottom - 26
        if to_move and self.setup.is_computer(colour) and not self.busy():
            spinner(surface, (left + 9, baseline), 9, theme.accent, now_ms)
            text.draw(surface, "thinking", 18, theme.accent, (left + 26, baseline), "midleft")
        else:
            detail = self.level.name if self.setup.is_computer(colour) else COLOR_NAMES[colour]
            size = text.fit_size(detail, 18, detail_width)
            text.draw(surface, detail, size, theme.text_dim, (left, baseline), "midleft")

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
        if self.setup.mode == "computer":
            if mover == self.setup.human:
                return f"Your turn ({COLOR_NAMES[mover]}). Tap a square with a dot."
            return f"The computer ({self.level.name}) is thinking…"
        return f"{COLOR_NAMES[mover]} to move ({self.setup.player_name(mover)})."

    def _draw_status(self, surface: pygame.Surface, now_ms: int) -> None:
        theme, text = self.ctx.theme, self.ctx.text
        rect = self.layout_rects.status
        message = self.status_text()
        lines = text.wrap(message, 20, rect.width - 8)
        y = rect.centery - 13 * len(lines) + 2
        for line in lines[:2]:
            text.draw(surface, line, 20, theme.text, (rect.centerx, y), "midtop")
            y += 26

    def _draw_moves(self, surface: pygame.Surface) -> None:
        theme, text = self.ctx.theme, self.ctx.text
        rect = self.layout_rects.moves
        draw_panel(surface, rect, theme)
        played = self.record.played()
        start_colour = self.record.start.to_move
        offset = 0 if start_colour == BLACK else 1
        cells = [""] * offset + [("pass" if p == PASS else square_name(p)) for p in played]
        rows = [cells[i: i + 2] for i in range(0, len(cells), 2)]
        row_height = 26
        columns = 3 if rect.width > 380 else 2
        header_height = 34
        fit_rows = max(1, (rect.height - header_height - 10) // row_height)
        per_column = fit_rows
        capacity = per_column * columns
        first = max(0, len(rows) - capacity)
        if first % per_column:
            first += per_column - first % per_column
            first = min(first, max(0, len(rows) - 1))
        text.draw(surface, "Moves", 18, theme.text_dim, (rect.left + 16, rect.top + 10), "topleft", True)
        opening = opening_name(self.record.moves(), self.record.start)
        if opening:
            size = text.fit_size(opening, 17, rect.width - 220, bold=True)
            text.draw(surface, opening, size, theme.accent, (rect.centerx, rect.top + 11), "midtop", True)
        transcript_len = len(self.record.moves())
        text.draw(surface, f"{transcript_len} played", 16, theme.text_dim, (rect.right - 16, rect.top + 12),
                  "topright")
        column_width = (rect.width - 24) // columns
        last_index = len(played) - 1 + offset
        for n, row in enumerate(rows[first: first + capacity]):
            index = first + n
            column, line = divmod(n, per_column)
            x = rect.left + 14 + column * column_width
            y = rect.top + header_height + line * row_height
            text.draw(surface, f"{index + 1}.", 17, theme.text_dim, (x + 30, y), "topright")
            for k, cell in enumerate(row):
                cell_index = index * 2 + k
                colour = theme.accent if cell_index == last_index else theme.text
                text.draw(surface, cell, 17, colour, (x + 40 + k * 48, y), "topleft", cell_index == last_index)
