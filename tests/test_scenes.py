"""The game's scenes driven by real pygame events (headless), as a player would use them.

Time is a virtual clock that advances 50 ms a frame, so animations and the
computer's minimum thinking time pass quickly without sleeping.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.engine import BLACK, PASS, WHITE, GameRecord, Position, parse_square
from game.platform.links import SHARE_BASE_ENV
from game.platform.storage import FileStorage, MemoryStorage
from game.play.levels import level_title
from game.play.match import MatchSetup
from game.scenes.entries import (
    ENTRY_TYPES,
    AnalysisEntry,
    ChallengeEntry,
    GameEntry,
    ResultsEntry,
    ReviewEntry,
    TrainerPlayEntry,
)
from game.scenes.game import GameScene
from game.scenes.menu import MenuScene
from game.scenes.results import ResultsScene
from game.ui.layout import LANDSCAPE, PHONE, PHONE_LANDSCAPE, PORTRAIT
from game.ui.text import plural
from tests.app_driver import Player, finish, start_two_player_game
from tests.test_transcripts import LONG_GAME, open_transcript

PASS_GAME = "d3c3e6d2d1e1b2"
"""After these moves White's c1 leaves Black without a move: Black passes and White plays again."""

# Black 39, White 3 (corners a1, h1, a8), 22 empty squares none of which either side can use.
_EMPTY = {"c2", "d2", "e2", "f2", "b3", "d3", "e3", "g3", "b4", "c4", "f4", "g4",
          "b5", "c5", "f5", "g5", "b6", "d6", "e6", "g6", "c7", "d7"}
BLOCKED_39_3 = "".join(
    "O" if name in ("a1", "h1", "a8") else "-" if name in _EMPTY else "X"
    for name in (f"{'abcdefgh'[i % 8]}{i // 8 + 1}" for i in range(64))
) + " X"


def start_computer_game(player: Player, level_name: str = "Novice", colour: str = "black") -> None:
    player.click_button("scene:new_game")
    level_index = next(i for i, b in enumerate(player.app.scene.group.buttons)  # type: ignore[attr-defined]
                       if b.label == level_name)
    player.click(player.app.scene.group.buttons[level_index].rect.center)  # type: ignore[attr-defined]
    player.click_button(f"colour:{colour}")
    player.click_button("start")
    assert player.app.scene_name == "game"


# -- the menu ----------------------------------------------------------------


def test_menu_entries_with_continue_have_room_for_their_subtitles(player_factory) -> None:
    player = player_factory()
    start_two_player_game(player)
    player.click_square("f5")
    player.press(pygame.K_ESCAPE)
    menu = player.app.scene
    assert isinstance(menu, MenuScene) and menu.saved is not None
    buttons = menu.group.buttons
    assert buttons[0].action == "continue" and len(buttons) >= 10
    theme = player.app.ctx.theme
    for button in buttons:
        if not button.subtitle:
            continue
        fill = theme.accent if button.primary else theme.button
        rect = button.rect
        for y in (*range(rect.top + 2, rect.top + 6), *range(rect.bottom - 6, rect.bottom - 2)):
            row = {player.pixel((x, y)) for x in range(rect.left + 16, rect.right - 16)}
            assert row == {fill}, f"text touches the edge of {button.label!r} at y={y}"


def test_a_new_game_from_the_menu_asks_first(player_factory) -> None:
    player = player_factory()
    start_two_player_game(player)
    player.click_square("f5")
    player.press(pygame.K_ESCAPE)
    for action in ("two", "scene:new_game"):
        player.click_button(action)
        menu = player.app.scene
        assert isinstance(menu, MenuScene) and menu.dialog is not None
        player.press(pygame.K_RETURN)  # the default keeps the game
        assert player.app.scene_name == "menu" and menu.dialog is None
        saved = player.app.ctx.store.load_saved_game()
        assert saved is not None and saved.record.transcript == "f5"
    player.click_button("two")
    player.click_button("confirm")
    assert player.app.scene_name == "game" and player.game.record.moves == []


# -- the start of a game -------------------------------------------------------


def test_start_position_pixels_white_on_d4_and_dots_on_the_four_legal_squares(player_factory) -> None:
    player = player_factory(animation="normal")
    start_computer_game(player)
    view = player.game.view
    theme = player.app.ctx.theme
    assert all(c > 215 for c in player.pixel(view.square_center(parse_square("d4"))))   # white disc
    assert all(c < 120 for c in player.pixel(view.square_center(parse_square("e4"))))    # black disc
    for name in ("d3", "c4", "f5", "e6"):
        assert player.pixel(view.square_center(parse_square(name))) == theme.legal_dot, name
    for name in ("a1", "c3", "f6", "e3"):
        assert player.pixel(view.square_center(parse_square(name))) != theme.legal_dot, name


def test_legal_dots_setting_off_hides_them(player_factory) -> None:
    player = player_factory()
    player.click_button("scene:settings")
    player.click_button("show_legal=off")
    player.click_button("back")
    start_computer_game(player)
    centre = player.game.view.square_center(parse_square("d3"))
    assert player.pixel(centre) != player.app.ctx.theme.legal_dot
    assert '"show_legal": false' in (player.app.ctx.store.documents.storage.read("settings") or "")


def test_illegal_click_changes_nothing_and_says_why(player_factory) -> None:
    player = player_factory()
    start_computer_game(player)
    before = player.game.record.position
    player.click_square("a1")
    player.click_square("d4")
    assert player.game.record.position == before
    assert "taken" in player.game.status_text()
    player.click_square("a1")
    assert "not a legal move" in player.game.status_text()


# -- whole games ---------------------------------------------------------------


def test_whole_game_against_novice_played_by_clicks_reaches_the_results(player_factory) -> None:
    player = player_factory()
    start_computer_game(player, "Novice", "black")
    human_moves = 0
    for _ in range(3000):
        scene = player.app.scene
        if isinstance(scene, ResultsScene):
            break
        if isinstance(scene, GameScene) and scene.dialog is not None:
            player.click_button("ok")
        elif player.my_turn():
            square = player.game.position.legal_squares()[-1]
            player.click(player.game.view.square_center(square))
            human_moves += 1
        else:
            player.frame()
    results = player.app.scene
    assert isinstance(results, ResultsScene), "the game never reached the results"
    result = results.record.result
    assert result is not None and human_moves >= 5
    summary = results.summary()
    margin = result.margin(BLACK)
    expected = "You win!" if margin > 0 else "The computer wins" if margin < 0 else "It's a draw"
    assert summary.headline == expected
    assert f"{result.tournament_counts[0]} – {result.tournament_counts[1]}" == summary.main_score
    tally = player.app.ctx.stats.tally("Novice", BLACK)
    assert tally.played == 1 and (tally.won, tally.lost, tally.drawn) == (
        int(margin > 0), int(margin < 0), int(margin == 0))
    # the finished game is no longer offered for resume
    assert player.app.ctx.store.documents.storage.read("savegame") is None
    player.click_button("menu")
    assert not player.app.scene.group.buttons[0].enabled  # type: ignore[attr-defined]  # nothing to continue


def play_out_by_clicks(player: Player) -> None:
    """Both sides click their first legal square until the results appear."""
    for _ in range(600):
        if isinstance(player.app.scene, ResultsScene):
            return
        scene = player.game
        if scene.dialog is not None:
            player.click_button("ok")
        elif player.my_turn():
            player.click(scene.view.square_center(scene.position.legal_squares()[0]))
        else:
            player.frame()
    raise AssertionError("two-player game did not finish")


def test_two_player_game_and_rematch_swaps_colours(player_factory) -> None:
    player = player_factory()
    player.click_button("two")
    first = player.game.setup
    assert first.mode == "two"
    assert player.game.setup.player_name(first.human) == "Player 1"
    play_out_by_clicks(player)
    assert player.app.ctx.stats.two_player_games == 1
    player.click_button("rematch")
    second = player.game.setup
    assert second.mode == "two" and second.human != first.human
    assert player.game.record.moves == []
    assert player.game.setup.player_name(first.human) == "Player 2"


def test_forced_pass_is_announced_and_must_be_acknowledged(player_factory) -> None:
    player = player_factory(fragment=PASS_GAME, animation="normal")
    game = player.game
    assert game.setup.mode == "two" and game.record.transcript == PASS_GAME
    player.click_square("c1")  # White's move; Black then has no legal move
    player.run_until(lambda: player.game.dialog is not None)
    assert player.game.dialog is not None
    assert player.game.dialog.title == "Black has no legal move and passes"
    assert player.game.record.played[-1] == PASS
    position = player.game.record.position
    assert position.to_move == WHITE
    # the board ignores clicks until the announcement is acknowledged
    legal = position.legal_squares()[0]
    player.click(player.game.view.square_center(legal))
    assert player.game.record.position == position
    player.click_button("ok")
    assert player.game.dialog is None
    player.click(player.game.view.square_center(legal))
    assert player.game.record.position != position


def test_computer_pass_is_announced_to_the_player(player_factory) -> None:
    player = player_factory()
    record = GameRecord.from_transcript(PASS_GAME)
    player.app.scene.open(GameEntry(setup=MatchSetup("computer", WHITE, 0), record=record))  # type: ignore[attr-defined]
    player.frame()
    player.click_square("c1")
    player.run_until(lambda: player.game.dialog is not None)
    assert player.game.dialog is not None and "Your turn again" in player.game.dialog.message
    player.press(pygame.K_RETURN)
    assert player.game.dialog is None and player.my_turn()


# -- undo, redo, keyboard, touch, hint, share ----------------------------------


def test_undo_and_redo_against_the_computer_return_to_your_turn(player_factory) -> None:
    player = player_factory()
    start_computer_game(player)
    player.click_square("f5")
    player.run_until(lambda: player.my_turn() and len(player.game.record.moves) == 2)
    two_moves = player.game.record.transcript
    player.click_button("undo")
    assert player.game.record.moves == [] and player.my_turn()
    player.click_button("redo")
    assert player.game.record.transcript == two_moves and player.my_turn()
    player.press(pygame.K_z, pygame.KMOD_CTRL)
    assert player.game.record.moves == []
    player.press(pygame.K_y, pygame.KMOD_CTRL)
    assert player.game.record.transcript == two_moves


def test_undo_and_redo_in_a_two_player_game_step_one_move(player_factory) -> None:
    player = player_factory()
    player.click_button("two")
    player.click_square("f5")
    player.click_square("d6")
    player.click_button("undo")
    assert player.game.record.transcript == "f5"
    player.click_button("undo")
    assert player.game.record.transcript == ""
    assert not player.game.can_undo()
    player.click_button("redo")
    player.click_button("redo")
    assert player.game.record.transcript == "f5d6"


def test_keyboard_arrows_and_enter_place_a_disc(player_factory) -> None:
    player = player_factory()
    player.click_button("two")
    player.press(pygame.K_RIGHT)        # first press shows the cursor on the first legal square (d3)
    assert player.game.board.cursor == parse_square("d3")
    player.press(pygame.K_DOWN)         # d4: taken
    player.press(pygame.K_RETURN)
    assert player.game.record.moves == []
    player.press(pygame.K_LEFT)         # c4: legal
    player.press(pygame.K_RETURN)
    assert player.game.record.transcript == "c4"


def test_touch_tap_acts_once(player_factory) -> None:
    player = player_factory()
    player.click_button("two")
    centre = player.app.to_window(player.game.view.square_center(parse_square("f5")))
    width, height = player.app.window.get_size()
    finger = {"x": centre[0] / width, "y": centre[1] / height, "finger_id": 0, "touch_id": 0, "dx": 0, "dy": 0,
              "pressure": 1.0}
    player.frame([
        pygame.event.Event(pygame.FINGERDOWN, finger),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=1, touch=True),
        pygame.event.Event(pygame.FINGERUP, finger),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=centre, button=1, touch=True),
    ])
    assert player.game.record.transcript == "f5"


@pytest.mark.parametrize(("window", "layout"), [((630, 1120), PORTRAIT), ((450, 800), PHONE),
                                                    ((800, 360), PHONE_LANDSCAPE), ((640, 400), LANDSCAPE)])
def test_clicks_map_through_a_scaled_window_and_portrait_layout(player_factory, window, layout) -> None:
    player = player_factory(window_size=window)
    assert player.app.surface.get_size() == layout
    player.click_button("two")
    player.click_square("e6")
    assert player.game.record.transcript == "e6"


def test_hint_shows_a_legal_best_move(player_factory) -> None:
    player = player_factory()
    start_computer_game(player)
    player.press(pygame.K_h)
    player.run_until(lambda: player.game.hint is not None, frames=600)
    best = player.game.hint.best[0]
    assert best in player.game.position.legal_squares()
    assert player.game.status_text().startswith("Hint: ")
    assert player.game.marks().best == [best]
    # at the start every move is one of the four symmetric openings: the hint says masters play it
    assert "A book move, played in" in player.game.status_text()


def test_share_prints_a_link_with_the_transcript_at_the_configured_address(player_factory, monkeypatch) -> None:
    monkeypatch.setenv(SHARE_BASE_ENV, "https://games.example.org/othello/")
    player = player_factory()
    player.click_button("two")
    player.click_square("f5")
    player.click_square("d6")
    player.click_button("share")
    assert player.printed[-1] == "Share this game: https://games.example.org/othello/#f5d6"


def test_share_without_a_configured_address_gives_the_moves_never_a_placeholder(player_factory, monkeypatch,
                                                                               tmp_path) -> None:
    monkeypatch.delenv(SHARE_BASE_ENV, raising=False)
    monkeypatch.setattr("game.platform.links.SHARE_BASE_FILE", tmp_path / "no-share-base.txt")  # none recorded either
    player = player_factory()
    player.click_button("two")
    player.click_square("f5")
    player.click_square("d6")
    player.click_button("share")
    assert player.printed[-1] == "This game: f5d6"
    toast = player.app.ctx.toasts[-1].message
    assert "moves" in toast and "http" not in toast and "OWNER" not in toast


def test_resign_counts_a_loss_and_shows_who_resigned(player_factory) -> None:
    player = player_factory()
    start_computer_game(player, "Novice", "black")
    player.click_button("resign")
    player.click_button("confirm")
    assert isinstance(player.app.scene, ResultsScene)
    assert "You resigned" in player.app.scene.summary().reason
    assert player.app.ctx.stats.tally("Novice", BLACK).lost == 1


# -- the game screen: dialogs, cards, colours, words -------------------------


def test_enter_in_the_resign_dialog_keeps_playing(player_factory) -> None:
    player = player_factory()
    start_two_player_game(player)
    player.click_square("f5")
    player.click_button("resign")
    dialog = player.game.dialog
    assert dialog is not None
    last_line_bottom = dialog.rect.top + 74 + 30 * len(dialog.lines)
    assert all(b.rect.top - last_line_bottom >= 24 for b in dialog.group.buttons)
    player.press(pygame.K_RETURN)
    assert player.app.scene_name == "game" and player.game.dialog is None
    assert player.game.record.transcript == "f5" and player.app.ctx.stats.two_player_games == 0


def test_player_one_sits_on_the_left_in_a_two_player_game(player_factory) -> None:
    player = player_factory()
    for _ in range(2):
        player.app.scene.open(GameEntry(setup=MatchSetup("two", WHITE)))  # type: ignore[attr-defined]
        player.frame()
        assert player.game.card_order() == (WHITE, BLACK)
        assert player.game.setup.player_name(player.game.card_order()[0]) == "Player 1"
        player.press(pygame.K_ESCAPE)


def test_a_refused_square_flashes_clearly_red_and_dots_have_a_light_ring(player_factory) -> None:
    player = player_factory()
    start_two_player_game(player)
    view = player.game.view
    theme = player.app.ctx.theme
    cx, cy = view.square_center(parse_square("f5"))
    radius = max(5, view.square // 7)
    assert player.pixel((cx + radius - 1, cy)) == theme.legal_ring
    player.click_square("a1")
    rect = view.square_rect(parse_square("a1"))
    red, green, blue = player.pixel((rect.left + 8, rect.top + 8))
    assert red > 170 and green < 110 and blue < 110


def test_counts_and_words(player_factory) -> None:
    assert (plural(1, "move"), plural(2, "move"), plural(1, "pass", "passes")) == ("1 move", "2 moves", "1 pass")
    player = player_factory()
    player.click_button("scene:new_game")
    player.click_button("start")
    assert "Tap" not in player.game.status_text() and "choose" in player.game.status_text()


# -- the move list -----------------------------------------------------------


def cell_of(player: Player, ply: int) -> pygame.Rect:
    return next(rect for rect, index in player.game.moves.cells if index == ply)


def test_the_move_list_jumps_to_any_move_and_keeps_undone_moves_greyed_until_replaced(player_factory) -> None:
    player = player_factory()
    player.click_button("two")
    for name in ("f5", "d6", "c3", "d3"):
        player.click_square(name)
    player.click(cell_of(player, 0).center)  # back to the position after f5
    game = player.game
    assert game.record.transcript == "f5" and len(game.record.plies) == 4
    assert len(game.moves.cells) == 4  # the undone moves are still listed
    theme = player.app.ctx.theme
    later = cell_of(player, 2)
    greyed = {player.pixel((x, y)) for x in range(later.left, later.right) for y in range(later.top, later.bottom)}
    assert theme.text not in greyed  # drawn, but not in the colour of played moves
    player.click(cell_of(player, 2).center)  # forward to a greyed move
    assert game.record.transcript == "f5d6c3"
    player.click(cell_of(player, 0).center)
    player.click_square("f6")  # a different move from d6
    assert len(game.record.plies) == 2 and len(game.moves.cells) == 2  # the old tail is gone


# -- persistence ---------------------------------------------------------------


def test_resume_after_restarting_the_program(tmp_path: Path, player_factory) -> None:
    storage = FileStorage(tmp_path / "profile")
    first = player_factory(storage)
    start_computer_game(first, "Novice", "white")
    first.run_until(lambda: first.my_turn())
    first.click(first.game.view.square_center(first.game.position.legal_squares()[0]))
    first.run_until(lambda: first.my_turn())
    transcript = first.game.record.transcript
    assert len(transcript) == 6
    pygame.quit()

    second = player_factory(FileStorage(tmp_path / "profile"))
    assert second.app.scene_name == "menu"
    continue_button = second.app.scene.group.buttons[0]  # type: ignore[attr-defined]
    assert continue_button.action == "continue" and "as White" in continue_button.subtitle
    second.click_button("continue")
    assert second.game.record.transcript == transcript
    assert second.game.setup == MatchSetup("computer", WHITE, 0)
    assert second.my_turn()


def test_corrupt_save_file_is_set_aside_and_play_goes_on(tmp_path: Path, player_factory) -> None:
    (tmp_path / "savegame.json").write_text('{"setup": {"mode": "computer"', encoding="utf-8")
    (tmp_path / "settings.json").write_bytes(b"\xff\xfe garbage")
    player = player_factory(FileStorage(tmp_path))
    messages = " ".join(t.message for t in player.app.ctx.toasts)
    assert "saved game could not be read" in messages
    assert "settings could not be read" in messages
    assert list(tmp_path.glob("savegame.corrupt-*.json")) and not (tmp_path / "savegame.json").exists()
    assert [b.action for b in player.app.scene.group.buttons if b.enabled][0] != "continue"  # type: ignore[attr-defined]
    player.click_button("two")
    player.click_square("f5")
    assert player.game.record.transcript == "f5"
    assert "f5" in (tmp_path / "savegame.json").read_text(encoding="utf-8")


def test_bad_link_fragment_is_reported_and_the_menu_opens(player_factory) -> None:
    player = player_factory(MemoryStorage(), fragment="f5f5")
    assert player.app.scene_name == "menu"
    assert any("shared game" in t.message for t in player.app.ctx.toasts)


# -- results -------------------------------------------------------------------


def test_results_with_empty_squares_show_both_scores(player_factory) -> None:
    position = Position.from_text(BLOCKED_39_3)
    assert position.is_over() and position.black_count == 39 and position.empty_count == 22
    player = player_factory()
    player.app.scene.open(GameEntry(setup=MatchSetup("two", BLACK, start=BLOCKED_39_3)))  # type: ignore[attr-defined]
    player.run_until(lambda: isinstance(player.app.scene, ResultsScene))
    summary = player.app.scene.summary()  # type: ignore[attr-defined]
    assert summary.headline.startswith("Black wins")
    assert summary.reason == "Neither side can move."
    assert summary.main_score == "61 – 3" and summary.main_rule == "Empty squares to the winner"
    assert summary.other_score == "39 – 3"
    assert "22 empty squares" in summary.explanation
    player.app.ctx.settings.headline = "discs"
    summary = player.app.scene.summary()  # type: ignore[attr-defined]
    assert summary.main_score == "39 – 3" and summary.other_score == "61 – 3"


def test_a_two_player_resignation_names_the_player(player_factory) -> None:
    player = player_factory()
    start_two_player_game(player)
    player.click_square("f5")
    white = player.game.position.to_move
    name = player.game.setup.player_name(white)
    player.click_button("resign")
    player.click_button("confirm")
    reason = finish(player).summary().reason
    assert reason.startswith(f"White ({name}) resigned after 1 move,")


# -- layout: toasts keep clear of the buttons --------------------------------


def test_toasts_do_not_cover_buttons(player_factory) -> None:
    player = player_factory()
    open_transcript(player, LONG_GAME)
    transcript = player.app.scene
    player.click_button("copy")
    toast = player.app.ctx.toasts[-1]
    rect, _ = toast.layout(player.app.ctx.size, player.app.ctx.text)
    assert not any(rect.colliderect(b.rect) for b in transcript.group.buttons)  # type: ignore[attr-defined]
    player.click_button("two")
    toast = player.app.ctx.toasts[-1]
    assert toast.message.startswith("Replayed 59 moves")
    rect, _ = toast.layout(player.app.ctx.size, player.app.ctx.text)
    assert not any(rect.colliderect(b.rect) for b in player.game.group.buttons)


def test_no_scene_puts_a_toast_over_a_button(player_factory) -> None:
    for size in ((1280, 800), (720, 1280)):
        player = player_factory(window_size=size)
        record = GameRecord.from_transcript("f5d6c3d3c4")
        entries = {"results": ResultsEntry(MatchSetup("two", BLACK), record), "review": ReviewEntry(record),
                   "challenge": ChallengeEntry(""), "analysis": AnalysisEntry(record.position),
                   "trainer_play": TrainerPlayEntry(BLACK)}
        for name, entry_type in ENTRY_TYPES.items():
            player.app.scene.home()
            player.frame()
            player.app.scene.open(entries.get(name) or entry_type())
            player.frame()
            assert player.app.scene_name == name or name in ("challenge", "trainer_play")
            player.app.ctx.toasts.show("A message long enough to take two lines on the narrower screens, " * 2)
            rect, _ = player.app.ctx.toasts[-1].layout(player.app.ctx.size, player.app.ctx.text)
            group = getattr(player.app.scene, "group", None)
            buttons = group.buttons if group is not None else []
            covered = [b.label for b in buttons if rect.colliderect(b.rect)]
            assert not covered, f"{name} at {size}: the toast covers {covered}"
        pygame.quit()


def test_menu_has_no_dead_buttons(player_factory) -> None:
    player = player_factory(MemoryStorage())
    buttons = player.app.scene.group.buttons  # type: ignore[attr-defined]
    assert [b.action for b in buttons if not b.enabled] == ["continue"]  # shown disabled: no game to continue
    actions = [b.action for b in buttons if b.enabled]
    for action in actions:
        if action == "quit":
            continue
        player.click_button(action)
        assert player.app.scene_name != "menu", f"{action} did nothing"
        player.press(pygame.K_ESCAPE)
        assert player.app.scene_name == "menu"
    player.click_button("quit")
    assert not player.app.running


def test_flipped_discs_turn_over_visibly(player_factory) -> None:
    player = player_factory(animation="normal")
    player.click_button("two")
    view = player.game.view
    cx, cy = view.square_center(parse_square("e5"))
    edge = (cx - int(view.diameter * 0.4), cy)   # near the left rim of the disc on e5

    def felt_at_rim() -> bool:
        r, g, b = player.pixel(edge)
        return g > r + 40 and g > b + 20   # green felt, not a grey-scale disc

    assert not felt_at_rim()
    player.click_square("f5")                     # Black flips e5
    seen_felt_at_rim = False
    for _ in range(20):
        if player.game.animation is None:
            break
        seen_felt_at_rim |= felt_at_rim()
        player.frame()
    assert seen_felt_at_rim, "the disc on e5 never narrowed while turning over"
    assert player.game.animation is None
    assert all(c < 120 for c in player.pixel((cx, cy)))  # black now


def test_mute_setting_silences_sounds(player_factory) -> None:
    player = player_factory()
    player.click_button("scene:settings")
    player.click_button("sound=off")
    assert player.app.assets.sounds.muted
    player.click_button("sound=on")
    assert not player.app.assets.sounds.muted


def test_turning_the_window_to_portrait_mid_game_keeps_the_game(player_factory) -> None:
    player = player_factory()
    player.click_button("two")
    player.click_square("f5")
    landscape_board = player.game.view.rect.copy()
    pygame.display.set_mode((600, 1000), pygame.RESIZABLE)
    player.frame([pygame.event.Event(pygame.VIDEORESIZE, size=(600, 1000), w=600, h=1000)])
    assert player.app.surface.get_size() == PORTRAIT
    assert player.game.view.rect != landscape_board
    assert player.game.record.transcript == "f5"
    player.click_square("d6")
    assert player.game.record.transcript == "f5d6"


def test_no_audio_device_means_silence_not_a_crash(monkeypatch: pytest.MonkeyPatch, player_factory) -> None:
    pygame.mixer.quit()

    def no_device(*args: object, **kwargs: object) -> None:
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    player = player_factory(MemoryStorage(), animation="normal")
    assert not player.app.assets.sounds.available
    player.click_button("two")
    player.click_square("f5")
    player.run_until(lambda: player.game.animation is None)
    assert player.game.record.transcript == "f5"


def test_hovering_a_legal_square_previews_the_disc(player_factory) -> None:
    player = player_factory()
    player.click_button("two")
    f5 = player.game.view.square_center(parse_square("f5"))
    beside = (f5[0] + player.game.view.diameter // 4, f5[1])
    felt = sum(player.pixel(beside))
    player.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=player.app.to_window(f5), rel=(0, 0),
                                     buttons=(0, 0, 0))])
    assert sum(player.pixel(beside)) < felt - 25, "no faint black disc under the pointer"
    assert player.pixel(f5) == player.app.ctx.theme.legal_dot   # the dot stays on top
    assert player.game.record.moves == []


@pytest.mark.parametrize("window", [(1280, 800), (450, 800), (800, 360)])
def test_settings_credit_the_ffo_for_the_master_games_behind_the_ai(player_factory, window) -> None:
    player = player_factory(window_size=window)
    player.click_button("scene:settings")
    credit = [t for t in player.recorded_frame().texts if "WTHOR" in t.text]
    assert credit and "French Othello Federation" in credit[0].text
    assert " ".join(t.shown for t in credit).split() == credit[0].text.split()  # all of it, not cut short
    assert all(player.app.surface.get_rect().contains(t.rect) for t in credit)
    back = player.button("back")
    assert back.bottom < player.app.ctx.size[1]


# -- the menu remembers the level last played (issue 21, item 9) ---------------------------


def menu_subtitle(player: Player, action: str) -> str:
    scene = player.app.scene
    assert isinstance(scene, MenuScene)
    return next(b.subtitle for b in scene.group.buttons if b.action == action)


def test_the_menu_names_the_custom_level_last_played(tmp_path: Path) -> None:
    from game.ai import LEVELS

    player = Player(FileStorage(tmp_path))
    player.click_button("scene:new_game")
    player.click_button("level:0")  # Novice first, then a custom time instead
    player.click_button("custom:time:1")
    player.click_button("colour:black")
    player.click_button("start")
    assert player.game.level.name == "Custom (1 s a move)"
    player.press(pygame.K_ESCAPE)
    assert menu_subtitle(player, "scene:new_game") == "Last level: Custom (1 s a move)"
    pygame.quit()

    again = Player(FileStorage(tmp_path))  # read back from the settings file
    assert menu_subtitle(again, "scene:new_game") == "Last level: Custom (1 s a move)"
    again.click_button("scene:new_game")  # no question: the game left without a move was not kept
    again.click_button("level:2")  # a named level again
    again.click_button("back")
    assert menu_subtitle(again, "scene:new_game") == f"Last level: {level_title(LEVELS[2].name)}"
    pygame.quit()


# -- the results say why a practice game is not counted ------------------------------------------------


def test_the_results_say_where_a_practice_game_started() -> None:
    from game.play.match import MatchSetup
    from game.scenes.results import practice_note

    assert practice_note(MatchSetup("computer", "X", given=12)) == (
        "A practice game, played on after 12 moves handed in: not counted in the statistics.")
    assert "set-up position" in practice_note(MatchSetup("two", "X", start="-" * 64 + " X"))
    assert "pasted" not in practice_note(MatchSetup("computer", "X", given=1))


def test_arrows_on_new_game_move_to_the_nearest_control_that_way(player_factory) -> None:
    """Issue 47, item 11: Down from the levels reaches the customs, then Play at my level and the actions row."""
    player = player_factory(MemoryStorage())
    player.click_button("scene:new_game")
    group = player.app.scene.group
    focused = lambda: group.buttons[group.focus].action if group.focus is not None else None  # noqa: E731

    def seen_going(key: int, presses: int) -> list[str | None]:
        visited = []
        for _ in range(presses):
            player.press(key)
            visited.append(focused())
        return visited

    group.focus = next(i for i, b in enumerate(group.buttons) if b.action == "level:0")
    down = seen_going(pygame.K_DOWN, 12)
    assert "start" in down or "two" in down or "back" in down, down  # the actions row is reached, never skipped
    rows = [b.rect.top for b in group.buttons if b.action in down]
    assert rows == sorted(rows)  # each press goes down the screen, none wraps to the top
    assert down[-1] == down[-2]  # at the bottom it stays
    below = {b.action: b.rect for b in group.buttons}
    level_rect = below["level:0"]
    assert below[down[0]].left <= level_rect.centerx <= below[down[0]].right or down[0].startswith("level:")
    assert down[-1] == "back"
    right = seen_going(pygame.K_RIGHT, 3)
    assert right == ["two", "start", "my_level"], right  # along the row, then the nearest control that way
    up = seen_going(pygame.K_UP, 20)
    assert up[-1] is not None and below[up[-1]].top == min(b.rect.top for b in group.buttons)  # back to the top row
