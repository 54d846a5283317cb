"""One board bound to a play session: the screen half of ``game.play.session``.

Every playing scene (the game, the challenges, the opening trainer, the
tutorial, the analysis and the explorer) shows its session on a
``SessionBoard``. A click goes to the session (``click``); a refusal flashes
the square when the square is at fault; a move made, the player's or the
opponent's, is animated; and the opponent is advanced (``advance``) only
once the animation is over, its reply shown no sooner than the reply delay.
The scene says what the moves and refusals mean in words; it never plays on
the session behind the board's back.

Two rules live here and nowhere else:

- **a click during an animation finishes the animation at once**, then is
  taken like any other click: played if the session accepts it (its own
  move is animated), refused otherwise. A quick player is never made to
  wait for the discs to turn, and a click is never lost;
- **the reply delay**: the opponent's move appears no sooner than
  ``REPLY_DELAY_MS`` after its turn began (its turn begins once the last
  move has been animated), so the player sees whose turn it was; none when
  animations are off (quick play).
"""

from __future__ import annotations

import pygame

from game.engine import GameRecord, Position
from game.play.session import Move, Refusal, Session
from game.ui.board_play import BoardPlay
from game.ui.screen import Screen

REPLY_DELAY_MS = 450
"""The opponent's move appears no sooner than this after its turn began (none when animations are off)."""


class SessionBoard(BoardPlay):
    """A ``BoardPlay`` that plays through a ``Session``: clicks, flashes, animations and the opponent's replies.

    ``session`` is the session shown (``bind`` another; ``reset`` binds a
    plain one, judged by the rules alone, over a fresh record).
    """

    def __init__(self, ctx: Screen, session: Session | None = None) -> None:
        session = session if session is not None else Session(GameRecord())
        super().__init__(ctx, session.record)
        self.session = session

    def bind(self, session: Session) -> None:
        """Show ``session`` from now on: its record, no animation, no flash."""
        self.session = session
        super().reset(record=session.record)

    def reset(self, position: Position | None = None, record: GameRecord | None = None) -> None:
        """Show a fresh record from ``position`` (or the ``record`` given) under a plain session (the rules alone)."""
        self.bind(Session(record if record is not None else GameRecord(position)))

    # -- the player ---------------------------------------------------------------------

    def handle(self, event: pygame.event.Event, now_ms: int) -> Move | Refusal | None:
        """The square this event chooses, played through the session (``click``); ``None`` if it chooses none."""
        square = self.pick(event)
        return None if square is None else self.click(square, now_ms)

    def click(self, square: int, now_ms: int) -> Move | Refusal:
        """Play ``square`` through the session: the ``Move`` made (animated) or the ``Refusal`` (flashed if bad).

        A running animation is finished at once first, whatever the session then says.
        """
        self.skip_animation()
        played = self.session.play(square)
        if isinstance(played, Refusal):
            if played.bad_square:
                self.flash_bad(square, now_ms)
            return played
        self.show(played, now_ms)
        return played

    def show(self, move: Move, now_ms: int) -> None:
        """Animate a move the session has made."""
        self.animate(move.square, move.colour, move.flipped, now_ms)

    # -- time -------------------------------------------------------------------------

    def reply_delay_ms(self) -> int:
        """The shortest time the opponent's turn is shown before its move: none when animations are off."""
        return REPLY_DELAY_MS if self.ctx.settings.flip_seconds > 0 else 0

    def advance(self, now_ms: int, slice_ms: float, hold: bool = False) -> Move | None:
        """The animation's sounds, then (once it is over, unless the scene ``hold``s play) the opponent for one slice.

        Returns the opponent's move once it is due, already animated. ``hold``:
        the scene shows something the player must answer first (a dialog).
        """
        if self.update(now_ms) or hold:
            return None
        move = self.session.advance(now_ms, slice_ms, self.reply_delay_ms())
        if move is not None:
            self.show(move, now_ms)
        return move
