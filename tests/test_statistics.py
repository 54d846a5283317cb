"""The statistics: what counts (only games from the standard start), resetting them, and the rating they carry."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from game.ai.levels import LEVELS
from game.engine import BLACK, WHITE
from game.platform.storage import FileStorage
from game.play.levels import level_title
from game.play.rating import PlayerRating, my_level
from game.play.stats import Stats, Tally
from game.play.store import PlayerStore
from game.scenes.entries import StatsEntry
from game.ui.layout import PHONE
from tests.app_driver import Player, finish, start_two_player_game
from tests.test_transcripts import ONE_FROM_WIPEOUT, WIPEOUT_POSITION, open_transcript


def test_a_win_from_a_pasted_game_or_position_counts_nothing_even_on_rematch(player_factory) -> None:
    player = player_factory()
    for typed in (ONE_FROM_WIPEOUT, WIPEOUT_POSITION):
        open_transcript(player, typed)
        player.click_button("computer")
        player.click_button("start")  # New game: the level and the colour, then play on
        game = player.game
        assert game.setup.human == BLACK and not game.setup.counts
        assert "Practice" in game.status_text()
        player.click_square("f4")
        results = finish(player)
        assert results.record.result is not None and results.summary().headline == "You win!"
        assert player.app.ctx.stats.totals().played == 0 and player.app.ctx.stats.rating == PlayerRating()
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


def resign_a_game(player: Player) -> None:
    """From the menu: a new game at the level chosen, resigned at once."""
    player.click_button("scene:new_game")
    player.click_button("start")
    player.click_button("resign")
    player.click_button("confirm")
    player.click_button("menu")


def shown(player: Player) -> str:
    """Every text the screen draws in one frame."""
    return " ".join(t.shown for t in player.recorded_frame().texts)


def test_a_counted_game_moves_the_rating_the_statistics_show_it_and_play_at_my_level_plays_even(
        player_factory) -> None:
    player = player_factory()
    resign_a_game(player)  # at the default level, a named one
    stats = player.app.ctx.stats
    assert stats.rating.games == 1 and stats.rating.rating < PlayerRating().rating
    player.click_button("scene:stats")
    words = shown(player)
    assert stats.rating.label in words and "1 rated game" in words and "custom levels" in words
    for level in LEVELS:
        assert level.name in words and str(level.rating) in words
    found = my_level(stats.rating)
    assert found is not None
    mine = found[0]
    assert f"about an even game: {level_title(mine.name)} ({mine.rating})" in words
    player.click_button("my_level")  # the new game screen, with my level chosen
    assert player.app.scene_name == "new_game" and player.app.ctx.settings.level == mine.index
    chosen = [b for b in player.app.scene.group.buttons if b.selected and b.action.startswith("level:")]  # type: ignore[attr-defined]
    assert [b.action for b in chosen] == [f"level:{mine.index}"]
    assert chosen[0].subtitle == f"{mine.index + 1} · rated {mine.rating}"
    player.click_button(f"level:{LEVELS[-1].index}")  # choose another, then let the button choose again
    assert f"Your rating {stats.rating.label}" in shown(player)
    player.click_button("my_level")
    assert player.app.scene_name == "game" and player.game.match.level.name == mine.name
    assert player.app.ctx.settings.level == mine.index and player.app.ctx.settings.custom is None


def test_games_at_a_custom_level_count_in_the_tallies_but_not_in_the_rating(player_factory) -> None:
    player = player_factory()
    player.click_button("scene:new_game")
    player.click_button("custom:depth:4")
    assert "Custom levels are unrated" in shown(player)
    player.click_button("start")
    human = player.game.setup.human
    player.click_button("resign")
    player.click_button("confirm")
    stats = player.app.ctx.stats
    assert stats.tally("Custom (depth 4)", human).lost == 1 and stats.rating == PlayerRating()


def resign_to_the_results(player: Player) -> str:
    """Resign the game on screen: every text the results card then shows."""
    player.click_button("resign")
    player.click_button("confirm")
    assert player.app.scene_name == "results"
    return shown(player)


def test_the_results_of_a_rated_game_show_the_change_and_the_new_rating_and_unrated_ones_none(
        player_factory) -> None:
    player = player_factory()
    player.click_button("scene:new_game")
    player.click_button("start")  # the default level: a named, rated one
    words = resign_to_the_results(player)
    rating = player.app.ctx.stats.rating
    fall = round(rating.rating) - 1200
    assert fall < 0 and f"Rating \u2212{-fall} → {rating.rating:.0f}" in words, words
    assert f"± {rating.deviation:.0f} after 1 rated game: provisional" in words
    player.click_button("rematch")  # a second loss: the card shows this game's change, from the first's rating
    words = resign_to_the_results(player)
    second = player.app.ctx.stats.rating
    assert f"Rating \u2212{round(rating.rating) - round(second.rating)} → {second.rating:.0f}" in words, words
    assert second.deviation <= rating.deviation and "after 2 rated games" in words
    player.click_button("menu")
    player.click_button("scene:new_game")
    player.click_button("custom:depth:4")
    player.click_button("start")
    assert "Rating" not in resign_to_the_results(player) and player.app.ctx.stats.rating == second
    player.click_button("menu")
    start_two_player_game(player)
    assert "Rating" not in resign_to_the_results(player)


def test_an_unreadable_rating_is_set_aside_with_a_message_and_the_results_stay(player_factory,
                                                                               tmp_path: Path) -> None:
    kept = Stats(vs_computer={f"{LEVELS[0].name}:X": Tally(7, 2, 1, 20)}, two_player_games=4).to_json()
    (tmp_path / "stats.json").write_text(json.dumps(kept | {"rating": {"rating": "lots"}}), encoding="utf-8")
    player = player_factory(FileStorage(tmp_path))
    player.app.scene.open(StatsEntry())
    player.frame()
    notices = [t.message for t in player.app.ctx.toasts if t.error and "rating could not be read" in t.message]
    assert len(notices) == 1 and "results are kept" in notices[0], notices
    stats = player.app.ctx.stats
    assert stats.tally(LEVELS[0].name, BLACK) == Tally(7, 2, 1, 20) and stats.rating == PlayerRating()
    assert "7 won, 2 lost, 1 drawn" in shown(player)
    player.click_button("back")
    resign_a_game(player)  # the next save keeps the unreadable section with the statistics
    stored = json.loads((tmp_path / "stats.json").read_text(encoding="utf-8"))
    assert stored["rating_set_aside"] == [{"rating": "lots"}] and stored["rating"]["games"] == 1
    assert stored["vs_computer"][f"{LEVELS[0].name}:X"]["won"] == 7
    player.click_button("scene:stats")
    assert [t.message for t in player.app.ctx.toasts].count(notices[0]) <= 1  # said once, not again on each visit
    assert stats.take_notice() is None


def test_an_unreadable_rating_is_reported_once_when_the_game_starts(player_factory, tmp_path: Path) -> None:
    kept = Stats(two_player_games=4).to_json()
    (tmp_path / "stats.json").write_text(json.dumps(kept | {"rating": [1, 2, 3]}), encoding="utf-8")
    player = player_factory(FileStorage(tmp_path))
    assert any("rating could not be read" in t.message for t in player.app.ctx.toasts if t.error)
    player.click_button("scene:new_game")
    assert player.app.ctx.stats.two_player_games == 4
    player.click_button("back")
    player.click_button("scene:stats")  # said once: not again here
    assert sum("rating could not be read" in t.message for t in player.app.ctx.toasts) == 1
    assert player.app.ctx.stats.notice is None


# -- issue 46, items 1-2: numbers no game can have ---------------------------------------------------------

STRANGE_NUMBERS = ["NaN", "Infinity", "-Infinity", "1e400", "9" * 401, "9" * 5001]


@pytest.mark.parametrize("number", STRANGE_NUMBERS, ids=["nan", "inf", "-inf", "1e400", "401-digits", "5001-digits"])
@pytest.mark.parametrize("field", ["rating", "deviation"])
def test_a_rating_that_is_no_number_is_set_aside_alone_and_the_results_stay(tmp_path: Path, number: str,
                                                                             field: str) -> None:
    results = Stats(vs_computer={f"{LEVELS[0].name}:X": Tally(7, 2, 1, 20)}, two_player_games=4).to_json()
    rating = {"version": 2, "rating": 1500.0, "deviation": 200.0, "games": 0, "history": []}
    text = json.dumps(results | {"rating": rating}).replace(f'"{field}": {rating[field]}', f'"{field}": {number}')
    assert number in text
    (tmp_path / "stats.json").write_text(text, encoding="utf-8")
    store = PlayerStore(FileStorage(tmp_path))
    stats = store.stats
    messages = store.take_messages()
    assert len(messages) == 1 and "rating could not be read" in messages[0] and "results are kept" in messages[0]
    assert stats.tally(LEVELS[0].name, BLACK) == Tally(7, 2, 1, 20) and stats.two_player_games == 4
    assert stats.rating == PlayerRating() and not list(tmp_path.glob("stats.corrupt-*"))
    store.save_stats()  # the unreadable rating is kept with the results, its number as text
    stored = json.loads((tmp_path / "stats.json").read_text(encoding="utf-8"))
    assert stored["rating_set_aside"][0][field].startswith(number[:40])
    again = PlayerStore(FileStorage(tmp_path))
    assert again.stats.tally(LEVELS[0].name, BLACK) == Tally(7, 2, 1, 20) and again.take_messages() == []


def test_a_count_no_player_could_reach_is_set_aside_alone_and_the_other_results_stay(
        player_factory, tmp_path: Path) -> None:
    level, other = LEVELS[0].name, LEVELS[1].name
    results = Stats(vs_computer={f"{level}:X": Tally(7, 2, 1, 20), f"{other}:O": Tally(3, 0, 0, 8)},
                    two_player_games=5).to_json()
    text = json.dumps(results).replace('"won": 7', '"won": ' + "9" * 4300).replace('"lost": 2', '"lost": ' + "9" * 4300)
    text = text.replace('"two_player_games": 5', '"two_player_games": 1e400')
    (tmp_path / "stats.json").write_text(text, encoding="utf-8")
    player = player_factory(FileStorage(tmp_path))
    player.app.scene.open(StatsEntry())
    player.frame()  # the Statistics screen formats every figure it has: no crash
    told = [t.message for t in player.app.ctx.toasts if t.error]
    assert len(told) == 1 and "Some results could not be read" in told[0], told
    stats = player.app.ctx.stats
    assert stats.tally(other, WHITE) == Tally(3, 0, 0, 8) and stats.tally(level, BLACK) == Tally()
    assert stats.two_player_games == 0 and not list(tmp_path.glob("stats.corrupt-*"))
    player.click_button("back")
    resign_a_game(player)  # the next save keeps what was set aside, as it was found
    stored = json.loads((tmp_path / "stats.json").read_text(encoding="utf-8"))
    assert stored["tallies_set_aside"][f"{level}:X"]["won"].startswith("9" * 40)  # its first digits, as text
    assert stored["tallies_set_aside"]["two_player_games"] == "1e400"
    assert stored["vs_computer"][f"{other}:O"]["won"] == 3
    again = PlayerStore(FileStorage(tmp_path))
    assert again.stats.tally(other, WHITE) == Tally(3, 0, 0, 8) and again.take_messages() == []


@pytest.mark.parametrize("entry", [{"won": -1}, {"won": 10**9 + 1}, {"best": 65}, {"won": True}, [1, 2], "lots"])
def test_each_kind_of_impossible_tally_costs_only_that_tally(entry: object) -> None:
    data = Stats(vs_computer={"Novice:X": Tally(1, 0, 0, 4)}).to_json()
    data["vs_computer"]["Expert:O"] = entry
    stats = Stats.from_json(data)
    assert stats.vs_computer == {"Novice:X": Tally(1, 0, 0, 4)} and stats.tallies_set_aside == {"Expert:O": entry}
    assert stats.take_notice() is not None and Stats.from_json(stats.to_json()).take_notice() is None


def test_the_phone_shows_one_colours_tallies_chosen_by_touch_or_by_keys(player_factory) -> None:
    """Upright on a phone the table has room for one colour's tallies: a pair of choices above it picks which."""
    player = player_factory(window_size=PHONE)
    stats = player.app.ctx.stats
    stats.vs_computer[stats.key(LEVELS[0].name, "X")] = Tally(3, 1, 0, 12)
    stats.vs_computer[stats.key(LEVELS[0].name, "O")] = Tally(2, 0, 5, 20)
    player.app.scene.open(StatsEntry())
    player.frame()
    cells = {t.shown for t in player.recorded_frame().texts}
    assert "3–1–0" in cells and "2–0–5" not in cells and "As Black (W–L–D)" in cells
    assert "+20" in cells  # the level's best win, whichever colour it was won with
    assert all(player.button(action).height >= 44 for action in ("tallies:black", "tallies:white"))
    player.press(pygame.K_UP)  # from Back (the focus the screen opens with) up to the choices, to White's
    player.press(pygame.K_RIGHT)
    player.press(pygame.K_RETURN)
    cells = {t.shown for t in player.recorded_frame().texts}
    assert "2–0–5" in cells and "3–1–0" not in cells and "As White (W–L–D)" in cells
    assert [b.action for b in player.app.scene.group.buttons if b.selected] == ["tallies:white"]  # type: ignore[attr-defined]
    player.click_button("tallies:black")
    cells = {t.shown for t in player.recorded_frame().texts}
    assert "3–1–0" in cells and "2–0–5" not in cells
    player.press(pygame.K_ESCAPE)
    assert player.app.scene_name == "menu"
