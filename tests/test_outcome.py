"""A game's end, ``game.engine.Outcome``: its one derivation agrees with the rule texts (/work/shared/reference/rules/).

The texts disagree on the empty squares of a game that ends early: "those empty squares don't count
toward either player's total" (how-to-play.txt) against "the empty squares go to the winner [...] 61-3
to Black" (rules-illustrated.txt, the tournament rule). The outcome holds both; the tournament rule is
written once (``final_score``) and the AI's searches score a finished game with that same function.
A resignation and a loss on time are the game's own ends (the texts have no clocks): a loss whatever
the discs say, one disc in the statistics, ``:r`` and ``:t`` in GGF.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reference_othello import BLOCKED_WITH_TWO_EMPTY, DRAW_32_32, SHORTEST_WIPEOUT, RefBoard

from game.engine import BLACK, WHITE, Color, EndReason, GameRecord, Outcome, Position, final_score
from game.play.words import explanation_text, reason_text
from game.records.formats import ggf_result

BLOCKED_39_3 = "OOXXXXXXO--XXXXXX-XXXXXXXXXXXX--XXXXXX--XXXXX---XXX-----X------- X"
"""rules-illustrated.txt's example: Black 39, White 3, 22 squares empty, nobody can move."""
BLOCKED_DRAW_31_31 = "-XXXXXXXOOXXXXXXOOOXXXXXOXOOXXXXOOXOOXXXOOOXOOXXOOOOOOOXOOOOOOO- O"
"""An early finish with an even split (how-to-play.txt: "any even split on an early finish" is a draw)."""


def ended(text: str) -> Outcome:
    """The outcome by the rules of the position ``text``, which the rules have ended."""
    outcome = Outcome.of(Position.from_text(text))
    assert outcome is not None, "the game is not over"
    return outcome


def test_an_early_finish_is_39_3_on_the_board_and_61_3_with_the_empty_squares_to_the_winner() -> None:
    outcome = ended(BLOCKED_39_3)
    assert (outcome.reason, outcome.winner, outcome.by_rules, outcome.stopped) == (EndReason.BLOCKED, BLACK, True,
                                                                                    None)
    assert (outcome.black, outcome.white, outcome.empty) == (39, 3, 22)
    assert outcome.score_discs == "39-3"  # how-to-play.txt: only the discs placed count
    assert outcome.score_tournament == "61-3" and outcome.tournament_counts == (61, 3)  # rules-illustrated.txt
    assert outcome.rules_differ
    assert (outcome.margin(BLACK), outcome.margin(WHITE)) == (58, -58)
    assert reason_text(outcome.reason) == "Neither side can move."
    assert explanation_text(outcome) == "39-3 on the board; with the 22 empty squares to the winner, 61-3."
    assert ggf_result(outcome) == "+36.000"  # GGF's RE counts the discs on the board


def test_a_full_board_scores_the_same_under_both_rules() -> None:
    outcome = ended("X" * 33 + "O" * 31 + " O")  # official-rules.txt's "for example 33-31"
    assert (outcome.reason, outcome.winner) == (EndReason.BOARD_FULL, BLACK)
    assert outcome.score_discs == outcome.score_tournament == "33-31" and not outcome.rules_differ
    assert outcome.margin(WHITE) == -2 and explanation_text(outcome) == "Final score 33-31."


def test_equal_discs_are_a_draw_on_a_full_board_and_on_an_early_finish() -> None:
    full = GameRecord.from_transcript(DRAW_32_32).result
    assert full is not None and (full.reason, full.winner, full.draw) == (EndReason.BOARD_FULL, None, True)
    assert full.score_discs == full.score_tournament == "32-32" and full.margin(BLACK) == full.margin(WHITE) == 0
    early = ended(BLOCKED_DRAW_31_31)
    assert (early.reason, early.winner, early.empty) == (EndReason.BLOCKED, None, 2)
    assert (early.score_discs, early.score_tournament) == ("31-31", "32-32")  # a draw splits the empty squares
    assert early.margin(WHITE) == 0 and ggf_result(early) == "+0.000"
    assert explanation_text(early) == "31-31 on the board; the 2 empty squares are split: 32-32."


def test_a_wipeout_ends_the_game_at_once_and_the_winner_takes_every_empty_square() -> None:
    outcome = GameRecord.from_transcript(SHORTEST_WIPEOUT).result
    assert outcome is not None and (outcome.reason, outcome.winner) == (EndReason.WIPEOUT, BLACK)
    assert (outcome.score_discs, outcome.score_tournament, outcome.margin(BLACK)) == ("13-0", "64-0", 64)


def test_white_wins_a_real_game_blocked_with_two_empty_squares() -> None:
    outcome = GameRecord.from_transcript(BLOCKED_WITH_TWO_EMPTY).result
    assert outcome is not None and (outcome.reason, outcome.winner) == (EndReason.BLOCKED, WHITE)
    assert (outcome.score_discs, outcome.score_tournament, outcome.margin(WHITE)) == ("29-33", "29-35", 6)


@pytest.mark.parametrize(("end", "reason", "written"), [(Outcome.resignation, EndReason.RESIGNATION, "+64.000:r"),
                                                        (Outcome.time, EndReason.TIME, "+64.000:t")])
def test_a_resignation_or_a_loss_on_time_is_a_loss_whatever_the_discs_say(
        end: Callable[[Position, Color], Outcome], reason: EndReason, written: str) -> None:
    position = GameRecord.from_transcript("f5d6c3d3c4f4f6f3e6e7").position  # White leads on the board
    assert position.white_count > position.black_count and not position.is_over()
    outcome = end(position, WHITE)
    assert (outcome.reason, outcome.winner, outcome.stopped, outcome.by_rules) == (reason, BLACK, WHITE, False)
    assert outcome.reason is not EndReason.BLOCKED  # the reason is the player's, not the board's
    assert (outcome.margin(BLACK), outcome.margin(WHITE)) == (1, -1)  # one disc in the statistics
    assert outcome.score_discs == f"{position.black_count}-{position.white_count}"  # the discs when play stopped
    assert ggf_result(outcome) == written
    assert ggf_result(end(position, BLACK)) == written.replace("+", "-")


def test_a_game_in_progress_has_no_outcome_and_its_ggf_result_is_unknown() -> None:
    record = GameRecord.from_transcript("f5d6")
    assert Outcome.of(record.position) is None and record.result is None and ggf_result(record.result) == "?"


@settings(max_examples=300, deadline=None)
@given(choices=st.lists(st.integers(min_value=0, max_value=2**16), min_size=60, max_size=60))
def test_the_outcome_the_ai_and_the_longhand_count_score_every_finished_game_alike(choices: list[int]) -> None:
    record = GameRecord()
    for choice in choices:  # a random game to its end (forced passes are the record's)
        if record.is_over():
            break
        legal = record.position.legal_squares()
        record.play(legal[choice % len(legal)])
    position = record.position
    outcome = record.result
    assert outcome is not None and outcome == Outcome.of(position)
    expected = RefBoard.from_text(position.to_text()).result()  # the rule texts, longhand
    assert (outcome.black, outcome.white, outcome.empty) == (expected.black, expected.white, expected.empty)
    assert (outcome.winner or "draw", str(outcome.reason)) == (expected.winner, expected.reason)
    assert outcome.tournament_counts == (expected.tournament_black, expected.tournament_white)
    assert final_score(position.player, position.opponent) == outcome.margin(position.to_move)
    assert outcome.margin(BLACK) == expected.tournament_black - expected.tournament_white
