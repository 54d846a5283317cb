"""The board bound to a session (``game.ui.session_board``): a click plays, a refusal flashes, a click
during an animation finishes it at once and is then played, and the opponent's reply waits for the
animation and then the reply delay. Driven by real pygame events, on the widget and through scenes."""

from __future__ import annotations

import pygame

from game.engine import BLACK, WHITE, Color, GameRecord, Position, parse_square
from game.play.session import Move, Opponent, Phase, Refusal, RefusalReason, Session
from game.play.thinking import Thought
from game.scenes.analysis import AnalysisScene
from game.ui.session_board import REPLY_DELAY_MS, SessionBoard
from tests.app_driver import Player
from tests.test_scenes import start_computer_game


class FirstMove(Opponent):
    """Plays the first legal square at once."""

    def think(self, session: Session, position: Position) -> Thought:
        return Thought(position.legal_squares()[0])


def board_of(player: Player, session: Session) -> SessionBoard:
    board = SessionBoard(player.app.ctx, session)
    board.view = player.app.ctx.board_view(pygame.Rect(0, 0, 640, 640))
    return board


def click(board: SessionBoard, name: str, now_ms: int) -> Move | Refusal | None:
    """A real press and release on the square's centre, handed to the board."""
    assert board.view is not None
    pos = board.view.square_center(parse_square(name))
    assert board.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1), now_ms) is None
    return board.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1), now_ms)


def versus(colour: Color) -> Session:
    """A session where the opponent plays ``colour``."""
    session = Session(GameRecord(), FirstMove(), opponent_plays=lambda side: side == colour)
    session.follow_record()  # whose turn it is at the start
    return session


# -- the widget ---------------------------------------------------------------------------


def test_a_click_plays_through_the_session_and_animates(player_factory) -> None:
    player = player_factory(animation="normal")
    session = Session(GameRecord())
    board = board_of(player, session)
    played = click(board, "f5", 1000)
    assert isinstance(played, Move) and played.square == parse_square("f5")
    assert session.record.moves == [parse_square("f5")] and board.record is session.record
    assert board.animation is not None and board.animating(1000)


def test_a_refusal_flashes_the_square_and_changes_nothing(player_factory) -> None:
    player = player_factory(animation="normal")
    session = Session(GameRecord())
    board = board_of(player, session)
    refused = click(board, "a1", 1000)
    assert isinstance(refused, Refusal) and refused.reason is RefusalReason.ILLEGAL
    assert board.bad_square == parse_square("a1") and board.marks(1100, legal=True).bad_square == parse_square("a1")
    assert session.record.moves == [] and board.animation is None


def test_a_click_during_an_animation_finishes_it_at_once_and_is_played(player_factory) -> None:
    player = player_factory(animation="normal")
    session = Session(GameRecord())  # both sides at this device
    board = board_of(player, session)
    click(board, "f5", 1000)
    assert board.animating(1010)
    played = click(board, "d6", 1010)  # White answers before Black's discs have turned
    assert isinstance(played, Move) and session.record.moves == [parse_square("f5"), parse_square("d6")]
    assert board.animation is not None and board.animation.square == parse_square("d6")
    refused = click(board, "a1", 1020)  # a refused click ends the animation too
    assert isinstance(refused, Refusal) and board.animation is None and board.bad_square == parse_square("a1")


def test_a_click_in_the_opponents_turn_is_refused_without_a_flash(player_factory) -> None:
    player = player_factory(animation="normal")
    session = versus(WHITE)
    board = board_of(player, session)
    click(board, "f5", 1000)
    refused = click(board, "d6", 1010)
    assert isinstance(refused, Refusal) and refused.reason is RefusalReason.WAIT and board.bad_square is None
    assert session.phase is Phase.COMPUTER and len(session.record.moves) == 1


def test_the_reply_waits_for_the_animation_then_the_delay(player_factory) -> None:
    player = player_factory(animation="normal")
    session = versus(WHITE)
    board = board_of(player, session)
    click(board, "f5", 1000)
    assert board.animation is not None
    animation_end = board.animation.end_ms
    now = 1000
    while now < animation_end:
        assert board.advance(now, 8.0) is None and session.thought is None  # the opponent is not even asked
        now += 10
    assert board.advance(now, 8.0) is None and session.thought is not None  # its turn begins now
    turn_began = now
    while now < turn_began + REPLY_DELAY_MS:
        assert board.advance(now, 8.0) is None
        now += 10
    reply = board.advance(now, 8.0)
    assert reply is not None and reply.colour == WHITE and board.animation is not None
    assert session.phase is Phase.HUMAN and board.reply_delay_ms() == REPLY_DELAY_MS


def test_without_animations_the_reply_comes_at_once(player_factory) -> None:
    player = player_factory(animation="off")
    session = versus(BLACK)  # the opponent moves first
    board = board_of(player, session)
    assert board.reply_delay_ms() == 0
    reply = board.advance(0, 8.0)
    assert reply is not None and reply.colour == BLACK and session.phase is Phase.HUMAN


def test_the_scene_can_hold_the_reply(player_factory) -> None:
    player = player_factory(animation="off")
    session = versus(BLACK)
    board = board_of(player, session)
    assert board.advance(0, 8.0, hold=True) is None and session.thought is None
    assert board.advance(10, 8.0) is not None


# -- through the scenes --------------------------------------------------------------------


def test_in_the_game_a_click_during_the_animation_is_played(player_factory) -> None:
    player = player_factory(animation="normal")
    player.click_button("two")
    player.click_square("f5")
    game = player.game
    assert game.animation is not None
    player.click_square("d6")  # next frame: Black's flips are still turning
    assert game.record.moves == [parse_square("f5"), parse_square("d6")]
    assert game.animation is not None and game.animation.square == parse_square("d6")


def test_in_the_analysis_a_click_during_the_animation_is_played(player_factory) -> None:
    player = player_factory(animation="normal")
    player.click_button("two")
    player.press(pygame.K_a)  # the analysis of the start position
    scene = player.app.scene
    assert isinstance(scene, AnalysisScene)
    assert scene.board.view is not None
    player.click(scene.board.view.square_center(parse_square("f5")))
    assert scene.board.animation is not None
    player.click(scene.board.view.square_center(parse_square("d6")))
    assert scene.board.record.moves == [parse_square("f5"), parse_square("d6")]
    assert scene.board.animation is not None and scene.board.animation.square == parse_square("d6")


def test_in_the_game_the_computer_answers_after_the_animation_and_the_delay(player_factory) -> None:
    player = player_factory(animation="normal")
    start_computer_game(player)
    game = player.game
    player.click_square("f5")
    assert game.animation is not None
    while game.animation is not None:
        assert game.match.thinking_progress() is None and len(game.record.moves) == 1  # not thinking yet
        player.frame()
    turn_began = player.now  # the frame the animation ended in starts the computer's turn
    while len(game.record.moves) == 1:
        player.frame()
    assert player.now >= turn_began + REPLY_DELAY_MS
    assert game.match.phase is Phase.HUMAN and game.animation is not None  # the reply is animated
