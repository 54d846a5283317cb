"""The scene stack: open above, switch in place, back to the scene below as it was, home to the menu."""

from __future__ import annotations

from types import SimpleNamespace

import pygame

from game.engine import BLACK, GameRecord
from game.play.match import MatchSetup
from game.scenes.base import Scene
from game.scenes.entries import (
    AnalysisEntry,
    Entry,
    GameEntry,
    MenuEntry,
    ResultsEntry,
    ReviewEntry,
    TutorialEntry,
)
from game.scenes.game import GameScene
from game.scenes.stack import MAX_HOPS, SceneStack
from tests.app_driver import Player


class Recorder(Scene):
    """A scene that writes down what the stack does to it."""

    log: list[str] = []

    def startup(self, now_ms: int, entry: Entry) -> None:
        self.log.append(f"start {entry.scene} {id(self) % 1000}")
        super().startup(now_ms, entry)

    def pause(self, now_ms: int) -> None:
        self.log.append("pause")

    def resume(self, now_ms: int) -> None:
        self.log.append("resume")
        super().resume(now_ms)

    def cleanup(self) -> None:
        self.log.append("cleanup")


def recording_stack() -> SceneStack:
    Recorder.log = []
    names = ("menu", "game", "results", "review", "analysis", "tutorial")
    classes: dict[str, type[Scene]] = {name: type(name, (Recorder,), {}) for name in names}
    return SceneStack(SimpleNamespace(toasts=SimpleNamespace(area=None)), classes)  # type: ignore[arg-type]


def test_open_keeps_the_scene_below_alive_and_back_resumes_it() -> None:
    stack = recording_stack()
    stack.start(0, MenuEntry())
    menu = stack.top
    stack.top.open(GameEntry())
    stack.settle(0)
    game = stack.top
    stack.top.open(AnalysisEntry(GameRecord().position))
    stack.settle(0)
    assert stack.names == ["menu", "game", "analysis"]
    stack.top.back()
    stack.settle(0)
    assert stack.top is game and stack.names == ["menu", "game"]
    assert Recorder.log[-4:-3] == ["pause"] and Recorder.log[-2:] == ["cleanup", "resume"]  # paused, closed, resumed
    stack.top.home()
    stack.settle(0)
    assert stack.top is menu and stack.names == ["menu"]


def test_switch_replaces_the_top_and_back_at_the_menu_does_nothing() -> None:
    stack = recording_stack()
    stack.start(0, MenuEntry())
    stack.top.back()
    stack.settle(0)
    assert stack.names == ["menu"]
    stack.top.open(GameEntry())
    stack.settle(0)
    for _ in range(5):  # game -> results -> a rematch -> results…: the stack does not grow
        stack.top.switch(GameEntry() if stack.top_name == "results" else ResultsEntry(MatchSetup(), GameRecord()))
        stack.settle(0)
    assert len(stack.names) == 2


def test_a_scene_already_open_below_gets_a_fresh_instance_and_one_instance_is_kept_between_visits() -> None:
    stack = recording_stack()
    stack.start(0, MenuEntry())
    stack.top.open(ReviewEntry(GameRecord()))
    stack.settle(0)
    review = stack.top
    stack.top.home()
    stack.settle(0)
    stack.top.open(ReviewEntry(GameRecord()))
    stack.settle(0)
    assert stack.top is review  # the same instance, visit after visit
    stack.top.open(GameEntry())
    stack.settle(0)
    stack.top.open(ReviewEntry(GameRecord()))
    stack.settle(0)
    assert stack.names == ["menu", "review", "game", "review"] and stack.top is not review


def test_a_scene_that_keeps_asking_stops_after_a_few_hops() -> None:
    class Bouncer(Scene):
        def startup(self, now_ms: int, entry: Entry) -> None:
            super().startup(now_ms, entry)
            self.open(TutorialEntry())  # opens another at once, for ever

    stack = SceneStack(SimpleNamespace(toasts=SimpleNamespace(area=None)),  # type: ignore[arg-type]
                       {"menu": Bouncer, "tutorial": Bouncer})
    stack.start(0, MenuEntry())
    assert len(stack.names) <= MAX_HOPS + 2


# -- through the real app ---------------------------------------------------------------------


def two_player_game(player: Player, clock: int | None = None) -> GameScene:
    player.app.scene.open(GameEntry(MatchSetup("two", BLACK, clock=clock)))
    player.frame()
    return player.game


def test_the_rules_from_a_game_come_back_to_the_same_game_with_its_clock_not_charged(player_factory) -> None:
    player = player_factory()
    game = two_player_game(player, clock=60)
    player.click_square("f5")
    player.frame()
    match = game.match
    before = dict(match.clocks or {})
    player.click_button("rules")
    assert player.app.scene_name == "tutorial"
    player.now += 30_000  # half a minute reading the rules
    for _ in range(3):
        player.frame()
    player.press(pygame.K_ESCAPE)
    assert player.app.scene is game and game.match is match  # the same scene, the same match
    assert game.record.transcript == "f5"
    assert match.clocks is not None and match.clocks[BLACK] == before[BLACK]
    assert before[match.position.to_move] - match.clocks[match.position.to_move] < 1_000  # the time away is not charged


def test_the_analysis_from_a_game_returns_to_the_game_and_menu_goes_home(player_factory) -> None:
    player = player_factory()
    game = two_player_game(player)
    player.click_square("f5")
    player.click_button("analyse")
    assert player.app.scene_name == "analysis" and player.app.stack.names == ["menu", "game", "analysis"]
    player.click_button("back")
    assert player.app.scene is game and game.record.transcript == "f5"
    player.click_button("menu")
    assert player.app.stack.names == ["menu"]


def test_the_shared_game_in_the_address_opens_above_the_menu(player_factory) -> None:
    player = player_factory(fragment="f5d6c3")
    assert player.app.stack.names == ["menu", "game"]
    assert player.game.record.transcript == "f5d6c3"
