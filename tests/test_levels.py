"""The computer's level as players choose it (``game.play.levels``): named by index, custom, per match, on a clock."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.ai import CUSTOM_INDEX, DEFAULT_LEVEL, DISC, LEVELS, CustomSpec, Level, custom_level, engine_for, think
from game.ai.search_limits import TimePlan, plan
from game.engine import BLACK, WHITE, GameRecord, Position
from game.platform.storage import FileStorage
from game.play.level_compat import FIRST_LADDER, SECOND_LADDER, stored_level_index
from game.play.levels import is_custom_name, level_for, level_named
from game.play.match import MatchSetup
from tests.app_driver import Player


def level_by_name(name: str):  # noqa: ANN201 - a Level
    return next(level for level in LEVELS if level.name == name)


def test_a_named_level_is_clamped_to_the_ladder() -> None:
    assert [level_named(i) for i in range(len(LEVELS))] == list(LEVELS)
    assert level_named(-3) == LEVELS[0] and level_named(len(LEVELS) + 5) == LEVELS[-1]


def test_custom_specs_are_read_within_their_ranges_and_refused_outside() -> None:
    assert CustomSpec.parse("time:3") == CustomSpec("time", 3.0)
    assert CustomSpec.parse("depth:8") == CustomSpec("depth", 8)
    for bad in ("time:0", "time:31", "depth:0", "depth:21", "depth:2.5", "speed:3", "time:", "", "time:nan"):
        with pytest.raises(ValueError, match="bad custom level"):
            CustomSpec.parse(bad)


def test_custom_level_specs_are_checked() -> None:
    timed = custom_level("time:2").limits
    assert timed.seconds == 2.0 and timed.depth is not None and timed.depth > 20
    for bad in ("time:0", "time:99", "depth:0", "depth:2.5", "speed:3", "depth:x"):
        with pytest.raises(ValueError):
            custom_level(bad)
    with pytest.raises(ValueError):
        MatchSetup.from_json({**MatchSetup("computer", BLACK, 1).to_json(), "custom": "depth:99"})
    setup = MatchSetup("computer", BLACK, 1, custom="time:3")
    assert MatchSetup.from_json(setup.to_json()) == setup


def test_a_custom_level_is_full_strength_at_its_time_or_depth() -> None:
    timed, deep = custom_level("time:3"), custom_level("depth:8")
    assert (timed.index, timed.limits.seconds, timed.temperature) == (CUSTOM_INDEX, 3.0, 0.0)
    assert (deep.limits.depth, deep.limits.seconds, deep.evaluation) == (8, None, LEVELS[-1].evaluation)
    assert is_custom_name(timed.name) and is_custom_name(deep.name)
    assert not any(is_custom_name(level.name) for level in LEVELS)


def test_a_match_plays_at_its_custom_level_else_its_named_one() -> None:
    assert level_for(MatchSetup(level=4)) == LEVELS[4]
    assert level_for(MatchSetup(level=4, custom="depth:6")) == custom_level("depth:6")


def on_clock(level: Level, clock_ms: int, increment: int, empties: int) -> TimePlan:
    """The plan of ``level``'s move on a clock (as a match's ``EngineOpponent`` asks ``think`` for it)."""
    return plan(level.limits.on_clock(clock_ms / 1000, increment), empties)


def test_a_clock_cuts_the_time_a_move_but_never_below_a_twentieth_of_a_second() -> None:
    master = LEVELS[-1]
    assert on_clock(master, 3_600_000, 0, 60).seconds == master.limits.seconds
    assert on_clock(master, 100, 0, 60).seconds == 0.05
    assert on_clock(custom_level("depth:12"), 10_000, 0, 20).seconds is not None  # a fixed depth is timed too


def test_with_a_clock_the_computer_thinks_within_what_its_clock_affords() -> None:
    master = level_by_name("Master")
    assert on_clock(master, 600_000, 0, 56).seconds == master.limits.seconds  # ten minutes: its own pace
    short = on_clock(master, 30_000, 0, 56).seconds
    own = master.limits.seconds
    assert short is not None and own is not None and short < own and short * 32 <= 30.0  # spread over the moves to come
    deep = on_clock(custom_level("depth:12"), 20_000, 3, 20).seconds
    assert deep is not None and 2.4 < deep < 20 / 14 + 2.5  # a fixed depth gets a time limit too, plus the increment


# -- a custom level in play ---------------------------------------------------------------------


def test_a_custom_level_by_depth_plays_and_is_counted_under_its_name(player_factory) -> None:
    player = player_factory()
    player.click_button("scene:new_game")
    player.click_button("colour:white")
    player.click_button("custom:depth:4")
    player.click_button("start")
    game = player.game
    assert game.setup.custom == "depth:4" and game.level.name == "Custom (depth 4)" and game.level.limits.depth == 4
    player.run_until(player.my_turn, frames=600)  # the computer (Black) moved
    assert len(game.record.moves) == 1
    player.click_button("resign")
    player.click_button("confirm")
    assert player.app.ctx.stats.tally("Custom (depth 4)", WHITE).lost == 1


def test_a_custom_level_survives_a_restart_in_the_settings_and_the_saved_game(tmp_path: Path) -> None:
    player = Player(FileStorage(tmp_path))
    player.click_button("scene:new_game")
    player.click_button("custom:depth:4")
    player.click_button("colour:black")
    player.click_button("start")
    player.click_square("f5")
    player.run_until(lambda: player.my_turn())
    assert player.game.level.name == "Custom (depth 4)"
    pygame.quit()

    again = Player(FileStorage(tmp_path))  # a restart: settings and the autosave read back from files
    assert again.app.ctx.settings.custom == "depth:4"
    again.click_button("continue")
    assert again.game.level.name == "Custom (depth 4)" and len(again.game.record.moves) == 2
    again.press(pygame.K_ESCAPE)
    again.click_button("scene:new_game")
    again.click_button("confirm")  # the game in progress may go
    selected = [b.action for b in again.app.scene.group.buttons if b.selected]  # type: ignore[attr-defined]
    assert "custom:depth:4" in selected and not any(a.startswith("level:") for a in selected)
    again.click_button("level:2")  # a named level again: the custom one is forgotten
    assert again.app.ctx.settings.custom is None and again.app.ctx.settings.level == 2
    pygame.quit()


# -- issue 21, item 10: one second, not "1 seconds" -------------------------------------------------


def test_a_custom_level_of_one_second_says_second(player_factory) -> None:
    assert custom_level("time:2.5").description == "Searches 2.5 seconds a move"
    player = player_factory()
    player.click_button("scene:new_game")
    player.click_button("custom:time:1")
    shown = [t.text for t in player.recorded_frame().texts]
    assert "Searches 1 second a move" in shown, shown


# -- every start against the computer plays at the level chosen last ---------------------------------


def test_a_game_from_the_editor_or_a_transcript_plays_at_the_custom_level_chosen_last(player_factory) -> None:
    from game.engine import Position
    from game.platform.storage import MemoryStorage
    from game.play.match import against_the_computer
    from game.scenes.entries import EditorEntry, TranscriptEntry

    assert against_the_computer("X", None, None).level == DEFAULT_LEVEL  # never chosen: the AI's default
    assert against_the_computer("X", 99, None).level == DEFAULT_LEVEL  # a level that no longer exists
    for entry, action in ((EditorEntry(Position.start()), "computer"),
                          (TranscriptEntry(GameRecord.from_transcript("f5d6")), "computer")):
        player = player_factory(MemoryStorage())  # no game in progress to ask about
        player.app.ctx.settings.level, player.app.ctx.settings.custom = 1, "time:1"
        player.app.scene.open(entry)
        player.frame()
        player.click_button(action)
        player.click_button("start")  # both ask the level and the colour first, the custom one chosen
        assert player.app.scene_name == "game"
        assert player.game.setup.custom == "time:1" and player.game.match.level.name == "Custom (1 s a move)"


# -- issue 23: a ladder without cliffs -----------------------------------------------------------------

MAX_STEP = 200
"""The most Elo between neighbouring levels the ladder aims at (``docs/strength.md``)."""


def test_the_ladder_is_ordered_by_rating_and_every_level_is_rated() -> None:
    ratings = [level.rating for level in LEVELS]
    assert all(r is not None for r in ratings)
    assert ratings == sorted(ratings) and len(set(ratings)) == len(ratings)
    assert [level.index for level in LEVELS] == list(range(len(LEVELS)))
    assert LEVELS[0].rating == 800


def steps() -> dict[str, int]:
    return {f"{low.name}-{high.name}": (high.rating or 0) - (low.rating or 0) for low, high in
            zip(LEVELS, LEVELS[1:], strict=False)}


def test_no_step_is_a_cliff_like_the_old_ladders() -> None:
    assert max(steps().values()) < 350, steps()  # the second ladder had two of +585


def test_every_step_between_neighbouring_levels_is_at_most_200_elo() -> None:
    assert max(steps().values()) <= MAX_STEP, steps()


def test_the_seven_names_of_the_ladder_before_stay_in_their_order() -> None:
    names = [level.name for level in LEVELS]
    assert [n for n in names if n in SECOND_LADDER] == list(SECOND_LADDER)
    assert LEVELS[DEFAULT_LEVEL].name == "Beginner"


def test_a_stored_index_without_a_name_is_read_by_the_ladder_of_its_time() -> None:
    for index, name in enumerate(FIRST_LADDER):
        assert LEVELS[stored_level_index(index) or 0].name == name
    for index, name in enumerate(SECOND_LADDER):
        assert LEVELS[stored_level_index(index, ladder=SECOND_LADDER) or 0].name == name
    assert stored_level_index(2, "Improver") == 2  # a name of the ladder of fourteen wins over the index
    assert stored_level_index(99) is None and stored_level_index(True) is None and stored_level_index("3") is None


@pytest.mark.parametrize("level", LEVELS, ids=lambda level: level.name)
def test_every_level_plays_a_legal_move_from_the_start_quickly(level) -> None:  # noqa: ANN001 - a Level
    position = GameRecord.from_transcript("f5d6c3d3c4").position  # out of every book line's first move
    budget = 3000 if level.temperature == 0 else None  # the noisy levels are bounded by their depth
    job = think(position, level, seed=1, node_budget=budget)
    assert job.run() in position.legal_squares()
    assert think(Position.start(), level, seed=1, node_budget=budget).run() in Position.start().legal_squares()


@pytest.mark.parametrize("level", [lv for lv in LEVELS if lv.temperature == 0], ids=lambda level: level.name)
def test_a_level_without_temperature_plays_the_same_move_out_of_the_book(level) -> None:  # noqa: ANN001
    position = GameRecord.from_transcript("f5f6e6f4g5e7f7h5e3d3").position
    moves = {think(position, level, seed=seed, node_budget=3000).run() for seed in range(3)}
    assert len(moves) == 1


@pytest.mark.parametrize("level", [lv for lv in LEVELS if lv.temperature > 0], ids=lambda level: level.name)
def test_a_noisy_level_varies_its_choice_and_rarely_gives_a_corner_away(level) -> None:  # noqa: ANN001
    """Its seed decides its choice (replayable), different seeds vary it, and a move far worse than the best is rare."""
    # several sensible replies (c5, d6, d7 within 4 discs at depth 4) and one far worse (d2); after f5d6c3d3c4f4
    # the evaluation of issue 36 finds f6 clearly best at depth 5 (2.7 discs), so Contender (then 0.8 discs)
    # always played it
    position = GameRecord.from_transcript("f5f6e6f4e3").position
    assert think(position, level, seed=7).run() == think(position, level, seed=7).run()
    chosen = [think(position, level, seed=seed).run() for seed in range(24)]
    assert len(set(chosen)) > 1  # not one fixed reply: no visible pattern
    values = engine_for(LEVELS[-1]).search.root_values(position.player, position.opponent, 4)
    judged: dict[int, int] = {}
    try:
        while True:
            next(values)
    except StopIteration as done:
        judged = done.value
    best = max(judged.values())
    blunders = [sq for sq in chosen if best - judged[sq] > 12 * DISC]  # a corner or more given away
    assert len(blunders) <= len(chosen) // 3, (level.name, blunders)
