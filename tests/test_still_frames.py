"""A still scene is not drawn again while nothing of it changes (``Scene.still``, ``App.frame``).

On a phone the menu's drawing took most of each frame, which left the warm-up behind it the smallest slice;
the frame on screen stays until the player acts, a toast shows, or the size, theme, language or pointer change.
"""

from __future__ import annotations

from collections.abc import Generator
from types import SimpleNamespace

import pygame
import pytest

from game.engine import BLACK
from game.platform.storage import MemoryStorage
from game.play.match import MatchSetup
from game.scenes.entries import GameEntry
from tests.app_driver import Player


def counting_draws(player: Player) -> list[int]:
    """A list that grows by one each time the scene on top draws."""
    scene = player.app.scene
    drawn: list[int] = []
    draw = scene.draw

    def counted(surface: pygame.Surface, now_ms: int) -> None:
        drawn.append(now_ms)
        draw(surface, now_ms)

    scene.draw = counted  # type: ignore[method-assign]
    return drawn


def test_the_idle_menu_is_drawn_once_and_again_only_when_something_changes(player_factory) -> None:  # type: ignore[no-untyped-def]
    player = player_factory(MemoryStorage())
    player.frame()
    assert player.app.scene_name == "menu"
    drawn = counting_draws(player)
    before = pygame.image.tobytes(player.app.surface, "RGB")
    for _ in range(5):
        player.frame()
    assert drawn == [] and pygame.image.tobytes(player.app.surface, "RGB") == before  # the same frame stays
    assert player.app.ctx.frame.slice_ms == 10.0  # its drawing time goes to the work behind the menu

    centre = player.app.to_window(player.button("scene:settings").center)
    player.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(1, 1), buttons=(0, 0, 0))])
    assert len(drawn) == 1  # input: drawn (the hover)
    player.frame()
    assert len(drawn) == 1

    player.app.ctx.toasts.show("A message")
    player.frame()
    player.frame()
    assert len(drawn) == 3  # a toast fades: drawn every frame while it shows

    player.app.ctx.toasts.clear()
    player.frame()
    player.app.ctx.settings.theme = "contrast"
    player.frame()
    player.frame()
    assert len(drawn) == 5  # the toast gone, then the theme changed: drawn once each

    recording = player.recorded_frame()
    assert len(drawn) == 6 and recording.texts  # a recording asks for what a frame draws


def test_a_game_with_clocks_is_drawn_in_each_frame_a_clock_shows_a_new_second(
        player_factory) -> None:  # type: ignore[no-untyped-def]
    from game.scenes.game import panels

    player = player_factory(MemoryStorage())
    player.frame()
    player.app.scene.open(GameEntry(MatchSetup("two", BLACK, clock=60)))  # the player's clock runs on their turn
    player.frame()
    assert player.app.scene_name == "game"
    drawn = counting_draws(player)
    shown = [panels.clocks_shown(player.game.match)]
    changed = []
    for _ in range(60):  # three seconds
        player.frame()
        shown.append(panels.clocks_shown(player.game.match))
        if shown[-1] != shown[-2]:
            changed.append(player.now)
    assert shown[-1][1] == "1:00" and len(changed) >= 2  # Black's clock ran, a second at a time
    assert set(changed) <= set(drawn)  # each new second drawn in its frame
    assert len(drawn) <= 2 * len(changed) + 2  # and the frame after it (at rest), not the 55 others


def idle_game(player_factory, **settings: object) -> Player:  # type: ignore[no-untyped-def]
    """A game between two players at the device, Black to move, the frames after its start played out."""
    player = player_factory(MemoryStorage())
    for name, value in settings.items():
        setattr(player.app.ctx.settings, name, value)
    player.frame()
    player.click_button("two")
    player.frame()
    player.frame()
    return player


def test_the_game_stays_on_screen_while_the_player_thinks(player_factory) -> None:  # type: ignore[no-untyped-def]
    player = idle_game(player_factory)
    assert player.app.scene_name == "game" and player.game.still()
    drawn = counting_draws(player)
    before = pygame.image.tobytes(player.app.surface, "RGB")
    for _ in range(5):
        player.frame()
    assert drawn == [] and pygame.image.tobytes(player.app.surface, "RGB") == before
    assert player.app.ctx.frame.slice_ms == 10.0  # the drawing time goes to the work behind it

    player.click_square("f5")  # a move: drawn in its frame, and then the other player thinks and it stays
    player.frame()
    player.frame()
    assert len(drawn) == 1 and player.game.position.to_move != BLACK

    player.click_square("a1")  # not a legal move: the square flashes red and a message says why, each drawn
    flashing = len(drawn)  # until it has gone
    player.run_until(lambda: player.game.board.at_rest(player.now), frames=40)
    assert len(drawn) - flashing >= 5
    player.run_until(player.game.still, frames=200)
    assert drawn[-1] == player.now  # the frame that took the message away, the first still one, was drawn
    assert player.game.now_ms >= player.game.message_until_ms
    settled = len(drawn)
    for _ in range(3):
        player.frame()
    assert len(drawn) == settled


def test_a_hint_that_arrives_is_drawn_and_then_stays(player_factory) -> None:  # type: ignore[no-untyped-def]
    player = idle_game(player_factory, hints="best")
    drawn = counting_draws(player)
    player.run_until(lambda: player.game.match.hint is not None, frames=200)
    arrived = len(drawn)
    assert drawn[-1] == player.now  # drawn while it was looked for, and in the frame it came
    player.frame()
    assert player.game.still() and player.game.marks().best  # what stays on screen shows it
    player.frame()
    assert len(drawn) <= arrived + 1


def test_a_message_is_drawn_until_it_goes(player_factory) -> None:  # type: ignore[no-untyped-def]
    player = idle_game(player_factory)
    drawn = counting_draws(player)
    player.game._say("A word to the player", 300)
    player.run_until(lambda: not player.game.status_text().startswith("A word"), frames=20)
    gone = len(drawn)
    assert gone >= 5 and drawn[-1] == player.now  # drawn while it showed, and in the frame it went
    player.frame()
    player.frame()
    assert len(drawn) <= gone + 1 and player.game.still()


def test_the_explorer_is_drawn_while_the_library_loads_for_it(  # type: ignore[no-untyped-def]
        player_factory, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.library import service

    player = idle_game(player_factory)
    loading = SimpleNamespace(done=False, advance=lambda ms: None)
    monkeypatch.setattr(service, "started_shared", lambda: loading)
    player.game.explorer_rect = pygame.Rect(0, 0, 300, 200)  # the explorer shown, the library counting its games
    player.frame()
    assert not player.game.still()
    loading.done = True
    player.frame()
    player.frame()
    assert player.game.still()


@pytest.mark.parametrize("action", ["scene:settings", "scene:stats", "scene:new_game", "scene:challenges"])
def test_each_screen_that_waits_on_the_player_stays_on_screen_between_inputs(  # type: ignore[no-untyped-def]
        player_factory, action: str) -> None:
    player = player_factory(MemoryStorage())
    player.frame()
    player.click_button(action)
    player.frame()
    assert player.app.scene_name == action.removeprefix("scene:") and player.app.scene.still()
    drawn = counting_draws(player)
    for _ in range(3):
        player.frame()
    assert drawn == []
    player.press(pygame.K_TAB)  # input: drawn
    assert len(drawn) == 1


def test_the_warm_up_takes_only_the_room_a_frame_leaves_and_waits_no_longer_than_its_patience(
        player_factory) -> None:  # type: ignore[no-untyped-def]
    import time

    from game.ai import Budget, Job
    from game.app import WARM_UP_PATIENCE

    player = player_factory(MemoryStorage())
    player.frame()
    steps = [0]

    def counting() -> Generator[None, None, None]:
        while True:
            steps[0] += 1
            yield None

    player.app._warming = Job(counting(), Budget())
    player.frame()
    assert steps[0] > 0  # a still menu's frame: the warm-up has the frame's slice

    scene = player.app.scene
    draw = scene.draw

    def slow(surface: pygame.Surface, now_ms: int) -> None:
        time.sleep(0.015)  # a phone's drawing: the frame has no room left
        draw(surface, now_ms)

    scene.draw = slow  # type: ignore[method-assign]
    centre = player.app.to_window(player.button("scene:settings").center)
    moves = [pygame.event.Event(pygame.MOUSEMOTION, pos=(centre[0] + x % 2, centre[1]), rel=(1, 0), buttons=(1, 0, 0))
             for x in range(WARM_UP_PATIENCE + 2)]  # a drag: input, drawn each frame
    for move in moves[:WARM_UP_PATIENCE]:
        steps[0] = 0
        player.frame([move])
        assert steps[0] == 0  # the frame is not made later by it
    player.frame([moves[-2]])
    assert steps[0] > 0  # then it takes its smallest slice anyway: never starved by a scene that draws each frame
    steps[0] = 0
    player.frame([moves[-1]])
    assert steps[0] == 0  # and waits again


def moving_to(player: Player, logical: tuple[int, int], held: bool = False) -> list[pygame.event.Event]:
    """The pointer moved to ``logical`` (a drag when ``held``)."""
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=player.app.to_window(logical), rel=(1, 0),
                               buttons=(1, 0, 0) if held else (0, 0, 0))]


def test_on_the_menu_the_pointer_is_drawn_only_when_it_lights_a_button_up_or_down(
        player_factory) -> None:  # type: ignore[no-untyped-def]
    player = player_factory(MemoryStorage())
    player.frame()
    drawn = counting_draws(player)
    new_game, settings = player.button("scene:new_game"), player.button("scene:settings")
    between = ((player.button("continue").right + new_game.left) // 2, new_game.centery)
    assert not any(b.rect.collidepoint(between) for b in player.app.scene.group.buttons)
    player.frame(moving_to(player, between))  # the first move (as the page's tap lifts): between two buttons
    player.frame(moving_to(player, (between[0], between[1] + 3)))
    assert drawn == []
    player.frame(moving_to(player, settings.center))
    assert len(drawn) == 1 and player.app.scene.group.buttons[-2].hovered  # lit up
    player.frame(moving_to(player, settings.move(5, 2).center))
    assert len(drawn) == 1  # still on the same button
    player.frame(moving_to(player, between))
    assert len(drawn) == 2  # and down again
    player.frame(moving_to(player, (between[0], between[1] + 6), held=True))
    assert len(drawn) == 3  # a drag is input

    lit = pygame.image.tobytes(player.app.surface, "RGB")
    player.frame(moving_to(player, settings.center))
    on_button = pygame.image.tobytes(player.app.surface, "RGB")
    player.frame(moving_to(player, between))
    assert on_button != lit and pygame.image.tobytes(player.app.surface, "RGB") == lit  # what it drew shows it


def test_a_tooltip_follows_the_pointer_even_where_it_shows_only_on_buttons(
        player_factory) -> None:  # type: ignore[no-untyped-def]
    player = player_factory(MemoryStorage())
    text = player.app.ctx.text
    sentence = "Against Custom (1 s a move) as White: 0 won, 1 lost, 0 drawn"
    box = pygame.Rect(100, 100, 160, 30)

    def draw(surface: pygame.Surface, now_ms: int) -> None:
        text.draw_in(surface, sentence, 24, (255, 255, 255), box)  # shortened

    player.app.scene.draw = draw  # type: ignore[method-assign]
    player.app.ctx.settings.theme = "contrast"  # drawn again: with the shortened text
    player.frame()
    assert text.marks.shortened
    drawn = counting_draws(player)
    player.frame(moving_to(player, box.center))
    player.frame(moving_to(player, box.move(20, 0).center))
    assert len(drawn) == 2  # the tooltip shows, then moves with the pointer
    player.frame(moving_to(player, (box.centerx, box.bottom + 200)))
    player.frame(moving_to(player, (box.centerx + 10, box.bottom + 200)))
    assert len(drawn) == 3  # gone, and nothing to draw after


def test_on_a_board_every_move_of_the_pointer_is_drawn(player_factory) -> None:  # type: ignore[no-untyped-def]
    player = idle_game(player_factory)
    drawn = counting_draws(player)
    board = player.game.board.view.rect
    player.frame(moving_to(player, board.center))
    player.frame(moving_to(player, board.move(3, 0).center))
    assert len(drawn) == 2  # the ghost disc follows it


def test_a_move_of_the_pointer_that_takes_the_keyboards_focus_ring_away_is_drawn(
        player_factory) -> None:  # type: ignore[no-untyped-def]
    player = player_factory(MemoryStorage())
    player.frame()
    settings = player.button("scene:settings")
    player.frame(moving_to(player, settings.center))  # lit up
    player.press(pygame.K_TAB)  # the keyboard's focus ring on a button
    assert player.app.scene.group.focus is not None and player.app.ctx.text.marks.focus is not None
    drawn = counting_draws(player)
    player.frame(moving_to(player, settings.move(4, 0).center))  # on the same button: the ring goes
    assert player.app.scene.group.focus is None and len(drawn) == 1
    assert player.app.ctx.text.marks.focus is None  # what is on screen shows it gone


def test_a_button_laid_out_anew_under_the_resting_pointer_is_drawn_lit_at_the_pointers_next_move(
        player_factory) -> None:  # type: ignore[no-untyped-def]
    player = player_factory(MemoryStorage())
    player.frame()
    player.frame(moving_to(player, player.button("scene:settings").center))
    assert player.app.ctx.languages.choose("fr")
    player.frame()  # the menu laid out again in French: its buttons are new, none lit, one under the pointer
    settings = next(b for b in player.app.scene.group.buttons if b.action == "scene:settings")
    assert settings.rect.collidepoint(player.app.pointer) and not settings.hovered
    drawn = counting_draws(player)
    player.frame(moving_to(player, settings.rect.move(3, 0).center))
    assert settings.hovered and len(drawn) == 1  # lit now, and drawn so (found by a wandering player)
