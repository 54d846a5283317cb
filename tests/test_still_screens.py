"""The screens besides the menu and the game stay on screen while nothing of theirs moves (``Scene.still``).

Each is drawn while its work runs (an analysis filling in), once more in the frame it ends, and then not again
until the player acts; a screen with the page's text field open (a touch screen's typing, which comes with no
event) or a clipboard answer on its way is drawn as before.
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.engine import BLACK, GameRecord, Position
from game.platform import browser
from game.platform.storage import MemoryStorage
from game.play.match import MatchSetup
from game.scenes.entries import (
    AnalysisEntry,
    ChallengeEntry,
    EditorEntry,
    ReviewEntry,
    TrainerEntry,
    TrainerPlayEntry,
    TutorialEntry,
)
from tests.app_driver import Player
from tests.test_browser import AnsweringWindow
from tests.test_still_frames import counting_draws


def settled(player: Player, frames: int = 600) -> list[int]:
    """Frames until the screen on top is still; then the draws from there on (none yet)."""
    drawn = counting_draws(player)
    player.run_until(player.app.scene.still, frames=frames)
    assert player.app.scene.still(), f"{player.app.scene_name} never came to rest"
    assert not drawn or drawn[-1] == player.now  # the frame it came to rest in was drawn
    drawn.clear()
    return drawn


def opened(player_factory: Any, entry: Any, animation: str = "off") -> Player:
    player = player_factory(MemoryStorage(), animation=animation)
    player.frame()
    player.app.scene.open(entry)
    player.frame()
    return player


def near_the_end() -> Position:
    """A position of a game played on the first legal square each turn, thirteen squares left (its analysis takes a
    few dozen frames)."""
    position = Position.start()
    while position.empty_count > 13:
        position = position.pass_turn() if position.must_pass() else position.play(position.legal_squares()[0])
    return position


def test_the_review_is_drawn_while_its_analysis_fills_in_then_stays(player_factory,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    from game.scenes import review as review_module

    monkeypatch.setattr(review_module, "_ANALYSES", {})  # not one another test left finished
    player = opened(player_factory, ReviewEntry(record=GameRecord.from_transcript("f5d6c3d3c4f4f6f3e6e7"),
                                                setup=MatchSetup("two", BLACK)))
    review = player.app.scene
    assert not review.still() and not review.analysis.done  # type: ignore[attr-defined]
    drawn = settled(player)
    assert review.analysis.done  # type: ignore[attr-defined]
    shown = pygame.image.tobytes(player.app.surface, "RGB")
    for _ in range(5):
        player.frame()
    assert drawn == [] and pygame.image.tobytes(player.app.surface, "RGB") == shown
    player.click_button("next")
    assert len(drawn) == 1  # input is drawn


def test_the_analysis_is_drawn_until_it_reaches_its_depth_or_is_stopped(player_factory) -> None:  # type: ignore[no-untyped-def]
    player = opened(player_factory, AnalysisEntry(near_the_end()))
    analysis = player.app.scene
    assert not analysis.still()
    drawn = counting_draws(player)
    player.run_until(analysis.still)
    assert len(drawn) >= 2 and drawn[-1] == player.now  # drawn while it deepened, and in the frame it ended
    drawn.clear()
    assert analysis.live.latest is not None and not analysis.live.running  # type: ignore[attr-defined]
    for _ in range(5):
        player.frame()
    assert drawn == []

    player = opened(player_factory, AnalysisEntry(Position.start()))  # deep: it would run for a long while
    player.frame()
    assert not player.app.scene.still()
    player.click_button("stop")
    drawn = settled(player, frames=2)
    player.frame()
    assert drawn == []


def test_the_editor_and_the_trainers_list_change_only_on_input(player_factory) -> None:  # type: ignore[no-untyped-def]
    for entry in (EditorEntry(), TrainerEntry()):
        player = opened(player_factory, entry)
        drawn = settled(player, frames=2)
        for _ in range(5):
            player.frame()
        assert drawn == [], player.app.scene_name


def test_the_editor_is_drawn_every_frame_while_its_field_takes_typing(player_factory) -> None:  # type: ignore[no-untyped-def]
    player = opened(player_factory, EditorEntry())
    editor = player.app.scene
    player.click(editor.field.rect.center)  # type: ignore[attr-defined]
    player.frame()
    assert editor.field.focused and not editor.still()  # type: ignore[attr-defined]
    drawn = counting_draws(player)
    for _ in range(3):
        player.frame()
    assert len(drawn) == 3  # a touch screen's page field hands over what is typed with no event


def test_a_clipboard_answer_is_drawn_in_the_frame_it_arrives(player_factory,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    player = player_factory(MemoryStorage())
    player.frame()
    drawn = counting_draws(player)
    window = AnsweringWindow({"ok": True, "value": "f5 d6"})
    monkeypatch.setattr(browser, "IS_BROWSER", True)
    monkeypatch.setattr(browser, "_browser_window", lambda: window)
    pasted: list[str | None] = []
    browser.paste_from_clipboard(pasted.append)  # a still screen's paste: the page answers a frame later
    player.frame()
    assert pasted == [] and drawn == []
    player.frame()
    assert pasted == ["f5 d6"] and drawn == [player.now]  # handed over before the frame's update, and drawn
    player.frame()
    assert len(drawn) == 1


def test_a_challenge_is_drawn_while_the_solver_answers_and_stays_on_your_move(player_factory) -> None:  # type: ignore[no-untyped-def]
    from game.challenges.model import load_challenges
    from game.play.session import Phase

    challenge = next(c for c in load_challenges() if c.kind == "endgame")
    player = opened(player_factory, ChallengeEntry(challenge.id), animation="normal")
    scene = player.app.scene
    drawn = settled(player, frames=2)
    player.frame()
    assert drawn == [] and scene.phase is Phase.HUMAN  # type: ignore[attr-defined]
    player.click(scene.board.view.square_center(challenge.answer))  # type: ignore[attr-defined]
    assert not scene.still()  # type: ignore[attr-defined]  # the discs turn, then the solver answers
    player.run_until(scene.still)
    assert len(drawn) > 3 and drawn[-1] == player.now
    assert scene.phase in (Phase.HUMAN, Phase.OVER) and len(scene.board.record.moves) >= 2  # type: ignore[attr-defined]
    answered = len(drawn)
    for _ in range(3):
        player.frame()
    assert len(drawn) == answered

    player = opened(player_factory, ChallengeEntry(challenge.id))
    scene = player.app.scene
    wrong = next(sq for sq in challenge.position.legal_squares() if sq != challenge.answer)
    player.click(scene.board.view.square_center(wrong))  # type: ignore[attr-defined]
    assert scene.phase is Phase.REJECTED and not scene.still()  # type: ignore[attr-defined]  # it starts again by itself
    settled(player)
    assert scene.phase is Phase.HUMAN  # type: ignore[attr-defined]


def test_the_trainer_is_drawn_while_the_book_replies_and_stays_on_your_move(player_factory) -> None:  # type: ignore[no-untyped-def]
    from game.engine import WHITE
    from game.play.session import Phase

    player = opened(player_factory, TrainerPlayEntry(WHITE, moves=[]), animation="normal")  # the book plays first
    scene = player.app.scene
    assert not scene.still()  # type: ignore[attr-defined]
    drawn = counting_draws(player)
    player.run_until(scene.still)
    assert scene.session.phase is Phase.HUMAN and len(scene.board.record.moves) == 1  # type: ignore[attr-defined]
    assert len(drawn) > 3 and drawn[-1] == player.now  # drawn as the book's move came and turned its discs
    replied = len(drawn)
    for _ in range(3):
        player.frame()
    assert len(drawn) == replied
    square = scene.session.position.legal_squares()[0]  # type: ignore[attr-defined]
    player.click(scene.board.view.square_center(square))  # type: ignore[attr-defined]
    assert not scene.still()  # type: ignore[attr-defined]
    player.run_until(scene.still)
    assert len(scene.board.record.moves) >= 2 and drawn[-1] == player.now  # type: ignore[attr-defined]


def test_the_tutorial_is_drawn_until_a_refused_squares_warning_fades(player_factory) -> None:  # type: ignore[no-untyped-def]
    from game.scenes.tutorial import WARNING_MS

    player = opened(player_factory, TutorialEntry())
    scene = player.app.scene
    drawn = settled(player, frames=2)
    refused = next(sq for sq in range(64) if scene.board.position.color_at(sq) is not None)  # type: ignore[attr-defined]
    player.click(scene.board.view.square_center(refused))  # type: ignore[attr-defined]
    assert scene.message and not scene.still()  # type: ignore[attr-defined]
    started = player.now
    player.run_until(scene.still)
    assert player.now >= started + WARNING_MS and drawn[-1] == player.now  # drawn as the words went back to colour
    faded = len(drawn)
    for _ in range(3):
        player.frame()
    assert len(drawn) == faded
