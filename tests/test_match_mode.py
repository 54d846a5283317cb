"""Who plays is a ``Mode`` (a ``str`` enum): saved games of older versions load, and what is written is
the same JSON as before."""

from __future__ import annotations

import json

import pytest

from game.engine import BLACK, WHITE
from game.play.match import MatchSetup, Mode, SavedGame

OLD_SAVE = ('{"version": 1, "setup": {"mode": "two", "human": "O", "level": 8, "level_name": "Casual", "start": null, '
            '"given": 0, "custom": null, "clock": 300, "increment": 3}, "moves": "f5d6c3d3", "played": 3, '
            '"clocks": [281000, 290500]}')
"""A two-player game with clocks as the game saved it before modes were a type (the last move undone)."""
OLD_COMPUTER_SETUP = {"mode": "computer", "human": "X", "level": 1, "start": None, "given": 0}
"""A match against the computer from a version without clocks or custom levels."""


def test_an_old_save_loads_with_its_mode_and_is_written_back_the_same() -> None:
    saved = SavedGame.from_json(json.loads(OLD_SAVE))
    assert saved.setup.mode is Mode.TWO and saved.setup.human == WHITE and not saved.setup.is_computer(BLACK)
    assert saved.record.transcript == "f5d6c3" and saved.clocks == (281000, 290500)
    assert json.loads(json.dumps(saved.to_json())) == json.loads(OLD_SAVE)


def test_an_old_setup_against_the_computer_loads_and_round_trips() -> None:
    setup = MatchSetup.from_json(OLD_COMPUTER_SETUP)
    assert setup.mode is Mode.COMPUTER and setup.is_computer(WHITE) and not setup.is_computer(BLACK)
    written = json.loads(json.dumps(setup.to_json()))
    assert written["mode"] == "computer" and type(written["mode"]) is str
    assert MatchSetup.from_json(written) == setup


def test_a_mode_given_as_its_word_is_the_mode_and_an_unknown_one_is_refused() -> None:
    assert MatchSetup("two").mode is Mode.TWO and MatchSetup().mode is Mode.COMPUTER
    with pytest.raises(ValueError, match="unknown mode"):
        MatchSetup.from_json({**OLD_COMPUTER_SETUP, "mode": "three"})
    with pytest.raises(ValueError, match="unknown mode"):
        MatchSetup.from_json({**OLD_COMPUTER_SETUP, "mode": ["two"]})
