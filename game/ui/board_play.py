"""A live board, the one every playing scene uses: a record, a view, square picking, flip animation and sounds.

Picking works by pointer (a click or tap released on the square it was
pressed on) or keys (arrows move a cursor, Enter plays it). The widget
judges nothing: the scene decides what a picked square means.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.engine import Color, GameRecord, Position
from game.ui.anim import MoveAnimation
from game.ui.board_view import BoardView, Marks
from game.ui.screen import Screen

BAD_MOVE_MS = 700
"""How long a refused square stays tinted."""
FLIP_SOUNDS = 6
"""At most this many flip sounds per move (a big capture would be a clatter)."""
KEY_STEPS = {pygame.K_LEFT: (0, -1), pygame.K_RIGHT: (0, 1), pygame.K_UP: (-1, 0), pygame.K_DOWN: (1, 0)}
PLAY_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class BoardPlay:
    """A record on a board view, with the cursor, hover, the refused-square flash and the move animation.

    ``ctx`` is the scenes' context (settings for speed and dots, sounds).
    """

    def __init__(self, ctx: Screen, record: GameRecord | None = None) -> None:
        self.ctx = ctx
        self.record = record if record is not None else GameRecord()
        self.view: BoardView | None = None
        self.animation: MoveAnimation | None = None
        self.cursor: int | None = None
        self.pressed: int | None = None
        self.hover: int | None = None
        self.bad_square: int | None = None
        self.bad_until_ms = 0
        self._sounded: set[int] = set()

    @property
    def position(self) -> Position:
        """The position on the board."""
        return self.record.position

    def reset(self, position: Position | None = None, record: GameRecord | None = None) -> None:
        """Show a fresh record from ``position`` (or the ``record`` given); no animation, no flash."""
        self.record = record if record is not None else GameRecord(position)
        self.animation = None
        self.bad_square = None
        self.cursor = None

    # -- input --------------------------------------------------------------------

    def pick(self, event: pygame.event.Event) -> int | None:
        """The square this event chooses (tap or click released on the square pressed, or Enter on the cursor)."""
        if self.view is None:
            return None
        if event.type == pygame.MOUSEMOTION:
            self.hover = None if getattr(event, "touch", False) else self.view.square_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed = self.view.square_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            square = self.view.square_at(event.pos)
            chosen = square if square is not None and square == self.pressed else None
            self.pressed = None
            if chosen is not None:
                self.cursor = None
            return chosen
        elif event.type == pygame.KEYDOWN:
            if event.key in KEY_STEPS:
                self.move_cursor(*KEY_STEPS[event.key])
            elif event.key in PLAY_KEYS:
                if self.cursor is not None:
                    return self.cursor
                self.move_cursor(0, 0)  # the first Enter shows the cursor
        return None

    def move_cursor(self, drow: int, dcol: int) -> None:
        """Move the keyboard cursor (it appears on the first legal square)."""
        if self.cursor is None:
            legal = self.position.legal_squares()
            self.cursor = legal[0] if legal else 27
            return
        row, col = divmod(self.cursor, 8)
        self.cursor = max(0, min(7, row + drow)) * 8 + max(0, min(7, col + dcol))

    def flash_bad(self, square: int, now_ms: int) -> None:
        """Tint a square red for a moment (a move that is not allowed)."""
        self.bad_square = square
        self.bad_until_ms = now_ms + BAD_MOVE_MS

    # -- moves and time ---------------------------------------------------------------

    def play(self, square: int, now_ms: int) -> None:
        """Play a legal move on the record with its animation and sound (forced passes follow by themselves)."""
        before = self.position
        flipped = before.flips(square)
        self.record.play(square)
        self.animate(square, before.to_move, [sq for sq in range(64) if flipped >> sq & 1], now_ms)

    def animate(self, square: int, colour: Color, flipped: Sequence[int], now_ms: int) -> None:
        """Show a move already made on the record: the disc lands, the flipped ones turn (none when instant)."""
        flip_ms = int(self.ctx.settings.flip_seconds * 1000)
        self.animation = MoveAnimation(square, colour, list(flipped), now_ms, flip_ms) if flip_ms > 0 else None
        self._sounded = set()
        self.bad_square = None
        self.ctx.assets.sounds.play("place")

    def update(self, now_ms: int) -> bool:
        """Flip sounds as discs turn; True while a move is still being animated."""
        animation = self.animation
        if animation is None:
            return False
        for square in animation.flipped:
            if square not in self._sounded and animation.flip_started(square, now_ms):
                self._sounded.add(square)
                if len(self._sounded) <= FLIP_SOUNDS:
                    self.ctx.assets.sounds.play("flip", 0.7)
        if animation.done(now_ms):
            self.animation = None
        return self.animation is not None

    def animating(self, now_ms: int) -> bool:
        """Whether a move is still being animated."""
        if self.animation is not None and self.animation.done(now_ms):
            self.animation = None
        return self.animation is not None

    def at_rest(self, now_ms: int) -> bool:
        """Whether nothing on the board moves or fades by itself now: no move shown, no red flash."""
        return self.animation is None and not (self.bad_square is not None and now_ms < self.bad_until_ms)

    def skip_animation(self) -> None:
        """Show the move's end at once (a quick player moves on)."""
        self.animation = None

    # -- drawing ---------------------------------------------------------------------

    def marks(self, now_ms: int, legal: bool) -> Marks:
        """Last move, cursor, the red flash and (when ``legal``) the legal-move dots and the hover ghost."""
        marks = Marks(last_move=self.record.last_move, cursor=self.cursor)
        if legal and self.animation is None and self.ctx.settings.show_legal:
            marks.legal = self.position.legal_moves()
            if self.hover is not None and marks.legal >> self.hover & 1:
                marks.ghost = (self.hover, self.position.to_move)
        if self.bad_square is not None and now_ms < self.bad_until_ms:
            marks.bad_square = self.bad_square
            marks.bad_strength = (self.bad_until_ms - now_ms) / BAD_MOVE_MS
        return marks

    def draw(self, surface: pygame.Surface, marks: Marks, now_ms: int) -> None:
        """The board with its discs and marks."""
        if self.view is not None:
            self.view.draw(surface, self.position, marks, self.animation, now_ms)
