"""How to Play driven by real pygame events, step by step: wrong taps are refused, the right ones advance."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.engine import BLACK, PASS, WHITE, GameRecord, Outcome, Position, parse_square, square_name
from game.platform.storage import FileStorage
from game.play.match import MatchSetup, Mode
from game.play.session import Phase
from game.scenes.entries import GameEntry
from game.scenes.game import GameScene
from game.scenes.tutorial import STEPS, TutorialScene
from tests.app_driver import Player as AppPlayer


class Player(AppPlayer):
    """Drives the app through the tutorial, at the real animation pace (the player waits for flips)."""

    def __init__(self, storage: FileStorage) -> None:
        super().__init__(storage, animation="normal")

    @property
    def tutorial(self) -> TutorialScene:
        assert isinstance(self.app.scene, TutorialScene), self.app.scene_name
        return self.app.scene

    def tap(self, name: str) -> None:
        view = self.tutorial.board.view
        assert view is not None
        self.click(view.square_center(parse_square(name)))

    def settle(self, frames: int = 40) -> None:
        for _ in range(frames):
            self.frame()


@pytest.fixture
def player(tmp_path: Path) -> Iterator[Player]:
    yield Player(FileStorage(tmp_path))
    pygame.quit()


def refused(player: Player, name: str, words: str = "") -> None:
    """Tap ``name``: the step, the board and the move count stay as they were; a reason is given."""
    scene = player.tutorial
    step, position, plies = scene.index, scene.board.position, scene.board.record.ply
    player.tap(name)
    assert (scene.index, scene.board.position, scene.board.record.ply) == (step, position, plies)
    assert scene.message and words.lower() in scene.message.lower()
    assert not scene.finished_step


def advance(player: Player) -> None:
    """Press Next once the step is done (and check it was not possible before)."""
    scene = player.tutorial
    index = scene.index
    player.settle()
    assert scene.finished_step
    player.click_button("next")
    assert scene.index == index + 1


def test_every_step_asks_for_legal_moves_and_refuses_with_reasons() -> None:
    for step in STEPS:
        position = Position.from_text(step.position)
        assert position.to_move == BLACK
        if step.targets:
            assert step.targets[0] and all(position.is_legal(sq) for sq in step.targets[0]), step.title
        for square in step.refusals:
            assert square not in step.targets[0], step.title
        assert len(step.text) < 200, step.title


def test_the_whole_tutorial_step_by_step(player: Player) -> None:
    player.click_button("scene:tutorial")
    scene = player.tutorial

    # 1. the start: Black's four moves; Next does nothing before a move
    assert scene.board.position == Position.start()
    player.click_button("next")
    assert scene.index == 0
    refused(player, "e3", "trap")
    refused(player, "d4", "already taken")
    player.tap("f5")
    assert scene.board.position.color_at(parse_square("e5")) == BLACK
    advance(player)

    # 2. a capture along a row
    refused(player, "b4")
    player.tap("f4")
    player.settle()
    assert scene.board.position.black_count == 4 and scene.board.position.white_count == 0
    advance(player)

    # 3. one move, three directions
    refused(player, "g7", "only along one line")
    player.tap("d6")
    player.settle()
    assert scene.board.position.white_count == 0
    advance(player)

    # 4. a gap and the edge capture nothing
    refused(player, "f6", "gap")
    refused(player, "d3", "edge")
    player.tap("b5")
    player.settle()
    assert scene.board.position.color_at(parse_square("b3")) == BLACK
    advance(player)

    # 5. the forced pass is made by the game, announced as in a game, and waits for OK
    refused(player, "e6", "a4")
    player.tap("a4")
    player.settle()
    assert scene.board.record.plies[-1] == PASS and scene.board.position.to_move == BLACK
    assert scene.dialog is not None and scene.dialog.title == "White has no legal move and passes"
    player.tap("e6")  # the board waits for the announcement
    assert scene.board.record.plies[-1] == PASS and scene.dialog is not None
    player.click_button("ok")
    assert scene.dialog is None
    assert "passes" in scene.message and "after OK it is your move again" in scene.message
    assert not scene.finished_step
    refused(player, "a1")
    player.tap("e6")
    advance(player)

    # 6. the end with empty squares, scored both ways
    player.tap("b1")
    player.settle()
    result = Outcome.of(scene.board.position)
    assert result is not None and (result.score_discs, result.score_tournament) == ("39-3", "61-3")
    advance(player)

    # 7. corners
    refused(player, "c4", "a1")
    player.tap("a1")
    advance(player)

    # 8. next to an empty corner: White takes it
    refused(player, "c6", "b2")
    player.tap("b2")
    assert scene.board.position.color_at(parse_square("b2")) == BLACK
    player.settle()
    assert scene.board.position.color_at(parse_square("a1")) == WHITE
    assert scene.board.position.color_at(parse_square("b2")) == WHITE
    advance(player)

    # the last page: Finish returns to the menu
    assert scene.index == len(STEPS) - 1
    player.settle()
    player.click_button("next")
    assert player.app.scene_name == "menu"


def test_the_tutorial_goes_back_a_step(player_factory) -> None:
    player = player_factory()
    player.click_button("scene:tutorial")
    tutorial = player.app.scene
    assert isinstance(tutorial, TutorialScene)
    assert tutorial.index == 0 and not next(b for b in tutorial.group.buttons if b.action == "back").enabled
    if not tutorial.finished_step:
        player.click(tutorial.board.view.square_center(sorted(tutorial.step.targets[0])[0]))
        player.run_until(lambda: tutorial.finished_step)
    player.click_button("next")
    assert tutorial.index == 1
    player.click_button("back")
    assert tutorial.index == 0 and tutorial.finished_step and len(tutorial.board.record.moves) == 1  # as left


def test_skip_from_a_game_returns_to_the_same_game(player: Player) -> None:
    player.click_button("two")
    game = player.app.scene
    assert isinstance(game, GameScene)
    view = game.view
    player.click(view.square_center(parse_square("f5")))
    player.settle()
    transcript = game.record.transcript
    player.click_button("rules")
    assert player.app.scene_name == "tutorial"
    player.tap("d3")
    player.click_button("skip")
    assert player.app.scene_name == "game"
    assert isinstance(player.app.scene, GameScene) and player.app.scene.record.transcript == transcript == "f5"


def test_escape_leaves_the_tutorial_from_the_menu(player: Player) -> None:
    player.click_button("scene:tutorial")
    player.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")])
    assert player.app.scene_name == "menu"


# -- Back keeps a finished step; one way out of the last page (issue 21, item 12) -------


def button(scene: TutorialScene, action: str):  # type: ignore[no-untyped-def]
    return next(b for b in scene.group.buttons if b.action == action)


def test_back_shows_the_step_before_as_finished_and_next_goes_on(player: Player) -> None:
    player.click_button("scene:tutorial")
    scene = player.tutorial
    player.tap("f5")
    advance(player)
    player.tap("f4")  # step 2 done too
    player.settle()
    finished = scene.board.position
    player.click_button("back")
    player.settle()
    assert scene.index == 0 and scene.finished_step and button(scene, "next").enabled  # no need to redo it
    assert scene.board.record.moves == [parse_square("f5")]
    player.click_button("next")  # straight on, nothing replayed
    player.settle()
    assert scene.index == 1 and scene.finished_step and scene.board.position == finished
    assert button(scene, "next").enabled
    player.click_button("next")
    assert scene.index == 2 and not scene.finished_step  # a step not yet done is asked for


def test_the_last_page_has_one_way_out(player: Player) -> None:
    player.click_button("scene:tutorial")
    scene = player.tutorial
    assert [b.action for b in scene.group.buttons] == ["back", "skip", "next"]
    scene.begin(len(STEPS) - 2)  # the step before the last, done by its move
    player.frame()
    player.tap(square_name(sorted(scene.step.targets[0])[0]))
    advance(player)
    player.settle()
    assert [(b.action, b.label) for b in scene.group.buttons] == [("back", "Back"), ("next", "Finish")]
    player.click_button("back")
    assert [b.action for b in scene.group.buttons] == ["back", "skip", "next"]
    player.click_button("next")
    player.settle()
    player.click_button("next")  # Finish
    assert player.app.scene_name == "menu"


def test_the_tutorials_pass_is_the_games_announcement(player: Player) -> None:
    """Issue 47: the tutorial said a pass "happens by itself" while a game's waits for OK. From the tutorial's
    passing position, a real game against the computer announces White's pass with the same words and
    waits the same way; and no step says it happens by itself."""
    step = next(step for step in STEPS if step.between)
    assert not any("by itself" in text for s in STEPS for text in (s.text, s.between, s.after))
    setup = MatchSetup(Mode.COMPUTER, BLACK, 0)
    player.app.scene.open(GameEntry(setup, GameRecord(Position.from_text(step.position))))
    player.frame()
    player.click_square("a4")
    player.run_until(lambda: player.game.dialog is not None)
    game = player.game.dialog
    assert game is not None and player.game.match.phase is Phase.PASS
    player.click_button("ok")
    assert player.my_turn()
    player.app.scene.home()
    player.frame()
    player.click_button("scene:tutorial")
    player.tutorial.begin(STEPS.index(step))
    player.tap("a4")
    player.settle()
    shown = player.tutorial.dialog
    assert shown is not None and player.tutorial.session.phase is Phase.PASS
    assert (shown.title, shown.message, [b.label for b in shown.group.buttons]) == \
        (game.title, game.message, [b.label for b in game.group.buttons])
    assert "OK" in step.between and "OK" in [b.label for b in shown.group.buttons]
