"""Issue 13's defects, each driven by real pygame events through the real scenes (headless)."""

from __future__ import annotations

import warnings

import pygame

from game.app import MIN_WINDOW
from game.engine import BLACK, WHITE, GameRecord, parse_square
from game.play.match import MatchSetup
from game.scenes.challenges import ChallengeScene, draw_stars
from game.scenes.entries import (
    ENTRY_TYPES,
    AnalysisEntry,
    ChallengeEntry,
    GameEntry,
    ResultsEntry,
    ReviewEntry,
    TrainerPlayEntry,
)
from game.scenes.menu import MenuScene
from game.scenes.results import ResultsScene
from game.scenes.review import ReviewScene
from game.scenes.transcript import TranscriptScene
from game.scenes.tutorial import TutorialScene
from game.ui.layout import PORTRAIT
from game.ui.text import plural
from tests.app_driver import Player

LONG_GAME = ("c4c5f6c3b5g7e3e6c2f3g3a5h8b3f4f2b4f5f7h3a3d2e2e1a6e7d7c1c6g8f1g4d1b6b1d3g6b7f8a7c7h6a8b2"
             "g5g2a1d6h2h5a4d8c8h7e8a2h4b8g1")
"""59 moves of a legal game, typed without spaces."""
ONE_FROM_WIPEOUT = "d3c3b3d2e1d6d7e3"
"""Black to move; f4 takes White's last disc (a 64-0 win)."""
WIPEOUT_POSITION = "----X------X-----XXXO------XO------XO------X-------X------------ X"
"""The position after ``ONE_FROM_WIPEOUT``, as a 64-square text."""


def type_text(player: Player, typed: str) -> None:
    player.frame([pygame.event.Event(pygame.TEXTINPUT, text=typed)])


def open_transcript(player: Player, typed: str) -> TranscriptScene:
    player.click_button("scene:transcript")
    scene = player.app.scene
    assert isinstance(scene, TranscriptScene)
    scene.set_text("")  # it opens on the last game
    type_text(player, typed)
    assert scene.record is not None, scene.error
    return scene


def start_two_player_game(player: Player) -> None:
    player.click_button("two")
    assert player.app.scene_name == "game"


def finish(player: Player) -> ResultsScene:
    player.run_until(lambda: isinstance(player.app.scene, ResultsScene))
    scene = player.app.scene
    assert isinstance(scene, ResultsScene)
    return scene


# 1 -- long text wraps inside the transcript box -------------------------------------------


def test_a_long_transcript_or_position_stays_inside_the_box(player_factory) -> None:
    player = player_factory()
    player.click_button("scene:transcript")
    scene = player.app.scene
    assert isinstance(scene, TranscriptScene)
    gap = pygame.Rect(scene.box.right + 2, scene.box.top, scene.board_rect.left - scene.box.right - 4,
                      scene.box.height)

    def gap_pixels() -> list[tuple[int, int, int]]:
        return [player.pixel((x, y)) for x in range(gap.left, gap.right) for y in range(gap.top, gap.bottom, 3)]

    empty = gap_pixels()
    for typed in (LONG_GAME, WIPEOUT_POSITION + "\n" + "f4"):
        player.click_button("clear")
        type_text(player, typed)
        assert scene.record is not None, scene.error
        player.frame()
        assert gap_pixels() == empty  # nothing ran past the box into the preview board
        lines = player.app.ctx.text.wrap(scene.text, 24, scene.box.width - 32)
        assert all(player.app.ctx.text.width(line, 24) <= scene.box.width - 32 for line in lines)


# 3 -- statistics cannot be farmed ------------------------------------------------------------


def test_a_win_from_a_pasted_game_or_position_counts_nothing_even_on_rematch(player_factory) -> None:
    player = player_factory()
    for typed in (ONE_FROM_WIPEOUT, WIPEOUT_POSITION):
        open_transcript(player, typed)
        player.click_button("computer")
        game = player.game
        assert game.setup.human == BLACK and not game.setup.counts
        assert "Practice" in game.status_text()
        player.click_square("f4")
        results = finish(player)
        assert results.record.result is not None and results.summary().headline == "You win!"
        assert player.app.ctx.stats.totals().played == 0
        if typed == WIPEOUT_POSITION:  # a rematch from the pasted position is still practice
            player.click_button("rematch")
            player.click_square("f4")
            finish(player)
            assert player.app.ctx.stats.totals().played == 0
        player.click_button("menu")


def test_a_game_from_the_standard_start_still_counts_and_the_statistics_can_be_reset(player_factory) -> None:
    player = player_factory()
    player.click_button("scene:new_game")
    player.click_button("start")
    player.click_button("resign")
    player.click_button("confirm")
    assert player.app.ctx.stats.totals().lost == 1
    player.click_button("menu")
    player.click_button("scene:stats")
    player.click_button("reset")
    player.press(pygame.K_RETURN)  # the dialog's default keeps them
    assert player.app.ctx.stats.totals().lost == 1
    player.click_button("reset")
    player.click_button("confirm")
    assert player.app.ctx.stats.totals().played == 0
    # and it stays reset after a restart
    player.click_button("back")
    assert player.app.scene_name == "menu"


# 4 -- the review judges only the moves played in this game ------------------------------------


def test_the_review_judges_only_moves_played_after_the_paste(player_factory) -> None:
    player = player_factory()
    open_transcript(player, "f5d6c3d3c4f4f6f3e6e7")
    player.click_button("computer")
    game = player.game
    assert game.setup.human == BLACK and game.setup.given == 10
    player.click(game.view.square_center(game.position.legal_squares()[0]))
    player.click_button("resign")
    player.click_button("confirm")
    player.click_button("review")
    review = player.app.scene
    assert isinstance(review, ReviewScene) and review.analysis is not None
    review.analysis.run()
    player.frame()
    mine = review.summary(BLACK)
    theirs = review.summary(WHITE)
    assert mine is not None and theirs is not None
    assert mine.moves == 1 and theirs.moves <= 1
    assert review.analysis.summary(BLACK).moves >= 5  # the pasted ones were analysed, just not credited


# 5 -- menu subtitles keep clear of the buttons' borders -----------------------------------------


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


# 6 -- a new game from the menu asks before abandoning the saved one --------------------------------


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
        saved = player.app.ctx.load_saved_game()
        assert saved is not None and saved.record.transcript == "f5"
    player.click_button("two")
    player.click_button("confirm")
    assert player.app.scene_name == "game" and player.game.record.moves == []


# 7 -- dialogs: room around the text, and Enter is the safe choice -----------------------------------


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


# 8 -- the results say who resigned ------------------------------------------------------------------


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


# 9 -- the review in portrait keeps the move list and the opening; a minimum window --------------------


def test_the_review_in_portrait_has_a_clickable_move_list_and_the_opening(player_factory) -> None:
    player = player_factory(window_size=(720, 1280))
    assert player.app.ctx.size == PORTRAIT
    player.app.scene.open(ReviewEntry(record=GameRecord.from_transcript("f5d6c3d3c4"), setup=MatchSetup("two", BLACK)))
    player.frame()
    review = player.app.scene
    assert isinstance(review, ReviewScene) and review.opening
    cells = review.move_list.cells
    assert len(cells) == 5 and all(player.app.surface.get_rect().contains(rect) for rect, _ in cells)
    rect, ply = cells[3]
    player.click(rect.center)
    assert review.index == ply == 3


def test_the_desktop_window_has_a_minimum_size(player_factory) -> None:
    player_factory()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        window = pygame.Window.from_display_module()
    assert window.minimum_size == MIN_WINDOW


# 10 -- toasts stay clear of the buttons ---------------------------------------------------------------


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


# 11 -- words, places, colours -----------------------------------------------------------------------------


def test_counts_and_words(player_factory) -> None:
    assert (plural(1, "move"), plural(2, "move"), plural(1, "pass", "passes")) == ("1 move", "2 moves", "1 pass")
    player = player_factory()
    player.click_button("scene:new_game")
    player.click_button("start")
    assert "Tap" not in player.game.status_text() and "choose" in player.game.status_text()


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


def test_empty_stars_are_drawn_as_outlines() -> None:
    surface = pygame.Surface((100, 40))
    surface.fill((0, 0, 0))
    draw_stars(surface, (50, 20), 0, 24, (255, 200, 0), (200, 200, 200))
    colours = {tuple(surface.get_at((x, y)))[:3] for x in range(100) for y in range(40)}
    assert (200, 200, 200) in colours and (255, 200, 0) not in colours


# 12 -- the tutorial has Back; a challenge's solution can be stepped through ---------------------------------


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
    assert tutorial.index == 0 and tutorial.board.record.moves == []


def test_a_challenge_solution_can_be_stepped_back_and_forth(player_factory) -> None:
    player = player_factory()
    player.click_button("scene:challenges")
    player.click(next(b for b in player.app.scene.group.buttons  # type: ignore[attr-defined]
                      if b.action.startswith("play:")).rect.center)
    challenge = player.app.scene
    assert isinstance(challenge, ChallengeScene)
    player.click_button("solution")
    line = challenge.solution_line()
    player.click_button("sol_next")
    assert challenge.solution_step == 1 and challenge.board.record.moves == list(line[:1])
    for _ in range(40):
        player.frame()
    assert challenge.solution_step == 1  # stepping stopped the automatic play-out
    player.click_button("sol_prev")
    assert challenge.solution_step == 0 and challenge.board.record.moves == []
    player.press(pygame.K_RIGHT)
    assert challenge.solution_step == 1


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
            player.app.ctx.toast("A message long enough to take two lines on the narrower screens, " * 2)
            rect, _ = player.app.ctx.toasts[-1].layout(player.app.ctx.size, player.app.ctx.text)
            group = getattr(player.app.scene, "group", None)
            buttons = group.buttons if group is not None else []
            covered = [b.label for b in buttons if rect.colliderect(b.rect)]
            assert not covered, f"{name} at {size}: the toast covers {covered}"
        pygame.quit()
