"""The computer's level as players choose it (``game.play.levels``): named by index, custom, per match, on a clock."""

from __future__ import annotations

import pytest

from game.ai import LEVELS
from game.play.levels import (
    CUSTOM_INDEX,
    clocked_level,
    custom_level,
    is_custom_name,
    level_for,
    level_named,
    parse_custom,
)
from game.play.match import MatchSetup


def test_a_named_level_is_clamped_to_the_ladder() -> None:
    assert [level_named(i) for i in range(len(LEVELS))] == list(LEVELS)
    assert level_named(-3) == LEVELS[0] and level_named(len(LEVELS) + 5) == LEVELS[-1]


def test_custom_specs_are_read_within_their_ranges_and_refused_outside() -> None:
    assert parse_custom("time:3") == ("time", 3.0) and parse_custom("depth:8") == ("depth", 8.0)
    for bad in ("time:0", "time:31", "depth:0", "depth:21", "depth:2.5", "speed:3", "time:", "", "time:nan"):
        with pytest.raises(ValueError, match="bad custom level"):
            parse_custom(bad)


def test_a_custom_level_is_full_strength_at_its_time_or_depth() -> None:
    timed, deep = custom_level("time:3"), custom_level("depth:8")
    assert (timed.index, timed.seconds, timed.temperature) == (CUSTOM_INDEX, 3.0, 0.0)
    assert (deep.depth, deep.seconds, deep.evaluation) == (8, None, LEVELS[-1].evaluation)
    assert is_custom_name(timed.name) and is_custom_name(deep.name)
    assert not any(is_custom_name(level.name) for level in LEVELS)


def test_a_match_plays_at_its_custom_level_else_its_named_one() -> None:
    assert level_for(MatchSetup(level=4)) == LEVELS[4]
    assert level_for(MatchSetup(level=4, custom="depth:6")) == custom_level("depth:6")


def test_a_clock_cuts_the_time_a_move_but_never_below_a_twentieth_of_a_second() -> None:
    master = LEVELS[-1]
    assert clocked_level(master, 3_600_000, 0, 60).seconds == master.seconds
    assert clocked_level(master, 100, 0, 60).seconds == 0.05
    assert clocked_level(custom_level("depth:12"), 10_000, 0, 20).depth == 12  # the depth limit stays
